"""A lab's page following the question the lecturer asks the room (peer instruction, `classpulse.pulse_room`).

A `RoomFollower` reads the room's state from the lab's pulse folder (`classpulse.read_room`: the
lecture server's store folder, or on a JupyterHub the student's outbox, where the sender writes what
the pulse service answers) every `interval` seconds: a stat, and a read of a few bytes when it
changed.  When the room is asked a check of this lab, the check takes the round (`Check.ask_room`:
an answer is recorded, not judged, and nothing it would open opens) and the lab's notice names it,
with a link to it; each answer then goes to the store as a vote of that round.  When the lecturer
reveals it (or asks another, or resets the board) the check counts the answers as if given alone
and opens what it held back (`Check.end_room`).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from ipywidgets import HTML
from traitlets import HasTraits, Instance, Tuple

from classpulse import CATALOGUE, ROOM_FILE, PulseStore, Room, read_room

from ..text.room_words import elsewhere_html, notice_html
from .lab_page import LabPage
from .pulse import slip

__all__ = ["RoomFollower"]


class RoomFollower(HasTraits):
    """Follows the room for one page view of a lab: its asked check, its notice, its answers recorded.

    Parameters
    ----------
    store : PulseStore
        The page's pulse store (`PulseRecorder.store`): the room is read from its folder, the
        answers recorded in it.
    lab, visitor : str
        The lab's name and the page view's anonymous id (the recorder's).
    page : LabPage
        The lab's questions (`LabPage.checks`) and what holds each back: a question inside a part
        not open yet is said to open further on, not linked to.
    notice : ipywidgets.HTML
        Where the lab says what the room is asked (the lecture bar's), empty while nothing is: a
        live region (the template's), so a screen reader reads each notice as it comes.

    Attributes
    ----------
    room : Room
        The room as last read.
    voter : tuple
        ``(ask, id)``: the id this page's answers to that ask go under, the page view's own at its first
        answer; a reload keeps it (`LabProgress.room_vote`), so the learner's new answer replaces the last.

    Examples
    --------
    >>> import tempfile
    >>> from ipywidgets import HTML
    >>> store = PulseStore(tempfile.mkdtemp())
    >>> from widgets import Check
    >>> page = LabPage()
    >>> check = page.ask("sum", Check("2 + 2?", 4.0, title="Two and two"))
    >>> follower = RoomFollower(store, "lab01", "v1", page, HTML())
    >>> follower.follow(Room(5, "lab01", "sum", 1))
    >>> check.answer_input.value = "4"; _ = check.submit()
    >>> check.asked, check.solved, store.room_split(Room(5, "lab01", "sum", 1)).rounds[0]
    (1, False, (('right', 1),))
    >>> follower.follow(Room(5, "lab01", "sum", 1, revealed=True))
    >>> check.asked, check.outcome
    (0, 'solved')
    """

    room = Instance(Room, kw={}, help="The room as last read.")
    voter = Tuple(help="(ask, id): the id this page's answers to that ask go under, or ().")

    def __init__(self, store: PulseStore, lab: str, visitor: str, page: LabPage, notice: HTML,
                 interval: float = 1.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._store, self._lab, self._visitor = store, lab, visitor
        self._folder = os.path.dirname(store.path)
        self._page = page
        self._checks = page.checks
        self._notice = notice
        self.interval = float(interval)
        self._seen = None  # the room file's (mtime, size, inode) when last read
        self._task = None
        for key, check in self._checks.items():
            check.observe(lambda change, key=key: self._on_vote(key, change), names="votes")
        for held in page.held:  # a part holding the asked question opens: the notice links to it now
            held.reveal.observe(self._on_opened, names="opened")

    def follow(self, room: Room) -> None:
        """Bring the page to `room`: the question it asks in its round, or the last one's end."""
        previous, self.room = self.room, room
        asked = self._checks.get(room.check) if room.ask and room.lab == self._lab else None
        old = self._checks.get(previous.check) if previous.ask and previous.lab == self._lab else None
        # A Reset withdraws the question out (no room at all): its answers count, nothing is revealed.
        # One already revealed stays so.
        ended = "revealed" if room.ask or previous.revealed else "withdrawn"
        if old is not None and (old is not asked or room.ask != previous.ask or room.revealed):
            old.end_room(reveal=ended == "revealed")
        for check in self._checks.values():  # one question at a time: no other solution works part of it out
            check.hold_solution(asked is not None and not room.revealed and check is not asked)
        if room.asking and room.lab != self._lab:  # another lab's question: say where it is
            self._notice.value = elsewhere_html(CATALOGUE.title(room.lab, room.check) or room.check, room.lab,
                                                room.round)
            return
        if asked is None or (room.revealed and old is None):  # a page opened after the reveal: nothing to say
            self._notice.value = "" if old is None else notice_html(old.title or previous.check, previous.round, ended)
            return
        if not room.revealed:
            # One order of the options for the whole room, so neighbours can talk of "the third one".
            asked.order_choices(room.ask, room.check)
            asked.ask_room(room.round)
        self._tell(asked)

    def _tell(self, asked):
        """Say what the room is asked, and where: a question inside a part not open yet has no place to jump to."""
        room, page = self.room, self._page
        holders = [part for part in page.holders(asked) if not part.opened]
        # The questions those parts wait for, by title, once each.
        keys = dict.fromkeys(key for held in page.held if held.reveal in holders for key in held.until)
        waiting = [getattr(page.questions[key], "title", "") or key for key in keys]
        self._notice.value = notice_html(asked.title or room.check, room.round,
                                         "revealed" if room.revealed else "asked", waiting)

    def poll(self) -> None:
        """Read the room's file if it changed, and follow it."""
        try:
            found = os.stat(os.path.join(self._folder, ROOM_FILE))
            seen = (found.st_mtime_ns, found.st_size, found.st_ino)
        except OSError:
            seen = None
        if seen == self._seen:
            return
        self._seen = seen
        room = read_room(self._folder)
        if room != self.room:
            self.follow(room)

    def start(self) -> RoomFollower:
        """Follow the room now and every `interval` seconds, in the kernel's event loop."""
        self.poll()
        self._task = asyncio.get_running_loop().create_task(self._poll_forever())
        return self

    def stop(self) -> None:
        """Stop following."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _poll_forever(self):
        while True:
            await asyncio.sleep(self.interval)
            try:
                self.poll()
            except Exception:  # noqa: BLE001 - the lab goes on; the next poll tries again
                self._seen = None

    def _on_opened(self, change):
        asked = self._checks.get(self.room.check) if self.room.asking and self.room.lab == self._lab else None
        if asked is not None:
            self._tell(asked)

    def _on_vote(self, key, change):
        room, check = self.room, self._checks[key]
        if change["new"] <= change["old"] or not (room.asking and room.lab == self._lab and room.check == key):
            return
        right, mistake, answer = check.vote
        if self.voter[:1] != (room.ask,):
            self.voter = (room.ask, self._visitor)
        # A lab never breaks because its answer could not be stored: the store says why in its `error`.
        self._store.record_vote(self._lab, key, self.voter[1], room.ask, check.asked, right=right,
                                mistake=slip(mistake, answer), answer=answer)

