"""What a practice problem is (`Problem`, `Part`) and what every generator shares: small integers,
sizes that vary, and the rule that every planned slip gives its own answer.

A problem here is its math: the numbers, the answers and the planned slips with their
diagnoses.  What a learner reads of it (the given numbers, each question, a worked
solution) is written by `widgets.text.practice_prompts`, its hints by
`widgets.text.practice_hints`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["MAX_SEED", "Part", "Problem", "redrawn_until_every_slip_tells", "sizes", "small",
           "tells_every_slip_apart", "two_terms"]

#: Seeds run from 0 to this (a link's ``?seed=`` is checked against it).
MAX_SEED = 999_999


@dataclass(frozen=True)
class Part:
    """One answer to give: its value and its usual wrong answers.

    Attributes
    ----------
    answer : numpy.ndarray, float or tuple of int
        A 2-D matrix, a number or a shape.
    mistakes : tuple of Mistake
        The usual wrong answers, each with its explanation.
    tol : float
        Tolerance per entry (larger where the learner rounds, e.g. softmax).
    name : str
        What a matrix answer is called in its editor.
    """

    answer: object
    mistakes: tuple = ()
    tol: float = 1e-9
    name: str = "Answer"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and _key(self) == _key(other)

    __hash__ = None


def _key(part):
    answer = part.answer
    answer = answer.tolist() if isinstance(answer, np.ndarray) else answer
    return (repr(answer), part.tol, part.name)


@dataclass(frozen=True)
class Problem:
    """One instance of a skill: the given numbers and the parts to answer.

    Attributes
    ----------
    skill : str
    seed : int
    parts : tuple of Part
    data : dict
        The given numbers as arrays and indices (0-based), by name.
    """

    skill: str
    seed: int
    parts: tuple
    data: dict = field(default_factory=dict, compare=False)


def tells_every_slip_apart(part: Part) -> bool:
    """Whether each of the part's planned mistakes gives an answer unlike the right one and unlike the others.

    A slip that gives the right answer (entry (j, i) of a diagonal entry, a
    uniform softmax of equal scores) is judged right, and two slips with one
    value are told apart by neither: the learner would be told the wrong cause.
    Values are the same within the part's `tol`, relative and absolute, as
    `widgets.core.diagnosis.diagnose` compares them (whichever is the reference).

    >>> from widgets.core.mistakes import Mistake
    >>> tells_every_slip_apart(Part(4.0, (Mistake("a", 3.0, ""), Mistake("b", 5.0, ""))))
    True
    >>> tells_every_slip_apart(Part(4.0, (Mistake("a", 3.0, ""), Mistake("b", 3.0, ""))))
    False
    """
    by_shape: dict[tuple[int, ...], list[np.ndarray]] = {}  # matrices, numbers, shapes: alike only in one shape
    for value in (part.answer, *(mistake.value for mistake in part.mistakes)):
        array = np.asarray(value, dtype=float)
        by_shape.setdefault(array.shape, []).append(array.ravel())
    for arrays in by_shape.values():
        a = np.stack(arrays)[:, None, :]
        b = a.transpose(1, 0, 2)  # every pair at once: slips are many (a product's terms)
        close = (np.abs(a - b) <= part.tol * (1 + np.maximum(np.abs(a), np.abs(b)))).all(axis=-1)
        if np.triu(close, 1).any():
            return False
    return True


def redrawn_until_every_slip_tells(
    generate: Callable[[np.random.Generator, int], Problem | None],
) -> Callable[[int], Problem]:
    """A generator of problems from a seed, drawing ``generate(rng, seed)`` again until every
    part tells its slips apart (`tells_every_slip_apart`); ``generate`` returns None for a draw
    that does not fit (one whose hints would have nothing to show, see `two_terms`)."""

    @functools.wraps(generate)
    def from_seed(seed: int) -> Problem:
        rng = np.random.default_rng(seed)
        while True:
            problem = generate(rng, seed)
            if problem is not None and all(tells_every_slip_apart(part) for part in problem.parts):
                return problem

    return from_seed


def small(rng: np.random.Generator, shape: tuple[int, int], low: int = -3, high: int = 3) -> np.ndarray:
    """Small integers, never a row or column of zeros (nothing to compute there)."""
    while True:
        M = rng.integers(low, high + 1, size=shape).astype(float)
        if np.all(np.any(M != 0, axis=0)) and np.all(np.any(M != 0, axis=1)):
            return M


def sizes(rng: np.random.Generator, *choices: Sequence[int]) -> tuple[int, ...]:
    """One size drawn from each of `choices` (sequences of ints): the shapes a problem varies over."""
    return tuple(int(rng.choice(options)) for options in choices)


def two_terms(a: ArrayLike, b: ArrayLike) -> bool:
    """Whether the dot product of `a` and `b` has at least two products that are not zero.

    With one, that product is the whole sum: the first step of its hints (one
    product) could show only a zero or the answer.

    >>> two_terms([2, 0, 1], [3, 5, 0]), two_terms([2, 1], [3, -6])
    (False, True)
    """
    return int(np.count_nonzero(np.multiply(a, b))) >= 2
