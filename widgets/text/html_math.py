"""Matrices and short formulas as plain HTML, for views that change on every interaction.

Whatever is redrawn while a learner interacts is written here, as HTML the
browser draws at once: a matrix is a `<table>` between CSS square brackets, a
formula is a row of such pieces (in MathJax's day, re-typesetting a few
matrices after each keystroke kept a lecture page busy for 100 ms and more).
Static text (a lab's prose, a worked solution) is written in LaTeX
(`widgets.text.latex_math`) and reaches the page as MathML
(`widgets.text.mathml`).

Pure string work on numpy arrays: no widgets here.  Every style is inline, so
the markup looks the same in Voila, JupyterLab and the light or dark theme
(brackets and text take the current colour).

>>> print(matrix_html([[1, -2]]))  # doctest: +ELLIPSIS
<table class="matrix-html" ...><tr><td ...>1</td><td ...>−2</td></tr></table>
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from numpy.typing import ArrayLike

from ..core.shapes import as_matrix
from .numbers import html_number

__all__ = [
    "html_table",
    "HIGHLIGHT_COLOR",
    "PENDING_COLOR",
    "bracket_table",
    "link_html",
    "paragraph_html",
    "plain_text",
    "column_html",
    "emphasis",
    "formula_html",
    "matrix_html",
    "subscripts_html",
    "symbols_html",
]

#: Entries picked out (a highlighted row or column, the column just computed).
HIGHLIGHT_COLOR = "#c0392b"
#: Entries not computed yet.
PENDING_COLOR = "#999999"

# Square brackets: the table's left and right borders, plus four short ticks
# drawn as backgrounds at its corners.  currentColor keeps them the colour of
# the text in either theme.
_TICK = "linear-gradient(currentColor,currentColor)"
_TABLE_STYLE = (
    "display:inline-table;vertical-align:middle;border-collapse:separate;border-spacing:0;"
    "margin:0 0.15em;padding:0.1em 0.1em;border-left:1.5px solid;border-right:1.5px solid;"
    f"background:{_TICK} left top/0.35em 1.5px no-repeat,{_TICK} left bottom/0.35em 1.5px no-repeat,"
    f"{_TICK} right top/0.35em 1.5px no-repeat,{_TICK} right bottom/0.35em 1.5px no-repeat"
)
_CELL_STYLE = "padding:0.05em 0.4em;line-height:1.35;text-align:right;white-space:nowrap"
_ROW_STYLE = "display:inline-flex;align-items:center;flex-wrap:wrap;gap:0.35em"


def emphasis(text: str, color: str = HIGHLIGHT_COLOR) -> str:
    """`text` (HTML) in bold and `color`: bold too, so it does not rely on colour alone."""
    return f'<b style="color:{color}">{text}</b>'


def bracket_table(cells: Iterable[Iterable[str]], label: str = "matrix") -> str:
    """A table of ready-made cell HTML between square brackets.

    Parameters
    ----------
    cells : sequence of sequence of str
        Rows of cell contents, already HTML (escape any text first).
    label : str, optional
        Plain text for screen readers, e.g. ``"AB"``; the shape is added.

    Returns
    -------
    str
        A ``<table class="matrix-html">``.

    Examples
    --------
    >>> print(bracket_table([["1", "?"]], label="AB"))  # doctest: +ELLIPSIS
    <table class="matrix-html" aria-label="AB, 1 by 2" ...><tr><td ...>1</td><td ...>?</td></tr></table>
    """
    rows = [list(row) for row in cells]
    width = max((len(row) for row in rows), default=0)
    aria = html.escape(f"{label}, {len(rows)} by {width}", quote=True)
    body = "".join(
        "<tr>" + "".join(f'<td style="{_CELL_STYLE}">{cell}</td>' for cell in row) + "</tr>"
        for row in rows
    )
    return f'<table class="matrix-html" aria-label="{aria}" style="{_TABLE_STYLE}">{body}</table>'


def matrix_html(
    matrix: ArrayLike,
    highlight_row: int | None = None,
    highlight_col: int | None = None,
    digits: int = 3,
    label: str = "matrix",
) -> str:
    """A numeric matrix as an HTML table between brackets.

    Parameters
    ----------
    matrix : array_like
        A non-empty 2-D matrix.
    highlight_row, highlight_col : int or None, optional
        0-based row and column whose entries are shown in `emphasis`; an
        index past the edge picks out nothing.
    digits : int, optional
        Decimals shown, as in `format_number`.
    label : str, optional
        Plain text for screen readers.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If `matrix` is not a non-empty 2-D matrix of numbers.

    Examples
    --------
    >>> text = matrix_html([[6, 19], [9, -3]], highlight_col=1)
    >>> text.count("<tr>"), text.count("<b "), "−3" in text
    (2, 2, True)
    """
    array = as_matrix(matrix, label)
    cells = [
        [
            emphasis(html_number(x, digits)) if i == highlight_row or j == highlight_col
            else html_number(x, digits)
            for j, x in enumerate(row)
        ]
        for i, row in enumerate(array)
    ]
    return bracket_table(cells, label)


def column_html(entries: Iterable[float], digits: int = 3, color: str | None = None, label: str = "column") -> str:
    """A column vector between brackets, all of it in `color` when given.

    >>> column_html([1, -2]).count("<tr>")
    2
    """
    cells = [[html_number(x, digits)] for x in entries]
    table = bracket_table(cells, label)
    return f'<span style="color:{color};font-weight:bold">{table}</span>' if color else table


def formula_html(*parts: str) -> str:
    """Pieces of HTML (text, tables) in one row, centred on each other's middle.

    The row wraps on a narrow screen rather than overflowing it.

    >>> formula_html("2", column_html([1, 3])).startswith('<span style="display:inline-flex')
    True
    """
    return f'<span style="{_ROW_STYLE}">' + "".join(f"<span>{p}</span>" for p in parts) + "</span>"


_SUBSCRIPT = re.compile(r"([A-Za-z])_(\{[^}]*\}|[0-9]+)")
_LETTERS = re.compile(r"[A-Za-z]+")


def subscripts_html(text: str) -> str:
    """Escape plain text and turn ``q_21`` into an italic *q* with subscript 21.

    Words without a subscript stay as they are, so the text may be prose.

    >>> subscripts_html("S_24 = q_2 · k_4 < 1")
    '<i>S</i><sub>24</sub> = <i>q</i><sub>2</sub> · <i>k</i><sub>4</sub> &lt; 1'
    """
    return _SUBSCRIPT.sub(
        lambda m: f"<i>{m.group(1)}</i><sub>{m.group(2).strip('{}')}</sub>", html.escape(text)
    )


def symbols_html(label: str) -> str:
    """A symbolic label such as ``(AB)ᵀ`` or ``A(B+C)``: the letters in italics.

    >>> symbols_html("(AB)ᵀ + rC")
    '(<i>AB</i>)<sup>T</sup> + <i>rC</i>'
    """
    text = _LETTERS.sub(lambda m: f"<i>{m.group(0)}</i>", html.escape(label))
    return text.replace("\N{MODIFIER LETTER CAPITAL T}", "<sup>T</sup>")


def plain_text(markup: str, gap: str = "") -> str:
    """The words of some HTML as a reader sees them: tags dropped (each replaced by `gap`), entities
    decoded.  For what a widget tells the learner, read back as text.

    >>> plain_text('<p>Row <b>2</b> &amp; column 3</p><p>done</p>', gap=" ").split()
    ['Row', '2', '&', 'column', '3', 'done']
    """
    return html.unescape(re.sub(r"<[^>]+>", gap, markup))


def paragraph_html(words: str) -> str:
    """Plain `words` as a paragraph of HTML, escaped.

    >>> paragraph_html("Rows & columns")
    '<p>Rows &amp; columns</p>'
    """
    return f"<p>{html.escape(words)}</p>"


def link_html(href: str, words: str) -> str:
    """A link as HTML, `words` already HTML: in the theme's link colour and underlined, so that it is
    told apart from the text around it without its colour (a widget's HTML does not style links).

    >>> link_html("02-entry.ipynb", "Lab 2")
    '<a href="02-entry.ipynb" style="color:var(--jp-content-link-color); text-decoration:underline">Lab 2</a>'
    """
    return (f'<a href="{html.escape(href, quote=True)}" '
            f'style="color:var(--jp-content-link-color); text-decoration:underline">{words}</a>')


def html_table(rows: Sequence[Iterable[str]]) -> str:
    """An HTML table with a header row, for prose with LaTeX (`MathHTML`): cells are inserted as given.

    >>> html_table([("form", "here"), ("$W$", "$A$")]).count("<th "), html_table([("a",), ("b",)]).count("<td ")
    (2, 1)
    """
    cell = "style='border:1px solid #ccc;padding:4px 10px;text-align:left'"
    body = "".join(
        "<tr>" + "".join(f"<{tag} {cell}>{text}</{tag}>" for text in row) + "</tr>"
        for tag, row in zip(["th"] + ["td"] * (len(rows) - 1), rows)
    )
    return f"<table style='border-collapse:collapse;margin:6px 0'>{body}</table>"
