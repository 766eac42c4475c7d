"""Plane geometry for drawing maps: shapes as vertex matrices, grids, bounds.

The syllabus stores the vertices of a shape as the **columns** of a ``2×N``
matrix ``X``, so that ``Y = A @ X`` maps every vertex at once.  Everything
here follows that convention and uses numpy only; the plotting widgets
(`VertexPlot`, `MatrixHeatmap`) call these functions and draw the results.

A *transform* is either a ``2×2`` matrix or a *rule*: a Python callable
taking a ``2×N`` array of points (as columns) and returning a ``2×N`` array,
for maps that are not matrix maps.  A grid of input lines, sampled densely,
shows what a rule bends that a matrix keeps straight.
"""

import numpy as np

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
    "fit_bounds",
    "steady_bounds",
    "nice_ticks",
    "arrow_polyline",
    "cell_centers",
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


def _as_finite_array(value, name):
    try:
        array = np.array(value, dtype=float)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must hold numbers only: {error}") from None
    bad = np.argwhere(~np.isfinite(array))
    if array.ndim == 2 and len(bad):
        i, j = bad[0]
        raise ValueError(
            f"{name}[{i + 1},{j + 1}] is {array[i, j]}: "
            "every entry must be a finite number"
        )
    return array


def as_points(value, name="points"):
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
    array = _as_finite_array(value, name)
    if array.ndim != 2 or array.shape[0] != 2 or array.shape[1] < 1:
        raise ValueError(
            f"{name} must be 2×N (one point per column, x in row 1, "
            f"y in row 2), got shape {array.shape}"
        )
    return array


def as_matrix_2x2(value, name="matrix"):
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
    array = _as_finite_array(value, name)
    if array.shape != (2, 2):
        raise ValueError(f"{name} must be 2×2, got shape {array.shape}")
    return array


def is_closed(points):
    """Whether the last column of `points` repeats the first.

    Examples
    --------
    >>> is_closed(UNIT_SQUARE), is_closed(UNIT_SQUARE[:, :-1])
    (True, False)
    """
    points = np.asarray(points)
    return points.shape[1] > 1 and bool(np.array_equal(points[:, 0], points[:, -1]))


def close_polygon(points):
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


def apply_map(transform, points):
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


def basis_images(transform):
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


def square_grid(extent, step=1.0, samples=21):
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


def map_lines(transform, lines):
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


def grid_extent(points, pad=1.0):
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


def input_grid(points, samples=21, max_lines=12):
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


def fit_bounds(*arrays, margin=0.1, min_span=1.0):
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


def steady_bounds(current, wanted, slack=2.0):
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


def nice_ticks(lo, hi, target=6):
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


def arrow_polyline(tip, tail=(0.0, 0.0), head=0.1, angle=25.0):
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


def cell_centers(n_rows, n_cols):
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
