"""A learner's progress kept in the browser, in Chromium: solve, reload, restored; a browser that keeps
nothing, a damaged record, and *Forget my progress* (widgets.lecture.progress).

Every test has a browser context of its own, so its storage starts empty.  A reload takes a new
kernel, as a culled kernel or a restarted server would: the record is the browser's alone.
Firefox and WebKit run the reload in tests/browser/test_firefox.py and test_webkit.py."""
from __future__ import annotations

import re
import signal

from playwright.sync_api import expect

from harness.browser import (
    LEAVING_TOLERATED,
    READY_JS,
    RENDERED_VIEWS_JS,
    STARVED_STORE,
    PageProblems,
    answer_check,
    open_lab,
    screenshot,
)
from harness.kernels import kernel_process, page_kernel_id
from harness.voila import VoilaServer
from widgets.core.parsing import format_number
from widgets.core.practice import make_problem

LAB_2 = "02-entry-dot-product.ipynb"
KEY = "matmul-labs//02-entry-dot-product"  # the prefix, Voila's base URL "/", the lab
KEPT_JS = "() => Object.fromEntries(Object.entries(localStorage))"
# localStorage refused, as in a browser whose storage is turned off.
NO_STORAGE_JS = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""


def url(server, query=""):
    return f"{server.url}/voila/render/{LAB_2}{query}"


def solve_the_practice_problem(page):
    """Press Start on lab 2's practice and answer its problem right; return the problem's seed."""
    page.locator(".practice-new").click()
    seed = int(re.search(r"Problem (\d+)", page.locator(".practice-seed").inner_text()).group(1))
    answer_check(page, ".practice-check", format_number(make_problem("entry", seed).parts[0].answer))
    expect(page.locator(".practice-level")).to_have_text(
        "Level: attempted: 1 of 1 problem right first time")
    return seed


def test_a_reload_restores_the_solved_checks_their_views_and_the_practice(voila_server, page):
    problems = open_lab(page, url(voila_server), "progress-02-first-visit")
    notice = page.locator(".progress-notice")
    expect(notice).to_have_text("Your progress in this lab is kept in this browser.")
    answer_check(page, ".lab02-check", "-12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
    answer_check(page, ".lab02-row-check", [[-18, -8, -12]])
    expect(page.locator(".lab02-product")).to_have_count(1)
    seed = solve_the_practice_problem(page)
    page.wait_for_function(f"() => (localStorage.getItem({KEY!r}) || '').includes('\"history\":\"r\"')")
    problems.assert_clean()

    problems = open_lab(page, url(voila_server), "progress-02-restored")
    expect(notice).to_contain_text("Welcome back: 2 answers and your practice from your last visit restored.")
    # The practice carries on: its level, its count, and the problem after the one solved.
    expect(page.locator(".practice-streak")).to_contain_text("Streak: 1 · solved: 1")
    page.locator(".practice-new").click()  # Start
    expect(page.locator(".practice-seed")).to_contain_text(f"Problem {seed + 1}:")
    # Help that fades: a nudge first, then the method, before any answer.
    page.locator(".lab02-practice .hint-next").click()
    page.locator(".lab02-practice .hint-next").click()
    expect(page.locator(".lab02-practice .hint-text")).to_contain_text("Hint 2 (the method):")
    expect(page.locator(".lab02-practice .hint-next")).to_have_text("Another hint: the first step")
    page.locator(".lab02-practice").scroll_into_view_if_needed()
    screenshot(page, "progress-02-practice-restored")
    expect(page.locator(".lab02-check [role=status]")).to_have_text("Solved on an earlier visit.")
    expect(page.locator(".lab02-check input")).to_have_value("-12")
    expect(page.locator(".lab02-product")).to_have_count(1)  # the views they opened are open again
    page.locator(".lecture-bar").scroll_into_view_if_needed()
    screenshot(page, "progress-02-restored")
    problems.assert_clean()

    # The gallery's map reads the same record: lab 2 done, its practice level, and where to go on.
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb", "progress-gallery")
    progress = page.locator(".gallery-progress")
    expect(progress).to_contain_text("Next: lab 3, Properties of the product →")
    expect(progress).to_contain_text("Lab 2, One entry as a dot product: 2 of 2 questions solved; "
                                     "practice: attempted")
    expect(progress.locator("li")).to_have_count(1)  # only the labs started
    progress.scroll_into_view_if_needed()
    screenshot(page, "progress-gallery")

    # The mixed review draws on lab 2, the one lab visited, and keeps what it finds.
    open_lab(page, f"{voila_server.url}/voila/render/review.ipynb", "progress-review")
    expect(page.locator(".review-intro")).to_contain_text("1 problem from the labs you have visited")
    seed = int(re.search(r"Problem (\d+)", page.locator(".review .practice-seed").text_content()).group(1))
    answer_check(page, ".review .practice-check", format_number(make_problem("entry", seed).parts[0].answer))
    # Right first time in the mixed review raises the skill one level (Khan Academy's rule, widgets.core.mastery).
    expect(page.locator(".review-summary")).to_contain_text(
        "One entry of AB: right first time (up from attempted to familiar).")
    expect(page.locator(".review-summary")).to_contain_text("Every problem right first time.")
    page.wait_for_function("() => (localStorage.getItem('matmul-labs//review') || '').includes('\"entry\"')")
    screenshot(page, "progress-review")

    # Start afresh: the record goes, and the page opens again with nothing answered.
    open_lab(page, url(voila_server), "progress-02-before-afresh")
    expect(page.locator(".practice-level")).to_have_text(  # the lab reads the review's record too
        "Level: familiar: 1 of 1 problem right first time; last in the mixed review: right first time")
    expect(page.locator(".lab02-product")).to_have_count(1)
    with page.expect_navigation():
        page.locator(".progress-afresh").click()
    open_lab(page, page.url, "progress-02-afresh")  # waits for the reloaded page's widgets
    expect(notice).to_have_text("Your progress in this lab is kept in this browser.")
    expect(page.locator(".lab02-product")).to_have_count(0)
    answer_check(page, ".lab02-check", "-12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
    page.wait_for_function(f"() => localStorage.getItem({KEY!r}) !== null")

    # Forget my progress: the browser keeps nothing of this lab; the next visit starts afresh.
    page.locator(".progress-forget").click()
    expect(notice).to_contain_text("keeps nothing of this lab now")
    page.wait_for_function(f"() => localStorage.getItem({KEY!r}) === null")
    open_lab(page, url(voila_server), "progress-02-forgotten")
    expect(notice).to_have_text("Your progress in this lab is kept in this browser.")
    expect(page.locator(".lab02-product")).to_have_count(0)


def solve_the_first_check(page):
    """Answer lab 2's first check right and wait until the browser keeps it."""
    answer_check(page, ".lab02-check", "-12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
    page.wait_for_function(f"() => (localStorage.getItem({KEY!r}) || '').includes('\":\"solved\"')")


def expect_the_first_check_restored(page):
    expect(page.locator(".progress-notice")).to_contain_text(
        "Welcome back: 1 answer from your last visit restored.")
    expect(page.locator(".lab02-check [role=status]")).to_have_text("Solved on an earlier visit.")
    expect(page.locator(".lab02-check input")).to_have_value("-12")


def test_a_killed_kernel_loses_nothing_the_reload_restores_the_check(voila_server, page):
    """The page's kernel killed (out of memory, say): the session-ended notice's Reload brings the check back.

    Here, not in test_kernel_loss.py: that module's server serves tests/notebooks, not the labs.  The
    shared server is not hurt: jupyter_client's restarter starts a fresh kernel under the killed one's id,
    left without a page like any reloaded page's kernel, and culled as they are."""
    open_lab(page, url(voila_server), "progress-02-before-kill", tolerated=LEAVING_TOLERATED)
    solve_the_first_check(page)
    kernel = page_kernel_id(page.content())
    widgets = page.evaluate(RENDERED_VIEWS_JS)
    kernel_process(voila_server, kernel).send_signal(signal.SIGKILL)

    reload = page.get_by_role("button", name="Reload the page")  # the matmul template's notice
    expect(reload).to_be_visible(timeout=30_000)  # the restarter looks every 3 s
    with page.expect_navigation(timeout=90_000):
        reload.click()
    problems = PageProblems(tolerated=re.compile(LEAVING_TOLERATED)).watch(page)
    page.wait_for_function(READY_JS, arg=widgets, timeout=90_000, polling=100)
    assert page_kernel_id(page.content()) != kernel
    expect_the_first_check_restored(page)
    screenshot(page, "progress-02-after-kill")
    problems.assert_clean()


def test_a_restarted_server_loses_nothing_the_reload_restores_the_check(server_logs, page, tmp_path):
    """The lecture server restarted (a deploy, a crash) on the same port, so the same origin and storage."""
    server = VoilaServer().start(server_logs)
    try:
        open_lab(page, url(server), "progress-02-before-restart")
        solve_the_first_check(page)
        server.stop()  # the page stays open: its kernel is gone
        server.start(tmp_path)  # the same port; a log of its own
        open_lab(page, url(server), "progress-02-after-restart")
        expect_the_first_check_restored(page)
    finally:
        server.stop()


def test_an_unfinished_answer_comes_back_unjudged(voila_server, page):
    """A wrong answer left on the page is typed back after a reload, to be checked again."""
    open_lab(page, url(voila_server), "progress-02-unfinished")
    answer_check(page, ".lab02-check", "12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("wrong sign")
    page.wait_for_function(f"() => (localStorage.getItem({KEY!r}) || '').includes('\"answers\":{{\"activity\":\"12\"}}')")
    open_lab(page, url(voila_server), "progress-02-unfinished-restored")
    expect(page.locator(".progress-notice")).to_contain_text("Welcome back: 1 unfinished answer from your last visit")
    expect(page.locator(".lab02-check input")).to_have_value("12")
    expect(page.locator(".lab02-check [role=status]")).to_have_text(
        "Your last answer from an earlier visit: check it again.")


def test_a_browser_that_keeps_nothing_says_so_once_and_the_lab_works(voila_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(NO_STORAGE_JS)
    page = context.new_page()
    try:
        problems = open_lab(page, url(voila_server), "progress-02-no-storage")
        expect(page.locator(".progress-notice")).to_contain_text("your progress will not be kept after a reload")
        expect(page.locator(".progress-forget")).to_be_hidden()
        answer_check(page, ".lab02-check", "-12")
        expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
        problems.assert_clean()
    finally:
        context.close()


def test_a_damaged_record_is_set_aside_and_the_lab_starts_afresh(voila_server, page):
    open_lab(page, url(voila_server), "progress-02-before-damage")
    page.evaluate(f"() => localStorage.setItem({KEY!r}, '{{\"v\": 1, \"checks\": {{\"activity\": \"<script>\"}}}}')")
    problems = open_lab(page, url(voila_server), "progress-02-damaged")
    expect(page.locator(".progress-notice")).to_contain_text(
        "A saved record of this lab was set aside because it is not a record of the labs")
    kept = page.evaluate(KEPT_JS)
    assert KEY not in kept and "<script>" in kept[KEY + "#set-aside-1"]
    assert not page.locator(".lab02-check [role=status]").inner_text()  # nothing restored
    answer_check(page, ".lab02-check", "-12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
    page.wait_for_function(f"() => localStorage.getItem({KEY!r}) !== null")  # a fresh record
    problems.assert_clean()


def test_a_record_from_a_newer_version_is_left_as_it_is_and_the_answers_kept_beside_it(voila_server, page):
    newer = '{"v": 6, "checks": {"activity": "solved"}, "streaks": {}}'
    open_lab(page, url(voila_server), "progress-02-before-newer")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, newer])
    problems = open_lab(page, url(voila_server), "progress-02-newer")
    expect(page.locator(".progress-notice")).to_have_text(
        "This browser keeps a record of this lab from a newer version of the labs, which this page cannot "
        "read: it is left as it is, and your answers here are kept beside it.")
    answer_check(page, ".lab02-check", "-12")
    expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
    page.wait_for_function(f"() => (localStorage.getItem({KEY + '#v5'!r}) || '').includes('activity')")
    kept = page.evaluate(KEPT_JS)
    assert kept[KEY] == newer and not any("#set-aside" in key for key in kept)
    problems.assert_clean()
    open_lab(page, url(voila_server), "progress-02-newer-reloaded")
    expect(page.locator(".lab02-check [role=status]")).to_have_text("Solved on an earlier visit.")
    assert page.evaluate(KEPT_JS)[KEY] == newer


def test_progress_moves_to_another_browser_by_a_code(voila_server, browser):
    """Two browser contexts are two profiles: the code exported in one brings lab 2 back in the other."""
    gallery = f"{voila_server.url}/voila/render/index.ipynb"
    here, there = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2))
    try:
        page = here.new_page()
        open_lab(page, url(voila_server), "progress-move-from")
        answer_check(page, ".lab02-check", "-12")
        page.wait_for_function(f"() => localStorage.getItem({KEY!r}) !== null")
        open_lab(page, gallery, "progress-move-gallery")
        page.locator(".progress-move").click()
        expect(page.locator(".progress-code textarea")).to_have_value(re.compile(r"^ML1-"))  # from the kernel
        code = page.locator(".progress-code textarea").input_value()

        other = there.new_page()
        problems = open_lab(other, gallery, "progress-move-to")
        expect(other.locator(".gallery-progress")).to_contain_text("Nothing answered yet")
        other.locator(".progress-move").click()
        other.locator(".progress-code textarea").fill(code[:20])
        other.locator(".progress-bring").click()
        expect(other.locator(".progress-code-said")).to_contain_text("This code cannot be used")
        other.locator(".progress-code textarea").fill(code)
        other.locator(".progress-bring").click()
        expect(other.locator(".progress-code-said")).to_contain_text("Brought here: your progress in 1 page.")
        expect(other.locator(".gallery-progress")).to_contain_text("Lab 2, One entry as a dot product: 1 of 2")
        screenshot(other, "progress-move-brought")
        problems.assert_clean()
        open_lab(other, url(voila_server), "progress-move-restored")
        expect(other.locator(".progress-notice")).to_contain_text("Welcome back: 1 answer from your last visit")
    finally:
        here.close()
        there.close()


# anywidget 0.11 gives a model 2 s from its creation in the page to load its ES module
# (`AbortSignal.timeout(2000)` in its runtime; `harness.browser.STARVED_STORE`); a page too busy to
# load it in time leaves the model deaf: it still draws and reports, but every message from the
# kernel waits on the rejected load and is dropped, the learner's record included. Here the page
# gives the first such budget 0 ms, so lab 2's progress store (its only anywidget) goes deaf for certain.
DEAF_STORE_JS = """
const timeout = AbortSignal.timeout.bind(AbortSignal);
let starved = false;
AbortSignal.timeout = (ms) => {
  if (ms !== 2000 || starved) return timeout(ms);
  starved = true;
  return timeout(0);
};
"""


def test_a_store_gone_deaf_on_a_starved_page_is_renewed_and_the_check_is_kept(voila_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(DEAF_STORE_JS)
        problems = open_lab(page, url(voila_server), "progress-02-deaf-store", tolerated=LEAVING_TOLERATED,
                            tolerated_console=(STARVED_STORE,))
        solve_the_first_check(page)  # kept in the browser: by the renewed store
        problems.assert_clean()
        page.close()
        page = context.new_page()  # a healthy page of the same browser
        open_lab(page, url(voila_server), "progress-02-after-deaf-store", tolerated=LEAVING_TOLERATED)
        expect_the_first_check_restored(page)
    finally:
        context.close()
