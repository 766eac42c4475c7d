"""One entry of AB written out as row i of A times column j of B (lab 2), or why there is none.

Pure HTML from `widgets.core.products` (`entry_terms`, `entry_sum_text`);
the entry explorer (`widgets.labs.entry_explorer`) puts it in place.
"""

from __future__ import annotations

import html

from numpy.typing import ArrayLike

from ..core.products import entry_sum_text, entry_terms
from ..core.shapes import ShapeError
from .alerts import alert_html
from .numbers import html_number

__all__ = ["entry_html", "entry_problem_html"]


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
