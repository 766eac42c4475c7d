"""Property tests for the state of the lab composites: whatever is set, nothing breaks.

The attention explorer; the rules, the strategies and the checks are in `harness.any_values`.
"""

import html

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.any_values import (
    CELL_ARG,
    CELL_TEXT,
    NUMBER,
    SETTINGS,
    SMALL,
    WRONG_MATRIX,
    WRONG_SCALAR,
    assert_matrix,
    assert_weight_rows,
    check_sliders,
    matrices,
    press,
    refused_or_done,
    same_bits,
)
from widgets import AttentionExplorer, attention
from widgets.labs.attention_explorer import PARTS

# Overflow in products of huge entries is expected; the widgets report it.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


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
    for view in ex.part("qkv").views.values():
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
