"""Lecture features in a real, preheated Voila: links that preset matrices, and presenter mode.

Under ``voila.json`` every lab has one preheated kernel that has already run
the lab and waits, in its last cell, for the page request and its query
string.  These tests check that the link reaches that kernel (and the next
one, once the pool refills), that nothing from the URL is run or rendered as
HTML, and that presenter mode enlarges the page in both themes.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness.browser import open_lab, screenshot, wait_for_matrix_text

LAB01 = "01-product-by-columns.ipynb"

PRODUCT = ".lab01-product"  # AB as lab 1 shows it
CELLS_JS = """
(selector) => Array.from(document.querySelectorAll(selector + ' .widget-text input')).map(e => e.value)
"""
# The size a reader sees: the computed font size times any CSS zoom above the element.
TEXT_SIZE_JS = """
() => {
  const p = document.querySelector('.jp-RenderedMarkdown p');
  return parseFloat(getComputedStyle(p).fontSize) * p.currentCSSZoom;
}
"""


def render_url(server, lab: str, query: str = "") -> str:
    return f"{server.url}/voila/render/{lab}{query}"


def preheated_uses(server, lab: str) -> int:
    return len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(lab)}", server.log()))


def cells(page, selector: str) -> list[str]:
    return page.evaluate(CELLS_JS, selector)


@pytest.fixture
def dialogs(page):
    """Every alert/confirm/prompt the page opens (there must be none)."""
    seen = []
    page.on("dialog", lambda dialog: (seen.append(dialog.message), dialog.dismiss()))
    return seen


def test_link_presets_reach_each_preheated_kernel(voila_server, page):
    before = preheated_uses(voila_server, LAB01)
    open_lab(page, render_url(voila_server, LAB01, "?A=2,0,0;0,1,0&reveal=1"), "lecture-preset-A")
    assert cells(page, ".lab01-A") == ["2", "0", "0", "0", "1", "0"]
    assert cells(page, ".lab01-B") == ["5", "1", "-2", "-6", "-1", "0"]  # not in the link: the default
    wait_for_matrix_text(page, PRODUCT, [["10", "?"], ["-2", "?"]])  # A b_1 = (2*5, -2)
    expect(page.locator(".lecture-preset-status")).to_have_text("From the link: A (2×3)")

    # The next visitor gets the refilled kernel, and their own link.
    second = "?A=1,0,0;0,0,1&B=1;2;3&theme=light&reveal=1"  # Voila's own parameter, at its default
    open_lab(page, render_url(voila_server, LAB01, second), "lecture-preset-AB")
    assert cells(page, ".lab01-A") == ["1", "0", "0", "0", "0", "1"]
    assert cells(page, ".lab01-B") == ["1", "2", "3"]
    wait_for_matrix_text(page, PRODUCT, [["1"], ["3"]])
    expect(page.locator(".lecture-preset-status")).to_have_text("From the link: A (2×3), B (3×1)")
    assert preheated_uses(voila_server, LAB01) == before + 2, "a page did not come from the kernel pool"


def test_bad_and_script_like_presets_are_explained_escaped_and_never_run(voila_server, page, dialogs):
    # Lab 2 has A and B too, and its own kernel pool: no wait for lab 1's to refill.
    query = "?reveal=1&A=1,x&B=<script>alert(1)</script>&presenter=<img src=x onerror=alert(2)>"
    open_lab(page, render_url(voila_server, "02-entry-dot-product.ipynb", query), "lecture-preset-bad")
    assert cells(page, ".lab02-A") == ["-3", "-4", "1", "2", "4", "0", "1", "-4", "-5"]
    assert cells(page, ".lab02-B") == ["-1", "2", "-4", "-4", "-3", "-1", "4", "3", "1"]
    status = page.locator(".lecture-preset-status")
    for message in (
        "A from the link: '1,x' — A[1,2]: 'x' is not a number; using the lab's default",
        "B from the link: '<script>alert(1)</script>' — "
        "B[1,1]: '<script>alert(1)</script>' is not a number",
        "presenter='<img src=x onerror=alert(2)>' is not understood: use presenter=1 or presenter=0",
    ):
        expect(status).to_contain_text(message)  # shown as text...
    assert status.locator("script, img").count() == 0  # ...never as HTML
    assert status.locator("[role=alert]").count() == 1
    page.wait_for_timeout(300)  # a dialog, if one were coming
    assert dialogs == []


def test_presenter_mode_from_the_link_and_the_toggle(voila_server, page):
    open_lab(page, render_url(voila_server, "05-many-points.ipynb"), "lecture-normal")
    normal = page.evaluate(TEXT_SIZE_JS)
    toggle = page.locator(".lecture-presenter")
    expect(toggle).not_to_have_class(re.compile(r"\bmod-active\b"))

    presenter = render_url(voila_server, "03-product-properties.ipynb", "?presenter=1")
    open_lab(page, presenter, "lecture-presenter")
    expect(toggle).to_have_class(re.compile(r"\bmod-active\b"))
    assert page.evaluate(TEXT_SIZE_JS) >= 1.25 * normal
    toggle.click()
    expect(toggle).not_to_have_class(re.compile(r"\bmod-active\b"))
    page.wait_for_function(f"() => Math.abs(({TEXT_SIZE_JS})() - {normal}) < 0.01", timeout=5_000)
    toggle.click()
    page.wait_for_function(f"() => ({TEXT_SIZE_JS})() >= {1.25 * normal}", timeout=5_000)


def test_presenter_mode_in_the_dark_theme_with_a_preset(voila_server, page, dialogs):
    # Voila serves ?theme=dark from a fresh kernel (the pool is rendered light):
    # the link arrives through QUERY_STRING instead of the preheat socket.
    pooled = preheated_uses(voila_server, "04-composition.ipynb")
    problems = open_lab(
        page, render_url(voila_server, "04-composition.ipynb", "?theme=dark&presenter=1&B=0,1;1,0&reveal=1"),
        "lecture-dark-presenter",
    )
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(17, 17, 17)"
    expect(page.locator(".lecture-presenter")).to_have_class(re.compile(r"\bmod-active\b"))
    assert page.evaluate("() => document.querySelector('.jp-RenderedMarkdown p').currentCSSZoom") > 1.25
    assert cells(page, ".lab04-b") == ["0", "1", "1", "0"]
    expect(page.locator(".lecture-preset-status")).to_have_text("From the link: B (2×2)")
    assert preheated_uses(voila_server, "04-composition.ipynb") == pooled  # a fresh kernel it was
    page.locator(".lab04-at-once").scroll_into_view_if_needed()
    screenshot(page, "lecture-dark-presenter-plots")
    problems.assert_clean()
    assert dialogs == []
