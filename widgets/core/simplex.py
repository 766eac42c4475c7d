"""Weights that stay nonnegative and add to 1 while one of them is moved.

Attention weights live on the simplex: every weight is at least 0 and the
weights add to 1.  When a learner drags one weight, the others must make
room.  `rebalance_weights` is that rule, computed afresh from the current
weights on every move so rounding errors never build up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike

from .shapes import check_index

__all__ = ["SUM_TOLERANCE", "normalise_weights", "rebalance_weights", "weights_on_steps"]

#: How far from 1 the sum of a set of weights may drift through rounding.
SUM_TOLERANCE = 1e-12


def normalise_weights(values: ArrayLike, tol: float = 0.0) -> np.ndarray:
    """Scale nonnegative numbers so they add to 1.

    Parameters
    ----------
    values : array_like, shape (n,)
        At least one finite, nonnegative number, with a positive sum.
    tol : float, optional
        If the values already add to 1 within `tol` they are returned
        unchanged (bit for bit), rather than divided by a sum that is 1
        up to rounding.  Default 0.

    Returns
    -------
    numpy.ndarray
        New 1-D float array, nonnegative, adding to 1.

    Raises
    ------
    ValueError
        If `values` is not a non-empty 1-D list of numbers, or an entry is
        negative or not finite, or all entries are 0.

    Examples
    --------
    >>> normalise_weights([1, 1, 2])
    array([0.25, 0.25, 0.5 ])
    >>> normalise_weights([0, 0])
    Traceback (most recent call last):
        ...
    ValueError: weights must not all be 0: their sum is divided out
    """
    try:
        w = np.array(values, dtype=float)
    except (TypeError, ValueError, OverflowError):  # Overflow: ints past 1e308
        raise ValueError(f"weights must be numbers, got {values!r}") from None
    if w.ndim != 1 or w.size == 0:
        raise ValueError(
            f"weights must be a non-empty list of numbers, got shape {w.shape}"
        )
    bad = np.flatnonzero(~np.isfinite(w) | (w < 0))
    if bad.size:
        k = int(bad[0])
        raise ValueError(
            f"weights must be finite and nonnegative, but weight {k + 1} is {w[k]}"
        )
    w += 0.0  # -0.0 becomes 0.0
    try:
        total = math.fsum(w)
    except OverflowError:  # huge weights: scale them down first (max > 0 here)
        w /= w.max()
        total = math.fsum(w)
    if total == 0:
        raise ValueError("weights must not all be 0: their sum is divided out")
    if abs(total - 1.0) <= tol:
        return w
    return w / total


def rebalance_weights(weights: ArrayLike, index: int, value: float, locked: Iterable[int] = ()) -> np.ndarray:
    """Move one weight and let the unlocked others make room.

    The rule: weight `index` becomes `value`, clamped to
    ``[0, 1 - (sum of locked weights)]``.  Locked weights never change.  The
    remaining unlocked weights share what is left in proportion to their
    current values, or equally if they are all 0.  If every other weight is
    locked, weight `index` can only take the value the locks leave.

    Parameters
    ----------
    weights : array_like, shape (n,)
        Current weights, nonnegative; they are normalised first if they do
        not already add to 1 (within `SUM_TOLERANCE`).
    index : int
        The weight being moved (0-based).
    value : float
        Where it is being moved to.
    locked : iterable of int, optional
        Indices of weights that must not change.  Must not contain `index`.

    Returns
    -------
    numpy.ndarray
        The new weights: nonnegative, adding to 1 within `SUM_TOLERANCE`.

    Raises
    ------
    ValueError
        If `index` is locked, `value` is not a finite number, or the
        weights are invalid (see `normalise_weights`).
    IndexError
        If `index` or a locked index is out of range.

    Examples
    --------
    >>> rebalance_weights([0.5, 0.25, 0.25], 0, 0.0)
    array([0. , 0.5, 0.5])
    >>> rebalance_weights([0.25, 0.25, 0.5], 0, 0.9, locked=[2])
    array([0.5, 0. , 0.5])
    >>> rebalance_weights([1.0, 0.0, 0.0], 0, 0.4)
    array([0.4, 0.3, 0.3])
    """
    w = normalise_weights(weights, tol=SUM_TOLERANCE)
    n = w.size
    index = check_index(index, n, "weight")
    locked = {check_index(i, n, "locked weight") for i in locked}
    if index in locked:
        raise ValueError(f"weight {index} is locked, so it cannot be moved")
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"the new weight must be a number, got {value!r}") from None
    if not math.isfinite(value):
        raise ValueError(f"the new weight must be finite, got {value}")

    cap = max(0.0, 1.0 - math.fsum(w[i] for i in locked))
    others = [i for i in range(n) if i != index and i not in locked]
    result = w.copy()
    if not others:
        # Already there up to rounding: keep the bits, so nothing "changes".
        if abs(result[index] - cap) > SUM_TOLERANCE:
            result[index] = cap
        return result
    v = min(max(value, 0.0), cap)
    result[index] = v
    rest = cap - v
    current = w[others]
    total = math.fsum(current)
    if total > 0:
        result[others] = rest * (current / total)
    else:
        result[others] = rest / len(others)
    # Put the rounding residue on one weight so the sum is 1 to the last bit
    # or two, instead of drifting with every move.
    last = others[-1]
    result[last] = 0.0
    result[last] = max(0.0, 1.0 - math.fsum(result))
    return result


def weights_on_steps(weights: Iterable[float], step: float) -> tuple[float, ...]:
    """Weights rounded to a slider's `step` so that the rounded ones still add to 1.

    Each weight goes down to its step, then the steps still missing go, one
    each, to the weights that lost the most (largest remainders). Sliders
    that show these numbers add up to 1 as the weights do, where rounding
    each alone can show 0.44 + 0.33 + 0.22.

    Parameters
    ----------
    weights : sequence of float
        Nonnegative weights adding to 1.
    step : float
        The grid, such as 0.01; ``1 / step`` must be a whole number.

    Returns
    -------
    tuple of float

    Examples
    --------
    >>> weights_on_steps([4 / 9, 1 / 3, 2 / 9], 0.01)
    (0.45, 0.33, 0.22)
    >>> weights_on_steps([0.5, 0.25, 0.25], 0.01)
    (0.5, 0.25, 0.25)
    >>> weights_on_steps([1 / 3] * 3, 0.1)
    (0.4, 0.3, 0.3)
    """
    total = round(1 / step)
    scaled = [w * total for w in weights]
    counts = [math.floor(x + 1e-9) for x in scaled]
    short = total - sum(counts)
    for k in sorted(range(len(counts)), key=lambda k: counts[k] - scaled[k])[:max(short, 0)]:
        counts[k] += 1
    return tuple(round(c * step, 10) for c in counts)
