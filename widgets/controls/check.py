"""Checked exercises: a prompt, an input that fits the answer, and feedback.

The feedback first says how the answer was read ("Read as −0.25.", "Read as
a 2×3 matrix."), so a learner sees what was judged, then *what* is wrong (the
shape, which entries, not a number) without giving the answer away.  The
reading and judging are numpy-only, in `widgets.core.parsing` (`parse_number`,
`parse_shape`) and `widgets.core.diagnosis` (`diagnose`).
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from ipywidgets import HTML, Button, HBox, Layout, RadioButtons, Text, ToggleButton, VBox
from numpy.typing import ArrayLike
from traitlets import Any as AnyTrait
from traitlets import Bool, Int, TraitError, Unicode

from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.shared_models import shared_layout, steady
from ..core.choice_order import choice_order
from ..core.diagnosis import Mistake, diagnose, same_value
from ..core.outcome import CHECK_OUTCOMES, Outcome
from ..core.parsing import format_number
from ..core.shapes import format_shape
from ..text.alerts import ERROR_COLOR, SUCCESS_COLOR, WARNING_COLOR, feedback_html
from ..text.practice_hints import HINT_LEVELS
from .answer_kinds import classify_answer, read_typed, reading_words
from .hint_ladder import HintLadder
from .matrix_editor import MatrixEditor
from .room_mode import RoomMode

__all__ = ["Check"]

_COLORS = {"right": SUCCESS_COLOR, "wrong": ERROR_COLOR, "invalid": WARNING_COLOR}


def _paragraphs(text):
    """The paragraphs of `text` (blank lines between them), each as HTML: a worked solution's steps."""
    return [f"<p>{p.strip()}</p>" for p in re.split(r"\n\s*\n", text) if p.strip()]


class Check(RoomMode, OwnsChildren, VBox):
    r"""An exercise with an answer box, a Check button and feedback.

    The input fits the answer: a resizable `MatrixEditor` for a matrix,
    starting at 1×1 so that the shape is part of the answer; a text box for a
    number or a shape; radio buttons for multiple choice.  The feedback
    starts with how a typed answer was read (`reading`).  A wrong answer gets
    feedback that names the mistake where it is a usual one (`mistakes`), or
    says what is off, and opens the first `hint`; an unreadable one (not a
    number, no choice made) gets a message and does not count as an attempt.
    Hints come in levels (a nudge, the method, the first step), one per
    press of their button, asked for at any time (`HintLadder`).

    A number may be typed as on paper (``-0.25``, ``-1/4``, ``-¼``, a
    decimal comma ``-0,25``) or worked out (``2*(-4) + 4*(-1)``); a shape
    as ``4x2``, ``4 by 2``, ``4-by-2`` or ``ℝ^{4×2}``.  Anything that could
    be read two ways is refused with the reason (`widgets.core.parsing`).

    Parameters
    ----------
    prompt : str
        The question, HTML with ``$...$`` LaTeX.
    answer : array_like, float, tuple of int or str
        A 2-D matrix (nested lists or array), a number, a shape such as
        ``(4, 2)`` (a tuple of two ints; ``()``, `NO_PRODUCT`, where the
        product does not exist and "none" is the answer), or with
        `choices` the correct choice.
    choices : list of str or dict of str to str, optional
        Makes this a multiple-choice question.  As a dict, each choice maps
        to its own explanation, shown when it is picked (for the right one,
        after "Correct!").
    mistakes : iterable of Mistake, optional
        The usual wrong answers (see `widgets.core.mistakes`): an answer
        equal to one of them is told which slip it is.  Whatever the list,
        a matrix answer with one sign wrong, or some columns right and
        others not, is told so.
    hint : str or sequence of str, optional
        Help in levels, least first: a nudge, the method, the first step
        (never the answer); HTML with LaTeX.  Offered before any answer; a
        wrong answer opens the first level if none is open yet.
    solution : str, optional
        A worked solution (HTML with LaTeX; blank lines separate
        paragraphs) revealed by a "Show solution" toggle.
    name : str, optional
        Name of the matrix editor, used in its cell labels.  Default
        ``"Answer"``.
    tol : float, optional
        Relative and absolute tolerance for numbers and entries.  Default
        1e-9; use e.g. 1e-3 when the learner types rounded values.
    title : str, optional
        A few words naming the question for the lecturer's class pulse
        (e.g. ``"Shape of Q"``), read on a projector; default none (the
        board then shows the check's name in the lab).
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    attempts : int
        Answers checked so far (unreadable ones, and the one checked last sent again, excepted).
    solved : bool
        True once a correct answer has been checked; stays True.
    feedback : str
        The last feedback message (the verdict), as plain text; cleared
        when the input changes.
    reading : str
        How the last checked answer was read, shown above the verdict
        (``"Read as −0.25."``, ``"Read as the shape 4×2."``); ``""`` for a
        choice or an answer that could not be read.
    mistake : str
        The name of the mistake the last checked answer made (a
        `Mistake.name`, ``"sign"``, ``"columns"``, ``"shape"``...), or ``""``.
    answered : bool
        True once an answer was checked or the solution shown: from then on
        the views that show the result of a prediction may open.
    settled : bool
        True once the answer is solved, two wrong answers were checked, or
        the answer was shown: from then on a view that holds the answer may
        open (`Reveal` with ``holds_answer``), with nothing left to copy.
    shown : bool
        True once the answer was shown before it was solved (the solution
        opened, or a view holding it, `show_answer`): a right answer after
        that counts as shown, not solved (`solved` stays False).
    hinted : bool
        True once a hint was opened before the answer was solved.
    outcome : str
        How the check ended, by name (`widgets.core.outcome.Outcome`: ``"solved"`` right first
        time, ``"helped"`` after a hint, ``"retried"`` after a wrong answer,
        ``"shown"``), or ``""`` while it is open.
    answer_read : object
        The last answer checked, as judged (a number, a shape, an array, the choice), or None.
    answer_input : ipywidgets.Widget
        The input widget (`MatrixEditor`, `Text` or `RadioButtons`).
    choices : tuple of str
        A multiple choice's options in the lab's order (the box shows them as `order_choices` drew), or ``()``.
    hints : HintLadder or None
        The `HintLadder` of this check's hints, or None without hints.

    Examples
    --------
    >>> ex = Check("Compute $AB$.", [[6, 19], [9, -3]])
    >>> ex.answer_input.shape
    (1, 1)
    >>> ex.answer_input.value = [[6, 9], [19, -3]]
    >>> ex.submit(), ex.answered, ex.mistake
    (False, True, 'places')
    >>> ex.answer_input.value = [[6, 19], [9, 3]]
    >>> ex.submit(), ex.mistake, ex.reading
    (False, 'sign', 'Read as a 2×2 matrix.')
    >>> ex.answer_input.cells[1][1].value = "-3"
    >>> ex.submit(), ex.solved, ex.attempts, ex.outcome
    (True, True, 3, 'retried')
    """

    attempts = Int(0, read_only=True, help="Number of answers checked.")
    solved = Bool(False, read_only=True, help="True once answered correctly.")
    feedback = Unicode("", read_only=True, help="Last feedback, as plain text.")
    reading = Unicode("", read_only=True, help="How the last checked answer was read, or ''.")
    mistake = Unicode("", read_only=True, help="Name of the last answer's mistake, or ''.")
    answered = Bool(
        False, read_only=True, help="True once an answer was checked or the solution shown."
    )
    settled = Bool(
        False, read_only=True, help="True once solved, answered wrong twice, or the answer shown."
    )
    shown = Bool(False, read_only=True, help="True once the answer was shown before it was solved.")
    hinted = Bool(False, read_only=True, help="True once a hint was opened before the answer was solved.")
    outcome = Unicode("", read_only=True, help="How the check ended (an Outcome's name), or '' while open.")
    given = Unicode("", read_only=True, help="The last answer checked, as text (a matrix as JSON), or ''.")
    answer_read = AnyTrait(None, read_only=True, help="The last answer checked, as read and judged, or None.")
    title = Unicode("", help="A few words naming the question, for the lecturer's class pulse.")

    def __init__(
        self,
        prompt: str,
        answer: ArrayLike | float | tuple[int, ...] | str,
        *,
        choices: Sequence[str] | Mapping[str, str] | None = None,
        mistakes: Iterable[Mistake] = (),
        hint: str | Sequence[str] = "",
        solution: str = "",
        name: str = "Answer",
        tol: float = 1e-9,
        title: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.title = title
        self._mistakes = tuple(mistakes)
        self._explanations = dict(choices) if isinstance(choices, dict) else {}
        try:
            self._tol = float(tol)
        except (TypeError, ValueError, OverflowError):
            self._tol = math.nan
        if not (math.isfinite(self._tol) and self._tol >= 0):
            raise TraitError(f"tol must be a finite number >= 0, got {tol!r}")
        self._mode, self._answer = classify_answer(answer, choices, name)
        self.choices = tuple(choices) if self._mode == "choice" else ()

        self._prompt = self._own(steady(MathHTML, prompt))
        self._input = self._own(self._make_input(name, choices))
        self._check_button = self._own(steady(
            Button, description="Check", button_style="primary", tooltip="Check your answer"
        ))
        self._check_button.on_click(lambda _button: self.submit())
        # The template makes this box a live region (role "status") as it is drawn, still
        # empty, so a screen reader announces each message; a region born with its text is not.
        self._feedback = self._own(steady(MathHTML).add_class("check-feedback"))
        buttons = [self._check_button]
        self._solution_toggle = self._solution = None
        if solution:
            self._solution_toggle = self._own(steady(
                ToggleButton, description="Show solution", tooltip="Show or hide a worked solution"
            ))
            # Built when first shown: a hidden solution would still be sent
            # and built, as the page loads, for every exercise on it.
            self._steps, self._steps_shown = _paragraphs(solution), 1
            self._solution_toggle.observe(self._on_toggle_solution, names="value")
            buttons.append(self._solution_toggle)
        self._input.observe(self._on_input_change, names="value")

        children = [self._prompt, self._input, self._own(HBox(buttons, layout=shared_layout())), self._feedback]
        hints = [hint] if isinstance(hint, str) else list(hint)
        self.hints = None
        if any(hints):
            if len(hints) > len(HINT_LEVELS) or not all(isinstance(h, str) and h for h in hints):
                raise TraitError(f"hint must be a text or up to {len(HINT_LEVELS)} texts, least help first")
            self.hints = self._own(HintLadder(hints, HINT_LEVELS[:len(hints)]))
            self.hints.observe(self._on_hint, names="opened")
            children.append(self.hints)
        if self._mode == "matrix":
            # The editor opens at 1×1: the size is part of the answer.
            children.insert(1, self._own(steady(HTML, "<i>Pick the number of rows and columns, then type the entries.</i>")))
        self.children = children

    @property
    def answer_input(self) -> MatrixEditor | Text | RadioButtons:
        """The input widget: a `MatrixEditor`, a `Text` or `RadioButtons`."""
        return self._input

    def submit(self) -> bool:
        """Check the current input, as clicking Check does.

        Returns
        -------
        bool
            Whether the answer is right.
        """
        status, message, mistake, reading, read = self._judge()
        if self.asked and status != "invalid":
            self._vote(status, message, mistake, reading, read)
            return status == "right"
        if status != "invalid" and self.attempts and same_value(read, self.answer_read):
            # A second press on the same answer (a double click, or a slow page) is not a second try: it
            # would settle the check and open its answer before the learner could act on the feedback.
            if status == "wrong":
                message += " That is the answer you checked last time: change it, then check again."
            self.set_trait("reading", reading)
            self.set_trait("feedback", message)
            self._show_feedback(status, message, reading)
            return status == "right"
        self._count(status, message, mistake, reading, read, self._given_text())
        return status == "right"

    def _count(self, status, message, mistake, reading, read, given):
        """Count a judged answer as an attempt, and say so: the verdict, the views it opens, the next hint."""
        if status == "right" and self.shown:
            message += " You had seen the answer, so this one counts as shown, not solved."
        with self.hold_trait_notifications():
            if status != "invalid":
                self.set_trait("attempts", self.attempts + 1)
                self.set_trait("answered", True)
            if status == "right" and not self.shown:
                self.set_trait("solved", True)
                ended = Outcome.of(shown=False, retried=self.attempts > 1, hinted=self.hinted)
                self.set_trait("outcome", ended.value)
            if self.solved or self.attempts >= 2:
                self.set_trait("settled", True)
            if status != "invalid":
                self.set_trait("given", given)
                self.set_trait("answer_read", read)
            self.set_trait("mistake", mistake)
            self.set_trait("reading", reading)
            self.set_trait("feedback", message)
        if status == "wrong" and self.hints is not None and not self.hints.opened:
            self.hints.open_next()
        self._show_feedback(status, message, reading)

    def _show_feedback(self, status: str, message: str, reading: str) -> None:
        """The reading first, in grey, then the verdict in its colour: one box, one announcement."""
        echo = (
            f'<span class="check-reading" style="color:#555">{html.escape(reading)}</span><br>'
            if reading else ""
        )
        self._feedback.text = feedback_html(echo + html.escape(message), _COLORS[status], escape=False)

    def show_answer(self) -> None:
        """Count the answer as seen, as a view that holds it does when it opens: unless solved already,
        `shown` (a right answer from now on is not `solved`), `settled` and `answered` become True."""
        if self.solved:
            return
        with self.hold_trait_notifications():
            self.set_trait("shown", True)
            self.set_trait("outcome", Outcome.SHOWN.value)
            self.set_trait("settled", True)
            self.set_trait("answered", True)

    def restore(self, state: str) -> None:
        """Show this check as it ended on an earlier visit, one of `CHECK_OUTCOMES` by name: solved (its answer
        filled in) or ``"shown"`` (its answer seen first).  No attempt is counted, so the class pulse
        hears nothing; the views waiting for it open as they did then.  A check already solved or
        shown this visit stays as it is."""
        if state not in CHECK_OUTCOMES:
            raise TraitError(f"a check is restored as one of {[str(o) for o in CHECK_OUTCOMES]}, not {state!r}")
        if self.solved or self.shown:
            return
        solved = Outcome(state).solved
        if solved:
            self._input.value = self._typed_answer()
        with self.hold_trait_notifications():
            self.set_trait("answered", True)
            self.set_trait("settled", True)
            self.set_trait("solved" if solved else "shown", True)
            self.set_trait("outcome", state)
        words = ("Solved on an earlier visit." if solved
                 else "You saw this answer on an earlier visit: try it again.")
        color = SUCCESS_COLOR if solved else WARNING_COLOR
        self._feedback.text = feedback_html(words, color, css_class="check-restored")

    def restore_given(self, given: str) -> None:
        """Put back the answer last checked on an earlier visit (`given`), unjudged, so the learner
        carries on from it; an answer this input cannot hold is left out."""
        if self.answered or not isinstance(given, str):
            return
        try:
            value = json.loads(given) if self._mode == "matrix" else given
            if self._mode == "choice" and value not in self._input.options:
                return
            self._input.value = value
        except (ValueError, TypeError, TraitError):
            return
        self.set_trait("given", given)
        self._say_restored()

    def order_choices(self, seed: int, key: str) -> None:
        """Show a multiple choice's options in the order `choice_order` draws from `seed` and the
        question's `key`; the right one, the explanations and the pick (an option, not a place) stay."""
        if self._mode == "choice":  # new options select the first: pick again what was picked
            picked, order = self._input.value, choice_order(len(self.choices), seed, key)
            self._input.options, self._input.value = [self.choices[i] for i in order], picked

    def _given_text(self):
        """The input's answer as `given` keeps it: the text typed, the choice, a matrix as JSON."""
        if self._mode == "matrix":
            return json.dumps(np.asarray(self._input.value).tolist(), separators=(",", ":"))
        return str(self._input.value)

    def _typed_answer(self):
        """The right answer as the input holds it: a matrix, a choice, or the text a learner types."""
        if self._mode in ("matrix", "choice"):
            return self._answer
        if self._mode == "shape":
            return format_shape(self._answer)
        return format_number(self._answer)

    # -- setup ---------------------------------------------------------------

    def _make_input(self, name, choices):
        if self._mode == "matrix":
            rows, cols = self._answer.shape
            return MatrixEditor(np.zeros((1, 1)), name=name, resizable=True,
                                max_shape=(max(6, rows), max(6, cols)))
        if self._mode == "choice":
            return steady(RadioButtons, options=list(choices), value=None, layout={"width": "auto"})
        placeholder = "rows×columns" if self._mode == "shape" else "a number"
        # The answer reaches the kernel when it is committed (Enter, or leaving the box for the
        # Check button), not key by key: a page sends a box's keystrokes one at a time while
        # the kernel is busy, but the button's click at once, so on a loaded server a quick
        # click was judged against a half-typed answer ("'4x' is not a shape").
        return steady(Text, description="Your answer:", placeholder=placeholder, tooltip="Your answer",
                      continuous_update=False, style={"description_width": "initial"})

    # -- judging -------------------------------------------------------------

    def _judge(self):
        """Return ``(status, message, mistake, reading, read)``; status is right, wrong or invalid."""
        if self._mode == "choice":
            picked = self._input.value
            if picked is None:
                return "invalid", "choose an answer first", "", "", None
            explanation = self._explanations.get(picked, "")
            if picked == self._answer:
                return "right", " ".join(["Correct!", explanation]).strip(), "", "", picked
            return "wrong", explanation or f"not quite: {picked!r} is not the right choice", "choice", "", picked
        got, problem = read_typed(self._mode, self._input)
        if problem:
            return "invalid", problem, "", "", None
        reading = reading_words(got, self._mode)
        verdict = diagnose(got, self._answer, self._mistakes, self._tol)
        if verdict.right:
            return "right", "Correct!", "", reading, got
        return "wrong", verdict.message, verdict.mistake, reading, got

    # -- observers -------------------------------------------------------------

    def _on_input_change(self, change):
        # Old feedback would describe an answer that is no longer there.
        with self.hold_trait_notifications():
            self.set_trait("feedback", "")
            self.set_trait("reading", "")
        self._feedback.text = ""

    def _on_hint(self, change):
        if not (self.solved or self.shown):
            self.set_trait("hinted", True)

    def _on_toggle_solution(self, change):
        shown = change["new"]
        if shown:
            self.show_answer()
            self.set_trait("answered", True)  # (solved already: the solution reads as a worked example)
            if self._solution is None:
                self._solution = self._own(MathHTML())
                self._next_step = self._own(Button(layout=Layout(width="auto")).add_class("check-next-step"))
                self._next_step.on_click(lambda _button: self._show_steps(self._steps_shown + 1))
                self._solution_box = self._own(VBox([self._solution, self._next_step],
                                                    layout=Layout(align_items="flex-start")))
                self.children = [*self.children, self._solution_box]
                self._show_steps(1)
        self._solution_box.layout.display = "" if shown else "none"
        self._solution_toggle.description = "Hide solution" if shown else "Show solution"

    def _show_steps(self, count):
        """Show the worked solution's first `count` steps, and a button for the next while there is one."""
        self._steps_shown = min(count, len(self._steps))
        self._solution.text = "".join(self._steps[:self._steps_shown])
        left = len(self._steps) - self._steps_shown
        self._next_step.description = f"Next step ({self._steps_shown + 1} of {len(self._steps)})"
        self._next_step.layout.display = "" if left else "none"
