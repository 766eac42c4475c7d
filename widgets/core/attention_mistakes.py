"""The usual wrong answers to one output of attention, h_i from a row of A_att and V.

``h_i = A_att[i, 0] v_1 + ... + A_att[i, L-1] v_L`` is asked as row ``i`` of
``H = A_att V``, that is ``h_iᵀ`` (one row).  The slips: the plain average
of the values, their sum without the weights, the value with the largest
weight alone (or only its share), the weights paired with the values in
reverse order, and the right numbers typed as a column.  Numpy only.
"""

from __future__ import annotations

import numpy as np

from .mistakes import Mistake

__all__ = ["output_mistakes"]


def _sub(n):
    """1-based index as Unicode subscript digits: 12 -> '₁₂'."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def output_mistakes(weights, V, row):
    """The usual wrong answers for row `row` of ``H = A_att V``, typed as a row.

    Parameters
    ----------
    weights : array_like, shape (L,)
        Row `row` of ``A_att``.
    V : array_like, shape (L, d_v)
        The value vectors, one per row.
    row : int
        0-based index ``i`` of the output, used in the messages.

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
     'largest': [[2.0, 0.0]], 'largest-share': [[1.0, 0.0]], 'reversed': [[0.75, 2.0]]}
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
    ]
    return [
        m for m in candidates
        if m.name == "column" or not np.allclose(m.value, answer)
    ]
