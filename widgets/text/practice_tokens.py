r"""What a learner reads of the practice on tokens in attention: a query $W_Q^T\mathbf{x}_i$ (Lab 7),
a row of weights under the causal mask (Lab 9) and a layer's output for $cX$ (Lab 10): the given
numbers, the question and a worked solution (`WRITERS`), and hints in three levels (`HINTS`).

>>> from widgets.core.practice import make_problem
>>> print(WRITERS["mask"](make_problem("mask", 0)).parts[0].prompt[:30])
Compute row 3 of $A_{\text{att
"""

from __future__ import annotations

import numpy as np

from ..core.attention_mistakes import tokens_from
from .attention_steps import weight_latex
from .latex_math import bmatrix, latex_matrix
from .numbers import latex_number
from .practice_written import (
    WrittenPart,
    WrittenProblem,
    entry_step,
    exponential_step,
    score_latex,
    weights_latex,
)

__all__ = ["HINTS", "WRITERS"]

_ATT = r"A_{\text{att}}"


# -- a query ---------------------------------------------------------------------------


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


# -- the causal mask -------------------------------------------------------------------


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


# -- linearity -------------------------------------------------------------------------


def _linearity(problem):
    data, (part,) = problem.data, problem.parts
    c, answer = data["c"], latex_matrix(part.answer)
    if data["layer"] == "attention":
        A_x, A_c, V = data["A_x"], data["A_c"], data["V"]
        given = (rf"For the tokens $X$ (two, as rows), attention's weights are ${_ATT}(X) = {weights_latex(A_x)}$ "
                 rf"and its values $V(X) = XW_V = {latex_matrix(V)}$. Multiply every token by $c = {c}$: the scores "
                 r"become $c^2S$, which sharpens their softmax. Its exact weights are awkward by hand, so take these "
                 r"made-up weights for $cX$, chosen to keep the arithmetic small (the real ones would be sharper): "
                 rf"${_ATT}(cX) = {weights_latex(A_c)}$.")
        prompt = rf"Compute $H(cX) = {_ATT}(cX)\,V(cX)$."
        solution = (rf"The values are linear in $X$: $V(cX) = (cX)W_V = {c}\,V(X) = {latex_matrix(c * V)}$."
                    "\n\n"
                    rf"The weights are those computed for $cX$: $$H(cX) = {_ATT}(cX)\,V(cX) = {answer}.$$")
        return WrittenProblem(given, (WrittenPart(prompt, solution),))
    Y, b = data["Y"], data["b"]
    prompt = rf"Every token is multiplied by $c = {c}$. Compute the layer's output for $cX$."
    if b is None:
        given = rf"A dense layer without bias gives, for the tokens $X$ (as rows), $\hat Y = XW^T = {latex_matrix(Y)}$."
        solution = (rf"$W$ does not change, and $(cX)W^T = c\,XW^T$: the number comes out of the product." "\n\n"
                    rf"$$(cX)W^T = {c}\,\hat Y = {answer}.$$")
    else:
        given = (rf"A dense layer with bias $\mathbf{{b}}^T = {latex_matrix(b)}$, added to each row, gives for the "
                 rf"tokens $X$ (as rows) $\hat Y = {latex_matrix(Y)}$: row $i$ is $\mathbf{{x}}_i^TW^T + \mathbf{{b}}^T$.")
        solution = (rf"Only $XW^T$ scales with $X$: take the bias off each row, $$XW^T = {latex_matrix(Y - b)}.$$"
                    "\n\n"
                    rf"Multiply by $c = {c}$ and add the bias back: $$c\,XW^T + \mathbf{{b}}^T = {answer}.$$")
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


def _linearity_hints(problem):
    data = problem.data
    c = data["c"]
    if data["layer"] == "attention":
        A_c, V = data["A_c"], data["V"]
        return ((
            r"$X$ enters $H$ twice: through the values and through the weights.",
            rf"Scale the values, $V(cX) = c\,V(X)$, and weight them with ${_ATT}(cX)$, the weights computed "
            "for $cX$.",
            rf"Row 1 of $H(cX)$ weights the rows of $V(cX)$ by ${weights_latex(A_c[[0]])}$: the first adds "
            rf"${weight_latex(A_c[0, 0], 'tfrac')}\cdot{latex_matrix(c * V[[0]])} = {latex_matrix(A_c[0, 0] * c * V[[0]])}$.",
        ),)
    Y, b = data["Y"], data["b"]
    before = Y if b is None else Y - b  # XWᵀ
    i, j = (int(k) for k in np.argwhere(before)[0])
    nudge = r"$W$ does not depend on the input: only $X$ changes." if b is None else \
        r"$W$ and $\mathbf{b}$ do not depend on the input: only $X$ changes."
    if b is None:
        return ((nudge, r"$(cX)W^T = c\,XW^T$: the number comes out of the product once.",
                 rf"Entry $({i + 1}, {j + 1})$: $({c})({latex_number(Y[i, j])}) = {latex_number(c * Y[i, j])}$."),)
    return ((nudge, r"Only $XW^T$ scales: take $\mathbf{b}^T$ off each row of $\hat Y$, multiply by $c$, "
                    r"then add $\mathbf{b}^T$ back.",
             rf"Entry $({i + 1}, {j + 1})$ of $XW^T$ is ${latex_number(Y[i, j])} - ({latex_number(b[0, j])}) = "
             rf"{latex_number(before[i, j])}$."),)


#: The writer of each skill here.
WRITERS = {"query": _query, "mask": _mask, "linearity": _linearity}
#: The hints of each skill here.
HINTS = {"query": _query_hints, "mask": _mask_hints, "linearity": _linearity_hints}
