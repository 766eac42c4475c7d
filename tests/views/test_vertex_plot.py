"""Tests for VertexPlot: a shape and its image under a matrix or a rule."""

import json

import numpy as np
import pytest
from bqplot import Figure, Lines, Scatter
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from ipywidgets.widgets.widget import _remove_buffers
from traitlets import TraitError

from harness.comm import sent_messages
from harness.shown import axis, classes, mark
from widgets.core.geometry import HOUSE, UNIT_SQUARE, input_grid, map_lines
from widgets.views.vertex_plot import GRID_COLOR, GRID_IMAGE_COLOR, HANDLE_COLOR, IMAGE_COLOR, VertexPlot

SHEAR = [[1, 1], [0, 1]]


def parabola(X):
    return np.stack([X[0], X[1] + X[0] ** 2])


def wire(values):
    """An array as the browser sends it: a typed-array buffer."""
    array = np.asarray(values, dtype=np.float64)
    return {"dtype": "float64", "shape": list(array.shape), "value": memoryview(array.tobytes())}


def drag(scatter, x, y):
    """What the browser sends when a point of a movable Scatter is dropped."""
    scatter.set_state({"x": wire(x), "y": wire(y)})


def handles(plot):
    """The points a learner drags (drawn in the handle colour)."""
    return mark(plot, Scatter, color=HANDLE_COLOR)


def xy(drawn):
    return np.stack([np.asarray(drawn.x), np.asarray(drawn.y)])


def bounds(plot):
    return (axis(plot, "bottom").scale.min, axis(plot, "bottom").scale.max, axis(plot, "left").scale.min, axis(plot, "left").scale.max)


def all_widgets(plot):
    return [plot, *plot.marks, *plot.axes, axis(plot, "bottom").scale, axis(plot, "left").scale]




def test_defaults_unit_square_identity():
    plot = VertexPlot()
    assert isinstance(plot, Figure)
    np.testing.assert_array_equal(plot.points, UNIT_SQUARE)
    np.testing.assert_array_equal(plot.matrix, np.eye(2))
    np.testing.assert_array_equal(plot.image, UNIT_SQUARE)
    assert plot.rule is None and plot.show_basis and not plot.show_grid
    assert not plot.draggable
    assert "vertex-plot" in classes(plot)
    assert plot.min_aspect_ratio == plot.max_aspect_ratio == 1
    assert plot.layout.width == plot.layout.height == "380px"
    margin = plot.fig_margin
    assert margin["left"] + margin["right"] == margin["top"] + margin["bottom"]


def test_marks_and_legend():
    plot = VertexPlot(title="Shear")
    assert plot.title == "Shear"
    kinds = [type(m) for m in plot.marks]
    assert kinds.count(Lines) == 5 and kinds.count(Scatter) == 2
    legend = [label for m in plot.marks if m.display_legend for label in m.labels]
    assert legend == ["shape", "image", "e1 ↦", "e2 ↦"]
    assert mark(plot, Lines, label="shape").line_style == "dashed"
    assert mark(plot, Lines, label="image").fill == "inside" and mark(plot, Lines, label="image").fill_opacities[0] < 1
    # Under a rule that bends lines, the corners joined straight are not its image, and the legend says so.
    plot.rule = lambda X: np.stack([X[0], X[1] + X[0] ** 2])
    assert [label for m in plot.marks if m.display_legend for label in m.labels][:2] == ["shape", "moved corners, joined"]
    plot.rule = None
    assert mark(plot, Lines, label="image") is not None


def test_shear_of_unit_square():
    plot = VertexPlot(UNIT_SQUARE, SHEAR)
    columns = [tuple(c) for c in plot.image.T]
    assert columns == [(0, 0), (1, 0), (2, 1), (1, 1), (0, 0)]
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="image")), plot.image)
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="shape")), UNIT_SQUARE)
    # the dots mark each vertex once (the closing column is not repeated)
    np.testing.assert_array_equal(xy(mark(plot, Scatter, color=IMAGE_COLOR)), plot.image[:, :4])


def test_open_polygon_closed_for_drawing_only():
    triangle = [[0, 2, 1], [0, 0, 1]]
    plot = VertexPlot(triangle, [[2, 0], [0, 1]])
    assert plot.points.shape == (2, 3) and plot.image.shape == (2, 3)
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="shape"))[:, -1], [0, 0])
    assert xy(mark(plot, Lines, label="image")).shape == (2, 4)
    np.testing.assert_array_equal(xy(mark(plot, Scatter, color=IMAGE_COLOR)), plot.image)


def test_arrays_are_read_only():
    plot = VertexPlot()
    for array in (plot.points, plot.matrix, plot.image):
        with pytest.raises(ValueError):
            array[0, 0] = 7
    with pytest.raises(TraitError):
        plot.image = np.zeros((2, 5))


def test_basis_arrows_end_at_matrix_columns():
    A = np.array([[2.0, -1.0], [0.5, 1.5]])
    plot = VertexPlot(HOUSE, A)
    arrows = xy(mark(plot, Lines, label="e1 ↦"))  # shape (2, 2 arrows, 5 points)
    for k in range(2):
        np.testing.assert_array_equal(arrows[:, k, 0], [0, 0])
        np.testing.assert_allclose(arrows[:, k, 1], A[:, k])
    plot.show_basis = False
    assert not mark(plot, Lines, label="e1 ↦").visible and not mark(plot, Lines, label="e1 ↦").display_legend
    plot.show_basis = True
    assert mark(plot, Lines, label="e1 ↦").visible and mark(plot, Lines, label="e1 ↦").display_legend


def test_rule_overrides_matrix():
    plot = VertexPlot(matrix=SHEAR)
    plot.rule = parabola
    np.testing.assert_array_equal(plot.image, parabola(UNIT_SQUARE))
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="moved corners, joined")), parabola(UNIT_SQUARE))
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="e1 ↦"))[:, :, 1].T, [[1, 1], [0, 1]])
    changes = []
    plot.observe(changes.append, "image")
    plot.matrix = [[3, 0], [0, 3]]  # ignored while the rule is set
    assert changes == []
    plot.rule = None
    np.testing.assert_array_equal(plot.image, 3 * UNIT_SQUARE)
    assert len(changes) == 1


def test_grid_and_its_image():
    plot = VertexPlot(matrix=SHEAR)
    assert not mark(plot, Lines, color=GRID_COLOR).visible and not mark(plot, Lines, color=GRID_IMAGE_COLOR).visible
    plot.show_grid = True
    grid = input_grid(UNIT_SQUARE)
    assert mark(plot, Lines, color=GRID_COLOR).visible and mark(plot, Lines, color=GRID_IMAGE_COLOR).visible
    np.testing.assert_array_equal(mark(plot, Lines, color=GRID_COLOR).x, grid[:, 0])
    np.testing.assert_array_equal(mark(plot, Lines, color=GRID_COLOR).y, grid[:, 1])
    np.testing.assert_allclose(mark(plot, Lines, color=GRID_IMAGE_COLOR).x, map_lines(SHEAR, grid)[:, 0])
    assert np.shape(mark(plot, Lines, color=GRID_IMAGE_COLOR).x)[1] >= 20  # sampled densely enough to bend
    plot.rule = parabola
    np.testing.assert_allclose(mark(plot, Lines, color=GRID_IMAGE_COLOR).y, map_lines(parabola, grid)[:, 1])
    plot.show_grid = False
    assert not mark(plot, Lines, color=GRID_COLOR).visible


def test_bounds_fit_both_shapes_equal_spans():
    plot = VertexPlot(HOUSE, [[3, 0], [0, -2]])
    xmin, xmax, ymin, ymax = bounds(plot)
    assert xmax - xmin == pytest.approx(ymax - ymin)
    for pts in (plot.points, plot.image):
        assert xmin < pts[0].min() and pts[0].max() < xmax
        assert ymin < pts[1].min() and pts[1].max() < ymax
    assert not axis(plot, "bottom").scale.allow_padding and plot.padding_x == plot.padding_y == 0
    plot.matrix = [[0.5, 0], [0, 0.5]]
    assert bounds(plot)[1] < xmax  # the view shrinks with the image


def test_exactly_one_image_change_per_matrix_set():
    plot = VertexPlot()
    changes = []
    plot.observe(changes.append, "image")
    plot.matrix = SHEAR
    assert len(changes) == 1
    np.testing.assert_array_equal(changes[0].new, np.array(SHEAR) @ UNIT_SQUARE)
    plot.matrix = np.array(SHEAR, dtype=float)  # same entries: no change
    assert len(changes) == 1


def test_matrix_change_one_message_per_changed_widget_marks_kept():
    plot = VertexPlot(HOUSE, show_grid=True)
    marks, axes = list(plot.marks), list(plot.axes)
    with sent_messages(all_widgets(plot)) as counts:
        plot.matrix = SHEAR
    assert plot.marks == marks and plot.axes == axes  # updated in place
    image, vertices = mark(plot, Lines, label="image"), mark(plot, Scatter, color=IMAGE_COLOR)
    for widget in (image, vertices, mark(plot, Lines, label="e1 ↦"), mark(plot, Lines, color=GRID_IMAGE_COLOR)):
        assert counts[widget] == 1, widget
    for widget in (axis(plot, "bottom").scale, axis(plot, "left").scale, *plot.axes):
        assert counts[widget] <= 1, widget
    # the shape and the input grid did not change: nothing sent for them
    for widget in (mark(plot, Lines, label="shape"), mark(plot, Lines, color=GRID_COLOR), handles(plot)):
        assert counts[widget] == 0, widget
    assert counts[plot] == 1  # only its text alternative, which says the new corners


def test_hidden_marks_not_updated():
    plot = VertexPlot(show_grid=False, show_basis=False)
    with sent_messages(all_widgets(plot)) as counts:
        plot.matrix = SHEAR
    assert counts[mark(plot, Lines, color=GRID_IMAGE_COLOR)] == counts[mark(plot, Lines, label="e1 ↦")] == 0


def test_points_change_updates_shape_once():
    plot = VertexPlot()
    with sent_messages(all_widgets(plot)) as counts:
        plot.points = HOUSE
    assert counts[mark(plot, Lines, label="shape")] == counts[mark(plot, Lines, label="image")] == 1
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="shape")), HOUSE)


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("points", np.zeros((3, 4)), r"2×N .*got shape \(3, 4\)"),
        ("points", [[0, 1], [np.nan, 1]], r"points\[2,1\] is nan"),
        ("points", [1, 2, 3], "2-D"),
        ("matrix", np.eye(3), r"matrix must be 2×2, got shape \(3, 3\)"),
        ("matrix", [[1, np.inf], [0, 1]], r"matrix\[1,2\] is inf"),
        ("matrix", [["a", 0], [0, 1]], "numbers"),
    ],
)
def test_bad_input_raises_and_keeps_state(name, value, message):
    plot = VertexPlot(HOUSE, SHEAR)
    before = {k: np.copy(getattr(plot, k)) for k in ("points", "matrix", "image")}
    marks_before = [np.copy(m.x) for m in plot.marks]
    with sent_messages(all_widgets(plot)) as counts:
        with pytest.raises(TraitError, match=message):
            setattr(plot, name, value)
    assert sum(counts.values()) == 0
    for key, array in before.items():
        np.testing.assert_array_equal(getattr(plot, key), array)
    for drawn, x in zip(plot.marks, marks_before):
        np.testing.assert_array_equal(drawn.x, x)


@pytest.mark.parametrize(
    "rule, message",
    [
        (lambda X: 1 / 0, "ZeroDivisionError"),
        (lambda X: X[:, :2], r"same shape"),
        (lambda X: np.full(X.shape, np.nan), "non-finite"),
        (lambda X: "abc", "must return numbers"),
    ],
)
def test_bad_rule_raises_at_set_time(rule, message):
    plot = VertexPlot(matrix=SHEAR)
    image = plot.image
    with pytest.raises(TraitError, match=message):
        plot.rule = rule
    assert plot.rule is None
    np.testing.assert_array_equal(plot.image, image)
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="image")), image)


def test_rule_checked_on_new_points_grid_and_basis():
    def needs_positive_x(X):
        if np.any(X[0] < 0):
            raise ValueError("x must be >= 0")
        return X

    plot = VertexPlot(rule=needs_positive_x, show_basis=True)
    with pytest.raises(TraitError, match="x must be >= 0"):
        plot.points = [[-1, 1], [0, 0]]
    np.testing.assert_array_equal(plot.points, UNIT_SQUARE)
    # the input grid reaches x = -1, so the rule cannot draw it
    with pytest.raises(TraitError, match="x must be >= 0"):
        plot.show_grid = True
    assert not plot.show_grid and not mark(plot, Lines, color=GRID_COLOR).visible
    with pytest.raises(TraitError):
        VertexPlot(rule=lambda X: X[0])


def test_constructor_arguments_validated_together():
    plot = VertexPlot([[0, 2], [0, 0]], rule=parabola, show_grid=True)
    np.testing.assert_array_equal(plot.image, [[0, 2], [0, 4]])
    with pytest.raises(TraitError):
        VertexPlot(np.zeros((3, 3)))


def test_draggable_handles_update_points():
    plot = VertexPlot(UNIT_SQUARE, SHEAR)
    assert not handles(plot).visible and not handles(plot).enable_move
    plot.draggable = True
    assert handles(plot).visible and handles(plot).enable_move
    np.testing.assert_array_equal(xy(handles(plot)), UNIT_SQUARE[:, :4])
    changes = []
    plot.observe(changes.append, "points")
    # what the browser sends when vertex 0 is dragged to (-1, -1)
    drag(handles(plot), [-1, 1, 1, 0], [-1, 0, 1, 1])
    assert len(changes) == 1
    np.testing.assert_array_equal(plot.points, [[-1, 1, 1, 0, -1], [-1, 0, 1, 1, -1]])
    np.testing.assert_array_equal(plot.image, np.array(SHEAR) @ plot.points)
    np.testing.assert_array_equal(xy(mark(plot, Lines, label="shape")), plot.points)


def test_dropped_vertex_snaps_and_handle_follows():
    plot = VertexPlot([[0, 1, 0], [0, 0, 1]], draggable=True)
    drag(handles(plot), [0.31234, 1, 0], [0.68, 0, 1])
    np.testing.assert_array_equal(plot.points[:, 0], [0.3, 0.7])
    np.testing.assert_array_equal(xy(handles(plot)), plot.points)
    # a tiny drag snaps back to the same point: points unchanged, handle reset
    drag(handles(plot), [0.31, 1, 0], [0.71, 0, 1])
    np.testing.assert_array_equal(handles(plot).x, [0.3, 1, 0])
    plot.snap = 0
    drag(handles(plot), [0.31234, 1, 0], [0.7, 0, 1])
    assert plot.points[0, 0] == 0.31234


def test_drag_ignored_when_not_draggable_or_rule_fails():
    plot = VertexPlot([[0, 1, 0], [0, 0, 1]])
    drag(handles(plot), [5, 1, 0], [5, 0, 1])
    np.testing.assert_array_equal(plot.points, [[0, 1, 0], [0, 0, 1]])

    def only_small(X):
        if np.abs(X).max() > 3:
            raise ValueError("too far")
        return X

    plot = VertexPlot([[0, 1, 0], [0, 0, 1]], rule=only_small, draggable=True)
    drag(handles(plot), [5, 1, 0], [5, 0, 1])
    np.testing.assert_array_equal(plot.points, [[0, 1, 0], [0, 0, 1]])
    np.testing.assert_array_equal(xy(handles(plot)), plot.points)  # snapped back


def test_state_is_json_serialisable():
    plot = VertexPlot(HOUSE, SHEAR, show_grid=True, draggable=True, title="t")
    for widget in all_widgets(plot):
        state, _, _ = _remove_buffers(widget.get_state())
        json.dumps(state)
    assert list(plot.get_state()["_dom_classes"]) == ["vertex-plot"]


finite = st.floats(-20, 20, allow_nan=False, allow_infinity=False)


@settings(max_examples=40, deadline=None)
@given(
    matrix=arrays(float, (2, 2), elements=finite),
    points=arrays(float, (2, 6), elements=finite),
)
def test_image_is_matrix_times_points_and_in_view(matrix, points):
    plot = VertexPlot(points, matrix)
    np.testing.assert_allclose(plot.image, matrix @ points)
    xmin, xmax, ymin, ymax = bounds(plot)
    assert xmax - xmin == pytest.approx(ymax - ymin)
    everything = np.concatenate([points, plot.image, matrix, np.zeros((2, 1))], axis=1)
    tol = 1e-9 * (1 + np.abs(everything).max())
    assert np.all(everything[0] >= xmin - tol) and np.all(everything[0] <= xmax + tol)
    assert np.all(everything[1] >= ymin - tol) and np.all(everything[1] <= ymax + tol)
