"""No answer in sight before its question, in any order of answering: every question of every lab, in its
worst case (`harness.in_sight`: every other question answered and opened, every held part that may open
open, this one untouched), read through everything on the page."""
from __future__ import annotations

import pytest

from harness.in_sight import answer_wrong_once, giveaways, questions_of, run_page, worst_case
from harness.voila import REPO

LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))
CASES = [(path, key) for path in LABS for key in questions_of(path)]


@pytest.mark.parametrize(("path", "key"), CASES, ids=[f"{path.stem[:2]}-{key}" for path, key in CASES])
def test_no_answer_is_in_sight_before_its_question_is_answered(path, key):
    page = run_page(path)
    worst_case(page, key)
    found = giveaways(page, key)
    assert not found, f"{path.stem}, {key}: its answer is in sight before it is answered:\n" + "\n".join(found)


@pytest.mark.parametrize(("path", "key"), CASES, ids=[f"{path.stem[:2]}-{key}" for path, key in CASES])
def test_no_answer_is_in_sight_after_one_wrong_guess_unless_it_counts_as_shown(path, key):
    """A first wrong answer opens the views of a prediction; what opens must not hand over the answer for a
    second try that then counts as right (a view that does waits for a second try or the solution), and the
    wrong answer's own feedback must not state it either."""
    page = run_page(path)
    worst_case(page, key)
    check = page.lab.questions[key]
    answer_wrong_once(check)
    found = [] if check.shown else giveaways(page, key)
    assert not found, f"{path.stem}, {key}: after one wrong answer its answer is in sight:\n" + "\n".join(found)


LAB_5 = REPO / "labs" / "05-many-points.ipynb"


def test_the_worst_case_opens_all_that_does_not_wait_for_the_question():
    page = run_page(LAB_5)
    worst_case(page, "rows_check")
    names = page.names
    assert names["mystery_panel"].opened and not names["rows_reveal"].opened
    assert names["y_check"].solved and names["y_check"]._solution_toggle.value
    assert names["y_check"].hints.opened == len(names["y_check"].hints._hints)
    assert names["practice"].started is False  # the practice waits for rows_check too
    assert giveaways(page, "rows_check") == []


@pytest.mark.parametrize(("key", "planted"), [
    ("rows_check", r"the rows of $P A^{T}$"),                              # a choice, in LaTeX
    ("y_check", r"$\begin{bmatrix} 0 & 1 & 2 & 1 & 0 \\ 0 & 0 & 1 & 1 & 0 \end{bmatrix}$"),  # by rows
    ("y_check", "(0, 0), (1, 0), (2, 1), (1, 1), (0, 0)"),                 # by columns, as points
])
def test_an_answer_planted_in_the_page_is_found(key, planted):
    page = run_page(LAB_5)
    worst_case(page, key)
    page.shown.append(("markdown", planted))
    assert giveaways(page, key)
