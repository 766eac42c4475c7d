"""Lab 2's math: the row picture of the product, row i of AB is row i of A times B.

Lab 1 reads ``AB`` by columns: column ``j`` mixes the columns of ``A``.
Read by rows it is the mirror image: row ``i`` of ``AB`` is
``a_i1 (row 1 of B) + ... + a_in (row n of B)``, a combination of the rows
of ``B`` whose weights are row ``i`` of ``A``.  Attention relies on this
reading (each row of A_att weights the rows of V).  `row_combination`
takes one row apart; `row_mistakes` lists the usual wrong answers to "type
row i of AB".  Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .mistakes import Mistake, term_mistakes
from .parsing import format_number
from .shapes import as_matrix, check_index, check_product_shapes

__all__ = ["RowCombination", "row_combination", "row_mistakes"]


@dataclass(frozen=True)
class RowCombination:
    """Row `i` of ``AB`` taken apart as a combination of the rows of ``B``.

    Attributes
    ----------
    i : int
        The row, 0-based.
    weights : numpy.ndarray, shape (n,)
        Row `i` of ``A``: the weight on each row of ``B``.
    rows : numpy.ndarray, shape (n, k)
        The rows of ``B``.
    scaled : numpy.ndarray, shape (n, k)
        Each row of ``B`` times its weight.
    result : numpy.ndarray, shape (k,)
        Their sum: row `i` of ``AB``.
    """

    i: int
    weights: np.ndarray
    rows: np.ndarray
    scaled: np.ndarray
    result: np.ndarray


def row_combination(A: ArrayLike, B: ArrayLike, i: int, names: tuple[str, str] = ("A", "B")) -> RowCombination:
    """Row ``i`` (0-based) of ``AB`` as the rows of ``B`` weighted by row ``i`` of ``A``.

    Parameters
    ----------
    A : array_like, shape (m, n)
    B : array_like, shape (n, k)
    i : int
        0-based row of ``A`` (the syllabus's row 2 is ``i=1``).
    names : tuple of str, optional
        What to call the matrices in messages.

    Returns
    -------
    RowCombination

    Raises
    ------
    ShapeError
        If the shapes do not fit (see `check_product_shapes`).
    IndexError
        If `i` is not a row of ``A``.

    Examples
    --------
    Activity 1.4.2's matrices, row 2:

    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> rc = row_combination(A, B, 1)
    >>> rc.weights, rc.result
    (array([2., 4., 0.]), array([-18.,  -8., -12.]))
    >>> rc.scaled[1]
    array([-16., -12.,  -4.])
    """
    A, B = as_matrix(A, names[0]), as_matrix(B, names[1])
    check_product_shapes(A.shape, B.shape, names)
    i = check_index(i, A.shape[0], "row", of=names[0])
    weights = A[i].copy()
    scaled = weights[:, None] * B
    return RowCombination(i, weights, B.copy(), scaled, scaled.sum(axis=0))


def row_mistakes(A: ArrayLike, B: ArrayLike, i: int, names: tuple[str, str] = ("A", "B")) -> list[Mistake]:
    """The usual wrong answers to "type row ``i`` (0-based) of ``AB``", as 1×k rows.

    Column ``i`` of ``AB`` instead of row ``i``; row ``i`` of ``BA``; the
    weights put on the columns of ``B`` instead of its rows (``B`` times row
    ``i`` of ``A``); the right numbers written as a column; one scaled row
    of ``B`` alone, the first step and not the sum; and one entry off by a
    slip inside its sum (a product's sign, a product left out:
    `term_mistakes`, each slip that gives one number planned: `diagnose`
    says them all).  Each where its shapes allow it, none that is all
    zeros.  (The whole entry's sign, and some entries right and others not,
    `diagnose` finds by itself.)

    Returns
    -------
    list of Mistake

    Raises
    ------
    IndexError
        If `i` is not a row of `A` (`check_index`'s message).

    Examples
    --------
    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> found = row_mistakes(A, B, 1)
    >>> [(m.name, m.value.tolist()) for m in found[:5]]  # doctest: +NORMALIZE_WHITESPACE
    [('column', [[9.0, -8.0, -1.0]]), ('BA', [[5.0, 8.0, 1.0]]),
     ('columns-of-B', [[6.0, -20.0, 20.0]]), ('as-column', [[-18.0], [-8.0], [-12.0]]),
     ('one-row', [[-2.0, 4.0, -8.0]])]
    >>> [m.name for m in found if m.value.tolist() == [[-14, -8, -12]]]  # −2 + 4·(−4), with +2
    ['sign']
    """
    A, B = as_matrix(A, names[0]), as_matrix(B, names[1])
    check_product_shapes(A.shape, B.shape, names)
    a, b = names
    i = check_index(i, A.shape[0], "row", of=a)  # -1 would read the last row
    AB = A @ B
    row = AB[[i], :]
    found = []
    if i < AB.shape[1] and AB.shape[0] == AB.shape[1]:
        found.append(Mistake(
            "column", AB[:, [i]].T,
            f"that is column {i + 1} of {a}{b}, not row {i + 1}: row {i + 1} takes its weights "
            f"from row {i + 1} of {a} and puts them on the rows of {b}.",
        ))
    if B.shape[1] == A.shape[0] and i < B.shape[0]:
        found.append(Mistake(
            "BA", (B @ A)[[i], :],
            f"that is row {i + 1} of {b}{a}: in {a}{b} the weights come from {a} and the rows "
            f"from {b}.",
        ))
    if B.shape[1] == A.shape[1]:
        found.append(Mistake(
            "columns-of-B", (B @ A[i])[None, :],
            f"you put the weights on the columns of {b}: row {i + 1} of {a}{b} puts "
            f"a_{i + 1}1 on row 1 of {b}, a_{i + 1}2 on row 2, and so on, then adds the rows.",
        ))
    if row.shape[1] > 1:
        found.append(Mistake(
            "as-column", row.T,
            f"right numbers, written as a column: a row of {a}{b} is 1×{row.shape[1]}, "
            "one row with an entry per column of "
            f"{b}.",
        ))
    combination = row_combination(A, B, i, names)
    if A.shape[1] > 1:
        for k, (weight, scaled) in enumerate(zip(combination.weights, combination.scaled)):
            if weight != 0:
                found.append(Mistake(
                    "one-row", scaled[None, :],
                    f"that is only row {k + 1} of {b} times its weight {format_number(weight)}: "
                    f"row {i + 1} of {a}{b} adds all {A.shape[1]} scaled rows of {b}, entry by entry.",
                ))
    for slip in term_mistakes(A, B, names, shared=True):
        others = np.delete(slip.value - AB, i, axis=0)
        if not others.any():  # the slip is in row i
            found.append(Mistake(slip.name, slip.value[[i], :], slip.message))
    return [m for m in found if np.any(m.value)]
