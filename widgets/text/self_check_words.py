"""The end-of-lab self-check's words: the account, then each mistake named, linked to its section.

HTML strings from what `widgets.lecture.self_check` reads of the lab's checks;
the self-check only puts them in place.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from .html_math import link_html, paragraph_html

__all__ = ["heading_words", "self_check_html"]


def heading_words(heading: str) -> str:
    r"""A section's heading as words: its LaTeX dollars and backslashes dropped.

    >>> heading_words(r"Shapes of $A\,B$")
    'Shapes of A,B'
    """
    return re.sub(r"[$\\]", "", heading)


def _anchor(heading):
    """The id JupyterLab's markdown renderer gives a heading (spaces to dashes), as a link."""
    return "#" + heading.replace(" ", "-")


def self_check_html(account: str, named: Iterable[tuple[str, str, str | None]], answered: bool) -> str:
    """The account of the learner's answers, then the mistakes they made, each linked to its section.

    Parameters
    ----------
    account : str
        The first line, plain text ("1 of 2 questions answered: ...").
    named : iterable of (str, str, str or None)
        Each mistake a check named: the check's title, the message, and the
        heading of the section it is in (None if unknown).
    answered : bool
        Whether any question was answered: if so and nothing was named, the account says so.

    Examples
    --------
    >>> text = self_check_html("1 of 1 question answered.", [("A sum", "wrong sign.", "Sums")], True)
    >>> text.split("<a ")[0]
    '<p>1 of 1 question answered.</p><p>The mistakes your answers made, to look at again:</p><ul>\
<li><b>A sum</b>: wrong sign. '
    >>> self_check_html("0 of 1 question answered.", [], False)
    '<p>0 of 1 question answered.</p>'
    """
    items = "".join(
        f"<li><b>{html.escape(title)}</b>: {html.escape(message)} "
        + link_html(_anchor(section or ""),
                    f"See {html.escape(heading_words('the question' if section is None else section))}.")
        + "</li>"
        for title, message, section in named
    )
    mistakes = (f"<p>The mistakes your answers made, to look at again:</p><ul>{items}</ul>" if items
                else "<p>No answer so far made a mistake the labs name.</p>" if answered else "")
    return f"{paragraph_html(account)}{mistakes}"
