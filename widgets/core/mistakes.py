"""Naming a learner's mistake: the usual wrong answers to a product, an entry, a shape.

A wrong answer teaches most when the feedback says what the learner did
("you multiplied B by A").  The functions here list, for one exercise, the
answers each common slip produces (`Mistake`: a name, the value, the words
for it); `diagnose` (from `widgets.core.diagnosis`, named here too) compares
what was typed with the answer and with those, then with the slips that are
a pattern rather than one value (one column right and one wrong).

Inside one entry, a sum of products, the slips are a product's sign and a
product left out.  A slip whose value is 0 is never offered: 0 is what a
learner types who has not computed anything (and what a new matrix cell
holds), so naming a slip for it would be a guess.  Numpy only.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from .composition import space
from .diagnosis import Diagnosis, Mistake, compare_matrices, describe_positions, diagnose
from .parsing import format_number
from .shapes import NO_PRODUCT, check_index

__all__ = [
    "Diagnosis",
    "Mistake",
    "compare_matrices",
    "describe_positions",
    "diagnose",
    "entry_mistakes",
    "factor_mistakes",
    "points_mistakes",
    "product_mistakes",
    "shape_mistakes",
    "space_mistakes",
    "term_mistakes",
    "term_slips",
]


def _shapes(A: ArrayLike, B: ArrayLike) -> tuple[np.ndarray, np.ndarray, bool]:
    A, B = np.atleast_2d(np.asarray(A, float)), np.atleast_2d(np.asarray(B, float))
    return A, B, A.shape[1] == B.shape[0]


def product_mistakes(
    A: ArrayLike,
    B: ArrayLike,
    names: tuple[str, str] = ("A", "B"),
    *,
    terms: bool = True,
) -> list[Mistake]:
    """The usual wrong answers for the product of `A` and `B`.

    BA instead of AB, the transpose of AB, the entrywise product, rows of A
    dotted with rows of B, and columns of A dotted with columns of B: each
    where its shapes allow it, and none that is all zeros.  Then, with
    `terms`, one entry off by a slip inside its sum (`term_mistakes`).

    Parameters
    ----------
    A, B : array_like
        The factors, in the order of the question.
    names : tuple of str, optional
        What the question calls them.
    terms : bool, optional
        Add `term_mistakes`.  Default True.

    Returns
    -------
    list of Mistake

    Examples
    --------
    >>> [m.name for m in product_mistakes([[1, 2], [3, 4]], [[0, 1], [1, 0]], terms=False)]
    ['BA', 'transpose', 'entrywise', 'row-row', 'column-column']
    """
    A, B, fits = _shapes(A, B)
    a, b = names
    found = []
    if B.shape[1] == A.shape[0]:
        found.append(Mistake(
            "BA", B @ A,
            f"you computed {b}{a}, not {a}{b}: the order matters. In {a}{b} the rows come "
            f"from {a} and the columns from {b}.",
        ))
    if fits:
        found.append(Mistake(
            "transpose", (A @ B).T,
            f"rows and columns swapped: that is the transpose of {a}{b}. Entry (i, j) is row i "
            f"of {a} with column j of {b}, written in row i, column j.",
        ))
    if A.shape == B.shape:
        found.append(Mistake(
            "entrywise", A * B,
            f"you multiplied entry by entry: that is not the matrix product. Entry (i, j) of "
            f"{a}{b} sums row i of {a} times column j of {b}.",
        ))
    if A.shape[1] == B.shape[1]:
        found.append(Mistake(
            "row-row", A @ B.T,
            f"you dotted rows of {a} with rows of {b}: use the columns of {b}, reading down.",
        ))
    if A.shape[0] == B.shape[0]:
        found.append(Mistake(
            "column-column", A.T @ B,
            f"you dotted columns of {a} with columns of {b}: use the rows of {a}, reading across.",
        ))
    found = [m for m in found if np.any(m.value)]
    if terms and fits:
        found += _new_values(term_mistakes(A, B, names), found)
    return found


def factor_mistakes(A: ArrayLike, B: ArrayLike, names: tuple[str, str] = ("A", "B")) -> list[Mistake]:
    """One factor typed alone for the product ``AB``: the other one left out.

    Where ``A`` is square, ``A`` itself (each column of ``B`` taken as if
    it were a column of the identity); where ``B`` is square, ``B`` itself.
    None that is all zeros.

    Examples
    --------
    Lab 3's rotation R and stretch S: R typed for RS is named.

    >>> R, S = [[0, -1], [1, 0]], [[2, 0], [0, 1]]
    >>> print(diagnose(R, np.array(R) @ S, factor_mistakes(R, S, names=("R", "S"))).message)
    that is R itself: the product needs S too. Column j of RS is R times column j of S.
    """
    A, B, fits = _shapes(A, B)
    if not fits:
        return []
    a, b = names
    found = []
    for name, factor, other in ((a, A, b), (b, B, a)):
        if factor.shape[0] == factor.shape[1] and np.any(factor):
            found.append(Mistake(
                "factor", factor,
                f"that is {name} itself: the product needs {other} too. Column j of {a}{b} is {a} times "
                f"column j of {b}.",
            ))
    return found


def points_mistakes(A: ArrayLike, X: ArrayLike, *, as_rows: bool = False) -> list[Mistake]:
    """The usual wrong answers for a map ``A`` applied to the points ``X`` (its columns) at once.

    ``Y = AX``, the images as columns; with `as_rows`, the images as rows,
    ``(AX)ᵀ = XᵀAᵀ``.  The slips: the columns of ``A`` used as its rows
    (``AᵀX``), ``Y`` turned, ``X`` unchanged, ``XᵀA``, then the other
    `product_mistakes` with values of their own; as rows, ``A`` not
    transposed and the images as columns.  Lab 5's check and the points
    practice use it (lab 5 adds its outline's last corner left out).

    Examples
    --------
    >>> [m.name for m in points_mistakes([[1, 1], [0, 1]], [[0, 1, 1], [0, 0, 1]])]
    ['column-column', 'transpose', 'unchanged', 'rows']
    """
    A, X, _ = _shapes(A, X)
    if as_rows:
        return [
            Mistake("no-transpose", X.T @ A, "you multiplied by A, not its transpose: with the points as rows the "
                    "matrix goes on the right, transposed."),
            Mistake("as-columns", A @ X, "those are the images as columns (AX): here each point, and its image, "
                    "is a row."),
        ]  # (the columns of A for its rows, (AᵀX)ᵀ, is PA: the first slip)
    found = [
        Mistake("column-column", A.T @ X, "that is AᵀX: you used the columns of A where its rows go. Entry (i, j) "
                "of AX is row i of A times column j of X."),
        Mistake("transpose", (A @ X).T, f"that is Yᵀ, the moved points as rows ({X.shape[1]}×{A.shape[0]}): here "
                "the points are the columns of X, and Y = AX keeps them as columns."),
        Mistake("unchanged", X, "that is X itself: nothing moved. Apply A to each column of X."),
        Mistake("rows", X.T @ A, "that is XᵀA: the points as rows times A. With points as rows the matrix goes on "
                "the right, transposed (XᵀAᵀ = Yᵀ); here the points are columns, so Y = AX."),
    ]
    return found + _new_values(product_mistakes(A, X, names=("A", "X"), terms=False), found)


def _new_values(slips, offered):
    """The `slips` whose value no mistake in `offered` gives: each planned slip its own answer."""
    kept = []
    for slip in slips:
        if not any(
            np.shape(m.value) == np.shape(slip.value) and np.allclose(m.value, slip.value)
            for m in offered
        ):
            kept.append(slip)
    return kept


def term_slips(
    A: np.ndarray,
    B: np.ndarray,
    i: int,
    j: int,
    names: tuple[str, str] = ("A", "B"),
    shared: bool = False,
    *,
    term: Callable[[int], str] | None = None,
) -> list[tuple[str, float, str]]:
    """``(name, value, words)`` of each slip inside the sum of entry ``(i, j)`` of AB (float matrices).

    A product's sign (``"sign"``) and a product left out (``"dropped"``);
    terms of one value give one wrong value, so they are named together.
    `words` says which term(s) and their value, to follow "a sign slip in" or
    "you left out".  None gives 0; and a product left out is planned only
    where it gives a value of its own, not a sign slip's nor the whole entry
    negated (the sign pattern `diagnose` sees): then which slip it was
    cannot be told.  With `shared`, every one is planned, after the sign
    slips, so that `diagnose` says each slip of one value.  The entry
    practice reads them to keep only draws where each has its own value.  `term`
    writes the product ``k`` (0-based) another way than ``A[i,k]·B[k,j]``
    (a score's ``q₂₃k₄₃``).
    """
    a, b = names
    term = term or (lambda k: f"{a}[{i + 1},{k + 1}]·{b}[{k + 1},{j + 1}]")
    terms = A[i] * B[:, j]
    total = float(terms.sum())
    said = {}
    for value in dict.fromkeys(float(t) for t in terms if t != 0):
        where = " or ".join(
            f"term {k + 1}, {term(k)}," for k, t in enumerate(terms) if t == value
        )
        said[value] = f"{where} which is {format_number(value)}"
    # Sign slips first: where one gives the same number as a term left out, it is named first.
    slips = [("sign", total - 2 * v, words) for v, words in said.items()]
    taken = set() if shared else {value for _, value, _ in slips} | {-total}
    slips += [("dropped", total - v, words) for v, words in said.items() if total - v not in taken]
    return [slip for slip in slips if slip[1] != 0]


def term_mistakes(
    A: ArrayLike, B: ArrayLike, names: tuple[str, str] = ("A", "B"), *, shared: bool = False
) -> list[Mistake]:
    """One entry of AB off by a slip inside its sum, every other entry right.

    For each entry and each product in its sum: that product's sign flipped
    (``"sign"``), or that product left out (``"dropped"``).  A slip that
    leaves the entry at 0, a new cell's value, is not offered, nor a product
    left out that gives the entry negated, nor (unless `shared`, as in
    `entry_mistakes`) one that gives a sign slip's value.

    Parameters
    ----------
    A, B : array_like
        The factors; ``A`` has as many columns as ``B`` has rows.
    names : tuple of str, optional
        What the question calls them.

    Returns
    -------
    list of Mistake

    Examples
    --------
    Activity 1.4.1: 16 for entry (1,1), 6 = 1·5 + (−3)(−2) + 5·(−1), is the
    third product's sign:

    >>> A = [[1, -3, 5], [3, 1, 4]]
    >>> B = [[5, 1], [-2, -6], [-1, 0]]
    >>> found = diagnose([[16, 19], [9, -3]], np.array(A) @ B, term_mistakes(A, B))
    >>> found.mistake
    'sign'
    >>> print(found.message)
    a sign slip in entry (1,1): term 3, A[1,3]·B[3,1], which is -5, went in with the wrong sign; every other entry is right.
    """
    A, B, fits = _shapes(A, B)
    if not fits:
        return []
    a, b = names
    AB = A @ B
    found = []
    for i, j in np.ndindex(*AB.shape):
        for name, value, words in term_slips(A, B, i, j, names, shared):
            wrong = AB.copy()
            wrong[i, j] = value
            entry = f"entry ({i + 1},{j + 1})"
            found.append(Mistake(name, wrong, (
                f"a sign slip in {entry}: {words}, went in with the wrong sign; "
                "every other entry is right."
            ) if name == "sign" else (
                f"{entry} leaves out {words}; every other entry is right. An entry adds all "
                f"{A.shape[1]} products of its row of {a} with its column of {b}."
            )))
    return found


def entry_mistakes(
    A: ArrayLike,
    B: ArrayLike,
    i: int,
    j: int,
    names: tuple[str, str] = ("A", "B"),
    *,
    shared: bool = False,
) -> list[Mistake]:
    """The usual wrong answers for entry ``(i, j)`` (0-based) of the product.

    Entry (j, i) instead of (i, j), the entry of BA, a row dotted with a row,
    a column with a column, the product of the two (i, j) entries alone, and
    every slip inside the sum: a product's sign, a product left out (where
    it gives a number no slip before it gives).  None whose value is 0; and
    the product of the (i, j) entries alone only when it is not a number of
    the row or column used (then the learner may have copied that number:
    the slip cannot be told).  An index outside `A`'s rows or `B`'s columns
    raises `check_index`'s IndexError.

    With `shared`, a slip inside the sum is planned even where another slip
    gives its number, so that `diagnose` names every slip that gives it: for
    a question whose numbers are fixed (a lab's).  A practice draws numbers
    where each slip has its own instead, and leaves `shared` off.

    Examples
    --------
    Activity 1.4.2, entry (2,3) of AB, 2·(−4) + 4·(−1) + 0·1 = −12:

    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> [(m.name, m.value) for m in entry_mistakes(A, B, 1, 2)][:3]
    [('swapped', -1.0), ('BA', 1.0), ('row-row', 20.0)]
    >>> print(diagnose(-8, -12, entry_mistakes(A, B, 1, 2)).message)
    you left out term 2, A[2,2]·B[2,3], which is -4: the entry adds all 3 products of row 2 of A with column 3 of B.

    −4 is term 2's sign slipped, or term 1 left out; with `shared` both are said, and another entry
    of AB is named (−18 is entry (2,1)):

    >>> diagnose(-4, -12, entry_mistakes(A, B, 1, 2, shared=True)).message[:44]
    '2 different slips give this answer: (1) a si'
    >>> diagnose(-18, -12, entry_mistakes(A, B, 1, 2, shared=True)).mistake
    'other-entry'
    """
    A, B, fits = _shapes(A, B)
    a, b = names
    i, j = check_index(i, A.shape[0], "row", of=a), check_index(j, B.shape[1], "column", of=b)
    row, col = f"row {i + 1} of {a}", f"column {j + 1} of {b}"
    found = []
    if fits and j < A.shape[0] and i < B.shape[1]:
        found.append(Mistake(
            "swapped", float(A[j] @ B[:, i]),
            f"that is entry ({j + 1},{i + 1}): the first index picks the row of {a}, "
            f"the second the column of {b}. Use {row} and {col}.",
        ))
    if A.shape[0] == B.shape[1] == B.shape[0] == A.shape[1] and j < A.shape[0]:
        found.append(Mistake(
            "BA", float(B[i] @ A[:, j]),
            f"that is entry ({i + 1},{j + 1}) of {b}{a}: take the row from {a} and the column from {b}.",
        ))
    if A.shape[1] == B.shape[1] and j < B.shape[0]:
        found.append(Mistake(
            "row-row", float(A[i] @ B[j]),
            f"you dotted {row} with row {j + 1} of {b}: use {col}, reading down.",
        ))
    if A.shape[0] == B.shape[0] and i < A.shape[1]:
        found.append(Mistake(
            "column-column", float(A[:, i] @ B[:, j]),
            f"you dotted column {i + 1} of {a} with {col}: use {row}, reading across.",
        ))
    if i < B.shape[0] and j < A.shape[1]:
        alone = float(A[i, j] * B[i, j])
        shown = {float(x) for x in A[i]} | ({float(x) for x in B[:, j]} if fits else set())
        if alone not in shown:
            found.append(Mistake(
                "entrywise", alone,
                f"you multiplied only {a}[{i + 1},{j + 1}] by {b}[{i + 1},{j + 1}]: the entry is the sum "
                f"of {row} times {col}, term by term.",
            ))
    found = [m for m in found if m.value != 0]
    if fits:
        slips = [Mistake(name, value, (
            f"a sign slip in {words}; the other terms are right."
        ) if name == "sign" else (
            f"you left out {words}: the entry adds {'both' if A.shape[1] == 2 else f'all {A.shape[1]}'} products "
            f"of {row} with {col}."
        )) for name, value, words in term_slips(A, B, i, j, names, shared)]
        found += slips if shared else _new_values(slips, found)
    if shared and fits:  # a lab's fixed numbers: any other entry of the product is a wrong row or column
        AB, others = A @ B, {}
        for r, c in np.ndindex(AB.shape):
            if (r, c) not in ((i, j), (j, i)) and AB[r, c] != 0:
                others.setdefault(float(AB[r, c]), []).append(f"({r + 1},{c + 1})")
        found += [Mistake(
            "other-entry", value,
            f"that is entry {' or '.join(places)} of {a}{b}, another row of {a} or column of {b}: "
            f"entry ({i + 1},{j + 1}) takes {row} and {col}.",
        ) for value, places in others.items()]
    return found


def shape_mistakes(
    a_shape: tuple[int, int],
    b_shape: tuple[int, int],
    names: tuple[str, str] = ("A", "B"),
) -> list[Mistake]:
    """The usual wrong answers for the shape of the product ``AB``, which exists.

    The outer sizes the wrong way round, an inner size kept where it
    cancels, and "none" (`NO_PRODUCT`), as if the inner sizes did not agree.

    Examples
    --------
    Activity 1.4.3: A is 4×3 and B is 3×2, so AB is 4×2.

    >>> [(m.name, m.value) for m in shape_mistakes((4, 3), (3, 2))]
    [('swapped', (2, 4)), ('inner', (4, 3)), ('inner', (3, 2)), ('inner', (3, 3)), ('none', ())]
    >>> print(shape_mistakes((4, 3), (3, 2))[-1].message)
    A has 3 columns and B has 3 rows: the inner sizes agree, so AB exists; its shape is the outer sizes.
    >>> shape_mistakes((5, 5), (5, 2), names=("A_att", "V"))[0].message[:37]
    'rows and columns swapped: A_att V has'
    """
    (m, n), (_, k) = a_shape, b_shape
    a, b = names
    ab = f"{a}{b}" if len(a) == 1 else f"{a} {b}"  # XW_Q, but A_att V
    inner = (
        f"the inner sizes ({n} and {n}) must match and then drop out: {ab} has the rows of "
        f"{a} and the columns of {b}."
    )
    return [
        Mistake(
            "swapped", (k, m),
            f"rows and columns swapped: {ab} has as many rows as {a} and as many "
            f"columns as {b}, written rows×columns.",
        ),
        Mistake("inner", (m, n), inner),
        Mistake("inner", (n, k), inner),
        Mistake("inner", (n, n), inner),
        Mistake("none", NO_PRODUCT, f"{a} has {n} columns and {b} has {n} rows: the inner sizes agree, so {ab} "
                "exists; its shape is the outer sizes."),
    ]


def space_mistakes(m: int, n: int, k: int, asked: str) -> list[Mistake]:
    """The usual wrong answers for where ``x ↦ A(Bx)`` starts or lands, with ``A`` m×n and ``B`` n×k.

    `asked` is ``"domain"`` (``x`` lives in ``ℝ^k``: it fits the columns of
    ``B``, which meets it first) or ``"codomain"`` (the result lands in
    ``ℝ^m``: it comes out of ``A``).  The slips: the other end of the chain,
    and the middle space ``ℝ^n`` where ``Bx`` lives.  Lab 4's checks and the
    composition practice use it.

    Examples
    --------
    Lab 4: A is 4×3 and B is 3×2.

    >>> [(slip.name, slip.value) for slip in space_mistakes(4, 3, 2, "domain")]
    [('codomain', 4.0), ('middle', 3.0)]
    >>> print(space_mistakes(4, 3, 2, "codomain")[0].message)
    ℝ² is where x starts, the domain: the result comes out of A, the matrix that acts last.
    """
    if asked == "domain":
        return [
            Mistake("codomain", float(m), "you may have counted the rows of A, the matrix that acts last: x goes "
                    "into B first, so it must fit B."),
            Mistake("middle", float(n), f"{space(n)} is the middle space, where Bx lives: x itself must fit B, "
                    "the matrix it meets first."),
        ]
    if asked == "codomain":
        return [
            Mistake("domain", float(k), f"{space(k)} is where x starts, the domain: the result comes out of A, "
                    "the matrix that acts last."),
            Mistake("middle", float(n), f"{space(n)} is the middle space, where Bx lives: A acts on Bx once more, "
                    "and its rows say how long the result is."),
        ]
    raise ValueError(f"asked must be 'domain' or 'codomain', got {asked!r}")
