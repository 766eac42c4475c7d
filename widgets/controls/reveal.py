"""A view kept out of sight until the learner has answered: predict, then reveal.

A live view preset to an activity's numbers gives its answer away.  `Reveal`
holds such a view back behind a short note and a Reveal button, and opens on
its own once every check it waits for is answered (an answer checked, right
or wrong, or the solution shown): the result of a prediction, right or wrong,
is what the learner should see next.  A view that *holds* a typed answer (the
column, the entry, the shape the check asks for) would let a wrong answer be
corrected by copying: with ``holds_answer`` it opens only once each check is
`Check.settled` (right, wrong twice, or the solution shown), and a check it
opens for that was not solved counts as shown (`Check.show_answer`).  A view
opened with its button before its checks are answered (settled, for a
follow-up) shows what they would have predicted: those count as shown too, so
a right answer copied from it is never counted as solved.  A
lecturer's ``?reveal=1`` link opens every `Reveal` of the page at once (a
`PageLink`, which `LectureBar.apply_url` sets).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ipywidgets import HTML, Button, HBox, VBox, Widget
from traitlets import Bool, observe

from ..base.owned import OwnsChildren
from ..base.page_link import PageLink
from ..base.shared_models import shared_layout, steady
from ..text.room_words import HELD_WORDS

if TYPE_CHECKING:
    from .check import Check

__all__ = ["Reveal"]


class Reveal(OwnsChildren, VBox):
    """A view that opens after the learner answers, or when asked to.

    The view is not among the children until it opens, so the page does not
    even draw it (and the browser holds nothing that reads as the answer).
    Once open it stays open.

    Parameters
    ----------
    view : ipywidgets.Widget
        The view to hold back.
    after : iterable of Check, optional
        Open once each of these is `answered`.  With none, only the button
        (or the lecturer's link) opens it.
    what : str, optional
        What the view shows, for the note (e.g. ``"the product AB"``).
    holds_answer : bool, optional
        The view shows the checks' answers: open once each is settled, not
        on a first wrong answer, and count the answer as shown for every
        check not solved when it opens.
    follows_up : bool, optional
        The view is a question whose own help (its solution, its slips)
        states the checks' answers: open once each is settled, and count the
        answer as shown for every check not solved when it opens, as with
        `holds_answer` (only the note beside the button differs).
    link : PageLink, optional
        The page's link (`LectureBar.link`): open when its `reveal` is set
        (``?reveal=1``).
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    opened : bool
        Whether the view is shown; set it True to open (it cannot close).
    view : ipywidgets.Widget
        The view held back.

    Examples
    --------
    >>> from ipywidgets import HTML
    >>> from widgets import Check
    >>> check = Check("2 + 2?", 4.0)
    >>> panel = Reveal(HTML("4"), after=[check], what="the sum")
    >>> panel.opened, panel.view in panel.children
    (False, False)
    >>> check.answer_input.value = "5"
    >>> _ = check.submit()              # a wrong answer counts: it was a prediction
    >>> panel.opened, panel.view in panel.children
    (True, True)

    A view that holds the answer waits for a right answer or a second try:

    >>> check = Check("2 + 2?", 4.0)
    >>> panel = Reveal(HTML("2 + 2 = 4"), after=[check], what="the sum", holds_answer=True)
    >>> check.answer_input.value = "5"
    >>> _ = check.submit(); panel.opened
    False
    >>> check.answer_input.value = "6"; _ = check.submit(); panel.opened, check.shown   # wrong twice: open, seen
    (True, True)
    """

    opened = Bool(False, help="Whether the held-back view is shown (it stays open).")
    _ready = False  # until __init__ has built the parts: `opened=True` reaches the observer inside super().__init__

    def __init__(
        self,
        view: Widget,
        after: Iterable[Check] = (),
        *,
        what: str = "this view",
        holds_answer: bool = False,
        follows_up: bool = False,
        link: PageLink | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.view = view
        self._after = tuple(after)
        self._holds_answer = bool(holds_answer) or bool(follows_up)  # both show the answers once open
        self._waits_on = "settled" if self._holds_answer else "answered"  # the checks' trait to wait for
        self._button = self._own(steady(
            Button,
            description="Reveal",
            icon="eye",
            tooltip=f"Show {what} now" + (" (the answers it waits for then count as shown)" if self._after else ""),
            layout={"width": "auto"},
        ).add_class("reveal-button"))
        self._button.on_click(lambda _button: self.set_trait("opened", True))
        questions = _naming(self._after)
        if not self._after:
            note = f"Hidden until you have made your prediction: {what} will open when you ask."
        elif self._holds_answer and not follows_up:
            note = (f"Hidden, since it shows the answer: {what} will open once your answer to the {questions} "
                    "is right, after a second try, or with the solution.")
        elif follows_up:
            note = (f"Hidden, since it builds on the answer: {what} will open once your answer to the "
                    f"{questions} is right, after a second try, or with the solution.")
        else:
            note = f"Hidden until you have made your prediction: {what} will open after you answer the {questions}."
        if self._after:  # said here, not in the tooltip only: a phone shows no tooltip
            note += f" Revealing it now counts {'that question' if len(self._after) == 1 else 'those questions'} as shown."
        self._note, self._what = note, what
        self._note_view = self._own(steady(HTML, f"<i>{note}</i>"))
        self._placeholder = self._own(HBox(
            [self._note_view, self._button],
            layout=shared_layout(align_items="center", grid_gap="0 1em", flex_flow="row wrap"),
        ).add_class("reveal-placeholder"))
        self.add_class("reveal")
        # The checks, the page's link and the view are the caller's: followed, not owned.
        for check in self._after:
            self._follow(check, self._on_answered, self._waits_on)
            # While the lecturer asks the room one of them, its button stays out of reach (`Check.ask_room`).
            self._follow(check, self._on_asked, "asked")
        self._link = link
        if link is not None:
            self._follow(link, self._on_link_reveal, "reveal")
        self._ready = True
        if self.opened:  # opened by a keyword, before the observer could show the answers
            self._show_answers()
        elif (link is not None and link.reveal) or (
            self._after and all(getattr(check, self._waits_on) for check in self._after)
        ):
            self.opened = True
        self._render()

    @observe("opened")
    def _on_opened_change(self, change):
        if change["old"] and not change["new"]:
            self.set_trait("opened", True)  # what was seen cannot be unseen
            return
        if not self._ready:
            return
        if change["new"]:
            self._show_answers()
        self._render()

    def _show_answers(self):
        for check in self._after:
            # A view that holds the answers shows them to every check not solved; any other view,
            # opened before its check was answered (or settled), shows that check's result early:
            # either way the answer counts as shown (`show_answer` is a no-op once solved).
            if self._holds_answer or not getattr(check, self._waits_on):
                check.show_answer()

    def _on_answered(self, change):
        if all(getattr(check, self._waits_on) for check in self._after):
            self.opened = True

    def _on_asked(self, change):
        asked = any(check.asked for check in self._after)
        self._button.disabled = asked
        # A right answer in a round opens nothing: say so, not "will open once your answer is right".
        note = HELD_WORDS.format(what=self._what) if asked else self._note
        self._note_view.value = f"<i>{note}</i>"
        if not asked and self._link is not None and self._link.reveal:
            self.opened = True  # the link's ?reveal=1 waited for the room's round to end

    def _on_link_reveal(self, change):
        # Not while the lecturer asks the room one of its questions: ?reveal=1 would show the answer.
        if change["new"] and not any(getattr(check, "asked", 0) for check in self._after):
            self.opened = True

    def _render(self):
        self.children = [self.view] if self.opened else [self._placeholder]


def _naming(checks) -> str:
    """The questions a held part waits for, by their titles where each has one ("question “Shape of S”"):
    "the question above" misled where the part sits below a later question than the one it waits for."""
    titles = [getattr(check, "title", "") for check in checks]
    if not (titles and all(titles)):
        return "question above" if len(checks) == 1 else "questions above"
    quoted = [f"“{html.escape(title)}”" for title in titles]
    if len(quoted) == 1:
        return f"question {quoted[0]}"
    return "questions " + ", ".join(quoted[:-1]) + " and " + quoted[-1]
