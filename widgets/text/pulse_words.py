"""The class pulse's words on the lecturer's board: a lab's heading, its table of counts, the CSV link.

HTML strings from the counts `widgets.lecture.pulse_store` reads; the board
(`widgets.lecture.pulse_board`) only puts them in place.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence

from .alerts import WARNING_COLOR

__all__ = ["NO_ANSWERS_HTML", "csv_link_html", "lab_heading_html", "pulse_table_html"]

#: What the board says while the store holds no answer yet.
NO_ANSWERS_HTML = (f'<span style="color: {WARNING_COLOR}">No answers yet: '
                   f"the counts appear here as the room answers.</span>")


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
