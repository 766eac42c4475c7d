"""Practice of the product itself: a column, an entry, the whole product (or that there is none),
the shape of a composition."""

from __future__ import annotations

import numpy as np

from ..mistakes import Mistake, entry_mistakes, product_mistakes, shape_mistakes
from ..parsing import latex_number
from ..shapes import NO_PRODUCT
from .problems import Part, Problem, latex_matrix, redrawn_until_every_slip_tells, sizes, small, told_apart

__all__ = ["column_problem", "composition_problem", "entry_problem", "points_problem", "product_problem"]


@redrawn_until_every_slip_tells
def column_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A column of AB: column j of B mixes the columns of A; A is 2×2 to 3×3, B 2×2 to 3×3."""
    m, n, p = sizes(rng, (2, 3), (2, 3), (2, 3))
    A, B = small(rng, (m, n)), small(rng, (n, p))
    j = int(rng.integers(p))
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
    weights = " + ".join(
        rf"({latex_number(B[k, j])})\,{latex_matrix(A[:, [k]])}" for k in range(n)
    )
    solution = (
        rf"Column {j + 1} of $B$, ${latex_matrix(B[:, [j]])}$, holds the weights on the columns of $A$."
        "\n\n"
        rf"Each column of $A$ times its weight, added: $$A\mathbf{{b}}_{j + 1} = {weights} = {latex_matrix(answer)}.$$"
    )
    given = rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    part = Part(
        rf"Compute column {j + 1} of $AB$.",
        answer, tuple(mistakes), solution, name=f"column {j + 1}",
    )
    return Problem("column", seed, given, (part,), dict(A=A, B=B, j=j))


@redrawn_until_every_slip_tells
def entry_problem(rng: np.random.Generator, seed: int) -> Problem:
    """One entry of AB off the diagonal: row i of A dotted with column j of B, A m×n and B n×p
    with m, p from 2 to 4 and n (the terms) 2 or 3, so the product is often not square."""
    m, n, p = sizes(rng, (2, 3, 4), (2, 3), (2, 3, 4))
    A, B = small(rng, (m, n), -5, 5), small(rng, (n, p), -5, 5)
    i, j = int(rng.integers(m)), int(rng.integers(p))
    while i == j:
        i, j = int(rng.integers(m)), int(rng.integers(p))
    terms = A[i] * B[:, j]
    answer = float(terms.sum())
    products = " + ".join(
        rf"({latex_number(A[i, k])})({latex_number(B[k, j])})" for k in range(n)
    )
    solution = (
        rf"Row {i + 1} of $A$ is ${latex_matrix(A[[i]])}$ and column {j + 1} of $B$ is ${latex_matrix(B[:, [j]])}$."
        "\n\n"
        rf"Multiply them entry by entry and add: $$(AB)_{{{i + 1}{j + 1}}} = {products} = {latex_number(answer)}.$$"
    )
    given = rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    part = Part(
        rf"Compute the entry $(AB)_{{{i + 1}{j + 1}}}$ (row {i + 1}, column {j + 1}).",
        answer, tuple(entry_mistakes(A, B, i, j)), solution,
    )
    return Problem("entry", seed, given, (part,), dict(A=A, B=B, i=i, j=j))


def _space(n):
    return rf"\mathbb{{R}}^{{{n}}}"


@redrawn_until_every_slip_tells
def composition_problem(rng: np.random.Generator, seed: int) -> Problem:
    """The shape of AB and where x ↦ A(Bx) starts and lands."""
    m, n, k = (int(x) for x in rng.choice(np.arange(1, 7), size=3, replace=False))
    given = (
        rf"$B$ is ${n}\times{k}$ and $A$ is ${m}\times{n}$. "
        r"The map $\mathbf{x} \mapsto A(B\mathbf{x})$ applies $B$ first, then $A$."
    )
    shape_solution = (
        rf"Inner sizes match (${n} = {n}$) and drop out: $({m}\times{n})({n}\times{k})$ "
        rf"gives ${m}\times{k}$."
    )
    where = rf"$B$ takes vectors in ${_space(k)}$ to ${_space(n)}$; $A$ takes those to ${_space(m)}$."
    parts = (
        Part(r"What is the shape of $AB$? (rows×columns)", (m, k),
             tuple(shape_mistakes((m, n), (n, k))), shape_solution),
        Part(
            r"$A(B\mathbf{x})$ takes vectors $\mathbf{x}$ in $\mathbb{R}^d$: what is $d$?",
            float(k),
            (
                Mistake("codomain", float(m), f"{m} is where A(Bx) lands: x goes into B first, "
                        f"and B has {k} columns."),
                Mistake("middle", float(n), f"{n} is the middle space, where Bx lives: x itself "
                        f"must fit B's {k} columns."),
            ),
            where,
        ),
        Part(
            r"... and returns vectors in $\mathbb{R}^e$: what is $e$?",
            float(m),
            (
                Mistake("domain", float(k), f"{k} is where x starts: the result comes out of A, "
                        f"which has {m} rows."),
                Mistake("middle", float(n), f"{n} is the middle space, where Bx lives: A then "
                        f"sends it to a space of A's {m} rows."),
            ),
            where,
        ),
    )
    return Problem("composition", seed, given, parts, dict(m=m, n=n, k=k))


@redrawn_until_every_slip_tells
def product_problem(rng: np.random.Generator, seed: int) -> Problem:
    """The whole product AB, or that it does not exist: A is m×n and B n'×p, m and p from 1 to 3,
    n from 2 to 3 (few terms), at most six entries to compute; in a third of the problems B's rows
    are not A's columns, and the answer is "none".  The product is asked for only once its shape is
    answered, so a second question does not give away that it exists."""
    while True:
        m, n, p = sizes(rng, (1, 2, 3), (2, 3), (1, 2, 3))
        if m * p <= 6:
            break
    rows_b = n if rng.integers(3) else int(rng.choice([k for k in (1, 2, 3) if k != n]))
    A, B = small(rng, (m, n)), small(rng, (rows_b, p))
    given = rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    prompt = (r"What is the shape of $AB$? Type rows×columns, or <b>none</b> if $AB$ does not exist.")
    if rows_b != n:
        why = (f"A has {n} columns but B has {rows_b} rows: the inner sizes must agree, so AB does "
               f"not exist. Type none.")
        mistakes = [Mistake("outer", (m, p), f"those are the outer sizes, but {why[0].lower()}{why[1:]}")]
        if p == m:
            mistakes.append(Mistake("BA", (rows_b, n), f"that is the shape of BA, which exists; {why}"))
        solution = (rf"$A$ is ${m}\times{n}$ and $B$ is ${rows_b}\times{p}$: the inner sizes ${n}$ and "
                    rf"${rows_b}$ differ, so $AB$ does not exist (each entry would dot a row of {n} "
                    rf"numbers with a column of {rows_b}).")
        part = Part(prompt, NO_PRODUCT, tuple(told_apart(mistakes, NO_PRODUCT)), solution, name="shape")
        return Problem("product", seed, given, (part,), dict(A=A, B=B))
    exists = Mistake("none", NO_PRODUCT, f"A has {n} columns and B has {n} rows: the inner sizes agree, "
                     "so AB exists; its shape is the outer sizes.")
    shape = Part(
        prompt, (m, p), tuple(told_apart([*shape_mistakes((m, n), (n, p)), exists], (m, p))),
        rf"$({m}\times{n})({n}\times{p})$: the inner sizes agree and drop out, so $AB$ is ${m}\times{p}$.",
        name="shape",
    )
    AB = A @ B
    rows = r" \\ ".join(
        " & ".join(" + ".join(rf"({latex_number(A[i, k])})({latex_number(B[k, j])})" for k in range(n))
                   for j in range(p))
        for i in range(m)
    )
    product = Part(
        r"Now compute $AB$.", AB, tuple(product_mistakes(A, B)),
        rf"Entry $(i, j)$ is row $i$ of $A$ dotted with column $j$ of $B$: "
        rf"$$AB = \begin{{bmatrix}}{rows}\end{{bmatrix}} = {latex_matrix(AB)}.$$",
        name="AB",
    )
    return Problem("product", seed, given, (shape, product), dict(A=A, B=B))


@redrawn_until_every_slip_tells
def points_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A 2×2 map applied to two or three points at once: as the columns of X (Y = AX) or, in half
    the problems, as the rows of P (PAᵀ), where the matrix goes on the right, transposed."""
    k = int(rng.choice([2, 3]))
    A, X = small(rng, (2, 2)), small(rng, (2, k))
    while np.array_equal(A, A.T):  # a symmetric A: its columns are its rows, and that slip would not show
        A = small(rng, (2, 2))
    listed = ", ".join("(" + ", ".join(latex_number(x) for x in X[:, j]) + ")" for j in range(k))
    as_rows = bool(rng.integers(2))
    turned = Mistake("columns-of-A", A.T @ X, "you used the columns of A where its rows go: the first "
                     "coordinate of an image is row 1 of A dotted with the point.")
    if not as_rows:
        answer, name = A @ X, "Y"
        prompt = r"Compute $Y = AX$: the images of the points, one per column."
        mistakes = [turned, *product_mistakes(A, X, names=("A", "X"), terms=False)]
        where = r"Column $j$ of $Y$ is $A$ times column $j$ of $X$"
        given = (rf"$A = {latex_matrix(A)}$ maps the points ${listed}$, stored as the columns of "
                 rf"$X = {latex_matrix(X)}$.")
    else:
        answer, name = (A @ X).T, "P'"
        prompt = r"Compute $PA^\top$: the images of the points, one per row."
        mistakes = [
            Mistake("no-transpose", X.T @ A, "you multiplied by A, not its transpose: with the points as "
                    "rows the matrix goes on the right, transposed."),
            Mistake("as-columns", A @ X, "those are the images as columns (AX): here each point, and "
                    "its image, is a row."),
        ]  # (the columns of A for its rows, (AᵀX)ᵀ, is PA: the slip above)
        where = r"Row $j$ of $PA^\top$ is point $j$ times $A^\top$, the image $A\mathbf{x}_j$ written as a row"
        given = (rf"$A = {latex_matrix(A)}$ maps the points ${listed}$, stored as the rows of "
                 rf"$P = {latex_matrix(X.T)}$.")
    solution = (rf"{where}: the first point goes to ${latex_matrix(A @ X[:, [0]])}$, written as a "
                rf"{'row' if as_rows else 'column'}." "\n\n" rf"And so on for each point: $${latex_matrix(answer)}.$$")
    part = Part(prompt, answer, tuple(told_apart(mistakes, answer)), solution, name=name)
    return Problem("points", seed, given, (part,), dict(A=A, X=X, as_rows=as_rows))
