"""Each process's own journal of pulse events: appended without waiting, gathered into the store by its readers.

A lab's kernel never writes the pulse's SQLite file.  A hundred kernels
writing one file take turns for its lock, and on a loaded machine a turn
can take longer than any timeout a lab should wait (an event of 5,000 was
lost after 1.45 s at a load of 14).  A background thread that retried
would not wait in the lab, but an event still in its queue dies with a
kernel culled or killed right after the check returned.

So each process appends its events, one JSON line each, to a file of its
own in the pulse folder, with a single ``write`` and no lock shared with
anyone: once `Journal.append` returns, the line is in the operating
system's cache and survives the process, killed or not, and no kernel ever
waits for another.  The process holds an ``flock`` on its journal while it
lives, which tells readers whether more lines may come.

The lecturer's board, every few seconds, calls `gather` inside a write
transaction of the SQLite file: it inserts every journal's new complete
lines and records, in the same transaction, how far into each journal it
has read, so every line is stored exactly once whichever reader gathers it
and whenever a reader is interrupted.  A journal whose process has ended is
deleted once fully gathered.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import glob
import json
import os
import sqlite3
import threading
import uuid
from collections.abc import Sequence
from typing import BinaryIO

from .pulse_lines import Intake

__all__ = ["Journal", "ended", "gather", "journals", "receive"]

PREFIX, SUFFIX = "events-", ".jsonl"

#: How far each journal of this folder has been gathered, and each journal a sender sent from another
#: machine has been received (`receive`); made with the store's schema (`pulse_file`).
SCHEMA = """
CREATE TABLE IF NOT EXISTS journals (file TEXT PRIMARY KEY, gathered INTEGER NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS received (
    sender TEXT NOT NULL,
    journal TEXT NOT NULL,
    gathered INTEGER NOT NULL,
    PRIMARY KEY (sender, journal)
) STRICT;
"""


def journals(folder: str | os.PathLike[str]) -> list[str]:
    """The journal files in `folder`, oldest process id first (a stable order)."""
    return sorted(glob.glob(os.path.join(glob.escape(os.fspath(folder)), f"{PREFIX}*{SUFFIX}")))


class Journal:
    """This process's append-only file of pulse events in `folder`.

    Parameters
    ----------
    folder : str
        The pulse folder; it must exist (the journal makes no folder).
    max_bytes : int
        The largest the file may grow; then `append` fails as "full".

    Examples
    --------
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> Journal(folder, 2**20).append(["visits", ["lab01", "v1", 0.0]])
    >>> [os.path.basename(path).startswith(PREFIX) for path in journals(folder)]
    [True]
    """

    def __init__(self, folder: str | os.PathLike[str], max_bytes: int) -> None:
        self.folder = os.fspath(folder)
        self.max_bytes = int(max_bytes)
        self._lock = threading.Lock()
        self._fd = None
        self._pid = None

    def append(self, *records: Sequence[object]) -> None:
        """Append `records` (``[table, values]`` pairs) as lines in one write; raise OSError if not kept.

        A write a full disk cut leaves a line without its newline, and the
        newline written after it may fail too: the next append ends that line
        first, so it never glues onto the cut one (readers skip the cut line).
        """
        data = "".join(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for record in records).encode()
        with self._lock:
            fd = self._open()
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data
            if size + len(data) > self.max_bytes:
                raise OSError(errno.ENOSPC, "database or disk is full")
            if os.write(fd, data) != len(data):
                with contextlib.suppress(OSError):
                    os.write(fd, b"\n")  # end the cut line now if the disk lets us; else the next append does
                raise OSError(errno.ENOSPC, "database or disk is full")

    def _open(self):
        """The open journal, made anew in a forked child or when the file left the folder."""
        if self._fd is not None:
            if self._pid == os.getpid() and os.fstat(self._fd).st_nlink:
                return self._fd
            os.close(self._fd)  # a parent's copy keeps the parent's lock
            self._fd = None
        if not os.path.isdir(self.folder):
            raise FileNotFoundError(errno.ENOENT, "no such folder", self.folder)
        name = f"{PREFIX}{os.getpid()}-{uuid.uuid4().hex}"
        # Locked before it gets its name: a reader never sees it unlocked while this process lives.
        hidden = os.path.join(self.folder, f".{name}")
        fd = os.open(hidden, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.rename(hidden, os.path.join(self.folder, name + SUFFIX))
        except BaseException:
            os.close(fd)
            os.unlink(hidden)
            raise
        self._fd, self._pid = fd, os.getpid()
        return fd


def ended(file: BinaryIO) -> bool:
    """Whether the journal's process has ended (its lock is free), tested on `file` opened apart."""
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True  # released when the file is closed


def gather(connection: sqlite3.Connection, folder: str | os.PathLike[str], intake: Intake, *,
           keep: bool = True) -> list[str]:
    """Insert the new complete lines of every journal in `folder`; call inside a write transaction.

    Parameters
    ----------
    connection : sqlite3.Connection
        In a transaction begun with ``BEGIN IMMEDIATE``, so that two readers
        never gather the same lines.
    folder : str
    intake : pulse_lines.Intake
        Checks and inserts each line.
    keep : bool, optional
        False skips the visits and events (a Reset): only the labs' lists of
        checks are kept.

    Returns
    -------
    list of str
        Journals of ended processes, now fully gathered: delete them once
        the transaction is committed.
    """
    gathered = dict(connection.execute("SELECT file, gathered FROM journals"))
    finished, present = [], set()
    for path in journals(folder):
        name = os.path.basename(path)
        present.add(name)
        start = gathered.get(name, 0)
        try:
            with open(path, "rb") as file:
                done = ended(file)  # before reading: an ended process writes nothing more
                file.seek(start)
                data = file.read()
        except FileNotFoundError:  # deleted by another reader meanwhile
            continue
        end = data.rfind(b"\n") + 1  # a line still being written waits for the next gather
        intake.insert(connection, data[:end], keep=keep)
        if end:
            connection.execute("INSERT OR REPLACE INTO journals VALUES (?, ?)", (name, start + end))
        if done and end == len(data):
            finished.append(path)
    for name in gathered.keys() - present:
        connection.execute("DELETE FROM journals WHERE file = ?", (name,))
    return finished


def receive(connection: sqlite3.Connection, intake: Intake, journal: str, start: int, data: bytes, *,
            sender: str = "") -> int:
    """Insert the lines of another machine's journal that are new; return how far it is received now.

    A kernel on a student's JupyterHub server keeps its events in a journal
    there and sends them on (`classpulse.pulse_sender`); it may send a
    part again when an answer was lost, so each journal's progress is kept in
    the same transaction as its lines, as `gather` keeps this folder's.  The
    progress is the sender's own: another student who sends a journal of the
    same name starts their own, and drops nothing of the first's.  Past
    `Quota.journals` of a sender's, their oldest is forgotten (a Reset keeps
    them all: their lines are not sent again).

    Parameters
    ----------
    connection : sqlite3.Connection
        In a transaction begun with ``BEGIN IMMEDIATE``.
    intake : pulse_lines.Intake
        Checks and inserts each line, within the sender's quota.
    journal : str
        The journal's name, unique to its process (`Journal` draws it).
    start : int
        Where `data` begins in the journal, at the end of a line.
    data : bytes
        Journal lines from `start`; a cut last line waits for the next send.
    sender : str, optional
        The hub user who sent it.

    Returns
    -------
    int
        The journal's bytes received so far: the sender goes on from there
        (also when `start` was past it, a part that never arrived).

    Examples
    --------
    >>> from classpulse.pulse_file import SCHEMA
    >>> connection = sqlite3.connect(":memory:")
    >>> _ = connection.executescript(SCHEMA)
    >>> line = json.dumps(["visits", ["lab01", "v1", 0.0]]).encode() + b"\\n"
    >>> receive(connection, Intake(), "j1", 0, line), receive(connection, Intake(), "j1", 0, line + line)
    (33, 66)
    >>> receive(connection, Intake(), "j1", 100, line), connection.execute("SELECT COUNT(*) FROM visits").fetchone()
    (66, (2,))
    """
    row = connection.execute("SELECT gathered FROM received WHERE sender = ? AND journal = ?",
                             (sender, journal)).fetchone()
    if row is None and sender:
        # A store from before senders were told apart holds its journals' progress under "": the sender's now.
        row = connection.execute("SELECT gathered FROM received WHERE sender = '' AND journal = ?",
                                 (journal,)).fetchone()
        if row is not None:
            connection.execute("UPDATE received SET sender = ? WHERE sender = '' AND journal = ?", (sender, journal))
    gathered = row[0] if row else 0
    end = start + data.rfind(b"\n") + 1
    if start > gathered or end <= gathered:
        return gathered
    intake.insert(connection, data[gathered - start:end - start], sender=sender)
    if row is None:
        connection.execute(
            "DELETE FROM received WHERE rowid IN (SELECT rowid FROM received WHERE sender = ?"
            " ORDER BY rowid DESC LIMIT -1 OFFSET ?)", (sender, intake.quota.journals - 1))
    connection.execute("INSERT OR REPLACE INTO received VALUES (?, ?, ?)", (sender, journal, end))
    return end
