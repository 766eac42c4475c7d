r"""What every writer of practice words shares: the written problem (`WrittenProblem`, `WrittenPart`),
a score and a row of weights in LaTeX, one product of a dot product, and the first term a hint may show.

`widgets.text.practice_prompts` writes a problem's numbers, questions and worked solutions and
`widgets.text.practice_hints` its hints, for the skills of the product and of attention's chain;
`widgets.text.practice_rules` and `widgets.text.practice_tokens` both, for Lab 3's rules and for the
query, the causal mask and linearity.  Strings only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .attention_steps import weight_latex
from .latex_math import bmatrix
from .numbers import latex_number

__all__ = ["WrittenPart", "WrittenProblem", "entry_step", "exponential_step", "first_term", "product_latex",
           "score_latex", "weights_latex"]


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
