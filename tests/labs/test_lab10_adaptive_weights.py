"""Lab 10's composites: DenseVsAttention says what an edit moved; LinearityTables compares f(cX) with c f(X)."""

import numpy as np
import pytest
from ipywidgets import Layout
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_style import Style

from widgets import AttentionExplorer, attention
from widgets.core.dense_layer import dense_rows
from widgets.core.lab_numbers import LAB10, LAB10_DENSE_W
from widgets.labs.adaptive_weights import DenseVsAttention, LinearityTables

W_DENSE = LAB10_DENSE_W


@pytest.fixture
def explorer():
    return AttentionExplorer(*LAB10.inputs, tokens=LAB10.tokens, parts=("editors", "weights"))  # as lab 10 opens


def weights(explorer):
    return [e.value for e in (explorer.W_Q_editor, explorer.W_K_editor, explorer.W_V_editor)]


def test_an_edit_moves_attention_weights_not_the_dense_w(explorer):
    panel = DenseVsAttention(explorer, W_DENSE)
    X = explorer.X_editor.value
    np.testing.assert_allclose(panel.Y_view.matrix, X @ W_DENSE.T)
    np.testing.assert_allclose(panel.H_view.matrix, explorer.result.H)
    assert panel.change.value == "<i>Change an entry of X to compare.</i>"
    assert explorer.weights_heatmap.title == "attention: A_att(X)"
    A_before = explorer.result.A
    explorer.X_editor.cells[2][0].value = "3"
    assert not np.allclose(explorer.result.A, A_before)
    np.testing.assert_array_equal(panel.dense_map.matrix, W_DENSE)
    text = panel.change.value
    assert "changed token 3 (tea)" in text and "Dense layer: <b>0 of 4</b> entries of W moved" in text
    changed = int(np.sum(np.abs(explorer.result.A - A_before) > 5e-4))
    assert f"Attention: <b>{changed} of 9</b> weights moved" in text
    np.testing.assert_allclose(panel.Y_view.matrix, explorer.X_editor.value @ W_DENSE.T)


def test_a_third_feature_is_explained_and_the_last_output_kept(explorer):
    panel = DenseVsAttention(explorer, W_DENSE)
    Y = panel.Y_view.matrix.copy()
    explorer.X_editor.resize(3, 3)
    assert "x needs 2 entries" in panel.change.value and "Set features d back to 2" in panel.change.value
    np.testing.assert_array_equal(panel.Y_view.matrix, Y)
    explorer.X_editor.resize(3, 2)
    assert "Dense layer:" not in panel.change.value or "changed token" in panel.change.value


def test_token_names_are_escaped(explorer):
    explorer.tokens = ["<b>I</b>", "like", "tea"]
    panel = DenseVsAttention(explorer, W_DENSE)
    explorer.X_editor.cells[0][0].value = "2"
    assert "&lt;b&gt;I&lt;/b&gt;" in panel.change.value


def test_linearity_verdicts_follow_c_and_the_tokens(explorer):
    tables = LinearityTables(explorer, W_DENSE)
    v = tables.verdicts
    assert tables.c_slider.value == 2
    assert "equal" in v["dense"].value and "equal" in v["fixed"].value and "different" in v["att"].value
    X = explorer.X_editor.value
    r = attention(X, *weights(explorer))
    np.testing.assert_allclose(tables.views["dense_cX"].matrix, 2 * (X @ W_DENSE.T))
    np.testing.assert_allclose(tables.views["att_c"].matrix, 2 * r.H)
    assert not np.allclose(tables.views["att_cX"].matrix, 2 * r.H)
    assert not np.allclose(tables.A_views["A_att_c"].matrix, r.A)
    np.testing.assert_allclose(tables.A_views["A_att"].matrix, r.A)
    tables.c_slider.value = 1.0
    assert "equal" in v["att"].value
    tables.c_entry.entry.value = "10"  # out of the slider's range: refused, c stays
    assert tables.c_slider.value == 1.0 and "between −2 and 3" in tables.c_entry.error
    tables.c_entry.entry.value = "-1"
    # c = -1: the scores c²S are those of c = 1, so the weights are too, and f(-X) = -f(X) here.
    np.testing.assert_allclose(tables.A_views["A_att_c"].matrix, r.A)
    assert "equal" in v["att"].value
    explorer.X_editor.cells[0][1].value = "2"
    X = explorer.X_editor.value
    np.testing.assert_allclose(tables.views["dense_c"].matrix, -(X @ W_DENSE.T))


def test_bad_shapes_leave_the_last_tables_and_say_why(explorer):
    tables = LinearityTables(explorer, W_DENSE)
    before = tables.views["att_cX"].matrix.copy()
    explorer.X_editor.resize(3, 3)
    assert "x needs 2 entries" in tables.verdicts["att"].value
    np.testing.assert_array_equal(tables.views["att_cX"].matrix, before)
    explorer.X_editor.resize(3, 2)
    assert "equal" in tables.verdicts["dense"].value


def test_dense_rows_refuses_a_token_that_does_not_fit():
    with pytest.raises(ValueError, match="x needs 2 entries"):
        dense_rows(W_DENSE, np.ones((3, 3)))


def test_linearity_follows_the_explorers_temperature_and_mask(explorer):
    tables = LinearityTables(explorer, W_DENSE, c=3.0)
    explorer.temperature = 4.0
    explorer.causal = True
    X, (W_Q, W_K, W_V) = explorer.X_editor.value, weights(explorer)
    scale = explorer.result.scale
    assert scale == pytest.approx(1 / (4.0 * np.sqrt(2)))
    r = attention(X, W_Q, W_K, W_V, scale=scale, causal=True)
    r_c = attention(3 * X, W_Q, W_K, W_V, scale=scale, causal=True)
    np.testing.assert_allclose(tables.A_views["A_att"].matrix, explorer.result.A)
    np.testing.assert_allclose(tables.A_views["A_att_c"].matrix, r_c.A)
    np.testing.assert_allclose(tables.views["att_c"].matrix, 3 * r.H)
    assert not np.allclose(r_c.A, attention(3 * X, W_Q, W_K, W_V).A)  # the default scale would differ
    explorer.scaled = False
    np.testing.assert_allclose(tables.A_views["A_att"].matrix, explorer.result.A)


def test_linearity_says_what_it_compares_above_the_slider(explorer):
    tables = LinearityTables(explorer, W_DENSE)
    text, entry, rest = tables.children
    assert "is <b>not</b> linear in $X$" in text.text and "Pick $c$ and compare" in text.text
    assert entry is tables.c_entry and rest is tables.tables


def test_attention_output_follows_the_explorers_temperature(explorer):
    panel = DenseVsAttention(explorer, W_DENSE)
    H_default = panel.H_view.matrix.copy()
    explorer.temperature = 0.25
    X, (W_Q, W_K, W_V) = explorer.X_editor.value, weights(explorer)
    sharp = attention(X, W_Q, W_K, W_V, scale=1 / (0.25 * np.sqrt(2)))
    np.testing.assert_allclose(panel.H_view.matrix, sharp.H)
    assert not np.allclose(panel.H_view.matrix, H_default)
    np.testing.assert_allclose(explorer.weights_heatmap.matrix, sharp.A)


@pytest.mark.parametrize("build", [DenseVsAttention, LinearityTables])
def test_close_closes_what_it_built_and_leaves_the_explorer_open(explorer, build):
    before = set(_instances)
    panel = build(explorer, W_DENSE)
    built = [w for key, w in _instances.items() if key not in before and not isinstance(w, (Layout, Style))]
    panel.close()
    assert [type(w).__name__ for w in built if w.comm is not None] == []
    assert explorer.comm is not None and explorer.part("editors").comm is not None
    explorer.X_editor.cells[0][0].value = "2"  # no longer followed: nothing to update, nothing raises


def test_the_parts_classes_start_with_the_prefix(explorer):
    compare = DenseVsAttention(explorer, W_DENSE, prefix="demo")
    tables = LinearityTables(explorer, W_DENSE, prefix="demo")
    assert "demo-compare" in compare._dom_classes and "demo-change" in compare.change._dom_classes
    assert "demo-verdict-att" in tables.verdicts["att"]._dom_classes
    assert "demo-c" in tables.c_slider._dom_classes
