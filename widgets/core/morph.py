"""A continuous morph from the identity to a matrix: ``M(t) = (1 − t) I + t A``.

Before and after pictures hide how a map moves the plane; sliding `t` from
0 to 1 shows it.  Every point travels on a straight segment from ``x`` to
``A x`` (``M(t) x = (1 − t) x + t A x``), so the view that holds the first
and the last frame holds every frame in between.  Numpy only.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .geometry import as_matrix_2x2, as_points
from .plot_frame import fit_bounds

__all__ = ["morph_matrix", "morph_view"]


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
