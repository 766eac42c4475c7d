"""Tests for widgets.text.alternatives: what each plot shows, in words and as a table."""
import numpy as np

from widgets import MatrixHeatmap, VertexPlot
from widgets.text.alternatives import TABLE_CELL, heatmap, points_in_words, values_plot, vertex_plot

SQUARE = [[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]]


def table(text):
    """The rows of a heatmap's alternative, as lists of cell text (the sentence left out)."""
    return [line.split(TABLE_CELL) for line in text.split("\n")[1:]]


def test_an_open_polygon_keeps_every_point_a_closed_one_says_its_first_once():
    assert points_in_words([[0, 1, 0], [0, 0, 1]]) == "(0, 0), (1, 0) and (0, 1)"
    assert points_in_words(SQUARE).count("(0, 0)") == 1


def test_vertex_plot_says_the_corners_before_and_after_and_the_basis_only_when_drawn():
    image = np.array([[0, 2, 2, 0, 0], [0, 0, 1, 1, 0]])
    text = vertex_plot(SQUARE, image)
    assert "with corners (0, 0), (1, 0), (1, 1) and (0, 1) goes to" in text
    assert text.endswith("corners (0, 0), (2, 0), (2, 1) and (0, 1).")
    assert "e1" not in text and text[0] == "T"


def test_heatmap_table_has_headers_and_every_entry_in_place():
    rows = table(heatmap(np.arange(6).reshape(2, 3) - 2.5, ["q1", "q2"], ["a", "b", "c"]))
    assert rows == [["", "a", "b", "c"], ["q1", "-2.5", "-1.5", "-0.5"], ["q2", "0.5", "1.5", "2.5"]]


def test_heatmap_of_one_number_says_so():
    assert heatmap([[3]], ["1"], ["1"]).startswith("A heatmap of 1 row and 1 column, every entry 3;")


def test_values_plot_names_outputs_and_the_focused_weights():
    text = values_plot([[0, 0], [2, 0]], [[1, 0], [0.5, 0]], ["h1", "h2"], 1, [0.75, 0.25])
    assert "outputs h1 at (1, 0) and h2 at (0.5, 0)" in text
    assert text.endswith("lines from h2 to each value, as opaque as its weight: v1 0.75 and v2 0.25.")
    assert "lines" not in values_plot([[0, 0]], [[0, 0]], ["h1"])


def test_views_keep_their_alternative_in_step_with_the_drawing():
    plot = VertexPlot(SQUARE, [[1, 1], [0, 1]], title="Shear")
    plot.matrix = [[2, 0], [0, 1]]
    assert plot.tooltip.startswith("Shear: the shape") and "(2, 0), (2, 1) and (0, 1);" in plot.tooltip
    heat = MatrixHeatmap([[1, 2]], title="AB")
    heat.matrix = [[7, -3]]
    assert table(heat.tooltip) == [["", "1", "2"], ["1", "7", "-3"]]
    heat.title = "scores"
    assert heat.tooltip.startswith("scores: a heatmap")
