"""A learner's level in one practised skill, from how their recent problems ended.

A practice keeps its history as a short string, one letter per problem, oldest
first (`OUTCOMES`): right first time, right after a hint, right after a wrong
answer, solved with the solution shown, or skipped with *New numbers* before
it was solved.  Only a problem right first time, unhelped, counts towards a
level (as a hint does on Khan Academy): a skipped problem is not solved, and
one solved with a hint or the solution shown was solved with help.  The
levels follow Khan Academy's: *familiar* at 70 % of the recent problems,
*proficient* at 100 %, and *mastered* once proficient with the skill's last
problem in a mixed review (labs/review.ipynb) right first time; `goal` says
what it takes to reach the next one, as the learner's next step.  Pure Python: no widget, no numpy.

Examples
--------
>>> level("rrsr"), level("rrrrr"), level("rk")
('familiar', 'proficient', 'attempted')
>>> describe("rrsr"), goal("rrsr")
('familiar: 3 of 4 problems right first time', 'Next, proficient: get your last 5 problems right first time.')
"""

from __future__ import annotations

__all__ = ["LEVELS", "MAX_HISTORY", "OUTCOMES", "WINDOW", "describe", "goal", "level", "trim"]

#: How a problem ended, by its letter in a history.
OUTCOMES = {
    "r": "right first time",
    "a": "right after asking for a hint",
    "s": "right after a wrong answer",
    "h": "solved with the solution shown",
    "k": "skipped before it was solved",
}
#: The levels, lowest first.
LEVELS = ("not started", "attempted", "familiar", "proficient", "mastered")
#: The recent problems a level is judged on.
WINDOW = 5
#: The most problems a history keeps (the oldest go first).
MAX_HISTORY = 40
_FEWEST = 3  # no level above "attempted" from fewer problems than this
_FAMILIAR = 0.7


def trim(history: str) -> str:
    """The `history` with only its last `MAX_HISTORY` problems, refused if it holds another letter.

    >>> trim("rk" * 30) == ("rk" * 30)[-MAX_HISTORY:]
    True
    """
    if not isinstance(history, str) or set(history) - set(OUTCOMES):
        raise ValueError(f"a practice history is letters of {''.join(OUTCOMES)}, not {history!r}")
    return history[-MAX_HISTORY:]


def _recent(history):
    recent = trim(history)[-WINDOW:]
    return recent.count("r"), len(recent)


def level(history: str, reviewed: str = "") -> str:
    """The level (one of `LEVELS`) of a practice `history`.

    Parameters
    ----------
    history : str
        One letter of `OUTCOMES` per problem, oldest first.
    reviewed : str
        How the skill's problems in the mixed review ended, in the same letters.

    Examples
    --------
    >>> [level(h) for h in ("", "s", "rr", "rrs", "rrrsr", "srrrrr")]
    ['not started', 'attempted', 'attempted', 'attempted', 'familiar', 'proficient']
    >>> level("rrrrr", reviewed="sr"), level("rrrrr", reviewed="rs"), level("rrrr", reviewed="r")
    ('mastered', 'proficient', 'familiar')
    """
    right, seen = _recent(history)
    if seen == 0:
        return "not started"
    if len(history) < _FEWEST or right < _FAMILIAR * seen:
        return "attempted"
    if right == seen == WINDOW:
        return "mastered" if trim(reviewed).endswith("r") else "proficient"
    return "familiar"


def describe(history: str, reviewed: str = "") -> str:
    """The level of `history` (and `reviewed`, as in `level`) with the count it rests on, for the learner.

    >>> describe(""), describe("r"), describe("rk")
    ('not started', 'attempted: 1 of 1 problem right first time', 'attempted: 1 of 2 problems right first time')
    >>> describe("rrrrrr")
    'proficient: 5 of your last 5 problems right first time'
    """
    right, seen = _recent(history)
    if seen == 0:
        return level(history)
    last = "your last " if len(history) > seen else ""
    return f"{level(history, reviewed)}: {right} of {last}{seen} problem{'s' * (seen != 1)} right first time"


def goal(history: str, reviewed: str = "") -> str:
    """What the next level takes, as the learner's next step; ``""`` at the top.

    It names the level to come and what to do for it, so that it never reads
    as a claim about the learner's present level.

    >>> goal("")
    'Next, familiar: get 70 % of your last 5 problems right first time (3 problems at least).'
    >>> goal("rrrrr")
    'Next, mastered: get this skill right first time in the mixed review too.'
    >>> goal("rrrrr", reviewed="r")
    ''
    """
    now = level(history, reviewed)
    if now in ("not started", "attempted"):
        return f"Next, familiar: get 70 % of your last {WINDOW} problems right first time ({_FEWEST} problems at least)."
    if now == "familiar":
        return f"Next, proficient: get your last {WINDOW} problems right first time."
    if now == "proficient":
        return "Next, mastered: get this skill right first time in the mixed review too."
    return ""
