"""The matrix product, taken apart the two ways the syllabus teaches it.

By columns: column ``j`` of ``AB`` is ``A`` times column ``j`` of ``B``
(Definition 1.4.1).  By entries: the ``(i, j)`` entry of ``AB`` is row ``i``
of ``A`` dotted with column ``j`` of ``B`` (Theorem 1.4.2).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from .parsing import format_number
from .shapes import as_matrix, check_index, check_product_shapes

__all__ = ["entry_sum_text", "entry_terms", "product_by_columns", "product_factors"]


def product_factors(
    A: ArrayLike, B: ArrayLike, names: Sequence[str] = ("A", "B")
) -> tuple[np.ndarray, np.ndarray]:
    """The two factors of ``AB`` as float matrices, or a `ShapeError` that calls them by `names`.

    >>> product_factors([[1, 2]], [[3], [4]])[1].shape
    (2, 1)
    """
    A = as_matrix(A, names[0])
    B = as_matrix(B, names[1])
    check_product_shapes(A.shape, B.shape, tuple(names))
    return A, B


def product_by_columns(A: ArrayLike, B: ArrayLike, names: Sequence[str] = ("A", "B")) -> list[np.ndarray]:
    """Return the columns ``A b_1, A b_2, ...`` of the product ``AB``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    names : sequence of str, optional
        What a shape error calls the two factors.

    Returns
    -------
    list of numpy.ndarray
        ``k`` one-dimensional arrays of length ``m``; entry ``j`` is ``A``
        times column ``j`` of ``B``.

    Raises
    ------
    ShapeError
        If the shapes do not fit (see `check_product_shapes`).

    Examples
    --------
    Activity 1.4.1:

    >>> A = [[1, -3, 5], [3, 1, 4]]
    >>> B = [[5, 1], [-2, -6], [-1, 0]]
    >>> product_by_columns(A, B)
    [array([6., 9.]), array([19., -3.])]
    """
    A, B = product_factors(A, B, names)
    return [A @ B[:, j] for j in range(B.shape[1])]


def entry_terms(A: ArrayLike, B: ArrayLike, i: int, j: int) -> list[tuple[float, float]]:
    """Return the pairs multiplied and added to form entry ``(i, j)`` of ``AB``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    i, j : int
        0-based row of ``A`` and column of ``B``.  The syllabus counts from
        1, so its ``(2, 3)``-entry is ``i=1, j=2`` here.

    Returns
    -------
    list of tuple of float
        ``[(A[i, 0], B[0, j]), (A[i, 1], B[1, j]), ...]``, ``n`` pairs.

    Raises
    ------
    ShapeError
        If the shapes do not fit.
    IndexError
        If `i` or `j` is out of range.

    Examples
    --------
    Activity 1.4.2:

    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> entry_terms(A, B, 1, 2)
    [(2.0, -4.0), (4.0, -1.0), (0.0, 1.0)]
    """
    A, B = product_factors(A, B)
    i = check_index(i, A.shape[0], "row", of="A")
    j = check_index(j, B.shape[1], "column", of="B")
    return [(float(a), float(b)) for a, b in zip(A[i, :], B[:, j])]


def entry_sum_text(terms: Iterable[tuple[float, float]], digits: int = 3) -> str:
    """Write out a row-column dot product the way the syllabus does.

    Parameters
    ----------
    terms : sequence of (float, float)
        The pairs from `entry_terms`.
    digits : int, optional
        Passed to `format_number`.  Default 3.

    Returns
    -------
    str
        Plain text such as ``"2(-4) + 4(-1) + 0(1) = -12"``: each product
        written as ``a(b)``, a negative first factor in parentheses too, and
        the sum (computed exactly, then rounded for display) after ``=``.

    Raises
    ------
    ValueError
        If `terms` is empty.

    Examples
    --------
    >>> entry_sum_text([(2, -4), (4, -1), (0, 1)])
    '2(-4) + 4(-1) + 0(1) = -12'
    >>> entry_sum_text([(-3, 5), (0.5, 1 / 3)])
    '(-3)(5) + 0.5(0.333) = -14.833'
    """
    terms = [(float(a), float(b)) for a, b in terms]
    if not terms:
        raise ValueError("there are no terms to add: a dot product needs at least one")
    parts = []
    for a, b in terms:
        a_text = format_number(a, digits)
        if a_text.startswith("-"):
            a_text = f"({a_text})"
        parts.append(f"{a_text}({format_number(b, digits)})")
    total = math.fsum(a * b for a, b in terms)
    return " + ".join(parts) + " = " + format_number(total, digits)
