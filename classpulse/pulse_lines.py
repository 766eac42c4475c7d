"""The pulse lines a store keeps: each journal line read and checked, and each sender's share of the store.

Every line the store inserts passes through `Intake.insert`, whether a
lecture server's reader gathers it from a kernel's journal
(`pulse_journal.gather`) or the hub's service receives it from a student's
server (`pulse_journal.receive`).  On a hub a student's server can post any
text, so a line is kept only when it is one of the kinds a kernel
writes (`TABLES`), with exactly their fields: texts through the kernel's own
clipping (`pulse_answer.clip`, at most 64 characters), a place from
0 to `_MAX_PLACE`, a verdict 0 or 1, a finite time from the epoch to a day
ahead; and, given a `Catalogue`, a lab and check that exist, the check's
place and title taken from the catalogue.  A line longer than `MAX_LINE`
bytes is refused before it is parsed.

A named sender (a hub user) has a share of each session, until the next
Reset: `Quota.lines` lines and `Quota.bytes` bytes of lines, refused ones
included; past it the rest of their batches is refused unread, so one
student can neither fill the store for the others nor keep the service
busy reading lines it refuses (a 256 KiB batch of junk lines took 0.5
CPU-seconds to refuse line by line, twenty times a batch of answers).
Their page views are one visitor, a pseudonym of their name drawn afresh at
every Reset, so one student counts once per lab and check however many
visitor ids they send.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import sqlite3
import time
from dataclasses import dataclass

from .pulse_answer import clip
from .pulse_catalogue import Catalogue
from .pulse_room import MAX_ASK

__all__ = ["MAX_LINE", "QUOTA", "TABLES", "Intake", "LineError", "Quota", "check_values", "read_line"]

#: The longest line read, in bytes (a kernel's longest is under 2,000: five texts of 64 characters).
MAX_LINE = 4096
#: The largest place of a check in its lab.
_MAX_PLACE = 999
#: Seconds ahead of the server's clock a line's time may be (a student's server's clock may run fast).
_AHEAD = 86_400

#: Each kind of line: its table's fields, each a `_FIELDS` kind.
TABLES = {
    "visits": (("lab", "name"), ("visitor", "name"), ("time", "time")),
    "events": (("lab", "name"), ("check", "name"), ("position", "place"), ("visitor", "name"),
               ("right", "flag"), ("mistake", "text"), ("answer", "text"), ("time", "time")),
    "checks": (("lab", "name"), ("check", "name"), ("position", "place")),
    "titles": (("lab", "name"), ("check", "name"), ("title", "text")),
    # An answer given while the room is asked (`classpulse.pulse_room`): the ask and its round.
    "votes": (("lab", "name"), ("check", "name"), ("visitor", "name"), ("ask", "ask"), ("round", "round"),
              ("right", "flag"), ("mistake", "text"), ("answer", "text"), ("time", "time")),
}

INSERTS = {
    "visits": "INSERT INTO visits VALUES (?, ?, ?)",
    "events": "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    "checks": "INSERT OR IGNORE INTO checks VALUES (?, ?, ?)",
    "titles": "INSERT OR REPLACE INTO titles VALUES (?, ?, ?)",
    "votes": "INSERT INTO votes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
}

#: Where each kind of line that a page view sends names its visitor (a hub user's pseudonym replaces it).
_VISITOR = {"visits": 1, "events": 3, "votes": 2}
#: The whole numbers each kind of field may hold, from and to.
_RANGES = {"flag": (0, 1), "place": (0, _MAX_PLACE), "round": (1, 2), "ask": (1, MAX_ASK)}


class LineError(ValueError):
    """A pulse line the store does not keep; the message says what was expected and what arrived."""


def _value(kind, name, value):
    if kind in ("name", "text"):
        if not isinstance(value, str):
            raise LineError(f"{name}: {value!r:.40} is not a text")
        value = clip(value)
        if kind == "name" and not value:
            raise LineError(f"{name} is empty")
        return value
    if kind == "flag" and isinstance(value, bool):
        value = int(value)  # JSON's true and false
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LineError(f"{name}: {value!r:.40} is not a number")
    # An int is never NaN, and is compared as it is: math.isfinite would convert it to a float, which a
    # whole number of 400 digits overflows.
    finite = isinstance(value, int) or math.isfinite(value)
    if kind == "time":
        if not (finite and 0 <= value <= time.time() + _AHEAD):
            raise LineError(f"{name}: {value!r:.40} is not a time from 1970 to tomorrow")
        return float(value)
    if not (finite and value == int(value)):
        raise LineError(f"{name}: {value!r:.40} is not a whole number")
    value, (low, top) = int(value), _RANGES[kind]
    if not low <= value <= top:
        raise LineError(f"{name}: {value} is not from {low} to {top}")
    return value


def check_values(table: object, values: object, catalogue: Catalogue | None = None) -> tuple:
    """The values of a ``[table, values]`` line as the store keeps them; raise `LineError` if it keeps none.

    Examples
    --------
    >>> check_values("events", ["lab01", "activity", 0, "v1", True, "sign", "  4  x 2 ", 0])
    ('lab01', 'activity', 0, 'v1', 1, 'sign', '4 x 2', 0.0)
    >>> check_values("checks", ["lab01", "x", "not a number"])
    Traceback (most recent call last):
    ...
    classpulse.pulse_lines.LineError: checks: position: 'not a number' is not a number
    """
    fields = TABLES.get(table) if isinstance(table, str) else None
    if fields is None:
        raise LineError(f"{table!r:.40} is not one of {', '.join(TABLES)}")
    if not isinstance(values, list) or len(values) != len(fields):
        count = len(values) if isinstance(values, list) else "not a list"
        raise LineError(f"{table}: expected {len(fields)} values, got {count}")
    try:
        values = tuple(_value(kind, name, value) for (name, kind), value in zip(fields, values))
    except LineError as error:
        raise LineError(f"{table}: {error}") from None
    if catalogue is None:
        return values
    lab = values[0]
    if lab not in catalogue.labs:
        raise LineError(f"{table}: {lab!r} is not a lab")
    if table == "visits":
        return values
    place = catalogue.place(lab, values[1])
    if place is None:
        raise LineError(f"{table}: {values[1]!r} is not a check of {lab}")
    return (lab, values[1], place, *values[3:]) if table == "events" else values


def read_line(line: bytes, catalogue: Catalogue | None = None) -> tuple[str, tuple]:
    """The table and checked values of one journal line (without its newline); raise `LineError` if not kept.

    Examples
    --------
    >>> read_line(b'["visits", ["lab01", "v1", 0]]')
    ('visits', ('lab01', 'v1', 0.0))
    >>> from classpulse.pulse_catalogue import CATALOGUE
    >>> read_line(b'["visits", ["lab01", "v1", 0]]', CATALOGUE)
    Traceback (most recent call last):
    ...
    classpulse.pulse_lines.LineError: visits: 'lab01' is not a lab
    """
    if len(line) > MAX_LINE:
        raise LineError(f"a line of {len(line)} bytes: at most {MAX_LINE}")
    try:
        table, values = json.loads(line)
    except (ValueError, TypeError, RecursionError):  # RecursionError: a line of brackets nested deeply
        raise LineError(f"{line[:40]!r} is not a [table, values] line") from None
    return table, check_values(table, values, catalogue)


@dataclass(frozen=True)
class Quota:
    """What one named sender may add to the store in a session (until the next Reset).

    Attributes
    ----------
    lines : int
        Lines sent, kept or refused: an answer or a page view each (a class of 300 sends about 20 each a lecture).
    bytes : int
        Bytes of those lines.
    journals : int
        Journals whose progress is kept for the sender (their kernels); the oldest is forgotten past it.
    """

    lines: int = 5000
    bytes: int = 2**20
    journals: int = 50


#: The quota of every store unless it is given another.
QUOTA = Quota()


class Intake:
    """Inserts journal lines into the store's tables, each checked, each named sender within its `Quota`.

    Parameters
    ----------
    catalogue : Catalogue or None
        The labs and checks that exist, their places and titles (`pulse_catalogue.CATALOGUE`);
        None checks each line's form only (a test's invented labs).
    quota : Quota, optional

    Attributes
    ----------
    refused : str
        Why lines were refused since it was last set to ``""`` (by the store, at each call).
    """

    def __init__(self, catalogue: Catalogue | None = None, quota: Quota = QUOTA) -> None:
        self.catalogue = catalogue
        self.quota = quota
        self.refused = ""

    def insert(self, connection: sqlite3.Connection, lines: bytes, *, sender: str = "", keep: bool = True) -> None:
        """Insert each line of `lines` that is kept; call inside the store's write transaction.

        Parameters
        ----------
        connection : sqlite3.Connection
        lines : bytes
            Complete journal lines.
        sender : str, optional
            The hub user who sent them, ``""`` for this server's own kernels (no quota).
        keep : bool, optional
            False skips the visits and events (lines journalled before a Reset).
        """
        refused, reasons = 0, []
        used = connection.execute("SELECT lines, bytes FROM senders WHERE sender = ?", (sender,)).fetchone()
        spent, size = used or (0, 0)  # the sender's lines and bytes this session, refused ones too
        visitor = _pseudonym(connection, sender) if sender else None
        batch = [line for line in lines.splitlines() if line.strip()]  # a blank line ends one a full disk cut
        for at, line in enumerate(batch):
            if sender and (spent >= self.quota.lines or size + len(line) > self.quota.bytes):
                refused += len(batch) - at  # the rest unread: no CPU for a sender past its share
                reasons.append(f"{sender} sent more than {self.quota.lines} lines or "
                               f"{self.quota.bytes} bytes this session")
                break
            spent, size = spent + 1, size + len(line)
            try:
                table, values = read_line(line, self.catalogue)
            except LineError as error:
                refused += 1
                if len(reasons) < 3:
                    reasons.append(str(error))
                continue
            if not keep and table != "checks":
                continue
            if self.catalogue is not None and table in ("checks", "titles"):
                continue  # the catalogue lists the checks and titles them
            if visitor is not None and table in _VISITOR:
                column = _VISITOR[table]
                values = (*values[:column], visitor, *values[column + 1:])
            connection.execute(INSERTS[table], values)
        if sender and (spent, size) != tuple(used or (0, 0)):
            connection.execute("INSERT OR REPLACE INTO senders VALUES (?, ?, ?)", (sender, spent, size))
        if refused:
            said = f"{refused} of {len(batch)} lines refused: {'; '.join(reasons)}"
            self.refused = f"{self.refused}; {said}" if self.refused else said


def _pseudonym(connection, sender):
    """The visitor id of every page view of `sender` this session: a keyed hash, drawn afresh at each Reset."""
    (key,) = connection.execute("SELECT key FROM session").fetchone()
    return "s-" + hmac.new(key, sender.encode(), hashlib.sha256).hexdigest()[:16]
