"""widgets.text.practice_prompts: every practice problem written out, its numbers small enough to work
by hand, each part with a question and a worked solution that reaches the answer."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.practice import MAX_SEED, SKILLS, make_problem
from widgets.text.latex_math import latex_matrix
from widgets.text.numbers import latex_number
from widgets.text.practice_prompts import weights_latex, write_problem

seeds = st.integers(0, MAX_SEED)


def numbers_in(text):
    return [float(x) for x in re.findall(r"(?<![\w^{])-?\d+(?:\.\d+)?", text)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SKILLS)), seeds)
def test_every_part_has_a_question_and_a_worked_solution(skill, seed):
    problem = make_problem(skill, seed)
    written = write_problem(problem)
    assert len(written.parts) == len(problem.parts)
    for part, words in zip(problem.parts, written.parts):
        assert words.prompt and words.solution
        for text in (written.given, words.prompt, words.solution):
            assert text.replace("$$", "").count("$") % 2 == 0, text
        if isinstance(part.answer, np.ndarray):  # a matrix answer: the solution ends on it
            shown = weights_latex(part.answer) if skill in ("softmax", "mask") else latex_matrix(part.answer)
            assert words.solution.endswith(f"{shown}.$$")
        elif isinstance(part.answer, float) and skill in ("entry", "score"):
            assert words.solution.endswith(f"= {latex_number(part.answer)}.$$")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SKILLS)), seeds)
def test_given_numbers_are_small_enough_for_hand_arithmetic(skill, seed):
    assert all(abs(x) <= 8 for x in numbers_in(write_problem(make_problem(skill, seed)).given))


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_instances_vary(skill):
    givens = {write_problem(make_problem(skill, seed)).given for seed in range(20)}
    assert len(givens) >= 10


def test_the_scaled_softmax_asks_for_the_square_root_of_d_k():
    scaled = [problem for problem in map(lambda seed: make_problem("softmax", seed), range(200))
              if problem.data["d_k"] > 1]
    assert scaled
    for problem in scaled:
        written = write_problem(problem)
        assert r"\sqrt{d_k}" in written.parts[0].prompt and "d_k = 4" in written.given


def test_the_softmax_solution_is_written_in_the_fractions_its_prompt_invites():
    for seed in range(200):
        (part,) = write_problem(make_problem("softmax", seed)).parts
        assert "fractions such as 1/4 are fine" in part.prompt
        weights = part.solution.rsplit("$$", 2)[-2]
        assert r"\tfrac{" in weights and not re.search(r"\d\.\d", weights), weights
    (part,) = write_problem(next(problem for problem in map(lambda seed: make_problem("softmax", seed), range(200))
                                 if np.isclose(problem.parts[0].answer, 1 / 6).any())).parts
    assert r"\tfrac{1}{6}" in part.solution and "0.167" not in part.solution


def test_a_problem_is_written_in_the_words_it_was_drawn_with():
    written = write_problem(make_problem("product", 0))
    problem = make_problem("product", 0)
    A, B = problem.data["A"], problem.data["B"]
    assert written.given == rf"$A = {latex_matrix(A)}$, $\quad B = {latex_matrix(B)}$"
    assert written.parts[0].prompt.startswith(r"What is the shape of $AB$?")


def test_the_linearity_practice_says_the_weights_for_cX_are_made_up_not_the_softmax_of_c_squared_S():
    """The weights for cX were "the softmax of the new scores", yet seed 12 turned 2:1 into 3:1 where c²S gives 16:1."""
    for problem in (make_problem("linearity", seed) for seed in range(60)):
        if problem.data["layer"] == "attention":
            given = write_problem(problem).given
            assert "suppose the softmax" not in given and "made-up" in given and "c^2S" in given, (problem.seed, given)
