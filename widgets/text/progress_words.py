"""What the learner reads of their progress: a lab's notice, and the gallery's list of every lab.

HTML strings from what `widgets.lecture.progress` and
`widgets.lecture.course_progress` read of the browser's records (the rows,
the lab to go to next); those composites only put them in place.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..core.mastery import LEVELS
from .alerts import WARNING_COLOR, feedback_html
from .html_math import link_html

__all__ = ["MOVE_HELP_HTML", "course_html", "notice_html", "told_html"]

#: The theme's own text colour: a fixed grey would fail contrast on the dark theme.
_QUIET_COLOR = "var(--jp-ui-font-color1)"

#: How a progress code moves between devices, above the code.
MOVE_HELP_HTML = (
    "<p>Copy this code to your other device and paste it there, in place of its own code; or paste "
    "a code from another device here. <i>Bring this code's progress here</i> replaces what this "
    "browser keeps of the labs in the code.</p>")


def notice_html(words: str, warn: bool = False) -> str:
    """A lab's small notice about its progress, in the theme's colour or (`warn`) the caveat colour.

    >>> notice_html("Kept & restored.")
    '<span style="color:var(--jp-ui-font-color1); font-size:0.9em; line-height:1.4">Kept &amp; restored.</span>'
    """
    return feedback_html(words, WARNING_COLOR if warn else _QUIET_COLOR, tag="span",
                         style="font-size:0.9em; line-height:1.4")


def told_html(words: str, warn: bool = False) -> str:
    """What became of a progress code, announced to screen readers; a refused one in the caveat colour.

    >>> told_html("Brought here.")
    '<p role="status" style="color:var(--jp-ui-font-color1)">Brought here.</p>'
    """
    return feedback_html(words, WARNING_COLOR if warn else _QUIET_COLOR, tag="p", role="status")


def course_html(rows: Sequence[tuple[str, str, int, int, int, str]], started: Sequence[int], nxt: int) -> str:
    """The link to the lab to go to, then each lab started with its questions and practice.

    Parameters
    ----------
    rows : sequence of (str, str, int, int, int, str)
        Every lab in order: its name, title, questions solved, answers seen
        first, questions in all (0 if unknown) and its practice's level.
    started : sequence of int
        The labs started, by their place in `rows`.
    nxt : int
        The lab to go to: "Continue with" it if started, else "Next:".

    Examples
    --------
    >>> rows = [("01-columns", "Columns", 1, 0, 3, "not started"), ("02-entry", "One entry", 0, 0, 2, "not started")]
    >>> text = course_html(rows, [0], 0)
    >>> "<b>Continue with lab 1, Columns →</b>" in text, "1 of 3 questions solved</li>" in text
    (True, True)
    """
    name, title = rows[nxt][:2]
    verb = "Continue with" if nxt in started else "Next:"
    items = "".join(_item(k, rows[k]) for k in started)
    to_next = link_html(name + ".ipynb", f"<b>{verb} lab {nxt + 1}, {html.escape(title)} →</b>")
    return (f'<p class="course-progress-next">{to_next}</p>'
            f'<ul style="padding-left:1.2em; margin:0.3em 0">{items}</ul>')


def _item(k, row):
    """One started lab: its questions solved and seen, and its practice's level."""
    name, title, solved, seen, total, practice = row
    of = f" of {total}" if total else ""
    state = f"{solved}{of} questions solved" + (f", {seen} with the answer seen first" if seen else "")
    if practice != LEVELS[0]:
        state += f"; practice: {practice}"
    return f"<li>{link_html(name + '.ipynb', f'Lab {k + 1}, {html.escape(title)}')}: {html.escape(state)}</li>"
