"""Lab 2's row picture: row i of AB as the rows of B, weighted by row i of A.

The mirror of lab 1's stepper.  Lab 1 builds ``AB`` one column at a time,
each column a mix of the columns of ``A``; here one row of ``AB`` is a mix
of the rows of ``B``, with the entries of row ``i`` of ``A`` as the weights.
`row_picture_html` writes that mix out with the numbers (pure string work);
`RowPicture` adds a menu to pick the row.
"""

import html

from ipywidgets import HTML, Dropdown, Layout, VBox
from traitlets import Int, observe, validate

from ..base.alerts import alert_html
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..core.parsing import html_number
from ..core.rows import row_combination
from ..core.shapes import ShapeError
from ..text.html_math import HIGHLIGHT_COLOR, bracket_table, emphasis

__all__ = ["RowPicture", "row_picture_html"]

#: The weights, row i of A (the colour `MatrixEditor` does not use, so it reads as "weight").
WEIGHT_COLOR = "#1f6fb2"
_CELL = "padding:0.15em 0.35em;text-align:right;white-space:nowrap;vertical-align:middle"


def _row(values, digits, label, color=None):
    """A row vector between brackets, bold in `color` when given."""
    cells = [[html_number(x, digits) for x in values]]
    table = bracket_table(cells, label)
    return f'<span style="color:{color};font-weight:bold">{table}</span>' if color else table


def _weight(x, digits):
    text = html_number(x, digits)
    text = f"({text})" if text.startswith("\N{MINUS SIGN}") else text
    return emphasis(text, WEIGHT_COLOR)


def row_picture_html(A, B, i, names=("A", "B"), digits=3):
    """Row ``i`` (0-based) of ``AB`` written as a combination of the rows of ``B``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    i : int
        0-based row of ``A``.
    names : tuple of str, optional
        Names of the two matrices.
    digits : int, optional
        Decimals shown, as in `format_number`.

    Returns
    -------
    str
        HTML: row ``i`` of ``A`` (the weights, in blue), the rule in words,
        then a table with one line per row of ``B``, ``weight × row = scaled
        row``, and their sum, row ``i`` of ``AB`` (bold, in the highlight
        colour).

    Raises
    ------
    ShapeError
        If the shapes do not fit.
    IndexError
        If `i` is not a row of ``A``.

    Examples
    --------
    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> text = row_picture_html(A, B, 1)
    >>> "row 2 of <i>AB</i>" in text, text.count('aria-label="row 2 of AB, 1 by 3"')
    (True, 1)
    >>> ">−18<" in text and ">−16<" in text
    True
    """
    rc = row_combination(A, B, i, names)
    a, b = (html.escape(n) for n in names)
    n = len(rc.weights)
    terms = " + ".join(
        f"{_weight(w, digits)} · (row {k + 1} of <i>{b}</i>)" for k, w in enumerate(rc.weights)
    )
    lines = []
    for k in range(n):
        lines.append(
            "<tr>"
            f'<td style="{_CELL}">{"+" if k else ""}</td>'
            f'<td style="{_CELL}">{_weight(rc.weights[k], digits)}</td>'
            f'<td style="{_CELL}">×</td>'
            f'<td style="{_CELL}">{_row(rc.rows[k], digits, f"row {k + 1} of {names[1]}")}</td>'
            f'<td style="{_CELL};color:var(--jp-ui-font-color1)">row {k + 1} of <i>{b}</i></td>'
            f'<td style="{_CELL}">=</td>'
            f'<td style="{_CELL}">{_row(rc.scaled[k], digits, f"{k + 1}: weighted row")}</td>'
            "</tr>"
        )
    lines.append(
        f'<tr style="border-top:1.5px solid"><td style="{_CELL}" colspan="5">'
        f"sum: row {i + 1} of <i>{a}{b}</i></td>"
        f'<td style="{_CELL}">=</td>'
        f'<td style="{_CELL}">{_row(rc.result, digits, f"row {i + 1} of {names[0]}{names[1]}", HIGHLIGHT_COLOR)}</td>'
        "</tr>"
    )
    weights = _row(rc.weights, digits, f"row {i + 1} of {names[0]}", WEIGHT_COLOR)
    return (
        f'<div style="line-height:1.6">Row {i + 1} of <i>{a}</i> is {weights}: '
        f"its entries are the weights on the rows of <i>{b}</i>.</div>"
        f'<div style="line-height:1.6">row {i + 1} of <i>{a}{b}</i> = {terms}</div>'
        f'<table class="row-picture-sum" style="border-collapse:collapse;margin-top:0.4em">'
        f'{"".join(lines)}</table>'
    )


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
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    A, B : numpy.ndarray
        The factors; set them to redraw (the menu follows A's rows).
    row : int
        The row shown, 0-based; a row past A's last is pulled back to it.
    picture : ipywidgets.HTML
        The written-out combination (read-only).
    menu : ipywidgets.Dropdown
        The "row i" menu, 1-based labels (read-only).

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
    row = Int(0, help="The row of AB shown, 0-based (clamped to A's rows).")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(self, A, B, row=0, *, names=("A", "B"), **kwargs):
        super().__init__(**kwargs)
        self._names = tuple(names)
        self._writing = Guard()
        self._menu = Dropdown(
            description="row i",
            style={"description_width": "initial"},
            layout=Layout(width="8em"),
        ).add_class("row-picture-menu")
        self._picture = HTML(style={"font_size": "1.2em"}).add_class("row-picture-sum")
        self._status = steady(HTML).add_class("row-picture-status")
        self._own(self._menu, self._picture, self._status)
        self.add_class("row-picture")
        self.children = [self._menu, self._picture, self._status]
        # One at a time, not under hold_trait_notifications: its roll-back after a
        # refused matrix would re-validate the unset default and hide the message.
        self.A = A
        self.B = B
        self.row = row
        self._ready = True
        self._menu.observe(self._on_menu_change, names="value")
        self._render()

    @property
    def picture(self):
        """The `HTML` that writes row i of AB out."""
        return self._picture

    @property
    def menu(self):
        """The "row i" `Dropdown`."""
        return self._menu

    @validate("row")
    def _validate_row(self, proposal):
        # Clamped, not refused: a row past the edge is merely out of range.
        m = self.A.shape[0]
        return min(max(proposal["value"], 0), m - 1)

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
            with self._menu.hold_sync():
                if len(self._menu.options) != m:
                    self._menu.options = _one_based(m)
                if self._menu.value != self.row:
                    self._menu.value = self.row
        try:
            picture = row_picture_html(self.A, self.B, self.row, self._names)
        except (ShapeError, IndexError) as error:
            self._picture.value = ""
            self._status.value = alert_html(
                f"<b>No row to show.</b> {html.escape(str(error))}.", escape=False
            )
            return
        self._picture.value = picture
        self._status.value = ""
