"""Send a widget update as one batch: only what changed, one message per widget.

Plots and heatmaps redraw from several marks and axes. `apply_changes`
compares each proposed attribute with what the widget already holds, skips
the equal ones, and sets the rest inside one ``hold_sync`` per widget, all
flushed together, so the browser never draws half an update.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # only for the hints: this module imports numpy alone
    from ipywidgets import Widget

__all__ = ["same_value", "apply_changes"]


def same_value(old: Any, new: Any) -> bool:
    """Whether an attribute that holds `old` already holds `new` (arrays by value).

    >>> same_value(np.array([1.0, 2.0]), np.array([1.0, 2.0]))
    True
    >>> same_value(np.array([1.0]), np.array([1.0, 2.0]))
    False
    >>> same_value(None, np.array([1.0]))
    False
    """
    if isinstance(old, np.ndarray) or isinstance(new, np.ndarray):
        return (
            old is not None
            and new is not None
            and np.shape(old) == np.shape(new)
            and bool(np.array_equal(old, new))
        )
    return old == new


def apply_changes(updates: Iterable[tuple[Widget, Mapping[str, Any]]]) -> int:
    """Set the attributes in `updates` that differ, one ``hold_sync`` per widget.

    Parameters
    ----------
    updates : iterable of (widget, dict)
        For each widget, the attribute values it should hold.

    Returns
    -------
    int
        How many widgets changed (and so sent one message each).

    Examples
    --------
    >>> from ipywidgets import IntSlider
    >>> slider = IntSlider(value=1)
    >>> apply_changes([(slider, {"value": 1, "max": 50})])
    1
    >>> slider.max
    50
    """
    changed = []
    for widget, values in updates:
        diff = {
            name: value
            for name, value in values.items()
            if not same_value(getattr(widget, name), value)
        }
        if diff:
            changed.append((widget, diff))
    with contextlib.ExitStack() as stack:
        for widget, _ in changed:
            stack.enter_context(widget.hold_sync())
        for widget, diff in changed:
            for name, value in diff.items():
                setattr(widget, name, value)
    return len(changed)
