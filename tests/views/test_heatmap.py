"""Tests for MatrixHeatmap: score and weight matrices as coloured grids."""

import json

import numpy as np
import pytest
from bqplot import Figure, GridHeatMap, Label, Lines
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from ipywidgets.widgets.widget import _remove_buffers
from traitlets import TraitError

from harness.comm import sent_messages
from harness.shown import axis, classes, mark
from widgets.core.parsing import format_number, parse_number
from widgets.views.heatmap import MatrixHeatmap

S = np.array([[2.0, -1.0, 0.5], [0.0, 3.0, -4.0]])
TOKENS = ["the", "cat", "sat"]


def all_widgets(hm):
    return [hm, *hm.marks, *hm.axes, *mark(hm, GridHeatMap).scales.values()]




def click_cell(hm, i, j):
    """What the browser sends when cell (i, j) of the GridHeatMap is clicked."""
    mark(hm, GridHeatMap).set_state({"selected": [[i, j]]})


def click_number(hm, k):
    """What the browser sends when the k-th number (row-major) is clicked."""
    value = memoryview(np.array([k], dtype=np.uint32).tobytes())
    mark(hm, Label).set_state({"selected": {"dtype": "uint32", "shape": [1], "value": value}})


def cells(hm):
    rows, cols = hm.matrix.shape
    return np.asarray(mark(hm, GridHeatMap).color)[:rows, :cols]


def test_builds_figure_with_heatmap_numbers_and_outline():
    hm = MatrixHeatmap(S, col_labels=TOKENS, title="Scores S")
    assert isinstance(hm, Figure) and hm.title == "Scores S"
    assert [mark(hm, kind) for kind in (GridHeatMap, Label, Lines)] == hm.marks  # cells, numbers, outline, drawn in that order
    assert "matrix-heatmap" in classes(hm)
    assert mark(hm, GridHeatMap).interactions == {"click": "select"}
    assert mark(hm, Label).interactions == {"click": "select"}
    np.testing.assert_array_equal(cells(hm), S)


def test_numbers_written_at_cell_centres():
    hm = MatrixHeatmap(S)
    assert list(mark(hm, Label).text) == ["2", "-1", "0.5", "0", "3", "-4"]
    # cell (i, j) is [j, j+1] × [i, i+1]; its number sits at the centre
    np.testing.assert_array_equal(mark(hm, Label).x, [0.5, 1.5, 2.5] * 2)
    np.testing.assert_array_equal(mark(hm, Label).y, [0.5] * 3 + [1.5] * 3)
    assert mark(hm, Label).align == "middle"
    np.testing.assert_array_equal(mark(hm, GridHeatMap).row, [0, 1, 2])
    np.testing.assert_array_equal(mark(hm, GridHeatMap).column, [0, 1, 2, 3])


def test_rows_top_to_bottom_like_a_matrix():
    hm = MatrixHeatmap(S, row_labels=["q1", "q2"], col_labels=TOKENS)
    assert axis(hm, "left").scale.reverse and not axis(hm, "bottom").scale.reverse
    assert (axis(hm, "left").scale.min, axis(hm, "left").scale.max) == (0, 2)
    assert (axis(hm, "bottom").scale.min, axis(hm, "bottom").scale.max) == (0, 3)
    assert axis(hm, "left").side == "left" and axis(hm, "bottom").side == "bottom"
    np.testing.assert_array_equal(axis(hm, "left").tick_values, [0.5, 1.5])
    assert axis(hm, "left").tick_labels == {"0.5": "q1", "1.5": "q2"}
    assert axis(hm, "bottom").tick_labels == {"0.5": "the", "1.5": "cat", "2.5": "sat"}


def test_default_labels_count_from_one():
    hm = MatrixHeatmap(np.zeros((2, 4)))
    assert list(axis(hm, "left").tick_labels.values()) == ["1", "2"]
    assert list(axis(hm, "bottom").tick_labels.values()) == ["1", "2", "3", "4"]


def test_score_colours_diverge_symmetrically_at_zero():
    hm = MatrixHeatmap(S, kind="scores")
    scale = mark(hm, GridHeatMap).scales["color"]
    assert scale.scheme == "RdBu"
    assert (scale.min, scale.mid, scale.max) == (-4, 0, 4)
    hm.matrix = np.zeros((2, 2))
    assert (scale.min, scale.max) == (-1, 1)  # still a usable range


def test_weight_colours_sequential_zero_to_one():
    W = np.array([[0.5, 0.25, 0.25], [0.1, 0.1, 0.8]])
    hm = MatrixHeatmap(W, kind="weights")
    scale = mark(hm, GridHeatMap).scales["color"]
    assert scale.scheme == "Blues"
    assert (scale.min, scale.mid, scale.max) == (0, None, 1)
    assert mark(hm, Label).colors == ["black"] * 5 + ["white"]  # 0.8 is dark blue
    hm.kind = "scores"
    assert scale.scheme == "RdBu" and scale.max == pytest.approx(0.8)
    assert mark(hm, GridHeatMap).scales["color"] is scale  # updated in place


def test_text_colour_contrast_for_scores():
    hm = MatrixHeatmap(S)
    # dark cells (|value| > 60% of max|S| = 4) get white text
    assert mark(hm, Label).colors == ["black", "black", "black", "black", "white", "white"]


def test_matrix_update_in_place_one_message_per_widget():
    hm = MatrixHeatmap(S, col_labels=TOKENS)
    marks, axes = list(hm.marks), list(hm.axes)
    with sent_messages(all_widgets(hm)) as counts:
        hm.matrix = S * 2
    assert hm.marks == marks and hm.axes == axes
    assert counts[mark(hm, GridHeatMap)] == counts[mark(hm, Label)] == counts[mark(hm, GridHeatMap).scales["color"]] == 1
    # same shape and labels: axes, positional scales and outline untouched
    for widget in (axis(hm, "left"), axis(hm, "bottom"), axis(hm, "bottom").scale, axis(hm, "left").scale, mark(hm, Lines)):
        assert counts[widget] == 0, widget
    assert counts[hm] == 1  # the figure's text alternative, which lists the new numbers
    assert "\t-8" in hm.tooltip
    np.testing.assert_array_equal(cells(hm), 2 * S)
    assert mark(hm, Label).text[5] == "-8"


def test_equal_matrix_sends_nothing():
    hm = MatrixHeatmap(S)
    with sent_messages(all_widgets(hm)) as counts:
        hm.matrix = S.tolist()
    assert sum(counts.values()) == 0


def test_shape_change_with_labels():
    hm = MatrixHeatmap(S, row_labels=["a", "b"], col_labels=TOKENS)
    with hm.hold_trait_notifications():
        hm.matrix = np.eye(4)
        hm.row_labels = hm.col_labels = ["w", "x", "y", "z"]
    np.testing.assert_array_equal(cells(hm), np.eye(4))
    assert len(mark(hm, Label).text) == 16
    assert axis(hm, "left").scale.max == axis(hm, "bottom").scale.max == 4
    assert list(axis(hm, "bottom").tick_labels.values()) == ["w", "x", "y", "z"]
    hm.row_labels = hm.col_labels = None
    hm.matrix = np.ones((2, 5))
    assert list(axis(hm, "bottom").tick_labels.values()) == ["1", "2", "3", "4", "5"]


def test_mismatched_labels_rejected_and_rolled_back():
    hm = MatrixHeatmap(S, col_labels=TOKENS)
    with pytest.raises(TraitError, match="matrix has 2 columns but col_labels has 3 names"):
        hm.matrix = np.eye(2)
    with pytest.raises(TraitError, match="matrix has 3 columns but col_labels has 2 names"):
        hm.col_labels = ["a", "b"]
    with pytest.raises(TraitError):
        with hm.hold_trait_notifications():
            hm.matrix = np.eye(2)
            hm.row_labels = ["only one"]
    np.testing.assert_array_equal(hm.matrix, S)
    assert hm.col_labels == TOKENS and hm.row_labels is None
    np.testing.assert_array_equal(cells(hm), S)


@pytest.mark.parametrize(
    "bad, message",
    [
        ([[1, np.nan], [0, 1]], r"matrix\[1,2\] is nan"),
        ([[np.inf]], r"matrix\[1,1\] is inf"),
        ([1, 2, 3], "2-D"),
        (np.zeros((2, 2, 2)), "2-D"),
        (np.zeros((0, 3)), "matrix"),
        ([["a", "b"]], "numbers"),
    ],
)
def test_bad_matrix_raises_and_keeps_state(bad, message):
    hm = MatrixHeatmap(S)
    with sent_messages(all_widgets(hm)) as counts:
        with pytest.raises(TraitError, match=message):
            hm.matrix = bad
    assert sum(counts.values()) == 0
    np.testing.assert_array_equal(hm.matrix, S)
    np.testing.assert_array_equal(cells(hm), S)


def test_click_on_cell_selects_it():
    hm = MatrixHeatmap(S)
    changes = []
    hm.observe(changes.append, "selected")
    click_cell(hm, 1, 2)
    assert hm.selected == (1, 2) and len(changes) == 1
    np.testing.assert_array_equal(mark(hm, Label).selected, [5])
    # ctrl-click adds a second cell; the selection follows the last click
    mark(hm, GridHeatMap).set_state({"selected": [[1, 2], [0, 0]]})
    assert hm.selected == (0, 0)
    np.testing.assert_array_equal(mark(hm, GridHeatMap).selected, [[0, 0]])
    # a click on the background clears the selection
    mark(hm, GridHeatMap).set_state({"selected": None})
    assert hm.selected is None and mark(hm, Label).selected is None


def test_click_on_number_selects_its_cell():
    hm = MatrixHeatmap(S)
    click_number(hm, 4)
    assert hm.selected == (1, 1)
    np.testing.assert_array_equal(mark(hm, GridHeatMap).selected, [[1, 1]])


def test_selection_from_python_reaches_marks():
    hm = MatrixHeatmap(S)
    hm.selected = (0, 2)
    np.testing.assert_array_equal(mark(hm, GridHeatMap).selected, [[0, 2]])
    np.testing.assert_array_equal(mark(hm, Label).selected, [2])
    assert mark(hm, GridHeatMap).selected_style  # the selected cell is drawn differently
    state, _, _ = _remove_buffers(mark(hm, GridHeatMap).get_state())
    json.dumps(state)
    hm.selected = None
    assert mark(hm, GridHeatMap).selected is None
    with pytest.raises(TraitError, match=r"selected: expected a cell \(i, j\) with i from 0 to 1 and j from 0 to 2, or None; got \(2, 0\)"):
        hm.selected = (2, 0)
    with pytest.raises(TraitError):
        hm.selected = (0,)


def test_clicks_on_padding_ignored():
    hm = MatrixHeatmap([[1.0, 2.0]])  # padded to 2 rows for bqplot
    click_cell(hm, 1, 0)
    assert hm.selected is None


def test_shrinking_matrix_drops_selection_and_highlight():
    hm = MatrixHeatmap(np.eye(3), selected=(2, 2), highlight_row=2)
    hm.matrix = np.eye(2)
    assert hm.selected is None and hm.highlight_row is None
    assert not mark(hm, Lines).visible
    hm = MatrixHeatmap(np.eye(3), selected=(0, 1), highlight_row=1)
    hm.matrix = np.eye(2)
    assert hm.selected == (0, 1) and hm.highlight_row == 1


def test_highlight_row_outlines_the_row():
    hm = MatrixHeatmap(S)
    assert not mark(hm, Lines).visible
    hm.highlight_row = 1
    assert mark(hm, Lines).visible
    np.testing.assert_array_equal(mark(hm, Lines).x, [0, 3, 3, 0, 0])
    np.testing.assert_array_equal(mark(hm, Lines).y, [1, 1, 2, 2, 1])
    hm.highlight_row = None
    assert not mark(hm, Lines).visible
    with pytest.raises(TraitError, match="from 0 to 1"):
        hm.highlight_row = 2


@pytest.mark.parametrize("shape", [(1, 1), (1, 4), (4, 1), (2, 2), (6, 6)])
def test_thin_matrices_reach_browser_as_2d(shape):
    matrix = np.arange(np.prod(shape), dtype=float).reshape(shape)
    hm = MatrixHeatmap(matrix, kind="weights", selected=(0, 0), highlight_row=0)
    color = np.asarray(mark(hm, GridHeatMap).color)
    assert color.ndim == 2 and min(color.shape) >= 2
    np.testing.assert_array_equal(cells(hm), matrix)
    rows, cols = shape
    # padding cells have zero size: boundaries repeat at the edge
    assert mark(hm, GridHeatMap).row[-1] == rows and mark(hm, GridHeatMap).column[-1] == cols
    assert len(mark(hm, GridHeatMap).row) == color.shape[0] + 1
    assert len(mark(hm, Label).text) == rows * cols
    for widget in all_widgets(hm):
        state, _, _ = _remove_buffers(widget.get_state())
        json.dumps(state)


@settings(max_examples=40, deadline=None)
@given(
    matrix=arrays(
        float,
        st.tuples(st.integers(1, 6), st.integers(1, 6)),
        elements=st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False),
    )
)
def test_scores_range_covers_matrix_and_numbers_match(matrix):
    hm = MatrixHeatmap(matrix)
    scale = mark(hm, GridHeatMap).scales["color"]
    assert scale.min == -scale.max and scale.mid == 0
    assert np.all(np.abs(matrix) <= scale.max)
    assert list(mark(hm, Label).text) == [format_number(v) for v in matrix.ravel()]
    for text, value in zip(mark(hm, Label).text, matrix.ravel()):
        assert parse_number(str(text)) == pytest.approx(value, rel=1e-2, abs=1e-3)
