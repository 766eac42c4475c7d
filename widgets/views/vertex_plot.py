"""A plot of a shape and its image under a 2×2 matrix or a rule.

`VertexPlot` draws the vertex matrix ``X`` (points as columns, as in the
syllabus) and its image ``Y = A @ X``: the shape dashed, the image filled,
the images of ``e1`` and ``e2`` as arrows and, optionally, a grid of input
lines with its image, which a rule that is not a matrix map visibly bends.

All geometry comes from `widgets.core.geometry`; this module only keeps bqplot
marks in step with it.  A change updates the existing marks in place, each
inside one ``hold_sync`` block, and leaves marks whose data did not change
alone.
"""

from __future__ import annotations

import collections.abc
from typing import Any

import numpy as np
from bqplot import Axis, Label, LinearScale, Lines, Scatter
from ipywidgets import Layout
from numpy.typing import ArrayLike
from traitlets import Bool, Callable, TraitError, Tuple, default, observe, validate

from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.traits import FiniteFloat, MatrixTrait
from ..core import geometry, plot_frame
from ..core.slider_values import snap_to_grid
from ..text import alternatives
from .described import DescribedFigure

__all__ = ["VertexPlot"]

_SHAPE_COLOR = "#555555"
IMAGE_COLOR = "#1f77b4"
# Vermillion and bluish green (Okabe and Ito's palette): told apart with any colour vision, and
# each arrow is named at its tip as well (a learner should not need colour at all).
_E1_COLOR = "#D55E00"
_E2_COLOR = "#009E73"
HANDLE_COLOR = "#ff7f0e"
GRID_COLOR = "#d9d9d9"
GRID_IMAGE_COLOR = "#9ecae1"

#: Room around the data, as a fraction of its span.
MARGIN = 0.12
#: Arrowhead barb length, as a fraction of the view's span.
HEAD = 0.05
#: Axis labels: up to 4 significant digits, no trailing zeros.
_TICK_FORMAT = ".4~g"


class VertexPlot(OwnsChildren, DescribedFigure):
    """A shape (vertices as columns) before and after a map of the plane.

    Parameters
    ----------
    points : array_like, optional
        The ``2×N`` vertex matrix ``X``: x coordinates in row 1, y in row 2,
        one vertex per column.  If the last column does not repeat the first
        the polygon is closed for drawing.  Default: the closed unit square.
    matrix : array_like, optional
        The ``2×2`` matrix ``A``.  Default: the identity.
    rule : callable or None, optional
        A map that is not (necessarily) a matrix: it takes a ``2×N`` array of
        points as columns and returns one of the same shape.  When set it
        replaces `matrix` for the image, the arrows and the grid.
    show_grid : bool, optional
        Draw a faint grid of input lines and its image.  Default False.
    show_basis : bool, optional
        Draw the images of ``e1`` and ``e2`` as arrows from the origin.
        Default True.
    draggable : bool, optional
        Show handles on the vertices of the shape; dragging one (and
        releasing it) updates `points`.  Default False.
    snap : float, optional
        A dropped vertex is rounded to multiples of `snap` (default 0.1, so
        the coordinates stay readable); 0 keeps it where it fell.
    title : str, optional
        Figure title.
    **kwargs
        Passed to `bqplot.Figure` (e.g. ``layout``, ``fig_margin``).  Set
        the `view` trait after construction to fix the view.

    Attributes
    ----------
    image : numpy.ndarray
        Read-only trait: the ``2×N`` image of `points` (``matrix @ points``,
        or ``rule(points)``).  Observe it to react to the plot.
    view : tuple of float or None
        ``(xmin, xmax, ymin, ymax)`` to keep in view whatever is drawn, e.g.
        while a morph plays; None (the default) fits the view to the data.

    Raises
    ------
    traitlets.TraitError
        When a trait is set to a bad value: points not ``2×N``, a matrix not
        ``2×2``, a non-finite entry, or a rule that fails, returns the wrong
        shape or non-finite numbers on the current points (or on the grid
        and basis vectors while they are shown).  The plot keeps its last
        good state.

    Examples
    --------
    The shear of the unit square (Activity 1.4.4):

    >>> plot = VertexPlot(matrix=[[1, 1], [0, 1]], title="Shear")
    >>> plot.image
    array([[0., 1., 2., 1., 0.],
           [0., 0., 1., 1., 0.]])
    >>> plot.matrix = [[2, 0], [0, 1]]
    >>> plot.image[0]
    array([0., 2., 2., 0., 0.])

    A rule that is not a matrix map replaces the matrix:

    >>> plot.rule = lambda X: np.stack([X[0], X[1] + X[0] ** 2])
    >>> plot.image[1]
    array([0., 1., 2., 1., 0.])
    >>> plot.matrix = [[1, 2, 3]]
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: matrix must be 2×2, got shape (1, 3)
    """

    points = MatrixTrait(
        help="Vertex matrix X, 2×N: one point per column (read-only array)."
    )
    matrix = MatrixTrait(help="The 2×2 matrix A of the map x ↦ A x.")
    rule = Callable(
        None,
        allow_none=True,
        help="A map of 2×N point arrays that replaces `matrix` when not None.",
    )
    image = MatrixTrait(
        read_only=True,
        help="The image of `points` under the rule or matrix (read-only).",
    )
    show_grid = Bool(False, help="Draw a grid of input lines and its image.")
    show_basis = Bool(True, help="Draw the images of e1 and e2 as arrows.")
    draggable = Bool(False, help="Let the learner drag the shape's vertices.")
    snap = FiniteFloat(
        0.1, min=0.0, help="Dragged vertices snap to multiples of this; 0 for off."
    )
    view = Tuple(
        None,
        allow_none=True,
        help="Fixed (xmin, xmax, ymin, ymax) to show, or None to fit the data.",
    )

    _validated = None  # (state, what it derives) of the state validated last

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        points: ArrayLike | None = None,
        matrix: ArrayLike | None = None,
        *,
        rule: collections.abc.Callable[[np.ndarray], ArrayLike] | None = None,
        show_grid: bool = False,
        show_basis: bool = True,
        draggable: bool = False,
        snap: float = 0.1,
        title: str = "",
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("layout", Layout(width="380px", height="380px"))
        # Equal horizontal and vertical margin totals keep the plot area
        # square in a square figure, so the plane is not stretched.
        kwargs.setdefault("fig_margin", dict(top=30, bottom=30, left=35, right=25))
        kwargs.setdefault("legend_location", "top-left")
        kwargs.setdefault("legend_text", {"font-size": "11px"})
        kwargs.setdefault("display_toolbar", False)
        super().__init__(
            title=title,
            min_aspect_ratio=1,
            max_aspect_ratio=1,
            padding_x=0,
            padding_y=0,
            **kwargs,
        )
        self._writing = Guard()
        self._own(self.scale_x, self.scale_y)  # the figure's own default scales

        self._x_scale = self._own(LinearScale(min=-1.0, max=1.0, allow_padding=False))
        self._y_scale = self._own(LinearScale(min=-1.0, max=1.0, allow_padding=False))
        scales = {"x": self._x_scale, "y": self._y_scale}

        self._grid_in = Lines(
            scales=scales, colors=[GRID_COLOR], stroke_width=1, visible=False
        )
        self._grid_out = Lines(
            scales=scales, colors=[GRID_IMAGE_COLOR], stroke_width=1, visible=False
        )
        self._shape = Lines(
            scales=scales,
            colors=[_SHAPE_COLOR],
            line_style="dashed",
            stroke_width=2,
            labels=["shape"],
            display_legend=True,
        )
        self._image = Lines(
            scales=scales,
            colors=[IMAGE_COLOR],
            fill="inside",
            fill_colors=[IMAGE_COLOR],
            fill_opacities=[0.3],
            stroke_width=2,
            labels=["image"],
            display_legend=True,
        )
        self._basis = Lines(
            scales=scales,
            colors=[_E1_COLOR, _E2_COLOR],
            stroke_width=2.5,
            labels=["e1 ↦", "e2 ↦"],
            display_legend=True,
        )
        self._basis_names = Label(
            scales=scales, text=["Ae₁", "Ae₂"], colors=[_E1_COLOR, _E2_COLOR], default_size=14,
            font_weight="bold", x_offset=4, y_offset=-4,
        )
        self._vertices = Scatter(
            scales=scales, colors=[IMAGE_COLOR], default_size=30, stroke="white"
        )
        self._handles = Scatter(
            scales=scales,
            colors=[HANDLE_COLOR],
            default_size=90,
            stroke="white",
            visible=False,
            enable_move=False,
        )
        # An explicit format: bqplot otherwise keeps the one it guessed for the
        # first ticks, and labels later half-steps "0, 1, 1, 2".
        self._x_axis = Axis(scale=self._x_scale, grid_color="#eeeeee", tick_format=_TICK_FORMAT)
        self._y_axis = Axis(
            scale=self._y_scale, side="left", grid_color="#eeeeee", tick_format=_TICK_FORMAT
        )
        self.marks = list(self._own(
            self._grid_in,
            self._grid_out,
            self._shape,
            self._image,
            self._basis,
            self._basis_names,
            self._vertices,
            self._handles,
        ))
        self.axes = list(self._own(self._x_axis, self._y_axis))
        self.add_class("vertex-plot")
        self._handles.observe(self._on_handles_moved, names=["x", "y"])

        with self.hold_trait_notifications():
            if points is not None:
                self.points = points
            if matrix is not None:
                self.matrix = matrix
            self.rule = rule
            self.show_grid = show_grid
            self.show_basis = show_basis
            self.draggable = draggable
            self.snap = snap
        self._ready = True
        self._render()

    # -- defaults and validation ------------------------------------------

    @validate("points")
    def _validate_points(self, proposal):
        value = self._checked("points", geometry.as_points, proposal.value)
        self._check_state(points=value)
        value.flags.writeable = False
        return value

    @validate("matrix")
    def _validate_matrix(self, proposal):
        value = self._checked("matrix", geometry.as_matrix_2x2, proposal.value)
        self._check_state(matrix=value)  # e.g. an image too large to draw
        value.flags.writeable = False
        return value

    @validate("rule")
    def _validate_rule(self, proposal):
        self._check_state(rule=proposal.value)
        return proposal.value

    @validate("show_grid")
    def _validate_show_grid(self, proposal):
        self._check_state(show_grid=proposal.value)
        return proposal.value

    @validate("show_basis")
    def _validate_show_basis(self, proposal):
        self._check_state(show_basis=proposal.value)
        return proposal.value

    @validate("view")
    def _validate_view(self, proposal):
        # A view that stays put while a morph plays: set it to bounds that hold every frame.
        view = proposal.value
        if view is None:
            return None
        try:
            xmin, xmax, ymin, ymax = (float(v) for v in view)
        except (TypeError, ValueError):
            raise TraitError(f"view must be (xmin, xmax, ymin, ymax), got {view!r}") from None
        if not (np.isfinite([xmin, xmax, ymin, ymax]).all() and xmin < xmax and ymin < ymax):
            raise TraitError(f"view needs finite numbers with min < max, got {view!r}")
        return (xmin, xmax, ymin, ymax)

    @staticmethod
    def _checked(name, check, value):
        try:
            return check(value, name=name)
        except ValueError as error:
            raise TraitError(str(error)) from None

    @default("points")
    def _default_points(self):
        return geometry.UNIT_SQUARE.copy()

    @default("matrix")
    def _default_matrix(self):
        return np.eye(2)

    def _state(self, **overrides):
        state = {
            "points": self.points,
            "matrix": self.matrix,
            "rule": self.rule,
            "show_grid": self.show_grid,
            "show_basis": self.show_basis,
        }
        state.update(overrides)
        return state

    def _check_state(self, **overrides):
        """Raise TraitError if the state with `overrides` (one trait) cannot be drawn.

        What it derived is kept for `_render`, which draws that same state next.
        """
        state = self._state(**overrides)
        try:
            self._validated = (state, _derive(**state))
        except ValueError as error:
            raise TraitError(f"{next(iter(overrides))}: {error}") from None

    def _derived(self):
        """Everything to draw for the current state, derived once per change."""
        state = self._state()
        if self._validated is not None:
            checked, data = self._validated
            if all(checked[name] is value for name, value in state.items()):
                return data
        return _derive(**state)

    # -- drawing ----------------------------------------------------------

    @observe("points", "matrix", "rule", "show_grid", "show_basis", "draggable", "view", "title")
    def _on_state_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        data = self._derived()
        shown = (self._x_scale.min, self._x_scale.max, self._y_scale.min, self._y_scale.max)
        if self.view is None:
            xmin, xmax, ymin, ymax = plot_frame.steady_bounds(shown, data["bounds"])
        else:
            xmin, xmax, ymin, ymax = self.view
        head = HEAD * (xmax - xmin)
        updates = [
            (self._x_scale, {"min": xmin, "max": xmax}),
            (self._y_scale, {"min": ymin, "max": ymax}),
            (self._x_axis, {"tick_values": plot_frame.nice_ticks(xmin, xmax)}),
            (self._y_axis, {"tick_values": plot_frame.nice_ticks(ymin, ymax)}),
            (self._shape, _xy(data["shape"])),
            (self._image, _xy(data["image_polygon"])),
            # Under a rule that is not a matrix map the moved corners, joined straight, are not the image: its
            # edges may bend (the grid shows how).
            (self._image, {"labels": ["image" if self.rule is None else "moved corners, joined"]}),
            (self._vertices, _xy(data["image_vertices"])),
        ]
        if self.show_basis:
            arrows = np.array(
                [plot_frame.arrow_polyline(tip, head=head) for tip in data["basis"].T]
            )
            updates.append(
                (self._basis, {"x": arrows[:, 0], "y": arrows[:, 1], "visible": True,
                               "display_legend": True})
            )
            tips = data["basis"]
            updates.append((self._basis_names, {"x": tips[0], "y": tips[1], "visible": True}))
        else:
            updates.append((self._basis, {"visible": False, "display_legend": False}))
            updates.append((self._basis_names, {"visible": False}))
        if self.show_grid:
            grid_in, grid_out = data["grid_in"], data["grid_out"]
            updates.append((self._grid_in, {"x": grid_in[:, 0], "y": grid_in[:, 1],
                                            "visible": True}))
            updates.append((self._grid_out, {"x": grid_out[:, 0], "y": grid_out[:, 1],
                                             "visible": True}))
        else:
            updates.append((self._grid_in, {"visible": False}))
            updates.append((self._grid_out, {"visible": False}))
        basis = data["basis"] if self.show_basis else None
        updates.append((self, {"tooltip": alternatives.vertex_plot(
            data["shape"], data["image_polygon"], basis, self.title)}))
        handles = {"visible": self.draggable, "enable_move": self.draggable}
        if self.draggable:
            handles.update(_xy(data["handles"]))
        updates.append((self._handles, handles))
        self._apply(updates)
        self.set_trait("image", data["image"])

    def _apply(self, updates):
        """Apply `updates` in one batch, ignoring the echoes of our own changes."""
        with self._writing:
            apply_changes(updates)

    def _on_handles_moved(self, change):
        if self._writing or not self.draggable:
            return
        x = np.asarray(self._handles.x, dtype=float)
        y = np.asarray(self._handles.y, dtype=float)
        points = np.array(self.points, dtype=float)
        closed = geometry.is_closed(points)
        n = points.shape[1] - 1 if closed else points.shape[1]
        if x.shape != (n,) or y.shape != (n,):
            return  # the browser sent a partial update; wait for the rest
        points[0, :n], points[1, :n] = snap_to_grid(x, self.snap), snap_to_grid(y, self.snap)
        if closed:
            points[:, -1] = points[:, 0]
        try:
            self.points = points
        except TraitError:
            pass  # e.g. the rule fails at the new place: the points stay
        # Put the handles exactly on the points: snapped, or back where they
        # were if the move was refused.
        self._apply([(self._handles, _xy(self.points[:, :n]))])


def _xy(points):
    return {"x": np.asarray(points[0]), "y": np.asarray(points[1])}


def _derive(points, matrix, rule, show_grid, show_basis):
    """Everything the plot draws, from its state; raise ValueError if it can't."""
    transform = matrix if rule is None else rule
    image = _finite(geometry.apply_map(transform, points), "the image of the points")
    closed = geometry.is_closed(points)
    n = points.shape[1] - 1 if closed else points.shape[1]
    data = {
        "image": image,
        "shape": geometry.close_polygon(points),
        "image_polygon": geometry.close_polygon(image),
        "image_vertices": image[:, :n],
        "handles": points[:, :n],
    }
    in_view = [points, image, np.zeros((2, 1))]
    if show_basis:
        data["basis"] = geometry.basis_images(transform)
        in_view.append(data["basis"])
    # The view first: when it is finite, so is the grid around the points.
    data["bounds"] = _finite(plot_frame.fit_bounds(*in_view, margin=MARGIN), "the view")
    if show_grid:
        data["grid_in"] = geometry.input_grid(points)
        data["grid_out"] = _finite(
            geometry.map_lines(transform, data["grid_in"]), "the image of the grid"
        )
    return data


def _finite(array, what):
    """`array`, or ValueError if numbers this large overflowed to inf or nan."""
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{what} is too large to draw: use smaller numbers")
    return array
