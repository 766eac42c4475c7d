"""The mixed review's words: each problem's heading, and the account of a round once it is done (how
each problem moved its skill's level: right first time raises it one, any other end lowers it one).

HTML strings from what `widgets.lecture.review` chose and how each problem
ended; the review only puts them in place.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..core.mastery import LEVELS
from .html_math import link_html

__all__ = ["problem_heading_html", "round_html"]


def problem_heading_html(number: int, count: int, source: tuple[str, str, str] | None = None) -> str:
    """Problem `number` of `count`'s heading; once it is answered, what it practised and its lab.

    Until then the heading says neither: working out what a problem asks is part of a mixed review.

    Parameters
    ----------
    number, count : int
    source : (str, str, str), optional
        The skill in words, and the name and title of the lab it comes from.

    Examples
    --------
    >>> problem_heading_html(1, 3)
    '<h3>Problem 1 of 3</h3>'
    >>> problem_heading_html(1, 3, ("one entry of AB", "02-entry", "One entry")).split("<a ")[0]
    '<h3>Problem 1 of 3</h3><p>This was one entry of AB, from '
    """
    heading = f"<h3>Problem {number} of {count}</h3>"
    if source is None:
        return heading
    what, lab, title = source
    return f"{heading}<p>This was {html.escape(what)}, from {link_html(lab + '.ipynb', html.escape(title))}.</p>"


def _moved(before, after):
    """How a problem moved its skill's level (`widgets.core.mastery.LEVELS`), in words.

    >>> _moved("proficient", "mastered"), _moved("mastered", "proficient"), _moved("attempted", "attempted")
    ('up from proficient to mastered', 'down from mastered to proficient', 'still attempted')
    >>> _moved("not started", "attempted")  # a miss starts a skill too: not "up"
    'now attempted'
    """
    if before == after:
        return f"still {after}"
    if before == LEVELS[0]:
        return f"now {after}"
    return f"{'up' if LEVELS.index(after) > LEVELS.index(before) else 'down'} from {before} to {after}"


def round_html(problems: Iterable[tuple[str, str, tuple[str, str], bool, str, str]]) -> str:
    """How each problem of a round ended and moved its skill's level, then the labs to go over for
    those not right first time.

    Parameters
    ----------
    problems : iterable of (str, str, (str, str), bool, str, str)
        Each problem's skill in words, how it ended (`widgets.core.outcome.Outcome.words`), the skill's
        level before and after it (`widgets.core.mastery.LEVELS`), whether it was right first time,
        and its lab's name and title.

    Examples
    --------
    >>> round_html([("one entry of AB", "right first time", ("proficient", "mastered"), True, "02-entry", "One entry")])
    '<p><b>This round:</b></p><ul><li>One entry of AB: right first time (up from proficient to mastered).</li></ul>\
<p>Every problem right first time.</p>'
    """
    lines, again = [], []
    for what, ended, move, right, lab, title in problems:
        lines.append(f"<li>{html.escape(what[0].upper() + what[1:])}: {ended} ({_moved(*move)}).</li>")
        if not right:
            again.append(f"<li>{link_html(lab + '.ipynb', html.escape(title))}, for {html.escape(what)}</li>")
    to_go_over = (f"<p><b>To go over:</b></p><ul>{''.join(again)}</ul>" if again
                  else "<p>Every problem right first time.</p>")
    return f"<p><b>This round:</b></p><ul>{''.join(lines)}</ul>{to_go_over}"
