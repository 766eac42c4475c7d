"""CSS classes for a composite's parts, so a lab's tests and style sheets can find each one."""

from __future__ import annotations

from collections.abc import Mapping

from ipywidgets import Widget

__all__ = ["tag_parts"]


def tag_parts(prefix: str | None, parts: Mapping[str, Widget]) -> None:
    """Give each widget in `parts` the class ``{prefix}-{name}``; nothing when `prefix` is empty.

    Parameters
    ----------
    prefix : str or None
        The lab's prefix, e.g. ``"lab01"``.
    parts : dict of str to ipywidgets.Widget
        The parts, by the name that ends their class.

    Examples
    --------
    >>> from ipywidgets import HTML
    >>> status = HTML()
    >>> tag_parts("lab01", {"status": status})
    >>> status._dom_classes
    ('lab01-status',)
    """
    if prefix:
        for name, part in parts.items():
            part.add_class(f"{prefix}-{name}")
