"""The frame of a plot: the view it shows, its ticks, and arrows and cells drawn in it.

A plot of the plane (`VertexPlot`, the dense-layer and attention plots) needs
a square view that holds its data (`fit_bounds`) and does not jump at every
edit (`steady_bounds`), ticks at round numbers (`nice_ticks`) and arrows for
vectors (`arrow_polyline`); a heatmap needs the centres of its cells
(`cell_centers`); a bar chart of counts an axis from 0 with whole-number
ticks (`count_axis`).  Points follow the vertex-matrix convention of
`widgets.core.geometry` (one point per column).  Numpy only: the widgets
call these functions and draw the results.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "fit_bounds",
    "steady_bounds",
    "nice_ticks",
    "arrow_polyline",
    "cell_centers",
    "count_axis",
]


def fit_bounds(*arrays: ArrayLike, margin: float = 0.1, min_span: float = 1.0) -> tuple[float, float, float, float]:
    """Return equal-span axis bounds that contain every point given.

    Parameters
    ----------
    *arrays : array_like
        Vertex matrices (``2×N``) or stacks of them (``(..., 2, N)``).
    margin : float, optional
        Extra room on each side, as a fraction of the larger data span.
    min_span : float, optional
        Smallest span returned, so a shape collapsed to a point (the zero
        matrix) still gets a sensible view.

    Returns
    -------
    tuple of float
        ``(xmin, xmax, ymin, ymax)`` with ``xmax - xmin == ymax - ymin``,
        centred on the data, so a square figure shows the plane without
        stretching it.

    Examples
    --------
    >>> fit_bounds([[0, 2], [0, 1]], margin=0)
    (0.0, 2.0, -0.5, 1.5)
    >>> fit_bounds([[0, 0], [0, 0]], min_span=2)
    (-1.0, 1.0, -1.0, 1.0)
    """
    xs, ys = [], []
    for array in arrays:
        array = np.asarray(array, dtype=float)
        if array.size == 0:
            continue
        if array.ndim < 2 or array.shape[-2] != 2:
            raise ValueError(f"expected points as 2×N columns, got shape {array.shape}")
        flat = np.moveaxis(array, -2, 0).reshape(2, -1)
        xs.append(flat[0])
        ys.append(flat[1])
    if not xs:
        raise ValueError("fit_bounds needs at least one point")
    xs, ys = np.concatenate(xs), np.concatenate(ys)
    if not (np.all(np.isfinite(xs)) and np.all(np.isfinite(ys))):
        raise ValueError("fit_bounds needs finite points")
    span = max(xs.max() - xs.min(), ys.max() - ys.min())
    half = max(span * (1 + 2 * margin), min_span) / 2
    cx = (xs.max() + xs.min()) / 2
    cy = (ys.max() + ys.min()) / 2
    return (float(cx - half), float(cx + half), float(cy - half), float(cy + half))


def steady_bounds(
    current: tuple[float | None, ...] | None,
    wanted: tuple[float, ...],
    slack: float = 2.0,
) -> tuple[float, ...]:
    """Keep a plot's view while it still shows the data well, else move to `wanted`.

    A view that follows every edit jumps under the learner's eyes, and the
    browser redraws every mark and axis whenever it moves. The current view
    stays as long as it contains `wanted` and is at most `slack` times its
    span (so the data never shrinks to a speck).

    Parameters
    ----------
    current : tuple of float or None
        ``(xmin, xmax, ymin, ymax)`` shown now; None (or any None inside) if
        nothing is shown yet.
    wanted : tuple of float
        The view the data asks for, e.g. from `fit_bounds`.
    slack : float, optional
        How much larger than `wanted` the kept view may be.  Default 2.

    Returns
    -------
    tuple of float

    Examples
    --------
    >>> steady_bounds((-2, 2, -2, 2), (-1, 1.5, -1, 1.5))
    (-2, 2, -2, 2)
    >>> steady_bounds((-2, 2, -2, 2), (-1, 3, -1, 3))  # no longer contains it
    (-1, 3, -1, 3)
    >>> steady_bounds((-9, 9, -9, 9), (-1, 1, -1, 1))  # far too large now
    (-1, 1, -1, 1)
    """
    if current is None or any(v is None for v in current):
        return wanted
    xmin, xmax, ymin, ymax = current
    wxmin, wxmax, wymin, wymax = wanted
    contains = xmin <= wxmin and wxmax <= xmax and ymin <= wymin and wymax <= ymax
    close = max(xmax - xmin, ymax - ymin) <= slack * max(wxmax - wxmin, wymax - wymin)
    return current if contains and close else wanted


def nice_ticks(lo: float, hi: float, target: int = 6) -> np.ndarray:
    """Return tick positions at round multiples (1, 2, 2.5 or 5 times 10^k).

    Parameters
    ----------
    lo, hi : float
        The axis range.
    target : int, optional
        Roughly how many tick intervals to aim for (at most this many).

    Returns
    -------
    numpy.ndarray
        The multiples of the step that lie in ``[lo, hi]``.

    Examples
    --------
    >>> nice_ticks(-0.24, 2.24)
    array([0. , 0.5, 1. , 1.5, 2. ])
    >>> nice_ticks(-30, 130)
    array([  0.,  50., 100.])
    """
    lo, hi = float(lo), float(hi)
    if not hi > lo:
        return np.array([lo])
    raw = (hi - lo) / max(int(target), 1)
    magnitude = 10.0 ** np.floor(np.log10(raw))
    for multiple in (1.0, 2.0, 2.5, 5.0, 10.0):
        step = multiple * magnitude
        if step >= raw:
            break
    ticks = step * np.arange(np.ceil(lo / step), np.floor(hi / step) + 1)
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = np.round(ticks, 10)  # scales by 1e10: overflows past 1e298
    ticks = np.where(np.isfinite(rounded), rounded, ticks)
    return ticks + 0.0  # + 0.0 turns -0.0 into 0.0


def arrow_polyline(tip: ArrayLike, tail: ArrayLike = (0.0, 0.0), head: float = 0.1, angle: float = 25.0) -> np.ndarray:
    """Return an arrow from `tail` to `tip` as one ``2×5`` polyline.

    The path runs tail → tip → left barb → tip → right barb, so a single
    line mark draws the shaft and a V-shaped head.

    Parameters
    ----------
    tip, tail : array_like
        End points (x, y).
    head : float, optional
        Barb length in data units (the caller scales it to the view).  The
        barbs are shortened for very short arrows.
    angle : float, optional
        Angle between shaft and barb, in degrees.

    Returns
    -------
    numpy.ndarray
        Shape ``(2, 5)``.  A zero-length arrow collapses to its tail.

    Examples
    --------
    >>> arrow = arrow_polyline((1, 0), head=0.1, angle=90)
    >>> arrow.round(3)
    array([[ 0. ,  1. ,  1. ,  1. ,  1. ],
           [ 0. ,  0. ,  0.1,  0. , -0.1]])
    """
    tip = np.asarray(tip, dtype=float)
    tail = np.asarray(tail, dtype=float)
    shaft = tip - tail
    length = float(np.hypot(*shaft))
    if length == 0.0:
        return np.repeat(tail[:, None], 5, axis=1)
    back = -shaft / length * min(float(head), 0.4 * length)
    a = np.radians(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    left = tip + rot.T @ back
    right = tip + rot @ back
    return np.stack([tail, tip, left, tip, right], axis=1)


def cell_centers(n_rows: int, n_cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the centres of the cells of an ``n_rows×n_cols`` grid.

    Cell ``(i, j)`` spans ``[j, j+1]`` horizontally and ``[i, i+1]``
    vertically, so its centre is ``(j + 0.5, i + 0.5)``.

    Returns
    -------
    tuple of numpy.ndarray
        ``(x, y)``, each of length ``n_rows * n_cols``, in row-major order
        (entry ``k`` is cell ``(k // n_cols, k % n_cols)``).

    Examples
    --------
    >>> cell_centers(2, 3)
    (array([0.5, 1.5, 2.5, 0.5, 1.5, 2.5]), array([0.5, 0.5, 0.5, 1.5, 1.5, 1.5]))
    """
    rows, cols = np.divmod(np.arange(int(n_rows) * int(n_cols)), int(n_cols))
    return cols + 0.5, rows + 0.5


def count_axis(counts: ArrayLike) -> tuple[float, np.ndarray]:
    """The axis of a chart of counts: 0 to a tenth above the largest count, at most six whole-number ticks.

    The headroom keeps the top tick's label, and the longest bar's count, inside the chart.

    Parameters
    ----------
    counts : array_like
        The counts drawn (any shape; none at all counts as a largest count of 1).

    Returns
    -------
    top : float
        The axis' end.
    ticks : numpy.ndarray
        The ticks, from 0 at a whole-number step.

    Examples
    --------
    >>> top, ticks = count_axis([3, 30])
    >>> top, ticks.tolist()
    (33.0, [0.0, 6.0, 12.0, 18.0, 24.0, 30.0])
    """
    top = max([1, *np.ravel(counts).tolist()])
    return round(top * 1.1, 1), np.arange(0, top + 1, math.ceil(top / 5), dtype=float)
