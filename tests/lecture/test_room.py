"""Asking the room, in process: a lab's page follows the board's ask, two rounds and the reveal."""

import numpy as np
import pytest
from ipywidgets import HTML

from classpulse import PulseStore, Room
from widgets import Check
from widgets.base.page_link import PageLink
from widgets.lecture.lab_page import LabPage
from widgets.lecture.room import RoomFollower
from widgets.lecture.room_board import RoomPanel

LAB, KEY = "02-entry-dot-product", "activity"


def _page(store, visitor):
    """One student's page of the lab: the asked check, a view holding its answer, a follower of the room."""
    page = LabPage()
    check = page.ask(KEY, Check("Entry (2,3) of $AB$?", 7.0, title="Entry (2,3) of AB", solution="It is 7.",
                                hint="Row 2 times column 3."))
    picture = page.hold(HTML("the entry is 7"), until=[KEY], holds_answer=True, what="the entry")
    notice = HTML()
    follower = RoomFollower(store, LAB, visitor, page, notice)
    return check, picture, notice, follower


def _answer(check, text):
    check.answer_input.value = text
    check.submit()


@pytest.fixture
def room(tmp_path):
    store = PulseStore(tmp_path)
    panel = RoomPanel(store)
    panel.question.value = (LAB, KEY)
    return store, panel


def test_a_round_records_without_judging_and_the_reveal_counts_as_alone(room):
    store, panel = room
    right, slipped, silent = (_page(store, visitor) for visitor in ("a", "b", "c"))
    panel.ask.click()
    for check, _, notice, follower in (right, slipped, silent):
        follower.poll()  # what each kernel's timer does
        assert check.asked == 1
        assert "Entry (2,3) of AB" in notice.value and 'href="#room-question"' in notice.value
        assert check._solution_toggle.disabled
    _answer(right[0], "7")
    _answer(slipped[0], "5")
    for check, picture, _, _ in (right, slipped):
        shown = check._feedback.value
        assert "recorded" in shown and "Correct" not in shown and "not quite" not in shown
        assert not (check.answered or check.solved or picture.opened)  # a neighbour sees no picture
    heading = panel._heading.value
    panel.refresh()
    assert "2 answers" in panel._heading.value != heading
    assert "right" not in panel._split.value  # the room does not learn which answer is right
    panel.verdicts.value = True
    assert "right: 7" in panel._split.value
    panel.next_round.click()
    for check, _, notice, follower in (right, slipped, silent):
        follower.poll()
        assert check.asked == 2 and "round two" in notice.value
    _answer(slipped[0], "7")
    panel.refresh()
    assert "1 moved from" in panel._split.value
    panel.reveal.click()
    for _, picture, notice, follower in (right, slipped, silent):
        follower.poll()
        assert picture.opened and "revealed" in notice.value
    assert [page[0].outcome for page in (right, slipped, silent)] == ["solved", "retried", "shown"]
    split = store.room_split()
    assert split.rounds == ((("right", 1), ("entries", 1)), (("right", 1),))
    assert "Correct!" in right[0]._feedback.value
    assert store.reset()  # a new session after the reveal: the question was revealed, not withdrawn
    for _, _, notice, follower in (right, slipped, silent):
        follower.poll()
        assert "is revealed" in notice.value and "without revealing" not in notice.value


def test_every_other_solution_of_the_lab_waits_for_the_round_to_end(tmp_path):
    store = PulseStore(tmp_path)
    page = LabPage()
    entry = page.ask("entry", Check("Entry (2,3)?", -12.0, solution="It is -12."))
    page.ask("row", Check("Row 2?", np.array([[-18.0, -8.0, -12.0]]), solution="[-18, -8, -12]"))
    follower = RoomFollower(store, LAB, "v", page, HTML())
    store.ask_room(LAB, "row")
    follower.poll()
    def parts(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from parts(child)
    show = next(part for part in parts(entry) if getattr(part, "description", "") == "Show solution")
    assert show.disabled  # its solution is part of the row asked
    store.reveal_room()
    follower.poll()
    assert not show.disabled


def test_a_page_opened_during_a_round_shows_the_notice_and_after_the_reveal_nothing(room):
    store, panel = room
    panel.ask.click()
    check, picture, notice, follower = _page(store, "late")
    follower.poll()
    assert check.asked == 1 and "asks the room" in notice.value
    panel.reveal.click()
    check2, _, notice2, follower2 = _page(store, "later")
    follower2.poll()
    assert check2.asked == 0 and notice2.value == ""


def test_another_lab_or_question_is_left_alone_and_another_labs_is_pointed_to(room):
    store, _ = room
    check, picture, notice, follower = _page(store, "a")
    follower.follow(Room(9, "03-product-properties", "rs_check", 1))
    # Nothing of this lab changes; the notice says where the question is, with a link to that lab.
    assert check.asked == 0 and "“RS by columns”</b>, in lab 3" in notice.value
    assert 'href="03-product-properties.ipynb"' in notice.value
    follower.follow(Room(9, "03-product-properties", "rs_check", 1, revealed=True))
    assert notice.value == ""
    follower.follow(Room(10, LAB, KEY, 1))
    _answer(check, "5")
    follower.follow(Room(11, LAB, "row_check", 1))  # the lecturer asked another question: this one ends
    assert check.asked == 0 and check.shown and picture.opened


def test_a_typo_in_a_round_gets_its_message_and_is_no_answer(room):
    store, panel = room
    check, _, _, follower = _page(store, "a")
    panel.ask.click()
    follower.poll()
    _answer(check, "7x")
    assert check.votes == 0 and "not a number" in check._feedback.value


def test_a_matrix_check_replays_its_answers_at_the_reveal(tmp_path):
    store = PulseStore(tmp_path)
    page = LabPage()
    check = page.ask("activity", Check("Compute $AB$.", [[1, 2], [3, 4]]))
    follower = RoomFollower(store, "01-product-by-columns", "v", page, HTML())
    follower.follow(Room(1, "01-product-by-columns", "activity", 1))
    check.answer_input.value = np.array([[1, 3], [2, 4]])
    check.submit()
    assert check.attempts == 0
    follower.follow(Room(1, "01-product-by-columns", "activity", 1, revealed=True))
    assert (check.attempts, check.mistake, check.outcome) == (1, "places", "shown")


def test_a_question_held_further_on_is_said_to_open_there_then_linked(tmp_path):
    store = PulseStore(tmp_path)
    page = LabPage()
    first = page.ask("first", Check("2 + 2?", 4.0))
    later = page.ask("later", Check("3 + 3?", 6.0, title="Three and three"))
    part = page.hold(later, until=["first"], what="the next question")
    notice = HTML()
    follower = RoomFollower(store, LAB, "v", page, notice)
    store.ask_room(LAB, "later")
    follower.poll()
    assert "opens once you have answered “first”" in notice.value and "href" not in notice.value
    _answer(first, "4")
    assert part.opened  # the notice follows at once, not at the next look at the room
    assert 'href="#room-question"' in notice.value


def test_nothing_held_opens_by_its_button_during_a_round(room):
    store, panel = room
    check, picture, _, follower = _page(store, "a")
    panel.ask.click()
    follower.poll()
    assert picture._button.disabled and panel.ask.disabled  # one question at a time, and no peeking
    _answer(check, "7")
    placeholder_words = picture.children[0].children[0].value  # beside the button: why a right answer opened nothing
    assert not picture.opened and "the entry will open when the answer is revealed" in placeholder_words
    panel.reveal.click()
    follower.poll()
    assert not picture._button.disabled and not panel.ask.disabled


def test_a_reset_withdraws_the_question_without_revealing_it(room):
    store, panel = room
    answered, silent = _page(store, "a"), _page(store, "b")
    panel.ask.click()
    for page in (answered, silent):
        page[3].poll()
    _answer(answered[0], "5")
    assert store.reset()
    for check, picture, notice, follower in (answered, silent):
        follower.poll()
        assert check.asked == 0 and not check.shown and not picture.opened and "without revealing" in notice.value
    # No verdict a neighbour could read: the answer stays in the box for its learner to check.
    assert answered[0].attempts == 0 and "press Check" in answered[0]._feedback.value
    assert answered[0].answer_input.value == "5"


def test_the_room_sees_one_order_of_choices_and_a_reload_keeps_the_answer(tmp_path):
    store = PulseStore(tmp_path)
    options = ["AB", "BA", "AᵀBᵀ", "BᵀAᵀ"]
    pages = []
    for visitor in ("a", "b", "c"):
        page = LabPage()
        check = page.ask("transpose_check", Check("(AB)ᵀ?", "BᵀAᵀ", choices=options))
        pages.append((check, RoomFollower(store, "03-product-properties", visitor, page, HTML())))
    store.ask_room("03-product-properties", "transpose_check")
    for _, follower in pages:
        follower.poll()
    assert len({tuple(check.answer_input.options) for check, _ in pages}) == 1
    check = pages[0][0]
    check.answer_input.value = "AB"
    check.submit()
    assert check.given == "AB"  # what the learner's record keeps, and a reload puts back


def test_a_reload_in_a_round_answers_under_the_id_its_browser_kept(room):
    store, panel = room
    check, _, _, follower = _page(store, "a")
    panel.ask.click()
    follower.poll()
    _answer(check, "5")
    panel.next_round.click()
    again, _, _, reloaded = _page(store, "b")  # the reloaded page: a new page view...
    reloaded.voter = follower.voter  # ...given the id its browser kept (`LabProgress.room_vote`)
    reloaded.poll()
    _answer(again, "7")
    split = store.room_split()
    assert (split.answered(1), split.answered(2), split.moves) == (1, 1, (("entries", "right", 1),))


def test_a_reveal_link_waits_for_the_rounds_end_and_a_reload_says_the_answer_is_back(tmp_path):
    store = PulseStore(tmp_path)
    link = PageLink()
    page = LabPage(link)
    check = page.ask(KEY, Check("Entry (2,3) of $AB$?", 7.0))
    picture = page.hold(HTML("the entry is 7"), until=[KEY], holds_answer=True, what="the entry")
    follower = RoomFollower(store, LAB, "v", page, HTML())
    store.ask_room(LAB, KEY)
    follower.poll()
    # What a reload in the round puts back from the learner's record, once the browser answers the page.
    check.restore_given("7")
    assert "Your lecturer asks the room" in check._feedback.value
    assert "Your last answer is back in the box" in check._feedback.value
    link.reveal = True  # ?reveal=1, read after the room (LectureBar.apply_url)
    assert not picture.opened
    store.reveal_room()
    follower.poll()
    assert picture.opened
