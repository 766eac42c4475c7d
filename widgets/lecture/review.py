"""The mixed review: a round of fresh problems from every lab visited, mixed, the weakest skills first.

`MixedReview` reads, through one `DeviceStore`, what the browser keeps of
each lab (which skills it practises and how the learner's problems there
ended) and of earlier reviews, under `REVIEW_KEY`.  A round
(`widgets.core.review.choose`) is a handful of problems, one `Practice`
each, in shuffled order, its heading silent on its skill and lab until it
is answered (working out what it asks is part of the problem).  How each
ended is added to that skill's review history and kept, with where it fell among the skill's practice
problems in its lab (`widgets.core.mastery.stamp`): right first time raises the skill one level, any
other end lowers it one (`widgets.core.mastery.level`), as the lab and the gallery then show.  After
the round, each problem says how it moved its skill, and each that was
not right first time points back to the lab that teaches it.  A review record
written by a newer version of the labs is left as it is, and this version's
kept beside it (`widgets.lecture.progress.apart_key`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ipywidgets import HTML, Button, HBox, Layout, VBox

from ..base.shared_models import steady
from ..controls.device_store import DeviceStore, KeepsStore
from ..controls.practice import Practice
from ..core.mastery import level, stamp, trim
from ..core.outcome import Outcome, from_letter
from ..core.practice import MAX_SEED
from ..core.progress_record import (
    MAX_CHARS,
    REVIEW_KEY,
    PracticeRecord,
    Record,
    events,
    read_record,
    read_records,
    write_record,
)
from ..core.review import choose
from ..text.html_math import paragraph_html
from ..text.practice_prompts import WORDS
from ..text.review_words import problem_heading_html, round_html
from .progress import apart_key, written_by_newer

__all__ = ["MixedReview"]


class MixedReview(KeepsStore, VBox):
    """Rounds of mixed problems from the labs visited; see the module.

    Parameters
    ----------
    labs : sequence of (str, str)
        Each lab's name (as its record is kept) and title (`lab_titles`).
    rng : random.Random, optional
        Chooses and shuffles the rounds and their numbers.

    Examples
    --------
    >>> review = MixedReview([("02-entry", "One entry")], rng=random.Random(3))
    >>> from widgets.core.progress_record import PracticeRecord, Record, write_record
    >>> lab = write_record(Record(practice={"practice": PracticeRecord(1, "rrrrr", 5, "entry")}, total=2))
    >>> with review.store.hold_trait_notifications():
    ...     review.store.peeked = {"02-entry": lab}
    ...     review.store.status = "ready"
    >>> [practice.skill for practice in review.practices]
    ['entry']
    """

    def __init__(self, labs: Iterable[tuple[str, str]], rng: random.Random | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._labs = tuple(labs)
        self._rng = rng or random.Random()
        self._visited = {}  # skill to (its PracticeRecord in the lab, the lab's name and title)
        self._reviewed = {}  # skill to its PracticeRecord in the review's own record
        self._moves = {}  # skill to its level before and after its last problem answered here
        self.practices = ()
        self._headings = ()  # one per problem of the round
        self._keep_store(DeviceStore(key=REVIEW_KEY, peek=[name for name, _ in self._labs], max_chars=MAX_CHARS),
                         self._on_status, "status")
        self._intro = self._own(steady(HTML).add_class("review-intro"))
        self._round = self._own(VBox())
        self._summary = self._own(steady(HTML).add_class("review-summary"))
        self._again = self._own(Button(description="Another round", icon="refresh", layout=Layout(
            width="auto")).add_class("review-again"))
        self._again.on_click(lambda _button: self.new_round())
        self._after = self._own(HBox([self._again], layout=Layout(display="none")))  # as wide as its words
        self.children = [self.store, self._intro, self._round, self._summary, self._after]
        self.add_class("mixed-review")
        self._say("The review starts once the page has loaded.")

    def new_round(self) -> None:
        """Close the round shown and draw the next, as *Another round* does."""
        for practice in self.practices:
            practice.close()
        skills = choose({skill: events(kept[0], self._reviewed.get(skill)) for skill, kept in self._visited.items()},
                        self._rng)
        self.practices = tuple(
            self._own(Practice(skill, seed=self._rng.randrange(MAX_SEED + 1), plain=True).add_class(
                f"review-problem-{k}")) for k, skill in enumerate(skills)
        )
        # Each heading names the problem's skill and lab only once it is answered (`_on_outcome`).
        self._headings = tuple(self._own(HTML(problem_heading_html(k + 1, len(skills))))
                               for k in range(len(skills)))
        boxes = []
        for heading, practice in zip(self._headings, self.practices):
            boxes.append(heading)
            boxes.append(practice)
            practice.start()
            practice.observe(self._on_outcome, names="history")
        self._round.children = boxes
        self._summary.value = ""
        self._after.layout.display = "none"
        self._say(f"{len(skills)} problem{'s' * (len(skills) != 1)} from the labs you have visited, "
                  "the skills you are least sure of first, in mixed order.")

    # -- browser ----------------------------------------------------------------

    def _on_status(self, change):
        if self.store.status == "unavailable":
            return self._say("This browser keeps nothing for these pages (a private window, or storage "
                             "turned off): the review cannot see which labs you have visited.")
        if self.store.status != "ready":
            return None
        if self.practices:  # a renewed store (see `KeepsStore`): keep what this round answered
            return self._save() if self._reviewed else None
        review, problem = read_record(self.store.loaded)
        if problem and self.store.key == REVIEW_KEY and written_by_newer(self.store.loaded):
            self.store.key = apart_key(REVIEW_KEY)  # the view reads that key; the round starts once it reports
            return self._say("The review starts once the page has loaded.")
        records = read_records(self.store.peeked, [name for name, _ in self._labs])
        for name, title in self._labs:
            for kept in records[name].practice.values():
                if kept.skill in WORDS and kept.skill not in self._visited:
                    self._visited[kept.skill] = (kept, name, title)
        if problem:
            self.store.set_aside()
        self._reviewed = {} if problem else dict(review.practice)
        if not self._visited:
            return self._say("Nothing to review yet: answer a question or two in a lab, and its skills "
                             "come into the review.")
        return self.new_round()

    def _on_outcome(self, change):
        practice, outcome = change["owner"], change["new"][-1:]
        if not outcome:
            return
        k = self.practices.index(practice)
        name, title = self._visited[practice.skill][1:]
        self._headings[k].value = problem_heading_html(k + 1, len(self.practices),
                                                       (WORDS[practice.skill].title, name, title))
        lab = self._visited[practice.skill][0]
        kept = self._reviewed.get(practice.skill, PracticeRecord(skill=practice.skill))
        history = trim(kept.history + outcome)
        self._reviewed[practice.skill] = PracticeRecord(
            0, history, kept.solved + from_letter(outcome).solved, practice.skill,
            (*kept.at, stamp(lab.history, lab.solved))[-len(history):])
        self._moves[practice.skill] = (level(*events(lab, kept)), level(*events(lab, self._reviewed[practice.skill])))
        self._save()
        if all(p.history for p in self.practices):
            self._sum_up()

    def _save(self):
        if self.store.status in ("ready", "full"):
            self.store.saved = write_record(Record(practice=dict(self._reviewed)))

    def _sum_up(self):
        problems = []
        for practice in self.practices:
            name, title = self._visited[practice.skill][1:]
            ended = from_letter(practice.history[-1])
            problems.append((WORDS[practice.skill].title, ended.words, self._moves[practice.skill],
                             ended is Outcome.SOLVED, name, title))
        self._summary.value = round_html(problems)
        self._after.layout.display = ""

    def _say(self, words):
        if self.store.key != REVIEW_KEY:  # kept beside a newer version's review: said above all else
            words = ("This browser keeps a review from a newer version of the labs, which this page cannot "
                     f"read: it is left as it is, and this page's review is kept beside it. {words}")
        self._intro.value = paragraph_html(words)
        return None
