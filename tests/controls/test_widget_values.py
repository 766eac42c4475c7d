"""Property tests for the state of the controls: whatever is set, nothing breaks.

MatrixEditor, WeightSliders, Check and MapPicker; the rules, the strategies and the checks are in `harness.any_values`.
"""

import html
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.any_values import (
    CELL_TEXT,
    INDEX_ARG,
    NON_FINITE,
    NUMBER,
    SETTINGS,
    SMALL,
    WRONG_MATRIX,
    WRONG_SCALAR,
    assert_matrix,
    check_sliders,
    matrices,
    notifications,
    refused_or_done,
    same_bits,
)
from harness.shown import classes, controls, part
from widgets import (
    Check,
    MapPicker,
    MatrixEditor,
    WeightSliders,
    format_number,
    parse_number,
    softmax_rows,
)
from widgets.controls.map_picker import FREE
from widgets.controls.matrix_editor import ERROR_BACKGROUND
from widgets.core.maps_gallery import GALLERY
from widgets.core.parsing import parse_shape

# Overflow in products of huge entries is expected; the widgets report it.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


# -- MatrixEditor -----------------------------------------------------------------

RESIZE_ARG = st.one_of(
    st.integers(-2, 6),
    st.sampled_from([None, "2", 2.0, 2.5, True, 10**30, -(10**30), np.int64(3), [2]]),
)
EDITOR_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("value"), st.one_of(matrices(5, 5), WRONG_MATRIX)),
        st.tuples(st.just("resize"), RESIZE_ARG, RESIZE_ARG),
        st.tuples(st.just("type"), st.integers(0, 5), st.integers(0, 5), CELL_TEXT),
        st.tuples(st.just("pick"), st.sampled_from(["_rows_picker", "_cols_picker"]),
                  st.integers(1, 4)),
        st.tuples(st.just("read_only"), st.one_of(st.booleans(), WRONG_SCALAR)),
        st.tuples(st.just("highlight"), st.sampled_from(["highlight_row", "highlight_col"]),
                  INDEX_ARG),
        st.tuples(st.just("name"), st.one_of(
            st.text(min_size=2, max_size=6).filter(lambda t: len(f"x{t}x".splitlines()) == 1),
            st.sampled_from(["W_Q", "<b>&</b>", "名前"]), WRONG_SCALAR)),
    ),
    max_size=12,
)


def check_editor(ed, bounds):
    value = ed.value
    assert_matrix(value)
    low, high = bounds
    assert low[0] <= value.shape[0] <= high[0] and low[1] <= value.shape[1] <= high[1]
    rows, cols = value.shape
    assert len(ed.cells) == rows and all(len(row) == cols for row in ed.cells)
    assert list(ed._grid.children) == [c for row in ed.cells for c in row]
    red = []
    for i, row in enumerate(ed.cells):
        for j, cell in enumerate(row):
            assert cell.disabled == ed.read_only
            if ed.background(i, j) == ERROR_BACKGROUND:
                assert f".mx-r{i}.mx-c{j} input.widget-input {{background-color: {ERROR_BACKGROUND}}}" in ed._title.value
                red.append((i, j))
                with pytest.raises(ValueError):
                    parse_number(cell.value)
            else:
                assert cell.value == format_number(value[i, j])
                # 3 decimals, or 3 significant digits in scientific notation
                assert parse_number(cell.value) == pytest.approx(value[i, j], rel=5.1e-3,
                                                                 abs=5.1e-4)
                tinted = i == ed.highlight_row or j == ed.highlight_col
                assert f".mx-r{i}.mx-c{j} input.widget-input {{background-color: {ERROR_BACKGROUND}}}" not in ed._title.value
                assert (ed.background(i, j) is not None) == tinted
                assert {f"mx-r{i}", f"mx-c{j}"} <= set(classes(cell))
    lines = ed.error.split("\n") if ed.error else []
    assert len(lines) == len(red)
    for (i, j), line in zip(red, lines):
        assert line.startswith(f"{ed.name}[{i + 1},{j + 1}]: ")
        assert "is not a number" in line
    assert bool(ed._error_html.value) == bool(red)
    assert html.escape(ed.name) in ed._title.value
    assert f"({rows}×{cols})" in ed._title.value
    if "rows" in controls(ed):  # resizable
        rows_picker, cols_picker = controls(ed)["rows"], controls(ed)["columns"]
        assert (rows_picker.value, cols_picker.value) == (rows, cols)
        assert rows_picker.disabled == cols_picker.disabled == ed.read_only


@settings(max_examples=70, **SETTINGS)
@given(start=matrices(4, 4, SMALL), ops=EDITOR_OPS)
@example(start=[[1.0]], ops=[("value", [[10**400]])])  # OverflowError escaped
@example(start=[[1.0]], ops=[("resize", 10**30, 1)])  # numpy's allocation error escaped
@example(start=[[1.0]], ops=[("type", 0, 0, "1" * 5000 + "/3")])  # message did not quote the text
@example(start=[[0.0]], ops=[("type", 0, 0, "x"), ("value", [[0.0]])])  # the same matrix kept 'x'
@example(start=[[0.0]], ops=[("name", ""), ("resize", 1, 5)])  # " must be between ..."
def test_matrix_editor_any_set_or_typing(start, ops):
    bounds = ((1, 1), (4, 4))
    ed = MatrixEditor(start, name="Wq", resizable=True, max_shape=(4, 4))
    values = []
    ed.observe(values.append, names="value")
    for op in ops:
        before, seen = ed.value, len(values)
        names = (ed.name, "value", "the matrix")  # (name "" says "the matrix")
        if op[0] == "value":
            if refused_or_done(lambda: setattr(ed, "value", op[1]), *names):
                assert same_bits(ed.value, np.array(op[1], dtype=float) + 0.0)  # no -0.0 kept
                assert ed.error == ""
            else:
                assert ed.value is before and len(values) == seen
        elif op[0] == "resize":
            rows, cols = op[1], op[2]
            if refused_or_done(lambda: ed.resize(rows, cols), *names, "shape"):
                assert ed.shape == (rows, cols)
                r, c = min(rows, before.shape[0]), min(cols, before.shape[1])
                assert same_bits(ed.value[:r, :c], before[:r, :c])
                assert not ed.value[r:, :].any() and not ed.value[:, c:].any()
            else:
                assert ed.value is before and len(values) == seen
        elif op[0] == "type":  # the browser: never raises
            i, j, text = op[1] % ed.shape[0], op[2] % ed.shape[1], op[3]
            ed.cells[i][j].set_state({"value": text})
            try:
                x = parse_number(text)
            except ValueError:
                assert ed.value is before
                line = next(text for text in ed.error.split("\n")
                            if text.startswith(f"{ed.name}[{i + 1},{j + 1}]: "))
                # the message quotes what was typed (or at least its start)
                assert repr(text)[:20] in line
            else:
                expected = np.array(before)
                expected[i, j] = x
                assert same_bits(ed.value, expected)
        elif op[0] == "pick":  # the browser picks a shape from the menus
            getattr(ed, op[1]).set_state({"index": op[2] - 1})
            assert ed.shape[0 if op[1] == "_rows_picker" else 1] == op[2]
        elif op[0] == "read_only":
            old = ed.read_only
            if not refused_or_done(lambda: setattr(ed, "read_only", op[1]), "read_only"):
                assert ed.read_only == old
        elif op[0] == "highlight":
            old = getattr(ed, op[1])
            if not refused_or_done(lambda: setattr(ed, op[1], op[2]), op[1]):
                assert getattr(ed, op[1]) == old
        elif op[0] == "name":
            old = ed.name
            if not refused_or_done(lambda: setattr(ed, "name", op[1]), "name"):
                assert ed.name == old
        check_editor(ed, bounds)
    # fixing the input recovers: a valid matrix clears every error
    ed.value = [[1, 2], [3, 4]]
    assert ed.error == "" and not any(ed.background(i, j) == ERROR_BACKGROUND for i, j in np.ndindex(ed.shape))
    check_editor(ed, bounds)


@settings(max_examples=40, **SETTINGS)
@given(value=st.one_of(matrices(3, 9, NUMBER), WRONG_MATRIX),
       bounds=st.sampled_from([(None, None), ((2, 1), None), ((1, 1), (2, 3))]))
def test_matrix_editor_constructor_any_value(value, bounds):
    min_shape, max_shape = bounds
    try:
        ed = MatrixEditor(value, name="Wk", min_shape=min_shape, max_shape=max_shape)
    except (TraitError, ValueError) as error:
        assert "Wk" in str(error)
        return
    assert same_bits(ed.value, np.array(value, dtype=float) + 0.0)  # no -0.0 kept
    check_editor(ed, (ed.min_shape, ed.max_shape or (99, 99)))


# -- WeightSliders ---------------------------------------------------------------

def weight_lists(n):
    return st.one_of(
        st.lists(st.floats(0, 10), min_size=n, max_size=n),
        st.lists(st.one_of(NUMBER, NON_FINITE), min_size=n, max_size=n),
        st.lists(st.sampled_from([0.0, 5e-324, 1e-300, 1e300, 1.7976931348623157e308]),
                 min_size=n, max_size=n),
        st.lists(st.floats(0, 1), min_size=0, max_size=n + 2),
    )


SCORES = st.one_of(
    st.lists(NUMBER, min_size=1, max_size=6),
    st.lists(st.one_of(NUMBER, NON_FINITE), min_size=1, max_size=6),
    st.sampled_from([None, "abc", [None, 1.0, 2.0], [[1.0, 2.0], [3.0]], {"a": 1}, [10**400, 0, 0],
                     ["1", "2", "3"], [1j, 0, 0], np.zeros((2, 2))]),
)
SCALE = st.one_of(st.floats(allow_nan=True), st.sampled_from([None, "x", "2", 10**400, True, [1]]))
MASK = st.one_of(
    st.none(),
    st.lists(st.booleans(), min_size=1, max_size=6),
    st.sampled_from(["abc", [1, 0, 1], [[True], [False, True]], {"a": True}, 3, [None]]),
)
SLIDER_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("value"), st.integers(0, 6).flatmap(weight_lists)),
        st.tuples(st.just("wrong"), WRONG_MATRIX),
        st.tuples(st.just("drag"), st.integers(0, 5),
                  st.one_of(st.floats(0, 1), st.floats(-1e308, 1e308), st.sampled_from(
                      [0.0, 1.0, 5e-324, 0.005, 0.995, 1 - 1e-16])),),
        st.tuples(st.just("lock"), st.one_of(
            st.sets(st.integers(-1, 6), max_size=4), st.sampled_from(
                [None, "0", [True], [1.0], [10**30], [[0]], 3, {"a": 0}]))),
        st.tuples(st.just("labels"), st.one_of(
            st.lists(st.text(max_size=4), max_size=6), WRONG_SCALAR)),
        st.tuples(st.just("scores"), SCORES, SCALE, MASK),
        st.tuples(st.just("type"), st.integers(0, 5), CELL_TEXT),
    ),
    max_size=12,
)



@settings(max_examples=80, **SETTINGS)
@given(n=st.integers(1, 5), ops=SLIDER_OPS)
@example(n=3, ops=[("value", [1e308, 1e308, 1.0])])  # OverflowError from math.fsum
@example(n=3, ops=[("wrong", np.zeros(()))])  # TypeError from tuple() of a 0-d array
@example(n=3, ops=[("value", [10**400, 1, 1])])  # OverflowError converting to float
@example(n=3, ops=[("scores", [None, 1.0, 2.0], 1.0, None)])  # TypeError escaped
@example(n=3, ops=[("scores", [0.0, 0.0, 0.0], None, None)])  # TypeError escaped
@example(n=3, ops=[("scores", [0.0, 0.0, 0.0], 1.0, [[True], [False, True]])])  # numpy message
@example(n=4, ops=[("value", [0.5, 0.5, 0.75, 5e-324])])  # a subnormal weight: 5e-324 kept, 0 expected
def test_weight_sliders_any_set_drag_or_scores(n, ops):
    w = WeightSliders(n=n)
    changes = notifications(w)
    for op in ops:
        before, seen = w.value, len(changes)
        kind = op[0]
        if kind in ("value", "wrong"):
            new = op[1]
            if refused_or_done(lambda: setattr(w, "value", new), "value"):
                expected = np.array(new, dtype=float)
                expected /= expected.max()  # a sum of huge weights would overflow
                # Weights lie in [0, 1]: an absolute 1e-15 is far below any readout, and lets a
                # subnormal weight (5e-324) equal the 0 that dividing it again rounds to.
                np.testing.assert_allclose(w.value, expected / expected.sum(), rtol=1e-11, atol=1e-15)
            else:
                assert w.value == before and len(changes) == seen
        elif kind == "drag":  # the browser: never raises, locks hold
            k, x = op[1] % n, op[2]
            w.sliders[k].set_state({"value": x})
            for i in w.locked:
                assert w.value[i] == before[i]
            if k in w.locked:
                assert w.value == before
        elif kind == "type":  # a weight typed into a slider's entry: never raises
            k = op[1] % n
            w.entries[k].entry.set_state({"value": op[2]})
            for i in w.locked:
                assert w.value[i] == before[i]
        elif kind == "lock":
            old = w.locked
            if refused_or_done(lambda: setattr(w, "locked", op[1]), "locked"):
                assert w.value == before
            else:
                assert w.locked == old
        elif kind == "labels":
            old = w.labels
            if not refused_or_done(lambda: setattr(w, "labels", op[1]), "labels"):
                assert w.labels == old
        elif kind == "scores":
            scores, scale, mask = op[1:]
            if refused_or_done(lambda: w.set_scores(scores, scale=scale, mask=mask),
                               "score", "scale", "mask", "S["):
                expected = softmax_rows(np.array(scores, dtype=float).reshape(-1),
                                        scale=scale,
                                        mask=None if mask is None else np.asarray(mask))
                np.testing.assert_allclose(w.value, expected, rtol=1e-12, atol=1e-300)
            else:
                assert w.value == before and len(changes) == seen
        check_sliders(w)
    # fixing the input recovers
    w.locked = ()
    w.value = [1.0] * n
    assert w.value == pytest.approx((1 / n,) * n)
    check_sliders(w)


# -- Check ---------------------------------------------------------------------------

def new_try(attempts: int, before, after) -> int:
    """The attempts a readable answer adds: one, unless it is the answer judged last (`answer_read` before
    and after the press), which a second press only judges again."""
    same = (np.shape(before) == np.shape(after) and np.array_equal(before, after) if isinstance(after, np.ndarray)
            else before == after)
    return attempts + (0 if attempts and same else 1)

@settings(max_examples=50, **SETTINGS)
@given(answer=st.one_of(NUMBER, st.integers(-1000, 1000)),
       texts=st.lists(CELL_TEXT, min_size=1, max_size=5))
def test_check_number_answer_any_text(answer, texts):
    ex = Check("?", answer)
    for text in texts:
        attempts, solved, before = ex.attempts, ex.solved, ex.answer_read
        changed = text != ex.answer_input.value
        ex.answer_input.set_state({"value": text})  # the browser
        if changed:
            assert ex.feedback == ""  # stale feedback goes with the old answer
        right = ex.submit()
        assert ex.feedback and part(ex, "check-feedback").value
        assert ex.solved == (solved or right)
        try:
            x = parse_number(text, decimal_comma=True)  # one number: a comma is a decimal comma
        except ValueError:
            assert ex.attempts == attempts and ex.reading == ""
            # the message quotes what was typed (or at least its start)
            assert ex.feedback == "type your answer first" or repr(text)[:20] in ex.feedback
        else:
            assert ex.attempts == new_try(attempts, before, ex.answer_read)
            assert right == math.isclose(x, answer, rel_tol=1e-9, abs_tol=1e-9)
    # fixing the input recovers
    ex.answer_input.value = repr(float(answer))
    assert ex.submit() and ex.solved


SHAPE_TEXT = st.one_of(
    CELL_TEXT,
    st.from_regex(r"\s?[(\[]?[0-9]{1,3}\s?(x|×|X|\*|,|by)\s?[0-9]{1,3}[)\]]?\s?", fullmatch=True),
    st.sampled_from(["9" * 5000 + "x2", "2x" + "9" * 5000, "0x0", "-1x2", "2×3×4"]),
)


@settings(max_examples=50, **SETTINGS)
@given(answer=st.tuples(st.integers(1, 999), st.integers(1, 999)),
       texts=st.lists(SHAPE_TEXT, min_size=1, max_size=5))
@example(answer=(4, 2), texts=["9" * 5000 + "x2"])  # int()'s digit limit: unclear message
@example(answer=(1, 1), texts=["NONE"])  # an answer, and a wrong one
def test_check_shape_answer_any_text(answer, texts):
    ex = Check("?", answer)
    for text in texts:
        attempts, solved, before = ex.attempts, ex.solved, ex.answer_read
        ex.answer_input.set_state({"value": text})
        right = ex.submit()
        assert ex.feedback and ex.solved == (solved or right)
        try:
            got = parse_shape(text, none=True)  # a Check of a shape also takes "none": no product
        except ValueError:
            assert ex.attempts == attempts
            assert ex.feedback == "type your answer first" or "is not a shape" in ex.feedback
        else:
            assert ex.attempts == new_try(attempts, before, ex.answer_read) and right == (got == answer)
    ex.answer_input.value = f"{answer[0]}x{answer[1]}"
    assert ex.submit() and ex.solved


@settings(max_examples=30, **SETTINGS)
@given(choices=st.lists(st.text(max_size=6), min_size=1, max_size=5, unique=True),
       data=st.data())
def test_check_choice_any_pick(choices, data):
    answer = data.draw(st.sampled_from(choices))
    ex = Check("?", answer, choices=choices)
    picks = data.draw(st.lists(st.one_of(st.none(), st.integers(0, len(choices) - 1)),
                               max_size=5))
    for index in picks:
        attempts, before = ex.attempts, ex.answer_read
        ex.answer_input.set_state({"index": index})  # the browser sends an index
        right = ex.submit()
        assert ex.feedback
        if index is None:
            assert ex.attempts == attempts and ex.feedback == "choose an answer first"
        else:
            assert ex.attempts == new_try(attempts, before, ex.answer_read) and right == (choices[index] == answer)
    ex.answer_input.value = answer
    assert ex.submit() and ex.solved


@settings(max_examples=30, **SETTINGS)
@given(answer=matrices(3, 3, SMALL),
       ops=st.lists(st.one_of(
           st.tuples(st.just("type"), st.integers(0, 5), st.integers(0, 5), CELL_TEXT),
           st.tuples(st.just("pick"), st.sampled_from(["_rows_picker", "_cols_picker"]),
                     st.integers(0, 5)),
           st.tuples(st.just("submit")),
       ), max_size=10))
def test_check_matrix_answer_any_typing(answer, ops):
    ex = Check("?", answer, name="AB")
    editor = ex.answer_input
    for op in ops:
        attempts, solved, before = ex.attempts, ex.solved, ex.answer_read
        if op[0] == "type":
            i, j = op[1] % editor.shape[0], op[2] % editor.shape[1]
            editor.cells[i][j].set_state({"value": op[3]})
        elif op[0] == "pick":
            getattr(editor, op[1]).set_state({"index": op[2]})
        else:
            right = ex.submit()
            assert ex.feedback and ex.solved == (solved or right)
            if editor.error:
                assert ex.attempts == attempts and ex.feedback == editor.error
            else:
                assert ex.attempts == new_try(attempts, before, ex.answer_read)
    editor.value = answer
    assert ex.submit() and ex.solved


@settings(max_examples=60, **SETTINGS)
@given(answer=st.one_of(WRONG_MATRIX, WRONG_SCALAR, matrices(2, 2), NUMBER,
                        st.tuples(st.integers(-2, 3), st.integers(-2, 3))),
       choices=st.one_of(st.none(), st.sampled_from([[], ["a", "b"], "ab", 5, [1, 2], {"a": 1}])),
       tol=st.one_of(st.just(1e-9), st.floats(), st.sampled_from(["abc", None, -1, 10**400])))
@example(answer=10**400, choices=None, tol=1e-9)  # OverflowError from math.isfinite
@example(answer=1.0, choices=None, tol=None)  # TypeError from float(None)
@example(answer=1.0, choices=None, tol=-1.0)  # accepted, then every submit raised
@example(answer="a", choices=5, tol=1e-9)  # TypeError from list(5)
def test_check_constructor_any_answer(answer, choices, tol):
    try:
        ex = Check("?", answer, choices=choices, tol=tol)
    except (TraitError, ValueError) as error:
        message = str(error)
        assert any(word in message for word in ("answer", "choices", "tol", "Answer")), message
        return
    ex.submit()  # nothing typed yet: a message, no exception
    # (a matrix answer's editor starts at zeros, which is an answer)
    assert ex.feedback and ex.attempts == (1 if isinstance(ex.answer_input, MatrixEditor) else 0)
    if hasattr(ex.answer_input, "placeholder"):  # a number or a shape: type something
        ex.answer_input.value = "1x1" if ex._mode == "shape" else "1"
        ex.submit()
        assert ex.feedback and ex.attempts == 1
    # a choice, an answer that is an array, a string or a number all compare
    assert isinstance(ex.solved, bool)


# -- MapPicker ------------------------------------------------------------------------------

@settings(max_examples=40, **SETTINGS)
@given(ops=st.lists(st.one_of(
    st.tuples(st.just("menu"), st.integers(0, len(GALLERY))),
    st.tuples(st.just("map_name"), st.one_of(st.sampled_from([*GALLERY, FREE]), st.text(max_size=5),
                                             WRONG_SCALAR)),
    st.tuples(st.just("slider"), st.integers(0, 20), st.floats(-1e6, 1e6)),
    st.tuples(st.just("entry"), st.integers(0, 20), CELL_TEXT),
    st.tuples(st.just("type"), st.integers(0, 1), st.integers(0, 1), CELL_TEXT),
    st.tuples(st.just("editor"), st.one_of(matrices(3, 3), WRONG_MATRIX)),
), max_size=10))
@example(ops=[("slider", 0, -0.0)])  # a shear by -0.0: the map wrote -0, the picker 0
def test_map_picker_any_choice_or_input(ops):
    picker = MapPicker()
    for op in ops:
        kind = op[0]
        if kind == "menu":  # the browser
            controls(picker)["map"].set_state({"index": op[1]})
        elif kind == "map_name":
            old = picker.map_name
            if not refused_or_done(lambda: setattr(picker, "map_name", op[1]), "map_name"):
                assert picker.map_name == old
        elif kind == "slider":  # the browser drags one of the shown sliders
            sliders = [s for spec in picker.sliders.values() for s in spec.values()]
            sliders[op[1] % len(sliders)].set_state({"value": op[2]})
        elif kind == "entry":  # a parameter typed beside its slider
            entries = [e for spec in picker.entries.values() for e in spec.values()]
            entries[op[1] % len(entries)].entry.set_state({"value": op[2]})
        elif kind == "type":
            picker.editor.cells[op[1]][op[2]].set_state({"value": op[3]})
        else:
            before = picker.editor.value
            if not refused_or_done(lambda: setattr(picker.editor, "value", op[1]), "A", "value"):
                assert picker.editor.value is before
        assert_matrix(picker.value, (2, 2))
        key = picker.map_name
        assert controls(picker)["map"].value == key
        if key == FREE:
            assert same_bits(picker.value, picker.editor.value)
        else:
            params = {name: s.value for name, s in picker.sliders[key].items()}
            assert same_bits(picker.value, GALLERY[key].matrix(**params))
