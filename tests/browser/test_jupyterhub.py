"""JupyterHub, rehearsed: ``deploy/jupyterhub_config.py`` run for real on loopback (JupyterHub,
configurable-http-proxy, a local-process spawner, the dummy authenticator of its rehearsal mode,
jupyterhub-idle-culler with a 30 s timeout and the class pulse service). Three students log in in
Chromium, each lands on the gallery of their own server, opens lab 8 and moves a weight; their
answers in lab 2 reach the instructor's board, which the students may not open nor read, even
across a restart of the service; the instructor asks the room lab 1's activity, in two rounds with a
restart of the service between them, and reveals it; one browser, shared by two in turn, keeps each
one's progress apart; then their idle servers are culled."""
from __future__ import annotations

import csv
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from harness.browser import ERROR_OUTPUT_JS, READY_JS, answer_check, open_lab, screenshot
from harness.hub import Hub, kernels_of, missing_pieces

STUDENTS = ("ada", "grace", "alan")
INSTRUCTOR = "iris"
PULSE = "/services/matmul-pulse/"
# A kernel's sender looks every second, the board every 3 s; the rest is a busy 2-core machine.
ARRIVES_WITHIN = 30_000
GALLERY = "/voila/render/labs/index.ipynb"  # deploy/jupyterhub_config.py's default URL
LAB_8 = "08-attention-weights.ipynb"
LAB_2 = "02-entry-dot-product.ipynb"
LAB_1 = "01-product-by-columns.ipynb"
# Lab 1's activity: the right product, rows and columns swapped, one sign slipped.
RIGHT, TRANSPOSE, SIGN = [[6, 19], [9, -3]], [[6, 9], [19, -3]], [[6, 19], [9, 3]]
# A sender asks the service every 2 s, a kernel reads its outbox every second; a busy 2-core machine.
TOLD_WITHIN = 30_000
# Every key of the labs' records (widgets.controls.device_store) a page reads, writes or removes, in order.
STORAGE_SPY_JS = """
window.matmulKeysTouched = [];
for (const name of ['getItem', 'setItem', 'removeItem']) {
  const original = Storage.prototype[name];
  Storage.prototype[name] = function (key, ...rest) {
    if (this === window.localStorage && String(key).startsWith('matmul-labs/')) {
      window.matmulKeysTouched.push(name + ' ' + key);
    }
    return original.call(this, key, ...rest);
  };
}
"""
KEPT_JS = "() => Object.fromEntries(Object.entries(localStorage))"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    missing = missing_pieces()
    if missing:
        pytest.fail("The JupyterHub rehearsal needs:\n" + "\n".join(missing))
    state = tmp_path_factory.mktemp("jupyterhub")
    hub = Hub(state=state, instructors=(INSTRUCTOR,)).start(state)
    yield hub
    hub.stop()  # the hub stops the proxy and the servers left; the harness kills any straggler


@pytest.fixture(scope="module")
def students(hub, browser):
    """Each student's page, logged in (both servers start at once) and landed on the gallery."""
    contexts = {name: browser.new_context(viewport={"width": 1280, "height": 800}) for name in STUDENTS}
    pages = {name: context.new_page() for name, context in contexts.items()}
    for name, page in pages.items():
        page.goto(hub.url + "/hub/login")
        page.fill("#username_input", name)
        page.fill("#password_input", "any password: the rehearsal's dummy authenticator")
        page.click("#login_submit")
    for name, page in pages.items():
        page.wait_for_url(f"**/user/{name}{GALLERY}", timeout=90_000)
        page.wait_for_function(READY_JS, arg=0, timeout=90_000, polling=100)
    yield pages
    for context in contexts.values():
        context.close()


def test_each_student_lands_on_the_gallery_of_their_own_server(students):
    for name, page in students.items():
        assert page.url.endswith(f"/user/{name}{GALLERY}"), page.url
        assert not page.evaluate(ERROR_OUTPUT_JS)
        # voila.json applies: the matmul template's session watch is in the page.
        assert page.evaluate("() => typeof window.matmulSession === 'object'")
        expect(page.locator(f"a[href$='{LAB_8}']").first).to_be_visible()
        screenshot(page, f"hub-gallery-{name}")


def test_each_student_moves_a_lab_8_weight_in_their_own_kernel(hub, students):
    for name, page in students.items():
        lab = page.eval_on_selector(f"a[href$='{LAB_8}']", "a => a.href")
        assert f"/user/{name}/voila/render/labs/{LAB_8}" in lab
        # ?reveal=1: the weight sliders are held back until the shape questions are answered.
        problems = open_lab(page, lab + "?reveal=1", f"hub-lab-08-{name}")
        handle = page.locator(".attention-row-2 .noUi-handle").nth(0)
        handle.scroll_into_view_if_needed()
        handle.focus()
        handle.press("ArrowRight")
        expect(page.locator(".attention-average")).to_have_text(re.compile(r"h2 = 0\.01 v1 \+"))
        problems.assert_clean()

    servers = hub.user_servers()
    assert sorted(servers) == sorted(STUDENTS)
    kernels = {name: {k.pid for k in kernels_of(server)} for name, server in servers.items()}
    assert all(kernels.values()), kernels
    assert sum(len(own) for own in kernels.values()) == len(set().union(*kernels.values())), kernels  # none shared
    assert len({server.pid for server in servers.values()}) == len(STUDENTS)


@pytest.fixture(scope="module")
def board(hub, browser):
    """The instructor's board on a projector, logged in through the hub."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login?next={PULSE}")
    page.fill("#username_input", INSTRUCTOR)
    page.fill("#password_input", "any password: the rehearsal's dummy authenticator")
    page.click("#login_submit")
    page.wait_for_url(f"**{PULSE}", timeout=30_000)
    yield page
    context.close()


def keep_using(hub):
    """A request to each student's server API with its own token, which the server counts as use (as a
    learner's moves would be): the culler leaves it alone while we wait."""
    for name, server in hub.user_servers().items():
        assert call(hub, "GET", f"/user/{name}/api/kernels", server.environ()["JUPYTERHUB_API_TOKEN"]) == 200


def lab_2_row(board, check):
    """The board's table row of lab 2's `check` (its position: 0 the activity, 1 row 2)."""
    section = board.locator(".pulse-lab-section", has_text="02-entry-dot-product")
    return section.locator("table tr").nth(1 + check).locator("td")


def call(hub, method, path, token, body=None):
    """The status of `method` on the hub's `path` (a server's, a service's), with a hub API token."""
    request = urllib.request.Request(f"{hub.url}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_instructor_sees_every_students_answers_live(hub, students, board):
    expect(board.locator("h1")).to_have_text("Class pulse")
    for name, answer in (("ada", "12"), ("grace", "-12")):  # ada's sign slip, grace right
        page = students[name]
        open_lab(page, f"{hub.url}/user/{name}/voila/render/labs/{LAB_2}", f"hub-pulse-{name}")
        answer_check(page, ".lab02-check", answer)
    section = board.locator(".pulse-lab-section", has_text="02-entry-dot-product")
    expect(section.locator(".pulse-visitors")).to_have_text("2 visitors", timeout=ARRIVES_WITHIN)
    activity = lab_2_row(board, 0)
    expect(activity.nth(1)).to_have_text("2")  # attempted
    expect(activity.nth(2)).to_have_text("1")  # solved
    expect(activity.nth(4)).not_to_have_text("—")  # ada's mistake, named
    # Lab 8's page views, from the test before, came from every student's server too.
    expect(board.locator(".pulse-lab-section", has_text="08-attention-weights")).to_contain_text(
        f"{len(STUDENTS)} visitors")
    screenshot(board, "hub-pulse-board")
    with board.expect_download() as download:  # the export, as the instructor clicks it
        board.click(".pulse-export")
    rows = list(csv.reader(Path(download.value.path()).read_text().splitlines()))
    assert rows[0][:6] == ["lab", "check", "visitors", "attempted", "solved", "attempts"]
    lab_2 = [row for row in rows if row[0] == LAB_2.removesuffix(".ipynb")]
    assert [row[2:8] for row in lab_2][0] == ["2", "2", "1", "2", "sign", "1"], lab_2


def test_a_student_may_send_but_not_open_read_export_or_reset_the_pulse(hub, students):
    grace = students["grace"].context.new_page()  # her lab 2 stays open in her first tab
    response = grace.goto(hub.url + PULSE)
    assert response.status == 403  # the hub refuses her the service's login
    expect(grace.locator("body")).to_contain_text("You do not have permission")
    assert grace.locator(".pulse-lab-section").count() == 0
    grace.close()
    token = hub.user_servers()["grace"].environ()["JUPYTERHUB_API_TOKEN"]  # what her kernels hold
    for method, path in (("GET", ""), ("GET", "board"), ("GET", "pulse.csv"), ("POST", "reset"), ("POST", "room")):
        assert call(hub, method, PULSE + path, token, body={} if method == "POST" else None) == 403, path
    assert call(hub, "POST", PULSE + "api/events", token, {"journal": "events-0-probe.jsonl", "start": 0, "lines": ""}) == 200


def test_restarting_the_service_loses_no_event(hub, students, board):
    service = hub.pulse_service()
    service.kill()  # gone at once; the hub reaps it at its next look
    # While it is away ada settles lab 2's activity, which opens its second check, and answers that:
    # her kernel keeps the events.
    answer_check(students["ada"], ".lab02-check", "-12")
    answer_check(students["ada"], ".lab02-row-check", [[-18, -8, -12]])
    # The hub restarts its service at its next look (every 30 s); the board logs in again.
    row = lab_2_row(board, 1)
    deadline = time.monotonic() + 120
    while not (row.count() > 2 and row.nth(1).inner_text() == "1"):
        assert time.monotonic() < deadline, f"ada's answer never arrived\n{hub.log()[-3000:]}"
        keep_using(hub)
        board.wait_for_timeout(3_000)
    expect(row.nth(2)).to_have_text("1")  # solved
    activity = lab_2_row(board, 0)
    expect(activity.nth(1)).to_have_text("2")  # nothing counted twice
    assert hub.pulse_service().pid != service.pid
    assert "Service matmul-pulse exited" in hub.log()
    screenshot(board, "hub-pulse-board-after-restart")
    asked = []
    board.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    board.click(".pulse-reset")  # asks first: dismissed, nothing is erased
    board.wait_for_timeout(2_000)  # time for a form sent anyway to come back as an empty board
    assert "No answers yet" not in board.locator("#board").inner_text()
    board.once("dialog", lambda dialog: dialog.accept())
    board.click(".pulse-reset")  # a new session: the instructor's form, with the page's _xsrf
    expect(board.locator("#board")).to_contain_text("No answers yet")
    assert asked and asked[0].startswith("Erase every count"), asked


def wait_for_board(hub, board, text):
    """Reload the board until it says `text` (the hub restarts a stopped service at its next look, every
    30 s), keeping the students' servers in use meanwhile."""
    deadline = time.monotonic() + 120

    def shown():  # a service still starting answers through the proxy with a page that has no board
        try:
            board.goto(f"{hub.url}{PULSE}", timeout=30_000)
            return board.locator("#board").inner_text(timeout=5_000)
        except PlaywrightError:  # no board yet, or a page going as the hub redirects it
            return ""

    while text not in shown():
        assert time.monotonic() < deadline, f"the board never said {text!r}\n{hub.log()[-3000:]}"
        keep_using(hub)
        board.wait_for_timeout(3_000)


def answer_round(students, answers, turn):
    """Each student answers lab 1's activity in round `turn` ("one", "two"), and is told it is recorded."""
    for name, answer in zip(STUDENTS, answers):
        answer_check(students[name], ".lab01-check", answer)
        expect(students[name].locator(".lab01-check .check-feedback")).to_contain_text(f"recorded for round {turn}")


def test_the_instructor_asks_the_room_through_a_restart(hub, students, board):
    """Peer instruction on the hub: ask, round one, the service restarted, round two, reveal."""
    labs = {name: f"{hub.url}/user/{name}/voila/render/labs/{LAB_1}" for name in STUDENTS}
    for name, page in students.items():
        open_lab(page, labs[name], f"hub-room-{name}")
    board.goto(f"{hub.url}{PULSE}")
    board.locator(".room-form select").select_option(label="01-product-by-columns: AB by columns")
    board.locator(".room-form button", has_text="Ask").click()
    for page in students.values():
        expect(page.locator(".room-notice")).to_contain_text("asks the room “AB by columns”", timeout=TOLD_WITHIN)
    answer_round(students, (RIGHT, TRANSPOSE, SIGN), "one")
    wait_for_board(hub, board, "round one: 3 answers so far")
    assert "right" not in board.locator(".room-split").inner_text()

    service = hub.pulse_service()
    service.kill()  # the round is in the service's store: a restart loses none of it
    deadline = time.monotonic() + 120
    while (hub.pulse_service() or service).pid == service.pid:  # the hub restarts it at its next look
        assert time.monotonic() < deadline, f"the service never came back\n{hub.log()[-3000:]}"
        keep_using(hub)
        time.sleep(2)
    wait_for_board(hub, board, "round one: 3 answers so far")
    board.locator(".room-form button", has_text="Round two").click()
    for page in students.values():
        expect(page.locator(".room-notice")).to_contain_text("round two", timeout=TOLD_WITHIN)
    answer_round(students, (RIGHT, RIGHT, SIGN), "two")
    wait_for_board(hub, board, "round two: 3 answers so far")
    board.locator(".room-verdicts").click()
    expect(board.locator(".room-moves")).to_contain_text("1 moved from transpose", timeout=ARRIVES_WITHIN)
    screenshot(board, "hub-room-board-two-rounds")

    board.locator(".room-form button", has_text="Reveal the answer").click()
    for page in students.values():
        expect(page.locator(".room-notice")).to_contain_text("is revealed", timeout=TOLD_WITHIN)
        expect(page.locator(".lab01-reveal .reveal-placeholder")).to_have_count(0)
        assert "room-split" not in page.content()
    expect(students["grace"].locator(".lab01-check .check-feedback")).to_contain_text("Correct!")
    with board.expect_download() as download:
        board.click(".pulse-export")
    rows = list(csv.reader(Path(download.value.path()).read_text().splitlines()))
    moved = [row for row in rows if row[3:5] == ["1 to 2", "transpose to right"]]
    assert [row[1:3] + row[-1:] for row in moved] == [["01-product-by-columns", "activity", "1"]], rows
    board.once("dialog", lambda dialog: dialog.accept())
    board.click(".pulse-reset")
    expect(board.locator("#board")).to_contain_text("No answers yet")


def log_in(page, hub, name):
    """Log in as ``name`` on the hub's login form, landing on the hub's home (not the gallery: no kernel)."""
    page.goto(f"{hub.url}/hub/login?next=/hub/home")
    page.fill("#username_input", name)
    page.fill("#password_input", "any password: the rehearsal's dummy authenticator")
    page.click("#login_submit")
    page.wait_for_url("**/hub/home")


def test_one_browser_keeps_two_students_progress_apart(hub, students, browser):
    """A shared computer: ada solves a check and logs out, grace logs in in the same browser and finds
    nothing of ada's in lab 2 (her page never touches ada's record), ada comes back to her answer.

    One origin serves every student's server (no subdomains), so they share one localStorage: the
    record's key holds the server's base URL, /user/<name>/."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(STORAGE_SPY_JS)
    page = context.new_page()
    lab = {name: f"{hub.url}/user/{name}/voila/render/labs/{LAB_2}" for name in STUDENTS}
    touched = "() => window.matmulKeysTouched.filter(entry => !entry.endsWith('/probe'))"
    try:
        log_in(page, hub, "ada")
        open_lab(page, lab["ada"], "hub-progress-ada")
        answer_check(page, ".lab02-check", "-12")
        page.wait_for_function("() => Object.keys(localStorage).some(key => key.includes('/user/ada/'))")
        kept = page.evaluate(KEPT_JS)
        [key] = [key for key in kept if "/user/ada/" in key]
        assert '"solved"' in kept[key], kept
        page.goto(f"{hub.url}/hub/logout")
        page.wait_for_url("**/hub/login**")

        log_in(page, hub, "grace")
        problems = open_lab(page, lab["grace"], "hub-progress-grace")
        expect(page.locator(".progress-notice")).to_have_text("Your progress in this lab is kept in this browser.")
        expect(page.locator(".lab02-check [role=status]")).to_have_text("")
        read = page.evaluate(touched)
        assert read and all("/user/grace/" in entry for entry in read), read
        assert page.evaluate(KEPT_JS) == kept  # ada's record as she left it, and nothing of grace's
        problems.assert_clean()
        page.goto(f"{hub.url}/hub/logout")
        page.wait_for_url("**/hub/login**")

        log_in(page, hub, "ada")
        open_lab(page, lab["ada"], "hub-progress-ada-again")
        expect(page.locator(".progress-notice")).to_contain_text(
            "Welcome back: 1 answer from your last visit restored.")
        expect(page.locator(".lab02-check [role=status]")).to_have_text("Solved on an earlier visit.")
    finally:
        context.close()  # no page of it holds a kernel while the culler test waits for idle servers


def test_idle_servers_are_stopped_by_the_culler(hub, students):
    servers = hub.user_servers()
    assert sorted(servers) == sorted(STUDENTS)
    processes = [*servers.values(), *(k for server in servers.values() for k in kernels_of(server))]
    for page in students.values():
        page.context.close()  # the students leave: nothing is in use any more
    # A server goes within a timeout, a culler pass and an activity report of its last use.
    _, alive = psutil.wait_procs(processes, timeout=3 * hub.cull_timeout)
    for proc in alive:
        proc.kill()  # a kernel whose server died would outlive the hub
    assert not alive, f"not culled: {alive}\n{hub.log()[-3000:]}"
    log = hub.log()
    for name in STUDENTS:
        assert re.search(rf"Culling server {name} \(", log), f"the culler never stopped {name}'s server"
    assert not hub.user_servers()
