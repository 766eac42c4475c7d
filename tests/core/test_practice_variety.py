"""Practice over 2,000 seeds per skill (issue 41): enough different answers that a room cannot pass
answers around, every planned slip told apart, and a first step (the last level of each part's hints)
that shows one term that is not zero and stops before the part's answer."""

from __future__ import annotations

import functools
import re

import numpy as np
import pytest

from harness.practice_sweep import SWEEP, sweep
from widgets.core.practice import SKILLS, tells_every_slip_apart
from widgets.text.attention_steps import weight_latex
from widgets.text.latex_math import latex_matrix
from widgets.text.numbers import latex_number
from widgets.text.practice_hints import HINT_LEVELS, hints

# Every test here sweeps every seed: make test runs them, make test-fast leaves them to it.
pytestmark = pytest.mark.exhaustive

FIRST_STEP = HINT_LEVELS.index("the first step")

#: A step that shows a term that is zero: a weight 0 times something, a zero vector, a product that is 0.
ZERO_TERM = re.compile(
    r"(?<![\d.])\$?0\$? times"
    r"|\\begin\{bmatrix\}0(?:\.0+)?(?: (?:&|\\\\) 0(?:\.0+)?)*\\end\{bmatrix\}"
    r"|= 0(?![\d.])"
)
#: A step that concludes a shape without writing it: the part's matrix is the shape of another, or has a
#: row for each row of it, or the vector meets a matrix "which is m×n" (the size asked is then read off).
CONCLUDES = re.compile(r"for each row of|the shape of|keeps? its shape|, which is \$?\d")


@functools.cache
def with_hints(skill):
    """The problems of `skill` over `SWEEP`, each with its hint ladders."""
    return [(problem, hints(problem)) for problem in sweep(skill)]


def _key(answer):
    return repr(answer.round(9).tolist()) if isinstance(answer, np.ndarray) else repr(answer)


def _spellings(answer):
    """The ways a first step could write `answer`: a matrix whole or as a run of its entries, the number a
    sum ends on, a shape "m×n" (in LaTeX or plain)."""
    if isinstance(answer, tuple):
        if not answer:
            return []
        m, n = answer
        return [rf"{m}\times{n}", rf"{m}\times {n}", f"{m}×{n}", f"{m} by {n}"]
    if isinstance(answer, np.ndarray):
        if answer.size == 1:
            return _spellings(float(answer.item()))
        spelled = [latex_matrix(answer)]
        writers = [latex_number] if np.array_equal(answer, answer.round()) else [
            latex_number, lambda x: weight_latex(x, "tfrac"), lambda x: weight_latex(x, "slash")]
        for write in writers:
            entries = [write(x) for x in answer.ravel()]
            spelled += [separator.join(entries) for separator in (", ", " & ", r" \\ ", " ")]
        return spelled
    return [f"= {latex_number(answer)}$", f"= {latex_number(answer)}.", f"= {latex_number(answer)},"]


def _alone(spelled):
    """A pattern of `spelled` not inside a longer number: 3 \\ 3 is not in -3 \\ 3, nor 5 in 15."""
    before = r"(?<![\d.\-{])" if spelled[0].isdigit() or spelled[0] == "-" else ""
    after = r"(?![\d.}])" if spelled[-1].isdigit() else ""
    return before + re.escape(spelled) + after


def _states(step, answer):
    """Whether `step` states `answer` in one of its spellings, or (a size asked) a shape with that size."""
    step = re.sub(r"Entry \$\(\d+, \d+\)\$", "Entry", step)  # an entry's place is not a run of its values
    if any(spelled in step and re.search(_alone(spelled), step) for spelled in _spellings(answer)):
        return True
    if isinstance(answer, float) and answer == int(answer):  # a size: no shape that holds it
        n = int(answer)
        return bool(re.search(rf"(?<![\d{{]){n}\s*(?:\\times|×)|(?:\\times|×)\s*{n}(?![\d}}])", step))
    return False


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_at_least_fifty_different_answers(skill):
    answers = {tuple(_key(part.answer) for part in problem.parts) for problem in sweep(skill)}
    assert len(answers) >= 50, (skill, len(answers))


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_every_slip_is_told_apart(skill):
    untold = [(problem.seed, part.name) for problem in sweep(skill) for part in problem.parts
              if not tells_every_slip_apart(part)]
    assert not untold, untold[:5]


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_no_first_step_shows_a_zero_term(skill):
    zero = [(problem.seed, ladder[FIRST_STEP]) for problem, ladders in with_hints(skill) for ladder in ladders
            if ZERO_TERM.search(ladder[FIRST_STEP])]
    assert not zero, (f"{len(zero)} of {len(SWEEP)}", zero[:3])


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_no_first_step_states_its_answer(skill):
    stated = [(problem.seed, part.name, ladder[FIRST_STEP])
              for problem, ladders in with_hints(skill) for part, ladder in zip(problem.parts, ladders)
              if _states(ladder[FIRST_STEP], part.answer) or CONCLUDES.search(ladder[FIRST_STEP])]
    assert not stated, (f"{len(stated)} of {len(SWEEP)}", stated[:3])


def test_the_checks_find_what_issue_41_found():
    assert ZERO_TERM.search(r"One term: $0$ times column 2 of $A$ is $\begin{bmatrix}0 \\ 0 \\ 0\end{bmatrix}$.")
    assert ZERO_TERM.search(r"Product 2 of 3: $(0)(4) = 0$.")
    assert not ZERO_TERM.search(r"Product 1 of 3: $(2)(-3) = -6$; $(10)(2) = 20$.")
    assert _states(r"$\mathbf{x}$ goes into $B$, which is $5\times3$.", 3.0)
    assert CONCLUDES.search(r"$A_{\text{att}}$ has a row of weights for each row of $S$.")
    assert _states(r"$A$ is $2\times3$ and $B$ is $3\times3$.", (2, 3))
    assert _states(r"Entry 1: $(2)(3) + (1)(1) = 7$.", 7.0)
    assert _states(r"it adds $(\tfrac{1}{2}, \tfrac{1}{4}, \tfrac{1}{4})$", np.array([[0.5, 0.25, 0.25]]))
    assert not _states(r"$\begin{bmatrix}-3 \\ 3\end{bmatrix}$", np.array([[3.0], [3.0]]))
    assert not _states(r"Entry $(1, 1)$ has the product $(1)(-2) = -2$.", np.array([[1.0, 1.0]]))
    assert _states(r"Point 1 goes to $(1, 1)$.", np.array([[1.0, 1.0]]))
