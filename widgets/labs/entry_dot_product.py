"""Lab 2's composites: the entry explorer and the row picture.

`EntryExplorer`: pick an entry of AB and see it as row i of A times column j
of B.  Two editable factors, a heatmap of their product, two menus (row i,
column j) and a line that writes the picked entry out term by term.  A click
on the heatmap and the menus pick the same entry; the row of A and the column
of B it uses are tinted.  Edits to A or B recompute the product when the
shapes fit; when they do not, the heatmap keeps the last product that worked
and a message says why.

`RowPicture`: row i of AB as the rows of B, weighted by row i of A, the
mirror of lab 1's stepper.  Lab 1 builds ``AB`` one column at a time, each
column a mix of the columns of ``A``; here one row of ``AB`` is a mix of the
rows of ``B``, with the entries of row ``i`` of ``A`` as the weights; a menu
picks the row.

Lab 2's math is `widgets.core.entry_dot_product`, its words
`widgets.text.entry_dot_product_words`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ipywidgets import HTML, Dropdown, HBox, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Int, Tuple, observe, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import CELL, ROW, MatrixTrait, check_highlight
from ..controls.matrix_editor import MatrixEditor
from ..core.shapes import ShapeError, check_product_shapes
from ..text.entry_dot_product_words import (
    HEATMAP_TITLE,
    entry_html,
    entry_problem_html,
    row_picture_html,
    row_problem_html,
)
from ..views.heatmap import MatrixHeatmap
from .naming import tag_parts

__all__ = ["EntryExplorer", "RowPicture"]


_MENU_STYLE = {"description_width": "initial"}


def _one_based(count):
    return [(str(n + 1), n) for n in range(count)]


class EntryExplorer(OwnsChildren, VBox):
    """Pick an entry of AB by a click or two menus; see it as a dot product.

    Parameters
    ----------
    A, B : array_like
        The factors shown first (their shapes must fit).
    selected : tuple of int, optional
        The entry picked first, 0-based ``(i, j)``.  Default ``(0, 0)``.
    prefix : str, optional
        When given, the parts get CSS classes ``{prefix}-A``, ``-B``,
        ``-product``, ``-row``, ``-col``, ``-sum`` and ``-status`` (for a
        lab's tests and style).
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    selected : tuple of int
        The entry written out, 0-based ``(i, j)``: one outside AB is refused
        (a `TraitError` naming the range), and new factors that lose it move
        it to their last row or column.
    A, B : MatrixEditor
        The left and the right factor (edit their values).
    heatmap : MatrixHeatmap
        The product; a click picks an entry.
    row_menu, col_menu : ipywidgets.Dropdown
        The "row i" and "column j" menus (1-based labels, 0-based values).
    entry, status : ipywidgets.HTML
        The written-out entry, and why there is none when the shapes do not fit.

    Examples
    --------
    Activity 1.4.2:

    >>> ex = EntryExplorer([[-3, -4, 1], [2, 4, 0], [1, -4, -5]],
    ...                    [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]])
    >>> ex.heatmap.selected = (1, 2)          # what a click on entry (2,3) does
    >>> ex.selected, ex.row_menu.value, ex.col_menu.value, ex.A.highlight_row, ex.B.highlight_col
    ((1, 2), 1, 2, 1, 2)
    >>> "= −12" in ex.entry.value
    True
    """

    selected = Tuple(Int(), Int(), default_value=(0, 0), help="The entry written out, 0-based (i, j).")

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        selected: tuple[int, int] = (0, 0),
        *,
        prefix: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        # Up while one pick is copied to the menus, the heatmap and the tints: their observers hold back.
        self._writing = Guard()
        self.A = MatrixEditor(A, name="A", resizable=True)
        self.B = MatrixEditor(B, name="B", resizable=True)
        m, k = check_product_shapes(self.A.shape, self.B.shape)
        self.heatmap = MatrixHeatmap(
            self.A.value @ self.B.value, title=HEATMAP_TITLE,
            layout=Layout(width="340px", height="340px"),
        )
        self.row_menu = Dropdown(
            options=_one_based(m), value=0, description="row i", style=_MENU_STYLE,
            layout=Layout(width="8em"),
        )
        self.col_menu = Dropdown(
            options=_one_based(k), value=0, description="column j", style=_MENU_STYLE,
            layout=Layout(width="9.5em"),
        )
        self.entry = HTML(style={"font_size": "1.3em"}, layout=Layout(min_height="4.5em"))
        self.status = steady(HTML)
        self._own(self.A, self.B, self.heatmap, self.row_menu, self.col_menu, self.entry, self.status)
        tag_parts(prefix, {
            "A": self.A, "B": self.B, "product": self.heatmap, "row": self.row_menu,
            "col": self.col_menu, "sum": self.entry, "status": self.status,
        })
        self.add_class("entry-explorer")
        self.layout.grid_gap = "0.6em"
        self.children = [
            self._own(HBox(
                [self.A, self.B,
                 self._own(VBox([self._own(HBox([self.row_menu, self.col_menu])), self.heatmap]))],
                layout=Layout(grid_gap="2.5em", align_items="flex-start", flex_flow="row wrap"),
            )),
            self.entry,
            self.status,
        ]
        self.row_menu.observe(self._on_menu_change, names="value")
        self.col_menu.observe(self._on_menu_change, names="value")
        self.heatmap.observe(self._on_click, names="selected")
        self.A.observe(self._on_factors_change, names="value")
        self.B.observe(self._on_factors_change, names="value")
        if tuple(selected) == self.selected:
            self._select(*self.selected)
        self.selected = selected

    # -- state ---------------------------------------------------------------

    @validate("selected")
    def _validate_selected(self, proposal):
        # Refused, as every highlight is (new factors move the pick inside themselves first).
        shape = (len(self.row_menu.options), len(self.col_menu.options))
        return check_highlight(proposal, shape, {"selected": CELL})

    @observe("selected")
    def _on_selected_change(self, change):
        if not self._writing:  # set from outside, not by `_select` itself
            self._select(*change["new"])

    def _select(self, i, j):
        """Move the pick everywhere at once, then write the entry out."""
        with self._writing:
            self.selected = (i, j)
            self.row_menu.value, self.col_menu.value = i, j
            self.heatmap.selected = (i, j)
            self.A.highlight_row, self.B.highlight_col = i, j
        self._show_entry()

    def _show_entry(self):
        i, j = self.selected
        try:
            self.entry.value = entry_html(self.A.value, self.B.value, i, j)
        except Exception as error:  # ShapeError above all; nothing may escape as a traceback
            self.entry.value = ""
            self.status.value = entry_problem_html(error)
            return
        self.status.value = ""

    # -- observers -------------------------------------------------------------

    def _on_menu_change(self, change):
        if not self._writing:
            self._select(self.row_menu.value, self.col_menu.value)

    def _on_click(self, change):
        if not self._writing:
            # A second click can clear the heatmap's selection; keep the current entry instead.
            self._select(*(change["new"] if change["new"] is not None else self.selected))

    def _on_factors_change(self, change):
        # A or B was edited: recompute AB if the shapes fit, else say why not.
        try:
            m, k = check_product_shapes(self.A.shape, self.B.shape)
        except ShapeError as error:
            self.entry.value = ""
            self.status.value = entry_problem_html(error)
            return
        i, j = min(self.row_menu.value, m - 1), min(self.col_menu.value, k - 1)
        with self._writing:
            for menu, count in ((self.row_menu, m), (self.col_menu, k)):
                if len(menu.options) != count:
                    menu.options = _one_based(count)
            self.heatmap.matrix = self.A.value @ self.B.value
        self._select(i, j)


class RowPicture(OwnsChildren, VBox):
    """Pick a row i: row i of AB drawn as the rows of B weighted by row i of A.

    Parameters
    ----------
    A, B : array_like
        The factors (``A`` is m×n, ``B`` is n×k).
    row : int, optional
        The row shown first, 0-based.  Default 0.
    names : tuple of str, optional
        What to call the two matrices.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-menu``, ``PREFIX-sum`` and ``PREFIX-status``.
        Default ``"row-picture"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    A, B : numpy.ndarray
        The factors; set them to redraw (the menu follows A's rows).
    row : int
        The row shown, 0-based; a row past A's last is pulled back to it.
    picture : ipywidgets.HTML
        The written-out combination: row i of AB.
    menu : ipywidgets.Dropdown
        The "row i" menu, 1-based labels.

    Examples
    --------
    >>> p = RowPicture([[-3, -4, 1], [2, 4, 0], [1, -4, -5]],
    ...                [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]], row=1)
    >>> p.menu.value, ">−12<" in p.picture.value
    (1, True)
    >>> p.menu.value = 0                    # what picking "1" in the menu does
    >>> p.row, ">23<" in p.picture.value     # row 1 of AB is (23, 9, 17)
    (0, True)
    """

    A = MatrixTrait(help="The left factor, m×n.")
    B = MatrixTrait(help="The right factor, n×k.")
    row = Int(0, help="The row of AB shown, 0-based (one past A's rows is refused).")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        row: int = 0,
        *,
        names: Iterable[str] = ("A", "B"),
        prefix: str = "row-picture",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._names = tuple(names)
        self._writing = Guard()
        self.menu = Dropdown(
            description="row i",
            style={"description_width": "initial"},
            layout=Layout(width="8em"),
        )
        self.picture = HTML(style={"font_size": "1.2em"})
        self._status = steady(HTML)
        self._own(self.menu, self.picture, self._status)
        tag_parts(prefix, {"menu": self.menu, "sum": self.picture, "status": self._status})
        self.add_class("row-picture")
        self.children = [self.menu, self.picture, self._status]
        # One at a time, not under hold_trait_notifications: its roll-back after a
        # refused matrix would re-validate the unset default and hide the message.
        self.A = A
        self.B = B
        self.row = row
        self._ready = True
        self.menu.observe(self._on_menu_change, names="value")
        self._render()

    @validate("row")
    def _validate_row(self, proposal):
        # Refused, as every highlight is (an A that loses the row moves it to A's last, below).
        return check_highlight(proposal, self.A.shape, {"row": ROW})

    @observe("A", "B", "row")
    def _on_factors_change(self, change):
        if not self._ready:
            return
        if change["name"] == "A" and self.row >= self.A.shape[0]:
            self.row = self.A.shape[0] - 1  # renders through this observer again
            return
        self._render()

    def _on_menu_change(self, change):
        if not self._writing and change["new"] is not None:
            self.row = change["new"]

    def _render(self):
        m = self.A.shape[0]
        # The menu follows the row; its own observer must not read new options as a pick.
        with self._writing:
            with self.menu.hold_sync():
                if len(self.menu.options) != m:
                    self.menu.options = _one_based(m)
                if self.menu.value != self.row:
                    self.menu.value = self.row
        try:
            picture = row_picture_html(self.A, self.B, self.row, self._names)
        except (ShapeError, IndexError) as error:
            self.picture.value = ""
            self._status.value = row_problem_html(error)
            return
        self.picture.value = picture
        self._status.value = ""
