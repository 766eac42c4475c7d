"""Endless practice of one skill on fresh numbers, with a streak, a level and hints in levels.

`Practice` shows one instance of a skill (`widgets.core.practice`, written out
by `widgets.text.practice_prompts`), a `Check` per part that names the usual
mistakes, a "New numbers" button, the seed of the instance (so a link
``?seed=`` gives the whole room the same numbers) and a streak: problems
solved in a row without a wrong answer, a hint or a peek at the solution.  A
problem of several parts shows the next part once one is done.  Each part has
hints in levels, its check's own, asked for at any time (a nudge, the method,
the first step: help that fades; a wrong answer opens the nudge).  How each
problem ended is kept in its `history`: the worst of its checks' outcomes
(`widgets.core.outcome`: right first time, with a hint, after a wrong answer,
with the solution shown), or skipped with *New numbers*.  From it, with the skill's problems in the
mixed review in the order they happened (`review`), the header shows the
learner's level in the skill and what the next one takes
(`widgets.core.mastery`); a lab's progress keeps it in the browser and gives
it back with `restore`.  It opens on a Start button and
builds its first problem when pressed: a page with several practices (lab 8
has two) loads as fast as one without, which counts when a whole lecture hall
opens it at once.
"""

from __future__ import annotations

import secrets
from typing import Any

from ipywidgets import HTML, Button, HBox, VBox
from traitlets import Bool, Instance, Int, TraitError, Tuple, Unicode, observe, validate

from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.page_link import PageLink
from ..base.shared_models import shared_layout, steady
from ..core.mastery import describe, goal, trim
from ..core.outcome import Outcome, worst
from ..core.practice import MAX_SEED, SKILLS, Problem, make_problem
from ..core.progress_record import PracticeRecord, events
from ..text.practice_hints import hints
from ..text.practice_prompts import WORDS, write_problem
from .check import Check
from .hint_ladder import HintLadder

__all__ = ["Practice"]


class Practice(OwnsChildren, VBox):
    """Fresh-number practice of one skill, repeated as often as the learner likes.

    Parameters
    ----------
    skill : str
        A key of `widgets.core.practice.SKILLS`.
    seed : int, optional
        The first instance's seed; default a random one.  "New numbers" moves
        to ``seed + 1``, so a room that starts from one link stays in step.
    link : PageLink, optional
        The page's link (`LectureBar.link`): follow its `seed` (``?seed=``).
    plain : bool, optional
        Show only the problem, without its skill's name, the streak, the level or the problem
        number's link (a round of the mixed review, which keeps its own record, and says the
        skill once the problem is answered: working out what a problem asks is part of it).
        Default False.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    started : bool
        Whether a problem is shown (the Start button pressed, or `start`).
    seed : int
        The seed of the instance shown.
    streak : int
        Problems solved in a row without a wrong answer or the solution shown.
    solved : int
        Problems solved in all (without the solution shown).
    history : str
        How the recent problems ended, one letter each, oldest first
        (`widgets.core.outcome.Outcome.letter`): the worst outcome of its parts' checks.
    checks : tuple of Check
        One per part of the instance shown (read-only).
    problem : Problem or None
        The instance shown (`widgets.core.practice.Problem`), or None before `start`.

    Examples
    --------
    >>> p = Practice("entry", seed=7)
    >>> p.started, p.checks
    (False, ())
    >>> p.start()
    >>> part = p.problem.parts[0]
    >>> p.checks[0].answer_input.value = str(part.answer)
    >>> _ = p.checks[0].submit()
    >>> p.streak, p.solved, p.history
    (1, 1, 'r')
    >>> p.new_numbers(); p.seed
    8
    >>> p.new_numbers(); p.history, p.streak  # skipped before it was solved
    ('rk', 0)
    """

    skill = Unicode(read_only=True, help="The skill practised.")
    seed = Int(0, help="Seed of the instance shown (0 to MAX_SEED).")
    streak = Int(0, read_only=True, help="Solved in a row without a slip, a hint or a peek.")
    solved = Int(0, read_only=True, help="Problems solved in all, without the solution shown.")
    started = Bool(False, read_only=True, help="Whether a problem is shown.")
    history = Unicode("", read_only=True, help="How the recent problems ended, one letter each.")
    review = Instance(PracticeRecord, args=(), help=(
        "The mixed review's record of this skill (`PracticeRecord`: how its problems there ended, and where "
        "each fell among these): each moves the level one step."))
    checks = Tuple(read_only=True, help="The `Check` of each part of the instance shown: tuple of Check.")
    problem = Instance(
        Problem, allow_none=True, read_only=True,
        help="The instance shown (`widgets.core.practice.Problem`), or None before `start`.",
    )

    _ready = False  # until __init__ has built the parts: `review=` reaches the observer inside super().__init__

    def __init__(
        self,
        skill: str,
        seed: int | None = None,
        *,
        link: PageLink | None = None,
        plain: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if skill not in SKILLS:
            raise TraitError(f"unknown skill {skill!r}: choose one of {', '.join(SKILLS)}")
        self.set_trait("skill", skill)
        self._slipped_once = False  # a wrong answer, a hint or the solution seen, on the instance shown
        self._finished = False  # the instance shown is solved, or was skipped
        # Shown or hidden for good: plain practice (the mixed review) keeps no streak and no seed,
        # and names no skill (the review names it once the problem is answered).
        shown = {"display": "none" if plain else ""}
        self._plain = plain
        self._heading = self._own(steady(HTML, layout=shown).add_class("practice-heading"))
        self._given = self._own(steady(MathHTML).add_class("practice-given"))
        self._new = self._own(steady(
            Button,
            description="Start",
            icon="play",
            tooltip="Show a problem of this kind",
            layout={"width": "auto"},
        ).add_class("practice-new"))
        self._new.on_click(lambda _button: self.new_numbers() if self.started else self.start())
        self._score = self._own(steady(HTML, layout=shown).add_class("practice-streak"))
        self._parts = self._own(VBox(layout=shared_layout()))
        self._seed = self._own(steady(HTML, layout=shown))
        self.add_class("practice")
        self.add_class(f"practice-{skill}")
        self._header = self._own(HBox(
            [self._heading, self._new, self._score],
            layout=shared_layout(align_items="center", grid_gap="0 1em", flex_flow="row wrap"),
        ))
        self.children = [self._header]
        self._link = link
        if link is not None:
            self._follow(link, self._on_link_seed, "seed")  # the page's link: followed, not owned
        start = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        if link is not None and link.seed is not None:
            start = link.seed
        self.seed = start
        self._ready = True
        self._render_heading()

    @property
    def title(self) -> str:
        """What the lecturer's class pulse calls this section (as `Check.title`)."""
        return f"Practice: {WORDS[self.skill].title}"

    @property
    def hints(self) -> tuple[HintLadder, ...]:
        """Each part's hints, in order: its check's own ladder (`Check.hints`), shown under it."""
        return tuple(check.hints for check in self.checks)

    def start(self) -> None:
        """Show the problem of the current seed, as the Start button does."""
        if self.started:
            return
        self.set_trait("started", True)
        self._new.description, self._new.icon = "New numbers", "refresh"
        self._new.tooltip = "Another problem of the same kind"
        self._show()
        self.children = [self._header, self._given, self._parts, self._seed]

    @property
    def level(self) -> str:
        """The learner's level in this skill and what it rests on (`widgets.core.mastery.describe`)."""
        return describe(*events(self.record, self.review))

    @property
    def record(self) -> PracticeRecord:
        """Where this practice stands, to keep for the next visit: the next problem is the one
        after the instance shown once that is solved."""
        seed = (self.seed + 1) % (MAX_SEED + 1) if self._finished and self.started else self.seed
        return PracticeRecord(seed, self.history, self.solved, self.skill)

    def restore(self, record: PracticeRecord) -> None:
        """Carry on from an earlier visit (a `PracticeRecord`): its history, count and streak, and
        its next problem unless a link set the seed or a problem is already shown."""
        history = trim(record.history)
        with self.hold_trait_notifications():
            self.set_trait("history", history)
            self.set_trait("solved", record.solved)
            self.set_trait("streak", len(history) - len(history.rstrip(Outcome.SOLVED.letter)))
        if not self.started and (self._link is None or self._link.seed is None):
            self.seed = record.seed
        self._render_heading()

    def new_numbers(self) -> None:
        """Move to the next instance, as the "New numbers" button does; one left unsolved is skipped."""
        if self.started and not self._finished:
            self._ended(Outcome.SKIPPED)
        self.seed = (self.seed + 1) % (MAX_SEED + 1)

    @validate("seed")
    def _validate_seed(self, proposal):
        seed = proposal["value"]
        if not 0 <= seed <= MAX_SEED:
            raise TraitError(f"seed must be from 0 to {MAX_SEED}, got {seed}")
        return seed

    @observe("review")
    def _on_review(self, change):
        if self._ready:
            self._render_heading()

    @observe("seed")
    def _on_seed_change(self, change):
        if not self._ready:  # __init__ draws the heading once
            return
        if self.started:
            self._show()
        else:
            self._render_heading()

    def _on_link_seed(self, change):
        if change["new"] is not None:
            self.seed = change["new"]

    def _show(self):
        self.set_trait("problem", make_problem(self.skill, self.seed))
        written = write_problem(self.problem)
        for check in self.checks:
            check.close()
        # Each part's hints are its check's own: the check counts them (`Check.hinted`, its outcome).
        self.set_trait("checks", tuple(
            self._own(Check(words.prompt, part.answer, mistakes=part.mistakes, hint=levels, solution=words.solution,
                            tol=part.tol, name=part.name).add_class("practice-check"))
            for part, words, levels in zip(self.problem.parts, written.parts, hints(self.problem), strict=True)
        ))
        for check in self.checks:
            check.observe(self._on_attempt, names="attempts")
            check.observe(self._on_settled, names=["solved", "shown"])
            check.observe(lambda _change: self._slipped(), names="hinted")
        self._slipped_once, self._finished = False, False
        self._given.text = written.given
        self._show_parts()
        self._render_heading()

    def _show_parts(self):
        """The parts up to the first one not yet done: the next question can tell the answer to
        this one ("Now compute AB" says that AB exists)."""
        done = [check.solved or check.shown for check in self.checks]
        shown = done.index(False) + 1 if False in done else len(done)
        self._parts.children = self.checks[:shown]

    def _slipped(self):
        """The streak ends at the first slip, before the problem does (how it ends is its checks' outcomes)."""
        first, self._slipped_once = not self._slipped_once, True
        if first and not self._finished:
            self.set_trait("streak", 0)
            self._render_heading()

    def _on_attempt(self, change):
        if not change["owner"].solved:
            self._slipped()

    def _ended(self, outcome):
        self._finished = True
        with self.hold_trait_notifications():
            self.set_trait("history", trim(self.history + outcome.letter))
            if outcome.solved:  # a problem whose solution was shown is not solved
                self.set_trait("solved", self.solved + 1)
            self.set_trait("streak", self.streak + 1 if outcome is Outcome.SOLVED else 0)
        self._render_heading()

    def _on_settled(self, change):
        if change["name"] == "shown":
            self._slipped()  # the solution seen before the answer
        self._show_parts()
        if not self._finished and all(check.solved or check.shown for check in self.checks):
            self._ended(worst(check.outcome for check in self.checks))

    def _render_heading(self):
        self._heading.value = "" if self._plain else f"<b>Practice: {WORDS[self.skill].title}</b>"
        next_level = goal(*events(self.record, self.review))
        self._score.value = (
            f"Streak: <b>{self.streak}</b> · solved: {self.solved}"
            f'<br><span class="practice-level">Level: {self.level}</span>'
            + (f'<br><span class="practice-goal" style="font-size:0.9em">{next_level}</span>' if next_level else "")
        )
        # For the lecturer who gives the room one problem, under it rather than in every learner's face.
        self._seed.value = (
            f'<i class="practice-seed">Problem {self.seed}: a link ending in '
            f'<code style="white-space:nowrap">?seed={self.seed}</code> gives anyone these numbers.</i>'
        )
