r"""The product by columns written out one column at a time, as LaTeX.

Definition 1.4.1 builds ``AB`` column by column: column ``j`` of ``AB`` is
``A b_j``, and ``A b_j`` is the combination ``b_1j a_1 + ... + b_nj a_n`` of
the columns of ``A``.  `column_combination_latex` writes that combination
with the numbers filled in; `partial_product_latex` shows ``AB`` after the
first few columns are done, the rest still blank.  Pure string work on numpy
arrays: no widgets here.

>>> A = [[1, -3, 5], [3, 1, 4]]
>>> B = [[5, 1], [-2, -6], [-1, 0]]
>>> print(partial_product_latex(A, B, 1))
AB = \begin{bmatrix} {\color{#c0392b}{\mathbf{6}}} & {\color{#bbbbbb}{?}} \\ {\color{#c0392b}{\mathbf{9}}} & {\color{#bbbbbb}{?}} \end{bmatrix}
"""

import operator

from .parsing import latex_number
from .shapes import as_matrix, check_product_shapes

__all__ = ["column_combination_latex", "partial_product_latex"]

#: The column just computed (the same red as `MatrixView`'s highlight).
NEW_COLOR = "#c0392b"
#: Entries not computed yet.
PENDING_COLOR = "#bbbbbb"
PENDING = rf"{{\color{{{PENDING_COLOR}}}{{?}}}}"

def _coefficient(x, digits):
    """A number written in front of a vector: negatives in parentheses."""
    text = latex_number(x, digits)
    return f"({text})" if text.startswith("-") else text


def _column(entries, digits, color=None):
    body = r" \\ ".join(latex_number(x, digits) for x in entries)
    column = rf"\begin{{bmatrix}} {body} \end{{bmatrix}}"
    return rf"{{\color{{{color}}}{{{column}}}}}" if color else column


def _factors(A, B, names):
    A = as_matrix(A, names[0])
    B = as_matrix(B, names[1])
    check_product_shapes(A.shape, B.shape, names)
    return A, B


def column_combination_latex(A, B, j, names=("A", "B"), digits=3):
    r"""Write column ``j`` of ``AB`` as a combination of the columns of ``A``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    j : int
        0-based column of ``B`` (the syllabus's ``b_1`` is ``j=0``).
    names : tuple of str, optional
        LaTeX names of the two matrices; their columns are called by the
        lower-case name in bold (``\mathbf{a}_1``, ``\mathbf{b}_1``).
    digits : int, optional
        Decimals shown, as in `format_number`.

    Returns
    -------
    str
        An ``aligned`` block (math mode, no ``$``) of two lines:
        ``A b_j = b_1j a_1 + ... + b_nj a_n`` with the coefficients filled
        in, then the same sum with the columns of ``A`` written out, equal to
        ``A b_j`` (in the highlight colour).

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
    >>> print(column_combination_latex(A, B, 0))  # doctest: +NORMALIZE_WHITESPACE
    \begin{aligned} A\mathbf{b}_{1} &= 5\,\mathbf{a}_{1} + (-2)\,\mathbf{a}_{2}
    + (-1)\,\mathbf{a}_{3} \\ &= 5\begin{bmatrix} 1 \\ 3 \end{bmatrix}
    + (-2)\begin{bmatrix} -3 \\ 1 \end{bmatrix}
    + (-1)\begin{bmatrix} 5 \\ 4 \end{bmatrix}
    = {\color{#c0392b}{\begin{bmatrix} 6 \\ 9 \end{bmatrix}}} \end{aligned}
    """
    A, B = _factors(A, B, names)
    k = B.shape[1]
    try:
        j = operator.index(j)
    except TypeError:
        raise IndexError(f"column index must be a whole number, got {j!r}") from None
    if not 0 <= j < k:
        raise IndexError(
            f"column index {j} is out of range: {names[1]} has {k} "
            f"column{'' if k == 1 else 's'}, so valid (0-based) indices are 0 to {k - 1}"
        )
    a_name, b_name = (n[0].lower() for n in names)
    coefficients = [_coefficient(x, digits) for x in B[:, j]]
    symbolic = " + ".join(
        rf"{c}\,\mathbf{{{a_name}}}_{{{ell + 1}}}" for ell, c in enumerate(coefficients)
    )
    numeric = " + ".join(
        c + _column(A[:, ell], digits) for ell, c in enumerate(coefficients)
    )
    result = _column(A @ B[:, j], digits, NEW_COLOR)
    return (
        rf"\begin{{aligned}} {names[0]}\mathbf{{{b_name}}}_{{{j + 1}}} &= {symbolic}"
        rf" \\ &= {numeric} = {result} \end{{aligned}}"
    )


def partial_product_latex(A, B, steps, name="AB", names=("A", "B"), digits=3):
    r"""Show ``AB`` with only its first `steps` columns computed.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    steps : int
        How many columns are done, 0 to ``k``; the last of them (the one just
        computed) is coloured and bold, the ones after it are a grey ``?``.
    name : str or None, optional
        LaTeX shown before ``=``; None for the bare matrix.
    names : tuple of str, optional
        Names of the factors in shape messages.
    digits : int, optional
        Decimals shown.

    Returns
    -------
    str
        Math-mode LaTeX, without ``$`` delimiters.

    Raises
    ------
    ShapeError
        If the shapes do not fit.
    ValueError
        If `steps` is not 0 to ``k``.

    Examples
    --------
    >>> print(partial_product_latex([[1, 2]], [[1, 0, 2], [0, 1, 1]], 3, name=None))
    \begin{bmatrix} 1 & 2 & {\color{#c0392b}{\mathbf{4}}} \end{bmatrix}
    >>> print(partial_product_latex([[1, 2]], [[1], [0]], 0))
    AB = \begin{bmatrix} {\color{#bbbbbb}{?}} \end{bmatrix}
    """
    A, B = _factors(A, B, names)
    k = B.shape[1]
    try:
        steps = operator.index(steps)
    except TypeError:
        raise ValueError(f"steps must be a whole number, got {steps!r}") from None
    if not 0 <= steps <= k:
        raise ValueError(f"steps must be 0 to {k} (the columns of {names[1]}), got {steps}")
    product = A @ B
    rows = []
    for row in product:
        entries = []
        for j, x in enumerate(row):
            if j >= steps:
                entries.append(PENDING)
            elif j == steps - 1:
                entries.append(rf"{{\color{{{NEW_COLOR}}}{{\mathbf{{{latex_number(x, digits)}}}}}}}")
            else:
                entries.append(latex_number(x, digits))
        rows.append(" & ".join(entries))
    body = r"\begin{bmatrix} " + r" \\ ".join(rows) + r" \end{bmatrix}"
    return f"{name} = {body}" if name else body
