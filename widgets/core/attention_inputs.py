"""The inputs of an attention calculation: friendly random numbers and token names.

An explorer starts from the matrices it is given and fills the missing ones
with small random numbers whose shapes fit the given ones; tokens past the
end of the given names are called ``t7``, ``t8``, ....
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from .shapes import as_matrix

__all__ = ["token_names", "random_inputs", "starting_inputs"]

_NAMES = ("X", "W_Q", "W_K", "W_V")


def token_names(tokens: Sequence[str], count: int) -> list[str]:
    """The names of `count` tokens: `tokens`, padded with ``t<k>`` past their end.

    >>> token_names(["a", "cat"], 3)
    ['a', 'cat', 't3']
    >>> token_names(["a", "cat", "sat"], 2)
    ['a', 'cat']
    """
    return [str(tokens[k]) if k < len(tokens) else f"t{k + 1}" for k in range(count)]


def random_inputs(rng: np.random.Generator, L: int, d: int, d_k: int, d_v: int) -> list[np.ndarray]:
    """Small friendly numbers: tokens in {-1, 0, 1}, weights in halves from -1 to 1.

    Parameters
    ----------
    rng : numpy.random.Generator
    L, d : int
        Tokens and features: ``X`` is ``L×d``.
    d_k, d_v : int
        Columns of ``W_Q`` and ``W_K``, and of ``W_V``.

    Returns
    -------
    list of numpy.ndarray
        ``X, W_Q, W_K, W_V``.

    Examples
    --------
    >>> X, W_Q, W_K, W_V = random_inputs(np.random.default_rng(0), 4, 3, 2, 2)
    >>> X.shape, W_Q.shape, W_V.shape
    ((4, 3), (3, 2), (3, 2))
    >>> set(np.unique(X)) <= {-1.0, 0.0, 1.0}
    True
    """
    X = rng.integers(-1, 2, size=(L, d)).astype(float)
    return [X, *(rng.integers(-2, 3, size=(d, k)) / 2.0 for k in (d_k, d_k, d_v))]


def starting_inputs(
    X: ArrayLike | None = None,
    W_Q: ArrayLike | None = None,
    W_K: ArrayLike | None = None,
    W_V: ArrayLike | None = None,
    seed: int = 0,
) -> list[np.ndarray]:
    """The given matrices, and random ones of fitting shapes for those missing.

    With nothing given, ``X`` is 4×3 and the weights 3×2; a given matrix sets
    the sizes it implies (``X`` sets ``L`` and ``d``, a weight's rows ``d``,
    ``W_Q`` or ``W_K`` sets ``d_k``, ``W_V`` sets ``d_v``).

    Raises
    ------
    ValueError
        If a given matrix is not a matrix of finite numbers (the message names it).

    Examples
    --------
    >>> X, W_Q, W_K, W_V = starting_inputs(W_V=[[1, 0, 0], [0, 1, 0]])
    >>> X.shape, W_Q.shape, W_V.shape
    ((4, 2), (2, 2), (2, 3))
    >>> starting_inputs(X=[[1, "a"]])
    Traceback (most recent call last):
        ...
    ValueError: X must hold numbers only: could not convert string to float: 'a'
    """
    given = {
        name: as_matrix(value, name)
        for name, value in zip(_NAMES, (X, W_Q, W_K, W_V))
        if value is not None
    }
    L = given["X"].shape[0] if "X" in given else 4
    d = (given["X"].shape[1] if "X" in given
         else next((w.shape[0] for w in given.values()), 3))
    d_k = next((given[k].shape[1] for k in ("W_Q", "W_K") if k in given), 2)
    d_v = given["W_V"].shape[1] if "W_V" in given else 2
    random = dict(zip(_NAMES, random_inputs(np.random.default_rng(seed), L, d, d_k, d_v)))
    return [given.get(name, random[name]) for name in _NAMES]
