r"""What a learner reads of the practice on attention (Labs 7 to 9): a score, an output row, a softmax row,
the shapes from $X$ to $H$, a query $W_Q^T\mathbf{x}_i$ and a row of weights under the causal mask.  One
`SkillWords` per skill (`ATTENTION_WORDS`): its heading, the given numbers, the questions and worked
solutions, and hints in three levels.

>>> from widgets.core.practice import make_problem
>>> mask = ATTENTION_WORDS[-1]
>>> print(mask.skill, mask.write(make_problem("mask", 0)).parts[0].prompt[:30])
mask Compute row 3 of $A_{\text{att
"""

from __future__ import annotations

import numpy as np

from ..core.attention_mistakes import tokens_from
from .attention_steps import weight_latex
from .latex_math import bmatrix, latex_matrix
from .numbers import latex_number
from .practice_written import (
    SkillWords,
    WrittenPart,
    WrittenProblem,
    entry_step,
    exponential_step,
    first_term,
    product_latex,
    score_latex,
    two_matrices,
    weights_latex,
)

__all__ = ["ATTENTION_WORDS"]

_ATT = r"A_{\text{att}}"


def _score(problem):
    Q, K, i, j = (problem.data[k] for k in ("Q", "K", "i", "j"))
    (part,) = problem.parts
    products = " + ".join(rf"({latex_number(Q[i, d])})({latex_number(K[j, d])})" for d in range(Q.shape[1]))
    solution = (
        rf"$\mathbf{{q}}_{i + 1}$ is row {i + 1} of $Q$, ${latex_matrix(Q[[i]])}$, and $\mathbf{{k}}_{j + 1}$ "
        rf"is row {j + 1} of $K$, ${latex_matrix(K[[j]])}$."
        "\n\n"
        rf"Multiply them entry by entry and add: $$S_{{{i + 1}{j + 1}}} = {products} = "
        rf"{latex_number(part.answer)}.$$"
    )
    return WrittenProblem("Tokens are rows: " + two_matrices(Q, K, names=("Q", "K")), (WrittenPart(
        rf"Compute the score $S_{{{i + 1}{j + 1}}}$.", solution,  # which rows it pairs is the learner's to read
    ),))


def _score_hints(problem):
    Q, K, i, j = (problem.data[k] for k in ("Q", "K", "i", "j"))
    d = first_term(Q[i] * K[j], Q[i] @ K[j])
    return ((
        r"In $S = QK^T$, the first index of a score picks a query and the second a key.",
        r"$S_{ij} = \mathbf{q}_i\cdot\mathbf{k}_j$ takes row $i$ of $Q$ and row $j$ of $K$: "
        "multiply them entry by entry and add.",  # in general: this i and j are the learner's to read
        rf"Product {d + 1} of {Q.shape[1]}: ${product_latex(Q[i, d], K[j, d])}$.",
    ),)


def _output(problem):
    w, V, i = problem.data["weights"], problem.data["V"], problem.data["i"] + 1
    (part,) = problem.parts
    terms = " + ".join(rf"{weight_latex(w[j], 'tfrac')}{latex_matrix(V[[j]])}" for j in range(len(w)))
    solution = (
        rf"Each value row, a row of $V$, is scaled by its weight in row {i} of $A_{{\text{{att}}}}$."
        "\n\n"
        rf"The scaled rows are added: $$\mathbf{{h}}_{i}^T = {terms} = {latex_matrix(part.answer)}.$$"
    )
    weights = ", ".join(weight_latex(x, "tfrac") for x in w)
    given = (
        rf"Row {i} of $A_{{\text{{att}}}}$ is $({weights})$ and the values are the rows of "
        rf"$V = {latex_matrix(V)}$."
    )
    return WrittenProblem(given, (
        WrittenPart(rf"Compute $\mathbf{{h}}_{i}^T$, row {i} of $H = A_{{\text{{att}}}} V$.", solution),
    ))


def _output_hints(problem):
    w, V, i = problem.data["weights"], problem.data["V"], problem.data["i"]
    h = (w @ V)[None, :]
    first = first_term([w[k] * V[[k]] for k in range(len(w))], h)  # two weights and every value are not 0
    return ((
        rf"$\mathbf{{h}}_{i + 1}$ is a weighted average of the values.",
        rf"Scale each row of $V$ by its weight in row {i + 1} of $A_{{\text{{att}}}}$, then add the rows.",
        rf"Value {first + 1} has weight ${weight_latex(w[first], 'tfrac')}$: it adds "
        rf"${latex_matrix(w[first] * V[[first]])}$.",
    ),)


def _softmax(problem):
    d_k, exps, shift = (problem.data[k] for k in ("d_k", "exps", "shift"))
    (part,) = problem.parts
    root = int(np.sqrt(d_k))
    listed = ", ".join(score_latex(int(e), root * shift, root) for e in exps)
    exp_list = ", ".join(str(int(e)) for e in exps)
    shift_note = (
        rf"(the common ${shift}$ multiplies every $e^{{s}}$ by $e^{{{shift}}}$ and cancels) "
        if shift else ""
    )
    scaled = (
        rf"Divided by $\sqrt{{d_k}} = {root}$, the scores are "
        rf"$({', '.join(score_latex(int(e), shift) for e in exps)})$. " if d_k > 1 else ""
    )
    solution = (
        (f"{scaled}\n\n" if scaled else "")
        + rf"$e^{{s}}$ of the scores {shift_note}is proportional to ${exp_list}$, which sum to "
        rf"${int(exps.sum())}$."
        "\n\n"
        rf"Each weight is its share of that sum: $${weights_latex(part.answer)}.$$"
    )
    if d_k > 1:
        given = rf"A row of scores $S_i = ({listed})$, for queries and keys of $d_k = {d_k}$ entries."
        prompt = (r"Compute the weights $\operatorname{softmax}(S_i/\sqrt{d_k})$ "
                  r"(one row; fractions such as 1/4 are fine).")
    else:
        given = rf"A row of scores: $({listed})$."
        prompt = r"Compute the softmax of this row (one row; fractions such as 1/4 are fine)."
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


def _softmax_hints(problem):
    d_k, exps, shift = (problem.data[k] for k in ("d_k", "exps", "shift"))
    scale = rf"Divide the scores by $\sqrt{{d_k}} = {int(d_k ** 0.5)}$ first. " if d_k > 1 else ""
    return ((
        "Softmax turns scores into weights that are all positive and add up to 1.",
        rf"{scale}Each weight is $e^{{s}}$ over the sum of $e^{{s}}$ of the row; $e^{{\ln a}} = a$.",
        f"{'Scaled, the' if d_k > 1 else 'The'} first score is {exponential_step(int(exps[0]), shift)}.",
    ),)


def _chain(problem):
    n, d, d_k, d_v = (problem.data[k] for k in ("n", "d", "d_k", "d_v"))
    given = (rf"$X$ holds {n} tokens as rows, with {d} features each: $X$ is ${n}\times{d}$. "
             rf"$W_Q$ and $W_K$ are ${d}\times{d_k}$, and $W_V$ is ${d}\times{d_v}$.")
    shape = " (rows×columns)"
    return WrittenProblem(given, (
        WrittenPart(r"What is the shape of $Q = XW_Q$?" + shape,
                    rf"$({n}\times{d})({d}\times{d_k})$: the inner {d}s drop out, so $Q$ is ${n}\times{d_k}$: "
                    "a query of $d_k$ entries per token."),
        WrittenPart(r"What is the shape of the scores $S = QK^T$?" + shape,
                    rf"$K$ is ${n}\times{d_k}$ like $Q$, so $K^T$ is ${d_k}\times{n}$ and "
                    rf"$({n}\times{d_k})({d_k}\times{n})$ gives ${n}\times{n}$: a score per pair of tokens."),
        WrittenPart(r"What is the shape of the weights $A_{\text{att}} = \operatorname{softmax}(S/\sqrt{d_k})$?"
                    + shape, rf"Softmax turns each row of $S$ into weights and keeps its shape: ${n}\times{n}$."),
        WrittenPart(r"What is the shape of the output $H = A_{\text{att}}V$?" + shape,
                    rf"$V = XW_V$ is ${n}\times{d_v}$, and $({n}\times{n})({n}\times{d_v})$ gives "
                    rf"${n}\times{d_v}$: one output row per token, as long as a value."),
    ))


def _chain_hints(problem):
    n, d, d_k, d_v = (problem.data[k] for k in ("n", "d", "d_k", "d_v"))
    return (
        ("A product has the rows of its left factor and the columns of its right one.",
         "The inner sizes must agree, and they drop out.",
         rf"$X$ is ${n}\times{d}$ and $W_Q$ is ${d}\times{d_k}$."),
        ("$S$ compares every query with every key.",
         r"$K^T$ turns the keys, rows of $K$, into columns.",
         rf"$Q$ is ${n}\times{d_k}$, and so is $K$."),
        ("Dividing by a number and a softmax change the entries.",
         "Softmax turns each row of scores into a row of weights.",
         r"Take row 1 of $S$, query 1's scores against the keys: softmax turns it into query 1's "
         "weights, one per key."),
        ("Each output row mixes the rows of $V$.",
         r"$V = XW_V$; then the inner sizes of $A_{\text{att}}V$ drop out.",
         rf"$W_V$ is ${d}\times{d_v}$."),
    )


def _query(problem):
    X, W, i, as_row = (problem.data[k] for k in ("X", "W_Q", "i", "as_row"))
    (part,) = problem.parts
    n = i + 1
    sums = [" + ".join(rf"({latex_number(X[i, d])})({latex_number(W[d, k])})" for d in range(len(W)))
            for k in range(W.shape[1])]
    given = rf"The tokens are the rows of $X = {latex_matrix(X)}$, $\quad W_Q = {latex_matrix(W)}$"
    if as_row:
        prompt = rf"Compute row {n} of $Q = XW_Q$ (a row)."
        worked = rf"$$\mathbf{{x}}_{n}^TW_Q = {bmatrix([sums])} = {latex_matrix(part.answer)}.$$"
    else:
        prompt = rf"Compute the query of token {n}, $\mathbf{{q}}_{n} = W_Q^T\mathbf{{x}}_{n}$ (a column)."
        worked = rf"$$\mathbf{{q}}_{n} = W_Q^T\mathbf{{x}}_{n} = {bmatrix([s] for s in sums)} = {latex_matrix(part.answer)}.$$"
    solution = (rf"Token {n} is row {n} of $X$: $\mathbf{{x}}_{n}^T = {latex_matrix(X[[i]])}$." "\n\n"
                rf"Entry $k$ is $\mathbf{{x}}_{n}$ dotted with column $k$ of $W_Q$: {worked}")
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


def _query_hints(problem):
    X, W, i, as_row = (problem.data[k] for k in ("X", "W_Q", "i", "as_row"))
    n = i + 1
    name = rf"\mathbf{{x}}_{n}^TW_Q" if as_row else rf"\mathbf{{q}}_{n}"
    step = entry_step(X[[i]], W, name) if as_row else entry_step(W.T, X[[i]].T, name)
    return ((
        rf"The query of token {n} comes from token {n} alone, row {n} of $X$, and all of $W_Q$.",
        rf"Entry $k$ of $\mathbf{{q}}_{n}$ is $\mathbf{{x}}_{n}$ dotted with column $k$ of $W_Q$ (row $k$ of "
        rf"$W_Q^T$); {'row ' + str(n) + ' of $Q$ holds the same numbers as a row' if as_row else 'it is a column'}.",
        step,
    ),)


def _mask(problem):
    exps, shift, i = (problem.data[k] for k in ("exps", "shift", "i"))
    (part,) = problem.parts
    n, tokens = i + 1, len(exps)
    listed = ", ".join(score_latex(int(e), shift) for e in exps)
    seen = exps[:n]
    shift_note = rf" (the common ${shift}$ cancels)" if shift else ""
    solution = (
        rf"The mask hides {tokens_from(n + 1, tokens)}: {'their scores become' if tokens > n + 1 else 'its score becomes'} "
        r"$-\infty$ and " + ("their weights" if tokens > n + 1 else "its weight") + " $0$."
        "\n\n"
        rf"$e^{{s}}$ of the scores of {tokens_from(1, n)}{shift_note} is proportional to "
        rf"${', '.join(str(int(e)) for e in seen)}$, which sum to ${int(seen.sum())}$."
        "\n\n"
        rf"Each of them gets its share of that sum: $${weights_latex(part.answer)}.$$"
    )
    given = rf"Token {n}'s scores against tokens 1 to {tokens}: $({listed})$. The causal mask is on."
    prompt = (rf"Compute row {n} of ${_ATT}$, token {n}'s weights (one row of {tokens}; fractions such as "
              "1/4 are fine).")
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


def _mask_hints(problem):
    exps, shift, i = (problem.data[k] for k in ("exps", "shift", "i"))
    n = i + 1
    return ((
        rf"Token {n} may look only at {tokens_from(1, n)}: itself and {'those' if n > 2 else 'the one'} before it.",
        r"The mask sets the later scores to $-\infty$, and $e^{-\infty} = 0$; the softmax shares the whole "
        r"weight among the scores left, each $e^{s}$ over their sum.",
        f"The first score is {exponential_step(int(exps[0]), shift)}.",
    ),)


#: The words of each skill of attention, in the order of `widgets.core.practice.SKILLS`.
ATTENTION_WORDS = (
    SkillWords("score", "one score q·k", _score, _score_hints),
    SkillWords("output", "one output row of H", _output, _output_hints),
    SkillWords("softmax", "a softmax row", _softmax, _softmax_hints),
    SkillWords("chain", "the shapes from X to H", _chain, _chain_hints),
    SkillWords("query", "one query W_Qᵀx", _query, _query_hints),
    SkillWords("mask", "weights under the causal mask", _mask, _mask_hints),
)
