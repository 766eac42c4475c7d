"""Practice of attention's steps: a query W_Qᵀx, a score q·k, a softmax row and one under the causal
mask, an output row of weighted values, and the shapes from X to H."""

from __future__ import annotations

import numpy as np

from ..attention_mistakes import (
    attention_shape_mistakes,
    masked_row_mistakes,
    output_mistakes,
    query_mistakes,
    score_mistakes,
    softmax_mistakes,
)
from ..diagnosis import told_apart
from ..mistakes import shape_mistakes
from .problems import Part, Problem, redrawn_until_every_slip_tells, sizes, small, two_terms

__all__ = ["chain_problem", "mask_problem", "output_problem", "query_problem", "score_problem", "softmax_problem"]


@redrawn_until_every_slip_tells
def score_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """One score S_ij = q_i · k_j from Q and K, tokens as rows: 3 or 4 tokens, d_k 2 or 3, entries
    from -4 to 4; two of its products at least are not 0.  Its slips are lab 7's (`score_mistakes`),
    without those inside the sum."""
    tokens, d_k = sizes(rng, (3, 4), (2, 3))
    Q, K = small(rng, (tokens, d_k), -4, 4), small(rng, (tokens, d_k), -4, 4)
    i, j = (int(x) for x in rng.choice(tokens, size=2, replace=False))
    if not two_terms(Q[i], K[j]):
        return None
    answer = float(Q[i] @ K[j])
    mistakes = tuple(score_mistakes(Q, K, i, j, terms=False))
    return Problem("score", seed, (Part(answer, mistakes),), dict(Q=Q, K=K, i=i, j=j))


#: Weight rows that sum to 1, as a denominator and the numerators (shuffled when drawn), in halves
#: to eighths: the values are multiples of the denominator, so a learner multiplies by hand.  Never
#: all equal: then the plain average would be right and teach nothing about weights.
_WEIGHT_ROWS = (
    (2, (1, 1, 0)), (3, (2, 1, 0)), (3, (2, 1, 0, 0)),
    (4, (2, 1, 1)), (4, (3, 1, 0)), (4, (3, 1, 0, 0)), (4, (2, 1, 1, 0)),
    (5, (3, 1, 1)), (5, (3, 2, 0)), (5, (4, 1, 0)), (5, (2, 1, 1, 1)), (5, (3, 1, 1, 0)),
    (6, (3, 2, 1)), (6, (4, 1, 1)), (6, (3, 2, 1, 0)), (6, (4, 1, 1, 0)),
    (8, (5, 2, 1)), (8, (4, 3, 1)), (8, (6, 1, 1)), (8, (4, 2, 1, 1)), (8, (5, 1, 1, 1)), (8, (3, 2, 2, 1)),
)


@redrawn_until_every_slip_tells
def output_problem(rng: np.random.Generator, seed: int) -> Problem:
    """One output h_i = sum_j A_att[i, j] v_j from a row of weights and the values: entries of V
    are multiples of the weights' denominator, at most 8 in size, so h_i is whole.  Its slips are lab
    8's (`output_mistakes`)."""
    denominator, numerators = _WEIGHT_ROWS[int(rng.integers(len(_WEIGHT_ROWS)))]
    n = len(numerators)
    w = np.array(numerators)[rng.permutation(n)] / denominator
    V = denominator * small(rng, (n, 2), -(8 // denominator), 8 // denominator)
    i = int(rng.integers(1, n + 1))  # a row A_att has: it is n×n
    answer = (w @ V)[None, :]
    # Lab 8's slips (check_h2's): the weights left out, the value of the largest alone, the weights paired
    # with the values in reverse order or shifted (seed 4's reversed [3, 3] was unnamed before).
    part = Part(answer, tuple(output_mistakes(w, V, i - 1)), name=f"h{i}")
    return Problem("output", seed, (part,), dict(weights=w, V=V, i=i - 1))


@redrawn_until_every_slip_tells
def softmax_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """A softmax row of 2 to 4 scores, each 0, ln 2, ln 3 or ln 4 (plus a shift): e^score is 1 to 4,
    so the weights are shares of a sum of at most 16, by hand.  Never all equal: equal scores give
    equal weights, and the "uniform" slip would be right.

    In a third of the problems the scores are a row of ``S`` for queries and
    keys of ``d_k = 4`` entries, to be scaled by ``√d_k = 2`` first (its
    slips: no scaling, or ``d_k`` for ``√d_k``).  Its slips are lab 9's (`softmax_mistakes`).
    """
    (tokens,) = sizes(rng, (2, 3, 3, 4, 4))
    exps = rng.integers(1, 5, size=tokens).astype(float)
    if np.all(exps == exps[0]):
        return None
    shift = int(rng.choice([0, 0, 1, -1, 2]))
    d_k = 4 if rng.integers(3) == 0 else 1
    root = int(np.sqrt(d_k))
    scores = root * (np.log(exps) + shift)  # what the learner is given
    answer = (exps / exps.sum())[None, :]
    mistakes = softmax_mistakes(scores, d_k, shift=shift)
    part = Part(answer, tuple(mistakes), tol=5e-3, name="weights")
    return Problem("softmax", seed, (part,), dict(scores=scores, d_k=d_k, exps=exps, shift=shift))


def chain_problem(seed: int) -> Problem:
    """The shapes along attention, X → Q → S → A_att → H, one question at a time: n tokens of d
    features, W_Q and W_K d×d_k, W_V d×d_v, the four sizes all different, so that every slip (a
    size kept where it drops out, the transpose forgotten, a row for the matrix) has its own answer."""
    rng = np.random.default_rng(seed)
    n, d, d_k, d_v = (int(x) for x in rng.choice(np.arange(2, 9), size=4, replace=False))
    parts = (
        Part((n, d_k), tuple(told_apart(shape_mistakes((n, d), (d, d_k), names=("X", "W_Q")), (n, d_k))),
             name="Q"),
        Part((n, n), tuple(told_apart(attention_shape_mistakes("S", n, d, d_k, d_v), (n, n))), name="S"),
        Part((n, n), tuple(attention_shape_mistakes("A_att", n, d, d_k, d_v)), name="A_att"),
        Part((n, d_v), tuple(told_apart(attention_shape_mistakes("H", n, d, d_k, d_v), (n, d_v))), name="H"),
    )
    return Problem("chain", seed, parts, dict(n=n, d=d, d_k=d_k, d_v=d_v))


@redrawn_until_every_slip_tells
def query_problem(rng: np.random.Generator, seed: int) -> Problem | None:
    """One query from W_Q (d×d_k) and the tokens, the rows of X: q_i = W_Qᵀx_i as a column, or in
    half the problems row i of Q = XW_Q.  3 or 4 tokens, d and d_k 2 or 3, entries from -3 to 3;
    some entry of q_i has two products that are not 0 (the first step shows one), and a square W_Q
    used without its transpose gives another query.  Its slips are lab 6's (`query_mistakes`)."""
    tokens, d, d_k = sizes(rng, (3, 4), (2, 3), (2, 3))
    X, W = small(rng, (tokens, d)), small(rng, (d, d_k))
    i = int(rng.integers(tokens))
    if not any(two_terms(X[i], W[:, k]) for k in range(d_k)):
        return None
    as_row = bool(rng.integers(2))
    answer = W.T @ X[i]
    if d == d_k and np.allclose(W @ X[i], answer):  # a square W_Q used without its transpose must show
        return None
    answer, n = (answer[None, :] if as_row else answer[:, None]), i + 1
    mistakes = query_mistakes(X, W, i, as_row=as_row)
    part = Part(answer, tuple(told_apart(mistakes, answer)), name=f"row {n} of Q" if as_row else f"q{n}")
    return Problem("query", seed, (part,), dict(X=X, W_Q=W, i=i, as_row=as_row))


@redrawn_until_every_slip_tells
def mask_problem(rng: np.random.Generator, seed: int) -> Problem:
    """Row i of A_att under the causal mask, from a row of L scores (L from 3 to 5, i from 2 to
    L - 1, so some tokens are hidden and at least two are not): each score 0, ln 2, ln 3 or ln 4 plus
    a shift, as in the softmax practice, so the weights are shares of a sum of at most 16.  Its slips
    are lab 9's (`masked_row_mistakes`)."""
    (tokens,) = sizes(rng, (3, 4, 4, 5))
    i = int(rng.integers(2, tokens))  # 1-based: tokens 1..i are seen
    exps = rng.integers(1, 5, size=tokens).astype(float)
    shift = int(rng.choice([0, 0, 1, -1, 2]))
    scores = np.log(exps) + shift
    answer = (np.where(np.arange(tokens) < i, exps, 0.0) / exps[:i].sum())[None, :]
    mistakes = masked_row_mistakes(scores, i - 1, shift=shift)
    part = Part(answer, tuple(mistakes), tol=5e-3, name=f"row {i} of A_att")
    return Problem("mask", seed, (part,), dict(scores=scores, exps=exps, shift=shift, i=i - 1))
