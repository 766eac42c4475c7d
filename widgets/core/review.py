"""The mixed review's round: which skills to draw fresh problems from, and in what order.

A round takes the skills of the labs the learner has visited, puts the
weakest first (by `widgets.core.mastery.level`, from each skill's practice and
review in the order they happened), among equals the ones reviewed least, and
keeps a handful; then it shuffles them, so that no two
problems in a row tell the learner which skill comes next (interleaving,
docs/teaching.md 7).  Pure Python: no widget, no numpy.

>>> import random
>>> skills = {"entry": ("rrrrr", "r"), "softmax": ("s", ""), "score": ("rrr", "")}
>>> sorted(choose(skills, random.Random(1), size=2))
['score', 'softmax']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .mastery import LEVELS, level

__all__ = ["ROUND", "choose"]

#: Problems in a round: a handful, done in a few minutes.
ROUND = 4


def choose(skills: Mapping[str, tuple[str, str] | tuple[str, str, Sequence[int]]], rng: random.Random,
           size: int = ROUND) -> list[str]:
    """The skills of one round, at most `size`, each once, in a shuffled order.

    Parameters
    ----------
    skills : dict of str to (str, str) or (str, str, sequence of int)
        Each visited skill's practice history and review history (`widgets.core.outcome.Outcome.letter`
        letters, oldest first), and where each review problem fell among the practice problems
        (`widgets.core.mastery.level`'s arguments, as `widgets.core.progress_record.events` gives them).
    rng : random.Random
        Breaks ties and shuffles: a round is not the same twice.
    size : int
        The most skills a round takes.
    """
    order = sorted(
        skills,
        key=lambda skill: (LEVELS.index(level(*skills[skill])), len(skills[skill][1]), rng.random()),
    )
    chosen = order[:size]
    rng.shuffle(chosen)
    return chosen
