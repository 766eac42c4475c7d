"""widgets.lecture.progress: a lab's checks kept in the browser's record and restored from it, in-process.

The browser's side (`DeviceStore`'s view) is played by setting the store's
`loaded` and `status` as its view does; tests/browser/test_progress.py runs
the real one."""
from __future__ import annotations

import sqlite3

import pytest

from classpulse.pulse_store import PulseStore
from harness.checks import answer
from harness.notebooks import lab_namespace
from harness.voila import REPO
from widgets import Check
from widgets.core.progress_record import PracticeRecord, Record, read_record, write_record
from widgets.lecture.progress import LabProgress
from widgets.lecture.pulse import PulseRecorder

LAB_2 = REPO / "labs" / "02-entry-dot-product.ipynb"


def browser_answers(progress, text="", status="ready"):
    """What the store's view does once drawn: the kept text, then the status, in one message."""
    with progress.store.hold_trait_notifications():
        progress.store.loaded = text
        progress.store.status = status


def kept_checks(progress):
    """The checks of the record the lab last gave the browser to keep."""
    record, problem = read_record(progress.store.saved)
    assert problem == ""
    return record.checks


class PlayedBrowser:
    """A store's view as its ES module behaves (widgets.controls.device_store), over `kept`, the browser's
    storage as a dict by key (without the prefix): it reads the store's key when drawn and whenever the
    key changes, writes `saved` under the key, and sets a text aside or clears it when told."""

    def __init__(self, store, kept):
        self.store, self.kept = store, kept
        store.send = self._on_message
        store.observe(self._read, names="key")
        store.observe(self._write, names="saved")
        self._read()

    def _read(self, change=None):
        self.store.set_state({"loaded": self.kept.get(self.store.key, ""), "status": "ready"})

    def _write(self, change):
        if change["new"]:
            self.kept[self.store.key] = change["new"]
        else:
            self.kept.pop(self.store.key, None)

    def _on_message(self, message):
        if message.get("set_aside") and self.store.key in self.kept:
            self.kept[self.store.key + "#set-aside-1"] = self.kept.pop(self.store.key)
        if message.get("clear"):
            self.kept.pop(self.store.key, None)


def visit(kept):
    """Lab 2 opened in a browser that keeps `kept`: its namespace and progress."""
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    PlayedBrowser(progress.store, kept)
    return lab, progress


@pytest.fixture
def lab2():
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    return lab, progress


def test_solved_and_shown_checks_are_written_for_the_browser(lab2):
    lab, progress = lab2
    browser_answers(progress)
    assert progress.notice == "Your progress in this lab is kept in this browser."
    assert progress.store.key == "02-entry-dot-product"
    assert answer(lab["activity"], "-12")
    assert kept_checks(progress) == {"activity": "solved"}
    lab["row_check"].show_answer()
    assert kept_checks(progress) == {"activity": "solved", "row_check": "shown"}


def test_a_reload_restores_each_check_and_opens_its_views_without_a_pulse_event(lab2, tmp_path):
    lab, progress = lab2
    store = PulseStore(tmp_path)
    PulseRecorder(store, "lab02", visitor="v1").watch_all(lab["lecture"].lab.questions)
    assert not lab["explorer"].opened
    browser_answers(progress, write_record(Record({"activity": "solved", "row_check": "solved", "gone": "solved"})))
    activity, row_check = lab["activity"], lab["row_check"]
    assert activity.solved and row_check.solved and (activity.attempts, row_check.attempts) == (0, 0)
    assert lab["explorer"].opened  # it waits for both: both are solved
    assert progress.restored == 2 and progress.notice.startswith("Welcome back: 2 answers from your last visit")
    assert activity.answer_input.value == "-12" and activity.submit()  # the answer is filled in
    assert store.status() == ""  # gathers the journals into the file, as the lecturer's board does
    with sqlite3.connect(store.path) as connection:
        events = connection.execute("SELECT check_id FROM events").fetchall()
    assert events == [("activity",)]  # only the submit just above: restoring told the pulse nothing
    # A check of the record that the lab no longer has ("gone") is dropped from the browser's record.
    assert kept_checks(progress) == {"activity": "solved", "row_check": "solved"}


def test_the_record_says_how_each_check_ended_and_keeps_the_last_answer_of_one_still_open(lab2):
    lab, progress = lab2
    browser_answers(progress)
    activity, row_check = lab["activity"], lab["row_check"]
    activity.hints.open_next()
    assert answer(activity, "-12")
    assert not answer(row_check, [[-18, -8, 12]])
    record, _ = read_record(progress.store.saved)
    assert record.checks == {"activity": "helped"} and record.answers == {"row_check": "[[-18.0,-8.0,12.0]]"}
    assert answer(row_check, [[-18, -8, -12]])
    record, _ = read_record(progress.store.saved)
    assert record.checks == {"activity": "helped", "row_check": "retried"} and record.answers == {}


def test_a_reload_gives_back_an_unfinished_answer_unjudged():
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    browser_answers(progress, write_record(Record({"activity": "retried"}, answers={"row_check": "[[1,2,3]]",
                                                                                      "activity": "7"})))
    activity, row_check = lab["activity"], lab["row_check"]
    assert activity.solved and activity.outcome == "retried" and activity.answer_input.value == "-12"
    assert row_check.answer_input.value.tolist() == [[1, 2, 3]] and row_check.attempts == 0
    assert not row_check.answered and not lab["explorer"].opened
    assert progress.notice.startswith("Welcome back: 1 answer and 1 unfinished answer from your last visit")
    assert not row_check.submit() and row_check.attempts == 1  # checked as it stands


def test_the_id_of_a_vote_in_the_room_is_kept_and_given_back_after_a_reload():
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    browser_answers(progress)
    vote = (1_765_000_000_000_000, "ab" * 16)
    progress.room_vote = vote  # the follower's first vote in a round
    assert read_record(progress.store.saved)[0].room == vote
    again = lab_namespace(LAB_2)["lecture"].progress  # the reloaded page
    again.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    browser_answers(again, progress.store.saved)
    assert again.room_vote == vote


def test_an_answer_seen_earlier_is_restored_as_seen_and_a_right_answer_still_counts_as_shown(lab2):
    lab, progress = lab2
    browser_answers(progress, write_record(Record({"activity": "shown"})))
    activity = lab["activity"]
    assert activity.shown and not activity.solved and activity.settled
    assert answer(activity, "-12") and not activity.solved


def test_a_damaged_record_is_set_aside_and_the_lab_starts_afresh(lab2, monkeypatch):
    lab, progress = lab2
    sent = []
    monkeypatch.setattr(progress.store, "send", sent.append)
    browser_answers(progress, '{"v": 1, "checks": {"activity": "hacked"}}')
    assert sent == [{"set_aside": True}]
    assert "set aside because it is not a record of the labs" in progress.notice
    assert not lab["activity"].answered
    assert answer(lab["activity"], "-12")  # and the lab works, and keeps this one
    assert kept_checks(progress) == {"activity": "solved"}


def test_a_record_from_a_newer_version_is_never_written_over_and_this_visit_is_kept_beside_it():
    """The newer labs read their record again, whole; these keep the learner's answers under a key of their own."""
    newer = '{"v": 6, "checks": {"activity": "solved"}, "streaks": {"activity": 3}}'
    kept = {"02-entry-dot-product": newer}
    lab, progress = visit(kept)
    assert progress.notice == (
        "This browser keeps a record of this lab from a newer version of the labs, which this page cannot "
        "read: it is left as it is, and your answers here are kept beside it.")
    assert answer(lab["activity"], "-12")
    assert set(kept) == {"02-entry-dot-product", "02-entry-dot-product#v5"}
    assert kept["02-entry-dot-product"] == newer
    assert read_record(kept["02-entry-dot-product#v5"])[0].checks == {"activity": "solved"}

    lab, progress = visit(kept)  # a reload: this version's answers come back, the newer record stays
    assert lab["activity"].solved and progress.restored == 1
    assert progress.notice.endswith("kept beside it. Welcome back: 1 answer from your last visit restored.")
    progress.forget()  # forgets what this version kept, not the newer record
    assert kept == {"02-entry-dot-product": newer}
    assert progress.notice.startswith("This browser keeps nothing of this lab from this version now")


def test_a_damaged_record_kept_beside_a_newer_one_is_set_aside_and_the_newer_one_left():
    newer = '{"v": 6, "checks": {}}'
    kept = {"02-entry-dot-product": newer, "02-entry-dot-product#v5": "junk"}
    lab, progress = visit(kept)
    assert "set aside because it is not a record of the labs" in progress.notice
    assert kept == {"02-entry-dot-product": newer, "02-entry-dot-product#v5#set-aside-1": "junk"}
    assert answer(lab["activity"], "-12") and kept["02-entry-dot-product"] == newer


@pytest.mark.parametrize("status, words", [
    ("unavailable", "your progress will not be kept after a reload"),
    ("full", "storage is full"),
])
def test_a_browser_that_keeps_nothing_leaves_the_lab_working_and_says_so(lab2, status, words):
    lab, progress = lab2
    browser_answers(progress, status=status)
    assert words in progress.notice
    assert answer(lab["activity"], "-12") and lab["activity"].solved


def test_the_browser_may_answer_before_the_checks_exist():
    progress = LabProgress()
    browser_answers(progress, write_record(Record({"sum_check": "solved"})))
    check = Check("2 + 2?", 4.0)
    progress.watch_all({"sum_check": check}, lab="demo")
    assert check.solved and progress.restored == 1


def test_forget_my_progress_empties_the_record(lab2, monkeypatch):
    lab, progress = lab2
    sent = []
    monkeypatch.setattr(progress.store, "send", sent.append)
    browser_answers(progress, write_record(Record({"activity": "solved"})))
    progress.forget()
    assert sent == [{"clear": True}]  # even when nothing was written this visit
    assert progress.store.saved == "" and "keeps nothing of this lab now" in progress.notice
    assert answer(lab["row_check"], [[-18, -8, -12]])
    assert kept_checks(progress) == {"row_check": "solved"}


def test_a_practice_is_kept_and_a_reload_carries_on_from_it():
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    browser_answers(progress)
    practice = lab["practice"]
    seed = practice.seed
    practice.start()
    assert answer(practice.checks[0], practice.checks[0]._typed_answer())
    practice.new_numbers()
    practice.new_numbers()  # the second problem skipped
    saved = progress.store.saved
    assert read_record(saved)[0].practice == {"practice": PracticeRecord(seed + 2, "rk", 1, "entry")}

    again = lab_namespace(LAB_2)  # a reload: a new kernel, the browser's record
    progress = again["lecture"].progress.watch_all(again["lecture"].lab.questions, lab="02-entry-dot-product")
    browser_answers(progress, saved)
    practice = again["practice"]
    assert (practice.seed, practice.history, practice.solved, practice.started) == (seed + 2, "rk", 1, False)
    assert progress.notice.startswith("Welcome back: your practice from your last visit restored.")
    assert progress.store.saved == ""  # nothing new for the browser: it keeps that record already
    practice.start()
    assert practice.problem.seed == seed + 2 and answer(practice.checks[0], practice.checks[0]._typed_answer())
    assert read_record(progress.store.saved)[0].practice == {"practice": PracticeRecord(seed + 3, "rkr", 2, "entry")}


def test_a_practice_proficient_in_the_lab_shows_mastered_after_the_mixed_review():
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    kept = write_record(Record(practice={"practice": PracticeRecord(9, "rrrrr", 5, "entry")}, total=2))
    review = write_record(Record(practice={"entry": PracticeRecord(0, "r", 1, "entry")}))
    with progress.store.hold_trait_notifications():
        progress.store.loaded = kept
        progress.store.peeked = {"review": review}
        progress.store.status = "ready"
    assert progress.store.peek == ["review", "review#v5"]
    assert lab["practice"].level.startswith("mastered: 5 of 5")
    assert "Level: mastered" in lab["practice"]._score.value


def test_a_review_kept_beside_a_newer_versions_review_still_counts():
    kept = {"02-entry-dot-product": write_record(Record(practice={"practice": PracticeRecord(9, "rrrrr", 5, "entry")})),
            "review": '{"v": 6, "practice": {}, "mixed": true}',
            "review#v5": write_record(Record(practice={"entry": PracticeRecord(0, "r", 1, "entry")}))}
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    with progress.store.hold_trait_notifications():
        progress.store.loaded = kept["02-entry-dot-product"]
        progress.store.peeked = {key: kept[key] for key in progress.store.peek}
        progress.store.status = "ready"
    assert lab["practice"].level.startswith("mastered: 5 of 5")


def test_start_afresh_forgets_the_lab_and_reloads_the_page(lab2, monkeypatch):
    lab, progress = lab2
    sent = []
    monkeypatch.setattr(progress.store, "send", sent.append)
    browser_answers(progress, write_record(Record({"activity": "solved"})))
    progress._afresh.click()
    assert sent == [{"clear": True}, {"reload": True}] and progress.store.saved == ""
    # In a round of the room, the id its answers go under is kept: starting afresh is no second voter.
    vote = (1_765_000_000_000_000, "cd" * 16)
    progress.room_vote = vote
    progress._afresh.click()
    assert read_record(progress.store.saved)[0] == Record(room=vote)


def test_a_deaf_store_is_renewed_and_the_record_is_written_to_the_new_one(lab2):
    """A page too busy when it loaded leaves the store deaf (widgets.controls.device_store): what the
    lab gave it to keep never reached the browser, so its replacement must be given the whole record."""
    lab, progress = lab2
    browser_answers(progress)
    assert answer(lab["activity"], "-12")
    deaf = progress.store
    deaf.set_trait("deaf", True)  # its view never answered the kernel
    store = progress.store
    assert store is not deaf and deaf.comm is None and store in progress.children and deaf not in progress.children
    assert (store.key, store.peek, store.max_chars) == (deaf.key, deaf.peek, deaf.max_chars)
    browser_answers(progress)  # the new view reports: the browser still keeps nothing
    assert kept_checks(progress) == {"activity": "solved"}
    assert progress.notice == "Your progress in this lab is kept in this browser."
    progress.close()
    assert store.comm is None  # the renewed store is the lab's own, closed with it


@pytest.mark.parametrize("after, shown", [(4, "proficient"), (0, "familiar")])
def test_a_practice_shows_the_level_of_its_problems_and_the_review_in_the_order_they_happened(after, shown):
    """Four problems right (familiar), and a review problem right after them (up to proficient) or before them
    (then the practice decides); a practice problem after a wrong answer then brings proficient to familiar."""
    lab = lab_namespace(LAB_2)
    progress = lab["lecture"].progress.watch_all(lab["lecture"].lab.questions, lab="02-entry-dot-product")
    kept = write_record(Record(practice={"practice": PracticeRecord(9, "rrrr", 4, "entry")}, total=2))
    review = write_record(Record(practice={"entry": PracticeRecord(0, "r", 1, "entry", ((after, 0),))}))
    with progress.store.hold_trait_notifications():
        progress.store.loaded = kept
        progress.store.peeked = {"review": review}
        progress.store.status = "ready"
    practice = lab["practice"]
    assert practice.level == f"{shown}: 4 of 4 problems right first time; last in the mixed review: right first time"
    assert f"Level: {shown}" in practice._score.value
    assert ("Next, mastered:" if shown == "proficient" else "Next, proficient:") in practice._score.value
    practice.start()
    check = practice.checks[0]
    assert not answer(check, str(practice.problem.parts[0].answer + 1)) and answer(check, check._typed_answer())
    assert practice.history == "rrrrs" and practice.level.startswith("familiar: 4 of 5")
