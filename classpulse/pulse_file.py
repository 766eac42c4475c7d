"""One process's connection to the class pulse's SQLite file, and what it knows of the file's damage.

`classpulse.pulse_store.PulseStore` reads and writes the file through a
`PulseFile`.  The connection stays open between calls: closing the last one
checkpoints the WAL to the file and syncs it, about 15 ms a call.  It is
dropped after any error, when the file was replaced or deleted (another
inode) and in a forked child, so the next call starts afresh and makes the
schema if the file is new.  A file overwritten in place is caught by its
header: an open connection would go on writing to the WAL without noticing.

The header is read through a descriptor opened with the connection and
closed after it, never opened and closed around each read: SQLite locks the
file with POSIX locks, which a process loses when it closes any descriptor
of that file.  Without its shared lock the connection looked gone to any
other process, whose closing connection then checkpointed the WAL and
deleted it, and this connection went on committing into the deleted WAL,
seen by nobody else and lost at its end (the hub's pulse service lost the
last events of 37 to 170 of 300 simulated students so; SQLite's "How To Corrupt
An SQLite Database File", 2.2).

A file found damaged stays damaged until it is moved away or deleted,
whatever its header says later: closing any connection still open on it
(this process's own, dropped on the error, or another reader's) checkpoints
that connection's WAL into it, which can write a valid header over the
damage while the pages of earlier checkpoints stay lost.  The lecturer's
board must not show counts read from such a file.  Python 3.11's sqlite3
connections are freed only by the cyclic garbage collector, at a moment
nobody chooses, so a connection is always closed explicitly (`PulseFile.close`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator

from . import pulse_journal, pulse_lines, pulse_room

__all__ = ["PulseFile"]

_HEADER = b"SQLite format 3\x00"
#: The schema's version (``PRAGMA user_version``): 1 is STRICT tables and senders told apart.
VERSION = 1
#: The tables, STRICT: SQLite refuses a value of another type instead of keeping it as sent.
SCHEMA = """
CREATE TABLE IF NOT EXISTS visits (
    lab TEXT NOT NULL,
    visitor TEXT NOT NULL,
    time REAL NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS events (
    lab TEXT NOT NULL,
    check_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    visitor TEXT NOT NULL,
    right INTEGER NOT NULL CHECK (right IN (0, 1)),
    mistake TEXT NOT NULL,
    answer TEXT NOT NULL,
    time REAL NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS events_by_check ON events (lab, check_id);
CREATE TABLE IF NOT EXISTS titles (
    lab TEXT NOT NULL,
    check_id TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (lab, check_id)
) STRICT;
CREATE TABLE IF NOT EXISTS checks (
    lab TEXT NOT NULL,
    check_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (lab, check_id)
) STRICT;
CREATE TABLE IF NOT EXISTS senders (
    sender TEXT PRIMARY KEY,
    lines INTEGER NOT NULL,
    bytes INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS session (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    key BLOB NOT NULL
) STRICT;
INSERT OR IGNORE INTO session VALUES (1, randomblob(16));
""" + pulse_journal.SCHEMA + pulse_room.SCHEMA
#: The tables of version 0, whose rows a migration checks and copies.
_DATA = ("visits", "events", "titles", "checks")


def _make(connection):
    """Make every table and index missing (``executescript`` would commit the transaction first)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            connection.execute(statement)


def _migrate(connection):
    """Make the schema, moving a version-0 file's rows into STRICT tables; inside a write transaction.

    A version-0 file's tables kept any value as sent: each row is copied only
    if it passes the checks a line passes (`pulse_lines.check_values`), so a
    bad row a student left is dropped here.  Each received journal's progress
    is kept, under no sender, until its sender claims it (`pulse_journal.receive`).
    """
    old = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for name in old & {*_DATA, "journals", "received"}:
        connection.execute(f"ALTER TABLE {name} RENAME TO old_{name}")
    connection.execute("DROP INDEX IF EXISTS events_by_check")
    _make(connection)
    for name in old & set(_DATA):
        for row in connection.execute(f"SELECT * FROM old_{name}").fetchall():
            try:
                values = pulse_lines.check_values(name, list(row))
            except pulse_lines.LineError:
                continue
            connection.execute(pulse_lines.INSERTS[name], values)
    if "journals" in old:
        connection.execute("INSERT INTO journals SELECT file, gathered FROM old_journals WHERE typeof(gathered) = 'integer'")
    if "received" in old:
        connection.execute("INSERT INTO received SELECT '', journal, gathered FROM old_received"
                           " WHERE typeof(journal) = 'text' AND typeof(gathered) = 'integer'")
    for name in old & {*_DATA, "journals", "received"}:
        connection.execute(f"DROP TABLE old_{name}")
    connection.execute(f"PRAGMA user_version = {VERSION}")


def _open_file(path):
    """A descriptor of the file at `path` for reading its header, or None if there is no file yet.

    Kept open as long as the connection: a process loses every POSIX lock it
    holds on a file when it closes any descriptor of that file, SQLite's own
    included (see the module).
    """
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None


def _check_header(fd):
    """Raise `_Damaged` if the file open as `fd` has a header and it is not SQLite's."""
    header = os.pread(fd, len(_HEADER), 0)
    if header and header != _HEADER:
        raise _Damaged(os.dup(fd))


def _inode(path):
    """The inode of the file at `path`, or None if there is none (a stat: no descriptor opened)."""
    try:
        return os.stat(path).st_ino
    except FileNotFoundError:
        return None


class _Damaged(sqlite3.DatabaseError):
    """SQLite's "file is not a database", holding an open descriptor of the damaged file."""

    def __init__(self, fd):
        super().__init__("file is not a database")
        self.fd = fd


def _still_there(fd, path):
    """Whether the file open as `fd` is still the one at `path`."""
    held = os.fstat(fd)
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    return held.st_nlink > 0 and (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


class PulseFile:
    """This process's connection to the SQLite file at `path`, made again whenever the file changes.

    Parameters
    ----------
    path : str
        The file; its folder must exist.
    timeout : float
        Seconds to wait for another connection's lock.
    max_bytes : int
        The largest the file may grow.
    """

    def __init__(self, path: str, timeout: float, max_bytes: int) -> None:
        self.path = path
        self.timeout = timeout
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._connection = None
        self._owner = None  # (inode of the file, process id) of the connection
        self._file = None  # a descriptor of the connection's file, for its header, closed after the connection
        self._damaged = None  # an open descriptor of the file last found damaged, while it is still there
        self._inherited = []  # connections of a parent process: never closed here (see `_drop`)

    @contextlib.contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """The open connection, for one call; raises what SQLite or the file system raised (see the module)."""
        with self._lock:
            try:
                if not os.path.isdir(os.path.dirname(self.path)):
                    # sqlite3 would only say "unable to open database file".
                    raise FileNotFoundError(self.path)
                self._check_not_damaged()
                if self._connection is not None and (_inode(self.path), os.getpid()) != self._owner:
                    self._drop()
                if self._connection is None:
                    self._connect()
                else:
                    _check_header(self._file)
                yield self._connection
            except BaseException as error:
                self._remember_damage(error)  # before the drop, whose checkpoint may mend the header
                self._drop()
                raise

    def _connect(self):
        """Open the connection, and the descriptor that reads the file's header while it is open."""
        self._owner = (None, os.getpid())
        self._file = _open_file(self.path)
        if self._file is not None:
            _check_header(self._file)
        self._connection = self._open()
        if self._file is None:  # the connection made the file
            self._file = _open_file(self.path)
        self._owner = (os.fstat(self._file).st_ino, os.getpid())

    def _check_not_damaged(self):
        """Raise SQLite's "file is not a database" while the file found damaged is still at `path`."""
        if self._damaged is None:
            return
        if _still_there(self._damaged, self.path):
            raise sqlite3.DatabaseError("file is not a database")
        os.close(self._damaged)  # moved away: the file at `path` is judged afresh
        self._damaged = None

    def _remember_damage(self, error):
        """Hold the file open if `error` says it is damaged (so its inode is not reused while remembered)."""
        if isinstance(error, _Damaged):
            fd = error.fd
        elif isinstance(error, sqlite3.DatabaseError) and "malformed" in str(error).lower():
            try:
                fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return
        else:
            return
        if self._damaged is not None:
            os.close(self._damaged)
        self._damaged = fd

    def close(self) -> None:
        """Close the connection now (it checkpoints the WAL if it was the last); the next call opens it again."""
        with self._lock:
            self._drop()
            if self._damaged is not None:
                os.close(self._damaged)
                self._damaged = None

    def _open(self):
        """A new connection to the file, in WAL mode, with its size limit and the schema made.

        Switching a new file to WAL needs an exclusive lock for which SQLite's busy timeout
        does not wait: several readers making the file at once got "database is locked" at
        once (6 in 150 tries of four).  So the setup is tried again until `timeout`.
        """
        deadline = time.monotonic() + self.timeout
        while True:
            connection = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None,
                                         check_same_thread=False)
            try:
                connection.execute("PRAGMA synchronous=NORMAL")
                page_size = connection.execute("PRAGMA page_size").fetchone()[0]
                connection.execute(f"PRAGMA max_page_count={max(1, self.max_bytes // page_size)}")
                if connection.execute("PRAGMA journal_mode=WAL").fetchone()[0] != "wal":
                    raise sqlite3.OperationalError("the store could not switch to WAL mode")
                connection.execute("BEGIN IMMEDIATE")
                if connection.execute("PRAGMA user_version").fetchone()[0] < VERSION:
                    _migrate(connection)
                else:
                    _make(connection)  # tables deleted under a running store are made again
                connection.execute("COMMIT")
                return connection
            except sqlite3.OperationalError as error:
                connection.close()
                if "locked" not in str(error).lower() or time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)
            except BaseException:
                connection.close()
                raise

    def _drop(self):
        """Forget the connection: closed, unless it was inherited from a parent process.

        An inherited one stays referenced for the rest of this process's life:
        freed by the garbage collector, it would close, and checkpoint the
        parent's WAL, from here.
        """
        if self._connection is not None:
            if self._owner[1] == os.getpid():
                self._connection.close()
            else:
                self._inherited.append(self._connection)
        self._connection = None
        if self._file is not None:
            os.close(self._file)  # after the connection: closing it drops this process's locks on the file
            self._file = None
