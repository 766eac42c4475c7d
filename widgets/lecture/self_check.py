"""The end-of-lab self-check: what the learner solved, and how, and the mistakes the checks named.

`SelfCheck` sits near the end of a lab (``lecture.self_check``).  Once the
lab's checks are known (`LectureBar.apply_url` hands them over, with the
section of the lab each one sits in, from `sections_of`), it keeps a short
account up to date: how many questions were answered, right first time,
after a hint, after a wrong answer, or with the answer seen first, solved on
an earlier visit; and each mistake a check named (not a plain "not quite"), in its own
words, with a link to the section that explains it.  Nothing is stored: it
reads the checks as they are.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ipywidgets import HTML, VBox

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.check import Check
from ..core.outcome import Outcome
from ..text.self_check_words import heading_words, self_check_html

__all__ = ["SelfCheck", "sections_of"]

_HEADING = re.compile(r"^#{1,3}\s+(.+?)\s*$", re.M)
_CHECK = re.compile(r"\.ask\(\s*\"(\w+)\",\s*Check\(")
#: What `widgets.core.diagnosis` calls an answer that is off in no way it names ("not quite: ...").
_UNNAMED = {"", "entries", "shape"}
#: How an answered check ended (`Check.outcome`), in the words and the order the account counts them.
_WORDS = {Outcome.SOLVED: "right first time", Outcome.HELPED: "after a hint", Outcome.RETRIED: "after a wrong answer",
          Outcome.SHOWN: "with the answer seen first"}
#: A check answered but not right yet counts as answered: its named mistake is listed below the account.
_STATES = (*_WORDS.values(), "solved on an earlier visit", "not right yet")


def sections_of(path: str | os.PathLike[str]) -> dict[str, str]:
    """Each check a lab notebook asks (``lab.ask("key", Check(...))``), by key, and the heading of the section it is in.

    >>> from widgets.lecture.self_check import sections_of
    >>> sections = sections_of(Path(__file__).parents[2] / "labs" / "02-entry-dot-product.ipynb")
    >>> sections["activity"]
    'Activity: one entry, without the rest'
    """
    sections, heading = {}, ""
    if not Path(path).is_file():  # a lab run outside its folder: no sections to link to
        return sections
    for cell in json.loads(Path(path).read_text(encoding="utf-8"))["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found = _HEADING.findall(text)
            heading = found[-1] if found else heading
        else:
            sections.update((name, heading) for name in _CHECK.findall(text))
    return sections


class SelfCheck(OwnsChildren, VBox):
    """A lab's self-check, kept up to date as the learner answers; see the module.

    Attributes
    ----------
    account : str
        The first line, as plain text: how many questions were answered, and how.

    Examples
    --------
    >>> from widgets import Check
    >>> check = Check("2 + 2?", 4.0, title="A sum")
    >>> summary = SelfCheck()
    >>> summary.watch({"sum_check": check}, {"sum_check": "Sums"})
    >>> check.answer_input.value = "5"; _ = check.submit()
    >>> check.answer_input.value = "4"; _ = check.submit()
    >>> summary.account
    '1 of 1 question answered: 1 after a wrong answer.'
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._checks = {}
        self._sections = {}
        self._named = {}  # check name to the distinct mistakes it named, in order
        self._view = self._own(steady(HTML).add_class("self-check-view"))
        self.children = [self._view]
        self.add_class("self-check")
        self._render()

    def watch(self, checks: Mapping[str, Check], sections: Mapping[str, str]) -> None:
        """Follow `checks` (name to Check), each in the section `sections` names (name to heading)."""
        self._sections.update(sections)
        for name, check in checks.items():
            if name not in self._checks:
                self._checks[name] = check
                self._follow(check, lambda change, name=name: self._on_change(name, change),
                             ["attempts", "solved", "shown"])
        self._render()

    def _on_change(self, name, change):
        check = change["owner"]
        if change["name"] == "attempts" and check.mistake not in _UNNAMED and not check.solved:
            named = self._named.setdefault(name, [])
            message = check.feedback.rstrip(". ") + "."
            if message not in named:
                named.append(message)
        self._render()

    def _render(self):
        states = [self._state(check) for check in self._checks.values()]
        answered = [state for state in states if state]
        if not self._checks:
            self.account = "Answer the questions of this lab, and this list says how you did."
            self._view.value = self_check_html(self.account, [], False)
            return
        kinds = [(state, sum(s == state for s in answered)) for state in _STATES]
        how = ", ".join(f"{count} {state}" for state, count in kinds if count)
        total = len(self._checks)
        self.account = (f"{len(answered)} of {total} question{'s' * (total != 1)} answered"
                        + (f": {how}." if how else "."))
        named = [(self._title(name), message, self._sections.get(name))
                 for name, messages in self._named.items() for message in messages]
        self._view.value = self_check_html(self.account, named, bool(answered))

    def _title(self, name):
        check = self._checks[name]
        return check.title or heading_words(self._sections.get(name, "")) or name

    @staticmethod
    def _state(check):
        if check.solved and not check.attempts:  # restored from the learner's record
            return "solved on an earlier visit"
        if check.outcome:
            return _WORDS[Outcome(check.outcome)]
        return "not right yet" if check.attempts else ""
