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

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..controls.map_picker import MapPicker
from ..core.geometry import HOUSE, UNIT_SQUARE
from ..text.alerts import alert_html
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
        self.picker = MapPicker(map_name)
        self.shape_menu = Dropdown(options=list(self._shapes), value=shape, description="shape X",
                                    style={"description_width": "initial"}, layout=Layout(width="14em"))
        A, X = self.picker.value, self._shapes[shape]
        self.a_view = MatrixView(A, name="A")
        self.y_view = MatrixView(A @ X, name="Y = AX")
        self.plot = VertexPlot(X, A, title="X (dashed) and Y = AX",
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
