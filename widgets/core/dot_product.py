r"""Why a dot product measures a match: ``q · k = |q| |k| cos θ``.

A score is large when the query and the key are long and point the same
way, zero when they are perpendicular, and negative when they point apart.
`dot_match` computes both sides of that identity for two vectors, so a view
can write the sum of products next to the lengths and the angle.  Numpy only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["DotMatch", "dot_match", "projection", "rotate_to"]


@dataclass(frozen=True)
class DotMatch:
    """Both readings of one dot product.

    Attributes
    ----------
    score : float
        ``q · k``, the sum of the products of matching entries.
    q_length, k_length : float
        ``|q|`` and ``|k|``.
    cosine : float or None
        ``cos θ = q · k / (|q| |k|)``; None when a vector is zero (no angle).
    angle : float or None
        ``θ`` in degrees, 0 to 180; None when a vector is zero.
    """

    score: float
    q_length: float
    k_length: float
    cosine: float | None
    angle: float | None


def _vector(v: ArrayLike, name: str) -> np.ndarray:
    array = np.asarray(v, dtype=float)
    if array.ndim != 1 or array.size < 1:
        raise ValueError(f"{name} must be a vector (1-D), got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} has an entry that is not a finite number: {array.tolist()}")
    return array


def dot_match(q: ArrayLike, k: ArrayLike) -> DotMatch:
    """The dot product of `q` and `k`, and its lengths-and-angle reading.

    Parameters
    ----------
    q, k : array_like
        Two vectors of the same length.

    Returns
    -------
    DotMatch

    Raises
    ------
    ValueError
        If the vectors are not 1-D, differ in length or hold a non-finite entry.

    Examples
    --------
    Same direction, perpendicular, opposite:

    >>> m = dot_match([2, 1], [4, 2])
    >>> m.score, round(m.cosine, 12), m.angle
    (10.0, 1.0, 0.0)
    >>> dot_match([2, 1], [-1, 2]).angle
    90.0
    >>> m = dot_match([1, 0], [-3, 0])
    >>> m.score, m.cosine, m.angle
    (-3.0, -1.0, 180.0)
    >>> dot_match([0, 0], [1, 2]).cosine is None
    True
    """
    q, k = _vector(q, "q"), _vector(k, "k")
    if q.shape != k.shape:
        raise ValueError(f"q has {q.size} entries and k has {k.size}: a dot product needs the same number")
    score = float(q @ k)
    q_length, k_length = float(np.linalg.norm(q)), float(np.linalg.norm(k))
    if q_length == 0.0 or k_length == 0.0:
        return DotMatch(score, q_length, k_length, None, None)
    cosine = min(1.0, max(-1.0, score / (q_length * k_length)))
    # acos(cosine) loses half the digits near 0° and 180°; this form keeps them.
    a, b = k_length * q, q_length * k
    angle = math.degrees(2 * math.atan2(np.linalg.norm(a - b), np.linalg.norm(a + b)))
    if abs(angle - round(angle)) < 1e-9:  # 89.99999999999999 reads as 90
        angle = float(round(angle))
    return DotMatch(score, q_length, k_length, cosine, angle)


def projection(k: ArrayLike, q: ArrayLike) -> np.ndarray:
    """Where `k`'s tip falls on the line of `q`: ``(k · q / q · q) q`` (the zero vector when `q` is zero).

    >>> projection([1, 2], [2, 0]).tolist(), projection([1, 2], [0, 0]).tolist()
    ([1.0, 0.0], [0.0, 0.0])
    """
    k, q = _vector(k, "k"), _vector(q, "q")
    q_squared = float(q @ q)
    return (k @ q) / q_squared * q if q_squared > 0 else np.zeros_like(q)


def rotate_to(q: ArrayLike, k: ArrayLike, angle: float) -> np.ndarray:
    """`k` turned so that it makes `angle` degrees with `q`, its length kept (2-D).

    The turn is counter-clockwise from `q`'s direction.

    Parameters
    ----------
    q, k : array_like, shape (2,)
        The fixed vector and the one to turn.
    angle : float
        The angle wanted, in degrees (any sign).

    Returns
    -------
    numpy.ndarray, shape (2,)

    Examples
    --------
    >>> rotate_to([1, 0], [0, 2], 60).round(6).tolist()
    [1.0, 1.732051]
    >>> rotate_to([0, 0], [3, 4], 90).tolist()   # no direction for q: measure from the x axis
    [0.0, 5.0]
    """
    q, k = _vector(q, "q"), _vector(k, "k")
    if q.shape != (2,) or k.shape != (2,):
        raise ValueError("rotate_to works in the plane: q and k need 2 entries each")
    base = math.atan2(q[1], q[0]) if np.any(q != 0) else 0.0
    turn = base + math.radians(angle)
    length = float(np.linalg.norm(k))
    rotated = length * np.array([math.cos(turn), math.sin(turn)])
    return np.round(rotated, 12) + 0.0
