"""Plane geometry for drawing maps: shapes as vertex matrices, and maps applied to them.

The syllabus stores the vertices of a shape as the **columns** of a ``2×N``
matrix ``X``, so that ``Y = A @ X`` maps every vertex at once.  Everything
here follows that convention and uses numpy only; the plotting widgets
(`VertexPlot`, the lab composites) call these functions and draw the
results.  The frame around a plot (its view, ticks, arrows and a heatmap's
cells) is in `widgets.core.plot_frame`.

A *transform* is either a ``2×2`` matrix or a *rule*: a Python callable
taking a ``2×N`` array of points (as columns) and returning a ``2×N`` array,
for maps that are not matrix maps.  A grid of input lines, sampled densely,
shows what a rule bends that a matrix keeps straight.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from .shapes import ShapeError, as_finite_array, as_matrix

__all__ = [
    "UNIT_SQUARE",
    "HOUSE",
    "as_points",
    "as_matrix_2x2",
    "is_closed",
    "close_polygon",
    "apply_map",
    "basis_images",
    "square_grid",
    "map_lines",
    "grid_extent",
    "input_grid",
    "convex_hull",
]


def _frozen(array):
    array = np.array(array, dtype=float)
    array.flags.writeable = False
    return array


#: The unit square, closed: its last column repeats the first (syllabus 1.4.4).
UNIT_SQUARE = _frozen([[0, 1, 1, 0, 0],
                       [0, 0, 1, 1, 0]])

#: A house (square, roof, and a chimney on the right slope of the roof), closed.
#: The chimney makes it asymmetric: no reflection maps it onto itself, so a
#: flip always shows (a roof alone would be symmetric about x = 0.5).
HOUSE = _frozen([[0, 1, 1, 0.8, 0.8, 0.6, 0.6, 0.5, 0, 0],
                 [0, 0, 1, 1.2, 1.6, 1.6, 1.4, 1.5, 1, 0]])


def as_points(value: ArrayLike, name: str = "points") -> np.ndarray:
    """Return `value` as a ``2×N`` float array of points stored as columns.

    Parameters
    ----------
    value : array_like
        Two rows (x coordinates, then y coordinates) and at least one column.
    name : str, optional
        What to call the array in messages.

    Returns
    -------
    numpy.ndarray
        A new float64 array of shape ``(2, N)``.

    Raises
    ------
    ValueError
        If `value` is not a ``2×N`` table of finite numbers.

    Examples
    --------
    >>> as_points([[0, 1], [0, 2]])
    array([[0., 1.],
           [0., 2.]])
    >>> as_points([[0, 0], [1, 0], [1, 1]])
    Traceback (most recent call last):
        ...
    ValueError: points must be 2×N (one point per column, x in row 1, y in row 2), got shape (3, 2)
    """
    array = as_finite_array(value, name)
    if array.ndim != 2 or array.shape[0] != 2 or array.shape[1] < 1:
        raise ValueError(
            f"{name} must be 2×N (one point per column, x in row 1, "
            f"y in row 2), got shape {array.shape}"
        )
    return array


def as_matrix_2x2(value: ArrayLike, name: str = "matrix") -> np.ndarray:
    """Return `value` as a ``2×2`` float array of finite numbers.

    Parameters
    ----------
    value : array_like
        A ``2×2`` table of numbers.
    name : str, optional
        What to call the matrix in messages.

    Returns
    -------
    numpy.ndarray
        A new float64 array of shape ``(2, 2)``.

    Raises
    ------
    ValueError
        If `value` is not ``2×2`` or holds a non-finite entry.

    Examples
    --------
    >>> as_matrix_2x2([[1, 1], [0, 1]])
    array([[1., 1.],
           [0., 1.]])
    >>> as_matrix_2x2([[1, 2, 3]], name="A")
    Traceback (most recent call last):
        ...
    ValueError: A must be 2×2, got shape (1, 3)
    """
    array = as_finite_array(value, name)
    if array.shape != (2, 2):
        raise ValueError(f"{name} must be 2×2, got shape {array.shape}")
    return array


def is_closed(points: ArrayLike) -> bool:
    """Whether the last column of `points` repeats the first.

    Examples
    --------
    >>> is_closed(UNIT_SQUARE), is_closed(UNIT_SQUARE[:, :-1])
    (True, False)
    """
    points = np.asarray(points)
    return points.shape[1] > 1 and bool(np.array_equal(points[:, 0], points[:, -1]))


def close_polygon(points: ArrayLike) -> np.ndarray:
    """Return `points` with the first column repeated at the end, if needed.

    Parameters
    ----------
    points : array_like
        A ``2×N`` vertex matrix.

    Returns
    -------
    numpy.ndarray
        ``2×N`` if `points` is already closed, else ``2×(N+1)``.

    Examples
    --------
    >>> close_polygon([[0, 1, 1], [0, 0, 1]])
    array([[0., 1., 1., 0.],
           [0., 0., 1., 0.]])
    """
    points = np.asarray(points, dtype=float)
    if is_closed(points) or points.shape[1] < 2:
        return points.copy()
    return np.concatenate([points, points[:, :1]], axis=1)


def apply_map(transform: ArrayLike | Callable[[np.ndarray], ArrayLike], points: ArrayLike) -> np.ndarray:
    """Apply a ``2×2`` matrix or a rule to every column of `points`.

    Parameters
    ----------
    transform : array_like or callable
        A ``2×2`` matrix ``A`` (the result is ``A @ points``) or a rule: a
        callable taking a ``2×N`` array of points as columns and returning
        one of the same shape.
    points : array_like
        A ``2×N`` vertex matrix.

    Returns
    -------
    numpy.ndarray
        The ``2×N`` image, column ``j`` being the image of column ``j``.

    Raises
    ------
    ValueError
        If the matrix is not ``2×2``, or the rule raises, returns the wrong
        shape or returns non-finite numbers.  The message says which.

    Examples
    --------
    The shear of the unit square from Activity 1.4.4:

    >>> apply_map([[1, 1], [0, 1]], UNIT_SQUARE)
    array([[0., 1., 2., 1., 0.],
           [0., 0., 1., 1., 0.]])

    A rule that is not a matrix map (it moves the origin):

    >>> apply_map(lambda X: X + 1, [[0, 2], [0, 0]])
    array([[1., 3.],
           [1., 1.]])
    """
    points = as_points(points)
    if not callable(transform):
        return as_matrix_2x2(transform) @ points
    try:
        # The rule gets a copy, so a rule that edits its input in place
        # cannot corrupt the caller's points.
        result = transform(points.copy())
    except Exception as error:  # any failure of user code is reported
        raise ValueError(
            f"the rule failed on a 2×{points.shape[1]} array of points: "
            f"{type(error).__name__}: {error}"
        ) from error
    try:
        result = np.array(result, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            f"the rule must return numbers, got {type(result).__name__}"
        ) from None
    if result.shape != points.shape:
        raise ValueError(
            f"the rule must return an array of the same shape as its input "
            f"{points.shape}, got shape {result.shape}"
        )
    if not np.all(np.isfinite(result)):
        raise ValueError("the rule returned a non-finite number (nan or inf)")
    return result


def basis_images(transform: ArrayLike | Callable[[np.ndarray], ArrayLike]) -> np.ndarray:
    """Return the images of ``e1`` and ``e2`` as the columns of a ``2×2`` array.

    For a matrix these are its columns; for a rule, the rule applied to
    ``(1, 0)`` and ``(0, 1)``.

    Examples
    --------
    >>> basis_images([[1, 1], [0, 1]])
    array([[1., 1.],
           [0., 1.]])
    >>> basis_images(lambda X: 2 * X)
    array([[2., 0.],
           [0., 2.]])
    """
    return apply_map(transform, np.eye(2))


def square_grid(extent: tuple[float, float, float, float], step: float = 1.0, samples: int = 21) -> np.ndarray:
    """Return the lines of a square grid, each sampled as a ``2×samples`` array.

    Parameters
    ----------
    extent : tuple of float
        ``(xmin, xmax, ymin, ymax)`` of the grid.
    step : float, optional
        Spacing between grid lines; lines sit at multiples of `step` inside
        the extent.  Default 1.
    samples : int, optional
        Points per line (at least 2).  A straight line needs 2, but a rule
        that is not a matrix map can bend it, so the default is 21.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_lines, 2, samples)``: ``lines[k]`` is line ``k`` as a
        vertex matrix (points as columns).  Vertical lines come first, left
        to right, then horizontal lines, bottom to top.

    Examples
    --------
    >>> lines = square_grid((0, 1, 0, 2), samples=3)
    >>> lines.shape
    (5, 2, 3)
    >>> lines[0]
    array([[0., 0., 0.],
           [0., 1., 2.]])
    >>> lines[2]
    array([[0. , 0.5, 1. ],
           [0. , 0. , 0. ]])
    """
    xmin, xmax, ymin, ymax = (float(v) for v in extent)
    step = float(step)
    samples = int(samples)
    if not step > 0:
        raise ValueError(f"step must be positive, got {step}")
    if samples < 2:
        raise ValueError(f"samples must be at least 2, got {samples}")
    if not (xmin <= xmax and ymin <= ymax):
        raise ValueError(f"extent must be (xmin, xmax, ymin, ymax), got {extent!r}")
    xs = step * np.arange(np.ceil(xmin / step), np.floor(xmax / step) + 1)
    ys = step * np.arange(np.ceil(ymin / step), np.floor(ymax / step) + 1)
    t = np.linspace(0.0, 1.0, samples)
    along_y = ymin + (ymax - ymin) * t
    along_x = xmin + (xmax - xmin) * t
    vertical = [np.stack([np.full(samples, x), along_y]) for x in xs]
    horizontal = [np.stack([along_x, np.full(samples, y)]) for y in ys]
    lines = vertical + horizontal
    if not lines:
        return np.zeros((0, 2, samples))
    return np.array(lines)


def map_lines(transform: ArrayLike | Callable[[np.ndarray], ArrayLike], lines: ArrayLike) -> np.ndarray:
    """Apply a matrix or rule to every line of an ``(n, 2, samples)`` stack.

    The rule is called once, on all sample points side by side.

    Examples
    --------
    >>> lines = square_grid((0, 1, 0, 1), samples=2)
    >>> map_lines([[1, 1], [0, 1]], lines)[1]
    array([[1., 2.],
           [0., 1.]])
    """
    lines = np.asarray(lines, dtype=float)
    n, two, samples = lines.shape
    if n == 0:
        return lines.copy()
    flat = lines.transpose(1, 0, 2).reshape(2, n * samples)
    image = apply_map(transform, flat)
    return image.reshape(2, n, samples).transpose(1, 0, 2)


def grid_extent(points: ArrayLike, pad: float = 1.0) -> tuple[float, float, float, float]:
    """Return an integer ``(xmin, xmax, ymin, ymax)`` around points and origin.

    The extent covers every point and the origin, widened by `pad` and
    rounded out to whole numbers, so grid lines land on integers.

    Examples
    --------
    >>> grid_extent(UNIT_SQUARE)
    (-1.0, 2.0, -1.0, 2.0)
    >>> grid_extent([[2.5], [-0.2]], pad=0)
    (0.0, 3.0, -1.0, 0.0)
    """
    points = as_points(points)
    xs = np.append(points[0], 0.0)
    ys = np.append(points[1], 0.0)
    return (
        float(np.floor(xs.min() - pad)),
        float(np.ceil(xs.max() + pad)),
        float(np.floor(ys.min() - pad)),
        float(np.ceil(ys.max() + pad)),
    )


def input_grid(points: ArrayLike, samples: int = 21, max_lines: int = 12) -> np.ndarray:
    """Return a grid of input lines around `points` and the origin.

    Lines sit at whole numbers (or at a coarser whole-number step for large
    shapes, so there are at most about `max_lines` lines each way) over
    `grid_extent` of the points.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_lines, 2, samples)``, as from `square_grid`.

    Examples
    --------
    >>> input_grid(UNIT_SQUARE).shape
    (8, 2, 21)
    >>> input_grid([[0, 100], [0, 0]]).shape[0] <= 2 * 12
    True
    """
    extent = grid_extent(points)
    span = max(extent[1] - extent[0], extent[3] - extent[2])
    step = max(1.0, float(np.ceil(span / max(int(max_lines) - 1, 1))))
    return square_grid(extent, step=step, samples=samples)


def convex_hull(points: ArrayLike) -> np.ndarray:
    """Return the convex hull of 2-D points as a closed polygon.

    Every weighted average of the points, with nonnegative weights adding
    to 1, lies inside this polygon (and every point of it is one).

    Parameters
    ----------
    points : array_like, shape (n, 2)
        One point per row, finite.

    Returns
    -------
    numpy.ndarray, shape (m + 1, 2)
        The ``m`` hull vertices counter-clockwise from the lowest-leftmost
        one, then that first vertex again.  Collinear points give the two
        ends of their segment; a single point gives itself twice.

    Examples
    --------
    >>> convex_hull([[1, 0], [2, 0], [0, 4], [4, 4], [2, 2]])
    array([[1., 0.],
           [2., 0.],
           [4., 4.],
           [0., 4.],
           [1., 0.]])
    """
    pts = as_matrix(points, "points")
    if pts.shape[1] != 2:
        raise ShapeError(f"points must have 2 columns (x, y), got {pts.shape[1]}")
    if not np.all(np.isfinite(pts)):
        raise ValueError("points must be finite")
    unique = sorted({(float(x), float(y)) for x, y in pts})
    if len(unique) == 1:
        return np.array([unique[0], unique[0]])

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    # Andrew's monotone chain: lower hull left to right, upper right to left.
    lower, upper = [], []
    for p in unique:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(unique):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    # Start at the lowest point (then leftmost), keeping counter-clockwise order.
    start = min(range(len(hull)), key=lambda k: (hull[k][1], hull[k][0]))
    hull = hull[start:] + hull[:start]
    return np.array(hull + [hull[0]])
