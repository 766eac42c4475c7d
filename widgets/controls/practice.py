"""Endless practice of one skill on fresh numbers, with a streak.

`Practice` shows one instance of a skill (`widgets.core.practice`), a `Check`
per part that names the usual mistakes, a "New numbers" button, the seed of
the instance (so a link ``?seed=`` gives the whole room the same numbers) and
a streak: problems solved in a row without a wrong answer or a peek at the
solution.  It opens on a Start button and builds its first problem when
pressed: a page with several practices (lab 8 has two) loads as fast as one
without, which counts when a whole lecture hall opens it at once.
"""

import secrets

from ipywidgets import HTML, Button, HBox, HTMLMath, Layout, VBox
from traitlets import Bool, Int, TraitError, Unicode, observe, validate

from .owned import OwnsChildren
from .check import Check
from ..core.practice import MAX_SEED, SKILLS, make_problem

__all__ = ["Practice"]

#: A heading per skill.
TITLES = {
    "column": "a column of AB",
    "entry": "one entry of AB",
    "composition": "shapes of a composition",
    "score": "one score q·k",
    "output": "one output row of H",
    "softmax": "a softmax row",
    "dense": "a dense layer with ReLU",
}


class Practice(OwnsChildren, VBox):
    """Fresh-number practice of one skill, repeated as often as the learner likes.

    Parameters
    ----------
    skill : str
        A key of `widgets.core.practice.SKILLS`.
    seed : int, optional
        The first instance's seed; default a random one.  "New numbers" moves
        to ``seed + 1``, so a room that starts from one link stays in step.
    lecture : LectureBar, optional
        Follow its `seed` (``?seed=``): set from the link.
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
        Problems solved in all.
    checks : tuple of Check
        One per part of the instance shown (read-only).

    Examples
    --------
    >>> p = Practice("entry", seed=7)
    >>> p.started, p.checks
    (False, ())
    >>> p.start()
    >>> part = p.problem.parts[0]
    >>> p.checks[0].answer_input.value = str(part.answer)
    >>> _ = p.checks[0].submit()
    >>> p.streak, p.solved
    (1, 1)
    >>> p.new_numbers(); p.seed
    8
    """

    skill = Unicode(read_only=True, help="The skill practised.")
    seed = Int(0, help="Seed of the instance shown (0 to MAX_SEED).")
    streak = Int(0, read_only=True, help="Solved in a row without a slip or a peek.")
    solved = Int(0, read_only=True, help="Problems solved in all.")
    started = Bool(False, read_only=True, help="Whether a problem is shown.")

    def __init__(self, skill, seed=None, *, lecture=None, **kwargs):
        super().__init__(**kwargs)
        if skill not in SKILLS:
            raise TraitError(f"unknown skill {skill!r}: choose one of {', '.join(SKILLS)}")
        self.set_trait("skill", skill)
        self._checks = ()
        self._problem = None
        self._clean = True  # no wrong answer and no solution shown on this instance
        self._heading = self._own(HTML().add_class("practice-heading"))
        self._given = self._own(HTMLMath().add_class("practice-given"))
        self._new = self._own(Button(
            description="Start",
            icon="play",
            tooltip="Show a problem of this kind",
            layout=Layout(width="auto"),
        ).add_class("practice-new"))
        self._new.on_click(lambda _button: self.new_numbers() if self.started else self.start())
        self._score = self._own(HTML().add_class("practice-streak"))
        self._parts = self._own(VBox())
        self._seed = self._own(HTML())
        self.add_class("practice")
        self.add_class(f"practice-{skill}")
        self._header = self._own(HBox(
            [self._heading, self._new, self._score],
            layout=Layout(align_items="center", grid_gap="0 1em", flex_flow="row wrap"),
        ))
        self.children = [self._header]
        self._lecture = lecture
        if lecture is not None:
            lecture.observe(self._on_lecture_seed, names="seed")
        start = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
        if lecture is not None and lecture.seed is not None:
            start = lecture.seed
        self.seed = start
        self._render_heading()

    @property
    def checks(self):
        """The `Check` of each part of the instance shown."""
        return self._checks

    @property
    def title(self):
        """What the lecturer's class pulse calls this section (as `Check.title`)."""
        return f"Practice: {TITLES[self.skill]}"

    @property
    def problem(self):
        """The instance shown (`widgets.core.practice.Problem`), or None before `start`."""
        return self._problem

    def start(self):
        """Show the problem of the current seed, as the Start button does."""
        if self.started:
            return
        self.set_trait("started", True)
        self._new.description, self._new.icon = "New numbers", "refresh"
        self._new.tooltip = "Another problem of the same kind"
        self._show()
        self.children = [self._header, self._given, self._parts, self._seed]

    def new_numbers(self):
        """Move to the next instance, as the "New numbers" button does."""
        self.seed = (self.seed + 1) % (MAX_SEED + 1)

    @validate("seed")
    def _validate_seed(self, proposal):
        seed = proposal["value"]
        if not 0 <= seed <= MAX_SEED:
            raise TraitError(f"seed must be from 0 to {MAX_SEED}, got {seed}")
        return seed

    @observe("seed")
    def _on_seed_change(self, change):
        if self.started:
            self._show()
        else:
            self._render_heading()

    def _on_lecture_seed(self, change):
        if change["new"] is not None:
            self.seed = change["new"]

    def _show(self):
        self._problem = make_problem(self.skill, self.seed)
        for check in self._checks:
            check.close()
        self._checks = tuple(
            self._own(Check(part.prompt, part.answer, mistakes=part.mistakes, solution=part.solution,
                            tol=part.tol, name=part.name).add_class("practice-check"))
            for part in self._problem.parts
        )
        for check in self._checks:
            check.observe(self._on_attempt, names="attempts")
            check.observe(self._on_answered, names="answered")
            check.observe(self._on_solved, names="solved")
        self._clean = True
        self._given.value = self._problem.given
        self._parts.children = self._checks
        self._render_heading()

    def _slipped(self):
        if self._clean:
            self._clean = False
            self.set_trait("streak", 0)
            self._render_heading()

    def _on_attempt(self, change):
        if not change["owner"].solved:
            self._slipped()  # a wrong answer

    def _on_answered(self, change):
        if change["owner"].attempts == 0:
            self._slipped()  # the solution shown before any answer

    def _on_solved(self, change):
        if all(check.solved for check in self._checks):
            with self.hold_trait_notifications():
                self.set_trait("solved", self.solved + 1)
                self.set_trait("streak", self.streak + 1 if self._clean else 0)
            self._render_heading()

    def _render_heading(self):
        self._heading.value = f"<b>Practice: {TITLES[self.skill]}</b>"
        self._score.value = f"Streak: <b>{self.streak}</b> · solved: {self.solved}"
        # For the lecturer who gives the room one problem, under it rather than in every learner's face.
        self._seed.value = (
            f'<i class="practice-seed">Problem {self.seed}: a link ending in '
            f"<code>?seed={self.seed}</code> gives anyone these numbers.</i>"
        )

    def close(self):
        """Stop following the lecture bar, then close as every composite does."""
        if self._lecture is not None:
            self._lecture.unobserve(self._on_lecture_seed, names="seed")
            self._lecture = None  # a second close (ipywidgets' __del__) has nothing to stop
        super().close()
