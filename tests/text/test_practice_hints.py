"""widgets.text.practice_hints: three levels of hints for every part of every practice problem,
none of which gives the answer away."""

import re

import numpy as np
import pytest

from widgets.core.practice import SKILLS, make_problem
from widgets.text.latex_math import latex_matrix
from widgets.text.numbers import latex_number
from widgets.text.practice_hints import HINT_LEVELS, hints


@pytest.mark.parametrize("skill", SKILLS)
def test_every_part_has_a_hint_per_level_and_none_shows_the_answer(skill):
    for seed in range(0, 999_999, 997):  # a thousand problems, spread over the seeds
        problem = make_problem(skill, seed)
        ladders = hints(problem)
        assert len(ladders) == len(problem.parts)
        for part, ladder in zip(problem.parts, ladders):
            assert len(ladder) == len(HINT_LEVELS) == len(set(ladder))
            for hint in ladder:
                assert hint.count("$") % 2 == 0 and "{" not in hint.replace("$", " ").split(" ")[0]
                if isinstance(part.answer, np.ndarray):  # a matrix answer is never written out whole
                    assert latex_matrix(part.answer) not in hint, (skill, seed, hint)
                elif skill in ("entry", "score"):  # nor a sum's value, as one product of it
                    assert not hint.endswith(f"= {latex_number(part.answer)}$."), (skill, seed, hint)


def test_the_first_step_is_one_step_of_this_problem():
    problem = make_problem("entry", 7)
    A, B, i, j = (problem.data[k] for k in ("A", "B", "i", "j"))
    assert hints(problem)[0][2].startswith(f"Product 1 of {A.shape[1]}: $({A[i, 0]:g})({B[0, j]:g}) =")
    softmax = next(problem for problem in map(lambda seed: make_problem("softmax", seed), range(100))
                   if problem.data["shift"] and problem.data["exps"][0] > 1)
    assert f"cancels: keep ${softmax.data['exps'][0]:g}$" in hints(softmax)[0][2]


def test_the_score_practice_leaves_which_query_and_key_an_index_picks_to_the_learner():
    """The prompt wrote S₁₂ = q₁·k₂ and the nudge "pairs query 1 with key 2": reading the indices was never practised."""
    from widgets.text.practice_prompts import write_problem

    for seed in range(40):
        problem = make_problem("score", seed)
        i, j = problem.data["i"] + 1, problem.data["j"] + 1
        (part,) = write_problem(problem).parts
        nudge, method, _ = hints(problem)[0]
        for text in (part.prompt, nudge, method):
            assert not any(said in text for said in (
                rf"\mathbf{{q}}_{i}", rf"\mathbf{{k}}_{j}", f"query {i}", f"key {j}", f"row {i} of", f"row {j} of",
            )), (seed, text)
        assert f"S_{{{i}{j}}}" in part.prompt and "row $i$ of $Q$" in method


def test_the_mask_practice_names_one_or_two_tokens_without_a_range():
    """Token 2's hint read "tokens 1 to 2"; a last hidden token read "tokens 4 to 4"."""
    from widgets.text.practice_prompts import write_problem

    for seed in range(200):
        problem = make_problem("mask", seed)
        texts = [*hints(problem)[0], write_problem(problem).parts[0].solution,
                 *(mistake.message for mistake in problem.parts[0].mistakes)]
        for text in texts:
            for first, last in re.findall(r"tokens (\d+) to (\d+)", text):
                assert int(last) > int(first) + 1, (seed, text)
