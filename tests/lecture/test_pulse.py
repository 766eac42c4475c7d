"""The pulse recorder: a lab's checks and practices, watched from outside, give one event per checked
answer; off without MATMUL_PULSE_DIR; a broken store never breaks a check."""
from __future__ import annotations

import sqlite3

import pytest

from classpulse.pulse_answer import clip
from classpulse.pulse_store import PulseStore
from harness.checks import answer
from harness.notebooks import lab_namespace
from harness.voila import REPO
from widgets import Check
from widgets.lecture.pulse import SHOWN, PulseRecorder, lab_name

LAB_1 = REPO / "labs" / "01-product-by-columns.ipynb"
LAB_8 = REPO / "labs" / "08-attention-weights.ipynb"


def events(store: PulseStore) -> list[tuple]:
    assert store.status() == ""  # gathers the journals into the file, as the lecturer's board does
    with sqlite3.connect(store.path) as connection:
        return connection.execute(
            "SELECT lab, check_id, position, visitor, right, mistake, answer FROM events ORDER BY rowid"
        ).fetchall()


@pytest.fixture
def store(tmp_path) -> PulseStore:
    return PulseStore(tmp_path)


def test_off_without_the_pulse_folder_and_on_with_it(tmp_path, monkeypatch):
    monkeypatch.chdir(LAB_1.parent)  # Voila starts a lab's kernel in the lab's folder
    lab = lab_namespace(LAB_1)
    off = PulseRecorder.from_environment(environ={"SCRIPT_NAME": "/voila/render/01-product-by-columns.ipynb"})
    assert off.enabled is False and off.watch_all(lab["lecture"].lab.questions) is off and off.watched == {}
    assert answer(lab["activity"], [[6, 19], [9, -3]]) is True and off.recorded == 0

    on = PulseRecorder.from_environment(environ={
        "MATMUL_PULSE_DIR": str(tmp_path), "SCRIPT_NAME": "/voila/render/01-product-by-columns.ipynb"})
    assert on.enabled and on.lab == "01-product-by-columns"
    assert PulseRecorder.from_environment("lab", environ={"MATMUL_PULSE_DIR": str(tmp_path)}).lab == "lab"


# Ways a visitor can write lab 1's address that Voila renders as lab 1 (tornado decodes the path).
LAB_1_ADDRESSES = [
    "/voila/render/01-product-by-columns.ipynb",
    "/voila/render/%30%31-product-by-columns.ipynb",
    "/voila/render/01-product-by-columns%2eipynb",
    "/voila/render/%2530%2531-product-by-columns.ipynb",  # decoded once by Voila: no notebook of that name
    "/voila/render//01-product-by-columns.ipynb",
    "/voila/render/./01-product-by-columns.ipynb",
    "/voila/render/lecturer/../01-product-by-columns.ipynb",
    "/user/ada/voila/render/01-product-by-columns.ipynb",  # a JupyterHub user's server
]


@pytest.mark.parametrize("address", LAB_1_ADDRESSES)
def test_every_address_of_a_lab_names_the_lab_once(address):
    named = lab_name({"SCRIPT_NAME": address}, LAB_1.parent)
    assert named == ("" if "%25" in address else "01-product-by-columns")


@pytest.mark.parametrize("address", [
    "/voila/render/01-made-up.ipynb", "/voila/render/01-product-by-columns", "/voila/render/",
    "/voila/render/labs", "/voila/render/%00.ipynb", "/voila/render/" + "a" * 5000 + ".ipynb",
    "/voila/render/../labs/01-product-by-columns.ipynb/..", "",
])
def test_a_path_that_names_no_notebook_of_the_folder_names_no_lab(address, tmp_path):
    assert lab_name({"SCRIPT_NAME": address}, LAB_1.parent) == ""
    recorder = PulseRecorder.from_environment(environ={"MATMUL_PULSE_DIR": str(tmp_path), "SCRIPT_NAME": address})
    assert recorder.enabled is False and recorder.watch_all({"activity": Check("2 + 2?", 4.0)}).watched == {}
    assert list(tmp_path.iterdir()) == []  # nothing journaled, no lab named "" on the board


def test_each_page_view_has_its_own_random_visitor_id(store):
    ids = {PulseRecorder(store, "lab01").visitor for _ in range(50)}
    assert len(ids) == 50 and all(len(visitor) == 32 for visitor in ids)


def test_lab_1_records_one_event_per_checked_answer_under_the_checks_name(store):
    lab = lab_namespace(LAB_1)
    recorder = PulseRecorder(store, "01-product-by-columns", visitor="v1").watch_all(lab["lecture"].lab.questions)
    assert set(recorder.watched) == {"activity", "practice"}
    activity = lab["activity"]
    answer(activity, [[6, 9], [19, -3]])
    answer(activity, [[6, 19], [9, -3]])
    activity.answer_input.cells[0][0].value = "x"  # unreadable: not an attempt, not an event
    activity.submit()
    assert [row[1:] for row in events(store)] == [
        ("activity", 0, "v1", 0, "transpose", "[[6,9],[19,-3]]"),
        ("activity", 0, "v1", 1, "", "[[6,19],[9,-3]]"),
    ]
    assert recorder.recorded == 2 and recorder.error == ""
    assert store.summary()[0].visitors == 1  # the page view counted once


def test_watching_twice_records_once_and_counts_one_visit(store):
    lab = lab_namespace(LAB_1)
    recorder = PulseRecorder(store, "lab01").watch_all(lab["lecture"].lab.questions)
    lab["same_check"] = lab["activity"]  # a second name for the same check
    recorder.watch_all(lab["lecture"].lab.questions)
    assert list(recorder.watched) == ["activity", "practice"]
    answer(lab["activity"], [[6, 19], [9, -3]])
    assert len(events(store)) == 1
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM visits").fetchone()[0] == 1


def test_a_practice_is_recorded_whichever_problem_it_shows(store):
    lab = lab_namespace(LAB_1)
    PulseRecorder(store, "lab01", visitor="v1").watch_all(lab["lecture"].lab.questions)
    practice = lab["practice"]
    practice.start()
    first = practice.checks[0]
    assert answer(first, practice.problem.parts[0].answer) is True
    practice.new_numbers()  # new Check objects
    second = practice.checks[0]
    assert second is not first
    answer(second, practice.problem.parts[0].answer)
    assert [row[1:3] + row[4:5] for row in events(store)] == [("practice", 1, 1), ("practice", 1, 1)]


def test_lab_8_text_and_choice_answers_are_stored_short(store):
    lab = lab_namespace(LAB_8)
    recorder = PulseRecorder(store, "lab08", visitor="v1").watch_all(lab["lecture"].lab.questions)
    assert list(recorder.watched) == ["check_qkv", "check_s", "check_sij", "check_a", "check_h", "check_row", "check_why",
                                     "check_h2", "practice_output", "practice_chain"]
    answer(lab["check_h"], " 2 by 4 ")
    why = lab["check_why"]
    wrong = next(option for option in why.choices if option != why._answer)  # by its text: the order is drawn
    answer(why, wrong)
    (h, why_row) = events(store)
    assert h[1] == "check_h" and h[5:] == ("swapped", "2×4")
    assert why_row[5] == clip(f"“{wrong}”") and len(why_row[5]) <= 64 and len(why_row[6]) <= 64


def test_the_answer_recorded_is_the_one_the_check_judged(store):
    """The pulse stores `Check.answer_read`, not a second reading of the box: "0,25" typed for a number
    is the number 0.25 the check judged (the box read once more, as the pulse did, gave the shape 0×25)."""
    number = Check("q · k?", -0.25)
    shape = Check("The shape of S?", (4, 4))
    recorder = PulseRecorder(store, "lab", visitor="v1")
    recorder.watch(number, "number")
    recorder.watch(shape, "shape")
    assert number.answer_read is None
    answer(number, "0,25")
    answer(shape, "4 by 2")
    assert number.answer_read == 0.25 and shape.answer_read == (4, 2)
    assert [row[5:] for row in events(store)] == [("sign", "0.25"), ("shape", "4×2")]
    number.answer_input.value = "2x"  # unreadable: not an attempt, and the last answer read stays
    assert not number.submit() and number.answer_read == 0.25


def test_a_missing_store_never_breaks_a_check_and_says_why(tmp_path):
    lab = lab_namespace(LAB_1)
    recorder = PulseRecorder(PulseStore(tmp_path / "gone"), "lab01").watch_all(lab["lecture"].lab.questions)
    assert recorder.error == f"the pulse folder {tmp_path / 'gone'} does not exist"
    activity = lab["activity"]
    assert answer(activity, [[6, 19], [9, -3]]) is True and activity.solved and "Correct!" in activity.feedback
    assert recorder.recorded == 0 and "does not exist" in recorder.error


class _Exploding(PulseStore):
    def record(self, *args, **kwargs):
        raise RuntimeError("disk on fire")


def test_even_a_store_that_raises_never_reaches_the_lab(tmp_path):
    lab = lab_namespace(LAB_1)
    recorder = PulseRecorder(_Exploding(tmp_path), "lab01").watch_all(lab["lecture"].lab.questions)
    activity = lab["activity"]
    assert answer(activity, [[6, 19], [9, 3]]) is False and activity.mistake == "sign"
    assert recorder.error == "the pulse could not record this answer: disk on fire"


def test_a_right_answer_after_the_answer_was_shown_counts_as_shown_not_solved(store):
    check = Check("2 + 2?", 4.0, solution="4")
    PulseRecorder(store, "lab01", visitor="v1").watch_all({"sum": check})
    check._solution_toggle.value = True  # the worked solution, before any answer
    check.answer_input.value = "4"
    assert check.submit()
    (lab,) = store.summary()
    (pulse,) = lab.checks
    assert (pulse.attempted, pulse.solved, pulse.attempts) == (1, 0, 1)
    assert pulse.mistakes == ((SHOWN, 1),)


def test_the_recorder_lists_each_check_with_its_title(store):
    checks = {"check_qkv": Check("Shape of Q?", (4, 2), title="Shape of Q"), "plain": Check("2 + 2?", 4.0)}
    PulseRecorder(store, "lab08", visitor="v1").watch_all(checks)
    assert [(c.check, c.label) for c in store.summary()[0].checks] == [
        ("check_qkv", "Shape of Q"), ("plain", "plain")]
