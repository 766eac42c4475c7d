"""Count the comm messages widgets send, for the one-batch-per-change rules."""
from __future__ import annotations

import contextlib
from collections import Counter


@contextlib.contextmanager
def sent_messages(widgets):
    """Count the comm messages each widget sends inside the block."""
    counts = Counter()

    def counting(widget, send):
        def _send(msg, buffers=None):
            counts[widget] += 1
            return send(msg, buffers=buffers)

        return _send

    for widget in widgets:
        widget._send = counting(widget, widget._send)
    try:
        yield counts
    finally:
        for widget in widgets:
            del widget._send
