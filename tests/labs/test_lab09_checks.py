"""Lab 9, from scores to weights, run in-process: its Checks name the usual slips, the explorer waits
for a softmax row computed by hand and its switches for two predictions; the temperature, the token
lines and the mask; the notebook's goal, summary and links."""
from __future__ import annotations

import re

import numpy as np
import pytest

from harness.checks import answer, solve_first_problem
from harness.notebooks import lab_fixture, lab_namespace, notebook_cells, summary_of
from harness.shown import button
from harness.voila import REPO
from widgets.core.practice import make_problem

LAB = REPO / "labs" / "09-softmax-weights.ipynb"
CHECKS = ("check_cos", "check_softmax", "check_scale", "check_mask")

lab = lab_fixture(LAB)


def test_a_dot_product_as_lengths_and_cosine_names_the_slips(lab):
    check_cos = lab["check_cos"]
    assert not answer(check_cos, "6") and check_cos.mistake == "no-cosine"
    assert not answer(check_cos, "5.2") and check_cos.mistake == "sine"
    assert not answer(check_cos, "-3") and check_cos.mistake == "sign"
    assert answer(check_cos, "3")


def test_a_softmax_row_names_its_slips_and_opens_the_explorer(lab):
    check, explorer = lab["check_softmax"], lab["explorer"]
    for typed, mistake in (([[2 / 3, 0, 1 / 3, 0]], "no-exp"), ([[4, 1, 2, 1]], "not-divided"),
                           ([[1, 0, 0, 0]], "one-hot"), ([[0.25] * 4], "uniform")):
        assert not answer(check, typed) and check.mistake == mistake, typed
    assert not answer(check, [[0.5], [0.125], [0.25], [0.125]]) and check.mistake == "turned"
    assert answer(check, [[0.5, 0.125, 0.25, 0.125]])
    assert explorer.weights_mode == "softmax" and not explorer.scaled
    np.testing.assert_allclose(explorer.result.A.sum(axis=1), 1)


@pytest.mark.parametrize("typed", [[[0.5, 0.13, 0.25, 0.13]], [[0.5, 0.12, 0.25, 0.12]]])
def test_the_softmax_row_rounded_to_two_decimals_is_right(lab, typed):
    assert answer(lab["check_softmax"], typed)  # as the practice takes it, and as the lab's own tells write it


@pytest.mark.parametrize("name, typed, mistake, says", [
    ("check_softmax", [[1, 0.25, 0.5, 0.25]], "by-largest",
     "you divided the exponentials (4, 1, 2, 1) by the largest, 4"),
    ("check_softmax", [[1, 1, 1, 1]], "ones", "a weight of 1 for every token gives a row that adds to 4"),
    ("check_softmax", [[0.33, 0.17, 0.33, 0.17]], "log-power", "that reads e^(2 ln 2) as 2"),  # the question's trick
    ("check_mask", [[0.25, 0, 0, 0]], "not-renormalised", "you set the hidden tokens' weights to 0 after the softmax"),
    ("check_mask", [[1, 1, 1, 1]], "ones", "a row of weights adds to 1, and the mask gives the tokens it hides no weight"),
], ids=["softmax-by-largest", "softmax-ones", "softmax-log-power", "mask-not-renormalised", "mask-ones"])
def test_each_weights_slip_is_named(lab, name, typed, mistake, says):
    check = lab[name]
    assert not answer(check, typed) and check.mistake == mistake
    assert check.feedback.startswith(says)


def test_the_softmax_hints_leave_all_but_one_exponential_to_do(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["check_softmax"].hints.texts
    assert r"e^{\ln a} = a" in nudge and "Exponentiate" not in nudge
    assert "Exponentiate each score" in method and "divide each exponential" in method
    assert r"e^{2\ln 2}" in first_step and "= 4" in first_step
    for weight in ("1/2", "0.5", r"\tfrac12", "1/8", r"\tfrac18", "= 8"):  # neither a weight nor the sum
        assert weight not in first_step, weight


def test_the_scale_and_mask_predictions_explain_each_choice(lab):
    check_scale, check_mask = lab["check_scale"], lab["check_mask"]
    for choice in list(lab["SCALE_CHOICES"])[1:]:
        assert not answer(check_scale, choice) and check_scale.feedback, choice
    assert answer(check_scale, "they sharpen: the largest score takes nearly all the weight")
    for typed, mistake in (([[0, 0, 0, 1]], "before"), ([[0.25] * 4], "no-mask"), ([[0, 0, 0, 0]], "zeros"),
                           ([[0, 1 / 3, 1 / 3, 1 / 3]], "hidden-kept")):
        assert not answer(check_mask, typed) and check_mask.mistake == mistake, typed
    assert answer(check_mask, [[1, 0, 0, 0]])
    for name in CHECKS:
        button(lab[name], "Show solution")  # every exercise has a worked solution


def test_softmax_weights_sharpen_and_flatten_with_the_temperature(lab):
    explorer = lab["explorer"]
    A1 = explorer.result.A
    explorer.temperature = 0.1
    assert np.all(explorer.result.A.max(axis=1) > A1.max(axis=1))  # every row sharper
    assert np.array_equal(explorer.result.A.argmax(axis=1), A1.argmax(axis=1))  # same favourite
    explorer.temperature = 20
    assert np.allclose(explorer.result.A, 0.25, atol=0.05)
    explorer.temperature = 1
    np.testing.assert_allclose(explorer.result.A, A1)


def test_the_token_lines_draw_the_picked_row_and_the_mask_zeroes_the_future(lab):
    explorer = lab["explorer"]
    explorer.selected = (2, 0)
    lines = explorer.token_lines
    assert lines.row == 2 and lines.summary.startswith("sat → the ")
    np.testing.assert_allclose(lines.widths, lines.max_width * explorer.result.A[2], atol=1e-9)
    explorer.causal = True
    A = explorer.result.A
    assert np.all(A[np.triu_indices(4, 1)] == 0) and np.allclose(A.sum(axis=1), 1)
    np.testing.assert_allclose(A[0], [1, 0, 0, 0])  # the mask question's answer, whatever the scores
    np.testing.assert_allclose(explorer.result.H[0], explorer.result.V[0])
    explorer.causal = False


def test_practice_on_fresh_numbers_is_solvable(lab):
    practice = lab["practice"]
    assert practice.skill == "softmax"
    assert solve_first_problem(practice) and practice.streak == 1


def test_lab09_opens_with_a_goal_and_closes_with_a_summary_and_links():
    cells = notebook_cells(LAB)
    assert "**Goal:**" in cells[0].source
    heading, _ = summary_of(LAB)
    assert heading == []  # its points restate answers: held (lab09-summary-points) until those are answered
    summary = next(held for held in lab_namespace(LAB)["lab"].held if "<li>" in getattr(held.reveal.view, "value", ""))
    assert summary.until == ("check_cos", "check_softmax", "check_scale", "check_mask") and not summary.reveal.opened
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", next(c.source for c in cells if "[All labs]" in c.source))
    assert links == ["08-attention-weights.ipynb", "index.ipynb", "10-adaptive-weights.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    assert "lecture.apply_url" in cells[-1].source  # still last


def test_the_score_question_names_one_length_and_added_lengths(lab):
    check = lab["check_cos"]
    assert answer(check, "1.5") is False and check.mistake == "one-length" and "both lengths" in check.feedback
    assert answer(check, "2.5") is False and check.mistake == "lengths-added"


def test_the_softmax_practice_waits_for_the_row_since_a_seed_may_draw_the_activitys_scores(lab):
    np.testing.assert_allclose(make_problem("softmax", 462).data["scores"], np.log([4, 1, 2, 1]))
    (held,) = [held for held in lab["lab"].held if held.reveal.view is lab["practice"]]
    assert held.holds_answer and not held.reveal.opened
    assert answer(lab["check_softmax"], [[0.5, 0.125, 0.25, 0.125]]) and held.reveal.opened
