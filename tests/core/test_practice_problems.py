"""widgets.core.practice: every generator's instances are right, small, varied and reproducible."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.mistakes import diagnose
from widgets.core.practice import MAX_SEED, SKILLS, latex_matrix, make_problem

seeds = st.integers(0, MAX_SEED)


def numbers_in(text):
    import re

    return [float(x) for x in re.findall(r"(?<![\w^{])-?\d+(?:\.\d+)?", text)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SKILLS)), seeds)
def test_same_seed_same_instance_and_the_answer_is_judged_right(skill, seed):
    problem = make_problem(skill, seed)
    assert problem == make_problem(skill, seed)
    assert problem.skill == skill and problem.seed == seed
    for part in problem.parts:
        assert diagnose(part.answer, part.answer, part.mistakes, part.tol).right
        for mistake in part.mistakes:
            verdict = diagnose(mistake.value, part.answer, part.mistakes, part.tol)
            assert verdict.right or verdict.mistake, mistake.name
        assert part.solution


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SKILLS)), seeds)
def test_given_numbers_are_small_enough_for_hand_arithmetic(skill, seed):
    problem = make_problem(skill, seed)
    assert all(abs(x) <= 8 for x in numbers_in(problem.given))


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_instances_vary(skill):
    givens = {make_problem(skill, seed).given for seed in range(20)}
    assert len(givens) >= 10


@pytest.mark.parametrize("seed", range(0, 400, 37))
def test_answers_match_the_math(seed):
    from widgets import relu, softmax_rows

    def answer(skill):
        problem = make_problem(skill, seed)
        return problem.data, [part.answer for part in problem.parts]

    d, (got,) = answer("column")
    np.testing.assert_allclose(got, (d["A"] @ d["B"])[:, [d["j"]]])
    d, (got,) = answer("entry")
    assert got == (d["A"] @ d["B"])[d["i"], d["j"]]
    d, got = answer("composition")
    assert got == [(d["m"], d["k"]), d["k"], d["m"]]
    d, (got,) = answer("score")
    assert got == (d["Q"] @ d["K"].T)[d["i"], d["j"]] and d["i"] != d["j"]
    d, (got,) = answer("output")
    np.testing.assert_allclose(got, d["weights"][None, :] @ d["V"])
    assert np.isclose(d["weights"].sum(), 1)
    d, (got,) = answer("softmax")
    np.testing.assert_allclose(got, softmax_rows(d["scores"][None, :]))
    d, (got,) = answer("dense")
    z = d["W"] @ d["x"] + d["b"]
    np.testing.assert_allclose(got, relu(z))
    assert (z < 0).any() and (z > 0).any()  # the ReLU matters in every instance


@pytest.mark.parametrize("skill, seed", [("nope", 1), ("entry", -1), ("entry", MAX_SEED + 1), ("entry", 1.5)])
def test_bad_requests_are_refused(skill, seed):
    with pytest.raises(ValueError):
        make_problem(skill, seed)


def test_latex_matrix():
    assert latex_matrix([[1, -2]]) == r"\begin{bmatrix}1 & -2\end{bmatrix}"
