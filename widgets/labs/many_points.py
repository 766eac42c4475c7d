"""Lab 5's composites: the gallery of maps, the morph, the points as rows and the corners-or-grid view.

`MapGallery`: a map picked from the menu moves a shape, ``Y = AX``; its
`matrix` and `points` traits let the others follow it.  `MapMorph`: the plane
moving from the identity to that map as ``t`` goes from 0 to 1.
`RowsOrColumns`: the same points as rows, ``P = Xᵀ``, moved by
``PAᵀ = (AX)ᵀ``.  `CornersOrGrid`: a shear and a bending rule that agree at
every corner, told apart by the grid only.  Lab 5's math and shapes are
`widgets.core.many_points`, its words `widgets.text.many_points_words`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from ipywidgets import HTML, Dropdown, FloatSlider, HBox, Layout, Play, ToggleButton, VBox
from numpy.typing import ArrayLike
from traitlets import Float, TraitError, dlink, link, observe, validate

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..controls.map_picker import MapPicker
from ..controls.slider_entry import SliderEntry
from ..core.geometry import UNIT_SQUARE, as_matrix_2x2, as_points
from ..core.many_points import SHAPES, SQUARE_2, morph_matrix, morph_view, points_as_rows
from ..core.maps_gallery import bend_rule, shear
from ..text.alerts import alert_html
from ..text.many_points_words import (
    GALLERY_TITLE,
    GRID_TOGGLE,
    GRID_TOOLTIP,
    MATRIX_GRID_TITLE,
    MORPH_NAME,
    MORPH_PLAY,
    MORPH_TITLE,
    ROWS_NAMES,
    RULE_GRID_TITLE,
    SHAPE_MENU,
    rows_verdict,
)
from ..views.matrix_view import MatrixView
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["CornersOrGrid", "MapGallery", "MapMorph", "RowsOrColumns"]

#: The morph's slider steps from t = 0 to t = 1 (Play shows them one by one).
STEPS = 20


class MapGallery(OwnsChildren, HBox):
    """A map from the gallery, a shape from a menu, and ``Y = AX`` drawn and written out.

    Parameters
    ----------
    map_name : str, optional
        The map shown first: a gallery key or ``"free"``.  Default ``"stretch"``.
    shape : str, optional
        The shape shown first, a key of `shapes`.  Default ``"house"``.
    shapes : dict of str to numpy.ndarray, optional
        The shapes of the menu, ``2×N`` points as columns.  Default the unit
        square and the house.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-picker``, ``PREFIX-a``, ``PREFIX-y``,
        ``PREFIX-plot`` and ``PREFIX-status``.  Default ``"map-gallery"``.
    plot_layout : ipywidgets.Layout, optional
        Layout of the plot.  Default 420×420 pixels.
    **kwargs
        Passed to `HBox`.

    Attributes
    ----------
    matrix : numpy.ndarray
        ``A``, the picked map (read-only; follows the picker).
    points : numpy.ndarray
        ``X``, the picked shape (read-only; follows the menu).
    picker : MapPicker
        The map picker: ``A``.
    shape_menu : ipywidgets.Dropdown
        The menu of shapes: ``X``.
    a_view, y_view : MatrixView
        The views of ``A`` and ``Y = AX``.
    plot : VertexPlot
        The plot of ``X`` (dashed) and ``Y = AX`` (filled).
    status : ipywidgets.HTML
        Why the picture could not be drawn, or empty.

    Examples
    --------
    >>> gallery = MapGallery("horizontal shear", "unit square")
    >>> gallery.y_view.matrix.tolist()
    [[0.0, 1.0, 2.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0, 0.0]]
    >>> gallery.shape_menu.value = "house"
    >>> bool((gallery.plot.image == gallery.matrix @ SHAPES["house"]).all())
    True
    """

    matrix = MatrixTrait(read_only=True, help="A, the picked map.")
    points = MatrixTrait(read_only=True, help="X, the picked shape.")

    def __init__(
        self,
        map_name: str = "stretch",
        shape: str = "house",
        *,
        shapes: Mapping[str, ArrayLike] | None = None,
        prefix: str = "map-gallery",
        plot_layout: Layout | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._shapes = dict(SHAPES if shapes is None else shapes)
        self.picker = MapPicker(map_name)
        self.shape_menu = Dropdown(options=list(self._shapes), value=shape, description=SHAPE_MENU,
                                    style={"description_width": "initial"}, layout=Layout(width="14em"))
        A, X = self.picker.value, self._shapes[shape]
        self.a_view = MatrixView(A, name="A")
        self.y_view = MatrixView(A @ X, name="Y = AX")
        self.plot = VertexPlot(X, A, title=GALLERY_TITLE,
                                layout=plot_layout or Layout(width="420px", height="420px"))
        self.status = steady(HTML)
        self._own(self.picker, self.shape_menu, self.a_view, self.y_view, self.plot, self.status)
        tag_parts(prefix, {"picker": self.picker, "a": self.a_view, "y": self.y_view,
                           "plot": self.plot, "status": self.status})
        self.picker.observe(self._redraw, names="value")
        self.shape_menu.observe(self._redraw, names="value")
        self.add_class("map-gallery")
        self.layout.grid_gap, self.layout.flex_flow = "32px", "row wrap"
        self.children = [
            self._own(VBox([self.picker, self.shape_menu, self.a_view, self.y_view, self.status],
                           layout=Layout(grid_gap="10px", min_width="24em"))),
            self.plot,
        ]
        self._redraw()

    def _redraw(self, _change=None):
        try:
            A, X = self.picker.value, self._shapes[self.shape_menu.value]
            with self.plot.hold_trait_notifications():
                self.plot.points, self.plot.matrix = X, A
            self.a_view.matrix, self.y_view.matrix = A, A @ X
        except Exception as error:  # shown in place, never a traceback
            self.status.value = alert_html(f"Could not draw: {error}", tag="span")
            return
        self.status.value = ""
        with self.hold_trait_notifications():
            self.set_trait("points", X)
            self.set_trait("matrix", A)


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
            value=0, min=0, max=STEPS, step=1, interval=150, description=MORPH_PLAY,
        )
        self._current_view = MatrixView(np.eye(2), name=MORPH_NAME)
        self._status = steady(HTML)
        self.plot = VertexPlot(
            UNIT_SQUARE, show_grid=True, title=MORPH_TITLE,
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


class RowsOrColumns(OwnsChildren, VBox):
    r"""``P = Xᵀ``, ``PAᵀ`` and ``(AX)ᵀ`` side by side, with a sentence comparing them.

    Parameters
    ----------
    points : array_like, optional
        The ``2×N`` points ``X``, as columns.  Default the unit square.
    matrix : array_like, optional
        The ``2×2`` map ``A``.  Default the identity.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-p``, ``PREFIX-pat``, ``PREFIX-axt`` and
        ``PREFIX-rows-status``.  Default ``"rows-or-columns"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    matrix, points : numpy.ndarray
        ``A`` and ``X``; assign them (or `dlink` a `MapGallery`'s) to redraw.
    views : tuple of MatrixView
        The views of ``P``, ``PAᵀ`` and ``(AX)ᵀ``.
    status : ipywidgets.HTML
        Whether ``PAᵀ`` and ``(AX)ᵀ`` agree, and why ``AP`` is undefined.

    Examples
    --------
    >>> rows = RowsOrColumns(matrix=[[1, 1], [0, 1]])
    >>> rows.views[1].matrix[2].tolist()
    [2.0, 1.0]
    >>> "They agree" in rows.status.value
    True
    """

    matrix = MatrixTrait(help="The 2×2 map A.")
    points = MatrixTrait(help="The 2×N points X, as columns.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        points: ArrayLike = UNIT_SQUARE,
        matrix: ArrayLike = ((1, 0), (0, 1)),
        *,
        prefix: str = "rows-or-columns",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.views = tuple(
            MatrixView(np.asarray(points, dtype=float).T, name=name) for name in ROWS_NAMES
        )
        self.status = steady(HTML)
        self._own(*self.views, self.status)
        tag_parts(prefix, {**dict(zip(("p", "pat", "axt"), self.views)), "rows-status": self.status})
        self.add_class("rows-or-columns")
        self.layout.grid_gap = "8px"
        self.children = [
            self._own(HBox(list(self.views), layout=Layout(grid_gap="40px", flex_flow="row wrap"))),
            self.status,
        ]
        with self.hold_trait_notifications():
            self.points = points
            self.matrix = matrix
        self._ready = True
        self._render()

    @observe("matrix", "points")
    def _on_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        rows = points_as_rows(self.matrix, self.points)
        for view, matrix in zip(self.views, (rows.P, rows.moved, rows.columns_moved)):
            view.matrix = matrix
        self.status.value = rows_verdict(rows)


class CornersOrGrid(OwnsChildren, VBox):
    """The shear ``(x, y) ↦ (x, y + 2c x)`` beside the rule ``(x, y) ↦ (x, y + c x²)``.

    Parameters
    ----------
    c : float, optional
        The bend shown first, from -1 to 1.  Default 0.3.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-c`` (the slider), ``PREFIX-grid-toggle``,
        ``PREFIX-matrix-grid`` and ``PREFIX-rule-grid``.  Default ``"corners-or-grid"``.
    plot_layout : dict, optional
        Keyword arguments of each plot's `Layout`.  Default 380×380 pixels.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    c : ipywidgets.FloatSlider
        The slider of the bend ``c`` (also typed in the box beside it).
    show_grid : ipywidgets.ToggleButton
        The toggle that shows the grid in both plots.
    matrix_grid : VertexPlot
        The plot of the shear ``(x, y) ↦ (x, y + 2c x)``.
    rule_grid : VertexPlot
        The plot of the rule ``(x, y) ↦ (x, y + c x²)``.

    Examples
    --------
    >>> view = CornersOrGrid()
    >>> view.c.value = 0.5
    >>> bool((abs(view.matrix_grid.image - view.rule_grid.image) < 1e-12).all())  # same corners
    True
    >>> view.matrix_grid.matrix.tolist()
    [[1.0, 0.0], [1.0, 1.0]]
    """

    def __init__(
        self,
        c: float = 0.3,
        *,
        prefix: str = "corners-or-grid",
        plot_layout: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        size = plot_layout or {"width": "380px", "height": "380px"}
        self.c = FloatSlider(value=c, min=-1.0, max=1.0, step=0.1, description="c",
                             style={"description_width": "initial"}, layout=Layout(width="17em"))
        self.show_grid = ToggleButton(value=False, description=GRID_TOGGLE, icon="th",
                                      tooltip=GRID_TOOLTIP)
        self.matrix_grid = VertexPlot(SQUARE_2, shear(2 * c, "vertical"), title=MATRIX_GRID_TITLE,
                                      show_basis=False, layout=Layout(**size))
        self.rule_grid = VertexPlot(SQUARE_2, rule=bend_rule(c), title=RULE_GRID_TITLE,
                                    show_basis=False, layout=Layout(**size))
        self._own(self.c, self.show_grid, self.matrix_grid, self.rule_grid)
        tag_parts(prefix, {"c": self.c, "grid-toggle": self.show_grid,
                           "matrix-grid": self.matrix_grid, "rule-grid": self.rule_grid})
        dlink((self.show_grid, "value"), (self.matrix_grid, "show_grid"))
        dlink((self.show_grid, "value"), (self.rule_grid, "show_grid"))
        self.c.observe(self._on_c_change, names="value")
        self.add_class("corners-or-grid")
        self.children = [
            # c can also be typed, checked against the slider's range
            self._own(HBox([self._own(SliderEntry(self.c)), self.show_grid],
                           layout=Layout(grid_gap="24px", align_items="center"))),
            self._own(HBox([self.matrix_grid, self.rule_grid], layout=Layout(grid_gap="24px", flex_flow="row wrap"))),
        ]

    def _on_c_change(self, change):
        self.matrix_grid.matrix = shear(2 * change["new"], "vertical")
        self.rule_grid.rule = bend_rule(change["new"])
