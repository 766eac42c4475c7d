"""A question the lecturer asks the whole room: answered in rounds, recorded, judged only at the reveal.

`RoomMode` is the part of a `Check` that follows the room (`widgets.lecture.room`, peer instruction):
while the room is asked the question, an answer is recorded, never judged where the learner or a
neighbour sees, and nothing it would open opens; at the reveal the answers count as if given alone.
"""

from __future__ import annotations

import html

from ipywidgets import HTML
from traitlets import HasTraits, Int, TraitError

from ..base.shared_models import steady
from ..core.diagnosis import same_value
from ..text.alerts import WARNING_COLOR, feedback_html
from ..text.room_words import ANCHOR, RECORDED_WORDS, RELOADED_WORDS, REVEALED_WORDS, ROUND_WORDS, WITHDRAWN_WORDS

__all__ = ["RoomMode"]


class RoomMode(HasTraits):
    """A `Check`'s rounds when the room is asked it.

    Attributes
    ----------
    asked : int
        The room's round this question is asked in (1, 2), 0 when it is not.
    votes : int
        Answers recorded while the room was asked it.
    vote : tuple
        The last of them: (right, the mistake's name, the answer as read).
    """

    asked = Int(0, read_only=True, help="The room's round this question is asked in (1, 2), 0 when not asked.")
    votes = Int(0, read_only=True, help="Answers recorded while the room was asked this question.")
    vote = (False, "", None)
    _room_answers = ()  # (status, message, mistake, reading, read, given) of each answer in this round
    _anchor = None  # the place a lab's notice of the room's question jumps to, made when first asked

    def ask_room(self, turn: int) -> None:
        """The lecturer asks the whole room this question, round `turn`: 1, answer alone; 2, answer again
        after talking it over.  Until `end_room`, an answer is recorded (`votes`, `vote`) but not judged
        here: the feedback says "recorded", nothing the answer would open opens (`answered`, `solved` and
        `settled` stay as they were), and the solution is out of reach, so no neighbour can copy."""
        if turn not in (1, 2):
            raise TraitError(f"a round is 1 or 2, not {turn!r}")
        if turn == self.asked:
            return
        if not self.asked:  # where the lab's notice jumps to: just above the prompt
            if self._anchor is None:
                # Landing a little above it: the activity's heading and words stay in sight.
                self._anchor = self._own(steady(HTML, f'<span id="{ANCHOR}" style="scroll-margin-top: 8em"></span>'))
            self.children = [self._anchor, *self.children]
        self.set_trait("asked", turn)
        self._say_round()
        self._close_solution(True)
        self.add_class("check-asked")

    def hold_solution(self, held: bool) -> None:
        """While the room is asked another question of the lab, keep this one's solution closed (`held`):
        a solution may work out part of that answer (an entry of the row asked)."""
        if not self.asked:
            self._close_solution(held)

    def _close_solution(self, closed):
        """Keep the solution closed and its button out of reach (`closed`), or within reach again."""
        if self._solution_toggle is not None:
            if closed:
                self._solution_toggle.value = False
            self._solution_toggle.disabled = closed

    def _say_round(self):
        """The round's words in the feedback; and, when a reload (or an earlier visit) put the last answer
        given back in the box from the learner's record, that it is there to be checked again."""
        restored = " " + RELOADED_WORDS if self.given and not self._room_answers and not self.answered else ""
        self._feedback.text = feedback_html(ROUND_WORDS[self.asked] + restored, WARNING_COLOR, css_class="check-room")

    def _say_restored(self):
        """What the feedback says when an earlier visit's answer is put back: in a round, its words stay."""
        if self.asked:
            self._say_round()
        else:
            self._feedback.text = '<div class="check-restored">Your last answer from an earlier visit: check it again.</div>'

    def end_room(self, reveal: bool = True) -> None:
        """The room's round is over.  Revealed (`reveal`), the answers given in it count as if given alone
        (right first: solved; wrong, then right: retried), and a question not solved so counts as shown,
        so everything it held back opens.  Withdrawn (the board's Reset), nothing is judged or opened: the
        last answer stays in the box for the learner to check, as if the room had never been asked."""
        if not self.asked:
            return
        self.set_trait("asked", 0)
        self.remove_class("check-asked")
        self.children = self.children[1:]  # the place the notice jumped to
        answers, self._room_answers = self._room_answers, []
        self._close_solution(False)
        if not reveal:  # withdrawn: no verdict a neighbour could see; the answer stays in the box, unjudged
            self._feedback.text = feedback_html(WITHDRAWN_WORDS, WARNING_COLOR, css_class="check-room")
            return
        for status, message, mistake, reading, read, given in answers:
            if not (self.attempts and same_value(read, self.answer_read)):  # the same answer again is one try
                self._count(status, message, mistake, reading, read, given)
        if not self.solved:
            self.show_answer()
        if not answers:
            self._feedback.text = feedback_html(REVEALED_WORDS, WARNING_COLOR, css_class="check-room")

    def _vote(self, status, message, mistake, reading, read):
        """Record an answer given while the room is asked, without judging it where the learner sees."""
        given = self._given_text()
        self._room_answers = [*self._room_answers, (status, message, mistake, reading, read, given)]
        self.vote = (status == "right", mistake, read)
        with self.hold_trait_notifications():
            self.set_trait("votes", self.votes + 1)
            self.set_trait("given", given)  # the learner's record keeps it: a reload puts it back in the box
        echo = f"{html.escape(reading)} " if reading else ""
        self._feedback.text = feedback_html(echo + RECORDED_WORDS[self.asked], WARNING_COLOR, escape=False,
                                            css_class="check-room")
