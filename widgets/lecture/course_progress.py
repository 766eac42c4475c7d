"""The gallery's map of the learner's progress: every lab, from what their browser keeps.

`CourseProgress` reads each lab's record (`widgets.core.progress_record`,
written by the lab's `LabProgress`) through one `DeviceStore` that only
peeks, and shows per lab started how many of its questions were solved (and
how many answers were seen first) and the level of its practice
(`widgets.core.mastery`: its practice and the mixed review's record, in the order they happened).
Above the list, a link to the lab to continue (the first one started and not
finished) or the next one.  *Move my progress
to another device* gives the whole of it as a code (`progress_code`), and
brings another device's code here.  A browser that keeps nothing says so; a record that cannot be read is counted
as not started, and left for the lab itself to set aside.  Where a newer version of the labs wrote a
lab's record, the record this version keeps beside it (`widgets.lecture.progress.apart_key`) is shown
and moved instead.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ipywidgets import HTML, Button, Layout, Textarea, ToggleButton, VBox

from ..base.shared_models import steady
from ..controls.device_store import DeviceStore, KeepsStore
from ..core.mastery import LEVELS, level
from ..core.outcome import Outcome
from ..core.progress_code import read_code, write_code
from ..core.progress_record import MAX_CHARS, REVIEW_KEY, events, read_records
from ..text.html_math import paragraph_html, plain_text
from ..text.progress_words import MOVE_HELP_HTML, course_html, told_html
from .progress import apart_key, written_by_newer

__all__ = ["CourseProgress", "lab_titles"]


def lab_titles(folder: str | os.PathLike[str] = ".") -> list[tuple[str, str]]:
    """Each numbered lab in `folder` (``NN-name.ipynb``) and its title, the first heading of the
    notebook without its "Lab N:" prefix, in order."""
    labs = []
    for path in sorted(Path(folder).glob("[0-9][0-9]-*.ipynb")):
        title = path.stem
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"]).strip()
            if cell["cell_type"] == "markdown" and text.startswith("# "):
                title = text.splitlines()[0][2:].split(":", 1)[-1].strip()
                break
        labs.append((path.stem, title))
    return labs


class CourseProgress(KeepsStore, VBox):
    """Every lab's progress in this browser, with the lab to continue; see the module.

    Parameters
    ----------
    labs : sequence of (str, str)
        Each lab's name (its notebook without ``.ipynb``, as its record is kept) and title.

    Examples
    --------
    >>> course = CourseProgress([("01-columns", "The product by columns"), ("02-entry", "One entry")])
    >>> with course.store.hold_trait_notifications():
    ...     course.store.peeked = {"01-columns": '{"v":2,"checks":{"a":"solved"},"practice":{},"total":3}'}
    ...     course.store.status = "ready"
    >>> course.rows[0]
    ('01-columns', 'The product by columns', 1, 0, 3, 'not started')
    >>> "Continue with lab 1" in course.summary
    True
    """

    def __init__(self, labs: Iterable[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(layout=Layout(align_items="flex-start"), **kwargs)  # buttons as wide as their words
        self._labs = tuple(labs)
        self.rows = ()
        names = [name for name, _ in self._labs] + [REVIEW_KEY]
        self._keep_store(DeviceStore(peek=names + [apart_key(name) for name in names], max_chars=MAX_CHARS),
                         self._on_status, ["status", "peeked"])
        self._view = self._own(steady(HTML).add_class("course-progress-list"))
        self._move = self._own(ToggleButton(
            description="Move my progress to another device", icon="exchange", layout=Layout(width="auto"),
            tooltip="A code that carries this browser's progress to another, or brings another's here",
        ).add_class("progress-move"))
        self._code = self._own(Textarea(placeholder="ML1-…", layout=Layout(width="100%", height="6em"),
                                        description="Progress code", style={"description_width": "initial"})
                               .add_class("progress-code"))
        self._bring = self._own(Button(description="Bring this code's progress here", layout=Layout(width="auto"))
                                .add_class("progress-bring"))
        self._told = self._own(steady(HTML).add_class("progress-code-said"))
        self._moving = self._own(VBox([self._own(HTML(MOVE_HELP_HTML)), self._code, self._bring, self._told],
                                      layout=Layout(display="none", width="100%")))
        self._move.observe(self._on_move, names="value")
        self._bring.on_click(lambda _button: self.bring(self._code.value))
        self.children = [self.store, self._view, self._move, self._moving]
        self.add_class("course-progress")
        self._say("Your progress shows here once the page has loaded.")

    @property
    def summary(self) -> str:
        """What the learner reads, as plain text."""
        return plain_text(self._view.value, gap=" ")

    def export_code(self) -> str:
        """Everything this browser keeps of the labs and the review, as one code (`write_code`)."""
        return write_code(self._kept())

    def bring(self, code: str) -> None:
        """Write the records of a code from another device into this browser (`read_code`), as
        *Bring this code's progress here* does; say why a code is refused."""
        records, problem = read_code(code)
        if problem:
            return self._tell(f"This code cannot be used: {problem}. Copy it again, whole.", warn=True)
        if not records or records == self._kept():
            return self._tell("This code holds nothing this browser does not keep already.")
        self.store.put(records)
        return self._tell(f"Brought here: your progress in {len(records)} page{'s' * (len(records) != 1)}. "
                          "Open a lab and it carries on from there.")

    def _on_move(self, change):
        self._moving.layout.display = "" if change["new"] else "none"
        if change["new"]:
            self._code.value = self.export_code() if self._kept() else ""
            self._told.value = ""

    def _kept(self):
        """The text of each lab and of the review this version reads, by name: the one kept beside a
        newer version's record where there is one."""
        peeked, kept = self.store.peeked, {}
        for name in [*(name for name, _ in self._labs), REVIEW_KEY]:
            key = apart_key(name) if written_by_newer(peeked.get(name, "")) else name
            if key in peeked:
                kept[name] = peeked[key]
        return kept

    def _tell(self, words, warn=False):
        self._told.value = told_html(words, warn)

    def _on_status(self, change=None):
        if self.store.status == "unavailable":
            return self._say("This browser keeps nothing for these pages (a private window, or storage "
                             "turned off): your progress cannot be shown.")
        if self.store.status != "ready":
            return None
        records = read_records(self._kept(), [REVIEW_KEY, *(name for name, _ in self._labs)])
        reviewed = records[REVIEW_KEY].practice
        rows = []
        for name, title in self._labs:
            record = records[name]
            solved = sum(Outcome(state).solved for state in record.checks.values())
            seen = len(record.checks) - solved
            best = max((level(*events(kept, reviewed.get(kept.skill))) for kept in record.practice.values()),
                       key=LEVELS.index, default=LEVELS[0])
            rows.append((name, title, solved, seen, record.total, best))
        self.rows = tuple(rows)
        return self._render()

    def _render(self):
        if not any(solved or seen or practice != LEVELS[0] for _, _, solved, seen, _, practice in self.rows):
            return self._say("Nothing answered yet in this browser: start with lab 1, and your progress "
                             "in every lab will show here.")
        started = [k for k, row in enumerate(self.rows) if row[2] or row[3] or row[5] != LEVELS[0]]
        unfinished = [k for k in started if self.rows[k][2] < self.rows[k][4]]
        following = [k for k in range(started[-1] + 1, len(self.rows))]
        nxt = (unfinished or following or started)[0]
        self._view.value = course_html(self.rows, started, nxt)
        return None

    def _say(self, words):
        self._view.value = paragraph_html(words)
        return None
