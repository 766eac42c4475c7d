"""Lab 6's picture of a dense layer: x ↦ W x + b, then (optionally) ReLU, drawn on the plane.

`DenseLayerPlot` holds editors for ``W``, ``b`` and ``x``, a ReLU switch, a
`VertexPlot` of the house and its image with extra marks (where the origin
lands, the point ``x`` and its output ``ŷ``, which the learner can drag), a
readout and the worked expansion.  All the math is in `widgets.core.dense_layer`
and `widgets.core.geometry`, the expansion's text in `widgets.text.dense_steps`;
this module keeps the widgets in step with them, each redraw sent as one batch.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np
from bqplot import Lines, Scatter
from ipywidgets import HTML, HBox, HTMLMath, Layout, ToggleButton, VBox
from numpy.typing import ArrayLike

from ..base.alerts import alert_html
from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..core.dense_layer import dense_layer, split_at_folds
from ..core.geometry import HOUSE
from ..core.lab_numbers import LAB6
from ..core.parsing import format_number
from ..core.plot_frame import arrow_polyline, fit_bounds, nice_ticks, steady_bounds
from ..text.dense_steps import affine_expansion_html, affine_expansion_latex
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["DenseLayerPlot"]

X_COLOR, Y_COLOR, ORIGIN_COLOR, PATH_COLOR = "#ff7f0e", "#08519c", "#8e44ad", "#555555"


def _vec(v):
    return "(" + ", ".join(format_number(t) for t in v) + ")"


def _swatch(color):
    return f'<span style="color:{color}">●</span>'


class DenseLayerPlot(OwnsChildren, VBox):
    r"""Editors for W, b and x beside the plane the layer x ↦ W x + b (then ReLU) draws.

    Parameters
    ----------
    W : array_like, optional
        The 2×2 weight matrix shown first.  Default lab 6's
        (`widgets.core.lab_numbers.LAB6`), as are `b` and `x`.
    b, x : array_like, optional
        The bias and the input, 2×1 columns.
    limit : float, optional
        Entries beyond ±`limit` are refused with a message (they would push
        the house out of sight).  Default 10.
    snap : float, optional
        A dragged ``x`` lands on a multiple of this.  Default 0.05.
    prefix : str, optional
        Starts the CSS class of each part (``{prefix}-W``, ``{prefix}-plot``,
        ..., ``{prefix}-dashboard`` for the whole), which tests and style
        sheets read.  Default ``"lab06"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    W_editor, b_editor, x_editor : MatrixEditor
        The editors (their ``value`` is the matrix, as for any editor).
    relu_toggle : ToggleButton
        ReLU after the layer, or not.
    plot : VertexPlot
        The house (dashed) and its image under the layer.
    readout, status : HTML
        The values of x, W x + b, ŷ and where the origin lands; a message
        when an entry is refused.
    symbolic : HTMLMath
        The expansion of the layer in symbols.
    numeric : HTML
        The expansion with the current numbers.

    Examples
    --------
    >>> layer = DenseLayerPlot()
    >>> layer.b_editor.value = [[2], [1]]
    >>> "<b class='lab06-origin'>(2, 1)</b>" in layer.readout.value
    True
    >>> layer.relu_toggle.value = True
    >>> bool((layer.plot.image >= 0).all())
    True
    """

    def __init__(
        self,
        W: ArrayLike = LAB6.W,
        b: ArrayLike = LAB6.b,
        x: ArrayLike = LAB6.x,
        *,
        limit: float = 10,
        snap: float = 0.05,
        prefix: str = "lab06",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._prefix = prefix
        self._limit, self._snap = float(limit), float(snap)
        self._writing = Guard()  # up while we move the marks ourselves: ignore their echoes
        self.W_editor = MatrixEditor(W, name="W")
        self.b_editor = MatrixEditor(b, name="b")
        self.x_editor = MatrixEditor(x, name="x")
        self.relu_toggle = ToggleButton(
            description="ReLU after the layer", tooltip="Apply max(0, ·) to each output"
        )
        self.readout = steady(HTML)
        self.status = steady(HTML)
        self.symbolic = steady(HTMLMath)
        self.numeric = steady(HTML)

        self.plot = VertexPlot(
            HOUSE, show_grid=True, show_basis=False, title="x ↦ W x + b",
            layout=Layout(width="440px", height="440px"),
        )
        tag_parts(prefix, {
            "W": self.W_editor, "b": self.b_editor, "x": self.x_editor, "relu": self.relu_toggle,
            "readout": self.readout, "status": self.status, "symbolic": self.symbolic,
            "numeric": self.numeric, "plot": self.plot,
        })
        # Extra marks on the plot's own scales: where the origin lands, and the point x with its output.
        self._x_axis, self._y_axis = self.plot.axes
        scales = {"x": self._x_axis.scale, "y": self._y_axis.scale}
        self.origin_arrow = Lines(scales=scales, colors=[ORIGIN_COLOR], stroke_width=2.5)
        self.origin_dot = Scatter(scales=scales, colors=[ORIGIN_COLOR], marker="diamond", default_size=60)
        self.path = Lines(scales=scales, colors=[PATH_COLOR], line_style="dashed", stroke_width=1.5)
        self.y_dot = Scatter(scales=scales, colors=[Y_COLOR], default_size=70, stroke="white", names=["ŷ"])
        self.x_dot = Scatter(
            scales=scales, colors=[X_COLOR], default_size=140, stroke="white", enable_move=True,
            names=["x"], tooltip=None,
        )
        self.plot.marks = [*self.plot.marks, self.origin_arrow, self.origin_dot, self.path,
                           self.y_dot, self.x_dot]
        self._own(self.W_editor, self.b_editor, self.x_editor, self.relu_toggle, self.readout, self.status,
                  self.symbolic, self.numeric, self.plot, self.origin_arrow, self.origin_dot, self.path,
                  self.y_dot, self.x_dot)

        for editor in (self.W_editor, self.b_editor, self.x_editor):
            editor.observe(self._on_edit, names="value")
            # A new typo or its fix makes an old "too large" message stale; the editor explains typos itself.
            editor.observe(self._clear_status, names="error")
        self.relu_toggle.observe(lambda change: self._safe_redraw(), names="value")
        self.x_dot.observe(self._on_drag, names=["x", "y"])

        key = self._own(HTML(
            "<div style='color:#555; font-size:0.9em; line-height:1.5'>"
            f"{_swatch(X_COLOR)} drag the point x, or type it<br>"
            f"{_swatch(Y_COLOR)} ŷ, the output for x (dashed: from x to ŷ)<br>"
            f"{_swatch(ORIGIN_COLOR)} the arrow from 0 to where the origin lands<br>"
            "grey grid: the input plane; light blue grid: its image</div>"
        ))
        controls = self._own(VBox(
            [self._own(HBox([self.W_editor, self.b_editor, self.x_editor], layout=Layout(grid_gap="1.5em"))),
             self.relu_toggle, self.readout, self.status, key],
            layout=Layout(width="430px", grid_gap="0.5em"),
        ))
        expansion = self._own(HBox([self.symbolic, self.numeric],
                                   layout=Layout(grid_gap="3em", flex_flow="row wrap")))
        tag_parts(prefix, {"dashboard": self})
        self.children = [self._own(HBox([controls, self.plot], layout=Layout(grid_gap="1em", flex_flow="row wrap"))),
                         expansion]
        self._safe_redraw()

    # -- drawing ------------------------------------------------------------

    def _redraw(self):
        """One pass from the editors' values to every dependent widget, sent as one batch."""
        W, b, x = self.W_editor.value, self.b_editor.value[:, 0], self.x_editor.value[:, 0]
        act = "relu" if self.relu_toggle.value else None
        z = dense_layer(W, x, b)
        y = dense_layer(W, x, b, act)
        o = dense_layer(W, [0, 0], b, act)
        # Under ReLU the house's edges bend where they cross an axis: add those points so
        # the image drawn vertex to vertex is exact.
        points = split_at_folds(HOUSE, W, b) if act else HOUSE
        x_scale, y_scale = self._x_axis.scale, self._y_axis.scale
        with self._writing, contextlib.ExitStack() as stack:
            # The plot's own redraw moves the scales too: hold them, so the browser gets one view.
            for widget in (x_scale, y_scale, self._x_axis, self._y_axis):
                stack.enter_context(widget.hold_sync())
            shown = (x_scale.min, x_scale.max, y_scale.min, y_scale.max)
            with self.plot.hold_trait_notifications():
                self.plot.points = points
                self.plot.rule = lambda X: dense_layer(W, X, b, act)
            # The plot fits its view to the house and its image; widen it to show x, ŷ and 0 ↦ b too.
            xmin, xmax, ymin, ymax = steady_bounds(shown, fit_bounds(
                self.plot.points, self.plot.image, np.zeros((2, 1)), np.c_[x, z, y, o], margin=0.12
            ))
            route = np.c_[x, z, y] if act else np.c_[x, y]
            arrow = arrow_polyline(o, head=0.05 * (xmax - xmin))
            apply_changes([
                (x_scale, {"min": xmin, "max": xmax}),
                (y_scale, {"min": ymin, "max": ymax}),
                (self._x_axis, {"tick_values": nice_ticks(xmin, xmax)}),
                (self._y_axis, {"tick_values": nice_ticks(ymin, ymax)}),
                (self.origin_arrow, {"x": arrow[0], "y": arrow[1]}),
                (self.origin_dot, {"x": np.array([o[0]]), "y": np.array([o[1]])}),
                (self.path, {"x": route[0], "y": route[1]}),
                (self.y_dot, {"x": np.array([y[0]]), "y": np.array([y[1]])}),
                (self.x_dot, {"x": np.array([x[0]]), "y": np.array([x[1]])}),
                (self.plot, {"title": "x ↦ ReLU(W x + b)" if act else "x ↦ W x + b"}),
            ])
        p = self._prefix
        if act:
            output = f"ŷ = ReLU(W x + b) = <b class='{p}-yhat'>{_vec(y)}</b>"
            origin = f"0 ↦ ReLU(b) = <b class='{p}-origin'>{_vec(o)}</b>"
        else:
            output = f"ŷ = W x + b = <b class='{p}-yhat'>{_vec(y)}</b>"
            origin = f"0 ↦ b = <b class='{p}-origin'>{_vec(o)}</b>"
        self.readout.value = (
            f"<div style='line-height:1.7'>{_swatch(X_COLOR)} x = <b class='{p}-xvalue'>{_vec(x)}</b><br>"
            f"{_swatch(PATH_COLOR)} W x + b = {_vec(z)}<br>"
            f"{_swatch(Y_COLOR)} {output}<br>"
            f"{_swatch(ORIGIN_COLOR)} origin: {origin}</div>"
        )
        self.symbolic.value = (
            "<b>In symbols</b>"
            f"$$ {affine_expansion_latex(None, None, activation=act, multiline=True)} $$"
        )
        self.numeric.value = (
            "<b>With your numbers</b>"
            f"<div style='margin-top:0.8em'>{affine_expansion_html(W, b, x, activation=act)}</div>"
        )

    def _safe_redraw(self):
        try:
            self._redraw()
        except Exception as error:  # never a traceback in the page: say what went wrong instead
            self.status.value = alert_html(f"Could not redraw: {error}", tag="span")

    # -- observers ----------------------------------------------------------

    def _clear_status(self, change):
        self.status.value = ""

    def _on_edit(self, change):
        # A number beyond ±limit is refused: the editor goes back to its last valid matrix.
        editor, new = change["owner"], change["new"]
        bad = np.argwhere(np.abs(new) > self._limit)
        if len(bad):
            i, j = bad[0]
            editor.value = change["old"]  # redraws with the old matrix
            where = f"{editor.name}[{i + 1},{j + 1}]"
            limit = format_number(self._limit)
            self.status.value = alert_html(
                f"{where} = {format_number(new[i, j])}"
                f" is too large for this picture: keep entries between -{limit} and {limit}.",
                tag="span",
            )
            return
        self.status.value = ""
        self._safe_redraw()

    def _on_drag(self, change):
        # The browser sends the dropped point; snap it and let the x editor drive the redraw.
        if self._writing or len(self.x_dot.x) != 1 or len(self.x_dot.y) != 1:
            return
        dropped = np.array([[self.x_dot.x[0]], [self.x_dot.y[0]]])
        new = np.clip(np.round(dropped / self._snap) * self._snap, -self._limit, self._limit)
        if np.array_equal(new, self.x_editor.value):
            self._safe_redraw()  # snapped back to where it was: put the dot there
        else:
            self.x_editor.value = new
