r"""What every writer of practice words shares: the record of a skill's words (`SkillWords`), the written
problem (`WrittenProblem`, `WrittenPart`), two given matrices, a score and a row of weights in LaTeX, one
product of a dot product, and the first term a hint may show.

Each topic's module (`widgets.text.practice_products`, `practice_rules`, `practice_attention`,
`practice_layers`) keeps one `SkillWords` per skill of its topic: the Practice heading, the writer of
a problem's numbers, questions and worked solutions, and its hints; `widgets.text.practice_prompts`
gathers them in `WORDS`, which `write_problem`, `widgets.text.practice_hints.hints` and the Practice
heading read.  Strings only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ..core.practice import Problem
from .attention_steps import weight_latex
from .latex_math import bmatrix, latex_matrix
from .numbers import latex_number

__all__ = ["SkillWords", "WrittenPart", "WrittenProblem", "entry_step", "exponential_step", "first_term",
           "product_latex", "score_latex", "two_matrices", "weights_latex"]


@dataclass(frozen=True)
class WrittenPart:
    """What a learner reads of one part of a problem.

    Attributes
    ----------
    prompt : str
        The question, HTML with ``$...$`` LaTeX.
    solution : str
        A worked solution (HTML with LaTeX; blank lines between its steps).
    """

    prompt: str
    solution: str


@dataclass(frozen=True)
class WrittenProblem:
    """What a learner reads of a problem: the given numbers (HTML with LaTeX) and a `WrittenPart`
    per part, in the order of the problem's parts."""

    given: str
    parts: tuple[WrittenPart, ...]


@dataclass(frozen=True)
class SkillWords:
    """What a learner reads of one practice skill, in one record: its heading, its problems, its hints.

    Attributes
    ----------
    skill : str
        The skill, a key of `widgets.core.practice.SKILLS`.
    title : str
        What the skill is called after "Practice: " (the heading, the class pulse, the mixed review).
    write : callable
        A problem of the skill (`widgets.core.practice.Problem`) to its `WrittenProblem`.
    hints : callable
        A problem of the skill to its hints: a tuple per part, one string (HTML with ``$...$`` LaTeX)
        per level of `widgets.text.practice_hints.HINT_LEVELS`.
    """

    skill: str
    title: str
    write: Callable[[Problem], WrittenProblem]
    hints: Callable[[Problem], tuple[tuple[str, ...], ...]]


def two_matrices(A: np.ndarray, B: np.ndarray, names: tuple[str, str] = ("A", "B")) -> str:
    r"""The two given matrices of a problem, side by side.

    >>> two_matrices(np.eye(1), -np.eye(1))
    '$A = \\begin{bmatrix}1\\end{bmatrix}$, $\\quad B = \\begin{bmatrix}-1\\end{bmatrix}$'
    """
    return rf"${names[0]} = {latex_matrix(A)}$, $\quad {names[1]} = {latex_matrix(B)}$"


def score_latex(e: int, shift: int, factor: int = 1) -> str:
    r"""The score ``shift + factor·ln e`` of the softmax practice as LaTeX.

    >>> score_latex(3, 2), score_latex(3, 4, 2), score_latex(1, 0)
    ('2 + \\ln 3', '4 + 2\\ln 3', '0')
    """
    log = "" if e == 1 else (rf"\ln {e}" if factor == 1 else rf"{factor}\ln {e}")
    if shift == 0:
        return log or "0"
    return f"{shift} + {log}" if log else str(shift)


def weights_latex(weights: ArrayLike) -> str:
    r"""A row of weights as a LaTeX ``bmatrix`` of fractions, as the softmax practice invites them typed.

    >>> weights_latex([[0.5, 1 / 6, 1 / 3]])
    '\\begin{bmatrix}\\tfrac{1}{2} & \\tfrac{1}{6} & \\tfrac{1}{3}\\end{bmatrix}'
    """
    return bmatrix([weight_latex(x, "tfrac") for x in row] for row in np.atleast_2d(weights))


def product_latex(a: float, b: float) -> str:
    """One product of a dot product, worked: ``(a)(b) = ab``.

    >>> product_latex(2, -3)
    '(2)(-3) = -6'
    """
    return rf"({latex_number(a)})({latex_number(b)}) = {latex_number(a * b)}"


def first_term(terms: Sequence[ArrayLike], answer: ArrayLike) -> int | None:
    """The index of the first of `terms` (arrays or numbers) that is neither 0 nor the whole answer, or
    None: a first step of 0 shows nothing, and one that is the answer (the other terms cancel) gives it away.

    >>> first_term([0, 5, 2], 7), first_term([0, 7], 7)
    (1, None)
    """
    return next((k for k, term in enumerate(terms) if np.any(term) and not np.array_equal(term, answer)), None)


def exponential_step(e: int, shift: int) -> str:
    r"""A score ``shift + ln e`` of the softmax practice and its exponential, the shift cancelled: a
    first step.

    >>> print(exponential_step(3, 0))
    $\ln 3$: $e^{\ln 3} = 3$
    """
    score = score_latex(e, shift)
    if not shift:
        return rf"${score}$: $e^{{{score}}} = {e}$"
    if e == 1:
        return rf"${score}$: $e^{{{shift}}}$ is a factor of every $e^{{s}}$ and cancels: keep $1$"
    return (rf"${score}$: $e^{{{score}}} = {e}\,e^{{{shift}}}$, and $e^{{{shift}}}$ is a factor of every "
            rf"$e^{{s}}$ and cancels: keep ${e}$")


def entry_step(X: np.ndarray, Y: np.ndarray, name: str) -> str:
    """One product, not 0, of an entry of the product XY (called `name`, LaTeX) that has two such
    products: the first step of a hint.  Such an entry must exist (the generators draw it so).

    >>> entry_step(np.array([[1.0, 2.0]]), np.array([[3.0], [0.0]]) + 1, "AB")
    'Entry 1 of $AB$ has the product $(1)(4) = 4$; add the others.'
    """
    i, j, k = next((i, j, k) for i in range(len(X)) for j in range(Y.shape[1])
                   if (k := first_term(X[i] * Y[:, j], X[i] @ Y[:, j])) is not None)
    place = f"{j + 1}" if len(X) == 1 else (f"{i + 1}" if Y.shape[1] == 1 else f"$({i + 1}, {j + 1})$")
    return rf"Entry {place} of ${name}$ has the product ${product_latex(X[i, k], Y[k, j])}$; add the others."
