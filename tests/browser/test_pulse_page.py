"""The class pulse on a real lecture server: only the lecturer's link reaches the board, which
shows the room's answers as they arrive without a reload, and nothing of the store reaches a visitor.

The server runs as ``make serve`` does (``labserver.pulse``), with ``MATMUL_PULSE_DIR`` (a folder
outside ``labs/``) and a ``MATMUL_PULSE_TOKEN`` the lecturer chose in its environment: the kernels
inherit the folder, never the token; the server checks the link (``labserver.pulse_gate``).
"""
from __future__ import annotations

import http.client
import secrets
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect

from classpulse.pulse_store import PulseStore
from harness.browser import LEAVING_TOLERATED, answer_check, open_lab, screenshot
from harness.lecturer import PULSE, lecture_server, let_in
from harness.voila import REPO
from labserver.pulse_gate import board_cookie

LAB_1 = "/voila/render/01-product-by-columns.ipynb"
TOKEN = secrets.token_urlsafe(16)  # 22 characters: the fewest make serve takes
# The board reads the store every 3 s; the rest is a busy 2-core machine.
ARRIVES_WITHIN = 30_000


@pytest.fixture(scope="module")
def pulse_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pulse-store")


@pytest.fixture(scope="module")
def server(server_logs, pulse_dir):
    """Voila serving labs/ as make serve does (labserver.pulse), with the lecturer's own token."""
    server = lecture_server(server_logs, pulse_dir, TOKEN)
    yield server
    server.stop()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


# The queries name the token by what they do with it, not by its value: a random value in a test's id
# would differ between pytest-xdist's workers, which must collect the same tests.
@pytest.mark.parametrize("query, says", [
    ("", "This page is for the lecturer"),
    ("?token={token_but_its_last_letter}", "is not the lecturer's"),
    ("?token=", "is not the lecturer's"),
    ("?tok={token}", "This page is for the lecturer"),
], ids=["no-token", "wrong-token", "empty-token", "misspelt-key"])
def test_the_lecturers_page_refuses_a_link_without_the_token(server, page, query, says):
    query = query.format(token=TOKEN, token_but_its_last_letter=TOKEN[:-1])
    kernels = {process.pid for process in server.kernel_processes()}
    response = page.goto(server.url + PULSE + query)
    assert response.status == 403
    expect(page.locator(".pulse-refused [role=alert]")).to_contain_text(says)
    assert page.locator(".pulse-board").count() == 0
    # Refused before any kernel started: no kernel process is new (one an earlier page left may have ended
    # meanwhile: counting them, ci68 saw 1 where there had been 2, on a loaded machine).
    assert {process.pid for process in server.kernel_processes()} <= kernels


@pytest.mark.parametrize("path", [
    "lecturer/%70ulse.ipynb", "lecturer//pulse.ipynb", "./lecturer/pulse.ipynb", "lecturer%2Fpulse.ipynb",
    "lecturer/pulse%2eipynb", "lecturer/pulse.ipynb/", "01-product-by-columns/../lecturer/pulse.ipynb",
])
def test_every_way_of_writing_the_boards_address_goes_through_the_gate(server, path):
    # A forged cookie, an old server's cookie and none at all: refused, whichever way the path is written.
    for cookie in ("", f"matmul_pulse={board_cookie(TOKEN[:-1])}", "matmul_pulse=x"):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", f"/voila/render/{path}", headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        assert response.status in (403, 404), f"{path} with {cookie!r}: HTTP {response.status}"
        assert b"pulse-board" not in body


def test_the_lecturers_link_leaves_no_token_in_the_address_and_the_board_shows_on_reload(server, page, browser):
    let_in(page, f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}&presenter=1")
    assert page.url == f"{server.url}{PULSE}?presenter=1"  # the link's other settings kept
    expect(page.locator(".pulse-board")).to_be_visible(timeout=90_000)
    [cookie] = [cookie for cookie in page.context.cookies() if cookie["name"] == "matmul_pulse"]
    assert TOKEN not in cookie["value"] and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert cookie["path"] == PULSE and page.evaluate("document.cookie").count("matmul_pulse") == 0
    problems = open_lab(page, server.url + PULSE, "pulse-board-reloaded")  # the cookie, no token
    expect(page.locator(".pulse-board")).to_be_visible()
    problems.assert_clean()
    # Followed from a page of another site (a slide, a chat): a SameSite=Strict cookie set by a redirect
    # of that navigation would be withheld; the landing page's own navigation carries it.
    elsewhere = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = elsewhere.new_page()
        other.goto(f"http://localhost:{server.port}{PULSE}")  # localhost and 127.0.0.1 are two sites
        other.evaluate("link => { const a = document.createElement('a'); a.href = link; a.id = 'go';"
                       " a.textContent = 'pulse'; document.body.append(a); }",
                       f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}")
        other.click("#go")
        other.wait_for_url(f"{server.url}{PULSE}", timeout=30_000)
        expect(other.locator(".pulse-board")).to_be_visible(timeout=90_000)
    finally:
        elsewhere.close()


def test_no_kernel_holds_the_lecturers_token(server, page):
    let_in(page, f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}")
    expect(page.locator(".pulse-board")).to_be_visible(timeout=90_000)
    get(server.url + LAB_1)  # a visitor's lab; Voila's pools refill meanwhile
    kernels = server.kernel_processes()
    assert len(kernels) >= 3  # the board's, the lab's and the pools' at least
    secrets_ = (TOKEN, urllib.parse.quote(TOKEN), board_cookie(TOKEN), "MATMUL_PULSE_TOKEN")
    for kernel in kernels:
        environ = "\0".join(f"{key}={value}" for key, value in kernel.environ().items())
        assert "MATMUL_PULSE_DIR=" in environ  # the environment was read
        assert [secret for secret in secrets_ if secret in environ] == [], kernel.cmdline()
    # Nor does the server's command line, which every user of the machine can read.
    assert not any(TOKEN in part for part in psutil.Process(server.process.pid).cmdline())


def test_every_address_of_a_lab_counts_as_that_one_lab(server, pulse_dir):
    assert PulseStore(pulse_dir).reset()
    addresses = ["01-product-by-columns.ipynb", "%30%31-product-by-columns.ipynb", "01-product-by-columns%2eipynb",
                 "/01-product-by-columns.ipynb", "./01-product-by-columns.ipynb"]
    for address in addresses:  # each renders the lab in a kernel of its own, which counts its visit
        status, _ = get(f"{server.url}/voila/render/{address}")
        assert status == 200, f"{address}: HTTP {status}"
    assert [(lab.lab, lab.visitors) for lab in PulseStore(pulse_dir).summary()] == [
        ("01-product-by-columns", len(addresses))]


def test_the_board_follows_a_visitor_answering_lab_1_without_a_reload(server, page, browser, pulse_dir):
    assert PulseStore(pulse_dir).reset()
    let_in(page, f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}")
    problems = open_lab(page, server.url + PULSE, "pulse-board-start")
    board = page.locator(".pulse-board")
    expect(board).to_contain_text("No answers yet")
    table = page.locator(".pulse-table")

    visitor = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        learner = visitor.new_page()
        open_lab(learner, server.url + LAB_1, "pulse-visitor", tolerated=LEAVING_TOLERATED)
        expect(page.locator(".pulse-lab-heading")).to_contain_text(
            "01-product-by-columns: 1 visitor", timeout=ARRIVES_WITHIN)

        answer_check(learner, ".lab01-check", [[6, 9], [19, -3]])
        expect(learner.locator(".lab01-check [role=status]")).to_contain_text("rows and columns swapped")
        expect(table).to_contain_text("transpose 1", timeout=ARRIVES_WITHIN)
        row = table.locator("tr", has_text="AB by columns")  # the check's title, not its variable
        expect(row.locator("td")).to_have_text(["AB by columns", "1", "0", "1", "transpose 1"])

        answer_check(learner, ".lab01-check", [[6, 19], [9, -3]])
        expect(learner.locator(".lab01-check [role=status]")).to_contain_text("Correct!")
        expect(row.locator("td")).to_have_text(["AB by columns", "1", "1", "2", "transpose 1"],
                                               timeout=ARRIVES_WITHIN)
        # The bars drew: two per check (attempted, solved; the practice's at 0) and one per mistake.
        expect(table.locator("tr", has_text="Practice").locator("td")).to_have_text(
            ["Practice: a column of AB", "0", "0", "0", "—"])
        expect(page.locator(".pulse-lab .bqplot rect.bar")).to_have_count(5, timeout=ARRIVES_WITHIN)
        expect(page.locator(".pulse-export a[download='pulse.csv']")).to_have_count(1)
        screenshot(page, "pulse-board-live")

        # What the visitor's page holds says nothing of the pulse.
        content = learner.content()
        assert TOKEN not in content and str(pulse_dir) not in content
    finally:
        visitor.close()

    with sqlite3.connect(pulse_dir / "pulse.sqlite") as connection:
        assert connection.execute("SELECT lab, check_id, right, mistake FROM events ORDER BY rowid").fetchall() == [
            ("01-product-by-columns", "activity", 0, "transpose"),
            ("01-product-by-columns", "activity", 1, ""),
        ]

    page.locator(".pulse-reset button, button.pulse-reset").first.click()  # asks first
    expect(page.locator(".pulse-confirm")).to_contain_text("Erase every count")
    expect(page.locator(".pulse-lab").first).to_be_visible()
    screenshot(page, "pulse-board-erase-question")
    page.locator("button.pulse-erase").click()
    expect(board).to_contain_text("No answers yet", timeout=ARRIVES_WITHIN)
    expect(page.locator(".pulse-lab")).to_be_hidden()
    problems.assert_clean()


def leaks(frames: list[str], secrets_: list[str]) -> list[str]:
    """The secrets (or the word "pulse") that some frame holds, lower-cased."""
    found = [secret for secret in secrets_ if any(secret in frame for frame in frames)]
    return found + ["pulse"] * any("pulse" in frame.lower() for frame in frames)


def test_a_visitors_traffic_carries_nothing_of_the_pulse(server, browser, pulse_dir):
    # Another visitor's event is in the store, with its id, a lab and a mistake named only there.
    other = secrets.token_hex(16)
    planted = [other, f"planted-lab-{other[:8]}", f"planted-mistake-{other[:8]}"]
    assert PulseStore(pulse_dir).record(planted[1], "activity", other, right=False, mistake=planted[2])
    frames: list[str] = []

    def listen(socket) -> None:
        socket.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    visitor = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        learner = visitor.new_page()
        learner.on("websocket", listen)
        problems = open_lab(learner, server.url + LAB_1, "pulse-traffic-visitor", tolerated=LEAVING_TOLERATED)
        answer_check(learner, ".lab01-check", [[6, 9], [19, -3]])
        expect(learner.locator(".lab01-check [role=status]")).to_contain_text("rows and columns swapped")
        problems.assert_clean()
    finally:
        visitor.close()
    # The learner's own anonymous id is in the store (gathered, as the board does), never on its page.
    assert PulseStore(pulse_dir).status() == ""
    with sqlite3.connect(pulse_dir / "pulse.sqlite") as connection:
        own = [visitor for (visitor,) in connection.execute(
            "SELECT visitor FROM events WHERE check_id = 'activity' AND visitor != ?", (other,))]
    assert len(own) == 1
    suspects = [TOKEN, str(pulse_dir), *planted, *own]
    # The check itself can fail: a frame carrying any of them, or the pulse's widgets, is caught.
    assert all(leaks([f'{{"value": "{suspect}"}}'], suspects) for suspect in suspects)
    assert leaks(['{"_dom_classes": ["pulse-board"]}'], suspects) == ["pulse"]
    assert len(frames) > 10 and "rows and columns swapped" in "".join(frames)  # the frames were read
    assert leaks(frames, suspects) == []


def test_the_store_is_not_served(server, pulse_dir):
    store = pulse_dir / "pulse.sqlite"
    store.touch()
    outside = Path("../" * len(REPO.joinpath("labs").parts)).as_posix().rstrip("/") + str(store)
    for path in (f"/voila/files/{outside}", f"/voila/files/{urllib.parse.quote(outside, safe='')}",
                 f"/voila/files{store}", f"/voila/files/%2F{str(store)[1:]}", f"/files{store}",
                 f"/api/contents{store}", f"/voila/api/contents{store}?content=1",
                 f"/voila/files/{pulse_dir.name}/pulse.sqlite"):
        status, body = get(server.url + path)
        assert status in (403, 404), f"{path}: HTTP {status}"
        assert not body.startswith(b"SQLite format"), path


def test_with_the_store_damaged_the_lab_still_checks_and_the_lecturer_is_told(server, page, browser, pulse_dir):
    store = pulse_dir / "pulse.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    store.write_bytes(b"this is not SQLite at all " * 200)
    try:
        let_in(page, f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}")
        open_lab(page, server.url + PULSE, "pulse-board-damaged")
        expect(page.locator(".pulse-status [role=alert]")).to_contain_text(
            f"The pulse is unavailable: the pulse store {store} is damaged")
        expect(page.locator(".pulse-status")).to_contain_text("The labs still check answers.")
        visitor = browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            learner = visitor.new_page()
            problems = open_lab(learner, server.url + LAB_1, "pulse-damaged-visitor", tolerated=LEAVING_TOLERATED)
            answer_check(learner, ".lab01-check", [[6, 19], [9, -3]])
            expect(learner.locator(".lab01-check [role=status]")).to_contain_text("Correct!")
            problems.assert_clean()
        finally:
            visitor.close()
    finally:
        store.unlink()
