"""The colours of feedback and the one way to write a message in them as HTML.

Every control and lab shows a failure the same way: a red block with
``role="alert"`` (`alert_html`), so that screen readers announce it and browser
tests find it with ``[role=alert]``; a verdict or a check's feedback, right or
wrong, is `feedback_html` in its colour.  No other module writes ``color:`` with
these colours (``tests/project/test_one_way.py`` reads them all).  The three feedback colours (Bootstrap 3's text-danger,
a darker success green and text-warning) live here once, each a CSS variable
with that colour as its fallback: the matmul template gives the dark theme
lighter ones (``matmul_layout.css``), since these are 2.5–3.1:1 on its
``#212121`` cells, under WCAG AA's 4.5:1.
"""

from __future__ import annotations

import html

__all__ = ["ERROR_COLOR", "SUCCESS_COLOR", "WARNING_COLOR", "alert_html", "feedback_html"]

#: Errors and wrong answers.
ERROR_COLOR = "var(--matmul-error, #a94442)"
#: Right answers and properties that hold.
SUCCESS_COLOR = "var(--matmul-success, #1e7e34)"
#: Invalid input to a check, undefined results, caveats.
WARNING_COLOR = "var(--matmul-warning, #8a6d3b)"


def alert_html(
    message: str,
    *,
    escape: bool = True,
    tag: str = "div",
    style: str = "",
    color: str = ERROR_COLOR,
) -> str:
    """Return `message` as an error block with ``role="alert"``.

    Parameters
    ----------
    message : str
        The text to show.
    escape : bool, optional
        Escape `message` as HTML (the default).  Pass False when `message` is
        already HTML whose own variable parts were escaped.
    tag : {"div", "span"}, optional
        ``"span"`` keeps the message inline.  Default ``"div"``.
    style : str, optional
        Extra CSS appended after the colour, e.g. ``"line-height:1.4"``.
    color : str, optional
        One of the feedback colours; default `ERROR_COLOR` (`WARNING_COLOR` for
        input that was set aside rather than refused).

    Returns
    -------
    str
        ``<tag role="alert" style="color:COLOR[; style]">message</tag>``.

    Examples
    --------
    >>> alert_html("B[1,1]: '5x' is not a number")
    '<div role="alert" style="color:var(--matmul-error, #a94442)">B[1,1]: &#x27;5x&#x27; is not a number</div>'
    >>> alert_html("<b>No row.</b>", escape=False, tag="span", style="line-height:1.4")
    '<span role="alert" style="color:var(--matmul-error, #a94442); line-height:1.4"><b>No row.</b></span>'
    """
    return feedback_html(message, color, escape=escape, tag=tag, style=style, role="alert")


def feedback_html(
    message: str,
    color: str,
    *,
    escape: bool = True,
    tag: str = "div",
    css_class: str = "",
    style: str = "",
    role: str = "",
) -> str:
    """Return `message` in one of the feedback colours: a verdict, a check's feedback, a caveat.

    Parameters
    ----------
    message : str
        The text to show.
    color : str
        `ERROR_COLOR`, `SUCCESS_COLOR` or `WARNING_COLOR`.
    escape : bool, optional
        Escape `message` as HTML (the default); False for HTML whose variable parts were escaped.
    tag : str, optional
        The element, ``"div"`` (the default) or ``"span"`` to keep it inline.
    css_class : str, optional
        Its CSS class, e.g. ``"check-restored"``.
    style : str, optional
        Extra CSS appended after the colour.
    role : str, optional
        Its ARIA role; `alert_html` passes ``"alert"``.

    Examples
    --------
    >>> feedback_html("✓ AB exists", SUCCESS_COLOR)
    '<div style="color:var(--matmul-success, #1e7e34)">✓ AB exists</div>'
    >>> feedback_html("<b>equal</b>", SUCCESS_COLOR, escape=False, tag="span", css_class="same")
    '<span class="same" style="color:var(--matmul-success, #1e7e34)"><b>equal</b></span>'
    """
    body = html.escape(message) if escape else message
    extra = f"; {style}" if style else ""
    attributes = (f' class="{css_class}"' if css_class else "") + (f' role="{role}"' if role else "")
    return f'<{tag}{attributes} style="color:{color}{extra}">{body}</{tag}>'
