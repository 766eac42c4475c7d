"""The order of a multiple choice's options (issue 41): drawn from the page's seed and the question's key, and
every answer recorded by the option picked, never its place (the class pulse, the learner's record)."""
from __future__ import annotations

import itertools

import pytest

from classpulse.pulse_store import PulseStore
from widgets import Check
from widgets.core.choice_order import choice_order
from widgets.core.progress_record import read_record
from widgets.lecture import lab_page
from widgets.lecture.bar import LectureBar
from widgets.lecture.lab_page import LabPage
from widgets.lecture.pulse import PulseRecorder

OPTIONS = {"AB is 2×4": "Rows of A, columns of B.", "AB is 4×2": "", "AB is 3×3": "Those are the inner sizes.",
           "AB does not exist": "The inner sizes agree."}
RIGHT = "AB is 4×2"


def question() -> Check:
    """A four-option question with an explanation for most options, as the labs ask them."""
    return Check("What is the shape of $AB$?", RIGHT, choices=OPTIONS)


def pick(check: Check, option: str) -> bool:
    """Pick `option` by its text, as a learner clicks its label, and press Check."""
    check.answer_input.value = option
    return check.submit()


def seeds_drawn(monkeypatch, *seeds):
    """Make the next page views draw `seeds`, in turn, as their own."""
    drawn = iter(seeds)
    monkeypatch.setattr(lab_page, "view_seed", lambda: next(drawn))


def test_an_order_is_the_same_for_the_same_seed_and_key_on_every_run():
    # Pinned: seeded from a text through SHA-512, not Python's hash (which differs from run to run).
    assert choice_order(4, 7, "check_why") == choice_order(4, 7, "check_why") == [3, 0, 2, 1]
    assert choice_order(4, 12, "check_why") == [2, 1, 3, 0]
    assert all(sorted(choice_order(n, seed, "k")) == list(range(n)) for n in range(6) for seed in range(20))


def test_every_option_comes_first_and_every_order_is_drawn():
    firsts = {choice_order(4, seed, "check_why")[0] for seed in range(200)}
    assert firsts == {0, 1, 2, 3}
    orders = {tuple(choice_order(4, seed, "check_why")) for seed in range(1000)}
    assert orders == set(itertools.permutations(range(4)))


def test_two_keys_give_unrelated_orders():
    same = sum(choice_order(4, seed, "check_a") == choice_order(4, seed, "check_b") for seed in range(240))
    assert same < 30  # about one in 24 by chance; a key that did not count would give 240


def test_reordering_keeps_the_right_option_its_explanations_and_the_pick():
    plain = question()
    verdicts = {option: (pick(plain, option), plain.feedback, plain.given) for option in OPTIONS}
    for seed in range(12):
        check = question()
        check.order_choices(seed, "shape_ab")
        assert sorted(check.answer_input.options) == sorted(OPTIONS) and check.choices == tuple(OPTIONS)
        assert {option: (pick(check, option), check.feedback, check.given) for option in OPTIONS} == verdicts
    check = question()
    check.answer_input.value = "AB is 3×3"
    for seed in range(5):
        check.order_choices(seed, "shape_ab")
        assert check.answer_input.value == "AB is 3×3"  # new options would select the first
    number = Check("2 + 2?", 4.0)
    number.order_choices(3, "sum")  # not a choice: nothing to order
    assert number.choices == ()


def bar_with_question(query_string: str) -> tuple[LectureBar, Check]:
    """A lab's page: its lecture bar, one choice question asked under ``shape_ab``, then its link read."""
    bar = LectureBar()
    check = bar.lab.ask("shape_ab", question())
    bar.apply_url(query_string=query_string)
    return bar, check


def test_a_lecturers_link_gives_the_room_one_order(monkeypatch):
    assert LabPage().choice_seed in range(1_000_000)  # a page without a link orders by a seed of its own
    seeds_drawn(monkeypatch, 1, 2, 3, 4)
    (_, first), (_, second) = bar_with_question("seed=12"), bar_with_question("seed=12")
    assert first.answer_input.options == second.answer_input.options == tuple(
        tuple(OPTIONS)[i] for i in choice_order(4, 12, "shape_ab"))
    (_, own), (_, other) = bar_with_question(""), bar_with_question("")
    assert own.answer_input.options == tuple(tuple(OPTIONS)[i] for i in choice_order(4, 3, "shape_ab"))
    assert other.answer_input.options == tuple(tuple(OPTIONS)[i] for i in choice_order(4, 4, "shape_ab"))


def test_two_learners_shown_different_orders_are_counted_by_the_option_they_pick(tmp_path, monkeypatch):
    store = PulseStore(tmp_path)
    seeds_drawn(monkeypatch, 0, 1)
    picked = "AB is 2×4"
    places = []
    for visitor in ("ada", "bob"):
        page = LabPage()
        check = page.ask("shape_ab", question())
        PulseRecorder(store, "demo", visitor=visitor).watch_all(page.questions)
        places.append(check.answer_input.options.index(picked))
        assert pick(check, picked) is False
    assert places[0] != places[1]  # the two saw it in different places
    (lab,) = store.summary()
    assert lab.checks[0].mistakes == ((f"“{picked}”", 2),)


def test_a_reload_restores_the_option_picked_under_another_order(monkeypatch):
    seeds_drawn(monkeypatch, 0, 1)
    bar, check = bar_with_question("")
    with bar.progress.store.hold_trait_notifications():
        bar.progress.store.loaded, bar.progress.store.status = "", "ready"
    assert pick(check, "AB is 3×3") is False
    record, problem = read_record(bar.progress.store.saved)
    assert problem == "" and record.answers == {"shape_ab": "AB is 3×3"}
    again, restored = bar_with_question("")
    assert restored.answer_input.options != check.answer_input.options
    with again.progress.store.hold_trait_notifications():
        again.progress.store.loaded, again.progress.store.status = bar.progress.store.saved, "ready"
    assert restored.answer_input.value == restored.given == "AB is 3×3"


@pytest.mark.parametrize("seed", [0, 5])
def test_the_link_read_after_the_questions_were_asked_reorders_them(seed):
    page = LectureBar()
    check = page.lab.ask("shape_ab", question())
    page.link.seed = seed  # what apply_url does in the lab's last cell
    assert check.answer_input.options == tuple(tuple(OPTIONS)[i] for i in choice_order(4, seed, "shape_ab"))
