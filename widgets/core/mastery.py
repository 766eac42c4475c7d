"""A learner's level in one practised skill, from how their problems ended, in practice and in the
mixed review, in the order they happened.

A practice keeps its history as a short string, one letter per problem, oldest
first (`widgets.core.outcome.Outcome.letter`): right first time, right after a hint, right after a wrong
answer, solved with the solution shown, or skipped with *New numbers* before
it was solved.  Only a problem right first time, unhelped, counts as right (as
a hint does on Khan Academy): a skipped problem is not solved, and one solved
with a hint or the solution shown was solved with help.  The mixed review
(labs/review.ipynb) keeps the skill's review problems in the same letters, and
where each fell among the practice problems (`stamp`, `place`).

The levels and their moves are Khan Academy's, as its help centre publishes them
("How do Khan Academy's Mastery levels work?",
https://support.khanacademy.org/hc/en-us/articles/5548760867853, and "Update:
Mastery Mechanics Changes September 2018",
https://support.khanacademy.org/hc/en-us/community/posts/360023249611), taking
each event in turn, from *not started*:

- a practice problem judges the last `WINDOW` problems: *attempted* under 70 %
  right (or fewer than 3 problems), *familiar* at 70 %, *proficient* at 100 %.
  That judgement is the level, except that practice never reaches *mastered*
  and brings a level down as Khan's exercise does since 2018: from *mastered*,
  100 % keeps it, 70 % gives *proficient* and less *familiar*; from
  *proficient*, anything under 100 % gives *familiar*;
- a review problem (Khan's quiz, unit test or course challenge: a mixed-skill
  assessment) right first time raises the skill one level (*not started* or
  *attempted* to *familiar*, then *proficient*, then *mastered*), and one not
  right first time lowers it one (*mastered* to *proficient*, *proficient* to
  *familiar*, *familiar* to *attempted*; *not started* to *attempted*).

One difference, for a reason: Khan judges a finished exercise on its own
questions, while a practice here is judged on a window that slides one problem
at a time, so the window after a review can still hold a miss from before the
review raised the level.  A practice problem right first time therefore only
ever raises a level, and one not right first time only ever lowers it (to
*attempted* at least); with no review the level is the window's judgement, as
before.  A review here asks one problem per skill, so that one problem decides
its move.  `goal` says what the next level takes, as the learner's next step.
Pure Python: no widget, no numpy.

Examples
--------
>>> level("rrsr"), level("rrrrr"), level("rk")
('familiar', 'proficient', 'attempted')
>>> level("rrrsr", "r"), level("rrrrr", "r"), level("rrrrr", "s")  # a review after the practice
('proficient', 'mastered', 'familiar')
>>> level("rrrrr", "s", at=[0]), level("rrrrr", "r", at=[0])  # the review first: practice then decides
('proficient', 'proficient')
>>> describe("rrsr"), goal("rrsr")
('familiar: 3 of 4 problems right first time', 'Next, proficient: get your last 5 problems right first time, \
or this skill right first time in the mixed review.')
"""

from __future__ import annotations

from collections.abc import Sequence

from .outcome import LETTERS, Outcome, from_letter

__all__ = ["LEVELS", "MAX_HISTORY", "WINDOW", "describe", "goal", "level", "place", "stamp", "trim"]

#: The levels, lowest first.
LEVELS = ("not started", "attempted", "familiar", "proficient", "mastered")
#: The recent problems a level is judged on.
WINDOW = 5
#: The most problems a history keeps (the oldest go first).
MAX_HISTORY = 40
_FEWEST = 3  # no level above "attempted" from fewer problems than this
_FAMILIAR = 0.7
_SOLVED = "".join(outcome.letter for outcome in Outcome if outcome.solved)  # what `PracticeRecord.solved` counts
_RIGHT = Outcome.SOLVED.letter
#: A review problem right first time raises a skill one level; any other lowers it one.
_UP = dict(zip(LEVELS, ("familiar", "familiar", "proficient", "mastered", "mastered")))
_DOWN = dict(zip(LEVELS, ("attempted", "attempted", "attempted", "familiar", "proficient")))
#: Where practice brings a level reached in the mixed review, by the practice's own judgement.
_FROM_MASTERED = {"proficient": "mastered", "familiar": "proficient", "attempted": "familiar"}


def trim(history: str) -> str:
    """The `history` with only its last `MAX_HISTORY` problems, refused if it holds another letter.

    >>> trim("rk" * 30) == ("rk" * 30)[-MAX_HISTORY:]
    True
    """
    if not isinstance(history, str) or set(history) - set(LETTERS):
        raise ValueError(f"a practice history is letters of {LETTERS}, not {history!r}")
    return history[-MAX_HISTORY:]


def stamp(history: str, solved: int) -> tuple[int, int]:
    """Where a review problem done now falls among a practice's problems, kept with its outcome.

    The practice's `history` is trimmed, but its count of problems `solved` only grows: the stamp
    is that count and the problems ended unsolved since the last one solved (`place` reads it).

    >>> stamp("rrk", 2), stamp("", 0)
    ((2, 1), (0, 0))
    """
    return solved, len(history) - len(history.rstrip("".join(set(LETTERS) - set(_SOLVED))))


def place(at: Sequence[tuple[int, int]], history: str, solved: int) -> tuple[int, ...]:
    """How many of `history`'s problems came before each review problem stamped `at` (`stamp`).

    Parameters
    ----------
    at : sequence of (int, int)
        The stamps of review problems, in order.
    history : str
        The practice's history now (trimmed), and `solved` its count of problems solved now.
        A review done before every problem kept (or before practice that was since forgotten)
        comes first.

    Examples
    --------
    >>> place([(0, 0), (2, 1), (3, 0)], "rrkrr", 4)  # after none, after "rrk", after "rrkr"
    (0, 3, 4)
    >>> place([(1, 0), (9, 0)], "rr", 5)  # problem 1 no longer kept; 9 never was
    (0, 0)
    """
    ends = [k + 1 for k, letter in enumerate(history) if letter in _SOLVED]
    gone = max(solved - len(ends), 0)  # problems solved before the history kept
    where = []
    for count, after in at:
        if not gone <= count <= gone + len(ends):
            where.append(0)
            continue
        start = ends[count - gone - 1] if count > gone else 0
        stop = ends[count - gone] - 1 if count - gone < len(ends) else len(history)
        where.append(min(start + after, stop))
    return tuple(where)


def _judged(history):
    """The level a practice's last `WINDOW` problems give, and how many of them were right first time."""
    recent = history[-WINDOW:]
    right = recent.count(_RIGHT)
    if not recent:
        return "not started", 0
    if len(history) < _FEWEST or right < _FAMILIAR * len(recent):
        return "attempted", right
    return ("proficient" if right == len(recent) == WINDOW else "familiar"), right


def _practised(now, history):
    """The level after the last problem of `history`, from the level `now` before it."""
    judged = _judged(history)[0]
    if now == "mastered":
        judged = _FROM_MASTERED[judged]
    elif now == "proficient" and judged != "proficient":
        judged = "familiar"
    if history[-1] == _RIGHT:
        return max(now, judged, key=LEVELS.index)
    return max(min(now, judged, key=LEVELS.index), "attempted", key=LEVELS.index)


def level(history: str, reviewed: str = "", at: Sequence[int] = ()) -> str:
    """The level (one of `LEVELS`) after a practice `history` and the skill's mixed review.

    Parameters
    ----------
    history : str
        One letter (`Outcome.letter`) per practice problem, oldest first.
    reviewed : str
        How the skill's problems in the mixed review ended, in the same letters.
    at : sequence of int
        For the last ``len(at)`` of `reviewed`, how many of `history`'s problems came before each
        (`place`); the review problems before those, kept before the review kept their order,
        count as just before the first placed, or (none placed) after the whole practice.

    Examples
    --------
    >>> [level(h) for h in ("", "s", "rr", "rrs", "rrrsr", "srrrrr")]
    ['not started', 'attempted', 'attempted', 'attempted', 'familiar', 'proficient']
    >>> level("rrrrr", reviewed="sr"), level("rrrrr", reviewed="ss"), level("rrrr", reviewed="r")
    ('proficient', 'attempted', 'proficient')
    >>> level("rrrrrs", "s", at=[5]), level("rrrrrs", "s", at=[6])  # the review miss before or after the other
    ('familiar', 'attempted')
    """
    for letters in (history, reviewed):
        trim(letters)  # refused if it holds another letter
    placed = [min(max(where, 0), len(history)) for where in (tuple(at)[-len(reviewed):] if reviewed else ())]
    first = placed[0] if placed else len(history)
    events = sorted(zip([first] * (len(reviewed) - len(placed)) + placed, reviewed), key=lambda event: event[0])
    now, done = "not started", 0
    for problems in range(len(history) + 1):
        while done < len(events) and events[done][0] == problems:
            now = (_UP if events[done][1] == _RIGHT else _DOWN)[now]
            done += 1
        if problems < len(history):
            now = _practised(now, history[: problems + 1])
    return now


def describe(history: str, reviewed: str = "", at: Sequence[int] = ()) -> str:
    """The level (as `level`) with the count it rests on and the last review problem, for the learner.

    >>> describe(""), describe("r"), describe("rk")
    ('not started', 'attempted: 1 of 1 problem right first time', 'attempted: 1 of 2 problems right first time')
    >>> describe("rrrrrr")
    'proficient: 5 of your last 5 problems right first time'
    >>> describe("rrrrr", "sr")
    'proficient: 5 of 5 problems right first time; last in the mixed review: right first time'
    """
    seen = len(history[-WINDOW:])
    said = []
    if seen:
        last = "your last " if len(history) > seen else ""
        said.append(f"{_judged(history)[1]} of {last}{seen} problem{'s' * (seen != 1)} right first time")
    if reviewed:
        said.append(f"last in the mixed review: {from_letter(reviewed[-1]).words}")
    now = level(history, reviewed, at)
    return f"{now}: {'; '.join(said)}" if said else now


def goal(history: str, reviewed: str = "", at: Sequence[int] = ()) -> str:
    """What the next level takes, as the learner's next step; at the top, what lowers it.

    It names the level to come and what to do for it, so that it never reads
    as a claim about the learner's present level.

    >>> goal("")
    'Next, familiar: get 70 % of your last 5 problems right first time (3 problems at least), or this skill \
right first time in the mixed review.'
    >>> goal("rrrrr")
    'Next, mastered: get this skill right first time in the mixed review; a problem not right first time, \
in practice or in the mixed review, lowers it one level.'
    >>> goal("rrrrr", reviewed="r")
    'Mastered: a problem not right first time, in practice or in the mixed review, lowers it.'
    """
    now = level(history, reviewed, at)
    review = "or this skill right first time in the mixed review."
    if now in ("not started", "attempted"):
        return (f"Next, familiar: get 70 % of your last {WINDOW} problems right first time ({_FEWEST} problems "
                f"at least), {review}")
    if now == "familiar":
        return f"Next, proficient: get your last {WINDOW} problems right first time, {review}"
    if now == "proficient":
        return ("Next, mastered: get this skill right first time in the mixed review; a problem not right first "
                "time, in practice or in the mixed review, lowers it one level.")
    return "Mastered: a problem not right first time, in practice or in the mixed review, lowers it."
