"""The class pulse's store: one SQLite file of anonymous check attempts.

Every check attempt on a lecture server becomes one row: the lab, the check,
a random visitor id (one per page view), right or wrong, the diagnosed
mistake and the time, with the answer only in a normalised form of at most
`MAX_ANSWER` characters.  A page view on its own is a visit.  The lecturer's
board (`widgets.lecture.pulse_board`) reads the counts back with `summary`.

The store must never block or break a lab.  A lab's kernel therefore never
touches the SQLite file: `record` and `record_visit` append to the
process's own journal (`classpulse.pulse_journal`), which takes no
lock anyone else holds and keeps the event from the moment it returns, even
if the kernel is culled or killed right after.  The readers (`status`,
`summary`, `reset`, every few seconds on the lecturer's board) gather the
journals into the file, each line exactly once.  Every call turns every
failure into ``False`` (or nothing) and a sentence in `PulseStore.error`; a
reader waits at most `PulseStore.timeout` seconds for another reader's
lock.  Each process keeps one connection (`classpulse.pulse_file`), made
again when the file was replaced, deleted or damaged under a running server;
the file is in WAL mode, SQLite from the standard library.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

from . import pulse_journal
from .pulse_answer import MAX_ANSWER, normalise_answer
from .pulse_answer import clip as _clip
from .pulse_catalogue import Catalogue
from .pulse_csv import counts_csv, rounds_csv
from .pulse_file import PulseFile
from .pulse_lines import QUOTA, Intake, Quota
from .pulse_room import AskingTheRoom, Room, write_room

__all__ = ["MAX_ANSWER", "CheckPulse", "LabPulse", "PulseStore", "normalise_answer"]

#: The file's name in the pulse folder.
_FILE_NAME = "pulse.sqlite"
#: Mistakes listed per check.
_TOP_MISTAKES = 3


@dataclass(frozen=True)
class CheckPulse:
    """How the room answers one check.

    Attributes
    ----------
    check : str
        The check's id in its lab.
    position : int
        Its place in the lab (the board's order).
    attempted : int
        Visitors who checked at least one answer.
    solved : int
        Visitors who checked a right answer.
    attempts : int
        Answers checked in all.
    mistakes : tuple of (str, int)
        The most common mistakes, most frequent first, with how many answers made them.
    title : str
        A few words naming the question (`Check.title`), ``""`` for none.
    """

    check: str
    position: int
    attempted: int
    solved: int
    attempts: int
    mistakes: tuple[tuple[str, int], ...]
    title: str = ""

    @property
    def label(self) -> str:
        """What the board calls the check: its title, else its id."""
        return self.title or self.check


@dataclass(frozen=True)
class LabPulse:
    """How the room does on one lab: its visitors and each of its checks.

    Attributes
    ----------
    lab : str
    visitors : int
        Page views of the lab (each with its own anonymous id).
    checks : tuple of CheckPulse
        In the lab's order.
    """

    lab: str
    visitors: int
    checks: tuple[CheckPulse, ...]


def _explain(error, path):
    """A sentence for the lecturer saying why the store failed."""
    text = str(error)
    lowered = text.lower()
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        return f"the pulse folder {folder} does not exist"
    if ("readonly" in lowered or "read-only" in lowered or isinstance(error, PermissionError)
            or not os.access(folder, os.W_OK)):  # SQLite only says "unable to open database file"
        return f"the pulse store {path} is read-only"
    if "locked" in lowered or "busy" in lowered:
        return f"the pulse store {path} is locked by another process"
    if "full" in lowered:
        return f"the pulse store {path} is full: export the counts, then Reset"
    if "not a database" in lowered or "malformed" in lowered:
        return f"the pulse store {path} is damaged ({text}): move it away to start a new one"
    if "unable to open" in lowered:
        return f"the pulse store {path} cannot be opened ({text})"
    return f"the pulse store {path} failed: {text}"


class PulseStore(AskingTheRoom):
    """An SQLite file of anonymous check attempts, in a folder the server owns, and the question the room is
    asked (`AskingTheRoom`).

    Parameters
    ----------
    folder : str or os.PathLike
        Where the file lives (``pulse.sqlite``).  It must exist: the store
        creates the file, never the folder, so a mistyped setting shows as
        "does not exist" instead of a store nobody reads.  Keep it outside
        the folder Voila serves.
    timeout : float, optional
        Seconds a reader waits for another reader's lock before giving up
        (a lab's kernel never waits: it only appends to its journal).
    max_bytes : int, optional
        The largest the file may grow; then the counts stop growing and
        `status` says "full" until a Reset.
    journal_bytes : int, optional
        The largest one process's journal may grow (a page view's answers);
        then `record` fails as "full".
    catalogue : Catalogue, optional
        The labs and checks that exist (`pulse_catalogue.CATALOGUE`): lines of
        others are refused, and the board lists each visited lab's checks,
        their places and titles from it, not from what pages send.  Default
        none: any lab and check of the right form counts (a test's inventions).
    quota : Quota, optional
        What each hub user may add in a session (`pulse_lines.Quota`).

    Attributes
    ----------
    path : str
        The SQLite file.
    error : str
        Why the last call failed, or ``""`` after one that succeeded.
    refused : str
        Why lines of the last gather or `receive` were refused (see
        `classpulse.pulse_lines`): they are dropped, the others kept.

    Examples
    --------
    >>> import tempfile
    >>> store = PulseStore(tempfile.mkdtemp())
    >>> store.record_visit("lab01", "v1")
    True
    >>> store.record("lab01", "activity", "v1", right=False, mistake="transpose", position=0)
    True
    >>> store.record("lab01", "activity", "v1", right=True, position=0)
    True
    >>> [(lab.visitors, lab.checks[0].attempted, lab.checks[0].solved) for lab in store.summary()]
    [(1, 1, 1)]
    >>> store.summary()[0].checks[0].mistakes
    (('transpose', 1),)
    >>> PulseStore("/no/such/folder").record_visit("lab01", "v1")
    False
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        *,
        timeout: float = 1.0,
        max_bytes: int = 64 * 2**20,
        journal_bytes: int = 2**20,
        catalogue: Catalogue | None = None,
        quota: Quota = QUOTA,
    ) -> None:
        self.path = os.path.join(os.fspath(folder), _FILE_NAME)
        self.timeout = float(timeout)
        self.max_bytes = int(max_bytes)
        self.catalogue = catalogue
        self._journal = pulse_journal.Journal(os.fspath(folder), journal_bytes)
        self._intake = Intake(catalogue, quota)
        self.error = ""
        self._file = PulseFile(self.path, self.timeout, self.max_bytes)

    def __repr__(self):
        return f"PulseStore({os.path.dirname(self.path)!r})"

    # -- writing ---------------------------------------------------------------

    def record_visit(
        self,
        lab: str,
        visitor: str,
        checks: Iterable[tuple[str, int] | tuple[str, int, str]] = (),
        when: float | None = None,
    ) -> bool:
        """Count a page view of `lab`, and its `checks`; return whether it was kept (never raise).

        Parameters
        ----------
        lab, visitor : str
        checks : iterable of (str, int) or (str, int, str), optional
            The lab's checks with their positions (and titles, see
            `Check.title`), so that the board lists them before anyone
            answers them.
        when : float, optional
            Seconds since the epoch; default now.
        """
        checks = [tuple(check) for check in checks]
        return self._append(
            ["visits", [_clip(lab), _clip(visitor), time.time() if when is None else when]],
            *(["checks", [_clip(lab), _clip(check[0]), int(check[1])]] for check in checks),
            *(["titles", [_clip(lab), _clip(check[0]), _clip(check[2])]] for check in checks
              if len(check) > 2 and check[2]),
        )

    def record(
        self,
        lab: str,
        check: str,
        visitor: str,
        *,
        right: bool,
        mistake: str = "",
        answer: object = "",
        position: int = 0,
        when: float | None = None,
    ) -> bool:
        """Keep one check attempt; return whether it was kept (never raise, never wait for a lock).

        Kept means in this process's journal: the next reader gathers it
        into the file, even after this process has ended.

        Parameters
        ----------
        lab, check, visitor : str
            Where, and which anonymous page view.
        right : bool
        mistake : str, optional
            The diagnosed mistake's name (``""`` for a right answer).
        answer : optional
            What was answered, kept as `normalise_answer` writes it.
        position : int, optional
            The check's place in the lab.
        when : float, optional
            Seconds since the epoch; default now.
        """
        return self._append(["events", [
            _clip(lab), _clip(check), int(position), _clip(visitor), int(bool(right)),
            _clip(mistake), normalise_answer(answer), time.time() if when is None else when,
        ]])

    @property
    def refused(self) -> str:
        """Why lines of the last gather or `receive` were refused, ``""`` when none was."""
        return self._intake.refused

    def reset(self) -> bool:
        """Erase everything a session left, for a new one; return whether it worked.

        Visits, attempts, the checks and titles pages listed, each hub user's
        share of the store (`pulse_lines.Quota`) and their pseudonym go.  Answers
        journalled before the Reset are erased too, even those not gathered
        yet.  How far each journal was received stays, so that no sender
        sends its old lines again.  A store with a `catalogue` still lists a
        visited lab's checks from it.
        """
        if self._gathering(self._erase, keep=False) is None:
            return False
        write_room(os.path.dirname(self.path), Room())  # a question out ends: the labs open what it held
        return True

    def _erase(self, connection):
        for table in ("events", "visits", "checks", "titles", "senders", "asks", "votes"):
            connection.execute(f"DELETE FROM {table}")  # noqa: S608 - the names above
        connection.execute("UPDATE session SET key = randomblob(16)")
        return True

    def receive(self, journal: str, start: int, data: bytes, *, sender: str = "") -> int | None:
        """Store the new lines of a journal sent from a student's server; return how far it is received.

        What the hub's pulse service (`labserver.pulse_service`) does with each
        batch a lab's kernel sends (`classpulse.pulse_sender`): lines it
        has already are skipped, so a batch sent twice counts once.

        Parameters
        ----------
        journal : str
            The sending journal's name (`pulse_journal.Journal`).
        start : int
            Where `data` begins in that journal.
        data : bytes
            Its lines from `start`.  Each is checked (`pulse_lines`); one
            refused is dropped and `refused` says why.
        sender : str, optional
            The hub user who sent it: their journals are their own, their
            lines count within their quota, and their page views are one
            visitor (see `pulse_lines`).

        Returns
        -------
        int or None
            The journal's bytes received so far (the sender goes on from
            there), or None when the store failed (`error` says why).

        Examples
        --------
        >>> import tempfile
        >>> store = PulseStore(tempfile.mkdtemp())
        >>> line = b'["events", ["lab08", "check_h", 0, "v1", 0, "inner", "", 0.0]]\\n'
        >>> store.receive("events-1-a.jsonl", 0, line) == store.receive("events-1-a.jsonl", 0, line) == len(line)
        True
        >>> store.summary()[0].checks[0].attempts
        1
        """
        # No gathering: a receiving store's folder holds no journal (at 300 students that glob ran 100 times a second).
        return self._gathering(lambda connection: pulse_journal.receive(connection, self._intake, journal, start, data,
                                                                        sender=sender), gather=False)

    def _append(self, *records):
        try:
            if not os.path.isdir(os.path.dirname(self.path)):
                raise FileNotFoundError(self.path)  # a folder deleted under an open journal
            self._journal.append(*records)
        except OSError as error:
            return self._failed(error, False)
        self.error = ""
        return True

    def _gathering(self, then, *, keep=True, gather=True):
        """Gather the journals (unless `gather` is False), then run ``then(connection)``, in one write transaction.

        Returns what `then` returned, or None when the store failed (`error` says why).
        """
        self._intake.refused = ""
        try:
            with self._file.connect() as connection:
                connection.execute("BEGIN IMMEDIATE")
                finished = (pulse_journal.gather(connection, os.path.dirname(self.path), self._intake, keep=keep)
                            if gather else [])
                result = then(connection)
                connection.execute("COMMIT")  # on an error the connection is dropped: rolled back
        except (sqlite3.Error, OSError) as error:
            return self._failed(error, None)
        for path in finished:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        self.error = ""
        return result

    def _failed(self, error, result):
        self.error = _explain(error, self.path)
        return result

    # -- reading ---------------------------------------------------------------

    def status(self) -> str:
        """``""`` when the store can be read and written, else why not (for the lecturer).

        Gathers the journals first: a read-only, locked, damaged or full
        file fails here.
        """
        pages = self._gathering(self._probe)
        if pages is None:
            return self.error
        pages, free, limit = pages
        if pages >= limit and free == 0:
            self.error = _explain(sqlite3.OperationalError("database or disk is full"), self.path)
            return self.error
        self.error = ""
        return ""

    @staticmethod
    def _probe(connection):
        """A write undone (a read-only file fails here, even with nothing to gather), then its size."""
        connection.execute("SAVEPOINT probe")
        connection.execute("INSERT INTO visits VALUES ('', '', 0)")
        connection.execute("ROLLBACK TO probe")
        connection.execute("RELEASE probe")
        return [connection.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("page_count", "freelist_count", "max_page_count")]

    def summary(self) -> list[LabPulse]:
        """The counts per lab and per check, labs by name and checks in the lab's order.

        A row it cannot read (a file from before its tables were STRICT,
        edited by hand) is skipped: the board shows the others.  With a
        `catalogue`, only its labs and checks count, placed and titled as it says.

        Returns
        -------
        list of LabPulse
            Empty when nothing was recorded, or when the store cannot be read
            (then `error` says why).  The journals are gathered first.
        """
        read = self._gathering(self._counts)
        if read is None:
            return []
        visitors, rows, listed, mistakes, titles = (_readable(rows, *kinds) for rows, kinds in zip(read, (
            (str, int), (str, str, int, int, int, int), (str, str, int), (str, str, str, int), (str, str, str))))
        known = self.catalogue
        if known is not None:
            visitors = [(lab, count) for lab, count in visitors if lab in known.labs]
            rows = [(lab, check, known.place(lab, check), *counts) for lab, check, _, *counts in rows
                    if known.place(lab, check) is not None]
            listed = [(lab, check, place) for lab, _ in visitors for check, place, _ in known.listed(lab)]
            titles = [(lab, check, known.title(lab, check)) for lab, check, *_ in rows + listed]
        visitors = dict(visitors)
        titles = {(lab, check): title for lab, check, title in titles}
        top = {}
        for lab, check, mistake, count in mistakes:
            found = top.setdefault((lab, check), [])
            if len(found) < _TOP_MISTAKES:
                found.append((mistake, count))
        checks = {}
        answered = {(lab, check) for lab, check, *_ in rows}
        rows += [(lab, check, position, 0, 0, 0) for lab, check, position in listed
                 if (lab, check) not in answered and lab in visitors]
        for lab, check, position, attempted, solved, attempts in rows:
            checks.setdefault(lab, []).append(CheckPulse(
                check, position, attempted, solved, attempts, tuple(top.get((lab, check), ())),
                titles.get((lab, check), ""),
            ))
        return [
            LabPulse(lab, visitors[lab], tuple(sorted(checks.get(lab, ()), key=lambda c: (c.position, c.check))))
            for lab in sorted(visitors)
        ]

    @staticmethod
    def _counts(connection):
        """The visitors per lab, the counts per check, the listed checks, the mistakes and the titles."""
        visitors = connection.execute(
            "SELECT lab, COUNT(DISTINCT visitor) FROM"
            " (SELECT lab, visitor FROM visits UNION SELECT lab, visitor FROM events)"
            " GROUP BY lab"
        ).fetchall()
        rows = connection.execute(
            "SELECT lab, check_id, MIN(position), COUNT(DISTINCT visitor),"
            " COUNT(DISTINCT CASE WHEN right THEN visitor END), COUNT(*)"
            " FROM events GROUP BY lab, check_id"
        ).fetchall()
        listed = connection.execute("SELECT lab, check_id, position FROM checks").fetchall()
        mistakes = connection.execute(
            "SELECT lab, check_id, mistake, COUNT(*) AS n FROM events"
            " WHERE NOT right GROUP BY lab, check_id, mistake"
            " ORDER BY n DESC, mistake"
        ).fetchall()
        titles = connection.execute("SELECT lab, check_id, title FROM titles").fetchall()
        return visitors, rows, listed, mistakes, titles

    def csv(self, summary: Iterable[LabPulse] | None = None) -> str:
        """The counts as CSV text: one row per check, with its lab's visitors and top mistakes.

        Parameters
        ----------
        summary : list of LabPulse, optional
            Counts already read (`summary`); default read them now.

        Examples
        --------
        >>> import tempfile
        >>> store = PulseStore(tempfile.mkdtemp())
        >>> store.record("lab08", "check_s", "v1", right=False, mistake="inner")
        True
        >>> print(store.csv().splitlines()[1])
        lab08,check_s,1,1,0,1,inner,1,,,,
        """
        counts = counts_csv(self.summary() if summary is None else summary, _TOP_MISTAKES)
        splits = self.room_splits()
        return counts + ("\n" + rounds_csv(splits) if splits else "")

    def close(self) -> None:
        """Close the store's connection to its file now (see `classpulse.pulse_file`)."""
        self._file.close()


def _readable(rows, *kinds):
    """The rows whose values are of `kinds` (a bool is no int), each as a list; the others are skipped."""
    return [list(row) for row in rows if len(row) == len(kinds) and all(
        type(value) is kind for value, kind in zip(row, kinds))]
