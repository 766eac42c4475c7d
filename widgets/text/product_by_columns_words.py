"""Lab 1's words: the product by columns written out one column at a time, as HTML.

Definition 1.4.1 builds ``AB`` column by column: column ``j`` of ``AB`` is
``A b_j``, and ``A b_j`` is the combination ``b_1j a_1 + ... + b_nj a_n`` of
the columns of ``A``.  `column_combination_html` writes that combination
with the numbers filled in; `partial_product_html` shows ``AB`` after the
first few columns are done, the rest still blank; `column_problem_html` says
why there is no product to step through.  They are redrawn at every
edit, so they are HTML (`widgets.text.html_math`), not LaTeX.  Pure string work on
numpy arrays: no widgets here.
"""

from __future__ import annotations

import html
import operator
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..core.products import product_by_columns, product_factors
from ..core.shapes import ShapeError, check_index
from .alerts import alert_html
from .html_math import (
    HIGHLIGHT_COLOR,
    PENDING_COLOR,
    bracket_table,
    column_html,
    emphasis,
    formula_html,
)
from .numbers import html_number

__all__ = ["PLAY_TOOLTIP", "column_combination_html", "column_problem_html", "partial_product_html"]

#: The column just computed (the same red as `MatrixView`'s highlight).
_NEW_COLOR = HIGHLIGHT_COLOR
#: An entry not computed yet.
PENDING = f'<span style="color:{PENDING_COLOR}">?</span>'
#: The stepper's Play button, which builds AB one column after another.
PLAY_TOOLTIP = "Build AB column by column"


def _coefficient(x, digits):
    """A number written in front of a vector: negatives in parentheses."""
    text = html_number(x, digits)
    return f"({text})" if text.startswith("\N{MINUS SIGN}") else text


def _vector(letter, index):
    """A bold column name with its subscript: **a**\u2081."""
    return f"<b>{html.escape(letter)}</b><sub>{index}</sub>"


def column_combination_html(
    A: ArrayLike,
    B: ArrayLike,
    j: int,
    names: Sequence[str] = ("A", "B"),
    digits: int = 3,
) -> str:
    """Write column ``j`` of ``AB`` as a combination of the columns of ``A``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    j : int
        0-based column of ``B`` (the syllabus's ``b_1`` is ``j=0``).
    names : tuple of str, optional
        Names of the two matrices; their columns are called by the
        lower-case name in bold (**a**\u2081, **b**\u2081).
    digits : int, optional
        Decimals shown, as in `format_number`.

    Returns
    -------
    str
        Two lines of HTML: ``A b_j = b_1j a_1 + ... + b_nj a_n`` with the
        coefficients filled in, then the same sum with the columns of ``A``
        written out as bracketed columns, equal to ``A b_j`` (bold, in the
        highlight colour).

    Raises
    ------
    ShapeError
        If the shapes do not fit (see `check_product_shapes`).
    IndexError
        If `j` is not a column of ``B``.

    Examples
    --------
    Activity 1.4.1, first column:

    >>> A = [[1, -3, 5], [3, 1, 4]]
    >>> B = [[5, 1], [-2, -6], [-1, 0]]
    >>> text = column_combination_html(A, B, 0)
    >>> print(text.split("</div>")[0])
    <div><i>A</i><b>b</b><sub>1</sub> = 5 <b>a</b><sub>1</sub> + (−2) <b>a</b><sub>2</sub> + (−1) <b>a</b><sub>3</sub>
    >>> text.count("<table"), text.count(">6<"), text.count(">9<")
    (4, 1, 1)
    """
    A, B = product_factors(A, B, names)
    j = check_index(j, B.shape[1], "column", of=names[1])
    a_name, b_name = (n[0].lower() for n in names)
    coefficients = [_coefficient(x, digits) for x in B[:, j]]
    symbolic = " + ".join(f"{c} {_vector(a_name, ell + 1)}" for ell, c in enumerate(coefficients))
    numeric = []
    for ell, c in enumerate(coefficients):
        numeric += (["+"] if ell else []) + [c, column_html(A[:, ell], digits)]
    result = column_html(product_by_columns(A, B, names)[j], digits, _NEW_COLOR)
    return (
        f"<div><i>{html.escape(names[0])}</i>{_vector(b_name, j + 1)} = {symbolic}</div>"
        f"<div>{formula_html('=', *numeric, '=', result)}</div>"
    )


def partial_product_html(
    A: ArrayLike,
    B: ArrayLike,
    steps: int,
    name: str | None = "AB",
    names: Sequence[str] = ("A", "B"),
    digits: int = 3,
) -> str:
    """Show ``AB`` with only its first `steps` columns computed.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    steps : int
        How many columns are done, 0 to ``k``; the last of them (the one just
        computed) is coloured and bold, the ones after it are a grey ``?``.
    name : str or None, optional
        Shown in italics before ``=``; None for the bare matrix.
    names : tuple of str, optional
        Names of the factors in shape messages.
    digits : int, optional
        Decimals shown.

    Returns
    -------
    str
        HTML: the name, then the matrix as a bracketed table.

    Raises
    ------
    ShapeError
        If the shapes do not fit.
    ValueError
        If `steps` is not 0 to ``k``.

    Examples
    --------
    >>> text = partial_product_html([[1, 2]], [[1, 0, 2], [0, 1, 1]], 2, name=None)
    >>> text.count(PENDING), text.count("<b ")
    (1, 1)
    """
    A, B = product_factors(A, B, names)
    k = B.shape[1]
    try:
        steps = operator.index(steps)
    except TypeError:
        raise ValueError(f"steps must be a whole number, got {steps!r}") from None
    if not 0 <= steps <= k:
        raise ValueError(f"steps must be 0 to {k} (the columns of {names[1]}), got {steps}")
    product = np.column_stack(product_by_columns(A, B, names))
    cells = [
        [
            PENDING if j >= steps
            else emphasis(html_number(x, digits)) if j == steps - 1
            else html_number(x, digits)
            for j, x in enumerate(row)
        ]
        for row in product
    ]
    table = bracket_table(cells, label=name or "product")
    return formula_html(f"<i>{html.escape(name)}</i> =", table) if name else table


def column_problem_html(error: Exception) -> str:
    """Why there is no column to show, as an alert: shapes that cannot be multiplied, or another failure.

    Examples
    --------
    >>> text = column_problem_html(ShapeError("A is 2×3 and B is 2×2"))
    >>> "cannot be multiplied.</b> A is 2×3 and B is 2×2.<br>Make the number" in text
    True
    >>> "Could not compute this step" in column_problem_html(ValueError("nan"))
    True
    """
    reason = (
        "These shapes cannot be multiplied" if isinstance(error, ShapeError)
        else "Could not compute this step"
    )
    return alert_html(
        f"<b>{reason}.</b> {html.escape(str(error))}."
        "<br>Make the number of columns of A equal the number of rows of B to get a product back.",
        escape=False, style="line-height:1.4",
    )
