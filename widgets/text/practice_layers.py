r"""What a learner reads of the practice on layers: a dense layer with ReLU (Lab 6) and a layer's output
for $cX$ (Lab 10).  One `SkillWords` per skill (`LAYER_WORDS`): its heading, the given numbers, the
questions and worked solutions, and hints in three levels.

>>> from widgets.core.practice import make_problem
>>> dense = LAYER_WORDS[0]
>>> print(dense.skill, dense.write(make_problem("dense", 0)).parts[0].prompt)
dense Compute $\operatorname{ReLU}(W\mathbf{x} + \mathbf{b})$ (a column).
"""

from __future__ import annotations

import numpy as np

from .attention_steps import weight_latex
from .latex_math import latex_matrix
from .numbers import latex_number
from .practice_written import SkillWords, WrittenPart, WrittenProblem, product_latex, weights_latex

__all__ = ["LAYER_WORDS"]

_ATT = r"A_{\text{att}}"


def _dense(problem):
    W, x, b = (problem.data[k] for k in ("W", "x", "b"))
    (part,) = problem.parts
    Wx = W @ x
    solution = (
        rf"Each entry of $W\mathbf{{x}}$ is a row of $W$ dotted with $\mathbf{{x}}$: "
        rf"$$W\mathbf{{x}} = {latex_matrix(Wx)}.$$"
        "\n\n"
        rf"Add $\mathbf{{b}}$: $$W\mathbf{{x}} + \mathbf{{b}} = {latex_matrix(Wx)} + {latex_matrix(b)} "
        rf"= {latex_matrix(Wx + b)}.$$"
        "\n\n"
        rf"ReLU sets each negative entry to 0: $$\operatorname{{ReLU}}(W\mathbf{{x}} + \mathbf{{b}}) = "
        rf"{latex_matrix(part.answer)}.$$"
    )
    given = (
        rf"$W = {latex_matrix(W)}$, $\quad \mathbf{{x}} = {latex_matrix(x)}$, "
        rf"$\quad \mathbf{{b}} = {latex_matrix(b)}$"
    )
    return WrittenProblem(given, (
        WrittenPart(r"Compute $\operatorname{ReLU}(W\mathbf{x} + \mathbf{b})$ (a column).", solution),
    ))


def _dense_hints(problem):
    W, x = problem.data["W"], problem.data["x"]
    i = next(i for i in range(len(W)) if W[i] @ x[:, 0])  # an entry of Wx that is not 0
    row = " + ".join(product_latex(W[i, k], x[k, 0]).split(" = ")[0] for k in range(W.shape[1]))
    return ((
        r"Three steps, in order: $W\mathbf{x}$, then $+\,\mathbf{b}$, then ReLU.",
        r"Entry $i$ of $W\mathbf{x}$ is row $i$ of $W$ dotted with $\mathbf{x}$; ReLU sets each "
        "negative entry to 0 and keeps the rest.",
        rf"Entry {i + 1} of $W\mathbf{{x}}$: ${row} = {latex_number(W[i] @ x[:, 0])}$.",
    ),)


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


#: The words of each skill of layers, in the order of `widgets.core.practice.SKILLS`.
LAYER_WORDS = (
    SkillWords("dense", "a dense layer with ReLU", _dense, _dense_hints),
    SkillWords("linearity", "a layer's output for cX", _linearity, _linearity_hints),
)
