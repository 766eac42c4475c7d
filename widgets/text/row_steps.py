"""Row i of AB written out as a combination of the rows of B, with the numbers (lab 2's row picture).

The mirror of `widgets.text.column_steps`: the entries of row ``i`` of ``A``
are the weights (in `WEIGHT_COLOR`) on the rows of ``B``; `row_problem_html` says
why there is no row to show. Pure string work over `widgets.core.rows.row_combination`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from numpy.typing import ArrayLike

from ..core.rows import row_combination
from .alerts import alert_html
from .html_math import HIGHLIGHT_COLOR, bracket_table, emphasis
from .numbers import html_number

__all__ = ["WEIGHT_COLOR", "row_picture_html", "row_problem_html"]

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
    weights = _row(rc.weights, digits, f"row {i + 1} of {names[0]}", WEIGHT_COLOR)
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
