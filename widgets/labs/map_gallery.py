"""Lab 5's gallery: a map picked from the menu moves a shape, ``Y = AX``.

`MapGallery` holds a `MapPicker` for ``A``, a menu of shapes for ``X``, the
views of ``A`` and ``Y = AX`` and the plot of both outlines; any change
redraws all of them, and its `matrix` and `points` traits let other views
(the morph, the rows-or-columns panel) follow the gallery.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ipywidgets import HTML, Dropdown, HBox, Layout, VBox
from numpy.typing import ArrayLike

from ..base.alerts import alert_html
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..controls.map_picker import MapPicker
from ..core.geometry import HOUSE, UNIT_SQUARE
from ..views.matrix_view import MatrixView
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["MapGallery"]

#: The shapes of lab 5, by the name the menu shows.
SHAPES = {"unit square": UNIT_SQUARE, "house": HOUSE}


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
    shape_menu : ipywidgets.Dropdown
    a_view, y_view : MatrixView
        ``A`` and ``Y = AX``.
    plot : VertexPlot
        ``X`` dashed and ``Y`` filled.
    status : ipywidgets.HTML
        Why the picture could not be drawn, or empty.

    Examples
    --------
    >>> gallery = MapGallery("horizontal shear", "unit square")
    >>> gallery.y_view.matrix.tolist()
    [[0.0, 1.0, 2.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0, 0.0]]
    >>> gallery.shape_menu.value = "house"
    >>> bool((gallery.plot.image == gallery.matrix @ HOUSE).all())
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
        self._picker = MapPicker(map_name)
        self._shape_menu = Dropdown(options=list(self._shapes), value=shape, description="shape X",
                                    style={"description_width": "initial"}, layout=Layout(width="14em"))
        A, X = self._picker.value, self._shapes[shape]
        self._a_view = MatrixView(A, name="A")
        self._y_view = MatrixView(A @ X, name="Y = AX")
        self._plot = VertexPlot(X, A, title="X (dashed) and Y = AX",
                                layout=plot_layout or Layout(width="420px", height="420px"))
        self._status = steady(HTML)
        self._own(self._picker, self._shape_menu, self._a_view, self._y_view, self._plot, self._status)
        tag_parts(prefix, {"picker": self._picker, "a": self._a_view, "y": self._y_view,
                           "plot": self._plot, "status": self._status})
        self._picker.observe(self._redraw, names="value")
        self._shape_menu.observe(self._redraw, names="value")
        self.add_class("map-gallery")
        self.layout.grid_gap, self.layout.flex_flow = "32px", "row wrap"
        self.children = [
            self._own(VBox([self._picker, self._shape_menu, self._a_view, self._y_view, self._status],
                           layout=Layout(grid_gap="10px", min_width="24em"))),
            self._plot,
        ]
        self._redraw()

    picker = property(lambda self: self._picker, doc="The map picker: A.")
    shape_menu = property(lambda self: self._shape_menu, doc="The menu of shapes: X.")
    a_view = property(lambda self: self._a_view, doc="The view of A.")
    y_view = property(lambda self: self._y_view, doc="The view of Y = AX.")
    plot = property(lambda self: self._plot, doc="The plot of X (dashed) and Y = AX.")
    status = property(lambda self: self._status, doc="Why the picture could not be drawn, or empty.")

    def _redraw(self, _change=None):
        try:
            A, X = self._picker.value, self._shapes[self._shape_menu.value]
            with self._plot.hold_trait_notifications():
                self._plot.points, self._plot.matrix = X, A
            self._a_view.matrix, self._y_view.matrix = A, A @ X
        except Exception as error:  # shown in place, never a traceback
            self._status.value = alert_html(f"Could not draw: {error}", tag="span")
            return
        self._status.value = ""
        with self.hold_trait_notifications():
            self.set_trait("points", X)
            self.set_trait("matrix", A)
