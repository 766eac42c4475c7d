"""Attention for many tokens at once: scores, weights and weighted averages.

Tokens are the rows of ``X``.  Each token gets a query, a key and a value
(``Q = X W_Q``, ``K = X W_K``, ``V = X W_V``); the scores ``S = Q K^T``
compare every query with every key; a softmax turns each row of (scaled,
optionally masked) scores into the attention weights ``A_att``, rows that
are nonnegative and add to 1; and ``H = A_att V`` averages the value vectors
with those weights.  `softmax_scale` says what the scores are multiplied by:
``1/sqrt(d_k)`` and a temperature ``T`` that sharpens (``T < 1``) or
flattens (``T > 1``) the weights.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .shapes import ShapeError, as_matrix, check_product_shapes, format_shape

__all__ = [
    "softmax_rows", "softmax_scale", "causal_mask", "attention", "AttentionResult", "with_weights",
    "WeightShift", "weight_shift",
]

#: The temperatures `softmax_scale` accepts: from nearly one-hot to nearly uniform.
MIN_TEMPERATURE, MAX_TEMPERATURE = 0.05, 20.0


def causal_mask(L: int) -> np.ndarray:
    """Return the mask that lets each token attend to itself and earlier tokens.

    Parameters
    ----------
    L : int
        Number of tokens, at least 1.

    Returns
    -------
    numpy.ndarray of bool, shape (L, L)
        ``True`` on and below the diagonal.

    Examples
    --------
    >>> causal_mask(3)
    array([[ True, False, False],
           [ True,  True, False],
           [ True,  True,  True]])
    """
    L = operator.index(L)
    if L < 1:
        raise ValueError(f"the number of tokens must be at least 1, got {L}")
    return np.tril(np.ones((L, L), dtype=bool))


def softmax_rows(S: ArrayLike, scale: float = 1.0, mask: ArrayLike | None = None) -> np.ndarray:
    """Turn each row of scores into weights that are nonnegative and add to 1.

    Row ``i`` of the result is ``exp(scale * S[i, j])`` over the allowed
    ``j``, divided by its sum.  The row maximum is subtracted first, so huge
    scores do not overflow.

    Parameters
    ----------
    S : array_like, shape (m, n) or (n,)
        Finite scores.  A 1-D array is treated as a single row and a 1-D
        result is returned.
    scale : float, optional
        Multiplies the scores before the exponential; finite and
        nonnegative.  ``0`` gives equal weights.  Default 1.
    mask : array_like of bool, optional
        Same shape as `S`, ``True`` where a query may attend.  Masked
        entries get a weight of exactly 0.  Default: everything allowed.

    Returns
    -------
    numpy.ndarray
        Weights, same shape as `S`.

    Raises
    ------
    ValueError
        If a score or the scale is not finite, the scale is negative, the
        mask is not boolean or has another shape, or a row of the mask
        allows nothing (the row is named counting from 1).

    Examples
    --------
    >>> softmax_rows([[0.0, 0.0], [0.0, math.log(3)]])
    array([[0.5 , 0.5 ],
           [0.25, 0.75]])
    >>> softmax_rows([[1e300, 1e300, -1e300]])
    array([[0.5, 0.5, 0. ]])
    >>> softmax_rows([[5.0, 1.0], [0.0, 0.0]], mask=causal_mask(2))
    array([[1. , 0. ],
           [0.5, 0.5]])
    """
    scores = np.array(S, dtype=float)
    one_d = scores.ndim == 1
    if one_d:
        scores = scores[np.newaxis, :]
    if scores.ndim != 2 or scores.size == 0:
        raise ShapeError(
            f"scores must be a non-empty row or matrix, got shape {np.shape(S)}"
        )
    if not np.all(np.isfinite(scores)):
        i, j = np.argwhere(~np.isfinite(scores))[0]
        where = f"entry {j + 1}" if one_d else f"S[{i + 1},{j + 1}]"
        raise ValueError(f"scores must be finite numbers, but {where} is {scores[i, j]}")
    try:
        scale = float(scale)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"scale must be a finite nonnegative number, got {scale!r}") from None
    if not (math.isfinite(scale) and scale >= 0):
        raise ValueError(f"scale must be a finite nonnegative number, got {scale}")

    if mask is None:
        allowed = np.ones(scores.shape, dtype=bool)
    else:
        allowed = np.asarray(mask)
        if allowed.dtype != bool:
            raise ValueError(f"mask must hold True/False values, got dtype {allowed.dtype}")
        if one_d and allowed.ndim == 1:
            allowed = allowed[np.newaxis, :]
        if allowed.shape != scores.shape:
            raise ShapeError(
                f"mask has shape {np.shape(mask)} but the scores have shape "
                f"{np.shape(S)}; they must match"
            )
    empty = ~allowed.any(axis=1)
    if empty.any():
        row = int(np.flatnonzero(empty)[0]) + 1
        raise ValueError(
            f"row {row} of the mask allows no entries: every query must "
            f"attend to at least one key"
        )

    row_max = np.max(np.where(allowed, scores, -np.inf), axis=1, keepdims=True)
    # Differences of finite floats can overflow to -inf (1e308 - -1e308);
    # exp(-inf) is exactly 0, which is the right weight for such an entry.
    # Scaling such a difference can overflow to -inf too, with the same effect.
    with np.errstate(over="ignore"):
        shifted = scores - row_max
        if scale == 0:
            shifted = np.zeros_like(shifted)  # avoids 0 * -inf = nan
        else:
            shifted *= scale
    # Each row's largest allowed entry becomes exp(0) = 1, so sums are >= 1.
    exps = np.where(allowed, np.exp(np.where(allowed, shifted, 0.0)), 0.0)
    weights = exps / exps.sum(axis=1, keepdims=True)
    return weights[0] if one_d else weights


def softmax_scale(d_k: int, scaled: bool = True, temperature: float = 1.0) -> float:
    """The number the scores are multiplied by before the softmax: ``1/(T sqrt(d_k))``.

    Dividing by ``sqrt(d_k)`` keeps scores of long vectors from saturating
    the softmax; dividing by a temperature ``T`` sharpens the weights
    (``T < 1``: the largest score takes nearly everything) or flattens them
    (``T > 1``: towards equal weights).

    Parameters
    ----------
    d_k : int
        Length of the queries and keys, at least 1.
    scaled : bool, optional
        Include the ``1/sqrt(d_k)``.  Default True.
    temperature : float, optional
        ``T``, from `MIN_TEMPERATURE` to `MAX_TEMPERATURE`.  Default 1.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If `d_k` is below 1 or the temperature is not a number in range.

    Examples
    --------
    >>> softmax_scale(4)
    0.5
    >>> softmax_scale(4, temperature=2.0), softmax_scale(4, scaled=False, temperature=0.5)
    (0.25, 2.0)
    >>> softmax_scale(4, temperature=0)
    Traceback (most recent call last):
        ...
    ValueError: temperature must be a number from 0.05 to 20, got 0.0
    """
    d_k = operator.index(d_k)
    if d_k < 1:
        raise ValueError(f"d_k must be at least 1, got {d_k}")
    try:
        T = float(temperature)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"temperature must be a number, got {temperature!r}") from None
    if not MIN_TEMPERATURE <= T <= MAX_TEMPERATURE:  # nan fails too
        raise ValueError(
            f"temperature must be a number from {MIN_TEMPERATURE:g} to {MAX_TEMPERATURE:g}, got {T}"
        )
    return (1.0 / math.sqrt(d_k) if scaled else 1.0) / T


@dataclass(frozen=True, eq=False)
class AttentionResult:
    """Every intermediate matrix of one attention computation.

    Tokens are rows throughout.  The arrays are read-only.

    Attributes
    ----------
    Q, K, V : numpy.ndarray
        Queries ``X W_Q``, keys ``X W_K`` and values ``X W_V``.
    S : numpy.ndarray, shape (L, L)
        Unscaled scores ``Q K^T``; ``S[i, j]`` compares query i with key j.
    A : numpy.ndarray, shape (L, L)
        The attention weights ``A_att``: row i is the softmax of ``scale * S[i]`` over the
        keys token i may attend to.  Rows add to 1.
    H : numpy.ndarray
        Output ``A_att V``: row i is a weighted average of the value rows.
    scale : float
        The scale the scores were multiplied by before the softmax.

    Examples
    --------
    >>> r = attention(np.eye(2), np.eye(2), np.eye(2), np.eye(2), scale=0.0)
    >>> r.A
    array([[0.5, 0.5],
           [0.5, 0.5]])
    """

    Q: np.ndarray
    K: np.ndarray
    V: np.ndarray
    S: np.ndarray
    A: np.ndarray
    H: np.ndarray
    scale: float


def attention(
    X: ArrayLike,
    W_Q: ArrayLike,
    W_K: ArrayLike,
    W_V: ArrayLike,
    scale: float | None = None,
    causal: bool = False,
) -> AttentionResult:
    """Compute single-head attention for the tokens in the rows of `X`.

    Parameters
    ----------
    X : array_like, shape (L, d)
        One token vector per row.
    W_Q, W_K : array_like, shape (d, d_k)
        Query and key weights; they must have the same number of columns,
        because each score is a dot product of a query with a key.
    W_V : array_like, shape (d, d_v)
        Value weights.
    scale : float, optional
        Multiplies the scores before the softmax.  Default ``None`` means
        ``1/sqrt(d_k)`` as in transformers; use ``1.0`` for raw scores.
    causal : bool, optional
        If true, token i attends only to tokens 1..i.  Default False.

    Returns
    -------
    AttentionResult
        ``Q, K, V, S, A, H`` and the scale used.

    Raises
    ------
    ShapeError
        If the shapes do not fit; the message names the matrices.
    ValueError
        If the numbers are so large that a product overflows to inf or nan.

    Examples
    --------
    >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> I = np.eye(2)
    >>> r = attention(X, I, I, I, scale=1.0)
    >>> r.S
    array([[1., 0., 1.],
           [0., 1., 1.],
           [1., 1., 2.]])
    >>> r.A.sum(axis=1)
    array([1., 1., 1.])
    >>> attention(X, I, np.ones((2, 3)), I)
    Traceback (most recent call last):
        ...
    widgets.core.shapes.ShapeError: W_Q is 2×2 and W_K is 2×3: W_Q and W_K must have the same number of columns (each score is a query dotted with a key), but W_Q has 2 and W_K has 3
    """
    X = as_matrix(X, "X")
    W_Q = as_matrix(W_Q, "W_Q")
    W_K = as_matrix(W_K, "W_K")
    W_V = as_matrix(W_V, "W_V")
    for name, W in (("W_Q", W_Q), ("W_K", W_K), ("W_V", W_V)):
        check_product_shapes(X.shape, W.shape, names=("X", name))
    if W_Q.shape[1] != W_K.shape[1]:
        raise ShapeError(
            f"W_Q is {format_shape(W_Q.shape)} and W_K is {format_shape(W_K.shape)}: "
            f"W_Q and W_K must have the same number of columns (each score is "
            f"a query dotted with a key), but W_Q has {W_Q.shape[1]} and W_K "
            f"has {W_K.shape[1]}"
        )
    with np.errstate(over="ignore", invalid="ignore"):
        Q = X @ W_Q
        K = X @ W_K
        V = X @ W_V
        S = Q @ K.T
    for label, M in (("Q = X W_Q", Q), ("K = X W_K", K), ("V = X W_V", V), ("S = Q K^T", S)):
        _check_finite(label, M)
    if scale is None:
        scale = 1.0 / math.sqrt(K.shape[1])
    mask = causal_mask(X.shape[0]) if causal else None
    A = softmax_rows(S, scale=scale, mask=mask)
    with np.errstate(over="ignore", invalid="ignore"):
        H = A @ V
    _check_finite("H = A_att V", H)
    for array in (Q, K, V, S, A, H):
        array.setflags(write=False)
    return AttentionResult(Q=Q, K=K, V=V, S=S, A=A, H=H, scale=float(scale))


def _check_finite(label: str, M: np.ndarray) -> None:
    """Raise ValueError if a product overflowed (entries near 1e308 multiplied)."""
    if not np.all(np.isfinite(M)):
        i, j = np.argwhere(~np.isfinite(M))[0]
        raise ValueError(
            f"{label} is too large to compute: its entry ({i + 1},{j + 1}) overflows "
            f"to {M[i, j]}; use smaller numbers"
        )


def with_weights(result: AttentionResult, A: ArrayLike) -> AttentionResult:
    """The same calculation with weights `A` set by hand: ``H`` follows, ``S`` stays.

    Parameters
    ----------
    result : AttentionResult
        The calculation whose queries, keys, values and scores are kept.
    A : array_like, shape (L, L)
        The weights to use instead of the softmax's.

    Examples
    --------
    >>> I = np.eye(2)
    >>> r = with_weights(attention(I, I, I, I), [[1, 0], [0.5, 0.5]])
    >>> r.H
    array([[1. , 0. ],
           [0.5, 0.5]])
    """
    A = np.array(A, dtype=float)
    H = A @ result.V
    for array in (A, H):
        array.setflags(write=False)
    return AttentionResult(
        Q=result.Q, K=result.K, V=result.V, S=result.S, A=A, H=H, scale=result.scale
    )


#: A weight that moved by less than this counts as unchanged (the heatmap shows 3 decimals).
_MOVED = 5e-4


@dataclass(frozen=True)
class WeightShift:
    """What an edit of the tokens ``X`` did to attention's weights ``A_att`` (lab 10).

    Attributes
    ----------
    tokens : tuple of int
        The tokens (rows of ``X``) the edit changed, counting from 1.
    moved : int
        How many weights moved by `_MOVED` or more.
    largest : float
        The largest move of a weight.
    rows : int
        In how many rows of ``A_att`` a weight moved.
    shape : tuple of int
        The shape of ``A_att``.
    """

    tokens: tuple[int, ...]
    moved: int
    largest: float
    rows: int
    shape: tuple[int, int]


def weight_shift(old_X: ArrayLike, old_A: ArrayLike, X: ArrayLike, A: ArrayLike) -> WeightShift | None:
    """How the weights moved when the tokens went from ``old_X`` (weights ``old_A``) to ``X`` (weights ``A``).

    Returns
    -------
    WeightShift or None
        None when no entry of ``X`` changed, or a shape did (nothing to compare).

    Examples
    --------
    >>> shift = weight_shift([[1, 0], [0, 1]], [[0.5, 0.5], [0.5, 0.5]], [[1, 0], [0, 3]], [[0.5, 0.5], [0.1, 0.9]])
    >>> shift.tokens, shift.moved, round(shift.largest, 3), shift.rows
    ((2,), 2, 0.4, 1)
    >>> weight_shift([[1, 0]], [[1, 0]], [[1.0]], [[1.0]]) is None
    True
    """
    old_X, old_A, X, A = (np.asarray(M, dtype=float) for M in (old_X, old_A, X, A))
    if old_A.shape != A.shape or old_X.shape != X.shape:
        return None
    tokens = tuple(sorted({int(i) + 1 for i, _ in np.argwhere(old_X != X)}))
    if not tokens:
        return None
    moved = np.abs(A - old_A)
    return WeightShift(
        tokens=tokens,
        moved=int(np.sum(moved > _MOVED)),
        largest=float(moved.max()),
        rows=len({int(i) for i, _ in np.argwhere(moved > _MOVED)}),
        shape=A.shape,
    )
