"""The order a multiple-choice question shows its options in, drawn from a seed and the question's key.

The right option was the longest in about half of the labs' choice questions, and it stood where the
lab wrote it: a learner could learn the place rather than the idea.  So a lab's page shows each choice
question's options in an order drawn from the page's seed and the question's key (`choice_order`):
the same (seed, key) always gives the same order, so a lecturer's link with ``?seed=N`` gives the
whole room one order; two keys give unrelated orders; and every order is possible.  What a learner
picks is recorded as the option itself, never its place (`widgets.controls.check.Check.given`, the
class pulse), so learners shown different orders are counted alike.

Pure Python: `random.Random` seeded with a text is seeded through SHA-512, the same on every
machine and in every run (no hash randomisation), and `secrets` draws a page view's own seed.

>>> choice_order(4, 7, "check_why") == choice_order(4, 7, "check_why")
True
>>> sorted(choice_order(4, 7, "check_why"))
[0, 1, 2, 3]
"""

from __future__ import annotations

import random
import secrets

__all__ = ["choice_order", "view_seed"]

#: How many seeds a page view draws its own from (a link's ``?seed=`` is 0 to 999 999, as a practice's).
_VIEW_SEEDS = 1_000_000


def choice_order(count: int, seed: int, key: str) -> list[int]:
    """The order to show `count` options in, as their places in the lab's list, from `seed` and `key`.

    >>> choice_order(3, 0, "a"), choice_order(3, 0, "b"), choice_order(1, 5, "a")
    ([1, 2, 0], [0, 2, 1], [0])
    """
    return random.Random(f"choices {seed} {key}").sample(range(count), count)


def view_seed() -> int:
    """A seed of this page view's own, for a page whose link gives none: each learner gets their order."""
    return secrets.randbelow(_VIEW_SEEDS)
