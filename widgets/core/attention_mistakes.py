"""The usual wrong answers to attention: a row of weights ``A_att``, with or without the mask, and one output h_i.

Each catalogue here is the one a lab's check and the practice of its skill both use.

`score_mistakes`: one score ``S_ij = q_i·k_j``.  `query_mistakes`: the query of token ``i``, ``q_i = W_Qᵀx_i`` (row ``i`` of
``Q = XW_Q`` stood up as a column, or typed as that row).

`softmax_mistakes`: a row of weights is the softmax of its row of scores
(scaled by ``1/√d_k``).  `masked_row_mistakes`: under the causal mask, row
``i`` shares the whole weight among tokens 1 to ``i``.

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

from .attention_math import softmax_rows
from .diagnosis import Mistake, told_apart
from .mistakes import shape_mistakes, term_slips
from .parsing import format_number

__all__ = [
    "attention_shape_mistakes", "masked_row_mistakes", "output_mistakes", "query_mistakes", "score_mistakes",
    "softmax_mistakes", "tokens_from",
]


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


def _share(e: np.ndarray, seen: np.ndarray) -> np.ndarray:
    """The exponentials `e` of the tokens `seen`, divided by their sum, as a 1×L row (the others 0)."""
    kept = np.where(seen, e, 0.0)
    return (kept / kept.sum())[None, :]


def tokens_from(first: int, last: int) -> str:
    """Tokens `first` to `last` (1-based) in words: "token 4", "tokens 1 and 2", "tokens 1 to 3".

    >>> tokens_from(1, 1), tokens_from(1, 2), tokens_from(3, 5)
    ('token 1', 'tokens 1 and 2', 'tokens 3 to 5')
    """
    if first == last:
        return f"token {first}"
    return f"tokens {first} {'and' if last == first + 1 else 'to'} {last}"


def softmax_mistakes(scores: ArrayLike, d_k: int = 1, *, shift: float = 0.0) -> list[Mistake]:
    """The usual wrong answers for the softmax of one row of scores, typed as a 1×L row.

    The right weights are ``softmax(scores / √d_k)``.  The slips: the scores
    divided by their sum without the exponentials, the exponentials not
    divided by their sum (or divided by the largest), all the weight on the
    largest score, equal weights, a weight of 1 each, and with ``d_k > 1``
    the scores not scaled or divided by ``d_k``.  Lab 9's check and the
    softmax practice use it.

    Parameters
    ----------
    scores : array_like, shape (L,)
        The row of scores, as the question gives them.
    d_k : int, optional
        Length of the queries and keys, where the question scales by ``1/√d_k``.
    shift : float, optional
        A number added to every scaled score that cancels (the practice's):
        the exponentials a learner writes leave it out, ``e^(score − shift)``.

    Returns
    -------
    list of Mistake
        One may give the answer itself (equal scores give equal weights):
        `diagnose` skips it, and a practice draws its numbers again.

    Examples
    --------
    Lab 9's row, scores ``(2 ln 2, 0, ln 2, 0)``:

    >>> found = softmax_mistakes(np.log([4, 1, 2, 1]))
    >>> {m.name: m.value.round(3).tolist() for m in found}  # doctest: +NORMALIZE_WHITESPACE
    {'no-exp': [[0.667, 0.0, 0.333, 0.0]], 'not-divided': [[4.0, 1.0, 2.0, 1.0]],
     'by-largest': [[1.0, 0.25, 0.5, 0.25]], 'one-hot': [[1.0, 0.0, 0.0, 0.0]],
     'uniform': [[0.25, 0.25, 0.25, 0.25]], 'ones': [[1.0, 1.0, 1.0, 1.0]]}
    >>> print(found[1].message)
    those are the exponentials e^score: divide each by their sum, 8, so the weights add up to 1.
    """
    scores = np.asarray(scores, dtype=float).ravel()
    root = math.sqrt(d_k)
    e = np.exp(scores / root - shift)
    top = np.isclose(scores, scores.max(), rtol=0, atol=1e-12)
    candidates = []
    if abs(scores.sum()) > 1e-9:
        candidates.append(Mistake(
            "no-exp", (scores / scores.sum())[None, :],
            "you divided the scores by their sum without exponentiating: the softmax takes e^score first, "
            "so a score of 0 still gets a share.",
        ))
    cancels = " (the common shift cancels)" * bool(shift)
    candidates += [
        Mistake("not-divided", e[None, :],
                f"those are the exponentials e^score{cancels}: divide each by their sum, {format_number(e.sum())}, "
                "so the weights add up to 1."),
        Mistake("by-largest", (e / e.max())[None, :],
                f"you divided the exponentials ({', '.join(map(format_number, e))}) by the largest, "
                f"{format_number(e.max())}: divide each by their sum, {format_number(e.sum())}, so the weights "
                "add up to 1."),
        Mistake("one-hot", (top / top.sum())[None, :],
                "you gave all the weight to the largest score: softmax gives every score a share, "
                "e^score over the sum of e^score, so smaller scores keep smaller but nonzero weights."),
        Mistake("uniform", np.full((1, e.size), 1 / e.size),
                "equal shares ignore the scores: a larger score gets a larger weight."),
        Mistake("ones", np.ones((1, e.size)),
                f"a weight of 1 for every token gives a row that adds to {e.size}: the weights are shares of one "
                "whole, each exponential divided by the sum of all of them."),
    ]
    if d_k > 1:
        candidates += [
            Mistake("unscaled", softmax_rows(scores[None, :]),
                    f"you took the softmax of the raw scores: divide them by √d_k = {format_number(root)} first."),
            Mistake("d_k", softmax_rows(scores[None, :], 1 / d_k),
                    f"you divided the scores by d_k = {d_k}: the scale is its square root, "
                    f"√d_k = {format_number(root)}."),
        ]
    return candidates


def masked_row_mistakes(scores: ArrayLike, i: int, *, shift: float = 0.0) -> list[Mistake]:
    """The usual wrong answers for row `i` (0-based) of ``A_att`` under the causal mask, from its row of scores.

    Token ``i + 1`` sees tokens 1 to ``i + 1``: the softmax shares the whole
    weight among their scores.  The slips: the hidden weights set to 0 after
    a softmax of the whole row, the mask on the wrong side (the tokens before
    token ``i + 1`` hidden), the weight given to the hidden tokens, no mask,
    equal shares, the exponentials not divided, a weight of 1 each.  Lab 9's
    check and the mask practice use it.

    Parameters
    ----------
    scores : array_like, shape (L,)
        Row `i` of the scores (lab 9's check, "whatever the scores", passes zeros).
    i : int
        0-based row.
    shift : float, optional
        A number added to every score that cancels, as in `softmax_mistakes`.

    Examples
    --------
    Lab 9: row 1, whatever the scores.

    >>> [m.name for m in masked_row_mistakes(np.zeros(4), 0)]  # equal shares and e^score are right here
    ['not-renormalised', 'hidden-kept', 'no-mask', 'uniform', 'not-divided', 'ones']
    >>> [m.name for m in masked_row_mistakes(np.log([1, 2, 3, 4]), 2)]  # doctest: +NORMALIZE_WHITESPACE
    ['not-renormalised', 'wrong-side', 'hidden-kept', 'no-mask', 'uniform', 'not-divided', 'ones']
    """
    scores = np.asarray(scores, dtype=float).ravel()
    tokens, n = scores.size, int(i) + 1
    e = np.exp(scores - shift)
    before = np.arange(tokens) < n
    seen = tokens_from(1, n)
    candidates = [
        Mistake("not-renormalised", np.where(before, e / e.sum(), 0.0)[None, :],
                "you set the hidden tokens' weights to 0 after the softmax: the mask acts on the scores, before "
                "the softmax, which then shares the whole weight among the scores left."),
    ]
    if n > 1:  # token 1 hides nothing before it: the wrong side would be no mask
        candidates.append(Mistake(
            "wrong-side", _share(e, np.arange(tokens) >= n - 1),
            f"you hid the tokens before token {n}: the mask hides those after it, token {n} sees {seen}.",
        ))
    if n < tokens:
        candidates.append(Mistake(
            "hidden-kept", _share(e, ~before),
            f"you gave the weight to {tokens_from(n + 1, tokens)}, the ones the mask hides: it hides the tokens "
            f"after token {n}, not the ones up to it.",
        ))
    cancels = " (the common shift cancels)" * bool(shift)
    candidates += [
        Mistake("no-mask", _share(e, np.ones(tokens, bool)),
                f"that is the softmax of the whole row, as if the mask hid nothing: which tokens may token {n} "
                "look at?"),
        Mistake("uniform", np.where(before, 1 / n, 0.0)[None, :],
                "equal shares ignore the scores: the tokens seen share the weight by e^score."),
        Mistake("not-divided", np.where(before, e, 0.0)[None, :],
                f"those are the exponentials of the scores of {seen}{cancels}, not yet divided: divide each by "
                "their sum, so the weights add up to 1."),
        Mistake("ones", np.ones((1, tokens)),
                "a row of weights adds to 1, and the mask gives the tokens it hides no weight at all."),
    ]
    return candidates


def query_mistakes(X: ArrayLike, W_Q: ArrayLike, i: int, *, as_row: bool = False) -> list[Mistake]:
    """The usual wrong answers for the query of token `i` (0-based), from the tokens (the rows of `X`) and ``W_Q``.

    The answer is ``q_i = W_Qᵀx_i`` as a column, or with `as_row` row ``i`` of
    ``Q = XW_Q``.  The slips: ``W_Q`` without its transpose (where it is
    square), a row of ``W_Q``, a column of ``X`` taken as the token, a column
    of ``Q``, another token's query, and the right numbers turned.  Each where
    its shapes allow; one may give the answer or an earlier one's value (the
    practice keeps the first, `told_apart`; `diagnose` says each).  Lab 6's
    check and the query practice use it.

    Examples
    --------
    Lab 6: tokens (1, 2) and (3, 0), ``W_Q = [[1, 0], [2, 1]]``, so ``q₁ = (5, 2)``:

    >>> found = query_mistakes([[1, 2], [3, 0]], [[1, 0], [2, 1]], 0)
    >>> {m.name: m.value.ravel().tolist() for m in found}  # doctest: +NORMALIZE_WHITESPACE
    {'no-transpose': [1.0, 4.0], 'row-of-W': [1.0, 0.0], 'column-of-X': [7.0, 3.0], 'column-of-Q': [5.0, 3.0],
     'other-token': [3.0, 0.0], 'as-row': [5.0, 2.0]}
    """
    X, W = np.atleast_2d(np.asarray(X, dtype=float)), np.atleast_2d(np.asarray(W_Q, dtype=float))
    (tokens, d), d_k = X.shape, W.shape[1]
    n, q = int(i) + 1, f"q{_sub(int(i) + 1)}"
    x = f"x{_sub(n)}"

    def turn(v):
        """A vector as the answer's kind: a row or a column."""
        return v[None, :] if as_row else v[:, None]

    found = []
    if d == d_k:  # only a square W_Q fits x_i without its transpose
        found.append(Mistake(
            "no-transpose", turn(W @ X[i]),
            f"that is W_Q {x}, W_Q without its transpose: with tokens as rows, {q}ᵀ = {x}ᵀ W_Q, so {q} = W_Qᵀ {x}: "
            f"entry k of {q} is column k of W_Q dotted with {x}.",
        ))
    if i < d:
        found.append(Mistake(
            "row-of-W", turn(W[i]),
            f"that is row {n} of W_Q: the query of token {n} is {x} times W_Q, not a row of the weights.",
        ))
    if tokens == d:
        found.append(Mistake(
            "column-of-X", turn(W.T @ X[:, i]),
            f"you took column {n} of X as the token: the tokens are the rows of X, {x} is row {n}.",
        ))
    if tokens == d_k and i < d_k:
        found.append(Mistake(
            "column-of-Q", turn((X @ W)[:, i]),
            f"that is column {n} of Q = X W_Q, one feature of every token: {q} is row {n} of Q.",
        ))
    found += [  # after the slips above: where a token's query is one of those, those are named first
        Mistake("other-token", turn(W.T @ X[j]),
                f"that is the query of token {j + 1}: {q} comes from token {n}, row {n} of X.")
        for j in range(tokens) if j != i
    ]
    answer = turn(W.T @ X[i])
    found.append(Mistake(
        "as-column" if as_row else "as-row", answer.T,
        f"the right numbers, but written as a {'column' if as_row else 'row'}: "
        + (f"row {n} of Q is {q}ᵀ, a row." if as_row else f"{q} = W_Qᵀ {x} is a column."),
    ))
    return found


def score_mistakes(
    Q: ArrayLike, K: ArrayLike, i: int, j: int, X: ArrayLike | None = None, *, terms: bool = True
) -> list[Mistake]:
    """The usual wrong answers for the score ``S_ij = q_i·k_j`` (0-based `i`, `j`), queries and keys as rows.

    The slips: the tokens swapped (``S_ji``), two queries or two keys dotted,
    the query's own key (``S_ii``), the tokens `X` themselves dotted where the
    question shows them, and with `terms` the whole score's sign, a product's
    sign slipped or a product left out (`term_slips`, every one: slips of one
    value are each said).  Lab 7's check and the score practice (without `terms`) use it.

    Examples
    --------
    Lab 7: q₂ = (0.5, 1, 0.5) and k₄ = (−1, −0.5, 1.5), S₂₄ = −0.25.

    >>> from widgets.core.lab_numbers import LAB7
    >>> X = np.asarray(LAB7.X, dtype=float)
    >>> found = score_mistakes(X @ LAB7.W_Q, X @ LAB7.W_K, 1, 3, X)
    >>> print(found[0].message)
    that is S₄₂ = q₄·k₂, with the two tokens swapped: the first index of S₂₄ picks the query, a row of Q, and the second the key, a row of K.
    >>> print(found[-1].message)
    you left out term 3, q₂₃k₄₃, which is 0.75: the score adds all 3 products.
    """
    Q, K = np.atleast_2d(np.asarray(Q, dtype=float)), np.atleast_2d(np.asarray(K, dtype=float))
    a, b = _sub(i + 1), _sub(j + 1)
    found = [
        Mistake("swapped", float(Q[j] @ K[i]),
                f"that is S{b}{a} = q{b}·k{a}, with the two tokens swapped: the first index of S{a}{b} picks the "
                "query, a row of Q, and the second the key, a row of K."),
        Mistake("query-query", float(Q[i] @ Q[j]),
                f"that is q{a}·q{b}, two queries: the score pairs query {i + 1} with key {j + 1}, row {j + 1} of K."),
        Mistake("key-key", float(K[i] @ K[j]),
                f"that is k{a}·k{b}, two keys: the score pairs query {i + 1}, row {i + 1} of Q, with key {j + 1}."),
        Mistake("diagonal", float(Q[i] @ K[i]), f"that is S{a}{a} = q{a}·k{a}: use key {j + 1}, row {j + 1} of K."),
    ]
    if X is not None:
        X = np.atleast_2d(np.asarray(X, dtype=float))
        found.append(Mistake(
            "token-token", float(X[i] @ X[j]),
            f"that is x{a}·x{b}, the tokens themselves: the score compares them after W_Q and W_K, q{a} with k{b}.",
        ))
    if terms:
        n, total = Q.shape[1], float(Q[i] @ K[j])
        if total:  # said beside a slip of the same value, which would otherwise hide diagnose's own
            found.append(Mistake("sign", -total, "right size, wrong sign: recheck the signs of the products."))
        found += [Mistake(name, value, f"a sign slip in {words}; the other products are right." if name == "sign"
                          else f"you left out {words}: the score adds {'both' if n == 2 else f'all {n}'} products.")
                  for name, value, words in term_slips(Q, K.T, i, j, shared=True,
                                                      term=lambda k: f"q{a}{_sub(k + 1)}k{b}{_sub(k + 1)}")]
    return found


def attention_shape_mistakes(part: str, n: int, d: int, d_k: int, d_v: int) -> list[Mistake]:
    """The usual wrong answers for the shape of ``S``, ``A_att`` or ``H`` (`part`), for n tokens of d
    features, queries and keys of d_k entries, values of d_v.  Lab 7's question on S, lab 8's on A_att
    and H, and the chain practice use it.

    ``S = QKᵀ``: QᵀK's d_k×d_k, the shape of Q or K, that of Kᵀ, then `shape_mistakes` of ``QKᵀ`` (the
    inner sizes kept; its swap is the answer), each shape named once, by its most specific slip.
    ``A_att``: one row only, the shape of Q, K or V, a d_k×d_k matrix.  ``H``: `shape_mistakes` of
    ``A_att V``, the shape of X, a d_v×d_v matrix.  Some are the answer or another's value: `diagnose`
    skips the answer, the practice keeps `told_apart`.

    >>> [(m.name, m.value) for m in attention_shape_mistakes("S", 5, 4, 3, 3)]
    [('QtK', (3, 3)), ('Q', (5, 3)), ('Kt', (3, 5)), ('swapped', (5, 5)), ('none', ())]
    >>> [(m.name, m.value) for m in attention_shape_mistakes("A_att", 4, 3, 2, 2)]
    [('one-row', (1, 4)), ('values', (4, 2)), ('features', (2, 2))]
    """
    if part == "S":
        return told_apart([
            Mistake("QtK", (d_k, d_k), f"{d_k}×{d_k} keeps the inner sizes, the shape of QᵀK: S = QKᵀ pairs each "
                    "query, a row of Q, with each key, a row of K, so it has a row and a column per token."),
            Mistake("Q", (n, d_k), "that is the shape of Q (and K): S holds one score for each pair of "
                    "tokens, a query's and a key's."),
            Mistake("Kt", (d_k, n), "that is the shape of Kᵀ alone: S = QKᵀ takes its rows from Q, one per "
                    "query, and its columns from Kᵀ, one per key."),
            *shape_mistakes((n, d_k), (d_k, n), names=("Q", "Kᵀ")),
        ])
    if part == "A_att":
        why = "A_att holds one weight per score, one row per token and one column per token it can look at."
        same = d_k == d_v
        found = [
            Mistake("one-row", (1, n), "softmax acts on every row of S, not only one: each query gets its own row "
                    "of weights."),
            Mistake("values", (n, d_k), f"that is the shape of Q{', K and V' if same else ' and K'}: {why}"),
            *([] if same else [Mistake("values", (n, d_v), f"that is the shape of V: {why}")]),
            Mistake("features", (d_k, d_k), f"{d_k} is the length of a query or key: A_att compares tokens with "
                    "tokens, one row per token and one column per token it can look at."),
        ]
        return found
    if part == "H":
        return [
            *shape_mistakes((n, n), (n, d_v), names=("A_att", "V")),
            Mistake("X", (n, d), f"that is the shape of X: each output row mixes the rows of V, which have "
                    f"d_v = {d_v} entries (W_V is {d}×{d_v})."),
            Mistake("features", (d_v, d_v), f"{d_v} is the length of a value vector, the columns of V: "
                    "H = A_att V has the rows of A_att, one per token, and the columns of V."),
        ]
    raise ValueError(f"part must be 'S', 'A_att' or 'H', got {part!r}")
