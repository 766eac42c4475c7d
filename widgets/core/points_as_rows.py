"""Points as rows: ``P = Xᵀ`` moved by ``PAᵀ``, which is ``(AX)ᵀ`` (lab 5).

The syllabus keeps points as the columns of ``X`` and maps them with
``AX``.  Stored as rows instead, ``P = Xᵀ``, the matrix goes on the right,
transposed: ``PAᵀ = (AX)ᵀ``, and ``AP`` is usually undefined.
`points_as_rows` computes both sides and says whether they agree and why
``AP`` fails.  Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .shapes import ShapeError, as_matrix, check_product_shapes

__all__ = ["PointsAsRows", "points_as_rows"]


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
