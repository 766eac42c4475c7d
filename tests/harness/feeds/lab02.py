"""Lab 2's tools as a calculator: the entry explorer and the row picture compute AB for any A and B typed in.

Both are held until the activity and the row question; in any worst case that opens them, type the
activity's A and B and pick entry (2, 3), as a learner checking their working would.
"""
from __future__ import annotations

from harness.in_sight import _inside
from widgets.core.lab_numbers import LAB2


def in_sight(page, widget) -> bool:
    """Whether `widget` is on the page and not inside a held part still closed."""
    shown = any(_inside(widget, item) for kind, item in page.shown if kind == "widget")
    return shown and not any(not held.reveal.opened and _inside(widget, held.reveal.view) for held in page.lab.held)


def feed(page, key: str) -> None:
    entries = page.names["entries"]
    if key in ("activity", "row_check") and in_sight(page, entries):
        entries.A.value, entries.B.value = LAB2.A, LAB2.B
        entries.selected = (1, 2)
