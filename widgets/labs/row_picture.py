"""Lab 2's row picture: row i of AB as the rows of B, weighted by row i of A.

The mirror of lab 1's stepper.  Lab 1 builds ``AB`` one column at a time,
each column a mix of the columns of ``A``; here one row of ``AB`` is a mix
of the rows of ``B``, with the entries of row ``i`` of ``A`` as the weights.
`widgets.text.row_steps.row_picture_html` writes that mix out with the
numbers; `RowPicture` adds a menu to pick the row.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ipywidgets import HTML, Dropdown, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Int, observe, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import ROW, MatrixTrait, check_highlight
from ..core.shapes import ShapeError
from ..text.row_steps import row_picture_html, row_problem_html
from .naming import tag_parts

__all__ = ["RowPicture"]


def _one_based(count):
    return [(str(n + 1), n) for n in range(count)]


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
