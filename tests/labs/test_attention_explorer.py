"""Tests for widgets.labs.attention_explorer: the explorer and the parts it builds."""
import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from widgets import MatrixHeatmap, WeightSliders, attention
from widgets.labs.attention_explorer import PARTS, AttentionExplorer

X = np.array([[1, 0, 1], [0, 2, 0], [1, 1, 1], [0, 0, 1]], dtype=float)
W = np.array([[1, 0], [0, 1], [1, 1]], dtype=float)


def numpy_attention(X, W_Q, W_K, W_V, scale, causal=False):
    """Attention written out directly, independently of widgets.core.attention_math."""
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    S = Q @ K.T
    logits = scale * S
    if causal:
        logits = np.where(np.tril(np.ones_like(S, dtype=bool)), logits, -np.inf)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    A = e / e.sum(axis=1, keepdims=True)
    return Q, K, V, S, A, A @ V


def counter(widget, name):
    observer = mock.Mock()
    widget.observe(observer, names=name)
    return observer


def make(**kwargs):
    kwargs.setdefault("parts", PARTS)
    return AttentionExplorer(X, W, W, W, **kwargs)


# -- the computation ------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    L=st.integers(1, 6), d=st.integers(1, 5), d_k=st.integers(1, 4), d_v=st.integers(1, 4),
    seed=st.integers(0, 2**32 - 1), scaled=st.booleans(), causal=st.booleans(),
)
def test_result_matches_attention_and_numpy(L, d, d_k, d_v, seed, scaled, causal):
    rng = np.random.default_rng(seed)
    X_ = rng.normal(size=(L, d)).round(2)
    W_Q, W_K, W_V = (rng.normal(size=(d, k)).round(2) for k in (d_k, d_k, d_v))
    ex = AttentionExplorer(
        X_, W_Q, W_K, W_V, scaled=scaled, causal=causal, parts=("scores", "weights")
    )
    scale = 1 / math.sqrt(d_k) if scaled else 1.0
    expected = attention(X_, W_Q, W_K, W_V, scale=scale, causal=causal)
    direct = numpy_attention(X_, W_Q, W_K, W_V, scale, causal)
    for name, ours, theirs in zip("QKVSAH", (ex.result.Q, ex.result.K, ex.result.V, ex.result.S,
                                             ex.result.A, ex.result.H), direct):
        np.testing.assert_allclose(ours, getattr(expected, name), err_msg=name)
        np.testing.assert_allclose(ours, theirs, atol=1e-12, err_msg=name)
    assert ex.result.scale == pytest.approx(scale)
    np.testing.assert_array_equal(ex.scores_heatmap.matrix, ex.result.S)
    np.testing.assert_array_equal(ex.weights_heatmap.matrix, ex.result.A)


def test_options_recompute_once_each():
    ex = make()
    results = counter(ex, "result")
    ex.scaled = False
    assert results.call_count == 1
    np.testing.assert_allclose(ex.result.A, attention(X, W, W, W, scale=1.0).A)
    ex.causal = True
    assert results.call_count == 2
    A = ex.result.A
    assert np.all(A[np.triu_indices(4, 1)] == 0)
    np.testing.assert_allclose(A.sum(axis=1), 1)
    # The checkboxes are linked to the traits both ways.
    ex.part("options").causal_box.value = False
    assert not ex.causal and ex.result.A[0, 1] > 0


def test_an_edit_is_one_recompute_and_updates_every_view():
    ex = make()
    results = counter(ex, "result")
    ex.X_editor.cells[1][1].value = "-1"  # what typing in the browser does
    assert results.call_count == 1
    expected = attention(ex.X_editor.value, W, W, W)
    np.testing.assert_allclose(ex.result.S, expected.S)
    np.testing.assert_array_equal(ex.part("qkv").views["Q"].matrix, expected.Q)
    np.testing.assert_array_equal(ex.part("qkv").views["K^T"].matrix, expected.K.T)
    np.testing.assert_array_equal(ex.scores_heatmap.matrix, expected.S)
    np.testing.assert_array_equal(ex.part("output").matrix, expected.H)


def test_bad_cell_keeps_the_last_result():
    ex = make()
    before = ex.result
    ex.X_editor.cells[0][0].value = "abc"
    assert ex.X_editor.error == "X[1,1]: 'abc' is not a number"
    assert ex.result is before and ex.error == ""


# -- shapes ---------------------------------------------------------------


def test_the_editors_by_name_are_the_explorers_own_and_read_only():
    ex = AttentionExplorer()
    assert list(ex.editors) == ["X", "W_Q", "W_K", "W_V"]
    assert [ex.editors[n] for n in ex.editors] == [ex.X_editor, ex.W_Q_editor, ex.W_K_editor, ex.W_V_editor]
    with pytest.raises(TypeError):
        ex.editors["X"] = ex.W_Q_editor


def test_shapes_for_activity_1_4_5():
    ex = AttentionExplorer(np.ones((5, 4)), np.ones((4, 3)), np.ones((4, 3)), np.ones((4, 3)),
                           parts=("shapes",))
    assert ex.shapes == {
        "X": (5, 4), "W_Q": (4, 3), "W_K": (4, 3), "W_V": (4, 3),
        "Q": (5, 3), "K": (5, 3), "V": (5, 3), "K^T": (3, 5),
        "S": (5, 5), "A_att": (5, 5), "H": (5, 3),
    }
    table = ex.part("shapes").value
    for text in ("5×4", "4×3", "5×3", "3×5", "5×5", "L×d", "L×L"):
        assert text in table


def test_w_rows_follow_x_columns_keeping_entries():
    ex = make()
    results = counter(ex, "result")
    ex.X_editor.resize(4, 2)
    assert results.call_count == 1  # one recompute for the whole resize
    for editor in (ex.W_Q_editor, ex.W_K_editor, ex.W_V_editor):
        np.testing.assert_array_equal(editor.value, W[:2])
    ex.part("editors").cols_picker.value = 4  # the "features d" menu
    assert ex.X_editor.shape == (4, 4)
    assert ex.W_V_editor.shape == (4, 2)
    np.testing.assert_array_equal(ex.W_V_editor.value[3], [0, 0])
    assert ex.shapes["S"] == (4, 4) and ex.error == ""


def test_token_count_follows_x_rows():
    ex = make(tokens=["a", "b"])
    ex.part("editors").rows_picker.value = 3
    assert ex.X_editor.shape == (3, 3)
    assert ex.token_names() == ["a", "b", "t3"]
    assert ex.scores_heatmap.row_labels == ["a", "b", "t3"]
    assert [w.value for w in ex.part("editors").names.children] == ["1 a", "2 b", "3 t3"]
    assert len(ex.weight_sliders) == 3 and len(ex.weight_sliders[0].value) == 3


def test_shape_mismatch_explains_and_keeps_the_last_result():
    ex = make()
    before = ex.result
    ex.W_K_editor.resize(3, 3)
    assert ex.error == (
        "W_Q is 3×2 and W_K is 3×3: W_Q and W_K must have the same number of columns "
        "(each score is a query dotted with a key), but W_Q has 2 and W_K has 3"
    )
    assert ex.result is before
    assert "These shapes do not fit" in ex._status.value and 'role="alert"' in ex._status.value
    assert "—" in ex.part("shapes").value  # results of a bad shape are not shown
    ex.W_Q_editor.resize(2, 2)  # a W whose rows do not match X's columns
    assert ex.error.startswith("X is 4×3 and W_Q is 2×2: X has 3 columns but W_Q has 2 rows")
    ex.W_Q_editor.resize(3, 3)
    assert ex.error == "" and ex._status.value == ""
    assert ex.shapes["S"] == (4, 4) and ex.result is not before


def test_bad_setup():
    with pytest.raises(TraitError, match="unknown parts"):
        AttentionExplorer(parts=("editors", "nope"))
    with pytest.raises(TraitError, match="X has 3 columns but W_Q has 2 rows"):
        AttentionExplorer(X, np.ones((2, 2)), W, W)
    with pytest.raises(TraitError, match="selected"):
        make(selected=(4, 0))


# -- selection and expansion -----------------------------------------------


def test_selection_expands_the_score_and_highlights_q_and_k():
    ex = make(scaled=False)
    ex.selected = (1, 3)
    r = ex.result
    q2, k4 = r.Q[1], r.K[3]
    assert ex.expansion == (
        "S_24 = q_2 · k_4 = q_21 k_41 + q_22 k_42 = "
        f"{q2[0]:g}({k4[0]:g}) + {q2[1]:g}({k4[1]:g}) = {q2 @ k4:g}"
    )
    assert q2 @ k4 == r.S[1, 3]
    assert ex.part("qkv").views["Q"].highlight_row == 1
    assert ex.part("qkv").views["K"].highlight_row == 3
    assert ex.part("qkv").views["K^T"].highlight_col == 3
    assert ex.scores_heatmap.highlight_row == 1
    markup = ex.part("expansion").value
    assert "<i>q</i><sub>21</sub>" in markup
    assert "token 2’s query with all 4 keys" in markup
    assert "token 2 gives weight" in markup


def test_clicking_either_heatmap_selects():
    ex = make()
    selections = counter(ex, "selected")
    ex.scores_heatmap.selected = (2, 0)  # what a click in the browser ends in
    assert ex.selected == (2, 0) and ex.weights_heatmap.selected == (2, 0)
    ex.weights_heatmap.selected = (0, 1)
    assert ex.selected == (0, 1) and ex.scores_heatmap.selected == (0, 1)
    assert selections.call_count == 2
    assert ex.expansion.startswith("S_12 = q_1 · k_2")


def test_causal_mask_is_explained_for_a_hidden_key():
    ex = make(causal=True, selected=(0, 2))
    assert "The causal mask hides token 3 from token 1" in ex.part("expansion").value


def test_shrinking_drops_a_selection_that_no_longer_exists():
    ex = make(selected=(3, 3))
    ex.X_editor.resize(2, 3)
    assert ex.selected is None and ex.expansion == ""
    assert ex.scores_heatmap.selected is None
    assert "Click a cell" in ex.part("expansion").value


def test_selection_out_of_range_is_refused():
    ex = make()
    with pytest.raises(TraitError):
        ex.selected = (0, 4)


# -- weights by hand -------------------------------------------------------


def test_softmax_mode_shows_locked_sliders():
    ex = make()
    assert ex.weights_mode == "softmax"
    for i, sliders in enumerate(ex.weight_sliders):
        assert isinstance(sliders, WeightSliders)
        np.testing.assert_allclose(sliders.value, ex.result.A[i])
        assert sliders.locked == (0, 1, 2, 3)


def test_sliders_mode_sets_the_weights_and_the_output():
    V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    ex = AttentionExplorer(np.array(V, dtype=float), np.eye(2), np.eye(2), np.eye(2),
                           parts=PARTS)
    ex.weights_mode = "sliders"
    assert ex.weight_sliders[1].locked == ()
    assert ex.part("options").scaled_box.disabled and ex.part("options").causal_box.disabled
    results = counter(ex, "result")
    ex.weight_sliders[1].value = (0, 1 / 2, 1 / 4, 1 / 4)
    assert results.call_count == 1
    np.testing.assert_allclose(ex.result.A[1], [0, 0.5, 0.25, 0.25])
    np.testing.assert_allclose(ex.result.H[1], [2, 2])
    np.testing.assert_allclose(ex.result.H, ex.result.A @ ex.result.V)
    np.testing.assert_allclose(ex.result.S, attention(V, np.eye(2), np.eye(2), np.eye(2)).S)
    assert ex.selected[0] == 1  # the row moved last is the one shown
    assert ex.values_plot.focus == 1
    np.testing.assert_allclose(ex.values_plot.outputs, ex.result.H)
    assert "= (2, 2)" in ex.part("plot").average.value
    # A learner's drag: one slider, the others rebalance, the row still adds to 1.
    ex.weight_sliders[1].sliders[0].value = 0.2
    np.testing.assert_allclose(ex.result.A[1], [0.2, 0.4, 0.2, 0.2])
    np.testing.assert_allclose(ex.result.H[1], [1.8, 1.6])
    assert math.isclose(sum(ex.weight_sliders[1].value), 1)
    # Back to softmax: the sliders follow the scores again.
    ex.weights_mode = "softmax"
    np.testing.assert_allclose(ex.weight_sliders[1].value, ex.result.A[1])
    np.testing.assert_allclose(ex.result.A, attention(V, np.eye(2), np.eye(2), np.eye(2)).A)


def test_plot_needs_two_dimensional_values():
    ex = make()
    ex.W_V_editor.resize(3, 3)
    assert "needs 2-D value vectors" in ex.part("plot").note.value
    assert ex.values_plot.layout.visibility == "hidden"
    ex.W_V_editor.resize(3, 2)
    assert ex.values_plot.layout.visibility == "visible"


# -- temperature, token lines, the name A_att -------------------------------


def test_temperature_divides_the_scaled_scores():
    ex = make(parts=("options", "temperature", "weights"))
    S = ex.result.S
    ex.temperature = 2.0
    np.testing.assert_allclose(ex.result.A, numpy_attention(X, W, W, W, 1 / (2 * math.sqrt(2)))[4])
    assert ex.result.scale == pytest.approx(1 / (2 * math.sqrt(2)))
    ex.scaled = False
    ex.part("temperature").value = 0.5  # the learner's slider, linked to the trait
    assert ex.temperature == pytest.approx(0.5)
    np.testing.assert_allclose(ex.result.A, numpy_attention(X, W, W, W, 2.0)[4])
    np.testing.assert_array_equal(ex.result.S, S)  # the scores themselves do not change


def test_low_temperature_sharpens_high_temperature_flattens():
    ex = make(parts=("weights",), scaled=False)
    spread = lambda A: float(np.max(A, axis=1).mean())  # noqa: E731 - mean largest weight
    base = spread(ex.result.A)
    ex.temperature = 0.1
    assert spread(ex.result.A) > base
    ex.temperature = 20
    assert spread(ex.result.A) < base and np.allclose(ex.result.A, 0.25, atol=0.05)


def test_temperature_out_of_range_is_clamped_nan_refused():
    ex = make(parts=("options",))
    ex.temperature = 1000
    assert ex.temperature == 20
    ex.temperature = 0
    assert ex.temperature == 0.05
    with pytest.raises(TraitError, match="temperature must be a number"):
        ex.temperature = float("nan")
    assert ex.temperature == 0.05 and ex.error == ""


def test_the_temperature_slider_is_a_part_placed_among_the_options():
    ex = make(parts=("options", "temperature"))
    slider = ex.part("temperature")
    assert slider is ex.part("temperature") and slider in ex.part("options").children
    assert slider not in ex.children  # laid out once, inside the options
    alone = make(parts=("temperature", "weights"))
    assert alone.part("temperature") in alone.children
    # Without the part (lab 7's options) there is no slider; the trait still works.
    plain = make(parts=("options", "weights"))
    assert not hasattr(plain, "_temperature_slider")
    plain.temperature = 2.0
    assert plain.result.scale == pytest.approx(1 / (2 * math.sqrt(2)))


def test_temperature_slider_is_disabled_with_weights_by_hand():
    ex = make()
    ex.weights_mode = "sliders"
    assert ex.part("temperature").disabled
    assert "temperature" in ex.part("options").note.value
    ex.weights_mode = "softmax"
    assert not ex.part("temperature").disabled


def test_token_lines_follow_the_picked_row_and_the_weights():
    ex = make(parts=("weights", "sliders", "lines"), tokens=["the", "cat", "sat", "down"])
    lines = ex.token_lines
    assert lines.row == 0
    np.testing.assert_allclose(lines.weights, ex.result.A)
    ex.selected = (2, 1)
    assert lines.row == 2 and lines.summary.startswith("sat → the ")
    assert "token 3 (“sat”)" in ex.part("lines").note.value
    ex.weights_mode = "sliders"
    ex.weight_sliders[1].value = (0, 0.5, 0.25, 0.25)  # moving row 2 picks it
    assert lines.row == 1
    np.testing.assert_allclose(lines.widths, np.array([0, 0.5, 0.25, 0.25]) * lines.max_width)
    ex.X_editor.resize(5, 3)  # a fifth token: one more line
    assert lines.weights.shape == (5, 5) and lines.names()[4] == "t5"


def test_the_attention_weights_are_called_A_att_everywhere():
    ex = make(parts=PARTS)
    ex.selected = (1, 2)
    shown = " ".join([
        ex.weights_heatmap.title, ex.part("output").name, ex.part("shapes").value,
        ex.part("expansion").value, *(t.value for t in ex.part("sliders").titles),
    ])
    assert "A_att" in ex.weights_heatmap.title and ex.part("output").name == r"H = A_{\mathrm{att}}V"
    assert "<i>A</i><sub>att</sub>[2, 3]" in ex.part("expansion").value
    assert "H = A<sub>att</sub>V" in ex.part("shapes").value
    assert "weights A " not in shown and "<i>A</i>:" not in shown and "<i>A</i><sub>2" not in shown
    assert ex.shapes["A_att"] == (4, 4) and "A" not in ex.shapes


# -- randomise, parts, layout ------------------------------------------------


def test_randomise_is_seeded_and_one_recompute():
    a, b = make(), make()
    results = counter(a, "result")
    a.randomise(5)
    b.randomise(5)
    assert results.call_count == 1
    for name in ("X_editor", "W_Q_editor", "W_K_editor", "W_V_editor"):
        np.testing.assert_array_equal(getattr(a, name).value, getattr(b, name).value)
    assert a.X_editor.shape == (4, 3) and a.W_V_editor.shape == (3, 2)
    assert set(np.unique(a.X_editor.value)) <= {-1, 0, 1}
    a.part("randomise").seed.value = 6
    a.part("randomise").button.click()
    assert not np.array_equal(a.X_editor.value, b.X_editor.value)


def test_parts_and_properties():
    ex = AttentionExplorer(parts=("weights",))
    assert ex.parts == ("weights",)
    assert isinstance(ex.weights_heatmap, MatrixHeatmap)
    assert ex.part("weights") is ex.weights_heatmap
    with pytest.raises(AttributeError):
        ex.scores_heatmap  # noqa: B018 (reading it is what raises)
    with pytest.raises(KeyError):
        ex.part("scores")
    with pytest.raises(AttributeError):
        ex.X_editor = None
    # The status line is shown even without the editors part.
    assert ex._status in ex.children


def test_default_layout_holds_each_part_once():
    ex = AttentionExplorer()
    assert set(ex.parts) == {"editors", "options", "shapes", "qkv", "scores", "weights",
                             "output", "expansion"}

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    shown = list(walk(ex))
    for part in ex.parts:
        assert shown.count(ex.part(part)) == 1
    assert shown.count(ex.X_editor) == 1


def test_a_failing_view_shows_a_message_not_a_traceback(monkeypatch):
    ex = make()

    def boom(snapshot):
        raise RuntimeError("boom")

    monkeypatch.setattr(ex.part("expansion"), "show", boom)
    ex.X_editor.cells[0][0].value = "2"  # no exception escapes the callback
    assert "Something went wrong: boom" in ex._status.value
    assert ex.error == "could not update the views: boom"
    monkeypatch.undo()
    ex.X_editor.cells[0][0].value = "1"
    assert ex.error == "" and ex._status.value == ""
