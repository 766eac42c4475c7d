"""Property tests for the state of the views: whatever is set, nothing breaks.

VertexPlot, MatrixHeatmap, MatrixView, ValuesPlot and the property panels; the rules, the strategies and the checks are in `harness.any_values`.
"""

import math

import numpy as np
import pytest
from bqplot import GridHeatMap, Label, Lines, Scatter
from hypothesis import example, given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.any_values import (
    CELL_ARG,
    INDEX_ARG,
    NUMBER,
    SETTINGS,
    SMALL,
    WRONG_MATRIX,
    WRONG_SCALAR,
    assert_matrix,
    frozen,
    matrices,
    refused_or_done,
    same_bits,
)
from harness.shown import axis, mark
from widgets import (
    IdentityPanel,
    MatrixHeatmap,
    MatrixView,
    OrderPanel,
    ValuesPlot,
    VertexPlot,
    bend_rule,
    format_number,
)
from widgets.core.geometry import apply_map, close_polygon
from widgets.views.vertex_plot import GRID_COLOR, GRID_IMAGE_COLOR, HANDLE_COLOR

# Overflow in products of huge entries is expected; the widgets report it.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


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
        "scales": (axis(plot, "bottom").scale.min, axis(plot, "bottom").scale.max, axis(plot, "left").scale.min, axis(plot, "left").scale.max),
    })


def check_vertex_plot(plot):
    assert_matrix(plot.points)
    assert plot.points.shape[0] == 2
    assert_matrix(plot.matrix, (2, 2))
    transform = plot.matrix if plot.rule is None else plot.rule
    assert same_bits(plot.image, apply_map(transform, plot.points))
    assert np.isfinite(plot.image).all()
    bounds = np.array([axis(plot, "bottom").scale.min, axis(plot, "bottom").scale.max, axis(plot, "left").scale.min, axis(plot, "left").scale.max])
    assert np.isfinite(bounds).all()
    assert bounds[1] > bounds[0] and bounds[3] > bounds[2]
    assert np.isfinite(axis(plot, "bottom").tick_values).all()
    shape, grid_in, grid_out = (mark(plot, Lines, **which) for which in (
        {"label": "shape"}, {"color": GRID_COLOR}, {"color": GRID_IMAGE_COLOR}))
    assert same_bits(np.stack([shape.x, shape.y]), close_polygon(plot.points))
    assert mark(plot, Scatter, color=HANDLE_COLOR).visible == plot.draggable
    assert grid_in.visible == grid_out.visible == plot.show_grid
    if plot.show_grid:
        assert np.isfinite(grid_out.x).all() and np.isfinite(grid_out.y).all()
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
            mark(plot, Scatter, color=HANDLE_COLOR).set_state({"x": _wire(points[0]), "y": _wire(points[1])})
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
    assert list(mark(hm, Label).text) == [format_number(v) for v in m.ravel()]
    assert np.array_equal(np.asarray(mark(hm, GridHeatMap).color)[:rows, :cols], m)
    lo, hi = mark(hm, GridHeatMap).scales["color"].min, mark(hm, GridHeatMap).scales["color"].max
    assert math.isfinite(lo) and math.isfinite(hi) and lo < hi
    if hm.kind == "scores":
        assert hi >= np.abs(m).max() and lo == -hi
    assert mark(hm, Lines).visible == (hm.highlight_row is not None)
    if hm.selected is None:
        assert mark(hm, GridHeatMap).selected is None
    else:
        assert np.array_equal(mark(hm, GridHeatMap).selected, [hm.selected])


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
            mark(hm, GridHeatMap).set_state({"selected": pairs or None})
            assert hm.selected == (tuple(pairs[-1]) if pairs else None)
        elif kind == "click_number":
            k = op[1] % hm.matrix.size
            value = memoryview(np.array([k], dtype=np.uint32).tobytes())
            mark(hm, Label).set_state({"selected": {"dtype": "uint32", "shape": [1], "value": value}})
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
        assert np.isfinite([axis(plot, "bottom").scale.min, axis(plot, "bottom").scale.max]).all()


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
