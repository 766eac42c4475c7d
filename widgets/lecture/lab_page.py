"""A lab as a whole: its questions, under their keys, and what each part of its page waits for.

Each view gates itself no more. A lab builds one `LabPage` (`LectureBar.lab`) and
hands it every question (`ask`: a `Check` or a `Practice`, under the key its
learner's record, the class pulse and the self-check use) and every part of the
page that could show an answer before its question is asked: a view or a tool
(`hold`), a follow-up text (`text`). Each such part declares the keys it waits
for; the page builds the `Reveal` that holds it back. A part that states an
answer (the picture of ``Y`` for "type ``Y``", a text, a follow-up whose help
states it) says ``holds_answer=True`` (``follows_up=True``; a text always does)
and opens only once each of its questions is settled (right, tried twice, or
shown), counting those not solved as shown. Any part opened with its button
before its questions are answered counts them as shown too.

A question also says how its answer reads to a learner beyond its own box
(`tells`: ``"PAᵀ"``, ``"4×2"``), and `tests/labs/test_in_sight.py` builds, for
each question of each lab, the worst case (every other question answered, every
hint, solution and explanation open, every held part open that may be) and
fails if the answer is anywhere in sight.

A multiple choice shows its options in an order drawn from the page's seed and
its key (`widgets.core.choice_order`): a lecturer's ``?seed=N`` gives the whole
room one order, and without it each page view draws its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..base.math_html import MathHTML
from ..base.page_link import PageLink
from ..base.shared_models import steady
from ..controls.check import Check
from ..controls.practice import Practice
from ..controls.reveal import Reveal
from ..core.choice_order import view_seed

__all__ = ["Held", "LabPage", "Question"]

Question = Check | Practice

# A key is what the learner's record and the class pulse store: the lab's old variable names.
_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")


class Held:
    """One part of the page held back: its `Reveal`, the keys it waits for and whether it shows their answers."""

    def __init__(self, reveal: Reveal, until: tuple[str, ...], holds_answer: bool) -> None:
        self.reveal, self.until, self.holds_answer = reveal, until, holds_answer

    def __repr__(self) -> str:
        return f"Held(until={self.until!r}, holds_answer={self.holds_answer})"


class LabPage:
    """The one object of a lab that knows its questions and decides what is in sight.

    Parameters
    ----------
    link : PageLink, optional
        The page's link (`LectureBar.link`): ``?reveal=1`` opens every held part, and ``?seed=N``
        orders every multiple choice as on every other page with that link (`choice_seed`).

    Examples
    --------
    >>> page = LabPage()
    >>> check = page.ask("sum_check", Check("2 + 2?", 4.0), tells=("= 4",))
    >>> note = page.text("So $2 + 2 = 4$.", until=["sum_check"], what="the sum")
    >>> list(page.questions), note.opened
    (['sum_check'], False)
    >>> check.answer_input.value = "5"; _ = check.submit()
    >>> note.opened   # the text states the answer: a first wrong answer does not open it
    False
    >>> check.answer_input.value = "6"; _ = check.submit(); note.opened, check.shown
    (True, True)
    >>> page.ask("sum_check", Check("1 + 1?", 2.0))
    Traceback (most recent call last):
    ...
    ValueError: the key 'sum_check' is already a question of this lab
    """

    def __init__(self, link: PageLink | None = None) -> None:
        self.link = link
        self._questions: dict[str, Question] = {}
        self._tells: dict[str, tuple[str, ...] | None] = {}
        self._held: list[Held] = []
        # This page view's own order of choices, until a link's ?seed= gives the room one.
        self._view_seed = view_seed()
        if link is not None:
            link.observe(lambda _change: self._order_choices(), names="seed")

    @property
    def questions(self) -> dict[str, Question]:
        """Every question of the lab by its key, in the order the lab asks them."""
        return dict(self._questions)

    @property
    def checks(self) -> dict[str, Check]:
        """The questions that are a `Check`, by key."""
        return {key: q for key, q in self._questions.items() if isinstance(q, Check)}

    @property
    def choice_seed(self) -> int:
        """What each multiple choice's order is drawn from, with its key: the link's ``?seed=``, else
        a seed this page view drew (so each learner gets their own order, a new one on a reload)."""
        seed = None if self.link is None else self.link.seed
        return self._view_seed if seed is None else seed

    @property
    def tells(self) -> dict[str, tuple[str, ...] | None]:
        """For each key, the words that would give its answer away anywhere else on the page (None:
        those read from the answer itself)."""
        return dict(self._tells)

    @property
    def held(self) -> list[Held]:
        """Every part held back, in the order the lab built them."""
        return list(self._held)

    def holders(self, question: Question) -> list[Reveal]:
        """The held parts `question` is inside (a follow-up's): out of sight until each has opened."""
        return [held.reveal for held in self._held if _inside(held.reveal.view, question)]

    def ask(self, key: str, question: Question, *, tells: Iterable[str] | None = None) -> Question:
        """Make `question` one of the lab's, under `key`; return it.

        `key` is what the learner's record and the class pulse keep: once a lab
        is published it must not change. `tells` are the forms of the answer a
        learner would recognise elsewhere on the page (``"PAᵀ"``, ``"AB is 4×2"``),
        in place of those read from the answer itself (None): a shape, which a
        chain of shape questions shares, or a choice of lines that the page lists.
        """
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ValueError(f"a question's key is lower case letters, digits and _, got {key!r}")
        if key in self._questions:
            raise ValueError(f"the key {key!r} is already a question of this lab")
        if not isinstance(question, Check | Practice):
            raise TypeError(f"a question is a Check or a Practice, got {type(question).__name__}")
        if any(question is other for other in self._questions.values()):
            raise ValueError(f"{key!r}: this question is already asked under another key")
        self._questions[key] = question
        self._tells[key] = None if tells is None else tuple(tells)
        if isinstance(question, Check):
            question.order_choices(self.choice_seed, key)
        return question

    def _order_choices(self):
        """Order every multiple choice by the page's seed now: a link's ``?seed=`` read."""
        for key, check in self.checks.items():
            if not check.asked:  # the room's question keeps the room's one order
                check.order_choices(self.choice_seed, key)

    def hold(self, *parts: Any, until: Iterable[str] = (), holds_answer: bool = False,
             kind: type[Reveal] = Reveal, **kwargs: Any) -> Reveal:
        """Hold `parts` back until the questions `until` (keys) are answered, or settled with `holds_answer`.

        The part is a `kind` (a `Reveal`, or a Reveal of a composite's parts such
        as `PartsReveal`) built from `parts` and `kwargs` (``what=``, naming what
        it shows), waiting for those questions and following the page's link.
        With no `until`, only its Reveal button (or the lecturer's ``?reveal=1``) opens it.
        A follow-up question whose solution states their answers passes ``follows_up=True``
        (`Reveal`): it waits for them to be settled, and any not solved then counts as shown.
        """
        keys = tuple(until)
        unknown = [key for key in keys if key not in self._questions]
        if unknown:
            raise KeyError(f"waits for {unknown}, which this lab has not asked (yet)")
        checks = [self._questions[key] for key in keys]
        if not all(isinstance(check, Check) for check in checks):
            raise TypeError(f"only a Check can open a held part, and {list(keys)} are not all checks")
        reveal = kind(*parts, after=checks, holds_answer=holds_answer, link=self.link, **kwargs)
        self._held.append(Held(reveal, keys, holds_answer or bool(kwargs.get("follows_up"))))
        return reveal

    def text(self, html: str, until: Iterable[str] = (), *, what: str = "the rest of this section") -> Reveal:
        """Hold back a text (HTML with ``$...$`` LaTeX) that states the answers of the questions `until`.

        It holds their answers (`hold` with ``holds_answer``): it opens once each is settled, not on a
        first wrong answer, whose second try it would hand the answer to, and counts those not solved
        as shown.
        """
        return self.hold(steady(MathHTML, html).add_class("lab-text"), until=until, what=what,
                         holds_answer=True)


def _inside(widget: Any, target: Any) -> bool:
    """Whether `target` is `widget` or among its children at any depth, a held part's view included."""
    if widget is target:
        return True
    inner = [widget.view] if isinstance(widget, Reveal) else []
    return any(_inside(child, target) for child in [*inner, *getattr(widget, "children", ())])
