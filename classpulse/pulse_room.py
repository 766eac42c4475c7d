"""Asking the room: one check the lecturer puts to everyone, answered in two rounds, then revealed.

Peer instruction (Mazur; Crouch & Mazur 2001): the lecturer asks one
question, everyone answers alone (round one), the room sees how the answers
split without being told which is right, neighbours convince each other,
everyone answers again (round two), and only then is the answer revealed.

`Room` is what the room is asked now.  The store keeps every ask (the
``asks`` table, its latest row the room's state) and every answer given in a
round (``votes``, sent as journal lines like the pulse's events, see
`classpulse.pulse_lines`), in the same SQLite file as the counts, so a
restarted server or service carries on with the round it was in.  `split`
reads one ask's answers: each visitor's last answer of each round, by verdict
(``"right"``, the slip it made, or ``"other"``), and how many moved from
one verdict in round one to another in round two.

A lab's kernel never opens the SQLite file (`classpulse.pulse_store`): it
learns the room from `ROOM_FILE` in its pulse folder, which whoever changes
the room writes (the lecture server's board; on a JupyterHub the sender,
from the service's answer, in the student's outbox).  `read_room` trusts
nothing in it: a student's server can write any file in its own outbox.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .pulse_answer import clip as _clip
from .pulse_answer import normalise_answer

__all__ = ["ROOM_FILE", "SCHEMA", "AskingTheRoom", "Room", "RoomSplit", "read_room", "write_room"]

#: The room's state in a pulse folder, for the labs' kernels.
ROOM_FILE = "room.json"
#: The largest room file read (a state is under 200 bytes).
_MOST_BYTES = 1024
#: The largest ask id: an integer SQLite and JSON both keep exactly.
MAX_ASK = 2**53
#: The verdict of an answer that is wrong without a named slip.
_OTHER = "other"
#: The verdict of a right answer.
_RIGHT = "right"

#: The tables of the asks and the answers given in their rounds (made with the store's schema, `pulse_file`).
SCHEMA = """
CREATE TABLE IF NOT EXISTS asks (
    ask INTEGER PRIMARY KEY,
    lab TEXT NOT NULL,
    check_id TEXT NOT NULL,
    round INTEGER NOT NULL CHECK (round IN (1, 2)),
    revealed INTEGER NOT NULL CHECK (revealed IN (0, 1)),
    time REAL NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS votes (
    lab TEXT NOT NULL,
    check_id TEXT NOT NULL,
    visitor TEXT NOT NULL,
    ask INTEGER NOT NULL,
    round INTEGER NOT NULL,
    right INTEGER NOT NULL CHECK (right IN (0, 1)),
    mistake TEXT NOT NULL,
    answer TEXT NOT NULL,
    time REAL NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS votes_by_ask ON votes (ask, round);
"""


@dataclass(frozen=True)
class Room:
    """What the lecturer asks the room: one check of one lab, its round, and whether it is revealed.

    Attributes
    ----------
    ask : int
        This ask's id (new at each ask, never reused), 0 when nothing was asked.
    lab, check : str
        The lab's name and the check's key in it.
    round : int
        1 (answer alone) or 2 (answer again after talking), 0 when nothing was asked.
    revealed : bool
        Whether the lecturer has revealed the answer: the round is over.

    Examples
    --------
    >>> room = Room(7, "02-entry-dot-product", "entry_check", 2)
    >>> room.asking, Room.from_dict(room.as_dict()) == room, Room.from_dict({"ask": "7"})
    (True, True, Room(ask=0, lab='', check='', round=0, revealed=False))
    """

    ask: int = 0
    lab: str = ""
    check: str = ""
    round: int = 0
    revealed: bool = False

    @property
    def asking(self) -> bool:
        """Whether a question is out: asked and not revealed yet."""
        return bool(self.ask) and not self.revealed

    def as_dict(self) -> dict[str, object]:
        """The room as JSON writes it."""
        return {"ask": self.ask, "lab": self.lab, "check": self.check, "round": self.round,
                "revealed": self.revealed}

    @classmethod
    def from_dict(cls, data: object) -> Room:
        """The room `data` describes (`as_dict`), or no room when it is anything else."""
        if not isinstance(data, Mapping) or set(data) != {"ask", "lab", "check", "round", "revealed"}:
            return cls()
        ask, lab, check, turn, revealed = (data[name] for name in ("ask", "lab", "check", "round", "revealed"))
        if not (type(ask) is int and 0 < ask <= MAX_ASK and type(turn) is int and turn in (1, 2)
                and isinstance(revealed, bool) and _name(lab) and _name(check)):
            return cls()
        return cls(ask, lab, check, turn, revealed)


def _name(text):
    """Whether `text` can be a lab's or a check's name (the store clips names to 64 characters)."""
    return isinstance(text, str) and 0 < len(text) <= 64 and text.isprintable()


def read_room(folder: str | os.PathLike[str]) -> Room:
    """The room as `folder`'s `ROOM_FILE` says, or no room (no file, an unreadable or odd one).

    Examples
    --------
    >>> folder = tempfile.mkdtemp()
    >>> read_room(folder)
    Room(ask=0, lab='', check='', round=0, revealed=False)
    >>> write_room(folder, Room(3, "lab08", "check_h", 1))
    True
    >>> read_room(folder).check
    'check_h'
    """
    try:
        with open(os.path.join(os.fspath(folder), ROOM_FILE), "rb") as file:
            data = file.read(_MOST_BYTES + 1)
        return Room.from_dict(json.loads(data)) if len(data) <= _MOST_BYTES else Room()
    except (OSError, ValueError, RecursionError):
        return Room()


def write_room(folder: str | os.PathLike[str], room: Room) -> bool:
    """Put `room` in `folder`'s `ROOM_FILE` at once (a reader sees the old file or the new, never half of
    one); return whether it was written (a folder that is gone or read-only is no error here)."""
    folder = os.fspath(folder)
    try:
        fd, temporary = tempfile.mkstemp(prefix=".room-", dir=folder)
        with os.fdopen(fd, "w") as file:
            json.dump(room.as_dict(), file)
        os.chmod(temporary, 0o644)  # the labs' kernels read it; on a hub only the student's own server
        os.replace(temporary, os.path.join(folder, ROOM_FILE))
    except OSError:
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(temporary)
        return False
    return True


# -- the store's side: a connection in a write transaction ----------------------


def _current(connection: sqlite3.Connection) -> Room:
    """The room as the store keeps it: its latest ask, or no room."""
    row = connection.execute(
        "SELECT ask, lab, check_id, round, revealed FROM asks ORDER BY ask DESC LIMIT 1").fetchone()
    return Room() if row is None else Room(row[0], row[1], row[2], row[3], bool(row[4]))


def _ask(connection: sqlite3.Connection, lab: str, check: str, when: float) -> Room:
    """Ask the room `check` of `lab`, round one, now (`when`, seconds since the epoch); an earlier
    question still out is revealed (its students' pages open what it held back)."""
    latest = _current(connection).ask
    connection.execute("UPDATE asks SET revealed = 1 WHERE revealed = 0")
    # New at every ask, even after a Reset erased the last (microseconds: a Reset takes longer than one).
    number = min(MAX_ASK, max(latest + 1, int(when * 1_000_000)))
    connection.execute("INSERT INTO asks VALUES (?, ?, ?, 1, 0, ?)", (number, lab, check, when))
    return _current(connection)


def _next_round(connection: sqlite3.Connection) -> Room:
    """Start round two of the question out (nothing changes once it is in round two or revealed)."""
    connection.execute("UPDATE asks SET round = 2 WHERE ask = (SELECT MAX(ask) FROM asks) AND revealed = 0")
    return _current(connection)


def _reveal(connection: sqlite3.Connection) -> Room:
    """Reveal the answer of the question out: its round ends."""
    connection.execute("UPDATE asks SET revealed = 1 WHERE revealed = 0")
    return _current(connection)


@dataclass(frozen=True)
class RoomSplit:
    """How the room answered one ask: each round's verdicts, and who moved between them.

    Attributes
    ----------
    room : Room
    rounds : tuple of two tuples of (str, int)
        For round one and round two: each verdict (``"right"``, a slip's name, ``"other"``) and how many
        visitors' last answer of that round had it, most first.
    answers : mapping of str to str
        Each verdict's most common answer, in the short form the store keeps (what the board shows
        before it shows verdicts).
    moves : tuple of (str, str, int)
        From a verdict in round one to another in round two: how many visitors moved so, most first.
    """

    room: Room
    rounds: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
    answers: Mapping[str, str]
    moves: tuple[tuple[str, str, int], ...]

    def answered(self, turn: int) -> int:
        """How many answered in round `turn` (1 or 2)."""
        return sum(count for _, count in self.rounds[turn - 1])


def _split(connection: sqlite3.Connection, room: Room) -> RoomSplit:
    """How the room answered `room`'s ask: each visitor's last answer in each round."""
    rows = connection.execute(
        "SELECT visitor, round, right, mistake, answer FROM votes WHERE ask = ? AND lab = ? AND check_id = ?"
        " ORDER BY time, rowid", (room.ask, room.lab, room.check)).fetchall()
    last = [{}, {}]
    for visitor, turn, right, mistake, answer in rows:
        if turn in (1, 2):
            last[turn - 1][visitor] = (_RIGHT if right else mistake or _OTHER, answer)
    rounds = tuple(tuple(Counter(verdict for verdict, _ in votes.values()).most_common()) for votes in last)
    answers = {}
    for (verdict, answer), _ in Counter(pair for votes in last for pair in votes.values()).most_common():
        answers.setdefault(verdict, answer)
    moves = Counter((last[0][visitor][0], verdict) for visitor, (verdict, _) in last[1].items() if visitor in last[0])
    return RoomSplit(room, rounds, answers,
                     tuple((before, after, count) for (before, after), count in moves.most_common() if before != after))


def _asked(connection: sqlite3.Connection) -> list[Room]:
    """Every ask since the last Reset, first first."""
    return [Room(row[0], row[1], row[2], row[3], bool(row[4])) for row in connection.execute(
        "SELECT ask, lab, check_id, round, revealed FROM asks ORDER BY ask")]


class AskingTheRoom:
    """What `PulseStore` does for the room: ask, round two, reveal, the answers of each round and their split.

    Each change is one write transaction of the store, then the room's file for the labs' kernels
    (`write_room`); each answer is a line of the page's journal, as the store's `record` keeps one.
    """

    def record_vote(self, lab: str, check: str, visitor: str, ask: int, turn: int, *, right: bool,
                    mistake: str = "", answer: object = "", when: float | None = None) -> bool:
        """Keep one answer given in round `turn` of the room's ask `ask`; as `record`, never raise or wait."""
        return self._append(["votes", [
            _clip(lab), _clip(check), _clip(visitor), int(ask), int(turn), int(bool(right)),
            _clip(mistake), normalise_answer(answer), time.time() if when is None else when,
        ]])

    def ask_room(self, lab: str, check: str) -> Room | None:
        """Ask the room `check` of `lab` (round one); return the room, or None when the store failed."""
        return self._change_room(lambda connection: _ask(connection, _clip(lab), _clip(check), time.time()))

    def next_round(self) -> Room | None:
        """Start round two of the question out; return the room, or None when the store failed."""
        return self._change_room(_next_round)

    def reveal_room(self) -> Room | None:
        """Reveal the answer of the question out; return the room, or None when the store failed."""
        return self._change_room(_reveal)

    def _change_room(self, change):
        room = self._gathering(change, gather=False)
        if room is not None:
            write_room(os.path.dirname(self.path), room)  # what the labs' kernels read
        return room

    def room(self) -> Room:
        """What the room is asked now (no room when nothing is, or the store failed: `error` says)."""
        return self._gathering(_current, gather=False) or Room()

    def room_split(self, room: Room | None = None) -> RoomSplit | None:
        """How the room answers `room`'s ask (default the latest), journals gathered first; None when the
        store failed, or nothing was asked."""
        def read(connection):
            chosen = room or _current(connection)
            return _split(connection, chosen) if chosen.ask else None
        return self._gathering(read)

    def room_splits(self) -> list[RoomSplit]:
        """How the room answered every ask since the last Reset, first first (empty when the store failed)."""
        return self._gathering(lambda connection: [_split(connection, room)
                                                   for room in _asked(connection)]) or []
