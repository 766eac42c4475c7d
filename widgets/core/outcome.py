"""How a question ended: one model for a check, a practice problem, the learner's record, mastery,
the mixed review and the self-check.

A question ends one way, the worst that happened before it was right: its solution shown first
(`SHOWN`), a wrong answer (`RETRIED`), a hint opened (`HELPED`), or none of them (`SOLVED`, right
first time).  A practice problem can also be left for new numbers before it was solved
(`SKIPPED`).  A check keeps its outcome by name (``Check.outcome``, the learner's record); a
practice keeps its problems' outcomes as a string of letters, one per problem (`letter`), which
`widgets.core.mastery` judges.  A problem of several parts ends as the worst of its parts.
Pure Python: no widget, no numpy.

Examples
--------
>>> Outcome.of(shown=False, retried=False, hinted=True)
<Outcome.HELPED: 'helped'>
>>> Outcome.of(shown=False, retried=True, hinted=True).letter, Outcome.SOLVED == "solved"
('s', True)
>>> worst([Outcome.SOLVED, Outcome.HELPED]), from_letter("h").words
(<Outcome.HELPED: 'helped'>, 'solved with the solution shown')
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

__all__ = ["CHECK_OUTCOMES", "LETTERS", "Outcome", "from_letter", "worst"]


class Outcome(str, Enum):
    """How a question ended, from the best to the worst; compares equal to its name (``"solved"``)."""

    SOLVED = "solved"
    HELPED = "helped"
    RETRIED = "retried"
    SHOWN = "shown"
    SKIPPED = "skipped"

    __str__ = str.__str__
    __format__ = str.__format__

    @property
    def letter(self) -> str:
        """Its letter in a practice's history (``"r"`` for right first time)."""
        return _LETTER[self]

    @property
    def words(self) -> str:
        """How it ended, in words a learner reads."""
        return _WORDS[self]

    @property
    def solved(self) -> bool:
        """Whether the question was solved by the learner: right, though maybe with help."""
        return self in (Outcome.SOLVED, Outcome.HELPED, Outcome.RETRIED)

    @classmethod
    def of(cls, *, shown: bool, retried: bool, hinted: bool) -> Outcome:
        """The outcome of a question answered right (or shown) after what happened before."""
        return cls.SHOWN if shown else cls.RETRIED if retried else cls.HELPED if hinted else cls.SOLVED


_LETTER = {Outcome.SOLVED: "r", Outcome.HELPED: "a", Outcome.RETRIED: "s", Outcome.SHOWN: "h", Outcome.SKIPPED: "k"}
_WORDS = {
    Outcome.SOLVED: "right first time",
    Outcome.HELPED: "right after asking for a hint",
    Outcome.RETRIED: "right after a wrong answer",
    Outcome.SHOWN: "solved with the solution shown",
    Outcome.SKIPPED: "skipped before it was solved",
}
_OF_LETTER = {letter: outcome for outcome, letter in _LETTER.items()}
#: The letters of a practice's history, best outcome first.
LETTERS = "".join(_LETTER[outcome] for outcome in Outcome)
#: How a check can end (a check is never skipped): what the learner's record keeps of it.
CHECK_OUTCOMES = tuple(outcome for outcome in Outcome if outcome is not Outcome.SKIPPED)


def from_letter(letter: str) -> Outcome:
    """The outcome a history's `letter` stands for.

    >>> from_letter("k")
    <Outcome.SKIPPED: 'skipped'>
    """
    if letter not in _OF_LETTER:
        raise ValueError(f"a practice history is letters of {LETTERS}, not {letter!r}")
    return _OF_LETTER[letter]


def worst(outcomes: Iterable[Outcome | str]) -> Outcome:
    """The worst of the `outcomes` of a problem's parts: how the problem ended.

    >>> worst(["solved", "shown", "retried"])
    <Outcome.SHOWN: 'shown'>
    """
    order = list(Outcome)
    return max((Outcome(outcome) for outcome in outcomes), key=order.index)
