r"""Fresh numbers for practice: one generator per core skill, reproducible from a seed.

Each generator takes a seed and returns a `Problem`: the numbers (as LaTeX),
one or more `Part`\ s to answer (a matrix, a number or a shape), the usual
wrong answers of each part (`Mistake`), and a worked solution.  Entries are
small integers (and fractions such as 1/4 where weights are asked), so every
instance can be done by hand.  The same seed always gives the same instance,
so a lecturer's link (``?seed=``) gives the whole room one problem.

>>> p = make_problem("entry", 7)
>>> p == make_problem("entry", 7), p.skill, len(p.parts)
(True, 'entry', 1)
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import numpy as np

from .dense_layer import relu
from .parsing import latex_number
from .mistakes import Mistake, entry_mistakes, shape_mistakes

__all__ = ["MAX_SEED", "Part", "Problem", "SKILLS", "latex_matrix", "fraction_latex", "make_problem", "score_latex",
           "tells_every_slip_apart"]

#: Seeds run from 0 to this (a link's ``?seed=`` is checked against it).
MAX_SEED = 999_999


@dataclass(frozen=True)
class Part:
    """One answer to give.

    Attributes
    ----------
    prompt : str
        The question, HTML with ``$...$`` LaTeX.
    answer : numpy.ndarray, float or tuple of int
        A 2-D matrix, a number or a shape.
    mistakes : tuple of Mistake
        The usual wrong answers, each with its explanation.
    solution : str
        A worked solution (HTML with LaTeX).
    tol : float
        Tolerance per entry (larger where the learner rounds, e.g. softmax).
    name : str
        What a matrix answer is called in its editor.
    """

    prompt: str
    answer: object
    mistakes: tuple = ()
    solution: str = ""
    tol: float = 1e-9
    name: str = "Answer"

    def __eq__(self, other):
        return isinstance(other, Part) and _key(self) == _key(other)

    __hash__ = None


def _key(part):
    answer = part.answer
    answer = answer.tolist() if isinstance(answer, np.ndarray) else answer
    return (part.prompt, repr(answer), part.solution, part.tol, part.name)


@dataclass(frozen=True)
class Problem:
    """One instance of a skill: the given numbers and the parts to answer.

    Attributes
    ----------
    skill : str
    seed : int
    given : str
        The numbers, as HTML with LaTeX.
    parts : tuple of Part
    data : dict
        The same numbers as arrays and indices (0-based), by name.
    """

    skill: str
    seed: int
    given: str
    parts: tuple
    data: dict = field(default_factory=dict, compare=False)


def latex_matrix(M):
    r"""A matrix as LaTeX ``bmatrix``.

    >>> latex_matrix([[1, -2], [0.5, 3]])
    '\\begin{bmatrix}1 & -2 \\\\ 0.5 & 3\\end{bmatrix}'
    """
    rows = np.atleast_2d(np.asarray(M, dtype=float))
    body = r" \\ ".join(" & ".join(latex_number(x) for x in row) for row in rows)
    return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}"


def _same(a, b, tol):
    """Whether two answers (matrices, numbers or shapes) are the same within `tol` per entry."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=0, atol=tol))


def tells_every_slip_apart(part):
    """Whether each of the part's planned mistakes gives an answer unlike the right one and unlike the others.

    A slip that gives the right answer (entry (j, i) of a diagonal entry, a
    uniform softmax of equal scores) is judged right, and two slips with one
    value are told apart by neither: the learner would be told the wrong cause.

    >>> tells_every_slip_apart(Part("", 4.0, (Mistake("a", 3.0, ""), Mistake("b", 5.0, ""))))
    True
    >>> tells_every_slip_apart(Part("", 4.0, (Mistake("a", 3.0, ""), Mistake("b", 3.0, ""))))
    False
    """
    values = [part.answer, *(mistake.value for mistake in part.mistakes)]
    return not any(_same(a, b, part.tol) for a, b in itertools.combinations(values, 2))


def _redrawn_until_every_slip_tells(generate):
    """A generator of problems from a seed, drawing ``generate(rng, seed)`` again until every
    part tells its slips apart (`tells_every_slip_apart`)."""

    @functools.wraps(generate)
    def from_seed(seed):
        rng = np.random.default_rng(seed)
        while True:
            problem = generate(rng, seed)
            if all(tells_every_slip_apart(part) for part in problem.parts):
                return problem

    return from_seed


def _small(rng, shape, low=-3, high=3):
    """Small integers, never a row or column of zeros (nothing to compute there)."""
    while True:
        M = rng.integers(low, high + 1, size=shape).astype(float)
        if np.all(np.any(M != 0, axis=0)) and np.all(np.any(M != 0, axis=1)):
            return M


def _sizes(rng, *choices):
    """One size drawn from each of `choices` (sequences of ints): the shapes a problem varies over."""
    return tuple(int(rng.choice(sizes)) for sizes in choices)


@_redrawn_until_every_slip_tells
def column_problem(rng, seed):
    """A column of AB: column j of B mixes the columns of A; A is 2×2 to 3×3, B 2×2 to 3×3."""
    m, n, p = _sizes(rng, (2, 3), (2, 3), (2, 3))
    A, B = _small(rng, (m, n)), _small(rng, (n, p))
    j = int(rng.integers(p))
    AB = A @ B
    answer = AB[:, [j]]
    mistakes = [
        Mistake(
            "other-column", AB[:, [other]],
            f"that is column {other + 1} of AB: column {j + 1} uses column {j + 1} of B as the weights.",
        )
        for other in range(p) if other != j
    ]
    if j < m:
        mistakes.append(Mistake(
            "row", AB[[j], :].T,
            f"that is row {j + 1} of AB written as a column: use column {j + 1} of B as weights "
            "on the columns of A.",
        ))
    weights = " + ".join(
        rf"({latex_number(B[k, j])})\,{latex_matrix(A[:, [k]])}" for k in range(n)
    )
    solution = (
        rf"Column {j + 1} of $B$ holds the weights on the columns of $A$: "
        rf"$$A\mathbf{{b}}_{j + 1} = {weights} = {latex_matrix(answer)}.$$"
    )
    given = rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    part = Part(
        rf"Compute column {j + 1} of $AB$.",
        answer, tuple(mistakes), solution, name=f"column {j + 1}",
    )
    return Problem("column", seed, given, (part,), dict(A=A, B=B, j=j))


@_redrawn_until_every_slip_tells
def entry_problem(rng, seed):
    """One entry of AB off the diagonal: row i of A dotted with column j of B, A m×n and B n×p
    with m, p from 2 to 4 and n (the terms) 2 or 3, so the product is often not square."""
    m, n, p = _sizes(rng, (2, 3, 4), (2, 3), (2, 3, 4))
    A, B = _small(rng, (m, n), -5, 5), _small(rng, (n, p), -5, 5)
    i, j = int(rng.integers(m)), int(rng.integers(p))
    while i == j:
        i, j = int(rng.integers(m)), int(rng.integers(p))
    terms = A[i] * B[:, j]
    answer = float(terms.sum())
    products = " + ".join(
        rf"({latex_number(A[i, k])})({latex_number(B[k, j])})" for k in range(n)
    )
    solution = (
        rf"Row {i + 1} of $A$ dotted with column {j + 1} of $B$: "
        rf"$$(AB)_{{{i + 1}{j + 1}}} = {products} = {latex_number(answer)}.$$"
    )
    given = rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    part = Part(
        rf"Compute the entry $(AB)_{{{i + 1}{j + 1}}}$ (row {i + 1}, column {j + 1}).",
        answer, tuple(entry_mistakes(A, B, i, j)), solution,
    )
    return Problem("entry", seed, given, (part,), dict(A=A, B=B, i=i, j=j))


def _space(n):
    return rf"\mathbb{{R}}^{{{n}}}"


@_redrawn_until_every_slip_tells
def composition_problem(rng, seed):
    """The shape of AB and where x ↦ A(Bx) starts and lands."""
    m, n, k = (int(x) for x in rng.choice(np.arange(1, 7), size=3, replace=False))
    given = (
        rf"$B$ is ${n}\times{k}$ and $A$ is ${m}\times{n}$. "
        r"The map $\mathbf{x} \mapsto A(B\mathbf{x})$ applies $B$ first, then $A$."
    )
    shape_solution = (
        rf"Inner sizes match (${n} = {n}$) and drop out: $({m}\times{n})({n}\times{k})$ "
        rf"gives ${m}\times{k}$."
    )
    where = rf"$B$ takes vectors in ${_space(k)}$ to ${_space(n)}$; $A$ takes those to ${_space(m)}$."
    parts = (
        Part(r"What is the shape of $AB$? (rows×columns)", (m, k),
             tuple(shape_mistakes((m, n), (n, k))), shape_solution),
        Part(
            r"$A(B\mathbf{x})$ takes vectors $\mathbf{x}$ in $\mathbb{R}^d$: what is $d$?",
            float(k),
            (
                Mistake("codomain", float(m), f"{m} is where A(Bx) lands: x goes into B first, "
                        f"and B has {k} columns."),
                Mistake("middle", float(n), f"{n} is the middle space, where Bx lives: x itself "
                        f"must fit B's {k} columns."),
            ),
            where,
        ),
        Part(
            r"... and returns vectors in $\mathbb{R}^e$: what is $e$?",
            float(m),
            (
                Mistake("domain", float(k), f"{k} is where x starts: the result comes out of A, "
                        f"which has {m} rows."),
                Mistake("middle", float(n), f"{n} is the middle space, where Bx lives: A then "
                        f"sends it to a space of A's {m} rows."),
            ),
            where,
        ),
    )
    return Problem("composition", seed, given, parts, dict(m=m, n=n, k=k))


@_redrawn_until_every_slip_tells
def score_problem(rng, seed):
    """One score S_ij = q_i · k_j from Q and K, tokens as rows: 3 or 4 tokens, d_k 2 or 3."""
    tokens, d_k = _sizes(rng, (3, 4), (2, 3))
    Q, K = _small(rng, (tokens, d_k)), _small(rng, (tokens, d_k))
    i, j = (int(x) for x in rng.choice(tokens, size=2, replace=False))
    answer = float(Q[i] @ K[j])
    mistakes = (
        Mistake("swapped", float(Q[j] @ K[i]),
                f"that is S_{j + 1}{i + 1} = q_{j + 1}·k_{i + 1}: the first index picks the query "
                f"(row {i + 1} of Q), the second the key (row {j + 1} of K)."),
        Mistake("query-query", float(Q[i] @ Q[j]),
                f"you dotted two queries: the score pairs query {i + 1} with key {j + 1}, a row of K."),
        Mistake("key-key", float(K[i] @ K[j]),
                f"you dotted two keys: the score pairs query {i + 1} (a row of Q) with key {j + 1}."),
        Mistake("diagonal", float(Q[i] @ K[i]),
                f"that is S_{i + 1}{i + 1}: use key {j + 1}, row {j + 1} of K."),
    )
    products = " + ".join(rf"({latex_number(Q[i, d])})({latex_number(K[j, d])})" for d in range(d_k))
    solution = (
        rf"$\mathbf{{q}}_{i + 1}$ is row {i + 1} of $Q$ and $\mathbf{{k}}_{j + 1}$ is row {j + 1} of $K$: "
        rf"$$S_{{{i + 1}{j + 1}}} = {products} = {latex_number(answer)}.$$"
    )
    given = rf"Tokens are rows: $Q = {latex_matrix(Q)}$, $\quad K = {latex_matrix(K)}$"
    part = Part(
        rf"Compute the score $S_{{{i + 1}{j + 1}}} = \mathbf{{q}}_{i + 1}\cdot\mathbf{{k}}_{j + 1}$.",
        answer, mistakes, solution,
    )
    return Problem("score", seed, given, (part,), dict(Q=Q, K=K, i=i, j=j))


#: Weight rows that sum to 1 with entries a learner can multiply by hand (never all
#: equal: then the plain average would be right and teach nothing about weights).
_WEIGHT_ROWS = (
    (1 / 2, 1 / 4, 1 / 4), (1 / 4, 1 / 2, 1 / 4), (0, 1 / 2, 1 / 2), (1 / 2, 0, 1 / 2),
    (3 / 4, 1 / 4, 0), (1 / 4, 3 / 4, 0, 0), (1 / 2, 1 / 4, 0, 1 / 4),
    (0, 1 / 2, 1 / 4, 1 / 4), (1 / 4, 0, 3 / 4, 0),
)


def fraction_latex(w):
    """A weight of `_WEIGHT_ROWS` as LaTeX: ``\\tfrac14``."""
    return {0: "0", 0.25: r"\tfrac14", 0.5: r"\tfrac12", 0.75: r"\tfrac34", 1: "1"}[w]


@_redrawn_until_every_slip_tells
def output_problem(rng, seed):
    """One output h_i = sum_j A_att[i, j] v_j from a row of weights and the values."""
    w = np.array(_WEIGHT_ROWS[int(rng.integers(len(_WEIGHT_ROWS)))])
    n = len(w)
    w = w[rng.permutation(n)]
    V = 4 * _small(rng, (n, 2), -2, 2)
    i = int(rng.integers(1, n + 1))  # a row A_att has: it is n×n
    answer = (w @ V)[None, :]
    mistakes = (
        Mistake("unweighted", V.mean(axis=0)[None, :],
                "that is the plain average of the values: weight each value by its A_att entry."),
        Mistake("sum", V.sum(axis=0)[None, :],
                "you added the values without their weights: multiply each by its A_att entry first."),
        Mistake("largest", V[[int(np.argmax(w))]],
                "you kept only the value with the largest weight: every value with a weight "
                "above 0 contributes its share."),
    )
    terms = " + ".join(rf"{fraction_latex(w[j])}{latex_matrix(V[[j]])}" for j in range(n))
    solution = (
        rf"Each value row is scaled by its weight and the results added: "
        rf"$$\mathbf{{h}}_{i}^\top = {terms} = {latex_matrix(answer)}.$$"
    )
    weights = ", ".join(fraction_latex(x) for x in w)
    given = (
        rf"Row {i} of $A_{{\text{{att}}}}$ is $({weights})$ and the values are the rows of "
        rf"$V = {latex_matrix(V)}$."
    )
    part = Part(
        rf"Compute $\mathbf{{h}}_{i}^\top$, row {i} of $H = A_{{\text{{att}}}} V$.",
        answer, mistakes, solution, name=f"h{i}",
    )
    return Problem("output", seed, given, (part,), dict(weights=w, V=V, i=i - 1))


#: exp(score) for each score ln 1 = 0, ln 2, ln 3, ln 4: rows whose sum is easy to divide by (never all
#: equal: equal scores give equal weights, and the "uniform" slip would be right).
_EXP_ROWS = ((1, 1, 2), (1, 2, 3), (2, 1, 1), (1, 3), (2, 2, 4), (1, 2, 1), (3, 1), (1, 1, 1, 3), (1, 2, 2, 3))


def score_latex(e, shift, factor=1):
    """The score ``shift + factor·ln e`` as LaTeX (``2 + \\ln 3``, ``4 + 2\\ln 3``)."""
    log = "" if e == 1 else (rf"\ln {e}" if factor == 1 else rf"{factor}\ln {e}")
    if shift == 0:
        return log or "0"
    return f"{shift} + {log}" if log else str(shift)


@_redrawn_until_every_slip_tells
def softmax_problem(rng, seed):
    """A softmax row with scores like 0, ln 2, ln 3 (plus a shift): weights by hand.

    In a third of the problems the scores are a row of ``S`` for queries and
    keys of ``d_k = 4`` entries, to be scaled by ``√d_k = 2`` first (its
    slips: no scaling, or ``d_k`` for ``√d_k``).
    """
    exps = np.array(_EXP_ROWS[int(rng.integers(len(_EXP_ROWS)))], dtype=float)
    exps = exps[rng.permutation(len(exps))]
    shift = int(rng.choice([0, 0, 1, -1, 2]))
    d_k = 4 if rng.integers(3) == 0 else 1
    root = int(np.sqrt(d_k))
    scores = root * (np.log(exps) + shift)  # what the learner is given
    answer = (exps / exps.sum())[None, :]
    mistakes = [
        Mistake("unnormalised", exps[None, :],
                "you took the exponentials but did not divide by their sum: the weights must add up to 1."),
        Mistake("uniform", np.full((1, len(exps)), 1 / len(exps)),
                "equal weights ignore the scores: a larger score gets a larger share."),
        Mistake("one-hot", (exps == exps.max())[None, :] / np.count_nonzero(exps == exps.max()),
                "you gave all the weight to the largest score: softmax gives every score a share, "
                "e^score over the sum of e^score, so smaller scores keep smaller but nonzero weights."),
    ]
    if d_k > 1:
        mistakes += [
            Mistake("unscaled", (exps**root / (exps**root).sum())[None, :],
                    f"you took the softmax of the raw scores: divide them by √d_k = {root} first."),
            Mistake("d_k", (exps**(root / d_k) / (exps**(root / d_k)).sum())[None, :],
                    f"you divided the scores by d_k = {d_k}: the scale is its square root, √d_k = {root}."),
        ]
    if abs(scores.sum()) > 1e-9:
        mistakes.append(Mistake(
            "no-exp", (scores / scores.sum())[None, :],
            "you divided the scores by their sum without exponentiating: softmax divides e^score "
            "by the sum of e^score.",
        ))
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
        rf"{scaled}$e^{{s}}$ of the scores {shift_note}is proportional to ${exp_list}$, "
        rf"which sum to ${int(exps.sum())}$: each weight is its share, "
        rf"$${latex_matrix(answer)}.$$"
    )
    if d_k > 1:
        given = (rf"A row of scores $S_i = ({listed})$, for queries and keys of $d_k = {d_k}$ entries.")
        prompt = (r"Compute the weights $\operatorname{softmax}(S_i/\sqrt{d_k})$ "
                  r"(one row; fractions such as 1/4 are fine).")
    else:
        given = rf"A row of scores: $({listed})$."
        prompt = r"Compute the softmax of this row (one row; fractions such as 1/4 are fine)."
    part = Part(prompt, answer, tuple(mistakes), solution, tol=5e-3, name="weights")
    return Problem("softmax", seed, given, (part,), dict(scores=scores, d_k=d_k, exps=exps, shift=shift))


@_redrawn_until_every_slip_tells
def dense_problem(rng, seed):
    """A dense layer ReLU(Wx + b) with small integers, where the ReLU matters; 2 or 3 outputs
    from 2 or 3 inputs."""
    outputs, inputs = _sizes(rng, (2, 3), (2, 3))
    while True:
        W, x, b = _small(rng, (outputs, inputs)), _small(rng, (inputs, 1)), _small(rng, (outputs, 1), -2, 2)
        z = W @ x + b
        if (z > 0).any() and (z < 0).any():
            break
    answer = relu(z)
    mistakes = [
        Mistake("no-relu", z, "that is Wx + b: the ReLU then sets every negative entry to 0."),
        Mistake("no-bias", relu(W @ x), "you left out b: add it before the ReLU."),
        Mistake("bias-after", relu(W @ x) + b,
                "you added b after the ReLU: the order is Wx, then + b, then ReLU."),
    ]
    if outputs == inputs:  # only a square W can be used the wrong way round and still fit x
        mistakes.append(Mistake(
            "transpose", relu(W.T @ x + b),
            "you used the columns of W where its rows go: entry i of Wx is row i of W dotted with x.",
        ))
    solution = (
        rf"$$W\mathbf{{x}} + \mathbf{{b}} = {latex_matrix(W @ x)} + {latex_matrix(b)} = {latex_matrix(z)},"
        rf"\qquad \operatorname{{ReLU}} \to {latex_matrix(answer)}.$$"
    )
    given = (
        rf"$W = {latex_matrix(W)}$, $\quad \mathbf{{x}} = {latex_matrix(x)}$, "
        rf"$\quad \mathbf{{b}} = {latex_matrix(b)}$"
    )
    part = Part(
        r"Compute $\operatorname{ReLU}(W\mathbf{x} + \mathbf{b})$ (a column).",
        answer, tuple(mistakes), solution, name="y",
    )
    return Problem("dense", seed, given, (part,), dict(W=W, x=x, b=b))


#: Every skill with fresh-number practice, by name.
SKILLS = {
    "column": column_problem,
    "entry": entry_problem,
    "composition": composition_problem,
    "score": score_problem,
    "output": output_problem,
    "softmax": softmax_problem,
    "dense": dense_problem,
}


def make_problem(skill, seed):
    """An instance of `skill` (a key of `SKILLS`) from `seed` (0 to `MAX_SEED`).

    Raises
    ------
    ValueError
        For an unknown skill or a seed out of range.
    """
    if skill not in SKILLS:
        raise ValueError(f"unknown skill {skill!r}: choose one of {', '.join(SKILLS)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return SKILLS[skill](int(seed))
