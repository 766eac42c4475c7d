"""The plane a dense layer x ↦ W x + b (then, optionally, ReLU) draws: lab 6's picture.

`DenseLayerView` is a `VertexPlot` of a shape and its image under the layer,
with the marks a layer adds on the plot's own scales: the arrow from 0 to
where the origin lands, the point ``x`` (which the learner can drag), its
output ``ŷ`` and the route between them.  What to draw comes from
`widgets.core.dense_layer` through the composite that owns the editors
(`widgets.labs.dense_layer`); the colours are those the readout names
(`widgets.text.dense_layer_words`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import numpy as np
from bqplot import Lines, Scatter
from numpy.typing import ArrayLike

from ..base.batching import apply_changes
from ..core.plot_frame import arrow_polyline, fit_bounds, nice_ticks, steady_bounds
from ..text.dense_layer_words import ORIGIN_COLOR, PATH_COLOR, X_COLOR, Y_COLOR
from .vertex_plot import HEAD, MARGIN, VertexPlot

__all__ = ["DenseLayerView"]


class DenseLayerView(VertexPlot):
    """A shape and its image under a dense layer, with the origin's image, x, ŷ and the route.

    Parameters
    ----------
    points : array_like
        The shape's vertices as columns, as for `VertexPlot`.
    **kwargs
        Passed to `VertexPlot` (``show_grid``, ``title``, ``layout``, ...).

    Attributes
    ----------
    origin_arrow : bqplot.Lines
        The arrow from 0 to where the origin lands.
    origin_dot : bqplot.Scatter
        Where the origin lands.
    path : bqplot.Lines
        The route from ``x`` to ``ŷ`` (through ``W x + b`` under ReLU).
    y_dot : bqplot.Scatter
        The output ``ŷ``.
    x_dot : bqplot.Scatter
        The input ``x``; the learner drags it (observe its ``x`` and ``y``).

    Examples
    --------
    >>> from widgets.core.dense_layer import dense_layer
    >>> from widgets.core.geometry import HOUSE
    >>> W, b, x = np.array([[1.0, -1], [0.5, 1]]), np.array([0.5, -1]), np.array([0.5, 0.25])
    >>> view = DenseLayerView(HOUSE, show_grid=True, show_basis=False)
    >>> y = dense_layer(W, x, b)
    >>> view.show(HOUSE, lambda X: dense_layer(W, X, b), x, y, y, b, relu=False)
    >>> view.y_dot.x.tolist(), view.origin_dot.y.tolist(), view.title
    ([0.75], [-1.0], 'x ↦ W x + b')
    """

    def __init__(self, points: ArrayLike, **kwargs: Any) -> None:
        super().__init__(points, **kwargs)
        scales = {"x": self._x_scale, "y": self._y_scale}
        self.origin_arrow = Lines(scales=scales, colors=[ORIGIN_COLOR], stroke_width=2.5)
        self.origin_dot = Scatter(scales=scales, colors=[ORIGIN_COLOR], marker="diamond", default_size=60)
        self.path = Lines(scales=scales, colors=[PATH_COLOR], line_style="dashed", stroke_width=1.5)
        self.y_dot = Scatter(scales=scales, colors=[Y_COLOR], default_size=70, stroke="white", names=["ŷ"])
        self.x_dot = Scatter(
            scales=scales, colors=[X_COLOR], default_size=140, stroke="white", enable_move=True,
            names=["x"], tooltip=None,
        )
        self.marks = [*self.marks, *self._own(self.origin_arrow, self.origin_dot, self.path, self.y_dot, self.x_dot)]

    def show(
        self,
        points: ArrayLike,
        rule: Callable[[np.ndarray], ArrayLike],
        x: ArrayLike,
        z: ArrayLike,
        y: ArrayLike,
        o: ArrayLike,
        *,
        relu: bool,
    ) -> None:
        """Draw `points` under the layer `rule`, with x, W x + b (`z`), ŷ and 0 ↦ `o`: one batch.

        The view fits the shape and its image, then widens to hold ``x``,
        ``ŷ`` and ``0 ↦ o`` too; the title says whether ReLU follows the layer.
        """
        x, z, y, o = (np.asarray(v, dtype=float) for v in (x, z, y, o))
        with contextlib.ExitStack() as stack:
            # The plot's own redraw moves the scales too: hold them, so the browser gets one view.
            for widget in (self._x_scale, self._y_scale, self._x_axis, self._y_axis):
                stack.enter_context(widget.hold_sync())
            shown = (self._x_scale.min, self._x_scale.max, self._y_scale.min, self._y_scale.max)
            with self.hold_trait_notifications():
                self.points = points
                self.rule = rule
            xmin, xmax, ymin, ymax = steady_bounds(shown, fit_bounds(
                self.points, self.image, np.zeros((2, 1)), np.c_[x, z, y, o], margin=MARGIN
            ))
            route = np.c_[x, z, y] if relu else np.c_[x, y]
            arrow = arrow_polyline(o, head=HEAD * (xmax - xmin))
            apply_changes([
                (self._x_scale, {"min": xmin, "max": xmax}),
                (self._y_scale, {"min": ymin, "max": ymax}),
                (self._x_axis, {"tick_values": nice_ticks(xmin, xmax)}),
                (self._y_axis, {"tick_values": nice_ticks(ymin, ymax)}),
                (self.origin_arrow, {"x": arrow[0], "y": arrow[1]}),
                (self.origin_dot, {"x": np.array([o[0]]), "y": np.array([o[1]])}),
                (self.path, {"x": route[0], "y": route[1]}),
                (self.y_dot, {"x": np.array([y[0]]), "y": np.array([y[1]])}),
                (self.x_dot, {"x": np.array([x[0]]), "y": np.array([x[1]])}),
                (self, {"title": "x ↦ ReLU(W x + b)" if relu else "x ↦ W x + b"}),
            ])
