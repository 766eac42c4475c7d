"""Lab 5's math and numbers: its shapes, the morph from ``I`` to ``A``, and the points stored as rows.

The lab's one core module: the shapes of its gallery's menu (`SHAPES`) and
the square of side 2 of its corners-or-grid comparison (`SQUARE_2`); the
morph ``M(t) = (1 − t) I + t A`` (`morph_matrix`, and `morph_view`, the view
that holds every frame); and `points_as_rows`, the points stored as rows,
``P = Xᵀ``, moved by ``PAᵀ``, which is ``(AX)ᵀ``.  The maps themselves are
the shared gallery's (`widgets.core.maps_gallery`), the starting map and
shape `widgets.core.lab_numbers.LAB5`.  Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .geometry import HOUSE, UNIT_SQUARE, as_matrix_2x2, as_points
from .plot_frame import fit_bounds
from .shapes import ShapeError, as_matrix, check_product_shapes

__all__ = ["SHAPES", "SQUARE_2", "PointsAsRows", "morph_matrix", "morph_view", "points_as_rows"]

#: The shapes of the gallery's menu, by the name the menu shows.
SHAPES = {"unit square": UNIT_SQUARE, "house": HOUSE}

#: The square of side 2, so the grid has a line through the middle (x = 1).
SQUARE_2 = 2 * UNIT_SQUARE
SQUARE_2.setflags(write=False)


@dataclass(frozen=True)
class PointsAsRows:
    """The points ``X`` as rows and their images both ways.

    Attributes
    ----------
    P : numpy.ndarray
        ``Xᵀ``: one point per row.
    moved : numpy.ndarray
        ``PAᵀ``: row ``j`` is the image of point ``j``.
    columns_moved : numpy.ndarray
        ``(AX)ᵀ``: the images as columns, laid on their sides.
    agree : bool
        Whether ``PAᵀ`` and ``(AX)ᵀ`` agree (up to rounding).
    why_not_AP : str
        Why ``AP`` is undefined (the shape error), or ``""`` when it is defined.
    """

    P: np.ndarray
    moved: np.ndarray
    columns_moved: np.ndarray
    agree: bool
    why_not_AP: str


def points_as_rows(A: ArrayLike, X: ArrayLike) -> PointsAsRows:
    """Store the points ``X`` (as columns) as rows and move them by ``A`` both ways.

    Parameters
    ----------
    A : array_like
        The ``2×2`` map.
    X : array_like
        The ``2×N`` points, as columns.

    Returns
    -------
    PointsAsRows

    Examples
    --------
    The shear of three points:

    >>> rows = points_as_rows([[1, 1], [0, 1]], [[0, 1, 1], [0, 0, 1]])
    >>> rows.moved.tolist(), rows.agree
    ([[0.0, 0.0], [1.0, 0.0], [2.0, 1.0]], True)
    >>> rows.why_not_AP
    'A is 2×2 and P is 3×2: A has 2 columns but P has 3 rows'
    """
    A, X = as_matrix(A, "A"), as_matrix(X, "X")
    P = X.T
    try:
        check_product_shapes(A.shape, P.shape, names=("A", "P"))
        why_not = ""
    except ShapeError as error:
        why_not = str(error)
    moved, columns_moved = P @ A.T, (A @ X).T
    return PointsAsRows(P, moved, columns_moved, bool(np.allclose(moved, columns_moved)), why_not)


def morph_matrix(A: ArrayLike, t: float) -> np.ndarray:
    """The matrix ``(1 − t) I + t A``: the identity at ``t = 0``, `A` at ``t = 1``.

    Parameters
    ----------
    A : array_like
        The 2×2 matrix the morph ends on.
    t : float
        How far along, from 0 to 1.

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    ValueError
        If `A` is not a finite 2×2 matrix or `t` is not in [0, 1].

    Examples
    --------
    Halfway to the shear of Activity 1.4.4, and halfway to a half turn:

    >>> morph_matrix([[1, 1], [0, 1]], 0.5)
    array([[1. , 0.5],
           [0. , 1. ]])
    >>> morph_matrix([[-1, 0], [0, -1]], 0.5)
    array([[0., 0.],
           [0., 0.]])
    """
    A = as_matrix_2x2(A, name="A")
    t = float(t)
    if not 0.0 <= t <= 1.0:
        raise ValueError(f"t must be between 0 and 1, got {t}")
    # `+ 0.0` turns -0.0 into 0.0, so a matrix view reads "0", never "-0".
    return (1.0 - t) * np.eye(2) + t * A + 0.0


def morph_view(points: ArrayLike, A: ArrayLike, margin: float = 0.12) -> tuple[float, ...]:
    """A view ``(xmin, xmax, ymin, ymax)`` that holds every frame of the morph.

    It holds the shape, its image under `A`, the origin, ``e1``, ``e2`` and
    their images: each frame's points lie on the segments between the two
    ends, so none leaves this view while `t` moves.

    Examples
    --------
    >>> morph_view([[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]], [[2, 0], [0, 1]], margin=0)
    (0.0, 2.0, -0.5, 1.5)
    """
    points = as_points(points)
    A = as_matrix_2x2(A, name="A")
    ends = [points, A @ points, np.zeros((2, 1)), np.eye(2), A]
    return tuple(float(v) for v in fit_bounds(*ends, margin=margin))
