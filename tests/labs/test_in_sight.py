"""No answer in sight before its question, in any order of answering: every question of every lab, in its
worst case (`harness.in_sight`: every other question answered and opened, every held part that may open
open, this one untouched), read through everything on the page."""
from __future__ import annotations

import re

import pytest

from harness.in_sight import answer_wrong_once, giveaways, plain, questions_of, run_page, tells_in, worst_case
from harness.voila import REPO
from widgets import Check

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


@pytest.mark.parametrize("path", LABS, ids=[path.stem[:2] for path in LABS])
def test_no_wrong_choice_explains_which_one_is_right(path):
    """Each wrong choice's explanation names the slip and says where to look, and stops there: if it stated
    the right choice, a learner's second pick would need no thought (every wrong choice is tried, not the
    first one only, as `answer_wrong_once` does)."""
    page = run_page(path)
    found = [told for key, check in page.lab.questions.items() if isinstance(check, Check) and check._mode == "choice"
             for option, explanation in check._explanations.items() if option != check._answer
             for told in tells_in(page, key, f"{key}, the explanation of {option!r}", explanation)]
    assert not found, "\n".join(found)


CHOICE_LENGTHS = [
    [len(option) for option in check.answer_input.options if option != check._answer] + [len(check._answer)]
    for path in LABS for check in run_page(path).lab.questions.values()
    if isinstance(check, Check) and check._mode == "choice"
]


def test_the_right_choice_does_not_stand_out_by_its_length():
    """A test-wise learner picks the longest, most qualified option: the right one is the longest in at most a
    quarter of the choice questions (as by chance among four), and never much longer than every wrong one."""
    longest = [lengths for lengths in CHOICE_LENGTHS if lengths[-1] > max(lengths[:-1])]
    assert len(longest) <= len(CHOICE_LENGTHS) / 4, longest
    assert all(lengths[-1] <= 1.25 * max(lengths[:-1]) for lengths in CHOICE_LENGTHS), longest


def test_no_right_choice_echoes_the_stem():
    """A word of the question (4 letters or more) that comes back in the right option and in no wrong one
    points at it without the idea (lab 10's "input-dependent weights" against "A_att(X), the attention weights")."""
    def words(text):
        return {word.lower() for word in re.findall(r"[^\W\d_]{4,}", plain(text))}

    echoes = [(path.stem[:2], key, sorted(words(check._prompt.value) & words(check._answer)
                                         - set().union(*(words(option) for option in check.choices
                                                         if option != check._answer))))
              for path in LABS for key, check in run_page(path).lab.questions.items()
              if isinstance(check, Check) and check._mode == "choice"]
    assert not [echo for echo in echoes if echo[2]], [echo for echo in echoes if echo[2]]


LAB_5 = REPO / "labs" / "05-many-points.ipynb"


def test_the_worst_case_opens_all_that_does_not_wait_for_the_question():
    page = run_page(LAB_5)
    worst_case(page, "rows_check")
    names = page.names
    assert names["mystery_panel"].opened and not names["rows_reveal"].opened
    assert names["y_check"].solved and names["y_check"]._solution_toggle.value
    assert names["y_check"].hints.opened_texts == names["y_check"].hints.texts
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
