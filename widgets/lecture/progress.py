"""The learner's progress in one lab, kept in their browser and restored on the next visit.

`LabProgress` sits in the lab's `LectureBar`.  Once the lab's checks exist
(`LectureBar.apply_url`, the last cell, calls `watch_all`), how each check
ended (right first time, after a hint, after a wrong answer, or with its answer
seen first), the last answer checked of each check still open, and where each
practice stands (its next problem, how recent problems ended, its count) are
written to the browser (`DeviceStore`) as a small record
(`widgets.core.progress_record`).  When the page is drawn the browser sends back
what it kept, and every check, answer and practice recorded there is restored
(`Check.restore`, `Check.restore_given`, `Practice.restore`): a reload, a closed laptop lid whose
kernel was culled, or a restarted server loses nothing.  A record that cannot
be read is set aside with a notice; a browser that keeps nothing (a private
window, storage turned off or full) leaves the lab working and says once that
progress will not be kept.  A record written by a newer version of the labs is
never written over (those labs will read it again): the lab says so and keeps
this visit's answers beside it, under a key of this version's own
(`apart_key`).  *Forget my progress* clears the record (a shared
computer); *Start afresh* clears it and opens the lab again, nothing answered.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from ipywidgets import HTML, Button, HBox, Layout
from traitlets import Tuple

from ..base.guard import Guard
from ..base.shared_models import steady
from ..controls.check import Check
from ..controls.device_store import DeviceStore, KeepsStore
from ..controls.practice import Practice
from ..core.progress_record import (
    MAX_CHARS,
    REVIEW_KEY,
    VERSION,
    PracticeRecord,
    Record,
    read_record,
    read_records,
    write_record,
)
from ..text.html_math import plain_text
from ..text.progress_words import notice_html
from .pulse import lab_name

__all__ = ["LabProgress", "apart_key", "written_by_newer"]

#: What a lab says while its record from a newer version is left as it is.
_KEPT_APART = ("This browser keeps a record of this lab from a newer version of the labs, which this page "
               "cannot read: it is left as it is, and your answers here are kept beside it.")


def written_by_newer(text: str) -> bool:
    """Whether `text`, a record the browser keeps, was written by a newer version of the labs than this
    one (`VERSION`): those labs read it again, so it is never set aside or written over.

    Examples
    --------
    >>> written_by_newer('{"v": 6, "checks": {}, "streaks": {}}'), written_by_newer('{"v": 1, "x": 0}')
    (True, False)
    >>> written_by_newer("not json"), written_by_newer('{"v": true}')
    (False, False)
    """
    if len(text) > MAX_CHARS:
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    version = data.get("v") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


def apart_key(key: str) -> str:
    """Where this version keeps its record beside a newer version's record under `key`.

    >>> apart_key("02-entry-dot-product")
    '02-entry-dot-product#v5'
    """
    return f"{key}#v{VERSION}"


def _page_name():
    """The lab this kernel runs: Voila's page, else the notebook JupyterLab names, else ``"lab"``."""
    session = os.path.splitext(os.path.basename(os.environ.get("JPY_SESSION_NAME", "")))[0]
    return lab_name() or session or "lab"


class LabProgress(KeepsStore, HBox):
    """A lab's checks, kept in the browser: a notice and *Forget my progress*; see the module.

    Its `room_vote` is kept too: ``(ask, id)``, the id this learner's answers to the question the
    lecturer asked the room go under (`RoomFollower.voter`, linked by `LectureBar.apply_url`), so a
    reload in a round records the new answer in place of the last, not beside it.

    Examples
    --------
    >>> check = Check("2 + 2?", 4.0)
    >>> progress = LabProgress().watch_all({"sum_check": check}, lab="demo")
    >>> progress.store.loaded = '{"v":1,"checks":{"sum_check":"solved"}}'
    >>> progress.store.status = "ready"
    >>> check.solved, check.attempts, progress.restored
    (True, 0, 1)
    >>> "1 answer from your last visit" in progress.notice
    True
    """

    room_vote = Tuple(help="(ask, id): the id this learner's answers to the room's ask go under, or ().")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=Layout(align_items="center", grid_gap="0 0.5em"), **kwargs)
        # The mixed review's record too (only read, and the one kept beside a newer version's): each review
        # problem moves a practice's level one step (`Practice.review`).
        self._keep_store(DeviceStore(max_chars=MAX_CHARS, peek=[REVIEW_KEY, apart_key(REVIEW_KEY)]),
                         self._on_status, "status")
        self._notice = self._own(steady(HTML).add_class("progress-notice"))
        self._forget = self._own(Button(
            description="Forget my progress", tooltip="Remove what this browser keeps of this lab",
            layout=Layout(width="auto", display="none"),
        ).add_class("progress-forget"))
        self._forget.on_click(lambda _button: self.forget())
        self._afresh = self._own(Button(
            description="Start afresh", tooltip="Forget this lab's progress and open it again, nothing answered",
            layout=self._forget.layout,  # shown and hidden with Forget
        ).add_class("progress-afresh"))
        self._afresh.on_click(lambda _button: self.start_afresh())
        self._checks = {}  # name to Check, once watched
        self._practices = {}  # name to Practice, once watched
        self._states = {}  # check name to its state, as the browser keeps it
        self._restoring = Guard()  # up while a record is restored: its changes are not saved back
        self._apart = False  # the browser keeps a newer version's record: this one keeps its own beside it
        self.restored = 0  # checks restored
        self.restored_given = 0  # answers of open checks restored
        self.restored_practice = 0
        self.children = [self.store, self._notice, self._forget, self._afresh]
        self.add_class("lab-progress")
        self.observe(self._on_room_vote, names="room_vote")

    @property
    def notice(self) -> str:
        """What the learner is told about their progress, as plain text."""
        return plain_text(self._notice.value)

    def watch_all(self, questions: Mapping[str, Check | Practice], lab: str | None = None) -> LabProgress:
        """Keep each of `questions` (a lab's `LabPage.questions`: a `Check` or a `Practice` by its key)
        under `lab` (default: this page's).

        Returns
        -------
        LabProgress
            This object, so one line makes and starts it.
        """
        for name, question in questions.items():
            if isinstance(question, Check):
                if name not in self._checks:
                    self._checks[name] = question
                    self._follow(question, self._on_check, ["outcome", "given"])
            elif isinstance(question, Practice):
                if name not in self._practices:
                    self._practices[name] = question
                    self._follow(question, self._on_practice, ["history", "seed"])
            else:
                raise TypeError(f"{name!r} is not a Check or a Practice but a {type(question).__name__}")
        lab = lab or _page_name()
        self.store.key = apart_key(lab) if self._apart else lab
        if self.store.status:  # the browser answered before the checks existed
            self._on_status()
        return self

    def forget(self) -> None:
        """Remove this lab's record from the browser; this page keeps its answers until reloaded."""
        self._states = {}
        self.store.clear()
        if self._apart:
            return self._say("This browser keeps nothing of this lab from this version now (the newer "
                             "version's record is left as it is): a reload starts afresh.")
        return self._say("This browser keeps nothing of this lab now: a reload starts afresh.")

    def start_afresh(self) -> None:
        """Forget this lab's progress and reload the page: every question unanswered, every view closed.
        The id of the learner's answers to the room's ask is kept: starting afresh is no second voter."""
        self.forget()
        if self.room_vote:
            self.store.saved = write_record(Record(room=self.room_vote))
        self.store.reload_page()

    # -- browser ----------------------------------------------------------------

    def _on_status(self, change=None):
        status = self.store.status
        if status == "unavailable":
            return self._say("This browser keeps nothing for this page (a private window, or storage "
                             "turned off): your progress will not be kept after a reload.", warn=True)
        if status == "full":
            return self._say("This browser's storage is full: your progress from now on will not be kept.",
                             warn=True)
        if status != "ready" or not self._checks:
            return None
        record, problem = read_record(self.store.loaded)
        if problem and not self._apart and written_by_newer(self.store.loaded):
            self._apart = True
            self._say(_KEPT_APART)
            self.store.key = apart_key(self.store.key)  # the view reads that key and reports what it keeps
            return None
        if problem:
            self.store.set_aside()
            self.store.loaded = ""
            return self._say(f"A saved record of this lab was set aside because {problem}: "
                             "the lab starts afresh.", warn=True)
        self._restore(record)
        self._read_review()
        if self._current() != record:
            self._save()  # solved here before the browser answered (or the store was renewed), or the lab changed
        kept = [f"{self.restored} answer{'s' * (self.restored != 1)}"] * bool(self.restored)
        kept += [f"{self.restored_given} unfinished answer{'s' * (self.restored_given != 1)}"] * bool(
            self.restored_given)
        kept += ["your practice"] * bool(self.restored_practice)
        if kept:
            kept = ", ".join(kept[:-1]) + " and " + kept[-1] if len(kept) > 1 else kept[0]
            welcome = f"Welcome back: {kept} from your last visit restored."
            return self._say(f"{_KEPT_APART} {welcome}" if self._apart
                             else f"{welcome} Your progress is kept in this browser.")
        return self._say(_KEPT_APART if self._apart else "Your progress in this lab is kept in this browser.")

    def _restore(self, record):
        with self._restoring:
            for name, state in record.checks.items():
                check = self._checks.get(name)
                if check is not None and not (check.solved or check.shown):
                    check.restore(state)
                    self.restored += 1
            for name, given in record.answers.items():
                check = self._checks.get(name)
                if check is not None and name not in record.checks and not check.answered:
                    check.restore_given(given)
                    self.restored_given += check.given == given
            for name, kept in record.practice.items():
                practice = self._practices.get(name)
                if practice is not None and not practice.history:
                    practice.restore(kept)
                    self.restored_practice += bool(kept.history)  # a practice never started: nothing to welcome
            if record.room and not self.room_vote:
                self.room_vote = record.room
        # What this visit did before the browser answered wins over what it kept.
        self._states = {**{name: state for name, state in record.checks.items() if name in self._checks},
                        **self._states}

    def _read_review(self):
        key = apart_key(REVIEW_KEY) if written_by_newer(self.store.peeked.get(REVIEW_KEY, "")) else REVIEW_KEY
        review = read_records(self.store.peeked, [key])[key]
        for practice in self._practices.values():
            practice.review = review.practice.get(practice.skill, PracticeRecord())

    def _on_check(self, change):
        if not change["new"] or self._restoring:
            return
        if change["name"] == "outcome":
            name = next(name for name, check in self._checks.items() if check is change["owner"])
            self._states[name] = change["new"]
        self._save()

    def _on_practice(self, change):
        if not self._restoring:
            self._save()

    def _current(self):
        """The record as it stands: every check's state, and every practice (its skill too, for the
        mixed review)."""
        practice = {name: practice.record for name, practice in self._practices.items()}
        answers = {name: check.given for name, check in self._checks.items()
                   if check.given and name not in self._states}
        return Record(dict(self._states), practice, len(self._checks), answers, self.room_vote)

    def _on_room_vote(self, change):
        if not self._restoring and self._checks:
            self._save()

    def _save(self):
        current = self._current()
        if self.store.status in ("ready", "full") and (
            current.checks or current.answers or current.room or self.store.saved
            or any(kept.history for kept in current.practice.values())
        ):  # once there is anything to keep
            self.store.saved = write_record(current)

    def _say(self, words, warn=False):
        self._notice.value = notice_html(words, warn)
        self._forget.layout.display = "none" if warn else ""
