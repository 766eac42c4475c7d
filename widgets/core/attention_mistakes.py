"""The usual wrong answers to attention: the weights ``A_att``, and one output h_i.

`weights_mistakes`: a row of ``A_att`` (or all of it) is the softmax of the
scaled scores along a row of ``S``, with masked scores at −∞.  The slips:
all the weight on the largest score (one-hot), the softmax taken down a
column of ``S``, masked scores set to 0 (so ``e⁰ = 1`` still counts), the
scores divided by ``d_k`` instead of ``√d_k``, or not scaled at all.

`output_mistakes`: ``h_i = A_att[i, 0] v_1 + ... + A_att[i, L-1] v_L`` is
asked as row ``i`` of ``H = A_att V``, that is ``h_iᵀ`` (one row).  The
slips: the plain average of the values, their sum without the weights, the
value with the largest weight alone (or only its share), the weights paired
with the values in reverse order or shifted by one, the queries or the keys averaged instead
of the values, and the right numbers typed as a column.  Numpy only.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from .attention_math import softmax_rows, softmax_scale
from .diagnosis import Mistake
from .parsing import format_number

__all__ = ["output_mistakes", "weights_mistakes"]


def _sub(n: int) -> str:
    """1-based index as Unicode subscript digits: 12 -> '₁₂'."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def output_mistakes(
    weights: ArrayLike,
    V: ArrayLike,
    row: int,
    Q: ArrayLike | None = None,
    K: ArrayLike | None = None,
) -> list[Mistake]:
    """The usual wrong answers for row `row` of ``H = A_att V``, typed as a row.

    Parameters
    ----------
    weights : array_like, shape (L,)
        Row `row` of ``A_att``.
    V : array_like, shape (L, d_v)
        The value vectors, one per row.
    row : int
        0-based index ``i`` of the output, used in the messages.
    Q, K : array_like, shape (L, d_k), optional
        The queries and keys, where the question shows them: then averaging
        them with the weights instead of the values is a slip too.

    Returns
    -------
    list of Mistake
        Each with the value that slip gives, as a 1×d_v row (a d_v×1
        column for ``"column"``).  Mistakes whose value equals the answer
        are left out, so a diagnosis never calls the answer a slip.

    Examples
    --------
    Activity 1.4.6, h₂ from the weights (0, 1/2, 1/4, 1/4):

    >>> V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    >>> found = output_mistakes([0, 0.5, 0.25, 0.25], V, 1)
    >>> {m.name: m.value.tolist() for m in found}  # doctest: +NORMALIZE_WHITESPACE
    {'column': [[2.0], [2.0]], 'unweighted': [[1.75, 2.0]], 'sum': [[7.0, 8.0]],
     'largest': [[2.0, 0.0]], 'largest-share': [[1.0, 0.0]], 'reversed': [[0.75, 2.0]],
     'shifted-up': [[1.0, 1.0]], 'shifted-down': [[1.25, 3.0]]}

    With the queries and keys shown too, averaging them is named:

    >>> from widgets.core.diagnosis import diagnose
    >>> Q, K = [[1, 0.5], [0, 1], [2, 0], [1, 2]], [[0.5, 1], [1, 0], [0, 0], [2, -1]]
    >>> print(diagnose([[0.75, 1]], [[2, 2]], output_mistakes([0, 0.5, 0.25, 0.25], V, 1, Q, K)).message)
    you averaged the queries, the rows of Q: h₂ averages the values, the rows of V. The queries and keys only make the weights.
    """
    w = np.asarray(weights, dtype=float).ravel()
    V = np.atleast_2d(np.asarray(V, dtype=float))
    if w.size != V.shape[0]:
        raise ValueError(
            f"{w.size} weights for {V.shape[0]} value vectors: one weight per value vector"
        )
    i = _sub(int(row) + 1)
    answer = (w @ V)[None, :]
    top = int(np.argmax(w))
    j = _sub(top + 1)
    candidates = [
        Mistake(
            "column", answer.T,
            f"the numbers are right, but that is h{i} standing as a column. Row {int(row) + 1} "
            f"of H is h{i}ᵀ: type it as one row.",
        ),
        Mistake(
            "unweighted", V.mean(axis=0)[None, :],
            "that is the plain average of the values, each counted equally: weight each "
            f"value v_j by its entry of row {int(row) + 1} of A_att instead.",
        ),
        Mistake(
            "sum", V.sum(axis=0)[None, :],
            "you added the values without their weights: multiply each v_j by its weight "
            "first, then add.",
        ),
        Mistake(
            "largest", V[[top]],
            f"that is v{j} alone, the value with the largest weight: every value with a "
            "weight above 0 brings its share.",
        ),
        Mistake(
            "largest-share", w[top] * V[[top]],
            f"that is only the share of v{j}: add the shares of the other values too.",
        ),
        Mistake(
            "reversed", (w[::-1] @ V)[None, :],
            "the weights are paired with the values in reverse order: the first weight "
            "goes with v₁, the second with v₂, and so on.",
        ),
        Mistake(
            "shifted-up", (np.roll(w, -1) @ V)[None, :],
            "the weights are shifted one value up: each went with the value before its own (the "
            "second weight with v₁). The first weight goes with v₁, the second with v₂, and so on.",
        ),
        Mistake(
            "shifted-down", (np.roll(w, 1) @ V)[None, :],
            "the weights are shifted one value down: each went with the value after its own (the "
            "first weight with v₂). The first weight goes with v₁, the second with v₂, and so on.",
        ),
    ]
    for name, vectors in (("averaged-Q", Q), ("averaged-K", K)):
        if vectors is None:
            continue
        vectors = np.atleast_2d(np.asarray(vectors, dtype=float))
        if vectors.shape[0] != w.size:
            raise ValueError(f"{name[-1]} has {vectors.shape[0]} rows for {w.size} weights: one per token")
        kind = "queries" if name == "averaged-Q" else "keys"
        candidates.append(Mistake(
            name, (w @ vectors)[None, :],
            f"you averaged the {kind}, the rows of {name[-1]}: h{i} averages the values, the rows "
            "of V. The queries and keys only make the weights.",
        ))
    return [
        m for m in candidates
        if m.name == "column" or m.value.shape != answer.shape or not np.allclose(m.value, answer)
    ]


def _one_hot(scores, allowed):
    """All the weight on the largest allowed score (shared by ties)."""
    top = np.where(allowed, scores, -np.inf)
    best = np.isclose(top, top.max(axis=1, keepdims=True), rtol=0, atol=1e-12) & allowed
    return best / best.sum(axis=1, keepdims=True)


def weights_mistakes(
    S: ArrayLike,
    row: int | None = None,
    *,
    d_k: int | None = None,
    temperature: float = 1.0,
    mask: ArrayLike | None = None,
    tol: float = 5e-3,
) -> list[Mistake]:
    """The usual wrong answers for the attention weights, one row of ``A_att`` or all of it.

    The right weights are ``softmax_rows(S, scale, mask)`` with ``scale =
    1/(T √d_k)`` (``1/T`` without `d_k`), each row adding to 1.

    Parameters
    ----------
    S : array_like, shape (L, L)
        The scores ``Q Kᵀ``, unscaled.
    row : int or None, optional
        0-based row ``i`` the question asks for, typed as a 1×L row; None
        for the whole ``L×L`` matrix.
    d_k : int or None, optional
        Length of the queries and keys, where the question scales by
        ``1/√d_k``; None when it does not.
    temperature : float, optional
        ``T``.  Default 1.
    mask : array_like of bool, optional
        ``True`` where a query may attend (`causal_mask`); masked scores are −∞.
    tol : float, optional
        A slip within `tol` of the answer in every entry is left out: it
        would call a right answer wrong.  Default 5e-3, for weights typed
        to two or three decimals.

    Returns
    -------
    list of Mistake
        ``"one-hot"``, ``"column"``, ``"mask-zero"`` (with a mask that hides
        something), ``"d_k"`` and ``"unscaled"`` (with ``d_k > 1``), each
        where it differs from the answer.

    Examples
    --------
    Token 2 of "the cat sat down" (lab 8), causal mask, ``d_k = 2``:

    >>> S = [[1, 1, 0, 1.5], [1, 0, 0, -1], [1, 2, 0, 4], [2.5, 1, 0, 0]]
    >>> from widgets.core.attention_math import causal_mask
    >>> found = weights_mistakes(S, 1, d_k=2, mask=causal_mask(4))
    >>> {m.name: m.value.round(2).tolist() for m in found}  # doctest: +NORMALIZE_WHITESPACE
    {'one-hot': [[1.0, 0.0, 0.0, 0.0]], 'column': [[0.0, 0.14, 0.58, 0.28]],
     'mask-zero': [[0.4, 0.2, 0.2, 0.2]], 'd_k': [[0.62, 0.38, 0.0, 0.0]],
     'unscaled': [[0.73, 0.27, 0.0, 0.0]]}
    >>> print(found[2].message)
    you set the masked scores to 0, but e⁰ = 1 still gives those tokens a share: a masked score is −∞, so e^(−∞) = 0 and token 2 gives no weight to the tokens after it.
    """
    S = np.atleast_2d(np.asarray(S, dtype=float))
    allowed = np.ones(S.shape, dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    scale = softmax_scale(d_k or 1, scaled=bool(d_k), temperature=temperature)  # checks T and d_k
    T = float(temperature)
    answer = softmax_rows(S, scale, allowed)
    who = "each token" if row is None else f"token {row + 1}"
    candidates = [
        Mistake(
            "one-hot", _one_hot(S, allowed),
            "you gave all the weight to the largest score: softmax gives every score a share, "
            "e^score over the sum of e^score, so smaller scores keep smaller but nonzero weights.",
        ),
        Mistake(
            "column",
            softmax_rows(S.T, scale, allowed.T) if row is not None else softmax_rows(S.T, scale, allowed.T).T,
            "you took the softmax down a column of S: a row of A_att is the softmax along a row of "
            f"S, {who}'s scores against every key, so each row of A_att adds up to 1.",
        ),
    ]
    if mask is not None and not allowed.all():
        candidates.append(Mistake(
            "mask-zero", softmax_rows(np.where(allowed, S, 0.0), scale),
            "you set the masked scores to 0, but e⁰ = 1 still gives those tokens a share: a masked "
            f"score is −∞, so e^(−∞) = 0 and {who} gives no weight to the tokens after it.",
        ))
    if d_k and d_k > 1:
        root = format_number(math.sqrt(d_k))
        candidates += [
            Mistake(
                "d_k", softmax_rows(S, 1.0 / (T * d_k), allowed),
                f"you divided the scores by d_k = {d_k}: the scaling divides by √d_k = {root}.",
            ),
            Mistake(
                "unscaled", softmax_rows(S, 1.0 / T, allowed),
                f"you took the softmax of the raw scores: divide them by √d_k = {root} first.",
            ),
        ]
    if row is not None:
        answer = answer[[row]]
        candidates = [
            Mistake(m.name, m.value[[row]], m.message) for m in candidates
        ]
    return [m for m in candidates if not np.allclose(m.value, answer, rtol=0, atol=tol)]
