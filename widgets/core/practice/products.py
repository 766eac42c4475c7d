"""Practice of the product itself: a column, an entry, the whole product (or that there is none),
the shape of a composition."""

from __future__ import annotations

import numpy as np

from ..diagnosis import told_apart
from ..mistakes import (
    Mistake,
    entry_mistakes,
    points_mistakes,
    product_mistakes,
    shape_mistakes,
    space_mistakes,
    term_slips,
)
from ..parsing import format_number
from ..shapes import NO_PRODUCT
from .problems import Part, Problem, redrawn_until_every_slip_tells, sizes, small, two_terms

__all__ = ["column_problem", "composition_problem", "entry_problem", "points_problem", "product_problem"]


@redrawn_until_every_slip_tells
def column_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """A column of AB: column j of B mixes the columns of A; A is 2×2 to 3×3, B 2×2 to 3×3.
    Column j of B has two weights or more that are not 0 (with one, its term is the answer), and
    every term left out gives a column of its own (drawn again where it is another slip's)."""
    m, n, p = sizes(rng, (2, 3), (2, 3), (2, 3))
    A, B = small(rng, (m, n)), small(rng, (n, p))
    j = int(rng.integers(p))
    if np.count_nonzero(B[:, j]) < 2:
        return None
    AB = A @ B
    answer = AB[:, [j]]
    mistakes = [
        Mistake(
            "other-column", AB[:, [other]],
            f"that is column {other + 1} of AB: column {j + 1} uses column {j + 1} of B as the weights.",
        )
        for other in range(p) if other != j
    ]
    if j < m:
        mistakes.append(Mistake(
            "row", AB[[j], :].T,
            f"that is row {j + 1} of AB written as a column: use column {j + 1} of B as weights "
            "on the columns of A.",
        ))
    # Every term left out is planned: one that gave another column of AB was told that column (seed 1).
    mistakes += [
        Mistake(
            "dropped", answer - B[k, j] * A[:, [k]],
            f"you left out term {k + 1}, {format_number(B[k, j])} times column {k + 1} of A: column {j + 1} "
            f"of AB adds every column of A times its weight in column {j + 1} of B.",
        )
        for k in range(n) if B[k, j] != 0 and (answer - B[k, j] * A[:, [k]]).any()
    ]
    part = Part(answer, tuple(mistakes), name=f"column {j + 1}")
    return Problem("column", seed, (part,), dict(A=A, B=B, j=j))


@redrawn_until_every_slip_tells
def entry_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """One entry of AB off the diagonal: row i of A dotted with column j of B, A m×n and B n×p
    with m, p from 2 to 4 and n (the terms) 2 or 3, so the product is often not square; two of
    its products at least are not 0, and the entry is not 0 (what a learner types who has not
    computed anything)."""
    m, n, p = sizes(rng, (2, 3, 4), (2, 3), (2, 3, 4))
    A, B = small(rng, (m, n), -5, 5), small(rng, (n, p), -5, 5)
    i, j = int(rng.integers(m)), int(rng.integers(p))
    while i == j:
        i, j = int(rng.integers(m)), int(rng.integers(p))
    if not two_terms(A[i], B[:, j]):
        return None
    answer = float(A[i] @ B[:, j])
    if answer == 0:
        return None
    part = Part(answer, tuple(entry_mistakes(A, B, i, j)))
    # Every product left out, and every product's sign slipped, gets its own number: where one collided with
    # another slip's, the learner was told the other slip (the fresh review met it in 66 of 723 left-out
    # products, and in seed 8, a sign slip told "you dotted row 2 of A with row 1 of B").
    planned = {(mistake.name, mistake.value) for mistake in part.mistakes}
    if any((name, value) not in planned for name, value, _ in term_slips(A, B, i, j, shared=True)):
        return None
    return Problem("entry", seed, (part,), dict(A=A, B=B, i=i, j=j))


@redrawn_until_every_slip_tells
def composition_problem(rng: np.random.Generator, seed: int) -> Problem:
    """The shape of AB and where x ↦ A(Bx) starts and lands: three different sizes from 1 to 8.  Its
    slips are lab 4's (`shape_mistakes`, `space_mistakes`)."""
    m, n, k = (int(x) for x in rng.choice(np.arange(1, 9), size=3, replace=False))
    parts = (
        Part((m, k), tuple(shape_mistakes((m, n), (n, k)))),
        Part(float(k), tuple(space_mistakes(m, n, k, "domain"))),
        Part(float(m), tuple(space_mistakes(m, n, k, "codomain"))),
    )
    return Problem("composition", seed, parts, dict(m=m, n=n, k=k))


@redrawn_until_every_slip_tells
def product_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """The whole product AB, or that it does not exist: A is m×n and B n'×p, m and p from 1 to 3,
    n from 2 to 3 (few terms), at most six entries to compute, and no factor 1×1; in a third of the problems B's rows
    are not A's columns, and the answer is "none".  The product is asked for only once its shape is
    answered, so a second question does not give away that it exists.  Where it exists, some entry
    has two products that are not 0 (the first step shows one of them)."""
    while True:
        m, n, p = sizes(rng, (1, 2, 3), (2, 3), (1, 2, 3))
        if m * p <= 6:
            break
    rows_b = n if rng.integers(3) else int(rng.choice([k for k in (1, 2, 3) if k != n]))
    if rows_b == p == 1:  # a 1×1 B reads as a number (seed 7's [2]): scaling A, not a product to check
        return None
    A, B = small(rng, (m, n)), small(rng, (rows_b, p))
    if rows_b != n:
        why = (f"A has {n} columns but B has {rows_b} rows: the inner sizes must agree, so AB does "
               f"not exist. Type none.")
        mistakes = [Mistake("outer", (m, p), f"those are the outer sizes, but {why[0].lower()}{why[1:]}")]
        if p == m:
            mistakes.append(Mistake("BA", (rows_b, n), f"that is the shape of BA, which exists; {why}"))
        part = Part(NO_PRODUCT, tuple(told_apart(mistakes, NO_PRODUCT)), name="shape")
        return Problem("product", seed, (part,), dict(A=A, B=B))
    if not any(two_terms(A[i], B[:, j]) for i in range(m) for j in range(p)):
        return None
    shape = Part((m, p), tuple(told_apart(shape_mistakes((m, n), (n, p)), (m, p))), name="shape")
    product = Part(A @ B, tuple(product_mistakes(A, B)), name="AB")
    return Problem("product", seed, (shape, product), dict(A=A, B=B))


@redrawn_until_every_slip_tells
def points_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A 2×2 map applied to two or three points at once: as the columns of X (Y = AX) or, in half
    the problems, as the rows of P (PAᵀ), where the matrix goes on the right, transposed.  Its slips are
    lab 5's (`points_mistakes`)."""
    k = int(rng.choice([2, 3]))
    A, X = small(rng, (2, 2)), small(rng, (2, k))
    # Not a symmetric A (its columns are its rows, and that slip would not show), nor images all 0
    # (the first step shows a coordinate that is not).
    while np.array_equal(A, A.T) or not (A @ X).any():
        A = small(rng, (2, 2))
    as_rows = bool(rng.integers(2))
    answer, name = ((A @ X).T, "P'") if as_rows else (A @ X, "Y")
    mistakes = points_mistakes(A, X, as_rows=as_rows)
    part = Part(answer, tuple(told_apart(mistakes, answer)), name=name)
    return Problem("points", seed, (part,), dict(A=A, X=X, as_rows=as_rows))
