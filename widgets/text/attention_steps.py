"""Attention written out step by step: score expansions and weighted averages.

Numpy only.  `score_expansion` writes a score ``S_ij = q_i · k_j`` out term
by term, as Activity 1.4.5 does for ``S_24``; `average_expansion` writes a
row of ``H = A_att V`` as a weighted average of the value vectors (the region
those averages can reach is `widgets.core.geometry.convex_hull`), and
`output_expansion` one output from its row of weights alone.  Indices in
the text count from 1, as the syllabus does.  `score_sum_latex`,
`weight_latex` and `average_sum_latex` write the same steps in LaTeX, for a
lab's worked solutions, from the lab's own numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

from ..core.parsing import format_number
from ..core.products import entry_sum_text, entry_terms
from ..core.shapes import ShapeError, as_matrix, check_index
from .latex_math import latex_matrix
from .numbers import latex_number

__all__ = [
    "score_expansion", "average_expansion", "output_expansion", "score_sum_latex", "weight_latex", "average_sum_latex",
]


def _pair(i, j, wide=False):
    """Two 1-based indices as a subscript: ``24``, or ``{2,10}`` when `wide`."""
    return f"{{{i},{j}}}" if wide else f"{i}{j}"


def score_expansion(Q: ArrayLike, K: ArrayLike, i: int, j: int, digits: int = 3) -> str:
    """Write the score ``S_ij = q_i · k_j`` out term by term, with numbers.

    Parameters
    ----------
    Q, K : array_like, shape (L, d_k)
        Queries and keys, one token per row.
    i, j : int
        0-based query row and key row.
    digits : int, optional
        Decimals shown, as in `format_number`.  Default 3.

    Returns
    -------
    str
        Plain text with 1-based subscripts written after ``_``: the symbols,
        then the numbers and their sum, e.g.
        ``S_24 = q_2 · k_4 = q_21 k_41 + q_22 k_42 + q_23 k_43 = 1(2) + ...``.

    Raises
    ------
    ShapeError
        If `Q` and `K` have different numbers of columns.
    IndexError
        If `i` or `j` is out of range.

    Examples
    --------
    >>> Q = [[1, 0, 2], [1, -1, 0.5]]
    >>> K = [[0, 1, 1], [2, 3, -2]]
    >>> print(score_expansion(Q, K, 1, 1))
    S_22 = q_2 · k_2 = q_21 k_21 + q_22 k_22 + q_23 k_23 = 1(2) + (-1)(3) + 0.5(-2) = -2
    """
    Q = as_matrix(Q, "Q")
    K = as_matrix(K, "K")
    if Q.shape[1] != K.shape[1]:
        raise ShapeError(
            f"Q has {Q.shape[1]} columns and K has {K.shape[1]}: a score dots a "
            "query with a key, so they need the same length"
        )
    i = check_index(i, Q.shape[0], "query row", of="Q")
    j = check_index(j, K.shape[0], "key row", of="K")
    a, b = i + 1, j + 1
    # Any index with two digits: separate all of them, so q_{11,1} is not q_111.
    wide = max(a, b, Q.shape[1]) >= 10
    symbols = " + ".join(
        f"q_{_pair(a, n, wide)} k_{_pair(b, n, wide)}" for n in range(1, Q.shape[1] + 1)
    )
    numbers = entry_sum_text(entry_terms(Q, K.T, i, j), digits=digits)
    ij = _pair(a, b, wide)
    return f"S_{ij} = q_{a} · k_{b} = {symbols} = {numbers}"


def average_expansion(A: ArrayLike, V: ArrayLike, i: int, digits: int = 3) -> str:
    """Write row ``i`` of ``H = A_att V`` as a weighted average of the value rows.

    Parameters
    ----------
    A : array_like, shape (L, L)
        The attention weights ``A_att`` (rows are weights, usually adding to 1).
    V : array_like, shape (L, d_v)
        Values, one token per row.
    i : int
        0-based row.
    digits : int, optional
        Decimals shown.  Default 3.

    Returns
    -------
    str
        ``"h_2 = 0 v_1 + 0.5 v_2 + ... = (2, 2)"``: each weight times its
        value vector, then the resulting vector.

    Raises
    ------
    ShapeError
        If `A` has not as many columns as `V` has rows.
    IndexError
        If `i` is out of range.

    Examples
    --------
    Activity 1.4.6:

    >>> V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    >>> A = [[1, 0, 0, 0], [0, 1/2, 1/4, 1/4], [0, 0, 1, 0], [0, 0, 0, 1]]
    >>> print(average_expansion(A, V, 1))
    h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)
    """
    A = as_matrix(A, "A_att")
    V = as_matrix(V, "V")
    if A.shape[1] != V.shape[0]:
        raise ShapeError(
            f"A_att has {A.shape[1]} columns but V has {V.shape[0]} rows: there must "
            "be one weight per value vector"
        )
    i = check_index(i, A.shape[0], "row", of="A_att")
    terms = " + ".join(
        f"{format_number(w, digits)} v_{n}" for n, w in enumerate(A[i], start=1)
    )
    h = [math.fsum(A[i, n] * V[n, c] for n in range(V.shape[0])) for c in range(V.shape[1])]
    vector = ", ".join(format_number(x, digits) for x in h)
    return f"h_{i + 1} = {terms} = ({vector})"




def output_expansion(weights: ArrayLike, V: ArrayLike, row: int, digits: int = 3) -> str:
    """Write output ``h_i`` out from its one row of weights, named after the row ``i`` it is (0-based).

    As `average_expansion`, for a single row of ``A_att`` shown without the others.

    Examples
    --------
    >>> print(output_expansion([[0, 1/2, 1/4, 1/4]], [[1, 0], [2, 0], [0, 4], [4, 4]], 1))
    h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)
    """
    text = average_expansion(weights, V, 0, digits)  # it numbers its one row 1
    return f"h_{row + 1}" + text[len("h_1"):]


def _signed_sum(terms):
    """``-0.5 - 0.5 + 0.75``: the terms one after another, each with its own sign."""
    text = latex_number(terms[0])
    for t in terms[1:]:
        text += f" - {latex_number(-t)}" if t < 0 else f" + {latex_number(t)}"
    return text


def score_sum_latex(q: ArrayLike, k: ArrayLike) -> str:
    """A dot product ``q · k`` worked out in LaTeX: the products, the terms, the sum.

    A negative first factor is put in parentheses, as in `entry_sum_text`.

    Examples
    --------
    >>> print(score_sum_latex([0.5, 1, 0.5], [-1, -0.5, 1.5]))
    0.5(-1) + 1(-0.5) + 0.5(1.5) = -0.5 - 0.5 + 0.75 = -0.25
    """
    q, k = (np.asarray(v, dtype=float).ravel() for v in (q, k))
    if q.size != k.size or q.size == 0:
        raise ShapeError(f"q has {q.size} entries and k has {k.size}: a dot product pairs equal lengths")
    factors = [f"({latex_number(a)})" if a < 0 else latex_number(a) for a in q]
    products = " + ".join(f"{a}({latex_number(b)})" for a, b in zip(factors, k))
    terms = q * k
    return f"{products} = {_signed_sum(terms)} = {latex_number(math.fsum(terms))}"


def weight_latex(w: float, form: str = "frac") -> str:
    r"""An attention weight as LaTeX: a fraction with a small denominator, or the number itself.

    Parameters
    ----------
    w : float
    form : {"frac", "tfrac", "slash"}, optional
        ``\frac{1}{2}``, ``\tfrac{1}{2}`` or ``1/2``.  Whole numbers are
        written as they are (``0``, ``1``).

    Examples
    --------
    >>> [weight_latex(w, form) for w, form in ((0.5, "frac"), (0.25, "tfrac"), (0.75, "slash"), (0, "frac"))]
    ['\\frac{1}{2}', '\\tfrac{1}{4}', '3/4', '0']
    """
    if form not in ("frac", "tfrac", "slash"):
        raise ValueError(f"form must be 'frac', 'tfrac' or 'slash', got {form!r}")
    fraction = Fraction(float(w)).limit_denominator(100)
    if fraction.denominator == 1 or not math.isclose(fraction, w, abs_tol=1e-12):
        return latex_number(w)
    if form == "slash":
        return f"{fraction.numerator}/{fraction.denominator}"
    return rf"\{form}{{{fraction.numerator}}}{{{fraction.denominator}}}"


def average_sum_latex(weights: ArrayLike, V: ArrayLike) -> str:
    r"""``h = Σ_j w_j v_j`` worked out in LaTeX, each value vector as a column.

    The weights times the values, then the scaled values, then their sum.

    Examples
    --------
    >>> for step in average_sum_latex([0, 0.5], [[1, 0], [2, 0]]).split(" = "):
    ...     print(step)
    0\begin{bmatrix}1 \\ 0\end{bmatrix} + \frac{1}{2}\begin{bmatrix}2 \\ 0\end{bmatrix}
    \begin{bmatrix}0 \\ 0\end{bmatrix} + \begin{bmatrix}1 \\ 0\end{bmatrix}
    \begin{bmatrix}1 \\ 0\end{bmatrix}
    """
    w = np.asarray(weights, dtype=float).ravel()
    V = as_matrix(V, "V")
    if w.size != V.shape[0]:
        raise ShapeError(f"{w.size} weights for {V.shape[0]} value vectors: one weight per value vector")
    weighted = " + ".join(f"{weight_latex(x)}{latex_matrix(v[:, None])}" for x, v in zip(w, V))
    scaled = " + ".join(latex_matrix(x * v[:, None]) for x, v in zip(w, V))
    return f"{weighted} = {scaled} = {latex_matrix((w @ V)[:, None])}"
