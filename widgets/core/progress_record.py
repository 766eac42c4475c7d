"""A learner's record of one lab, as kept in the browser: how each check ended (right first time,
after a hint, after a wrong answer, or seen first), the last answer of each check still open, and
where each practice stands.  The mixed review keeps one too (`REVIEW_KEY`), with where each review
problem fell among the skill's practice problems (`PracticeRecord.at`, from version 4).  From version 5
it keeps the id this learner's answers to the question the lecturer last asked the room go under
(`Record.room`), so that a reload in a round does not count the learner twice.

The record travels as JSON text through the browser's storage, which the
learner (or another page of the site) can change: `read_record` reads it
strictly, never evaluates it, and says why it sets one aside; `write_record`
writes what `read_record` accepts.  Pure Python: no widget, no numpy.

Examples
--------
>>> record = Record({"activity": "solved"}, {"practice": PracticeRecord(8, "rs", 2, "entry")}, total=5)
>>> text = write_record(record)
>>> text[:75]
'{"v":5,"checks":{"activity":"solved"},"practice":{"practice":{"seed":8,"his'
>>> read_record(text) == (record, "")
True
>>> read_record('{"v": 1, "checks": {"activity": "shown"}}')  # the first version had no practice
(Record(checks={'activity': 'shown'}, practice={}, total=0, answers={}, room=()), '')
>>> read_record('{"v": 6, "checks": {}}')[1]
'it was written by another version of the labs'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .mastery import MAX_HISTORY, place, trim
from .outcome import CHECK_OUTCOMES

__all__ = ["MAX_ANSWER", "MAX_CHARS", "REVIEW_KEY", "STATES", "VERSION", "PracticeRecord", "Record", "events",
           "read_record", "read_records", "write_record"]

#: The version this code writes; it reads this one and those before (1: checks only; 2: no answers;
#: 3: no `PracticeRecord.at`, so a review's outcomes there count as after the skill's practice; 4: no room).
VERSION = 5
#: The keys of a record, by version.
_KEYS = {1: {"v", "checks"}, 2: {"v", "checks", "practice", "total"}, 3: {"v", "checks", "practice", "total", "answers"}}
_KEYS[4] = _KEYS[3]
_KEYS[5] = _KEYS[4] | {"room"}
#: A room vote's id: a page view's (`widgets.lecture.pulse.PulseRecorder.visitor`, a uuid4's hex).
_VOTER = re.compile(r"[0-9a-f]{32}\Z")
#: The largest ask id (`classpulse.pulse_room`: microseconds since 1970, far below it).
_MAX_ASK = 2**53
#: The keys of a practice entry; from version 4 also ``at``, where it is not empty.
_ENTRY = {"seed", "history", "solved", "skill"}
#: Where the mixed review keeps its record (labs/review.ipynb): a practice entry per skill reviewed.
REVIEW_KEY = "review"
#: The longest record read: far more than the checks of any lab need.
MAX_CHARS = 20_000
#: How a check ended (`widgets.core.outcome.CHECK_OUTCOMES`, by name; before version 3 ``solved`` was
#: right at all).
STATES = tuple(outcome.value for outcome in CHECK_OUTCOMES)
#: The states of versions 1 and 2: right at all, or seen first.
_STATES_OF = {1: ("solved", "shown"), 2: ("solved", "shown")}
#: The longest answer kept of a check still open: a 6×6 matrix of short numbers fits.
MAX_ANSWER = 400
#: A check's name in a lab: a Python identifier, as the notebook names it.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
_MAX_CHECKS = 200
_MAX_SEED = 999_999  # as widgets.core.practice.MAX_SEED, which needs numpy
_MAX_SOLVED = 10**6
_NOT_OURS = "it is not a record of the labs"


@dataclass(frozen=True)
class PracticeRecord:
    """Where one practice stands: the problem to show next, how recent problems ended, how many were solved.

    Attributes
    ----------
    seed : int
        The seed of the problem to show on the next visit.
    history : str
        One letter per problem (`widgets.core.outcome.Outcome.letter`), oldest first.
    solved : int
        Problems solved in all.
    skill : str
        The skill practised (a key of `widgets.core.practice.SKILLS`): the mixed review draws on it.
    at : tuple of (int, int)
        In the mixed review's record, where each of the last ``len(at)`` outcomes of `history` fell
        among the skill's practice problems (`widgets.core.mastery.stamp`), in order; the outcomes
        before those, kept before version 4, count as after the practice.  Empty in a lab's record.
    """

    seed: int = 0
    history: str = ""
    solved: int = 0
    skill: str = ""
    at: tuple = ()


def events(practice: PracticeRecord, review: PracticeRecord | None = None) -> tuple[str, str, tuple[int, ...]]:
    """A lab's `practice` of a skill and the mixed review's entry of that skill (None: never reviewed)
    as the arguments of `widgets.core.mastery.level` (and `describe`, `goal`): the review's outcomes
    placed among the practice problems (`widgets.core.mastery.place`).

    >>> events(PracticeRecord(3, "rrk", 2, "entry"), PracticeRecord(0, "sr", 2, "entry", ((0, 0), (2, 1))))
    ('rrk', 'sr', (0, 3))
    """
    review = review or PracticeRecord()
    return practice.history, review.history, place(review.at, practice.history, practice.solved)


@dataclass(frozen=True)
class Record:
    """One lab's record: each check's state (one of `STATES`) and each practice's `PracticeRecord`, by
    name; how many checks the lab has (for the gallery's map; 0 where a record does not say); the last
    answer checked of each check still open (`Check.given`), by name; and ``(ask, id)``, the id this
    learner's answers to the room's last ask went under, or ``()``."""

    checks: dict = field(default_factory=dict)
    practice: dict = field(default_factory=dict)
    total: int = 0
    answers: dict = field(default_factory=dict)
    room: tuple = ()


def _count(value, top):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _room(room):
    """The ``(ask, id)`` of a record's room as the browser kept it, ``()`` for none, or None if it is not one."""
    if room == []:
        return ()
    if (isinstance(room, list) and len(room) == 2 and _count(room[0], _MAX_ASK) and room[0] > 0
            and isinstance(room[1], str) and _VOTER.match(room[1])):
        return room[0], room[1]
    return None


def _stamps(at, history):
    """The stamps of `at` (a list of [solved, unsolved after] pairs, in order), or None if it is not one."""
    pairs = [tuple(pair) for pair in at if isinstance(pair, list) and len(pair) == 2] if isinstance(at, list) else []
    if not (0 < len(pairs) == len(at) <= len(history)):
        return None
    if not all(_count(solved, _MAX_SOLVED) and _count(after, MAX_HISTORY) for solved, after in pairs):
        return None
    return tuple(pairs) if pairs == sorted(pairs) else None


def _practice(entry, version=VERSION):
    """The `PracticeRecord` of one entry as the browser kept it (in a record of `version`), or None if it
    is not one."""
    keys = (_ENTRY, _ENTRY | {"at"}) if version >= 4 else (_ENTRY,)
    if not isinstance(entry, dict) or set(entry) not in keys:
        return None
    if not (_count(entry["seed"], _MAX_SEED) and _count(entry["solved"], _MAX_SOLVED)):
        return None
    if not isinstance(entry["skill"], str) or not (entry["skill"] == "" or _NAME.match(entry["skill"])):
        return None
    try:
        history = trim(entry["history"])
    except ValueError:
        return None
    if history != entry["history"]:
        return None
    at = _stamps(entry["at"], history) if "at" in entry else ()
    if at is None:
        return None
    return PracticeRecord(entry["seed"], history, entry["solved"], entry["skill"], at)


def read_record(text: str) -> tuple[Record, str]:
    """What a record holds, and why it was set aside (``""`` if it was read).

    Parameters
    ----------
    text : str
        What the browser's storage held for this lab; ``""`` for nothing.

    Returns
    -------
    (Record, str)
        The record, and a reason for the learner when it cannot be read
        (then the record is empty).

    Examples
    --------
    >>> read_record("")
    (Record(checks={}, practice={}, total=0, answers={}, room=()), '')
    >>> read_record("not json")[1]
    'it is not a record of the labs'
    >>> read_record('{"v": 1, "checks": {"activity": "maybe"}}')[1]
    'it is not a record of the labs'
    >>> read_record("x" * (MAX_CHARS + 1))[1]
    'it is too large'
    """
    if not text:
        return Record(), ""
    if len(text) > MAX_CHARS:
        return Record(), "it is too large"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Record(), _NOT_OURS
    if not isinstance(data, dict) or not _count(data.get("v"), 10**9):
        return Record(), _NOT_OURS
    if data["v"] not in _KEYS:
        return Record(), "it was written by another version of the labs"
    version = data["v"]
    checks, practice = data.get("checks"), data.get("practice", {})
    total, answers = data.get("total", 0), data.get("answers", {})
    room = _room(data.get("room", []))
    if (
        set(data) != _KEYS[version]
        or not isinstance(checks, dict) or not isinstance(practice, dict) or not isinstance(answers, dict)
        or not _count(total, _MAX_CHECKS) or room is None
        or len(checks) + len(practice) + len(answers) > _MAX_CHECKS
        or not all(isinstance(name, str) and _NAME.match(name) and state in _STATES_OF.get(version, STATES)
                   for name, state in checks.items())
        or not all(isinstance(name, str) and _NAME.match(name) and isinstance(text, str) and len(text) <= MAX_ANSWER
                   for name, text in answers.items())
    ):
        return Record(), _NOT_OURS
    kept = {name: _practice(entry, version) for name, entry in practice.items()}
    if not all(_NAME.match(name) and entry is not None for name, entry in kept.items()):
        return Record(), _NOT_OURS
    return Record(dict(checks), kept, total, dict(answers), room), ""


def read_records(texts: Mapping[str, str], names: Iterable[str]) -> dict[str, Record]:
    """The record of each of `names` in `texts` (name to text, as a store that peeks gives them), by name:
    an empty one where nothing was kept or what was kept is set aside.

    >>> read_records({"02-entry": '{"v":1,"checks":{"activity":"solved"}}', "03": "junk"}, ["02-entry", "03"])
    {'02-entry': Record(checks={'activity': 'solved'}, practice={}, total=0, answers={}, room=()), '03': Record(checks={}, practice={}, total=0, answers={}, room=())}
    """
    records = {name: read_record(texts.get(name, "")) for name in names}
    return {name: Record() if problem else record for name, (record, problem) in records.items()}


def write_record(record: Record) -> str:
    """The `Record` as the text `read_record` reads; refused if it could not be read back."""
    for name, state in record.checks.items():
        if not _NAME.match(name) or state not in STATES:
            raise ValueError(f"cannot record check {name!r} as {state!r}")
    practice = {name: {"seed": entry.seed, "history": entry.history, "solved": entry.solved, "skill": entry.skill}
                | ({"at": [list(pair) for pair in entry.at]} if entry.at else {})
                for name, entry in record.practice.items()}
    if not all(_NAME.match(name) and _practice(entry) for name, entry in practice.items()):
        raise ValueError(f"cannot record practice {practice!r}")
    if not _count(record.total, _MAX_CHECKS):
        raise ValueError(f"cannot record {record.total!r} checks")
    answers = {name: text for name, text in record.answers.items() if len(text) <= MAX_ANSWER}  # a longer one: left
    if not all(_NAME.match(name) and isinstance(text, str) for name, text in answers.items()):
        raise ValueError(f"cannot record answers {answers!r}")
    if _room(list(record.room)) is None:
        raise ValueError(f"cannot record the room's {record.room!r}")
    return json.dumps({"v": VERSION, "checks": dict(record.checks), "practice": practice, "total": record.total,
                       "answers": answers, "room": list(record.room)}, separators=(",", ":"))
