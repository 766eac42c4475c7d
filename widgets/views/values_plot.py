"""2-D value vectors as points, and each output of attention as their weighted average.

With weights that are nonnegative and add to 1, every output ``h_i`` is a
weighted average of the values ``v_j``, so it lies inside their convex hull:
`ValuesPlot` draws the values, the hull, the outputs and, for one output, a
line to each value as opaque as its weight.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from bqplot import Axis, LinearScale, Lines, Scatter
from ipywidgets import Layout
from numpy.typing import ArrayLike
from traitlets import Int, List, TraitError, Unicode, observe, validate

from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.traits import ROW, MatrixTrait, check_highlight, drop_lost_highlights
from ..core.geometry import convex_hull
from ..core.plot_frame import fit_bounds
from ..core.shapes import format_shape
from ..text import alternatives
from .described import DescribedFigure

__all__ = ["ValuesPlot"]

_VALUE_COLOR = "#1f77b4"
_OUTPUT_COLOR = "#fdae6b"
_FOCUS_COLOR = "#d94801"


class ValuesPlot(OwnsChildren, DescribedFigure):
    """2-D value vectors as points, and each output as their weighted average.

    Row ``j`` of `values` is drawn as the point ``v_j``; row ``i`` of
    ``weights @ values`` as the point ``h_i``.  The shaded polygon is the
    convex hull of the values: with weights that are nonnegative and add to
    1, every ``h_i`` stays inside it.  For the `focus` row, a line joins
    ``h_i`` to each ``v_j``, as opaque as the weight ``α_ij``.

    Parameters
    ----------
    values : array_like, shape (L, 2)
        The value vectors, one per row.
    weights : array_like, shape (m, L)
        The weights, one row per output.
    focus : int or None, optional
        0-based output row to pick out.
    output_names : sequence of str, optional
        Labels of the outputs; missing ones are ``h1``, ``h2``, ...
    **kwargs
        Passed to `bqplot.Figure`.

    Examples
    --------
    >>> V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    >>> plot = ValuesPlot(V, [[0, 0.5, 0.25, 0.25]], focus=0)
    >>> plot.outputs
    array([[2., 2.]])
    >>> plot.values = [[1, 2, 3]]
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: values must have 2 columns (x, y) to be drawn, got 1×3
    >>> plot.focus = 1                           # one output: no row 1 to pick out
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: focus: expected a row from 0 to 0, or None; got 1
    """

    values = MatrixTrait(help="The value vectors v_j, one per row (L×2).")
    weights = MatrixTrait(help="The weights, one row per output (m×L).")
    outputs = MatrixTrait(read_only=True, help="weights @ values: the h_i, one per row.")
    focus = Int(None, allow_none=True, help="0-based output row to pick out, or None.")
    output_names = List(Unicode(), help="Labels of the outputs; missing ones are h1, h2, ...")

    _ready = False  # observers draw only once __init__ has drawn

    def __init__(
        self,
        values: ArrayLike,
        weights: ArrayLike,
        focus: int | None = None,
        *,
        output_names: Iterable[str] = (),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("layout", Layout(width="360px", height="360px"))
        kwargs.setdefault("fig_margin", dict(top=30, bottom=30, left=35, right=25))
        kwargs.setdefault("display_toolbar", False)
        super().__init__(
            min_aspect_ratio=1, max_aspect_ratio=1, padding_x=0, padding_y=0, **kwargs
        )
        self._writing = Guard()  # show_weights sets several traits, then draws once
        self._own(self.scale_x, self.scale_y)  # the figure's own default scales
        self._x_scale = self._own(LinearScale(min=-1.0, max=1.0, allow_padding=False))
        self._y_scale = self._own(LinearScale(min=-1.0, max=1.0, allow_padding=False))
        scales = {"x": self._x_scale, "y": self._y_scale}
        self._hull = self._own(Lines(
            scales=scales,
            colors=["#9e9e9e"],
            line_style="dashed",
            fill="inside",
            fill_colors=[_VALUE_COLOR],
            fill_opacities=[0.08],
        ))
        self._spokes = self._own(Lines(scales=scales, colors=[_FOCUS_COLOR], stroke_width=2))
        self._values = self._own(Scatter(
            scales=scales,
            colors=[_VALUE_COLOR],
            default_size=64,
            display_names=True,
            stroke="white",
        ))
        self._outputs = self._own(Scatter(
            scales=scales, marker="diamond", default_size=80, display_names=True, stroke="white"
        ))
        self.marks = [self._hull, self._spokes, self._values, self._outputs]
        self.axes = list(self._own(
            Axis(scale=self._x_scale, grid_color="#eeeeee"),
            Axis(scale=self._y_scale, side="left", grid_color="#eeeeee"),
        ))
        self.add_class("values-plot")
        # One at a time (not held): a bad first value must fail with its own
        # message, not with a roll-back to the empty default.
        self.values = values
        self.weights = weights
        self.focus = focus
        self.output_names = [str(name) for name in output_names]
        self._ready = True
        self._render()

    @validate("focus")
    def _validate_focus(self, proposal):
        return check_highlight(proposal, self.weights.shape, {"focus": ROW})

    @validate("values")
    def _validate_values(self, proposal):
        value = proposal.value
        if value.shape[1] != 2:
            raise TraitError(
                f"values must have 2 columns (x, y) to be drawn, got {format_shape(value.shape)}"
            )
        if self.trait_has_value("weights"):
            self._check_fit(self.weights, value)
        return value

    @validate("weights")
    def _validate_weights(self, proposal):
        if self.trait_has_value("values"):
            self._check_fit(proposal.value, self.values)
        return proposal.value

    @staticmethod
    def _check_fit(weights, values):
        if weights.shape[1] != values.shape[0]:
            raise TraitError(
                f"weights have {weights.shape[1]} columns but there are "
                f"{values.shape[0]} values: one weight per value vector"
            )
        with np.errstate(over="ignore", invalid="ignore"):
            try:
                bounds = _plot_bounds(values, weights @ values)
            except ValueError:  # outputs that overflowed
                bounds = (np.inf,)
        if not np.all(np.isfinite(bounds)):
            raise TraitError("values are too large to draw: use smaller numbers")

    def show_weights(self, values: ArrayLike, weights: ArrayLike, focus: int | None = None) -> None:
        """Set `values`, `weights` and `focus` together, drawing once.

        Use this when the number of values changes (the traits must agree)
        or to move several marks with one redraw.

        Examples
        --------
        >>> plot = ValuesPlot([[0, 0], [2, 0]], [[0.5, 0.5]])
        >>> plot.show_weights([[0, 0], [2, 0], [0, 2]], [[0.5, 0.25, 0.25]], focus=0)
        >>> plot.outputs
        array([[0.5, 0.5]])
        """
        with self._writing:
            with self.hold_trait_notifications():
                self.values = values
                self.weights = weights
                self.focus = focus
        self._render()

    @observe("values", "weights", "focus", "output_names")
    def _on_change(self, change):
        if change["name"] == "weights":
            drop_lost_highlights(self, self.weights.shape, {"focus": ROW})  # fewer outputs: no row to pick out
        if self._ready and not self._writing:
            self._render()

    def _render(self):
        V, A = self.values, self.weights
        H = A @ V
        self.set_trait("outputs", H)
        xmin, xmax, ymin, ymax = _plot_bounds(V, H)
        hull = convex_hull(V)
        focus = self.focus
        output_names = [
            self.output_names[i] if i < len(self.output_names) else f"h{i + 1}" for i in range(len(H))
        ]
        spokes = {"visible": focus is not None}
        if focus is not None:
            spokes["x"] = np.array([[H[focus, 0], x] for x in V[:, 0]])
            spokes["y"] = np.array([[H[focus, 1], y] for y in V[:, 1]])
            spokes["opacities"] = [float(max(w, 0.0)) for w in A[focus]]
        apply_changes([
            (self._x_scale, {"min": xmin, "max": xmax}),
            (self._y_scale, {"min": ymin, "max": ymax}),
            (self._hull, {"x": hull[:, 0], "y": hull[:, 1]}),
            (self._spokes, spokes),
            (self._values, {
                "x": V[:, 0],
                "y": V[:, 1],
                "names": np.array([f"v{j + 1}" for j in range(len(V))]),
            }),
            (self._outputs, {
                "x": H[:, 0],
                "y": H[:, 1],
                "names": np.array(output_names),
                "colors": [_FOCUS_COLOR if i == focus else _OUTPUT_COLOR for i in range(len(H))],
            }),
            (self, {"tooltip": alternatives.values_plot(
                V, H, output_names, focus, None if focus is None else A[focus])}),
        ])


def _plot_bounds(values, outputs):
    """The view of a `ValuesPlot`: every value and output, with some room."""
    return fit_bounds(values.T, outputs.T, margin=0.15, min_span=2.0)
