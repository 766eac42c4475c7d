"""What each plot shows, in words: the text a screen reader reads instead of the drawing.

A plot is a picture; someone who cannot see it needs the same numbers in a
sentence (a vertex plot: the corners before and after the map), and a
heatmap needs its numbers as a table.  The views (`widgets.views`) set these
strings as the figure's ``tooltip`` each time they redraw, so the words always
match the drawing; the page's template (``matmul_access.html``) turns the
tooltip into the figure's accessible name and, for a heatmap, into a visually
hidden table.

A heatmap's alternative is several lines: the sentence, then the table, one
line a row, its cells separated by tabs (`TABLE_CELL`), the first row the
column headers and the first cell of each row its header.  Every other
alternative is one line.  Pure string work on numpy arrays: no widgets here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..core.parsing import format_number
from ..core.wording import in_words

__all__ = [
    "TABLE_CELL", "dot_product", "heatmap", "points_in_words", "token_lines", "values_plot",
    "vertex_plot",
]

#: Separates the cells of a table row in a heatmap's alternative.
TABLE_CELL = "\t"


def _point(x, y):
    return f"({format_number(x)}, {format_number(y)})"


def points_in_words(points: ArrayLike) -> str:
    """The points of a ``2×N`` array (one per column) as a list in words.

    A closed polygon's last column, which repeats its first, is said once.

    Examples
    --------
    >>> points_in_words([[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]])
    '(0, 0), (1, 0), (1, 1) and (0, 1)'
    >>> points_in_words([[0.5], [-2]])
    '(0.5, -2)'
    """
    points = np.asarray(points, dtype=float)
    if points.shape[1] > 1 and np.array_equal(points[:, 0], points[:, -1]):
        points = points[:, :-1]
    return in_words([_point(x, y) for x, y in points.T])


def _titled(title, sentence):
    return f"{title}: {sentence}" if title else sentence[0].upper() + sentence[1:]


def vertex_plot(shape: ArrayLike, image: ArrayLike, basis: ArrayLike | None = None, title: str = "") -> str:
    """A shape and its image under a map, as a vertex plot draws them.

    Parameters
    ----------
    shape, image : array_like, shape (2, N)
        The corners before and after the map, one per column.
    basis : array_like, shape (2, 2), optional
        The images of ``e1`` and ``e2`` as columns, when the plot draws them.
    title : str, optional
        The plot's title, said first.

    Examples
    --------
    >>> print(vertex_plot([[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]],
    ...                   [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]], [[1, 1], [0, 1]], "Shear"))
    Shear: the shape (dashed) with corners (0, 0), (1, 0), (1, 1) and (0, 1) \
goes to the image (filled) with corners (0, 0), (1, 0), (2, 1) and (1, 1); \
e1 goes to (1, 0) and e2 to (1, 1).
    """
    sentence = (
        f"the shape (dashed) with corners {points_in_words(shape)} "
        f"goes to the image (filled) with corners {points_in_words(image)}"
    )
    if basis is not None:
        (x1, x2), (y1, y2) = np.asarray(basis, dtype=float)
        sentence += f"; e1 goes to {_point(x1, y1)} and e2 to {_point(x2, y2)}"
    return _titled(title, sentence + ".")


def heatmap(matrix: ArrayLike, row_names: Iterable[str], col_names: Iterable[str], title: str = "") -> str:
    """A heatmap's numbers: a sentence, then the table (see the module's docstring).

    Parameters
    ----------
    matrix : array_like, shape (m, n)
        The entries, drawn as coloured cells.
    row_names, col_names : sequence of str
        The headers of the rows (top to bottom) and of the columns.
    title : str, optional
        The heatmap's title, said first and used as the table's name.

    Examples
    --------
    >>> text = heatmap([[2, -1], [0, 0.25]], ["the", "cat"], ["the", "cat"], "S")
    >>> print(text.replace(TABLE_CELL, " | "))
    S: a heatmap of 2 rows and 2 columns, entries from -1 to 2; as a table:
     | the | cat
    the | 2 | -1
    cat | 0 | 0.25
    """
    matrix = np.asarray(matrix, dtype=float)
    rows, cols = matrix.shape
    low, high = format_number(matrix.min()), format_number(matrix.max())
    spread = f"every entry {low}" if low == high else f"entries from {low} to {high}"
    noun = lambda count, word: f"{count} {word}{'' if count == 1 else 's'}"  # noqa: E731
    sentence = (
        f"a heatmap of {noun(rows, 'row')} and {noun(cols, 'column')}, {spread}; as a table:"
    )
    lines = [TABLE_CELL.join(["", *col_names])]
    lines += [
        TABLE_CELL.join([name, *(format_number(v) for v in row)])
        for name, row in zip(row_names, matrix)
    ]
    return "\n".join([_titled(title, sentence), *lines])


def values_plot(
    values: ArrayLike,
    outputs: ArrayLike,
    output_names: Sequence[str],
    focus: int | None = None,
    weights: Iterable[float] | None = None,
) -> str:
    """The value points, the outputs as their weighted averages, and the focused output's weights.

    Parameters
    ----------
    values : array_like, shape (L, 2)
        The value vectors ``v1``, ``v2``, ... one per row.
    outputs : array_like, shape (m, 2)
        The outputs, one per row.
    output_names : sequence of str
        Their names.
    focus : int or None, optional
        The 0-based output whose lines to the values are drawn.
    weights : array_like, shape (L,), optional
        That output's weights (how opaque each line is).

    Examples
    --------
    >>> print(values_plot([[1, 0], [0, 4]], [[0.5, 2]], ["h1"], 0, [0.5, 0.5]))
    Values v1 (1, 0) and v2 (0, 4), their convex hull shaded; output h1 at (0.5, 2), \
inside it; lines from h1 to each value, as opaque as its weight: v1 0.5 and v2 0.5.
    """
    values, outputs = np.asarray(values, dtype=float), np.asarray(outputs, dtype=float)
    points = in_words([f"v{j + 1} {_point(x, y)}" for j, (x, y) in enumerate(values)])
    said = in_words([f"{name} at {_point(x, y)}" for name, (x, y) in zip(output_names, outputs)])
    noun = "output" if len(outputs) == 1 else "outputs"
    sentence = f"Values {points}, their convex hull shaded; {noun} {said}, inside it"
    if focus is not None and weights is not None:
        shares = in_words([f"v{j + 1} {format_number(w, 2)}" for j, w in enumerate(weights)])
        sentence += (
            f"; lines from {output_names[focus]} to each value, as opaque as its weight: {shares}"
        )
    return sentence + "."


def token_lines(query: str, names: Iterable[str], weights: Iterable[float]) -> str:
    """One query token's attention weights, drawn as lines to every token.

    Examples
    --------
    >>> token_lines("cat", ["the", "cat", "sat"], [0, 0.5, 0.5])
    'Lines from cat to every token, as thick as its weight: the 0, cat 0.5 and sat 0.5.'
    """
    shares = in_words([f"{name} {format_number(w, 2)}" for name, w in zip(names, weights)])
    return f"Lines from {query} to every token, as thick as its weight: {shares}."


def dot_product(q: Iterable[float], k: Iterable[float], score: float, angle: float | None) -> str:
    """Two arrows from the origin, their dot product and the angle between them.

    Examples
    --------
    >>> dot_product((2, 1), (1, 2), 4.0, 36.87)
    'Arrows q to (2, 1) and k to (1, 2); q · k = 4, at 36.9° apart.'
    >>> dot_product((0, 0), (1, 2), 0.0, None)
    'Arrows q to (0, 0) and k to (1, 2); q · k = 0, no angle: a vector is zero.'
    """
    apart = "no angle: a vector is zero" if angle is None else f"at {format_number(angle, 1)}° apart"
    return f"Arrows q to {_point(*q)} and k to {_point(*k)}; q · k = {format_number(score)}, {apart}."
