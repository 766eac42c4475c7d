"""Lab 3 (properties of the product) in Chromium: the panels wait for their answers (the exercises
and panels in-process: tests/labs/test_lab03_checks.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from harness.browser import READ_MATRIX_JS, answer_check, commit, open_lab, screenshot, shows_sequence

URL = "/voila/render/03-product-properties.ipynb"


def test_the_order_panel_waits_for_rs_sr_and_the_shape_of_ba(voila_server, page):
    problems = open_lab(page, voila_server.url + URL, "lab-03-before")
    # Before any answer: neither RS nor SR is on the page, and the panel is a placeholder.
    assert not shows_sequence(page, ["0", "-1", "2", "0"])  # RS, row by row
    assert not shows_sequence(page, ["0", "-2", "1", "0"])  # SR
    assert page.locator(".lab03-order").count() == 0
    expect(page.locator(".lab03-order-reveal .reveal-placeholder")).to_be_visible()
    page.locator(".lab03-check-rs").scroll_into_view_if_needed()
    screenshot(page, "lab-03-before")

    # SR typed for RS: the feedback names the slip, and the panel still waits for SR's own check.
    answer_check(page, ".lab03-check-rs", [[0, -2], [1, 0]])
    feedback = page.locator(".lab03-check-rs [role=status]")
    expect(feedback).to_contain_text("you computed SR, not RS", timeout=10_000)
    assert page.locator(".lab03-order").count() == 0
    answer_check(page, ".lab03-check-rs", [[0, -1], [2, 0]])
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    answer_check(page, ".lab03-check-sr", [[0, -2], [1, 0]])
    expect(page.locator(".lab03-check-sr [role=status]")).to_contain_text("Correct!", timeout=10_000)

    # Both answered, it still waits for the shape of BA (resized, it would say it); then it opens on Warning 1.4.4.
    assert page.locator(".lab03-order").count() == 0
    answer_check(page, ".lab03-check-shape", "4x4")
    expect(page.locator(".lab03-check-shape [role=status]")).to_contain_text("Correct!", timeout=10_000)
    panel = page.locator(".lab03-order")
    expect(panel).to_be_visible(timeout=10_000)
    panel.scroll_into_view_if_needed()
    forward, backward = panel.locator(".order-forward"), panel.locator(".order-backward")
    assert forward.evaluate(READ_MATRIX_JS) == [[0, -1], [2, 0]]
    assert backward.evaluate(READ_MATRIX_JS) == [[0, -2], [1, 0]]
    verdict = panel.locator(".order-verdict")
    assert "entries (1,2) and (2,1) differ" in verdict.inner_text()
    screenshot(page, "lab-03-after")

    # S = 2I commutes with the rotation: typing the 2 updates both products.
    cell = page.locator('.lab03-order-inputs input[placeholder="S[2,2]"]')
    commit(cell, "2")
    page.wait_for_function(
        "() => document.querySelector('.lab03-order .order-verdict').textContent.includes('same result')"
    )
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab03-order .order-backward')))"
        " === '[[0,-2],[2,0]]'"
    )
    screenshot(page, "lab-03-order-commute")
    problems.assert_clean()
