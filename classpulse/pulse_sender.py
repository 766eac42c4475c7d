"""Sending a student's pulse events from their JupyterHub server to the course's pulse service.

On a JupyterHub every student has a server of their own, so the lecturer's
board cannot gather their journals from one folder.  A lab's kernel there
records as on a lecture server, into its own journal
(`classpulse.pulse_journal`) in the student's outbox folder; a
`PulseSender` thread, one per server at a time, sends every journal's new
lines to the hub's pulse service (`labserver.pulse_service`) with the
server's own hub API token, and deletes a journal once its process has ended
and the service has all of it.

Each answer of the service also says what the room is asked now
(`classpulse.pulse_room`): the sender writes it into the outbox's room file,
which every lab's kernel of this server reads.  With nothing to send it asks
the service again every `POLL` seconds (an empty batch), so a student's page
hears of the lecturer's question within seconds without any route of its own.

So a check never waits for the network, and an event that cannot be sent
(the service restarting, the network down) stays in its journal and goes
with the next send, from whichever kernel of that server sends next.  The
service keeps how far it has received each journal in the same transaction
as its lines, so a batch sent twice (its answer lost) counts once.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import threading
import time
import urllib.request
from collections.abc import Mapping

from widgets.core.environment import HUB_TOKEN, PULSE_URL

from . import pulse_journal
from .pulse_room import Room, write_room

__all__ = ["EVENTS_PATH", "POLL", "PulseSender", "outbox"]

#: The service's endpoint for journal lines, under its URL.
EVENTS_PATH = "api/events"
#: The largest batch sent at once (bytes of journal lines).
MAX_BATCH = 256 * 1024
#: Seconds between asking the service what the room is asked, when there is nothing to send.
POLL = 2.0
#: The file whose lock says which kernel of this server is sending.
_LOCK_NAME = ".sender.lock"

log = logging.getLogger(__name__)


def outbox(environ: Mapping[str, str] | None = None) -> str:
    """The folder a hub server's kernels keep their events in until sent: ``~/.matmul-pulse``.

    >>> outbox({"HOME": "/home/ada"})
    '/home/ada/.matmul-pulse'
    """
    environ = os.environ if environ is None else environ
    return os.path.join(environ.get("HOME") or os.path.expanduser("~"), ".matmul-pulse")


class PulseSender:
    """Sends the journals of `folder` to the pulse service at `url`, in a background thread.

    Parameters
    ----------
    folder : str
        The outbox: the journals of this server's kernels.
    url : str
        The pulse service's URL (``http://…/services/matmul-pulse/``).
    token : str
        This server's hub API token (``JUPYTERHUB_API_TOKEN``), which the
        service checks with the hub.
    interval : float, optional
        Seconds between looks at the outbox; after a failed send the wait
        doubles, up to `most`.
    most : float, optional
        The longest wait between tries.

    Attributes
    ----------
    error : str
        Why the last send failed, or ``""``.
    sent : dict of str to int
        How far each journal is received by the service, as it last said.
    room : Room or None
        What the room is asked, as the service last said (also in the outbox's room file); None
        until it first answers (then the file is written, whatever an earlier server left in it).
    """

    def __init__(self, folder: str, url: str, token: str, interval: float = 1.0, most: float = 10.0) -> None:
        self.folder, self.url, self.token = folder, url.rstrip("/") + "/", token
        self.interval, self.most = float(interval), float(most)
        self.error = ""
        self.sent: dict[str, int] = {}
        self.room: Room | None = None
        self._asked = 0.0  # time.monotonic() of the service's last answer
        self._lock_fd = None
        self._stop = threading.Event()
        self._thread = None

    @classmethod
    def from_environment(cls, folder: str, environ: Mapping[str, str] | None = None) -> PulseSender | None:
        """A started sender for this server when ``MATMUL_PULSE_URL`` names the service, else None.

        One per process and folder: a lab's kernel asks once per page view.
        """
        environ = os.environ if environ is None else environ
        url = environ.get(PULSE_URL, "")
        if not url:
            return None
        with _STARTED_LOCK:
            sender = _STARTED.get(folder)
            if sender is None:
                sender = _STARTED[folder] = cls(folder, url, environ.get(HUB_TOKEN, "")).start()
        return sender

    def start(self) -> PulseSender:
        """Send in a daemon thread until `stop` (or the process ends)."""
        self._thread = threading.Thread(target=self._run, name="pulse-sender", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop sending (what is not sent yet stays in the outbox) and let another kernel send."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def _run(self):
        wait = self.interval
        while not self._stop.wait(wait):
            try:
                ok = self.send_once()
            except Exception as error:  # noqa: BLE001 - the thread must outlive any surprise
                self.error, ok = f"the pulse sender failed: {error!r}", False
                log.exception("pulse sender")
            wait = self.interval if ok else min(self.most, wait * 2)

    def send_once(self) -> bool:
        """Send every journal's new complete lines once; return False if the service could not take them.

        Only the kernel holding the outbox's lock sends (the others return
        True and try again later); a journal whose process has ended is
        deleted once the service has all of it.
        """
        if not self._hold_lock():
            return True
        paths = pulse_journal.journals(self.folder)
        for path in paths:
            name = os.path.basename(path)
            try:
                with open(path, "rb") as file:
                    done = pulse_journal.ended(file)  # before reading: an ended process writes nothing more
                    size = os.fstat(file.fileno()).st_size
                    if name not in self.sent:
                        self.sent[name] = self._post(name, 0, b"")  # where the service has it
                    while self.sent[name] < size:
                        file.seek(self.sent[name])
                        data = file.read(MAX_BATCH)
                        if b"\n" not in data:
                            break  # a line still being written goes next time
                        self.sent[name] = self._post(name, self.sent[name], data[: data.rfind(b"\n") + 1])
            except FileNotFoundError:
                self.sent.pop(name, None)
                continue
            except (OSError, ValueError, KeyError, TypeError) as error:  # the service is away, refused or odd
                self.error = f"the class pulse could not be sent: {error}"
                return False
            if done and self.sent[name] >= size:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
                del self.sent[name]
        live = [os.path.basename(path) for path in paths if os.path.basename(path) in self.sent]
        if live and time.monotonic() - self._asked >= POLL:  # nothing sent for a while: ask for the room
            try:
                self.sent[live[-1]] = self._post(live[-1], self.sent[live[-1]], b"")
            except (OSError, ValueError, KeyError, TypeError) as error:
                self.error = f"the class pulse could not be sent: {error}"
                return False
        self.error = ""
        return True

    def _hold_lock(self):
        """Whether this process holds the outbox's sending lock (taken once, held while it lives)."""
        if self._lock_fd is None:
            fd = os.open(os.path.join(self.folder, _LOCK_NAME), os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            self._lock_fd = fd
        return True

    def _post(self, journal, start, data):
        """Send `data` (journal lines from `start`); return how far the service has the journal now."""
        body = json.dumps({"journal": journal, "start": start, "lines": data.decode()}).encode()
        request = urllib.request.Request(self.url + EVENTS_PATH, data=body, method="POST", headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json",
        })
        with urllib.request.urlopen(request, timeout=10) as response:
            answer = json.load(response)
        gathered = answer["gathered"]
        if not isinstance(gathered, int) or gathered < 0:
            raise ValueError(f"the service answered {gathered!r}")
        self._asked = time.monotonic()
        room = Room.from_dict(answer.get("room"))
        if room != self.room and write_room(self.folder, room):  # what this server's lab kernels read
            self.room = room
        return gathered


_STARTED: dict[str, PulseSender] = {}
_STARTED_LOCK = threading.Lock()
