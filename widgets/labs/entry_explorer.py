"""Lab 2's entry explorer: pick an entry of AB and see it as row i of A times column j of B.

Two editable factors, a heatmap of their product, two menus (row i, column j)
and a line that writes the picked entry out term by term.  A click on the
heatmap and the menus pick the same entry; the row of A and the column of B
it uses are tinted.  Edits to A or B recompute the product when the shapes
fit; when they do not, the heatmap keeps the last product that worked and a
message says why.
"""

from __future__ import annotations

import html
from typing import Any

from ipywidgets import HTML, Dropdown, HBox, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Int, Tuple, observe, validate

from ..base.alerts import alert_html
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import CELL, check_highlight
from ..controls.matrix_editor import MatrixEditor
from ..core.products import entry_sum_text, entry_terms
from ..core.shapes import ShapeError, check_product_shapes
from ..text.numbers import html_number
from ..views.heatmap import MatrixHeatmap
from .naming import tag_parts

__all__ = ["EntryExplorer"]

_MENU_STYLE = {"description_width": "initial"}


def _one_based(count):
    return [(str(n + 1), n) for n in range(count)]


def _alert(reason, error):
    return alert_html(
        f"<b>{reason}.</b> {html.escape(str(error))}.", escape=False, style="line-height:1.4"
    )


def _cannot_multiply(error):
    return _alert("These shapes cannot be multiplied", error) + (
        '<div style="line-height:1.4">The heatmap keeps the last product that worked. Make the number of '
        "columns of A equal the number of rows of B to continue.</div>"
    )


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
            self.A.value @ self.B.value, title="AB: click an entry",
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
            terms = entry_terms(self.A.value, self.B.value, i, j)
        except Exception as error:  # ShapeError above all; nothing may escape as a traceback
            self.entry.value = ""
            self.status.value = (
                _cannot_multiply(error) if isinstance(error, ShapeError) else _alert("No entry to show", error)
            )
            return
        row = ", ".join(html_number(a) for a, _ in terms)
        column = ", ".join(html_number(b) for _, b in terms)
        products = html.escape(entry_sum_text(terms)).replace("-", "\N{MINUS SIGN}")
        self.entry.value = (
            f"<div>Entry ({i + 1},{j + 1}) of <i>AB</i> is row {i + 1} of <i>A</i> "
            f"times column {j + 1} of <i>B</i>:</div>"
            f'<div style="margin-top:0.4em">(<i>AB</i>)<sub>{i + 1}{j + 1}</sub> = ({row}) · ({column}) '
            f"= {products}</div>"
        )
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
            self.status.value = _cannot_multiply(error)
            return
        i, j = min(self.row_menu.value, m - 1), min(self.col_menu.value, k - 1)
        with self._writing:
            for menu, count in ((self.row_menu, m), (self.col_menu, k)):
                if len(menu.options) != count:
                    menu.options = _one_based(count)
            self.heatmap.matrix = self.A.value @ self.B.value
        self._select(i, j)
