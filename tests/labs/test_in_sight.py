"""No answer in sight before its question, in any order of answering: every question of every lab, in its
worst case (`harness.in_sight`: every other question answered and opened, every held part that may open
open, this one untouched), read through everything on the page."""
from __future__ import annotations

import re

import pytest

from harness.in_sight import answer_wrong_once, giveaways, plain, run_page, tells_in, worst_case
from harness.voila import REPO
from widgets import Check

LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))
# Each lab as it opens, run once per worker, for the tests that only read it (what its questions are,
# their choices and explanations); a test that answers or opens anything runs its own page.
OPENED = {path: run_page(path) for path in LABS}
# Every check (a practice draws fresh numbers: it has no one answer to give away).
CASES = [(path, key) for path, page in OPENED.items() for key, question in page.lab.questions.items()
         if isinstance(question, Check)]


@pytest.mark.parametrize(("path", "key"), CASES, ids=[f"{path.stem[:2]}-{key}" for path, key in CASES])
def test_no_answer_is_in_sight_before_its_question_is_answered_nor_after_one_wrong_guess(path, key):
    """In the worst case, the answer is nowhere on the page. Then a first wrong answer opens the views of a
    prediction; what opens must not hand over the answer for a second try that then counts as right (a
    view that does waits for a second try or the solution), and the wrong answer's own feedback must not
    state it either. One page for both: the second starts where the first ends."""
    page = run_page(path)
    worst_case(page, key)
    found = giveaways(page, key)
    assert not found, f"{path.stem}, {key}: its answer is in sight before it is answered:\n" + "\n".join(found)
    check = page.lab.questions[key]
    answer_wrong_once(check)
    found = [] if check.shown else giveaways(page, key)
    assert not found, f"{path.stem}, {key}: after one wrong answer its answer is in sight:\n" + "\n".join(found)


@pytest.mark.parametrize("path", LABS, ids=[path.stem[:2] for path in LABS])
def test_no_wrong_choice_explains_which_one_is_right(path):
    """Each wrong choice's explanation names the slip and says where to look, and stops there: if it stated
    the right choice, a learner's second pick would need no thought (every wrong choice is tried, not the
    first one only, as `answer_wrong_once` does)."""
    page = OPENED[path]
    found = [told for key, check in page.lab.questions.items() if isinstance(check, Check) and check._mode == "choice"
             for option, explanation in check._explanations.items() if option != check._answer
             for told in tells_in(page, key, f"{key}, the explanation of {option!r}", explanation)]
    assert not found, "\n".join(found)


CHOICE_LENGTHS = [
    [len(option) for option in check.answer_input.options if option != check._answer] + [len(check._answer)]
    for page in OPENED.values() for check in page.lab.questions.values()
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

    echoes = [(path.stem[:2], key, sorted(words(check._prompt.text) & words(check._answer)
                                         - set().union(*(words(option) for option in check.choices
                                                         if option != check._answer))))
              for path, page in OPENED.items() for key, check in page.lab.questions.items()
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
