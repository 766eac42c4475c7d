"""The words of asking the room: what a student's question and lab say in each round, and the board's split.

A question the lecturer asks the room (`widgets.lecture.room`, `classpulse.pulse_room`) tells the
student which round it is in and that their answer is recorded, never whether it is right; the
lab's notice names the question and links to it (`ANCHOR`).  The board (the lecture server's
`widgets.lecture.room_board` and the hub's `labserver.pulse_service`) shows how the answers split,
labelled by the answers themselves until the lecturer shows which is right.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from .alerts import WARNING_COLOR, feedback_html

__all__ = ["ANCHOR", "HELD_WORDS", "RECORDED_WORDS", "RELOADED_WORDS", "REVEALED_WORDS", "ROUND_WORDS", "WITHDRAWN_WORDS", "elsewhere_html", "notice_html", "question_label",
           "room_heading_html", "split_table_html"]

#: The id of the place a lab's notice jumps to: just above the question asked.
ANCHOR = "room-question"

#: What an asked question says as each round begins.
ROUND_WORDS = {
    1: "Your lecturer asks the room this question. Answer it on your own: your answer is recorded, "
       "and the answer is revealed after the round.",
    2: "Round two: talk your answer over with your neighbour, then answer again (even if you keep it).",
}
#: What it says once an answer is recorded in each round (never whether it is right).
RECORDED_WORDS = {
    1: "Answer recorded for round one. You can change it until the lecturer moves on.",
    2: "Answer recorded for round two. The answer is revealed when the lecturer ends the round.",
}
#: What a question answered in no round says when the answer is revealed.
REVEALED_WORDS = "The lecturer revealed the answer: what this question held back is open now."
#: What a question says when the lecturer ends its round without revealing it (the board's Reset).
WITHDRAWN_WORDS = "Your lecturer ended this question without revealing it: press Check to check your answer."
#: What it adds in a round when a reload (or an earlier visit) put the last answer given back in the box.
RELOADED_WORDS = ("Your last answer is back in the box: press Check to record it for this round (if you did "
                  "before, this replaces it).")
#: What a part the asked question holds back says during the round, whatever the answer given.
HELD_WORDS = "Hidden while your lecturer asks the room: {what} will open when the answer is revealed."
#: The notice's frame: a bar in the warning colour on its left, so a glance finds it.
_BOXED = f"border-left: 0.3em solid {WARNING_COLOR}; padding: 0.2em 0 0.2em 0.6em; margin: 0.3em 0"
_ROUNDS = {1: "round one: answer on your own", 2: "round two: talk it over with your neighbour, then answer again"}


def notice_html(title: str, turn: int, state: str = "asked", waiting: Sequence[str] = ()) -> str:
    """The lab's notice of the question the room is asked: its title and round, with a link to it (or,
    in a part of the lab not open yet, that it opens once the questions `waiting` are answered); or, by
    `state`, that it is ``"revealed"`` or ``"withdrawn"`` (the board's Reset).

    >>> print(notice_html("Entry (2,3) of AB", 1).split(">", 1)[1])
    <b>Your lecturer asks the room “Entry (2,3) of AB”</b> (round one: answer on your own). \
<a href="#room-question" style="text-decoration: underline">Go to the question</a></div>
    >>> "revealed" in notice_html("<b>", 2, "revealed"), "&lt;b&gt;" in notice_html("<b>", 2, "withdrawn")
    (True, True)
    """
    name = html.escape(title)
    before = ", ".join(f"“{html.escape(other)}”" for other in waiting)
    if state == "revealed":
        words = (f"The answer to “{name}” is revealed: what the question held back is open, and its solution "
                 "shows the answer."
                 if not waiting else
                 f"The answer to “{name}” is revealed. The question is further on in this lab, after {before}.")
    elif state == "withdrawn":
        words = f"Your lecturer ended “{name}” without revealing it: the question is yours to answer as usual."
    else:
        where = (f"It is further on in this lab: it opens once you have answered {before}."
                 if waiting else f'<a href="#{ANCHOR}" style="text-decoration: underline">Go to the question</a>')
        words = f"<b>Your lecturer asks the room “{name}”</b> ({_ROUNDS[turn]}). {where}"
    return f'<div class="room-notice" style="{_BOXED}">{words}</div>'


def elsewhere_html(title: str, lab: str, turn: int) -> str:
    """A lab's notice of a question the room is asked in another lab (`lab`, by name), with a link to it:
    a class spread over the labs still hears it.

    >>> print(elsewhere_html("Row 2 of AB", "02-entry-dot-product", 1).split(">", 1)[1])
    <b>Your lecturer asks the room “Row 2 of AB”</b>, in lab 2 (round one: answer on your own). \
<a href="02-entry-dot-product.ipynb" style="text-decoration: underline">Open lab 2</a></div>
    """
    number = int(lab[:2]) if lab[:2].isdigit() else None
    where = f"lab {number}" if number else html.escape(lab)
    link = f'<a href="{html.escape(lab)}.ipynb" style="text-decoration: underline">Open {where}</a>'
    return (f'<div class="room-notice" style="{_BOXED}"><b>Your lecturer asks the room “{html.escape(title)}”</b>, '
            f"in {where} ({_ROUNDS[turn]}). {link}</div>")


def question_label(lab: str, title: str, after: int) -> str:
    """How the board offers a check to ask: its lab and title, and for a follow-up that the room reaches it
    only after earlier questions (the lecturer may ask those first).

    >>> question_label("08-attention-weights", "h₂ by hand", 4), question_label("lab01", "AB", 0)
    ('08-attention-weights: h₂ by hand (opens after 4 earlier questions)', 'lab01: AB')
    """
    later = f" (opens after {after} earlier question{'s' * (after != 1)})" if after else ""
    return f"{lab}: {title}{later}"


def room_heading_html(title: str, lab: str, turn: int, revealed: bool, answered: tuple[int, int]) -> str:
    """The board's heading of the question asked: which, where, its round and how many answered each round.

    >>> print(room_heading_html("Row 2 of AB", "02-entry-dot-product", 2, False, (3, 1)))
    <h2 class="room-heading">Asked: “Row 2 of AB” (02-entry-dot-product), round two: 1 answer so far \
(3 in round one)</h2>
    >>> print(room_heading_html("Row 2 of AB", "lab", 2, True, (3, 2)).split("), ", 1)[1])
    revealed: 3 answers in round one, 2 in round two</h2>
    """
    first, second = answered
    counts = {1: f"{first} answer{'' if first == 1 else 's'}", 2: f"{second} answer{'' if second == 1 else 's'}"}
    if revealed:
        state = f"revealed: {counts[1]} in round one" + (f", {second} in round two" if turn == 2 else "")
    elif turn == 1:
        state = f"round one: {counts[1]} so far"
    else:
        state = f"round two: {counts[2]} so far ({first} in round one)"
    return f'<h2 class="room-heading">Asked: “{html.escape(title)}” ({html.escape(lab)}), {state}</h2>'


def split_table_html(rounds: Sequence[Sequence[tuple[str, int]]], answers: Mapping[str, str],
                     moves: Sequence[tuple[str, str, int]], verdicts: bool) -> str:
    """How the room's answers split in each round, large enough for a projector; with `verdicts`, which is
    right and which slip each wrong answer is, else only the answers (the room must not learn which is right).

    Each row is one verdict, labelled by its most common answer; then who moved between the rounds.
    The arguments are a `classpulse.RoomSplit`'s.

    Examples
    --------
    >>> split = ((("sign", 2), ("right", 1)), (("right", 3),)), {"right": "7", "sign": "-7"}, (("sign", "right", 2),)
    >>> hidden, shown = split_table_html(*split, False), split_table_html(*split, True)
    >>> "right" in hidden, "sign" in hidden, "<td>right: 7</td>" in shown
    (False, False, True)
    >>> "moved" in hidden, "2 moved from sign: -7 to right: 7" in shown
    (False, True)
    """
    first, second = (dict(votes) for votes in rounds)
    order = list(first) + [verdict for verdict in second if verdict not in first]

    def label(verdict):
        answer = _readable(answers.get(verdict, "")) or "no answer kept"
        if verdicts:
            return html.escape(f"{verdict}: {answer}")
        return html.escape(answer if verdict != "other" else "other answers")

    rows = "".join(f"<tr><td>{label(verdict)}</td><td>{first.get(verdict, 0)}</td><td>{second.get(verdict, 0)}</td></tr>"
                   for verdict in order)
    moves = "; ".join(f"{count} moved from {label(before)} to {label(after)}" for before, after, count in moves)
    table = ('<table class="room-split" style="font-size: 1.4em; border-spacing: 1.5em 0.2em">'
             "<tr><th>answer</th><th>round one</th><th>round two</th></tr>" + rows + "</table>")
    if not order:
        table = feedback_html("No answers yet: they appear here as the room answers.", WARNING_COLOR)
    # Who moved, and where to, tells the room the drift: shown with the verdicts, when the lecturer chooses.
    return table + (f'<p class="room-moves" style="font-size: 1.2em">{moves}.</p>' if moves and verdicts else "")


def _readable(answer: str) -> str:
    """An answer as the store keeps it, for a projector: a matrix's rows apart (the store writes JSON).

    >>> _readable("[[6,19],[9,-3]]"), _readable("[[1,2,3]]"), _readable("4 x 2"), _readable("[[1,")
    ('6 19 ; 9 −3', '1 2 3', '4 x 2', '[[1,')
    """
    rows = answer[2:-2].split("],[") if answer.startswith("[[") and answer.endswith("]]") else None
    if not rows:
        return answer
    return " ; ".join(" ".join(entry.replace("-", "−") for entry in row.split(",")) for row in rows)
