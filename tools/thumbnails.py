"""Small pictures of what each lab draws, as SVG text, for the gallery (``labs/index.ipynb``).

Each picture is computed, with the same functions of `widgets.core` the lab
calls, from the numbers the lab starts with (`widgets.core.lab_numbers`):
lab 1's columns of ``A`` mixed end to end into a column of ``AB``, lab 5's
house under the stretch, lab 7's scores, and so on.  `gallery_pictures`
returns them all, each with the alt text that says what it shows (never the
answer of a question its lab asks: the gallery is read before the labs);
``gallery_pictures.py``, beside this file, writes them into the gallery as
raw HTML ``<img>`` tags with ``data:`` addresses (inside the notebook, so they
work offline, in JupyterLab, Voila and Voila under ``jupyter server`` alike).
A tool, not part of the package: no lab and no widget draws these pictures.

Examples
--------
>>> pictures = gallery_pictures()
>>> sorted(pictures) == list(range(1, 11))
True
>>> pictures[1].svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> pictures[1].alt
'The columns of A taken 5, −2 and −1 times, end to end; the red arrow from the origin to their end is column 1 of AB.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from widgets.core.attention_math import attention
from widgets.core.dense_layer import dense_layer
from widgets.core.geometry import HOUSE, UNIT_SQUARE, apply_map, convex_hull
from widgets.core.lab_numbers import LAB1, LAB2, LAB3, LAB4, LAB5, LAB6, LAB8, LAB9, LAB10
from widgets.core.maps_gallery import gallery_matrix
from widgets.core.plot_frame import arrow_polyline, fit_bounds
from widgets.core.products import product_by_columns
from widgets.text.numbers import html_number

__all__ = ["Picture", "plane_svg", "heatmaps_svg", "gallery_pictures"]

#: The side of every picture, in CSS pixels.
SIZE = 120
#: What was there before a map (dashed), what the map made (filled), and a highlight.
BEFORE, AFTER, MARK = "#6b6b6b", "#1f6fb4", "#c0392b"
#: The ends of the heatmaps' scale: negative numbers, zero, positive numbers.
NEGATIVE, ZERO, POSITIVE = (192, 57, 43), (255, 255, 255), (31, 111, 180)


@dataclass(frozen=True)
class Picture:
    """One lab's picture: the SVG document and the alt text that says what it shows."""

    svg: str
    alt: str


def _number(x):
    """A number as the labs write it (``−2``, ``0.5``), for alt text."""
    return html_number(x, 3)


def _svg(body, width=SIZE, height=SIZE):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
        f'<rect width="{width}" height="{height}" rx="6" fill="#ffffff"/>{body}</svg>'
    )


def _path(points, to_px):
    """An SVG path through the columns of a ``2×N`` array."""
    xs, ys = to_px(np.asarray(points, dtype=float))
    return "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys))


def plane_svg(
    before: Sequence[ArrayLike] = (),
    after: Sequence[ArrayLike] = (),
    arrows: Sequence[tuple[ArrayLike, ArrayLike, bool]] = (),
    dots: Sequence[ArrayLike] | np.ndarray = (),
) -> str:
    """A square picture of the plane: outlines, arrows and dots in one frame.

    Parameters
    ----------
    before, after : sequence of array_like
        ``2×N`` outlines (points as columns), drawn dashed (``before``) or
        filled (``after``).
    arrows : sequence of (tail, tip, highlighted)
        Arrows from `tail` to `tip`; highlighted ones in the highlight colour.
    dots : sequence of (x, y)
        Points marked with a dot in the highlight colour.

    Returns
    -------
    str
        An SVG document ``SIZE`` pixels square, axes through the origin.

    Examples
    --------
    >>> svg = plane_svg(before=[UNIT_SQUARE], after=[2 * UNIT_SQUARE])
    >>> svg.count("<path"), 'stroke-dasharray' in svg
    (3, True)
    """
    shapes = [np.asarray(p, dtype=float) for p in (*before, *after)]
    ends = [np.column_stack([tail, tip]).astype(float) for tail, tip, _ in arrows]
    xmin, xmax, ymin, ymax = fit_bounds(np.zeros((2, 1)), *shapes, *ends,
                                        *(np.reshape(d, (2, 1)) for d in dots), margin=0.12)
    heads = [arrow_polyline(end[:, 1], end[:, 0], head=0.08 * (xmax - xmin)) for end in ends]
    pad = 6
    unit = (SIZE - 2 * pad) / (xmax - xmin)

    def to_px(points):
        return pad + (points[0] - xmin) * unit, SIZE - pad - (points[1] - ymin) * unit

    axes = _path([[xmin, xmax], [0, 0]], to_px) + _path([[0, 0], [ymin, ymax]], to_px)
    body = [f'<path d="{axes}" stroke="#c8c8c8" stroke-width="1"/>']
    body += [f'<path d="{_path(p, to_px)}" fill="none" stroke="{BEFORE}" stroke-width="1.5" '
             f'stroke-dasharray="4 3"/>' for p in before]
    body += [f'<path d="{_path(p, to_px)}" fill="{AFTER}" fill-opacity="0.25" stroke="{AFTER}" '
             f'stroke-width="2" stroke-linejoin="round"/>' for p in after]
    for (_, _, highlighted), head in zip(arrows, heads):
        colour = MARK if highlighted else AFTER
        body.append(f'<path d="{_path(head, to_px)}" fill="none" stroke="{colour}" '
                    f'stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>')
    for dot in dots:
        (x,), (y,) = to_px(np.reshape(np.asarray(dot, dtype=float), (2, 1)))
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{MARK}"/>')
    return _svg("".join(body))


def _shade(value, largest):
    """The heatmap colour of `value` on a scale whose ends are ``±largest``."""
    t = 0.0 if largest == 0 else max(-1.0, min(1.0, value / largest))
    end = POSITIVE if t >= 0 else NEGATIVE
    r, g, b = (round(z + abs(t) * (e - z)) for z, e in zip(ZERO, end))
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmaps_svg(*matrices: ArrayLike, outline: tuple[int, int] | None = None,
                 outline_size: tuple[int, int] = (1, 1)) -> str:
    """Square pictures of matrices side by side, one shaded cell per entry.

    Blue is positive, red negative, white zero, on one scale for all of
    them (the largest absolute entry is full colour).

    Parameters
    ----------
    *matrices : array_like
        2-D arrays.
    outline : (int, int), optional
        A cell of the first matrix (0-based) to outline: the top left one of a
        block of `outline_size` (rows, columns), one cell by default.

    Examples
    --------
    >>> svg = heatmaps_svg([[1, -1], [0, 2]], outline=(1, 1))
    >>> svg.count("<rect") - 1, '#1f6fb4' in svg, '#ffffff"/>' in svg
    (5, True, True)
    """
    matrices = [np.atleast_2d(np.asarray(m, dtype=float)) for m in matrices]
    largest = max(float(np.abs(m).max()) for m in matrices)
    gap, pad = 8, 6
    side = (SIZE - 2 * pad - gap * (len(matrices) - 1)) / len(matrices)
    body = []
    for k, matrix in enumerate(matrices):
        rows, cols = matrix.shape
        cell = side / max(rows, cols)
        left = pad + k * (side + gap) + (side - cell * cols) / 2
        top = (SIZE - cell * rows) / 2
        for (i, j), value in np.ndenumerate(matrix):
            body.append(f'<rect x="{left + j * cell:.1f}" y="{top + i * cell:.1f}" '
                        f'width="{cell:.1f}" height="{cell:.1f}" fill="{_shade(value, largest)}" '
                        f'stroke="#ffffff" stroke-width="1"/>')
        if outline is not None and k == 0:
            (i, j), (high, wide) = outline, outline_size
            body.append(f'<rect x="{left + j * cell:.1f}" y="{top + i * cell:.1f}" '
                        f'width="{wide * cell:.1f}" height="{high * cell:.1f}" fill="none" stroke="{MARK}" '
                        f'stroke-width="2.5"/>')
    return _svg("".join(body))


def _lab1():
    A, B = LAB1.A, LAB1.B
    weights = B[:, 0]
    ends = np.cumsum(A * weights, axis=1)
    column = product_by_columns(A, B)[0]
    tails = [np.zeros(2), *ends.T[:-1]]
    arrows = [(tail, tip, False) for tail, tip in zip(tails, ends.T)] + [((0, 0), column, True)]
    words = ", ".join(_number(w) for w in weights[:-1]) + f" and {_number(weights[-1])}"
    # Where the arrows end is lab 1's activity (column 1 of AB): the words do not say it.
    return Picture(plane_svg(arrows=arrows),
                   f"The columns of A taken {words} times, end to end; the red arrow from the "
                   "origin to their end is column 1 of AB.")


def _lab2():
    # The factors, not the product: a shaded AB would show the activity's entry by its colour.
    return Picture(heatmaps_svg(LAB2.A, LAB2.B, outline=(1, 0), outline_size=(1, 3)),
                   "The 3×3 matrices A and B as shaded cells side by side, row 2 of A outlined: "
                   "entry (2, 3) of AB is row 2 of A dotted with column 3 of B.")


def _lab3():
    # The two maps one at a time: the products RS and SR are lab 3's questions, and their pictures
    # (the images of the unit square) would show their columns.
    R, S = LAB3.R, LAB3.S
    return Picture(plane_svg(before=[UNIT_SQUARE], after=[apply_map(R, UNIT_SQUARE), apply_map(S, UNIT_SQUARE)]),
                   "The unit square (dashed) and where a quarter turn R and a horizontal stretch S "
                   "each send it (filled): what do the two do one after the other, in each order?")


def _lab4():
    stretched = apply_map(LAB4.S, HOUSE)
    return Picture(plane_svg(before=[HOUSE, stretched], after=[apply_map(LAB4.R @ LAB4.S, HOUSE)]),
                   # Which single matrix does both is the lab's first question: not named here.
                   "A house (dashed), the house stretched by S (dashed), and that stretched "
                   "house turned a quarter turn by R (filled).")


def _lab5():
    matrix = gallery_matrix(LAB5.map_name)
    return Picture(plane_svg(before=[HOUSE], after=[apply_map(matrix, HOUSE)]),
                   f"A house (dashed) and Y = AX: every corner moved by the stretch A, x times "
                   f"{_number(matrix[0, 0])} and y times {_number(matrix[1, 1])}.")


def _lab6():
    # Where the layer sends the origin is lab 6's first question: no dot on b, no word of it.
    image = dense_layer(LAB6.W, HOUSE, LAB6.b.ravel())
    return Picture(plane_svg(before=[HOUSE], after=[image]),
                   "A house (dashed) and the shape the layer x ↦ W x + b makes of it (filled).")


#: Lab 7's picture: a query and four keys in the plane, numbers of no question of the lab.
QUERY, KEYS = (1.0, 0.6), ((0.9, 0.9), (-0.7, 0.8), (0.3, -0.9), (1.0, 0.1))


def _lab7():
    # Lab 7 asks for the shapes of Q, Kᵀ and S, what S₂₄ is made of and its value: a picture of its
    # S would show the shape by its cells and S₂₄ by its colour. The idea instead, on other numbers.
    arrows = [((0, 0), key, False) for key in KEYS] + [((0, 0), QUERY, True)]
    return Picture(plane_svg(arrows=arrows),
                   "A query (the red arrow) and four keys (blue arrows): the score of each key is "
                   "its dot product with the query, largest for the key that points most its way.")


def _lab8():
    values = attention(*LAB8.inputs).V
    # Lab 8 asks for h₂ and why every output is an average: no output drawn, no word of either.
    return Picture(plane_svg(after=[convex_hull(values).T], dots=values),
                   # The polygon is their convex hull, not their span (lab 8 says so: the span is the plane).
                   "The value vectors of the tokens “the cat sat down” as four dots, and the "
                   "smallest convex polygon around them, shaded.")


def _lab9():
    weights = attention(*LAB9.inputs, scale=1.0).A  # lab 9 starts unscaled
    return Picture(heatmaps_svg(weights),
                   # Lab 9 asks for a softmax row and what the mask does to row 1: not said here.
                   "The attention weights of the tokens “the cat sat down”, the softmax of the "
                   "scores, as shaded cells: the darker a cell, the larger its weight.")


def _lab10():
    X, W_Q, W_K, W_V = LAB10.inputs
    # Whether doubling X changes the weights is lab 10's question: the weights of 2X beside those of X
    # would answer it, so only those of X.
    return Picture(heatmaps_svg(attention(X, W_Q, W_K, W_V).A),
                   "The 3×3 attention weights of the tokens X as shaded cells: what becomes of them, "
                   "and of the output, when every token doubles?")


def gallery_pictures() -> dict[int, Picture]:
    """Every lab's `Picture`, by lab number (1 to 10), computed now.

    Returns
    -------
    dict of int to Picture
    """
    makers = (_lab1, _lab2, _lab3, _lab4, _lab5, _lab6, _lab7, _lab8, _lab9, _lab10)
    return {number: make() for number, make in enumerate(makers, start=1)}
