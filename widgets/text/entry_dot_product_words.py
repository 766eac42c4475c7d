"""Lab 2's words: one entry of AB as row i of A times column j of B, and row i of AB as a mix of B's rows.

`entry_html` writes the picked entry out term by term (from
`widgets.core.products`: `entry_terms`, `entry_sum_text`) and
`entry_problem_html` says why there is none; `row_picture_html` writes row
``i`` of ``AB`` as a combination of the rows of ``B``, the entries of row ``i``
of ``A`` the weights (in `_WEIGHT_COLOR`), the mirror of
`widgets.text.product_by_columns_words`, and `row_problem_html` says why there is no row
to show (from `widgets.core.entry_dot_product.row_combination`).  The entry
explorer and the row picture (`widgets.labs.entry_dot_product`) put them in
place.  Pure HTML strings: no widgets here.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from numpy.typing import ArrayLike

from ..core.entry_dot_product import row_combination
from ..core.products import entry_sum_text, entry_terms
from ..core.shapes import ShapeError
from .alerts import alert_html
from .html_math import HIGHLIGHT_COLOR, bracket_table, emphasis
from .numbers import html_number

__all__ = ["HEATMAP_TITLE", "entry_html", "entry_problem_html", "row_picture_html", "row_problem_html"]

#: The title of the entry explorer's heatmap of AB, which picks an entry.
HEATMAP_TITLE = "AB: click an entry"


def entry_html(A: ArrayLike, B: ArrayLike, i: int, j: int) -> str:
    """Entry ``(i, j)`` of ``AB`` (0-based) as a dot product, term by term, as HTML.

    Parameters
    ----------
    A, B : array_like
        The factors.
    i, j : int
        The row of ``A`` and the column of ``B``, 0-based; the text counts from 1.

    Returns
    -------
    str
        Two lines: which row and column make the entry, then the entry written out.

    Raises
    ------
    ShapeError, IndexError
        As `entry_terms`: the shapes do not fit, or ``(i, j)`` is outside ``AB``.

    Examples
    --------
    >>> print(entry_html([[1, 2]], [[3], [-4]], 0, 0))  # doctest: +NORMALIZE_WHITESPACE
    <div>Entry (1,1) of <i>AB</i> is row 1 of <i>A</i> times column 1 of <i>B</i>:</div><div
    style="margin-top:0.4em">(<i>AB</i>)<sub>11</sub> = (1, 2) · (3, −4) = 1(3) + 2(−4) = −5</div>
    """
    terms = entry_terms(A, B, i, j)
    row = ", ".join(html_number(a) for a, _ in terms)
    column = ", ".join(html_number(b) for _, b in terms)
    products = html.escape(entry_sum_text(terms)).replace("-", "\N{MINUS SIGN}")
    return (
        f"<div>Entry ({i + 1},{j + 1}) of <i>AB</i> is row {i + 1} of <i>A</i> "
        f"times column {j + 1} of <i>B</i>:</div>"
        f'<div style="margin-top:0.4em">(<i>AB</i>)<sub>{i + 1}{j + 1}</sub> = ({row}) · ({column}) '
        f"= {products}</div>"
    )


def _alert(reason, error):
    return alert_html(
        f"<b>{reason}.</b> {html.escape(str(error))}.", escape=False, style="line-height:1.4"
    )


def entry_problem_html(error: Exception) -> str:
    """Why there is no entry to write out, as an alert: shapes that cannot be multiplied, or another failure.

    Examples
    --------
    >>> text = entry_problem_html(ShapeError("A is 2×3 and B is 2×2"))
    >>> "cannot be multiplied.</b> A is 2×3 and B is 2×2." in text, "keeps the last product" in text
    (True, True)
    >>> "No entry to show" in entry_problem_html(IndexError("row 3 is outside"))
    True
    """
    if isinstance(error, ShapeError):
        return _alert("These shapes cannot be multiplied", error) + (
            '<div style="line-height:1.4">The heatmap keeps the last product that worked. Make the number of '
            "columns of A equal the number of rows of B to continue.</div>"
        )
    return _alert("No entry to show", error)


#: The weights, row i of A (the colour `MatrixEditor` does not use, so it reads as "weight").
_WEIGHT_COLOR = "#1f6fb2"
_CELL = "padding:0.15em 0.35em;text-align:right;white-space:nowrap;vertical-align:middle"


def _row(values, digits, label, color=None):
    """A row vector between brackets, bold in `color` when given."""
    cells = [[html_number(x, digits) for x in values]]
    table = bracket_table(cells, label)
    return f'<span style="color:{color};font-weight:bold">{table}</span>' if color else table


def _weight(x, digits):
    text = html_number(x, digits)
    text = f"({text})" if text.startswith("\N{MINUS SIGN}") else text
    return emphasis(text, _WEIGHT_COLOR)


def row_picture_html(A: ArrayLike, B: ArrayLike, i: int, names: Sequence[str] = ("A", "B"), digits: int = 3) -> str:
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
    weights = _row(rc.weights, digits, f"row {i + 1} of {names[0]}", _WEIGHT_COLOR)
    return (
        f'<div style="line-height:1.6">Row {i + 1} of <i>{a}</i> is {weights}: '
        f"its entries are the weights on the rows of <i>{b}</i>.</div>"
        f'<div style="line-height:1.6">row {i + 1} of <i>{a}{b}</i> = {terms}</div>'
        f'<table class="row-picture-sum" style="border-collapse:collapse;margin-top:0.4em">'
        f'{"".join(lines)}</table>'
    )


def row_problem_html(error: Exception) -> str:
    """Why there is no row to show (shapes that do not fit, a row past A's last), as an alert.

    >>> row_problem_html(IndexError("row 4 is outside A"))[-48:]
    '<b>No row to show.</b> row 4 is outside A.</div>'
    """
    return alert_html(f"<b>No row to show.</b> {html.escape(str(error))}.", escape=False)
