"""Survives the lecture hall: a visitor whose kernel dies is told so, and nobody else notices.

Voila 0.5 itself shows nothing when a page's kernel dies: jupyter_client's
restarter starts a fresh kernel under the same id, which has none of the
page's widgets, and the controls silently stop answering. The ``matmul``
template (``share/jupyter/voila/templates/matmul``, named in ``voila.json``)
watches the page's kernel websocket and shows a notice with a Reload button.
These tests kill real kernels under real pages.
"""
from __future__ import annotations

import http.cookiejar
import re
import signal
import urllib.error
import urllib.request
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness.browser import LEAVING_TOLERATED, READY_JS, RENDERED_VIEWS_JS, PageProblems, commit, open_lab, screenshot
from harness.kernels import kernel_ids, kernel_process, page_kernel_id
from harness.voila import VoilaServer

DEMO = "widgets_demo.ipynb"
BANNER = "#matmul-session-ended"
# The restarter checks its kernels every 3 s (time_to_dead); the rest is a busy 2-core machine.
NOTICE_WITHIN = 30_000


@pytest.fixture(scope="module")
def server(server_logs):
    """Voila serving ``tests/notebooks/`` from the repository root, so with ``voila.json``."""
    server = VoilaServer(root="tests/notebooks").start(server_logs)
    yield server
    server.stop()


@dataclass
class Visitor:
    context: BrowserContext
    page: Page
    problems: PageProblems
    kernel: str


def visit(browser: Browser, server: VoilaServer, name: str) -> Visitor:
    """A visitor of their own (a browser context: no shared cookies) on the widgets demo."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems = open_lab(page, f"{server.url}/voila/render/{DEMO}", name, tolerated=LEAVING_TOLERATED)
    return Visitor(context, page, problems, page_kernel_id(page.content()))


def round_trip(page: Page, entry: str) -> None:
    """Type ``entry`` into A[2,3] of the demo's editor; the kernel's readout must follow."""
    commit(page.locator(".demo-editor .widget-text input").nth(5), entry)
    expect(page.locator(".demo-a-value")).to_have_text(
        re.compile(rf"^A = \[\[1\.0, -3\.0, 5\.0\], \[3\.0, 1\.0, {re.escape(entry)}\.0\]\]$"), timeout=30_000
    )


def expect_notice(page: Page) -> None:
    """The page says the session ended, as an alert, with a working way back."""
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=NOTICE_WITHIN)
    expect(banner).to_have_attribute("role", "alert")
    expect(banner).to_contain_text("Your session has ended.")
    expect(banner).to_contain_text("Reload the page")
    expect(page.get_by_role("alert").filter(has_text="Your session has ended")).to_have_count(1)
    expect(page.get_by_role("button", name="Reload the page")).to_be_visible()


def request(method: str, url: str, opener=None, headers=None) -> int:
    """The HTTP status of a request sent from Python (no browser, no cookies unless ``opener`` has them)."""
    req = urllib.request.Request(url, method=method, headers=headers or {}, data=b"" if method == "POST" else None)
    try:
        with (opener or urllib.request.build_opener()).open(req, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


# --- the template ------------------------------------------------------------------------


def test_a_visitor_cannot_switch_the_template_off(server, page):
    """``?template=lab`` would drop the notice: voila.json refuses template overrides."""
    open_lab(page, f"{server.url}/voila/render/{DEMO}?template=lab", "kernel-loss-template-pinned",
             tolerated=LEAVING_TOLERATED)
    assert page.evaluate("() => typeof window.matmulSession") == "object"


# --- a healthy page -------------------------------------------------------------------


NOTICE_SEEN_JS = """
() => new MutationObserver(() => {
  if (document.getElementById('matmul-session-ended')) sessionStorage.setItem('matmul-notice-seen', location.href);
}).observe(document.body, {childList: true})
"""


def test_a_healthy_page_shows_no_notice_not_even_while_it_unloads(server, page):
    url = f"{server.url}/voila/render/{DEMO}"
    open_lab(page, url, "kernel-loss-healthy", tolerated=LEAVING_TOLERATED)
    # The template is in use: its watcher runs, and has nothing to say.
    assert page.evaluate("() => typeof window.matmulSession") == "object", "not the matmul template"
    assert page.evaluate("() => window.matmulSession.ended") is None
    expect(page.locator(BANNER)).to_have_count(0)
    round_trip(page, "7")
    widgets = page.evaluate(RENDERED_VIEWS_JS)

    # Reloading closes the kernel socket (Voila's beforeunload) while the old
    # page is still on screen: the notice must not show up then either.
    page.evaluate(NOTICE_SEEN_JS)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function(READY_JS, arg=widgets, timeout=90_000, polling=100)
    assert page.evaluate("() => window.matmulSession.ended") is None
    expect(page.locator(BANNER)).to_have_count(0)
    round_trip(page, "8")
    # Nor when the visitor goes elsewhere (the gallery of the served folder, same origin).
    page.evaluate(NOTICE_SEEN_JS)
    page.goto(f"{server.url}/", wait_until="load")
    assert page.evaluate("() => sessionStorage.getItem('matmul-notice-seen')") is None


# --- a kernel killed under its page ----------------------------------------------------


def test_a_killed_kernel_ends_its_visitors_session_and_nobody_elses(server, browser):
    one = visit(browser, server, "kernel-loss-visitor-1")
    two = visit(browser, server, "kernel-loss-visitor-2")
    try:
        assert one.kernel != two.kernel
        widgets = one.page.evaluate(RENDERED_VIEWS_JS)
        kernel_process(server, one.kernel).send_signal(signal.SIGKILL)

        expect_notice(one.page)
        screenshot(one.page, "kernel-loss-notice")
        # The other visitor notices nothing: no notice, and a round trip through their kernel.
        round_trip(two.page, "7")
        expect(two.page.locator(BANNER)).to_have_count(0)
        assert two.kernel in kernel_ids(server)
        two.problems.assert_clean()

        # Reload gives the first visitor a new kernel and a page that works.
        with one.page.expect_navigation(timeout=90_000):
            one.page.get_by_role("button", name="Reload the page").click()
        seen = PageProblems(tolerated=re.compile(LEAVING_TOLERATED)).watch(one.page)
        one.page.wait_for_function(READY_JS, arg=widgets, timeout=90_000, polling=100)
        assert page_kernel_id(one.page.content()) != one.kernel
        expect(one.page.locator(BANNER)).to_have_count(0)
        round_trip(one.page, "8")
        seen.assert_clean()
        round_trip(two.page, "9")
        expect(two.page.locator(BANNER)).to_have_count(0)
    finally:
        one.context.close()
        two.context.close()


# --- shutting a visitor's kernel down from outside ---------------------------------------


def test_a_script_without_cookies_cannot_shut_a_visitors_kernel_down(server, browser):
    """Voila's kernel API checks the _xsrf cookie on DELETE and POST: a bare script is refused."""
    visitor = visit(browser, server, "kernel-loss-cookieless")
    try:
        base = f"{server.url}/api/kernels/{visitor.kernel}"
        assert request("DELETE", base) == 403
        assert request("POST", f"{server.url}/voila/api/shutdown/{visitor.kernel}") == 403
        # Voila does not serve the restart and interrupt endpoints at all.
        assert request("POST", f"{base}/restart") == 404
        assert request("POST", f"{base}/interrupt") == 404
        assert visitor.kernel in kernel_ids(server)
        round_trip(visitor.page, "7")
        expect(visitor.page.locator(BANNER)).to_have_count(0)
        visitor.problems.assert_clean()
    finally:
        visitor.context.close()


def test_a_kernel_shut_down_under_an_open_page_is_announced(server, browser):
    """What the _xsrf check does not stop, and what the visitor then sees.

    The _xsrf check is a defence against other web sites, not against a
    script: one that fetches any page for an _xsrf cookie of its own and
    echoes it in the X-XSRFToken header can shut down any kernel whose id it
    knows. Kernel ids are random and never listed (test_security checks that
    /api/kernels is not served); only the page that owns a kernel holds its id.
    When a kernel is shut down under an open page, the socket stays open and
    the server sends no "dead" status; the kernel's own shutdown_reply tells
    the page.
    """
    visitor = visit(browser, server, "kernel-loss-shutdown")
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        assert request("GET", f"{server.url}/", opener) == 200
        xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
        status = request("DELETE", f"{server.url}/api/kernels/{visitor.kernel}", opener, {"X-XSRFToken": xsrf})
        assert status == 204
        assert visitor.kernel not in kernel_ids(server)
        expect_notice(visitor.page)
    finally:
        visitor.context.close()
