r"""Hints in levels for a practice problem: a nudge, then the method, then the first step.

Each level gives a little more and none gives the answer: the first step is
one term of a sum or one product of a dot product, never 0 (the generators
draw problems with two such terms at least), or one shape, and it stops before
the part's answer and the sentence that would conclude it.  A learner may
ask before answering at all (docs/teaching.md 8, help that fades); `Practice` counts
a problem solved after a hint as solved with help.

>>> from widgets.core.practice import make_problem
>>> nudge, method, first = hints(make_problem("entry", 7))[0]
>>> "row" in method and "column" in method
True
"""

from __future__ import annotations

from ..core.practice import Problem
from .attention_steps import weight_latex
from .latex_math import latex_matrix
from .numbers import latex_number
from .practice_rules import rules_hints
from .practice_tokens import HINTS
from .practice_written import exponential_step, first_term, product_latex

__all__ = ["HINT_LEVELS", "hints"]

#: What each level is, in the order they open.
HINT_LEVELS = ("a nudge", "the method", "the first step")


def _vector(v):
    return "(" + ", ".join(latex_number(x) for x in v) + ")"


def _column(problem):
    A, B, j = problem.data["A"], problem.data["B"], problem.data["j"]
    terms = [B[k, j] * A[:, [k]] for k in range(A.shape[1])]
    k = first_term(terms, A @ B[:, [j]])  # there is one: two weights of column j are not 0
    return ((
        rf"Column {j + 1} of $AB$ comes from column {j + 1} of $B$ alone, and all of $A$.",
        rf"Use the entries of column {j + 1} of $B$ as weights on the columns of $A$, and add.",
        rf"One term: ${latex_number(B[k, j])}$ times column {k + 1} of $A$ is ${latex_matrix(terms[k])}$.",
    ),)


def _entry(problem):
    A, B, i, j = (problem.data[k] for k in ("A", "B", "i", "j"))
    k = first_term(A[i] * B[:, j], A[i] @ B[:, j])
    return ((
        rf"Only row {i + 1} of $A$ and column {j + 1} of $B$ are needed.",
        rf"Multiply row {i + 1} of $A$ and column {j + 1} of $B$ entry by entry, and add the products.",
        rf"Product {k + 1} of {A.shape[1]}: ${product_latex(A[i, k], B[k, j])}$.",
    ),)


def _product_hints(problem):
    A, B = problem.data["A"], problem.data["B"]
    (m, n), (rows_b, p) = A.shape, B.shape
    shape = (
        "Before any arithmetic: does the product exist?",
        "$AB$ exists only when the inner sizes agree (the columns of $A$, the rows of $B$); "
        "then it has the rows of $A$ and the columns of $B$.",
        rf"The inner sizes: $A$ has {n} columns and $B$ has {rows_b} row{'s' * (rows_b != 1)}.",
    )
    if rows_b != n:
        return (shape,)
    i, j, k = next((i, j, k) for i in range(m) for j in range(p)  # an entry with two products not 0
                   if (k := first_term(A[i] * B[:, j], A[i] @ B[:, j])) is not None)
    first = (rf"Entry $({i + 1}, {j + 1})$ has the product ${product_latex(A[i, k], B[k, j])}$; add the other "
             rf"products of row {i + 1} and column {j + 1}.")
    return (shape, (
        "Each entry of $AB$ is one row of $A$ with one column of $B$.",
        r"Entry $(i, j)$: multiply row $i$ of $A$ and column $j$ of $B$ entry by entry, and add.",
        first,
    ))


def _points(problem):
    A, X, as_rows = problem.data["A"], problem.data["X"], problem.data["as_rows"]
    j, i = next((j, i) for j in range(X.shape[1]) for i in range(2) if A[i] @ X[:, j])  # an image is not 0
    dot = " + ".join(product_latex(A[i, k], X[k, j]).split(" = ")[0] for k in range(2))
    where = (r"its image $A\mathbf{x}$ goes in the same row of $PA^T$, written as a row" if as_rows
             else r"its image $A\mathbf{x}$ is the same column of $Y$")
    return ((
        "Each point moves on its own: apply $A$ to one point at a time.",
        rf"Take one point $\mathbf{{x}}$: {where}. Row $i$ of $A$ dotted with $\mathbf{{x}}$ gives "
        "coordinate $i$.",
        rf"Point {j + 1} is ${_vector(X[:, j])}$; coordinate {i + 1} of its image is "
        rf"${dot} = {latex_number(A[i] @ X[:, j])}$.",
    ),)


def _composition(problem):
    m, n, k = (problem.data[x] for x in ("m", "n", "k"))
    return (
        ("The inner sizes of a product must agree.",
         "The inner sizes drop out; the outer ones give the shape.",
         rf"Write the shapes in the order of the product: $({m}\times{n})({n}\times{k})$."),
        (r"In $A(B\mathbf{x})$, which matrix meets $\mathbf{x}$ first?",
         r"A matrix with $c$ columns takes vectors with $c$ entries.",
         r"$B\mathbf{x}$ is computed first, so $\mathbf{x}$ must fit $B$."),
        (r"Which matrix does the result come out of?",
         r"A matrix with $r$ rows returns vectors with $r$ entries.",
         r"$A$ is applied last, to $B\mathbf{x}$, so the result comes out of $A$."),
    )


def _score(problem):
    Q, K, i, j = (problem.data[k] for k in ("Q", "K", "i", "j"))
    d = first_term(Q[i] * K[j], Q[i] @ K[j])
    return ((
        r"In $S = QK^T$, the first index of a score picks a query and the second a key.",
        r"$S_{ij} = \mathbf{q}_i\cdot\mathbf{k}_j$ takes row $i$ of $Q$ and row $j$ of $K$: "
        "multiply them entry by entry and add.",  # in general: this i and j are the learner's to read
        rf"Product {d + 1} of {Q.shape[1]}: ${product_latex(Q[i, d], K[j, d])}$.",
    ),)


def _output(problem):
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
    scale = rf"Divide the scores by $\sqrt{{d_k}} = {int(d_k ** 0.5)}$ first. " if d_k > 1 else ""
    return ((
        "Softmax turns scores into weights that are all positive and add up to 1.",
        rf"{scale}Each weight is $e^{{s}}$ over the sum of $e^{{s}}$ of the row; $e^{{\ln a}} = a$.",
        f"{'Scaled, the' if d_k > 1 else 'The'} first score is {exponential_step(int(exps[0]), shift)}.",
    ),)


def _chain(problem):
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


def _dense(problem):
    W, x = problem.data["W"], problem.data["x"]
    i = next(i for i in range(len(W)) if W[i] @ x[:, 0])  # an entry of Wx that is not 0
    row = " + ".join(product_latex(W[i, k], x[k, 0]).split(" = ")[0] for k in range(W.shape[1]))
    return ((
        r"Three steps, in order: $W\mathbf{x}$, then $+\,\mathbf{b}$, then ReLU.",
        r"Entry $i$ of $W\mathbf{x}$ is row $i$ of $W$ dotted with $\mathbf{x}$; ReLU sets each "
        "negative entry to 0 and keeps the rest.",
        rf"Entry {i + 1} of $W\mathbf{{x}}$: ${row} = {latex_number(W[i] @ x[:, 0])}$.",
    ),)


_BY_SKILL = {
    "column": _column, "entry": _entry, "product": _product_hints, "points": _points,
    "composition": _composition, "score": _score,
    "output": _output, "chain": _chain, "softmax": _softmax, "dense": _dense,
    "rules": rules_hints, **HINTS,
}


def hints(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """The hints of each part of `problem` (a `widgets.core.practice.Problem`): a tuple per part,
    one string (HTML with ``$...$`` LaTeX) per level of `HINT_LEVELS`."""
    return _BY_SKILL[problem.skill](problem)
