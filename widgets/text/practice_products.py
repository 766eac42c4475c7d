r"""What a learner reads of the practice on the product itself (Labs 1 to 5): a column, an entry, the whole
product, the shapes of a composition and a map applied to many points.  One `SkillWords` per skill
(`PRODUCT_WORDS`): its heading, the given numbers, the questions and worked solutions, and hints in
three levels.

>>> from widgets.core.practice import make_problem
>>> column = PRODUCT_WORDS[0]
>>> column.skill, column.title, column.write(make_problem("column", 0)).parts[0].prompt
('column', 'a column of AB', 'Compute column 3 of $AB$.')
"""

from __future__ import annotations

from .latex_math import bmatrix, latex_matrix
from .numbers import latex_number
from .practice_written import SkillWords, WrittenPart, WrittenProblem, first_term, product_latex, two_matrices

__all__ = ["PRODUCT_WORDS"]


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
    return WrittenProblem(two_matrices(A, B), (
        WrittenPart(rf"Compute column {j + 1} of $AB$.", solution),
    ))


def _column_hints(problem):
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
    return WrittenProblem(two_matrices(A, B), (
        WrittenPart(rf"Compute the entry $(AB)_{{{i + 1}{j + 1}}}$ (row {i + 1}, column {j + 1}).", solution),
    ))


def _entry_hints(problem):
    A, B, i, j = (problem.data[k] for k in ("A", "B", "i", "j"))
    k = first_term(A[i] * B[:, j], A[i] @ B[:, j])
    return ((
        rf"Only row {i + 1} of $A$ and column {j + 1} of $B$ are needed.",
        rf"Multiply row {i + 1} of $A$ and column {j + 1} of $B$ entry by entry, and add the products.",
        rf"Product {k + 1} of {A.shape[1]}: ${product_latex(A[i, k], B[k, j])}$.",
    ),)


def _product(problem):
    A, B = problem.data["A"], problem.data["B"]
    (m, n), (rows_b, p) = A.shape, B.shape
    given = two_matrices(A, B)
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


def _composition_hints(problem):
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


def _vector(v):
    return "(" + ", ".join(latex_number(x) for x in v) + ")"


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


def _points_hints(problem):
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


#: The words of each skill of the product, in the order of `widgets.core.practice.SKILLS`.
PRODUCT_WORDS = (
    SkillWords("column", "a column of AB", _column, _column_hints),
    SkillWords("entry", "one entry of AB", _entry, _entry_hints),
    SkillWords("product", "the whole product AB", _product, _product_hints),
    SkillWords("composition", "shapes of a composition", _composition, _composition_hints),
    SkillWords("points", "a map applied to many points", _points, _points_hints),
)
