"""Property tests for the state of every widget: whatever is set, nothing breaks.

For each widget exported by `widgets` that holds state, random sequences of
programmatic sets (any shape, huge and tiny numbers, nan and inf, empty
matrices and wrong types) are mixed with what the browser sends (a cell's
text, a slider's value, a picker, a click, a Check's answer).  The rules:

* a programmatic set either succeeds or raises `traitlets.TraitError` (or a
  `ValueError`) whose message names what was wrong, and a refused set
  changes nothing;
* what the browser sends never raises: a bad entry is explained in the
  widget and the last valid state is kept;
* attention weights stay nonnegative and add to 1 within 1e-12;
* fixing the input recovers.

The parsers, the editor's text handling, the weight sliders' moves and the
link presets have their own property tests (test_parsing, test_matrix_editor,
test_weight_sliders, test_presets); these tests go after everything else.
"""

import html
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from traitlets import TraitError

from widgets import (
    AttentionExplorer,
    Check,
    IdentityPanel,
    LectureBar,
    MapPicker,
    MatrixEditor,
    MatrixHeatmap,
    MatrixView,
    OrderPanel,
    PresetStatus,
    ValuesPlot,
    VertexPlot,
    WeightSliders,
    attention,
    bend_rule,
    format_number,
    parse_number,
    softmax_rows,
)
from widgets.labs.attention_explorer import PARTS
from widgets.core.parsing import parse_shape
from widgets.core.geometry import apply_map, close_polygon
from widgets.controls.map_picker import FREE
from widgets.controls.matrix_editor import ERROR_BACKGROUND
from widgets.core.maps_gallery import GALLERY

# Overflow in products of huge entries is expected; the widgets report it.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- strategies ----------------------------------------------------------------

EDGE_NUMBERS = [
    0.0, -0.0, 1.0, -1.0, 0.5, 5e-324, -5e-324, 1e-300, 2.2250738585072014e-308,
    1e154, 1e200, 1e300, -1e300, 1.7976931348623157e308, -1.7976931348623157e308,
]
#: Any finite float, with the extremes (huge, tiny, subnormal, -0.0) often.
NUMBER = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(EDGE_NUMBERS))
SMALL = st.floats(-10, 10, allow_nan=False).map(lambda x: round(x, 2))
NON_FINITE = st.sampled_from([math.nan, math.inf, -math.inf])


def matrices(max_rows=4, max_cols=4, elements=NUMBER, min_rows=1, min_cols=1):
    """Matrices as nested lists or float arrays."""
    def build(shape):
        rows, cols = shape
        as_lists = st.lists(
            st.lists(elements, min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
        return st.one_of(as_lists, as_lists.map(lambda m: np.array(m, dtype=float)))

    return st.tuples(
        st.integers(min_rows, max_rows), st.integers(min_cols, max_cols)
    ).flatmap(build)


def with_non_finite(matrix_strategy):
    """Matrices with one entry replaced by nan, inf or -inf."""
    def spoil(args):
        matrix, bad, i, j = args
        spoilt = np.array(matrix, dtype=float)
        spoilt[i % spoilt.shape[0], j % spoilt.shape[1]] = bad
        return spoilt

    return st.tuples(matrix_strategy, NON_FINITE, st.integers(0, 9), st.integers(0, 9)).map(spoil)


_FIXED_WRONG = [
    None, True, False, 0, 3.5, 1j, "", "abc", "1,2;3,4", b"12", {}, {"a": 1}, set(), (),
    [], [[]], [[], []], np.zeros((0, 3)), np.zeros((3, 0)), np.zeros(()), np.float64(2.0),
    [1, 2, 3], [[[1]]], [[1, 2], [3]], [[1], [2, 3]], [["a", 1]], [[None, 1]], [[1 + 2j, 1]],
    [[{}, 1]], [[[1, 2]], [[3, 4]]], np.array([[1, "x"]], dtype=object),
    np.array([[None]], dtype=object), np.array([[1 + 1j]]), [[10**400]], [[-(10**400), 1]],
    [[math.nan]], [[1, math.inf]], [[-math.inf]], object(), np.zeros((2, 2, 2)), range(3), print,
]

#: Values that are not a non-empty 2-D matrix of finite numbers.
WRONG_MATRIX = st.one_of(
    st.sampled_from(_FIXED_WRONG),
    st.text(max_size=8),
    st.complex_numbers(allow_nan=False, max_magnitude=10)
    .filter(lambda z: z.imag != 0)
    .map(lambda z: [[z, 1.0]]),
    st.dictionaries(st.text(max_size=3), SMALL, max_size=3),
    hnp.arrays(float, hnp.array_shapes(min_dims=3, max_dims=4, max_side=2), elements=SMALL),
    hnp.arrays(float, hnp.array_shapes(min_dims=0, max_dims=1, min_side=0, max_side=3),
               elements=SMALL),
    st.lists(st.lists(SMALL, min_size=1, max_size=3), min_size=1, max_size=3).map(
        lambda rows: rows + [[0.0] * (len(rows[0]) + 1)]  # ragged: one row longer
    ),
    st.lists(st.one_of(st.text(max_size=2), st.none(), st.dictionaries(st.text(), st.none())),
             min_size=1, max_size=3).map(lambda row: np.array([row], dtype=object)),
    with_non_finite(matrices(3, 3)),
)

#: Wrong values for scalar traits (bool, int, float, str traits refuse some of these).
WRONG_SCALAR = st.sampled_from(
    [None, "", "abc", "1", b"1", 1j, [], [1], (1, 2), {}, {"a": 1}, object(), np.zeros((2, 2)),
     math.nan, math.inf, -math.inf, 10**400, -(10**400), 2.5, -1]
)

#: Text a learner could type into a number box.
CELL_TEXT = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"\s?[-+−]?[0-9]{1,4}(\.[0-9]{1,3})?([eE][-+]?[0-9]{1,3})?(/[0-9]{1,3})?\s?",
                  fullmatch=True),
    st.sampled_from([
        "1e308", "-1e308", "1e309", "1.7976931348623157e308", "1e-320", "5e-324", "1e300",
        "1/0", "0/0", "nan", "inf", "-inf", "1e308/1e-10", "   ", "", "−3", "<b>1</b>",
        "1" * 400, "1" * 5000 + "/3", "0x10", "1_000", "3,5", "½", "١٢", "2+3",
    ]),
)


# -- helpers --------------------------------------------------------------------

def refused_or_done(action, *names):
    """Run a programmatic set; return True if it was accepted.

    A refusal must be a TraitError or ValueError whose message names one of
    `names`; any other exception fails the test.
    """
    try:
        action()
    except (TraitError, ValueError) as error:
        message = str(error)
        assert message.strip(), "empty error message"
        assert any(name in message for name in names if name), (
            f"the message does not say what was wrong (expected one of {names}): {message!r}"
        )
        return False
    return True


def frozen(value):
    """A comparable snapshot: arrays by dtype, shape and bits (nan-safe)."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, dict):
        return tuple(sorted((str(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def same_bits(a, b):
    return frozen(np.asarray(a, dtype=float)) == frozen(np.asarray(b, dtype=float))


def notifications(widget):
    """Every trait change of `widget`, to check a refused set sends none."""
    changes = []
    widget.observe(changes.append)
    return changes


def press(button):
    """Click `button` as the browser does, but let a handler's exception through.

    (`Button.click` logs what a handler raises; in Voila the learner would see
    a traceback or nothing at all.)
    """
    for handler in button._click_handlers.callbacks:
        handler(button)


def assert_matrix(value, shape=None):
    assert isinstance(value, np.ndarray) and value.dtype == np.float64
    assert value.ndim == 2 and value.shape[0] >= 1 and value.shape[1] >= 1
    assert np.isfinite(value).all()
    assert not value.flags.writeable
    if shape is not None:
        assert value.shape == shape


def assert_weight_rows(rows):
    rows = np.asarray(rows, dtype=float)
    assert np.isfinite(rows).all()
    assert (rows >= 0).all()
    for row in rows:
        assert abs(math.fsum(row) - 1.0) <= 1e-12, row


# -- MatrixEditor -----------------------------------------------------------------

RESIZE_ARG = st.one_of(
    st.integers(-2, 6),
    st.sampled_from([None, "2", 2.0, 2.5, True, 10**30, -(10**30), np.int64(3), [2]]),
)
INDEX_ARG = st.one_of(st.none(), st.integers(-3, 8), WRONG_SCALAR, st.sampled_from([10**30, True]))
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
            if (i, j) in ed._bad:
                assert cell.style.background == ERROR_BACKGROUND
                red.append((i, j))
                with pytest.raises(ValueError):
                    parse_number(cell.value)
            else:
                assert cell.value == format_number(value[i, j])
                # 3 decimals, or 3 significant digits in scientific notation
                assert parse_number(cell.value) == pytest.approx(value[i, j], rel=5.1e-3,
                                                                 abs=5.1e-4)
                tinted = i == ed.highlight_row or j == ed.highlight_col
                assert cell.style.background is None  # highlights come from the style sheet
                assert (ed.background(i, j) is not None) == tinted
                assert {f"mx-r{i}", f"mx-c{j}"} <= set(cell._dom_classes)
    lines = ed.error.split("\n") if ed.error else []
    assert len(lines) == len(red)
    for (i, j), line in zip(red, lines):
        assert line.startswith(f"{ed.name}[{i + 1},{j + 1}]: ")
        assert "is not a number" in line
    assert bool(ed._error_html.value) == bool(red)
    assert html.escape(ed.name) in ed._title.value
    assert f"({rows}×{cols})" in ed._title.value
    if ed._size_controls is not None:
        assert (ed._rows_picker.value, ed._cols_picker.value) == (rows, cols)
        assert ed._rows_picker.disabled == ed._cols_picker.disabled == ed.read_only


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
                line = next(l for l in ed.error.split("\n")
                            if l.startswith(f"{ed.name}[{i + 1},{j + 1}]: "))
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
    assert ed.error == "" and not ed._bad
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


def check_sliders(w):
    assert all(type(x) is float for x in w.value)
    assert_weight_rows([w.value])
    # Each slider shows its weight on the step, within one step, and together they add to 1.
    assert all(abs(s.value - x) < s.step + 1e-12 for s, x in zip(w.sliders, w.value))
    assert round(math.fsum(s.value for s in w.sliders), 9) == 1
    assert [s.disabled for s in w.sliders] == [k in w.locked for k in range(len(w.sliders))]
    assert [s.description for s in w.sliders] == list(w.labels)
    assert w.children[-1].value == f"sum = {math.fsum(w.value):.2f}"


@settings(max_examples=80, **SETTINGS)
@given(n=st.integers(1, 5), ops=SLIDER_OPS)
@example(n=3, ops=[("value", [1e308, 1e308, 1.0])])  # OverflowError from math.fsum
@example(n=3, ops=[("wrong", np.zeros(()))])  # TypeError from tuple() of a 0-d array
@example(n=3, ops=[("value", [10**400, 1, 1])])  # OverflowError converting to float
@example(n=3, ops=[("scores", [None, 1.0, 2.0], 1.0, None)])  # TypeError escaped
@example(n=3, ops=[("scores", [0.0, 0.0, 0.0], None, None)])  # TypeError escaped
@example(n=3, ops=[("scores", [0.0, 0.0, 0.0], 1.0, [[True], [False, True]])])  # numpy message
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
                np.testing.assert_allclose(w.value, expected / expected.sum(), rtol=1e-11)
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


# -- VertexPlot --------------------------------------------------------------------

def _wire(values):
    array = np.asarray(values, dtype=np.float64)
    return {"dtype": "float64", "shape": list(array.shape), "value": memoryview(array.tobytes())}


POINTS = st.integers(1, 6).flatmap(lambda n: matrices(2, n, NUMBER, min_rows=2, min_cols=n))
RULES = st.sampled_from([
    None, "rule", 3, lambda X: 2 * X, bend_rule(0.3), lambda X: X[0], lambda X: X * 1e308,
    lambda X: 1 / 0, lambda X: np.full(X.shape, np.nan), lambda X: "abc",
])
VERTEX_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("points"), st.one_of(POINTS, matrices(3, 3, SMALL), WRONG_MATRIX)),
        st.tuples(st.just("matrix"), st.one_of(
            matrices(2, 2, NUMBER, min_rows=2, min_cols=2), matrices(3, 3, SMALL), WRONG_MATRIX)),
        st.tuples(st.just("rule"), RULES),
        st.tuples(st.sampled_from(["show_grid", "show_basis", "draggable"]),
                  st.one_of(st.booleans(), WRONG_SCALAR)),
        st.tuples(st.just("snap"), st.one_of(st.floats(), st.sampled_from([0, 0.5, 10**400, "0.1",
                                                                             None]))),
        st.tuples(st.just("drag"), st.lists(st.tuples(NUMBER, NUMBER), min_size=1, max_size=6)),
    ),
    max_size=10,
)


def vertex_state(plot):
    return frozen({
        "points": plot.points, "matrix": plot.matrix, "image": plot.image,
        "rule": id(plot.rule), "show_grid": plot.show_grid, "show_basis": plot.show_basis,
        "draggable": plot.draggable, "snap": plot.snap,
        "marks": [(np.asarray(m.x), np.asarray(m.y), m.visible) for m in plot.marks],
        "scales": (plot._x_scale.min, plot._x_scale.max, plot._y_scale.min, plot._y_scale.max),
    })


def check_vertex_plot(plot):
    assert_matrix(plot.points)
    assert plot.points.shape[0] == 2
    assert_matrix(plot.matrix, (2, 2))
    transform = plot.matrix if plot.rule is None else plot.rule
    assert same_bits(plot.image, apply_map(transform, plot.points))
    assert np.isfinite(plot.image).all()
    bounds = np.array([plot._x_scale.min, plot._x_scale.max, plot._y_scale.min, plot._y_scale.max])
    assert np.isfinite(bounds).all()
    assert bounds[1] > bounds[0] and bounds[3] > bounds[2]
    assert np.isfinite(plot._x_axis.tick_values).all()
    assert same_bits(np.stack([plot._shape.x, plot._shape.y]), close_polygon(plot.points))
    assert plot._handles.visible == plot.draggable
    assert plot._grid_in.visible == plot._grid_out.visible == plot.show_grid
    if plot.show_grid:
        assert np.isfinite(plot._grid_out.x).all() and np.isfinite(plot._grid_out.y).all()
    assert math.isfinite(plot.snap) and plot.snap >= 0


@settings(max_examples=70, **SETTINGS)
@given(ops=VERTEX_OPS)
@example(ops=[("matrix", [[1e308, 1e308], [1e308, 1e308]])])  # image overflowed after the set
@example(ops=[("matrix", [[1e308, -1e308], [-1e308, 1e308]])])  # numpy arange error escaped
# with the grid: "rule: points[1,1] is nan" for points that were finite
@example(ops=[("show_grid", True), ("points", [[1e308, -1e308], [-1e308, 1e308]])])
@example(ops=[("points", [[10**400, 0], [0, 0]])])  # OverflowError escaped
@example(ops=[("snap", 10**400)])  # OverflowError from traitlets' Float
@example(ops=[("snap", math.inf)])  # accepted: every later drag was refused
def test_vertex_plot_any_set_or_drag(ops):
    plot = VertexPlot([[0, 1, 1, 0], [0, 0, 1, 1]], [[1, 1], [0, 1]], show_grid=True)
    for op in ops:
        before = vertex_state(plot)
        kind = op[0]
        if kind == "drag":  # the browser drops the handles somewhere: never raises
            plot.draggable = True
            points = np.array(op[1], dtype=float).T
            plot._handles.set_state({"x": _wire(points[0]), "y": _wire(points[1])})
        else:
            value = op[1]
            if not refused_or_done(lambda: setattr(plot, kind, value), kind, "rule"):
                assert vertex_state(plot) == before
        check_vertex_plot(plot)
    # fixing the input recovers
    with plot.hold_trait_notifications():
        plot.rule = None
        plot.points = [[0, 1], [0, 1]]
        plot.matrix = np.eye(2)
    check_vertex_plot(plot)


# -- MatrixHeatmap -----------------------------------------------------------------

LABELS = st.one_of(st.none(), st.lists(st.text(max_size=4), max_size=5),
                   st.sampled_from([[1, 2], "ab", 3, [None]]))
CELL_ARG = st.one_of(
    st.none(), st.tuples(st.integers(-2, 6), st.integers(-2, 6)),
    st.sampled_from(["ab", (1,), (1, 2, 3), (1.5, 0), [0, 0], (True, False), (10**30, 0),
                     ("0", "0")]),
)
HEATMAP_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("matrix"), st.one_of(matrices(5, 5), WRONG_MATRIX)),
        st.tuples(st.sampled_from(["row_labels", "col_labels"]), LABELS),
        st.tuples(st.just("kind"), st.sampled_from(["scores", "weights", "Scores", None, 1])),
        st.tuples(st.just("selected"), CELL_ARG),
        st.tuples(st.just("highlight_row"), INDEX_ARG),
        st.tuples(st.just("click_cell"), st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)),
                                                  max_size=2)),
        st.tuples(st.just("click_number"), st.integers(0, 30)),
    ),
    max_size=10,
)


def heatmap_state(hm):
    return frozen({
        name: getattr(hm, name)
        for name in ("matrix", "row_labels", "col_labels", "kind", "selected", "highlight_row")
    })


def check_heatmap(hm):
    m = hm.matrix
    assert_matrix(m)
    rows, cols = m.shape
    assert hm.row_labels is None or len(hm.row_labels) == rows
    assert hm.col_labels is None or len(hm.col_labels) == cols
    assert hm.kind in ("scores", "weights")
    assert hm.selected is None or (0 <= hm.selected[0] < rows and 0 <= hm.selected[1] < cols)
    assert hm.highlight_row is None or 0 <= hm.highlight_row < rows
    assert list(hm._numbers.text) == [format_number(v) for v in m.ravel()]
    assert np.array_equal(np.asarray(hm._cells.color)[:rows, :cols], m)
    lo, hi = hm._color_scale.min, hm._color_scale.max
    assert math.isfinite(lo) and math.isfinite(hi) and lo < hi
    if hm.kind == "scores":
        assert hi >= np.abs(m).max() and lo == -hi
    assert hm._outline.visible == (hm.highlight_row is not None)
    if hm.selected is None:
        assert hm._cells.selected is None
    else:
        assert np.array_equal(hm._cells.selected, [hm.selected])


@settings(max_examples=70, **SETTINGS)
@given(start=matrices(3, 3), ops=HEATMAP_OPS)
def test_heatmap_any_set_or_click(start, ops):
    hm = MatrixHeatmap(start, kind="scores")
    for op in ops:
        before = heatmap_state(hm)
        kind = op[0]
        if kind == "click_cell":  # the browser: never raises
            # (Only real cells: the padding cells bqplot needs have no size to click.)
            rows, cols = hm.matrix.shape
            pairs = [[i % rows, j % cols] for i, j in op[1]]
            hm._cells.set_state({"selected": pairs or None})
            assert hm.selected == (tuple(pairs[-1]) if pairs else None)
        elif kind == "click_number":
            k = op[1] % hm.matrix.size
            value = memoryview(np.array([k], dtype=np.uint32).tobytes())
            hm._numbers.set_state({"selected": {"dtype": "uint32", "shape": [1], "value": value}})
            assert hm.selected == divmod(k, hm.matrix.shape[1])
        else:
            value = op[1]
            names = (kind, "matrix", "labels", "selected")
            if not refused_or_done(lambda: setattr(hm, kind, value), *names):
                assert heatmap_state(hm) == before
        check_heatmap(hm)
    with hm.hold_trait_notifications():
        hm.row_labels = hm.col_labels = None
        hm.matrix = [[0.0, 1.0]]
    check_heatmap(hm)


# -- MatrixView (trait level only: its markup is being rewritten) ----------------------

VIEW_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("matrix"), st.one_of(matrices(4, 4), WRONG_MATRIX)),
        st.tuples(st.just("name"), st.one_of(st.none(), st.text(max_size=5), WRONG_SCALAR)),
        st.tuples(st.sampled_from(["highlight_row", "highlight_col"]), INDEX_ARG),
        # (absurd digits such as 10**30: see test_matrix_view_refuses_absurd_digits)
        st.tuples(st.just("digits"), st.one_of(st.integers(-3, 30), WRONG_SCALAR.filter(
            lambda v: not (isinstance(v, int) and abs(v) > 1000)))),
    ),
    max_size=10,
)


def view_state(view):
    return frozen({n: getattr(view, n)
                   for n in ("matrix", "name", "highlight_row", "highlight_col", "digits")})


@settings(max_examples=60, **SETTINGS)
@given(start=matrices(3, 3), ops=VIEW_OPS)
@example(start=[[1e7]], ops=[("digits", 18)])  # format_number: UnboundLocalError for digits > 17
def test_matrix_view_traits(start, ops):
    view = MatrixView(start, name="M")
    for op in ops:
        before = view_state(view)
        kind, value = op
        if refused_or_done(lambda: setattr(view, kind, value), kind, view.name or "matrix"):
            if kind == "matrix":
                assert same_bits(view.matrix, np.array(value, dtype=float) + 0.0)  # no -0.0 kept
        else:
            assert view_state(view) == before
        assert_matrix(view.matrix)
        assert view.digits >= 0
        assert view.highlight_row is None or view.highlight_row >= 0
        assert view.highlight_col is None or view.highlight_col >= 0


def test_matrix_view_refuses_absurd_digits():
    view = MatrixView([[1.5]])
    with pytest.raises(TraitError, match="digits"):
        view.digits = 10**30
    assert view.digits == 3


# -- Check ---------------------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@given(answer=st.one_of(NUMBER, st.integers(-1000, 1000)),
       texts=st.lists(CELL_TEXT, min_size=1, max_size=5))
def test_check_number_answer_any_text(answer, texts):
    ex = Check("?", answer)
    for text in texts:
        attempts, solved = ex.attempts, ex.solved
        changed = text != ex.answer_input.value
        ex.answer_input.set_state({"value": text})  # the browser
        if changed:
            assert ex.feedback == ""  # stale feedback goes with the old answer
        right = ex.submit()
        assert ex.feedback and ex._feedback.value
        assert ex.solved == (solved or right)
        try:
            x = parse_number(text)
        except ValueError:
            assert ex.attempts == attempts
            assert ex.feedback == "type your answer first" or repr(text) in ex.feedback
        else:
            assert ex.attempts == attempts + 1
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
def test_check_shape_answer_any_text(answer, texts):
    ex = Check("?", answer)
    for text in texts:
        attempts, solved = ex.attempts, ex.solved
        ex.answer_input.set_state({"value": text})
        right = ex.submit()
        assert ex.feedback and ex.solved == (solved or right)
        try:
            got = parse_shape(text)
        except ValueError:
            assert ex.attempts == attempts
            assert ex.feedback == "type your answer first" or "is not a shape" in ex.feedback
        else:
            assert ex.attempts == attempts + 1 and right == (got == answer)
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
        attempts = ex.attempts
        ex.answer_input.set_state({"index": index})  # the browser sends an index
        right = ex.submit()
        assert ex.feedback
        if index is None:
            assert ex.attempts == attempts and ex.feedback == "choose an answer first"
        else:
            assert ex.attempts == attempts + 1 and right == (choices[index] == answer)
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
        attempts, solved = ex.attempts, ex.solved
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
                assert ex.attempts == attempts + 1
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
    assert ex.feedback and ex.attempts == (1 if ex._mode == "matrix" else 0)
    if hasattr(ex.answer_input, "placeholder"):  # a number or a shape: type something
        ex.answer_input.value = "1x1" if ex._mode == "shape" else "1"
        ex.submit()
        assert ex.feedback and ex.attempts == 1
    # a choice, an answer that is an array, a string or a number all compare
    assert isinstance(ex.solved, bool)


# -- AttentionExplorer ------------------------------------------------------------------

EDITOR_KEYS = ["X", "W_Q", "W_K", "W_V"]
EXPLORER_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("type"), st.sampled_from(EDITOR_KEYS), st.integers(0, 5),
                  st.integers(0, 5), CELL_TEXT),
        st.tuples(st.just("pick_w"), st.sampled_from(EDITOR_KEYS[1:]),
                  st.sampled_from(["_rows_picker", "_cols_picker"]), st.integers(0, 5)),
        st.tuples(st.just("pick_x"), st.sampled_from(["rows_picker", "cols_picker"]),
                  st.integers(0, 5)),
        st.tuples(st.just("set"), st.sampled_from(EDITOR_KEYS),
                  st.one_of(matrices(7, 7, SMALL), matrices(3, 3, NUMBER), WRONG_MATRIX)),
        st.tuples(st.sampled_from(["scaled_box", "causal_box"]), st.booleans()),
        st.tuples(st.just("mode"), st.sampled_from(["softmax", "sliders"])),
        st.tuples(st.just("drag"), st.integers(0, 5), st.integers(0, 5), st.floats(0, 1)),
        st.tuples(st.just("type_weight"), st.integers(0, 5), st.integers(0, 5), CELL_TEXT),
        st.tuples(st.just("click"), st.integers(0, 6), st.integers(0, 6)),
        st.tuples(st.just("selected"), CELL_ARG),
        st.tuples(st.just("tokens"), st.one_of(st.lists(st.text(max_size=4), max_size=8),
                                               WRONG_SCALAR)),
        st.tuples(st.just("seed"), st.one_of(st.integers(-(10**6), 10**6),
                                             st.sampled_from([-1, 2**32, 2**53]))),
    ),
    max_size=10,
)


def check_explorer(ex):
    r = ex.result
    for name in ("Q", "K", "V", "S", "A", "H"):
        assert np.isfinite(getattr(r, name)).all(), f"{name} is not finite"
    L = r.S.shape[0]
    assert r.S.shape == r.A.shape == (L, L)
    assert_weight_rows(r.A)
    np.testing.assert_allclose(r.H, r.A @ r.V, rtol=1e-12, atol=1e-300)
    assert ex.selected is None or (0 <= ex.selected[0] < L and 0 <= ex.selected[1] < L)
    editors = [ex.X_editor, ex.W_Q_editor, ex.W_K_editor, ex.W_V_editor]
    for editor in editors:
        assert_matrix(editor.value)
    if ex.error:
        assert 'role="alert"' in ex._status.value
        assert html.escape(ex.error) in ex._status.value
    else:
        assert 'role="alert"' not in ex._status.value
        fresh = attention(*(e.value for e in editors), scale=None if ex.scaled else 1.0,
                          causal=ex.causal)
        for name in ("Q", "K", "V", "S"):
            assert same_bits(getattr(r, name), getattr(fresh, name))
        if ex.weights_mode == "softmax":
            assert same_bits(r.A, fresh.A)
        else:
            assert same_bits(r.A, [s.value for s in ex.weight_sliders])
    assert same_bits(ex.scores_heatmap.matrix, r.S)
    assert same_bits(ex.weights_heatmap.matrix, r.A)
    assert ex.scores_heatmap.selected == ex.selected
    for sliders in ex.weight_sliders:
        check_sliders(sliders)
    for key, view in ex.part("qkv").views.items():
        assert_matrix(view.matrix)
    editors = ex.part("editors")
    assert (editors.rows_picker.value, editors.cols_picker.value) == ex.X_editor.shape
    plot = ex.values_plot
    if plot.layout.visibility != "hidden":  # drawn: a finite view of the values
        view = [plot._x_scale.min, plot._x_scale.max, plot._y_scale.min, plot._y_scale.max]
        assert np.isfinite(view).all()


@settings(max_examples=35, **SETTINGS)
@given(ops=EXPLORER_OPS)
@example(ops=[("type", "W_V", 0, 0, "1e300"), ("type", "X", 0, 0, "1e300")])  # V = inf kept
@example(ops=[("seed", -1)])  # Randomise with a negative seed raised in the click handler
@example(ops=[("set", "W_V", [[1.7e308, 0.0], [0.0, 0.0], [0.0, 0.0]])])  # ValuesPlot: no room
# X set to a new L and d: the pickers followed one at a time and cut X to 1×3 on the way
@example(ops=[("set", "X", [[1.0, 2.0, 3.0, 4.0]])])
# X set to a new d only: the d picker kept the old d, and the next L pick restored it
@example(ops=[("set", "X", [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), ("pick_x", "rows_picker", 3)])
def test_attention_explorer_any_edit(ops):
    ex = AttentionExplorer(
        [[1, 0, 1], [0, 2, 0], [1, 1, 1]], [[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 1], [1, 1]],
        [[1, 0], [0, 1], [1, 1]], parts=PARTS,
    )
    editors = dict(zip(EDITOR_KEYS, [ex.X_editor, ex.W_Q_editor, ex.W_K_editor, ex.W_V_editor]))
    for op in ops:
        kind = op[0]
        last = ex.result
        if kind == "type":  # the browser: never raises
            editor = editors[op[1]]
            i, j = op[2] % editor.shape[0], op[3] % editor.shape[1]
            editor.cells[i][j].set_state({"value": op[4]})
        elif kind == "pick_w":
            getattr(editors[op[1]], op[2]).set_state({"index": op[3]})
        elif kind == "pick_x":
            getattr(ex.part("editors"), op[1]).set_state({"index": op[2]})
        elif kind == "set":
            editor = editors[op[1]]
            before = editor.value
            if refused_or_done(lambda: setattr(editor, "value", op[2]), op[1], "value"):
                assert same_bits(editor.value, np.array(op[2], dtype=float) + 0.0)  # no -0.0 kept
            else:
                assert editor.value is before and ex.result is last
        elif kind in ("scaled_box", "causal_box"):
            getattr(ex.part("options"), kind).set_state({"value": op[1]})
        elif kind == "mode":
            ex.part("options").mode.set_state({"index": ["softmax", "sliders"].index(op[1])})
        elif kind == "drag":
            sliders = ex.weight_sliders
            row = sliders[op[1] % len(sliders)]
            row.sliders[op[2] % len(row.sliders)].set_state({"value": op[3]})
        elif kind == "type_weight":
            sliders = ex.weight_sliders
            row = sliders[op[1] % len(sliders)]
            row.entries[op[2] % len(row.entries)].entry.set_state({"value": op[3]})
        elif kind == "click":
            ex.scores_heatmap._cells.set_state({"selected": [[op[1], op[2]]]})
        elif kind == "selected":
            old = ex.selected
            if not refused_or_done(lambda: setattr(ex, "selected", op[1]), "selected"):
                assert ex.selected == old
        elif kind == "tokens":
            old = ex.tokens
            if not refused_or_done(lambda: setattr(ex, "tokens", op[1]), "tokens"):
                assert ex.tokens == old
        elif kind == "seed":
            ex.part("randomise").seed.set_state({"value": op[1]})
            press(ex.part("randomise").button)
        if ex.error:  # the last valid calculation stays
            assert ex.result is last
        check_explorer(ex)
    # fixing the input recovers
    with ex._batch():
        ex.X_editor.value = [[1, 0], [0, 1]]
        for key in EDITOR_KEYS[1:]:
            editors[key].value = np.eye(2)
    assert ex.error == ""
    check_explorer(ex)


@settings(max_examples=30, **SETTINGS)
@given(
    X=st.one_of(st.none(), matrices(4, 4, SMALL), WRONG_MATRIX),
    W=st.one_of(st.none(), matrices(4, 4, SMALL), WRONG_MATRIX),
    tokens=st.one_of(st.lists(st.text(max_size=3), max_size=5), WRONG_SCALAR),
    parts=st.one_of(st.lists(st.sampled_from(PARTS), max_size=4),
                    st.sampled_from([("nope",), "editors", ()])),
)
def test_attention_explorer_constructor(X, W, tokens, parts):
    try:
        ex = AttentionExplorer(X, W, W, W, tokens=tokens, parts=parts)
    except (TraitError, ValueError) as error:
        message = str(error)
        assert any(word in message for word in ("X", "W_", "tokens", "parts")), message
        return
    check_result = ex.result
    assert_weight_rows(check_result.A)


# -- ValuesPlot --------------------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@example(ops=[("values", [[0.0, 0.0], [0.0, 0.0], [0.0, 1.4e308]])])  # drew with infinite bounds
@example(ops=[("focus", -2)])  # IndexError in the redraw
@example(ops=[("weights", [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]), ("focus", True)])  # H[True] a mask
@given(ops=st.lists(st.one_of(
    st.tuples(st.just("values"), st.one_of(matrices(4, 2, NUMBER, min_cols=2), WRONG_MATRIX)),
    st.tuples(st.just("weights"), st.one_of(matrices(3, 4, st.floats(0, 1)), WRONG_MATRIX)),
    st.tuples(st.just("focus"), INDEX_ARG),
), max_size=8))
def test_values_plot_any_set(ops):
    plot = ValuesPlot([[0, 0], [1, 0], [0, 1]], [[0.5, 0.25, 0.25]])
    for kind, value in ops:
        before = frozen((plot.values, plot.weights, plot.focus, plot.outputs))
        if not refused_or_done(lambda: setattr(plot, kind, value), kind, "values", "weights"):
            assert frozen((plot.values, plot.weights, plot.focus, plot.outputs)) == before
        assert_matrix(plot.values)
        assert np.isfinite(plot.outputs).all()
        assert np.isfinite([plot._x_scale.min, plot._x_scale.max]).all()


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
def test_map_picker_any_choice_or_input(ops):
    picker = MapPicker()
    for op in ops:
        kind = op[0]
        if kind == "menu":  # the browser
            picker._menu.set_state({"index": op[1]})
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
        assert picker._menu.value == key
        if key == FREE:
            assert same_bits(picker.value, picker.editor.value)
        else:
            params = {name: s.value for name, s in picker.sliders[key].items()}
            assert same_bits(picker.value, GALLERY[key].matrix(**params))


# -- property panels -------------------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@given(ops=st.lists(st.one_of(
    st.tuples(st.sampled_from(["A", "B", "C"]), st.one_of(matrices(3, 3), WRONG_MATRIX)),
    st.tuples(st.just("r"), st.one_of(NUMBER, WRONG_SCALAR, st.integers())),
), max_size=6))
@example(ops=[("r", 10**400)])  # OverflowError from traitlets' Float
def test_identity_panel_any_set(ops):
    panel = IdentityPanel(np.eye(2), [[1, 2], [3, 4]], [[0, 1], [1, 0]])
    for kind, value in ops:
        before = frozen((panel.A, panel.B, panel.C, panel.r, [c.value for c in panel.cards]))
        if not refused_or_done(lambda: setattr(panel, kind, value), kind):
            assert frozen((panel.A, panel.B, panel.C, panel.r,
                           [c.value for c in panel.cards])) == before
        assert math.isfinite(panel.r)
        for name in "ABC":
            assert_matrix(getattr(panel, name))
        assert len(panel.results) == len(panel.cards)
        if panel._status.value:
            assert 'role="alert"' in panel._status.value


@settings(max_examples=50, **SETTINGS)
@given(ops=st.lists(st.one_of(
    st.tuples(st.sampled_from(["left", "right"]), st.one_of(matrices(3, 3), WRONG_MATRIX)),
    st.tuples(st.sampled_from(["left_name", "right_name"]),
              st.one_of(st.text(max_size=4), WRONG_SCALAR)),
), max_size=6))
@example(ops=[("left", [[1e308, 1e308], [1e308, 1e308]]),
              ("right", [[1e308, 1e308], [1e308, 1e308]])])  # TraitError from the redraw
def test_order_panel_any_set(ops):
    panel = OrderPanel([[0, -1], [1, 0]], [[2, 0], [0, 1]])
    for kind, value in ops:
        before = frozen((panel.left, panel.right, panel.left_name, panel.right_name))
        if not refused_or_done(lambda: setattr(panel, kind, value), kind):
            assert frozen((panel.left, panel.right, panel.left_name, panel.right_name)) == before
        assert_matrix(panel.left)
        assert_matrix(panel.right)
        assert panel._verdict.value  # a verdict, or why there is none
        assert panel._forward.value and panel._backward.value


# -- LectureBar and PresetStatus -----------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@given(ops=st.lists(st.one_of(
    st.tuples(st.just("presenter"), st.one_of(st.booleans(), WRONG_SCALAR)),
    st.tuples(st.just("zoom"), st.one_of(st.floats(), WRONG_SCALAR, st.integers())),
    st.tuples(st.just("toggle"), st.booleans()),
    st.tuples(st.just("url"), st.one_of(st.text(max_size=30), st.from_regex(
        r"(presenter=[a-z0-9]{0,4}|A=[-0-9,;./e]{0,12}|theme=dark)(&(presenter|A)=[^&]{0,8}){0,2}",
        fullmatch=True))),
    st.tuples(st.just("applied"), st.one_of(st.lists(st.text(max_size=8), max_size=3),
                                            WRONG_SCALAR)),
    st.tuples(st.just("errors"), st.one_of(st.lists(st.text(max_size=8), max_size=3),
                                           WRONG_SCALAR)),
), max_size=8))
@example(ops=[("zoom", 10**400)])  # OverflowError from traitlets' Float
def test_lecture_bar_and_status_any_set(ops):
    bar = LectureBar()
    status = bar.status
    editor = MatrixEditor([[1, 2], [3, 4]], name="A", max_shape=(3, 3))
    for kind, value in ops:
        before = frozen((bar.presenter, bar.zoom, status.applied, status.errors, status.value,
                         bar._style.value))
        if kind == "toggle":  # the browser
            bar.toggle.set_state({"value": value})
            assert bar.presenter == value
        elif kind == "url":  # the page's link: anything at all, never an exception
            old = editor.value
            applied = bar.apply_url({"A": editor}, query_string=value)
            if "A" in applied:
                assert same_bits(editor.value, applied["A"])
            else:
                assert editor.value is old
            assert_matrix(editor.value)
        else:
            target = status if kind in ("applied", "errors") else bar
            if not refused_or_done(lambda: setattr(target, kind, value), kind, "zoom"):
                assert frozen((bar.presenter, bar.zoom, status.applied, status.errors,
                               status.value, bar._style.value)) == before
        assert 0.5 <= bar.zoom <= 3
        assert bar.toggle.value == bar.presenter
        assert bool(bar._style.value) == bar.presenter
        for text in [*status.applied, *status.errors]:
            assert html.escape(text) in status.value
        if "<" in "".join(status.applied + status.errors):
            assert "<script" not in status.value.replace("<span", "").replace("<br>", "")


def test_preset_status_on_its_own_refuses_non_text():
    status = PresetStatus()
    with pytest.raises(TraitError):
        status.errors = [1]
    assert status.value == ""
