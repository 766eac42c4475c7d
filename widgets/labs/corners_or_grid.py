"""Lab 5's corners-or-grid comparison: a shear and a bending rule that agree at every corner.

`CornersOrGrid` draws the square of side 2 under the vertical shear
``(x, y) ↦ (x, y + 2c x)`` and under the rule ``(x, y) ↦ (x, y + c x²)``,
which is not a matrix map.  The two outlines are the same for every ``c``;
only the grid of input points, shown with a toggle, tells them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ipywidgets import FloatSlider, HBox, Layout, ToggleButton, VBox
from traitlets import dlink

from ..base.owned import OwnsChildren
from ..controls.slider_entry import SliderEntry
from ..core.geometry import UNIT_SQUARE
from ..core.maps_gallery import bend_rule, shear
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["CornersOrGrid", "SQUARE_2"]

#: The square of side 2, so the grid has a line through the middle (x = 1).
SQUARE_2 = 2 * UNIT_SQUARE


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
        self.show_grid = ToggleButton(value=False, description="show the grid", icon="th",
                                      tooltip="Draw a grid of input points and its image")
        self.matrix_grid = VertexPlot(SQUARE_2, shear(2 * c, "vertical"), title="matrix: (x, y) ↦ (x, y + 2c x)",
                                      show_basis=False, layout=Layout(**size))
        self.rule_grid = VertexPlot(SQUARE_2, rule=bend_rule(c), title="rule: (x, y) ↦ (x, y + c x²)",
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
