"""Lab 5's morph: the plane moving from the identity to a map as t goes from 0 to 1.

`MapMorph` draws a shape under ``M(t) = (1 − t) I + t A`` (`widgets.core.morph`)
with a slider and a Play button for `t`.  The view is fixed to one that holds
every frame, so the axes hold still while the shape moves, and each step of
the slider sends one batched update of the plot.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, FloatSlider, HBox, Layout, Play, VBox
from numpy.typing import ArrayLike
from traitlets import Float, TraitError, link, observe, validate

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..core.geometry import UNIT_SQUARE, as_matrix_2x2, as_points
from ..core.morph import morph_matrix, morph_view
from ..text.alerts import alert_html
from ..text.latex_math import MORPH_NAME
from ..views.matrix_view import MatrixView
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["MapMorph"]

#: Slider steps from t = 0 to t = 1 (Play shows them one by one).
STEPS = 20


class MapMorph(OwnsChildren, VBox):
    r"""A shape under ``(1 − t) I + t A``, with a slider and a Play button for `t`.

    Parameters
    ----------
    points : array_like, optional
        The ``2×N`` shape ``X``, points as columns.  Default the unit square.
    matrix : array_like, optional
        The 2×2 matrix ``A`` the morph ends on.  Default the identity.
    t : float, optional
        Where the morph starts, from 0 to 1.  Default 0 (nothing moved yet).
    plot_layout : ipywidgets.Layout, optional
        Layout of the plot.  Default 380×380 pixels.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-t``, ``PREFIX-play``, ``PREFIX-current``,
        ``PREFIX-status`` and ``PREFIX-plot``.  Default ``"map-morph"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    t : float
        How far along, 0 to 1 (a value outside is clamped).
    matrix : numpy.ndarray
        ``A``; assign it (or `dlink` a `MapPicker`'s value) to morph to another map.
    points : numpy.ndarray
        ``X``, the shape moved.
    current : numpy.ndarray
        ``(1 − t) I + t A``, the matrix drawn now (read-only).
    plot : VertexPlot
        The plot drawing the shape under the current matrix.
    slider : ipywidgets.FloatSlider
        The slider for `t`.
    play : ipywidgets.Play
        The Play button that steps `t` from 0 to 1.

    Examples
    --------
    >>> morph = MapMorph(matrix=[[1, 1], [0, 1]])
    >>> morph.t = 0.5
    >>> morph.current
    array([[1. , 0.5],
           [0. , 1. ]])
    >>> morph.plot.image[0]
    array([0. , 1. , 1.5, 0.5, 0. ])
    >>> morph.t = 7                      # clamped to the end of the morph
    >>> morph.t, morph.plot.image[0].tolist()
    (1.0, [0.0, 1.0, 2.0, 1.0, 0.0])
    """

    t = Float(0.0, help="How far along the morph from I (t = 0) to A (t = 1).")
    matrix = MatrixTrait(help="The 2×2 matrix A the morph ends on.")
    points = MatrixTrait(help="The 2×N shape X, points as columns.")
    current = MatrixTrait(read_only=True, help="(1 − t) I + t A, the matrix drawn now.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        points: ArrayLike = UNIT_SQUARE,
        matrix: ArrayLike = ((1, 0), (0, 1)),
        *,
        t: float = 0.0,
        plot_layout: Layout | None = None,
        prefix: str = "map-morph",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.slider = FloatSlider(
            value=0.0, min=0.0, max=1.0, step=1 / STEPS, description="t",
            readout_format=".2f", continuous_update=True,
            style={"description_width": "initial"}, layout=Layout(width="18em"),
        )
        self.play = Play(
            value=0, min=0, max=STEPS, step=1, interval=150, description="Play the morph",
        )
        self._current_view = MatrixView(np.eye(2), name=MORPH_NAME)
        self._status = steady(HTML)
        self.plot = VertexPlot(
            UNIT_SQUARE, show_grid=True, title="X (dashed) and (1 − t) I + t A applied to X",
            layout=plot_layout or Layout(width="380px", height="380px"),
        )
        self._own(self.slider, self.play, self._current_view, self._status, self.plot)
        tag_parts(prefix, {"t": self.slider, "play": self.play, "current": self._current_view,
                           "status": self._status, "plot": self.plot})
        link((self.slider, "value"), (self, "t"))
        # Play counts frames; the slider shows t = frame / STEPS (and moving it moves Play).
        link((self.play, "value"), (self.slider, "value"),
             transform=(lambda frame: frame / STEPS, lambda t: int(round(t * STEPS))))
        self.add_class("map-morph")
        self.children = [
            self._own(HBox([self.play, self.slider], layout=Layout(align_items="center", grid_gap="1em"))),
            self._own(HBox([self._own(VBox([self._current_view, self._status])), self.plot],
                           layout=Layout(align_items="center", grid_gap="2em", flex_flow="row wrap"))),
        ]
        with self.hold_trait_notifications():
            self.points = points
            self.matrix = matrix
            self.t = t
        self._ready = True
        self._render(fit=True)

    @validate("t")
    def _validate_t(self, proposal):
        t = float(proposal["value"])
        if np.isnan(t):
            raise TraitError("t must be a number from 0 to 1, got nan")
        return min(max(t, 0.0), 1.0)  # merely out of range: clamp

    @validate("matrix")
    def _validate_matrix(self, proposal):
        try:
            return as_matrix_2x2(proposal["value"], name="A")
        except ValueError as error:
            raise TraitError(str(error)) from None

    @validate("points")
    def _validate_points(self, proposal):
        try:
            return as_points(proposal["value"], name="X")
        except ValueError as error:
            raise TraitError(str(error)) from None

    @observe("t")
    def _on_t_change(self, change):
        if self._ready:
            self._render(fit=False)

    @observe("matrix", "points")
    def _on_map_change(self, change):
        if self._ready:
            self._render(fit=True)

    def _render(self, fit):
        """Draw the current frame; `fit` also moves the view to one holding every frame."""
        try:
            current = morph_matrix(self.matrix, self.t)
            with self.plot.hold_trait_notifications():
                if fit:
                    self.plot.view = morph_view(self.points, self.matrix)
                    self.plot.points = self.points
                self.plot.matrix = current
        except (ValueError, TraitError) as error:  # shown in place, never a traceback
            self._status.value = alert_html(f"Could not draw: {error}")
            return
        self._status.value = ""
        self.set_trait("current", current)
        self._current_view.matrix = current
