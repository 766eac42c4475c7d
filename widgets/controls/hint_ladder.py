"""Help that fades: hints that open one level at a time, asked for whenever the learner likes.

A `HintLadder` holds a few hints, least first (a nudge, the method, the first
step: `widgets.text.practice_hints`).  Its one button opens the next, and says
which comes; the hints opened stay in sight, so the learner reads the nudge
before the method.  `opened` counts them, so a practice can count a problem
solved after a hint as solved with help; `opened_texts` and `text` say what
the learner has read (what a test reads, rather than the view inside).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ipywidgets import Button, VBox
from traitlets import Int

from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.shared_models import shared_layout, steady

__all__ = ["HintLadder"]


class HintLadder(OwnsChildren, VBox):
    """Hints in levels behind one button.

    Parameters
    ----------
    hints : sequence of str
        HTML with ``$...$`` LaTeX, least help first.
    levels : sequence of str
        What each hint is ("a nudge"), named on the button before it opens.

    Examples
    --------
    >>> ladder = HintLadder(["Row 1 only.", "Dot it with column 2."], ["a nudge", "the method"])
    >>> ladder.open_next(); ladder.opened, ladder.button.description
    (1, 'Another hint: the method')
    >>> ladder.opened_texts, ladder.text
    (('Row 1 only.',), '<p><b>Hint 1 (a nudge):</b> Row 1 only.</p>')
    >>> ladder.open_next(); ladder.open_next(); ladder.opened, ladder.button in ladder.children
    (2, False)
    >>> ladder.opened_texts == ladder.texts
    True
    """

    opened = Int(0, read_only=True, help="How many hints are open.")

    def __init__(self, hints: Sequence[str], levels: Sequence[str], **kwargs: Any) -> None:
        # The button as wide as its words.
        super().__init__(layout=shared_layout(align_items="flex-start"), **kwargs)
        if len(hints) != len(levels) or not hints:
            raise ValueError("a hint ladder needs one level name per hint, and at least one hint")
        self._hints, self._levels = tuple(hints), tuple(levels)
        self.button = self._own(steady(
            Button, description=f"Hint: {levels[0]}", icon="lightbulb-o", layout={"width": "auto"},
            tooltip="A little help; more if you ask again",
        ).add_class("hint-next"))
        self.button.on_click(lambda _button: self.open_next())
        # The hints' view is made when the first one opens: most checks are answered without one,
        # and a page builds, sends and draws every model it holds (lab 8 has seven checks).
        self._shown = None
        self.children = [self.button]
        self.add_class("hint-ladder")

    @property
    def texts(self) -> tuple[str, ...]:
        """Every hint, least help first, opened or not: what the ladder can give."""
        return self._hints

    @property
    def opened_texts(self) -> tuple[str, ...]:
        """The hints the learner has opened, in the order they opened (least help first)."""
        return self._hints[:self.opened]

    @property
    def text(self) -> str:
        """What the learner reads: each opened hint under its number and level, as HTML; empty before the first."""
        return "" if self._shown is None else self._shown.text

    def open_next(self) -> None:
        """Open the next hint, as the button does; nothing once all are open."""
        if self.opened == len(self._hints):
            return
        self.set_trait("opened", self.opened + 1)
        if self._shown is None:
            self._shown = self._own(MathHTML().add_class("hint-text"))
        self._shown.text = "".join(
            f"<p><b>Hint {k + 1} ({self._levels[k]}):</b> {hint}</p>"
            for k, hint in enumerate(self._hints[:self.opened])
        )
        if self.opened < len(self._hints):
            self.button.description = f"Another hint: {self._levels[self.opened]}"
            self.children = [self._shown, self.button]
        else:  # the last one: the button goes (taken out, so its layout can be every button's)
            self.children = [self._shown]
