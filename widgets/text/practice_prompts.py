r"""What a learner reads of a practice problem: the given numbers, each question, a worked solution.

`widgets.core.practice` draws a problem: its numbers, its answers and the
planned slips with their diagnoses.  `write_problem` writes it down for the
page, one writer per skill, as HTML with ``$...$`` LaTeX (blank lines part a
solution's steps); `widgets.text.practice_hints` writes its hints.  Strings
only: no widgets here.

>>> from widgets.core.practice import make_problem
>>> written = write_problem(make_problem("entry", 7))
>>> print(written.parts[0].prompt)
Compute the entry $(AB)_{43}$ (row 4, column 3).
"""

from __future__ import annotations

import numpy as np

from ..core.practice import Problem
from .attention_steps import weight_latex
from .latex_math import bmatrix, latex_matrix
from .numbers import latex_number
from .practice_rules import write_rules
from .practice_tokens import WRITERS
from .practice_written import WrittenPart, WrittenProblem, score_latex, weights_latex

__all__ = ["WrittenPart", "WrittenProblem", "score_latex", "weights_latex", "write_problem"]


def write_problem(problem: Problem) -> WrittenProblem:
    """The given numbers, questions and worked solutions of `problem` (a `widgets.core.practice.Problem`)."""
    return _BY_SKILL[problem.skill](problem)


def _two_matrices(A, B, names=("A", "B")):
    """The two given matrices, side by side."""
    return rf"${names[0]} = {latex_matrix(A)}$, $\quad {names[1]} = {latex_matrix(B)}$"


# -- the product itself --------------------------------------------------------------


def _column(problem):
    A, B, j = (problem.data[k] for k in ("A", "B", "j"))
    (part,) = problem.parts
    weights = " + ".join(
        rf"({latex_number(B[k, j])})\,{latex_matrix(A[:, [k]])}" for k in range(A.shape[1])
    )
    solution = (
        rf"Column {j + 1} of $B$, ${latex_matrix(B[:, [j]])}$, holds the weights on the columns of $A$."
        "\n\n"
        rf"Each column of $A$ times its weight, added: $$A\mathbf{{b}}_{j + 1} = {weights} = "
        rf"{latex_matrix(part.answer)}.$$"
    )
    return WrittenProblem(_two_matrices(A, B), (
        WrittenPart(rf"Compute column {j + 1} of $AB$.", solution),
    ))


def _entry(problem):
    A, B, i, j = (problem.data[k] for k in ("A", "B", "i", "j"))
    (part,) = problem.parts
    products = " + ".join(
        rf"({latex_number(A[i, k])})({latex_number(B[k, j])})" for k in range(A.shape[1])
    )
    solution = (
        rf"Row {i + 1} of $A$ is ${latex_matrix(A[[i]])}$ and column {j + 1} of $B$ is ${latex_matrix(B[:, [j]])}$."
        "\n\n"
        rf"Multiply them entry by entry and add: $$(AB)_{{{i + 1}{j + 1}}} = {products} = "
        rf"{latex_number(part.answer)}.$$"
    )
    return WrittenProblem(_two_matrices(A, B), (
        WrittenPart(rf"Compute the entry $(AB)_{{{i + 1}{j + 1}}}$ (row {i + 1}, column {j + 1}).", solution),
    ))


def _space(n):
    return rf"\mathbb{{R}}^{{{n}}}"


def _composition(problem):
    m, n, k = (problem.data[x] for x in ("m", "n", "k"))
    given = (
        rf"$B$ is ${n}\times{k}$ and $A$ is ${m}\times{n}$. "
        r"The map $\mathbf{x} \mapsto A(B\mathbf{x})$ applies $B$ first, then $A$."
    )
    shape_solution = (
        rf"Inner sizes match (${n} = {n}$) and drop out: $({m}\times{n})({n}\times{k})$ "
        rf"gives ${m}\times{k}$."
    )
    where = rf"$B$ takes vectors in ${_space(k)}$ to ${_space(n)}$; $A$ takes those to ${_space(m)}$."
    return WrittenProblem(given, (
        WrittenPart(r"What is the shape of $AB$? (rows×columns)", shape_solution),
        WrittenPart(r"$A(B\mathbf{x})$ takes vectors $\mathbf{x}$ in $\mathbb{R}^d$: what is $d$?", where),
        WrittenPart(r"... and returns vectors in $\mathbb{R}^e$: what is $e$?", where),
    ))


def _product(problem):
    A, B = problem.data["A"], problem.data["B"]
    (m, n), (rows_b, p) = A.shape, B.shape
    given = _two_matrices(A, B)
    prompt = r"What is the shape of $AB$? Type rows×columns, or <b>none</b> if $AB$ does not exist."
    if rows_b != n:
        return WrittenProblem(given, (WrittenPart(prompt, (
            rf"$A$ is ${m}\times{n}$ and $B$ is ${rows_b}\times{p}$: the inner sizes ${n}$ and "
            rf"${rows_b}$ differ, so $AB$ does not exist (each entry would dot a row of {n} "
            rf"numbers with a column of {rows_b}).")),))
    sums = bmatrix(
        [" + ".join(rf"({latex_number(A[i, k])})({latex_number(B[k, j])})" for k in range(n)) for j in range(p)]
        for i in range(m)
    )
    return WrittenProblem(given, (
        WrittenPart(prompt, rf"$({m}\times{n})({n}\times{p})$: the inner sizes agree and drop out, so $AB$ "
                            rf"is ${m}\times{p}$."),
        WrittenPart(r"Now compute $AB$.",
                    rf"Entry $(i, j)$ is row $i$ of $A$ dotted with column $j$ of $B$: "
                    rf"$$AB = {sums} = {latex_matrix(problem.parts[1].answer)}.$$"),
    ))


def _points(problem):
    A, X, as_rows = (problem.data[k] for k in ("A", "X", "as_rows"))
    (part,) = problem.parts
    listed = ", ".join("(" + ", ".join(latex_number(x) for x in X[:, j]) + ")" for j in range(X.shape[1]))
    if not as_rows:
        prompt = r"Compute $Y = AX$: the images of the points, one per column."
        where = r"Column $j$ of $Y$ is $A$ times column $j$ of $X$"
        given = (rf"$A = {latex_matrix(A)}$ maps the points ${listed}$, stored as the columns of "
                 rf"$X = {latex_matrix(X)}$.")
        first = part.answer[:, [0]]
    else:
        prompt = r"Compute $PA^T$: the images of the points, one per row."
        where = r"Row $j$ of $PA^T$ is point $j$ times $A^T$, the image $A\mathbf{x}_j$ written as a row"
        given = (rf"$A = {latex_matrix(A)}$ maps the points ${listed}$, stored as the rows of "
                 rf"$P = {latex_matrix(X.T)}$.")
        first = part.answer[[0]].T
    solution = (rf"{where}: the first point goes to ${latex_matrix(first)}$, written as a "
                rf"{'row' if as_rows else 'column'}." "\n\n"
                rf"And so on for each point: $${latex_matrix(part.answer)}.$$")
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


# -- attention -----------------------------------------------------------------------


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
    return WrittenProblem("Tokens are rows: " + _two_matrices(Q, K, names=("Q", "K")), (WrittenPart(
        rf"Compute the score $S_{{{i + 1}{j + 1}}}$.", solution,  # which rows it pairs is the learner's to read
    ),))


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


# -- a dense layer -------------------------------------------------------------------


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


_BY_SKILL = {
    "column": _column, "entry": _entry, "product": _product, "composition": _composition,
    "points": _points, "score": _score, "output": _output, "softmax": _softmax, "chain": _chain,
    "dense": _dense, "rules": write_rules, **WRITERS,
}
