"""The practice problems of every skill over 2,000 seeds, drawn once per test process: the sweeps of
tests/core/test_practice_problems.py and tests/core/test_practice_variety.py share them."""

from __future__ import annotations

import functools

from widgets.core.practice import Problem, make_problem

#: The seeds every sweep runs over.
SWEEP = range(2000)


@functools.cache
def sweep(skill: str) -> tuple[Problem, ...]:
    """The problems of `skill` for the seeds of `SWEEP`, in order."""
    return tuple(make_problem(skill, seed) for seed in SWEEP)
