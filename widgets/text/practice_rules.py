r"""What a learner reads of Lab 3's practice of the product's rules, in one `SkillWords` (`RULE_WORDS`):
its heading, the given matrices, the question, a worked solution that uses the rule, and hints in three
levels.

>>> from widgets.core.practice import make_problem
>>> problem = next(make_problem("rules", seed) for seed in range(20) if make_problem("rules", seed).data["rule"] == "transpose")
>>> print(RULE_WORDS[0].write(problem).parts[0].prompt)
Compute $(AB)^T$.
"""

from __future__ import annotations

from ..core.practice import Problem
from ..core.practice.rules import first_product
from .latex_math import latex_matrix
from .numbers import latex_number
from .practice_written import SkillWords, WrittenPart, WrittenProblem, entry_step

__all__ = ["RULE_WORDS"]


def _given(data, names):
    return r"$, $\quad ".join(rf"{name} = {latex_matrix(data[name])}" for name in names).join("$$")


def _bracket(data):
    """B ± C, and how the product with A is written."""
    op = "+" if data["sign"] > 0 else "-"
    return rf"B {op} C", (rf"A(B {op} C)" if data["left"] else rf"(B {op} C)A")


def _write_rules(problem: Problem) -> WrittenProblem:
    """The given matrices, the question and a worked solution of a "rules" problem."""
    data, (part,) = problem.data, problem.parts
    rule, answer = data["rule"], latex_matrix(part.answer)
    A, B = data["A"], data["B"]
    if rule == "transpose":
        given, prompt = _given(data, "AB"), r"Compute $(AB)^T$."
        solution = (rf"First the product: $$AB = {latex_matrix(A @ B)}.$$" "\n\n"
                    r"Its rows become columns (the same as $B^TA^T$: transposing a product reverses its "
                    rf"order): $$(AB)^T = {answer}.$$")
    elif rule == "distributive":
        inner, product = _bracket(data)
        given, prompt = _given(data, "ABC"), rf"Compute ${product}$."
        solution = (rf"One product does it: work out the bracket first, $${inner} = {latex_matrix(B + data['sign'] * data['C'])}.$$"
                    "\n\n"
                    rf"Then multiply by $A$ on the {'left' if data['left'] else 'right'} (the same as "
                    rf"expanding the bracket into two products): $${product} = {answer}.$$")
    elif rule == "scalar":
        c, scaled = data["c"], (r"(cA)B" if data["on_left"] else r"A(cB)")
        given = _given(data, "AB") + rf" and $c = {c}$"
        prompt = rf"Compute ${scaled}$."
        solution = (rf"The number moves out of the product: ${scaled} = c(AB)$, with "
                    rf"$$AB = {latex_matrix(A @ B)}.$$" "\n\n"
                    rf"Multiply every entry by $c = {c}$: $${scaled} = {answer}.$$")
    else:
        given = _given(data, ("A", "B", "x")).replace("x =", r"\mathbf{x} =")
        prompt = r"Compute $AB\mathbf{x}$ (a column)."
        solution = (r"Group it as $A(B\mathbf{x})$, two matrix-vector products instead of a matrix product: "
                    rf"$$B\mathbf{{x}} = {latex_matrix(B @ data['x'])}.$$" "\n\n"
                    rf"Then $A$ times that column: $$AB\mathbf{{x}} = {answer}.$$")
    return WrittenProblem(given, (WrittenPart(prompt, solution),))


def _rules_hints(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """A nudge, the method and a first step (one product, not 0) for a "rules" problem."""
    data = problem.data
    rule = data["rule"]
    X, Y = first_product(rule, data)
    if rule == "transpose":
        return ((
            r"$(AB)^T$ is $AB$ with its rows and columns swapped.",
            r"Compute $AB$ and turn its rows into columns, or compute $B^TA^T$: the same matrix.",
            entry_step(X, Y, "AB"),
        ),)
    if rule == "distributive":
        inner, product = _bracket(data)
        return ((
            r"A bracket can be expanded, but it need not be.",
            rf"${product}$ is one product: compute ${inner}$ first, then multiply, keeping $A$ on its side.",
            rf"${inner} = {latex_matrix(data['B'] + data['sign'] * data['C'])}$. "
            + entry_step(X, Y, product),
        ),)
    if rule == "scalar":
        return ((
            r"A number can move anywhere in a product.",
            rf"Compute $AB$, then multiply each entry by $c = {latex_number(data['c'])}$, once.",
            entry_step(X, Y, "AB"),
        ),)
    return ((
        r"A chain of products can be grouped either way, as long as the order stays.",
        r"$AB\mathbf{x} = A(B\mathbf{x})$: $B$ acts on $\mathbf{x}$ first, then $A$ on the column it gives.",
        entry_step(X, Y, r"B\mathbf{x}"),
    ),)


#: The words of the skill of the rules.
RULE_WORDS = (SkillWords("rules", "a rule of the product", _write_rules, _rules_hints),)
