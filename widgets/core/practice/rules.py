"""Practice of the product's rules (Lab 3) on small matrices: the transpose of a product, a bracket
expanded, a number moved out of a product, a chain regrouped.  Each asks for one matrix that a rule
makes quicker or surer to compute, and its slips are the rules misremembered."""

from __future__ import annotations

import numpy as np

from ..mistakes import Mistake
from .problems import Part, Problem, redrawn_until_every_slip_tells, sizes, small, two_terms

__all__ = ["RULES", "first_product", "rules_problem"]

#: The rules practised, one drawn per problem.
RULES = ("transpose", "distributive", "scalar", "associative")


def _transpose(rng):
    """(AB)ᵀ for A m×n and B n×m: AB is then m×m and BA n×n, so every slip exists."""
    m, n = sizes(rng, (2, 3), (2, 3))
    if m == n == 3:
        m = 2
    A, B = small(rng, (m, n)), small(rng, (n, m))
    AB = A @ B
    mistakes = (
        Mistake("AtBt", A.T @ B.T, "that is AᵀBᵀ: transposing a product reverses its order, (AB)ᵀ = BᵀAᵀ."),
        Mistake("BA", B @ A, "that is BA: the order changes, but each factor is transposed too, (AB)ᵀ = BᵀAᵀ."),
        Mistake("AB", AB, "that is AB itself: now swap its rows and columns, or compute BᵀAᵀ."),
    )
    return AB.T, mistakes, dict(A=A, B=B)


def _distributive(rng):
    """A(B ± C) or (B ± C)A for 2×2 matrices: one product of a sum does the work of two."""
    A, B, C = (small(rng, (2, 2)) for _ in range(3))
    sign = int(rng.choice([1, -1]))
    left = bool(rng.integers(2))
    inner = B + sign * C
    answer = A @ inner if left else inner @ A
    op = "+" if sign > 0 else "−"
    if left:
        expanded = f"AB {op} AC"
        one = A @ B + sign * C
        other = inner @ A
        other_words = f"that is (B {op} C)A: A stays on the left of each term, A(B {op} C) = {expanded}."
    else:
        expanded = f"BA {op} CA"
        one = B @ A + sign * C
        other = A @ inner
        other_words = f"that is A(B {op} C): A stays on the right of each term, (B {op} C)A = {expanded}."
    mistakes = [
        Mistake("one-term", one, f"you multiplied only B by A: A multiplies both B and C, so the result is {expanded}."),
        Mistake("side", other, other_words),
    ]
    if sign < 0:
        flipped = A @ (B + C) if left else (B + C) @ A
        mistakes.append(Mistake("sign", flipped, f"a sign slip: the second term keeps its minus, {expanded}."))
    return answer, tuple(mistakes), dict(A=A, B=B, C=C, sign=sign, left=left)


def _scalar(rng):
    """(cA)B or A(cB) for 2×2 matrices and c from ±2, ±3: the number moves out, c(AB)."""
    A, B = small(rng, (2, 2)), small(rng, (2, 2))
    c = int(rng.choice([-3, -2, 2, 3]))
    on_left = bool(rng.integers(2))
    AB = A @ B
    scaled = "A" if on_left else "B"
    mistakes = (
        Mistake("c-squared", c * c * AB, f"you multiplied by c = {c} twice: c scales one factor, so it "
                "scales the product once, c(AB)."),
        Mistake("no-c", AB, f"that is AB: the number c = {c} moves out of the product, but it stays, c(AB)."),
        Mistake("c-alone", c * (A if on_left else B), f"that is c{scaled} alone: it still has to be "
                f"multiplied by {'B' if on_left else 'A'}."),
    )
    return c * AB, mistakes, dict(A=A, B=B, c=c, on_left=on_left)


def _associative(rng):
    """ABx for 2×2 matrices A, B and a column x: A(Bx) is two matrix-vector products."""
    A, B, x = small(rng, (2, 2)), small(rng, (2, 2)), small(rng, (2, 1))
    mistakes = (
        Mistake("BA", B @ A @ x, "that is BAx: regrouping keeps the order of the factors, "
                "(AB)x = A(Bx), B first on x, then A."),
        Mistake("Bx", B @ x, "that is Bx: A then acts on it, A(Bx)."),
        Mistake("Ax", A @ x, "that is Ax: B acts on x first, then A on the result, A(Bx)."),
    )
    return A @ B @ x, mistakes, dict(A=A, B=B, x=x)


_DRAW = {"transpose": _transpose, "distributive": _distributive, "scalar": _scalar, "associative": _associative}


def first_product(rule: str, data: dict) -> tuple[np.ndarray, np.ndarray]:
    """The two factors of the product a problem of `rule` (with its `data`) works first, the one its
    hints show a product of: AB, A times B ± C (or B ± C times A), AB again, and Bx."""
    if rule == "distributive":
        inner = data["B"] + data["sign"] * data["C"]
        return (data["A"], inner) if data["left"] else (inner, data["A"])
    return (data["B"], data["x"]) if rule == "associative" else (data["A"], data["B"])


@redrawn_until_every_slip_tells
def rules_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """One of the product's rules (`RULES`, a quarter of the problems each) applied to small
    matrices, entries from -3 to 3: (AB)ᵀ, A(B ± C) or (B ± C)A, (cA)B or A(cB), and ABx.  Some
    entry of the product worked first (`first_product`) has two products that are not 0, and for a
    bracket, B ± C is not the answer itself (the first step shows it)."""
    rule = RULES[int(rng.integers(len(RULES)))]
    answer, mistakes, data = _DRAW[rule](rng)
    X, Y = first_product(rule, data)
    if not any(two_terms(X[i], Y[:, j]) for i in range(len(X)) for j in range(Y.shape[1])):
        return None
    if rule == "distributive" and np.array_equal(Y if data["left"] else X, answer):
        return None
    part = Part(answer, tuple(mistakes), name={"transpose": "(AB)ᵀ", "associative": "ABx"}.get(rule, "Answer"))
    return Problem("rules", seed, (part,), dict(rule=rule, **data))
