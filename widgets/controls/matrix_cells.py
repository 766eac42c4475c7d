"""The cells of a `MatrixEditor`: one `Text` per entry, and the colours that mark them.

Each cell carries its row and column as CSS classes (``mx-r1``, ``mx-c2``), so
the highlighted row and column and the bad entries are painted by one style
sheet (`tint_css`) instead of a style on every cell: moving the highlight is
one update, and every cell shares the kernel's one unchangeable `TextStyle`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from ipywidgets import Text

from ..base.shared_models import steady

__all__ = [
    "CROSS_BACKGROUND",
    "ERROR_BACKGROUND",
    "HIGHLIGHT_BACKGROUND",
    "cell_background",
    "make_cell",
    "tint_css",
]

#: Cell backgrounds: a bad entry wins over a highlight.
ERROR_BACKGROUND = "#f8d7da"
HIGHLIGHT_BACKGROUND = "#fff3c4"
CROSS_BACKGROUND = "#ffe08a"
_CELL_WIDTH = "4.5em"


def make_cell(i: int, j: int, text: str, tooltip: str, placeholder: str, *, disabled: bool) -> Text:
    """The `Text` of cell ``(i, j)``, committed on Enter or when focus leaves it.

    `tooltip` is also its description, the input's ``<label>`` that a screen
    reader announces, kept unseen by a zero width.  Its layout and style are
    every cell's (`steady`).

    >>> cell = make_cell(1, 2, "0.5", "A, row 2, column 3", "A[2,3]", disabled=False)
    >>> cell.value, cell.description, cell._dom_classes
    ('0.5', 'A, row 2, column 3', ('mx-r1', 'mx-c2'))
    """
    return steady(
        Text,
        value=text,
        continuous_update=False,
        disabled=disabled,
        description=tooltip,
        tooltip=tooltip,
        placeholder=placeholder,
        layout={"width": _CELL_WIDTH},
        style={"description_width": "0px"},
        _dom_classes=(f"mx-r{i}", f"mx-c{j}"),  # for the editor's style sheet
    )


def cell_background(i: int, j: int, bad: Container[tuple[int, int]], row: int | None, col: int | None) -> str | None:
    """The colour cell ``(i, j)`` shows: a bad entry's, a highlight's, or None.

    Parameters
    ----------
    i, j : int
        The cell.
    bad : container of (int, int)
        The cells that hold a bad entry.
    row, col : int or None
        The highlighted row and column.

    Examples
    --------
    >>> cell_background(0, 1, set(), 0, 1) == CROSS_BACKGROUND
    True
    >>> cell_background(0, 1, {(0, 1)}, 0, None) == ERROR_BACKGROUND
    True
    >>> cell_background(1, 0, set(), 0, None) is None
    True
    """
    if (i, j) in bad:
        return ERROR_BACKGROUND
    in_row, in_col = i == row, j == col
    if in_row and in_col:
        return CROSS_BACKGROUND
    if in_row or in_col:
        return HIGHLIGHT_BACKGROUND
    return None


def tint_css(editor: str, row: int | None, col: int | None, bad: Iterable[tuple[int, int]] = ()) -> str:
    """The style sheet that paints the cells under `editor`: row `row`, column `col`, and `bad`.

    Parameters
    ----------
    editor : str
        A CSS selector of the editor (its own class).
    row, col : int or None
        The highlighted row and column.
    bad : iterable of (int, int)
        The cells that hold a bad entry: their colour wins (the same
        selector weight as a crossing, and later).

    Examples
    --------
    >>> tint_css(".ed", None, 1)
    '<style>.ed .mx-c1 input.widget-input {background-color: #fff3c4}</style>'
    >>> tint_css(".ed", None, None, bad=[(0, 1)])
    '<style>.ed .mx-r0.mx-c1 input.widget-input {background-color: #f8d7da}</style>'
    >>> tint_css(".ed", None, None)
    ''
    """
    places = []
    if row is not None:
        places.append((f".mx-r{row}", HIGHLIGHT_BACKGROUND))
    if col is not None:
        places.append((f".mx-c{col}", HIGHLIGHT_BACKGROUND))
    if row is not None and col is not None:
        places.append((f".mx-r{row}.mx-c{col}", CROSS_BACKGROUND))
    places.extend((f".mx-r{i}.mx-c{j}", ERROR_BACKGROUND) for i, j in sorted(bad))
    rules = [
        f"{editor} {selector} input.widget-input {{background-color: {color}}}"
        for selector, color in places
    ]
    return f"<style>{' '.join(rules)}</style>" if rules else ""
