"""The class pulse's words on the lecturer's board: a lab's heading, its table of counts, the CSV link.

`pulse_bars_html` draws a lab's counts as bars in plain HTML, for the board
the hub's pulse service serves without a kernel (`labserver.pulse_service`).

HTML strings from the counts `classpulse.pulse_store` reads; the board
(`widgets.lecture.pulse_board`) only puts them in place.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence

from .alerts import WARNING_COLOR, feedback_html

__all__ = ["ERASE_QUESTION", "ERASE_QUESTION_HTML", "NO_ANSWERS_HTML", "csv_link_html", "lab_heading_html", "pulse_bars_html", "pulse_table_html"]

#: What the board asks before a Reset erases a session (one click on a projected page must not).
ERASE_QUESTION = "Erase every count and every question asked of the room? Export the CSV first to keep them."
#: The same, as the lecture server's board shows it beside its Erase and Keep buttons.
ERASE_QUESTION_HTML = f"<b>{ERASE_QUESTION}</b>"
#: What the board says while the store holds no answer yet.
NO_ANSWERS_HTML = feedback_html("No answers yet: the counts appear here as the room answers.", WARNING_COLOR,
                                tag="span")


def lab_heading_html(lab: str, visitors: int) -> str:
    """A lab's heading on the board: its name and how many visitors opened it.

    >>> lab_heading_html("lab01", 1)
    '<h2 style="margin: 0.5em 0 0">lab01: <span class="pulse-visitors">1 visitor</span></h2>'
    """
    count = f"{visitors} visitor{'s' if visitors != 1 else ''}"
    return f'<h2 style="margin: 0.5em 0 0">{html.escape(lab)}: <span class="pulse-visitors">{count}</span></h2>'


def _mistakes_text(mistakes):
    return " · ".join(f"{html.escape(name)} {count}" for name, count in mistakes) or "—"


def pulse_table_html(checks: Iterable[tuple[str, int, int, int, Sequence[tuple[str, int]]]]) -> str:
    """A lab's counts as a table, large enough for a projector: one row per check.

    Parameters
    ----------
    checks : iterable of (str, int, int, int, sequence of (str, int))
        Each check's label, how many visitors attempted and solved it, the
        answers checked in all, and its most common mistakes with their counts.

    Examples
    --------
    >>> table = pulse_table_html([("activity", 2, 1, 4, [("sign", 2), ("<BA>", 1)])])
    >>> table.split("</tr>")[1]
    '<tr><td>activity</td><td>2</td><td>1</td><td>4</td><td>sign 2 · &lt;BA&gt; 1</td>'
    """
    rows = "".join(
        f"<tr><td>{html.escape(label)}</td><td>{attempted}</td><td>{solved}</td>"
        f"<td>{attempts}</td><td>{_mistakes_text(mistakes)}</td></tr>"
        for label, attempted, solved, attempts, mistakes in checks
    )
    return ('<table style="font-size: 1.4em; border-spacing: 1.5em 0.2em">'
            "<tr><th>check</th><th>attempted</th><th>solved</th><th>answers</th>"
            f"<th>most common mistakes</th></tr>{rows}</table>")


def csv_link_html(csv: str) -> str:
    """A link that downloads `csv` as ``pulse.csv``, the data in the link itself.

    >>> csv_link_html("lab,check")
    '<a download="pulse.csv" href="data:text/csv;base64,bGFiLGNoZWNr">Export the counts (CSV)</a>'
    """
    data = base64.b64encode(csv.encode()).decode()
    return f'<a download="pulse.csv" href="data:text/csv;base64,{data}">Export the counts (CSV)</a>'


def _bar(label, count, most, color):
    width = 100 * count / most if most else 0
    return (f'<div class="pulse-bar"><span class="pulse-bar-label">{html.escape(label)}</span>'
            f'<span class="pulse-bar-track"><span class="pulse-bar-fill" style="width: {width:.0f}%;'
            f' background: {color}"></span></span><span class="pulse-bar-count">{count}</span></div>')


def pulse_bars_html(
    checks: Iterable[tuple[str, int, int, Sequence[tuple[str, int]]]],
    colors: tuple[str, str, str] = ("#4c78a8", "#54a24b", "#e45756"),
) -> str:
    """A lab's counts as HTML bars: attempted and solved per check, then the most common mistakes.

    Each bar's count is written beside it, so the bars add nothing a screen
    reader misses (the table says it all again).

    Parameters
    ----------
    checks : iterable of (str, int, int, sequence of (str, int))
        Each check's label, how many visitors attempted and solved it, and
        its most common mistakes with their counts.
    colors : (str, str, str), optional
        Attempted, solved and mistake bars' colours.

    Examples
    --------
    >>> bars = pulse_bars_html([("activity", 2, 1, [("sign", 2)])])
    >>> bars.count('class="pulse-bar"'), "activity: sign" in bars
    (3, True)
    """
    checks = list(checks)
    most = max([attempted for _, attempted, _, _ in checks] + [1])
    progress = "".join(
        _bar(f"{label}: attempted", attempted, most, colors[0]) + _bar(f"{label}: solved", solved, most, colors[1])
        for label, attempted, solved, _ in checks
    )
    top = [(f"{label}: {name}", count) for label, _, _, mistakes in checks for name, count in mistakes]
    worst = max([count for _, count in top] + [1])
    mistakes = "".join(_bar(label, count, worst, colors[2]) for label, count in top)
    return (f'<div class="pulse-bars"><h3>attempted (blue), solved (green)</h3>{progress}</div>'
            f'<div class="pulse-bars"><h3>most common mistakes (answers)</h3>{mistakes or "—"}</div>')
