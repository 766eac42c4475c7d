"""The lecturer's board: 30 simulated visitors answer labs 1 and 8 with a known mix of right answers
and named mistakes, and the board shows exactly those counts; it explains a broken store, resets,
exports CSV, refreshes on its own, and shows nothing where no server checks the lecturer's link."""
from __future__ import annotations

import asyncio
import base64
import csv
import html
import io
import re

import numpy as np
import pytest
from ipywidgets import Widget
from traitlets import TraitError

from classpulse.pulse_answer import clip
from classpulse.pulse_store import PulseStore
from harness.checks import answer
from harness.loops import run_alone
from harness.notebooks import lab_namespace
from harness.pulse_breakage import BREAKAGES, SAYS, as_store_user, broken_store
from harness.voila import REPO
from widgets.lecture.pulse import PulseRecorder
from widgets.lecture.pulse_board import PulseBoard, pulse_page

LAB_1 = REPO / "labs" / "01-product-by-columns.ipynb"
LAB_8 = REPO / "labs" / "08-attention-weights.ipynb"
A1, B1 = np.array([[1, -3, 5], [3, 1, 4]]), np.array([[5, 1], [-2, -6], [-1, 0]])
AB = A1 @ B1
VISITORS = 30

# What visitor k answers, in order, per check (None: opens the lab and answers nothing there).
def lab_1_answers(k: int) -> list:
    if k % 3 == 0:
        return [AB]  # right first time
    if k % 3 == 1:
        return [AB.T, AB]  # the transpose, then right
    if k % 6 == 2:
        return [np.array([[6, 19], [9, 3]]), B1 @ A1]  # a sign slip, then BA; gives up
    return [np.array([[6, 19], [9, 3]]), AB]  # a sign slip, then right


# A wrong option of lab 8's check_row, picked by its text (the order of options is drawn per page view).
WRONG_ROW = "the scores of token i's query against the keys of all tokens"


def lab_8_answers(k: int) -> dict:
    h = {0: ["2x4", "4x2"], 1: ["4 x 4"], 2: ["4×2"], 3: ["(4, 2)"], 4: ["3x3", "2 by 4", "4x2"]}[k % 5]
    row = ("the weights token i uses when averaging the value vectors" if k < 10
           else WRONG_ROW)
    return {"check_h": h, "check_row": [row]}


def simulate_room(store: PulseStore) -> None:
    """30 page views of lab 1 (each its own visitor); 24 of them also open lab 8, 20 answer there."""
    for k in range(VISITORS):
        lab = lab_namespace(LAB_1)
        PulseRecorder(store, "01-product-by-columns").watch_all(lab["lecture"].lab.questions)
        for value in lab_1_answers(k):
            answer(lab["activity"], value)
        if k < 3:  # three try the practice and get it right
            practice = lab["practice"]
            practice.start()
            answer(practice.checks[0], practice.problem.parts[0].answer)
        if k < 24:
            lab = lab_namespace(LAB_8)
            PulseRecorder(store, "08-attention-weights").watch_all(lab["lecture"].lab.questions)
            if k < 20:
                for name, values in lab_8_answers(k).items():
                    for value in values:
                        answer(lab[name], value)


@pytest.fixture(scope="module")
def room(tmp_path_factory) -> PulseStore:
    store = PulseStore(tmp_path_factory.mktemp("pulse"))
    simulate_room(store)
    return store


def table(panel) -> list[list[str]]:
    """The rows of a lab's table, as the lecturer reads them."""
    return [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", panel._table.value)
            if "<td>" in row]


def test_the_board_shows_exactly_the_rooms_counts(room):
    board = PulseBoard(room)
    assert board.status == "" and list(board.panels) == ["01-product-by-columns", "08-attention-weights"]
    lab1, lab8 = board.panels["01-product-by-columns"], board.panels["08-attention-weights"]

    assert "30 visitors" in lab1._heading.value
    # activity: 30 attempted, 25 solved (the five who slipped then wrote BA gave up), 50 answers.
    # Each check goes by its title, read on a projector, not by its variable's name.
    assert table(lab1) == [
        ["AB by columns", "30", "25", "50", "sign 10 · transpose 10 · BA 5"],
        ["Practice: a column of AB", "3", "3", "3", "—"],
    ]
    assert lab1.progress_bars.x.tolist() == ["AB by columns", "Practice: a column of AB"]
    assert lab1.progress_bars.y.tolist() == [[30, 3], [25, 3]]
    assert lab1.mistake_bars.x.tolist() == [
        "AB by columns: sign", "AB by columns: transpose", "AB by columns: BA"]
    assert lab1.mistake_bars.y.tolist() == [10, 10, 5]
    # The counts start at 0 and end at the largest, with whole-number ticks.
    assert (lab1.progress_bars.scales["y"].min, lab1.progress_bars.scales["y"].max) == (0, 33)  # headroom
    assert lab1._progress.count_axis.tick_values.tolist() == [0, 6, 12, 18, 24, 30]
    assert lab1._mistakes.count_axis.tick_values.tolist() == [0, 2, 4, 6, 8, 10]

    assert "24 visitors" in lab8._heading.value  # four opened it and answered nothing
    # check_h: k%5 = 0 swapped→right, 1 inner (stops), 2 and 3 right, 4 shape→swapped→right.
    # Every check of the lab is listed from the first page view on, answered or not.
    unanswered = ["0", "0", "0", "—"]
    assert table(lab8) == [
        ["Shape of Q", *unanswered], ["Shape of S = QKᵀ", *unanswered], ["What S_ij compares", *unanswered],
        ["Shape of A_att", *unanswered],
        ["Shape of H = A_att V", "20", "16", "32", "swapped 8 · inner 4 · shape 4"],
        ["What row i of A_att holds", "20", "10", "20", f"{html.escape(clip(f'“{WRONG_ROW}”'))} 10"],
        ["Why an average?", *unanswered], ["h₂ by hand", *unanswered],
        ["Practice: one output row of H", *unanswered], ["Practice: the shapes from X to H", *unanswered],
    ]
    assert lab8.progress_bars.y.tolist() == [[0, 0, 0, 0, 20, 20, 0, 0, 0, 0], [0, 0, 0, 0, 16, 10, 0, 0, 0, 0]]
    assert lab8.mistake_bars.y.tolist() == [8, 4, 4, 10]
    # Wide enough for ten names, tall enough for four bars; lab 1's at the smallest size.
    assert (lab8._progress.layout.width, lab8._mistakes.layout.height) == ("1200px", "380px")
    assert (lab1._progress.layout.width, lab1._mistakes.layout.height) == ("600px", "380px")


def test_the_csv_export_holds_the_same_counts(room):
    board = PulseBoard(room)
    link = board._export.value
    assert 'download="pulse.csv"' in link
    data = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)).decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    assert len(rows) == 2 + 10  # every check and practice of both labs
    rows = [row for row in rows if row["attempted"] != "0"]
    assert [(r["lab"], r["check"], r["visitors"], r["attempted"], r["solved"]) for r in rows] == [
        ("01-product-by-columns", "activity", "30", "30", "25"),
        ("01-product-by-columns", "practice", "30", "3", "3"),
        ("08-attention-weights", "check_h", "24", "20", "16"),
        ("08-attention-weights", "check_row", "24", "20", "10"),
    ]
    assert (rows[0]["mistake 1"], rows[0]["count 1"]) == ("sign", "10")


def test_reset_erases_the_counts_and_the_board_follows(tmp_path):
    store = PulseStore(tmp_path)
    store.record("lab01", "activity", "v1", right=True)
    board = PulseBoard(store)
    assert board.panels["lab01"].layout.display is None
    board.reset.click()  # asks first, and Keep keeps
    assert board.reset.disabled and store.summary() != []
    board.keep.click()
    assert not board.reset.disabled and store.summary() != []
    board.reset.click()
    board.erase.click()
    assert not board.reset.disabled and store.summary() == [] and board.panels["lab01"].layout.display == "none"
    assert "No answers yet" in board._updated.value and board._export.value == ""
    store.record("lab01", "activity", "v2", right=False, mistake="sign")
    board.refresh()
    assert board.panels["lab01"].layout.display is None
    assert table(board.panels["lab01"]) == [["activity", "1", "0", "1", "sign 1"]]


def board_and_lab_1_on(folder) -> tuple[str, str, list, bool]:
    """The board's status, its alert and panels, and whether lab 1 still judged a right answer."""
    store = PulseStore(folder)
    board = PulseBoard(store)
    lab = lab_namespace(LAB_1)
    PulseRecorder(store, "lab01").watch_all(lab["lecture"].lab.questions)
    answer(lab["activity"], AB)
    return board.status, board._status.value, list(board.panels), lab["activity"].solved


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_a_broken_store_is_explained_and_the_labs_still_check(breakage):
    with broken_store(breakage) as folder:
        status, alert, panels, solved = as_store_user(breakage, board_and_lab_1_on, folder)
    assert SAYS[breakage] in status
    assert "The pulse is unavailable:" in alert and SAYS[breakage] in alert
    assert 'role="alert"' in alert and panels == []
    assert solved


def test_the_board_refreshes_on_its_own_until_stopped(tmp_path):
    store = PulseStore(tmp_path)
    board = PulseBoard(store, interval=0.5)

    async def lecture():
        board.start()
        store.record("lab01", "activity", "v1", right=True)
        await asyncio.sleep(1.3)
        board.stop()
        seen = board.refreshes
        await asyncio.sleep(0.7)
        return seen

    seen = run_alone(lecture)
    assert seen >= 3 and board.refreshes == seen  # two timed refreshes at least, none after stop
    assert table(board.panels["lab01"]) == [["activity", "1", "1", "1", "—"]]


def test_the_interval_is_refused_outside_half_a_second_to_a_minute(tmp_path):
    with pytest.raises(TraitError, match="interval must be from 0.5 to 60 seconds, got 0.1"):
        PulseBoard(PulseStore(tmp_path), interval=0.1)


@pytest.mark.parametrize("environ, says", [
    ({}, "The class pulse is off on this server"),
    ({"MATMUL_PULSE_GATE": "1"}, "The class pulse is off on this server"),
    # A server that does not check the lecturer's link (voila itself, with the folder set by hand).
    ({"MATMUL_PULSE_DIR": "x"}, "does not check the lecturer's link"),
    ({"MATMUL_PULSE_DIR": "x", "MATMUL_PULSE_TOKEN": "s3cret-of-22-characters"}, "does not check the lecturer's link"),
])
def test_the_page_shows_nothing_where_no_server_checks_the_lecturers_link(environ, says, room):
    environ = {k: (room.path.rsplit("/", 1)[0] if v == "x" else v) for k, v in environ.items()}
    page = pulse_page(environ, start=False)
    assert not isinstance(page, PulseBoard)
    assert says in html.unescape(page.value) and 'role="alert"' in page.value
    assert "activity" not in page.value and "01-product" not in page.value  # nothing of the store


def test_the_page_shows_the_board_behind_the_lecture_servers_gate(room):
    environ = {"MATMUL_PULSE_DIR": room.path.rsplit("/", 1)[0], "MATMUL_PULSE_GATE": "1"}
    board = pulse_page(environ, start=False)
    assert isinstance(board, PulseBoard) and "30 visitors" in board.panels["01-product-by-columns"]._heading.value


def test_closing_the_board_stops_its_refresh_and_closes_every_widget_it_built(tmp_path):
    store = PulseStore(tmp_path)
    store.record("lab01", "activity", "v1", right=False, mistake="sign")
    board = PulseBoard(store)
    panel = board.panels["lab01"]
    built = [panel, panel.progress_bars, panel.mistake_bars, panel._progress, panel._progress.scale_x,
             panel._progress.count_axis, panel.progress_bars.scales["y"], board.reset, board._labs]

    async def lecture():
        task = board.start()
        board.close()
        await asyncio.sleep(0)
        return task

    assert run_alone(lecture).cancelled()
    assert [widget.comm for widget in built] == [None] * len(built)


def test_the_mistakes_chart_grows_with_its_bars(tmp_path):
    store = PulseStore(tmp_path)
    for check in ("a", "b", "c"):
        for mistake in ("sign", "shape", "transpose", "BA"):  # the fourth is not among the top three
            store.record("lab01", check, "v1", right=False, mistake=mistake)
    panel = PulseBoard(store).panels["lab01"]
    assert len(panel.mistake_bars.y) == 9 and panel._mistakes.layout.height == "460px"


def test_a_refresh_with_nothing_new_sends_nothing(tmp_path, monkeypatch):
    # Every message from a kernel counts as activity: a board that kept sending would keep
    # its kernel from ever being culled after the lecturer closed the tab.
    store = PulseStore(tmp_path)
    store.record("lab01", "activity", "v1", right=True)
    board = PulseBoard(store)
    sent = []
    monkeypatch.setattr(Widget, "send_state", lambda widget, key=None: sent.append((widget, key)))
    monkeypatch.setattr("widgets.lecture.pulse_board.time.strftime", lambda fmt: "12:34:56")
    board.refresh()
    assert sent == [] and board.refreshes == 2
    store.record("lab01", "activity", "v2", right=False, mistake="sign")
    board.refresh()
    assert sent and board._updated.value == "last change 12:34:56"
