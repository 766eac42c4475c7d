"""widgets.lecture.self_check: the end-of-lab account of the learner's answers and named mistakes."""
from __future__ import annotations

from harness.checks import answer
from harness.notebooks import lab_namespace
from harness.voila import REPO
from widgets.lecture.self_check import sections_of

LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))
LAB_2 = REPO / "labs" / "02-entry-dot-product.ipynb"


def test_every_check_of_every_lab_sits_in_a_section():
    for path in LABS:
        lab = lab_namespace(path)
        sections = sections_of(path)
        names = list(lab["lecture"].lab.checks)
        assert names and all(sections.get(name) for name in names), (path.stem, names, sections)


def test_the_account_follows_the_answers_and_lists_each_named_mistake_with_its_section():
    lab = lab_namespace(LAB_2)
    summary = lab["lecture"].self_check
    summary.watch(lab["lecture"].lab.checks, sections_of(LAB_2))
    assert summary.account == "0 of 2 questions answered."
    assert not answer(lab["activity"], "12") and lab["activity"].mistake == "sign"  # a usual slip
    # Answered, though not right yet: counted, or the account would say 0 above the mistake it lists.
    assert summary.account == "1 of 2 questions answered: 1 not right yet."
    assert "right size, wrong sign" in summary._view.value
    assert answer(lab["activity"], "-12")  # one wrong answer only: a second opens the row question, whose
    lab["row_check"].show_answer()        # solution holds -12, and the activity would count as shown
    assert summary.account == "2 of 2 questions answered: 1 after a wrong answer, 1 with the answer seen first."
    view = summary._view.value
    assert "<b>Entry (2,3) of AB</b>" in view and lab["activity"].feedback == "Correct!"
    assert 'href="#Activity:-one-entry,-without-the-rest"' in view
    assert "right size, wrong sign: recheck the signs of the products. <a" in view
    assert "See Activity: one entry, without the rest." in view


def test_a_mistake_no_slip_names_is_not_listed():
    lab = lab_namespace(LAB_2)
    summary = lab["lecture"].self_check
    summary.watch(lab["lecture"].lab.checks, sections_of(LAB_2))
    assert not answer(lab["activity"], "-7") and lab["activity"].mistake == "entries"
    assert summary._named == {}


def test_an_answer_right_after_a_hint_is_counted_as_such():
    lab = lab_namespace(LAB_2)
    summary = lab["lecture"].self_check
    summary.watch(lab["lecture"].lab.checks, sections_of(LAB_2))
    lab["activity"].hints.open_next()
    assert answer(lab["activity"], "-12")
    assert summary.account == "1 of 2 questions answered: 1 after a hint."
