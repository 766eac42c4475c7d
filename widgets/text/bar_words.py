"""The lecture bar's HTML: the line saying what a link preset, and the element that holds a style sheet.

`widgets.lecture.bar` decides what the link did and which style sheet is in
force; these functions write it for the page.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from .alerts import SUCCESS_COLOR, WARNING_COLOR, alert_html, feedback_html

__all__ = ["preset_status_html", "style_html"]


def preset_status_html(applied: Iterable[str], errors: Iterable[str]) -> str:
    """What a link set (in the success colour) and what it could not (an alert in the caveat colour).

    Every piece is plain text, escaped here, since it may come from the URL; ``""`` when there is
    nothing to say.

    Examples
    --------
    >>> preset_status_html(["A (2×2)"], [])
    '<div style="line-height: 1.4"><span class="lecture-preset-applied" \
style="color:var(--matmul-success, #1e7e34)"><b>From the link:</b> A (2×2)</span></div>'
    >>> "&lt;i&gt;" in preset_status_html([], ["B: '<i>' is not a number"]), preset_status_html([], [])
    (True, '')
    """
    applied, errors = list(applied), list(errors)
    parts = []
    if applied:
        names = ", ".join(html.escape(a) for a in applied)
        parts.append(feedback_html(f"<b>From the link:</b> {names}", SUCCESS_COLOR, escape=False, tag="span",
                                   css_class="lecture-preset-applied"))
    parts.extend(f'<span class="lecture-preset-error">{html.escape(message)}</span>' for message in errors)
    lines = "<br>".join(parts)
    if errors:  # announced, in the caveat colour: the lab goes on with its defaults
        return alert_html(lines, escape=False, style="line-height: 1.4", color=WARNING_COLOR)
    return f'<div style="line-height: 1.4">{lines}</div>' if parts else ""


def style_html(css: str) -> str:
    """`css` as a ``<style>`` element, which applies to the whole page while it is shown; ``""`` for none.

    >>> style_html("p { zoom: 2; }"), style_html("")
    ('<style>p { zoom: 2; }</style>', '')
    """
    return f"<style>{css}</style>" if css else ""
