"""Every page in Firefox (Debian's firefox-esr, driven by Playwright over WebDriver BiDi): it renders
with no page error, its formulas are drawn (``harness.formulas``, and photographed), its main move
works (``harness.engines.SMOKE``), and it asks no other host for anything. One page serves the whole
module; the server is the session's."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness.browser import LEAVING_TOLERATED, open_lab
from harness.engines import OUTSIDE_PAGE, SMOKE, PlaywrightMoves, launch_firefox, outside, solve_and_reload
from harness.formulas import FORMULA_PROSE, assert_formulas_drawn


@pytest.fixture(scope="module")
def tab(firefox, voila_server):
    """A Firefox page at a projector's 1280×800, and every request it makes to another host."""
    context = firefox.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: outside(request.url, voila_server.url) and requests.append(request.url))
    yield page, requests
    context.close()


def test_a_request_to_another_host_is_caught(tab):
    page, requests = tab
    requests.clear()
    page.goto(OUTSIDE_PAGE)
    page.wait_for_timeout(500)  # let the fetch go out
    hosts = {request.split("/")[2] for request in requests}
    assert hosts == {"style.example.invalid", "image.example.invalid", "fetch.example.invalid"}, requests


@pytest.mark.parametrize("smoke", SMOKE, ids=[smoke.name for smoke in SMOKE])
def test_page_renders_and_its_move_works(smoke, tab, voila_server):
    page, requests = tab
    requests.clear()
    # Firefox sends the previous page's kernel-shutdown beacon (refused by Voila 0.5) after leaving it.
    problems = open_lab(page, smoke.url(voila_server.url), f"firefox-{smoke.name}", tolerated=LEAVING_TOLERATED)
    assert_formulas_drawn(page.evaluate, f"firefox-{smoke.name}")
    PlaywrightMoves(page).screenshot_element(FORMULA_PROSE, f"firefox-{smoke.name}-formulas")
    smoke.move(PlaywrightMoves(page))
    problems.assert_clean()
    assert not requests, f"requests to other hosts: {requests}"


def test_a_solved_check_and_a_practice_survive_a_reload_and_a_damaged_record_is_set_aside(tab, voila_server):
    """The learner's progress, kept in Firefox's storage (tests/browser/test_progress.py has the rest)."""
    page, _ = tab
    moves = PlaywrightMoves(page)
    lab = f"{voila_server.url}/voila/render/02-entry-dot-product.ipynb"
    open_lab(page, lab, "firefox-progress-first-visit", tolerated=LEAVING_TOLERATED)
    solve_and_reload(moves, lambda name: open_lab(page, lab, f"firefox-progress-{name}", tolerated=LEAVING_TOLERATED))


def test_with_its_storage_turned_off_the_lab_says_so_once_and_works(playwright, voila_server):
    """Firefox with web storage turned off in its settings (``dom.storage.enabled``), for real: its
    ``window.localStorage`` is null (Chromium's is faked in tests/browser/test_progress.py)."""
    firefox = launch_firefox(playwright, prefs={"dom.storage.enabled": False})
    try:
        page = firefox.new_page(viewport={"width": 1280, "height": 800})
        assert page.evaluate("() => window.localStorage") is None
        lab = f"{voila_server.url}/voila/render/02-entry-dot-product.ipynb"
        problems = open_lab(page, lab, "firefox-progress-no-storage", tolerated=LEAVING_TOLERATED)
        expect(page.locator(".progress-notice")).to_contain_text("your progress will not be kept after a reload")
        moves = PlaywrightMoves(page)
        moves.type(".lab02-check .widget-text input", "-12")
        moves.check(".lab02-check")
        expect(page.locator(".lab02-check [role=status]")).to_contain_text("Correct!")
        problems.assert_clean()
    finally:
        firefox.close()
