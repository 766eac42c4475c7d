r"""Fresh numbers for practice: one generator per core skill, reproducible from a seed.

Each generator takes a seed and returns a `Problem`: the numbers (in its
`data`), one or more `Part`\ s to answer (a matrix, a number or a shape) and
the usual wrong answers of each part (`Mistake`), each with its diagnosis.
What a learner reads of it, the numbers in LaTeX, each question and a worked
solution, is written by `widgets.text.practice_prompts`.  Entries are
small integers (and fractions such as 1/4 where weights are asked), so every
instance can be done by hand.  The same seed always gives the same instance,
so a lecturer's link (``?seed=``) gives the whole room one problem.

>>> p = make_problem("entry", 7)
>>> p == make_problem("entry", 7), p.skill, len(p.parts)
(True, 'entry', 1)
"""

from __future__ import annotations

import numpy as np

from .attention import chain_problem, mask_problem, output_problem, query_problem, score_problem, softmax_problem
from .layers import dense_problem, linearity_problem
from .problems import MAX_SEED, Part, Problem, tells_every_slip_apart
from .products import column_problem, composition_problem, entry_problem, points_problem, product_problem
from .rules import rules_problem

__all__ = ["MAX_SEED", "Part", "Problem", "SKILLS", "make_problem", "tells_every_slip_apart"]

#: Every skill with fresh-number practice, by name.
SKILLS = {
    "column": column_problem,
    "entry": entry_problem,
    "product": product_problem,
    "composition": composition_problem,
    "points": points_problem,
    "score": score_problem,
    "output": output_problem,
    "softmax": softmax_problem,
    "chain": chain_problem,
    "dense": dense_problem,
    "rules": rules_problem,
    "query": query_problem,
    "mask": mask_problem,
    "linearity": linearity_problem,
}


def make_problem(skill: str, seed: int | np.integer) -> Problem:
    """An instance of `skill` (a key of `SKILLS`) from `seed` (0 to `MAX_SEED`).

    Raises
    ------
    ValueError
        For an unknown skill or a seed out of range.
    """
    if skill not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}: choose one of {', '.join(SKILLS)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return SKILLS[skill](int(seed))
