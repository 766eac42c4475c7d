"""widgets.lecture.course_progress: the gallery's map of every lab, from the records the browser keeps.

The browser's side (`DeviceStore`'s view) is played by setting the store's `peeked` and `status` as
its view does; tests/browser/test_progress.py reads real records in Chromium."""
from __future__ import annotations

import pytest

from harness.voila import REPO
from widgets.core.progress_code import read_code
from widgets.core.progress_record import PracticeRecord, Record, write_record
from widgets.lecture.course_progress import CourseProgress, lab_titles

LABS = lab_titles(REPO / "labs")


def browser_answers(course, records, status="ready"):
    with course.store.hold_trait_notifications():
        course.store.peeked = {name: write_record(record) if isinstance(record, Record) else record
                               for name, record in records.items()}
        course.store.status = status


def test_every_numbered_lab_is_listed_with_its_title():
    assert [name for name, _ in LABS][:2] == ["01-product-by-columns", "02-entry-dot-product"]
    assert len(LABS) == 10 and dict(LABS)["09-softmax-weights"] == "From scores to weights: the softmax"
    names = [name for name, _ in LABS] + ["review"]
    assert CourseProgress(LABS).store.peek == names + [name + "#v5" for name in names]


def test_a_new_learner_is_sent_to_lab_1():
    course = CourseProgress(LABS)
    browser_answers(course, {})
    assert "Nothing answered yet in this browser: start with lab 1" in course.summary


def test_each_lab_shows_its_questions_and_practice_and_the_next_lab_to_continue():
    course = CourseProgress(LABS)
    browser_answers(course, {
        "01-product-by-columns": Record({"a": "solved", "b": "solved"}, {}, total=2),
        "02-entry-dot-product": Record({"a": "solved", "b": "shown"}, {"practice": PracticeRecord(3, "rrr", 3, "entry")},
                                       total=3),
        "04-composition": '{"v": 2, "damaged',
    })
    summary = " ".join(course.summary.split())
    assert "Continue with lab 2, One entry as a dot product →" in summary
    assert "Lab 1, The product by columns : 2 of 2 questions solved" in summary
    assert "Lab 2, One entry as a dot product : 1 of 3 questions solved, 1 with the answer seen first; " \
           "practice: familiar" in summary
    assert "Lab 4" not in summary and "Lab 3" not in summary  # not started, or damaged: left to the lab
    assert 'href="02-entry-dot-product.ipynb"' in course._view.value


def test_when_every_started_lab_is_done_the_next_one_is_offered():
    course = CourseProgress(LABS)
    browser_answers(course, {"01-product-by-columns": Record({"a": "solved"}, {}, total=1)})
    assert "Next: lab 2, One entry as a dot product →" in " ".join(course.summary.split())


def test_a_browser_that_keeps_nothing_says_so():
    course = CourseProgress(LABS)
    browser_answers(course, {}, status="unavailable")
    assert "your progress cannot be shown" in course.summary


def test_a_skill_proficient_in_its_lab_is_mastered_after_the_mixed_review():
    course = CourseProgress(LABS)
    lab = Record({"a": "solved"}, {"practice": PracticeRecord(3, "rrrrr", 5, "entry")}, total=2)
    browser_answers(course, {"02-entry-dot-product": lab})
    assert course.rows[1][-1] == "proficient"
    browser_answers(course, {"02-entry-dot-product": lab, "review": Record(practice={
        "entry": PracticeRecord(0, "r", 1, "entry", ((5, 0),))})}, status="")
    browser_answers(course, {"02-entry-dot-product": lab, "review": Record(practice={
        "entry": PracticeRecord(0, "r", 1, "entry", ((5, 0),))})})
    assert course.rows[1][-1] == "mastered" and "practice: mastered" in course.summary


@pytest.mark.parametrize("review, shown", [
    (PracticeRecord(0, "sr", 2, "entry"), "proficient"),  # kept before the order was: after the practice
    (PracticeRecord(0, "s", 0, "entry", ((5, 0),)), "familiar"),  # after the five problems: down one
    (PracticeRecord(0, "s", 0, "entry", ((0, 0),)), "proficient"),  # before them: the practice decides
    (PracticeRecord(0, "r", 1, "entry", ((3, 0),)), "proficient"),  # after three: familiar to proficient, then
    # the two practice problems right keep it (a right answer never lowers a level) ...
    (PracticeRecord(0, "rr", 2, "entry", ((3, 0), (5, 0))), "mastered"),  # ... and a second review raises it
])
def test_the_gallery_shows_the_level_of_the_practice_and_review_in_the_order_they_happened(review, shown):
    course = CourseProgress(LABS)
    lab = Record({"a": "solved"}, {"practice": PracticeRecord(3, "rrrrr", 5, "entry")}, total=2)
    browser_answers(course, {"02-entry-dot-product": lab, "review": Record(practice={"entry": review})})
    assert course.rows[1][-1] == shown and f"practice: {shown}" in course.summary


def test_progress_moves_by_a_code_and_a_bad_code_changes_nothing(monkeypatch):
    here = CourseProgress(LABS)
    browser_answers(here, {"02-entry-dot-product": Record({"activity": "solved"}, {}, total=2)})
    here._move.value = True  # Move my progress to another device
    code = here._code.value
    assert code.startswith("ML1-") and here._moving.layout.display == ""

    there = CourseProgress(LABS)
    browser_answers(there, {})
    sent = []
    monkeypatch.setattr(there.store, "send", sent.append)
    there.bring(code[:-5])
    assert sent == [] and "This code cannot be used" in there._told.value
    there.bring(code)
    assert sent == [{"put": {"02-entry-dot-product": here.store.peeked["02-entry-dot-product"]}}]
    assert "Brought here: your progress in 1 page." in there._told.value


def test_a_lab_kept_beside_a_newer_versions_record_is_shown_and_moved_by_its_own_record():
    """What this version kept of lab 2 (widgets.lecture.progress) counts; the newer record stays the newer labs'."""
    course = CourseProgress(LABS)
    mine = Record({"a": "solved"}, {}, total=2)
    browser_answers(course, {"02-entry-dot-product": '{"v": 6, "checks": {}, "streaks": {}}',
                             "02-entry-dot-product#v5": mine, "03-product-properties": '{"v": 6}'})
    assert course.rows[1][2:5] == (1, 0, 2) and "Lab 2, One entry as a dot product : 1 of 2" in course.summary
    assert read_code(course.export_code()) == ({"02-entry-dot-product": write_record(mine)}, "")
