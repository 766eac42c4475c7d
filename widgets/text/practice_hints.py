r"""Hints in levels for a practice problem: a nudge, then the method, then the first step.

Each level gives a little more and none gives the answer: the first step is
one term of a sum or one product of a dot product, never 0 (the generators
draw problems with two such terms at least), or one shape, and it stops before
the part's answer and the sentence that would conclude it.  A learner may
ask before answering at all (docs/teaching.md 8, help that fades); `Practice` counts
a problem solved after a hint as solved with help.

>>> from widgets.core.practice import make_problem
>>> nudge, method, first = hints(make_problem("entry", 7))[0]
>>> "row" in method and "column" in method
True
"""

from __future__ import annotations

from ..core.practice import Problem
from .practice_prompts import WORDS

__all__ = ["HINT_LEVELS", "hints"]

#: What each level is, in the order they open.
HINT_LEVELS = ("a nudge", "the method", "the first step")


def hints(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """The hints of each part of `problem` (a `widgets.core.practice.Problem`): a tuple per part,
    one string (HTML with ``$...$`` LaTeX) per level of `HINT_LEVELS`; each skill's are written in
    its topic's module (`widgets.text.practice_prompts.WORDS`)."""
    return WORDS[problem.skill].hints(problem)
