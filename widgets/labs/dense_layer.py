"""Lab 6's composite, the picture of a dense layer: x ↦ W x + b, then (optionally) ReLU, drawn on the plane.

`DenseLayerPlot` holds editors for ``W``, ``b`` and ``x``, a ReLU switch, a
`DenseLayerView` of the house and its image (where the origin lands, the
point ``x`` and its output ``ŷ``, which the learner can drag), a readout
and the worked expansion.  All the math is in `widgets.core.dense_layer`
and `widgets.core.geometry`, the words in `widgets.text.dense_layer_words`, the drawing in `widgets.views.dense_layer_view`;
this module keeps the widgets in step with them, each redraw sent as one batch.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, HBox, Layout, ToggleButton, VBox
from numpy.typing import ArrayLike

from ..base.guard import Guard
from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..core.dense_layer import dense_layer, split_at_folds
from ..core.geometry import HOUSE
from ..core.lab_numbers import LAB6
from ..text.alerts import alert_html
from ..text.dense_layer_words import (
    KEY_HTML,
    PLOT_TITLE,
    RELU_TOGGLE,
    RELU_TOOLTIP,
    numeric_html,
    readout_html,
    symbolic_html,
    too_large,
)
from ..views.dense_layer_view import DenseLayerView
from .naming import tag_parts

__all__ = ["DenseLayerPlot"]


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
    plot : DenseLayerView
        The house (dashed) and its image under the layer, with the origin's
        image, ``x`` (its ``x_dot`` is dragged) and ``ŷ``.
    readout, status : HTML
        The values of x, W x + b, ŷ and where the origin lands; a message
        when an entry is refused.
    symbolic : MathHTML
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
        self.relu_toggle = ToggleButton(description=RELU_TOGGLE, tooltip=RELU_TOOLTIP)
        self.readout = steady(HTML)
        self.status = steady(HTML)
        self.symbolic = steady(MathHTML)
        self.numeric = steady(HTML)

        self.plot = DenseLayerView(
            HOUSE, show_grid=True, show_basis=False, title=PLOT_TITLE,
            layout=Layout(width="440px", height="440px"),
        )
        tag_parts(prefix, {
            "W": self.W_editor, "b": self.b_editor, "x": self.x_editor, "relu": self.relu_toggle,
            "readout": self.readout, "status": self.status, "symbolic": self.symbolic,
            "numeric": self.numeric, "plot": self.plot,
        })
        self._own(self.W_editor, self.b_editor, self.x_editor, self.relu_toggle, self.readout, self.status,
                  self.symbolic, self.numeric, self.plot)

        for editor in (self.W_editor, self.b_editor, self.x_editor):
            editor.observe(self._on_edit, names="value")
            # A new typo or its fix makes an old "too large" message stale; the editor explains typos itself.
            editor.observe(self._clear_status, names="error")
        self.relu_toggle.observe(lambda change: self._safe_redraw(), names="value")
        self.plot.x_dot.observe(self._on_drag, names=["x", "y"])

        key = self._own(HTML(KEY_HTML))
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
        with self._writing:
            self.plot.show(points, lambda X: dense_layer(W, X, b, act), x, z, y, o, relu=bool(act))
        self.readout.value = readout_html(x, z, y, o, activation=act, prefix=self._prefix)
        self.symbolic.text = symbolic_html(act)
        self.numeric.value = numeric_html(W, b, x, act)

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
            self.status.value = alert_html(too_large(f"{editor.name}[{i + 1},{j + 1}]", new[i, j], self._limit),
                                           tag="span")
            return
        self.status.value = ""
        self._safe_redraw()

    def _on_drag(self, change):
        # The browser sends the dropped point; snap it and let the x editor drive the redraw.
        dot = self.plot.x_dot
        if self._writing or len(dot.x) != 1 or len(dot.y) != 1:
            return
        dropped = np.array([[dot.x[0]], [dot.y[0]]])
        new = np.clip(np.round(dropped / self._snap) * self._snap, -self._limit, self._limit)
        if np.array_equal(new, self.x_editor.value):
            self._safe_redraw()  # snapped back to where it was: put the dot there
        else:
            self.x_editor.value = new
