"""Lab 2, one entry as a dot product, in Chromium: a click on the product, and the views held back
until the Checks are answered (their logic: tests/labs/test_lab02_checks.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from harness.browser import answer_check, open_lab, screenshot, shows_sequence, start_practice, visible_text

URL = "/voila/render/02-entry-dot-product.ipynb"
# The product is held back until the activity is answered: the explorer's own tests open it with the
# lecturer's link.
REVEALED = URL + "?reveal=1"
HIGHLIGHT = "rgb(255, 243, 196)"  # MatrixEditor's tint of a picked row or column


def shown_text(page, selector: str) -> str:
    """The text under `selector` as the page shows it, without spaces, with an ASCII minus."""
    return "".join(page.inner_text(selector).split()).replace("\N{MINUS SIGN}", "-")


def test_clicking_entry_2_3_writes_out_minus_12(voila_server, page):
    problems = open_lab(page, voila_server.url + REVEALED, "lab-02-start")
    cell = page.locator(".lab02-product rect.heatmapcell").nth(5)  # row-major: (2,3)
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    # Click inside the cell but away from the number written in its middle.
    page.mouse.click(box["x"] + 8, box["y"] + 8)
    expect(page.locator(".lab02-sum")).to_contain_text("= \u221212", timeout=10_000)
    assert "2(-4)+4(-1)+0(1)=-12" in shown_text(page, ".lab02-sum")
    assert page.input_value(".lab02-row select") == "2" and page.input_value(".lab02-col select") == "3"
    tints = page.eval_on_selector_all(
        ".lab02-A .widget-text input, .lab02-B .widget-text input",
        "cells => cells.map(c => getComputedStyle(c).backgroundColor)",
    )
    a_tinted = [n for n, color in enumerate(tints[:9]) if color == HIGHLIGHT]
    b_tinted = [n for n, color in enumerate(tints[9:]) if color == HIGHLIGHT]
    assert a_tinted == [3, 4, 5]  # row 2 of A
    assert b_tinted == [2, 5, 8]  # column 3 of B
    page.locator(".lab02-A").scroll_into_view_if_needed()
    screenshot(page, "lab-02-entry-2-3")
    problems.assert_clean()


def test_the_product_waits_for_a_prediction_and_entry_3_2_is_named(voila_server, page):
    problems = open_lab(page, voila_server.url + URL + "?seed=7", "lab-02-before")
    # Before any answer: -12 (Activity 1.4.2) and row 2 of AB are nowhere on the page.
    words = [word for text in visible_text(page) for word in text.split()]
    assert "-12" not in words and not shows_sequence(page, ["-18", "-8", "-12"])
    assert page.locator(".lab02-product, .lab02-sum, .row-picture").count() == 0
    expect(page.locator(".lab02-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab02-rows .reveal-placeholder")).to_be_visible()
    start_practice(page, ".lab02-practice")
    page.locator(".lab02-check").scroll_into_view_if_needed()
    screenshot(page, "lab-02-before")

    # Entry (3,2) instead of (2,3): the feedback says so; the product, which shows row 2 of AB,
    # still waits for the row question.
    answer_check(page, ".lab02-check", "-1")
    feedback = page.locator(".lab02-check [role=status]")
    expect(feedback).to_contain_text("that is entry (3,2)", timeout=10_000)
    answer_check(page, ".lab02-check", "-12")
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    assert page.locator(".lab02-product, .row-picture").count() == 0
    assert not shows_sequence(page, ["-18", "-8", "-12"])
    # The row question, answered as a column first (the product, which holds the answer, stays
    # closed: nothing to copy), then as a row: now both views open.
    answer_check(page, ".lab02-row-check", [[-18], [-8], [-12]])
    row_feedback = page.locator(".lab02-row-check [role=status]")
    expect(row_feedback).to_contain_text("written as a column", timeout=10_000)
    assert page.locator(".lab02-product, .row-picture").count() == 0
    answer_check(page, ".lab02-row-check", [[-18, -8, -12]])
    expect(row_feedback).to_contain_text("Correct!", timeout=10_000)
    expect(page.locator(".lab02-product")).to_have_count(1, timeout=10_000)
    picture = page.locator(".lab02-rows .row-picture-sum table.row-picture-sum")
    expect(picture).to_be_visible(timeout=10_000)
    assert shows_sequence(page, ["-18", "-8", "-12"])
    # The heatmap writes every entry of AB now, -12 included.
    expect(page.locator(".lab02-product")).to_contain_text("-18-8-12")  # row 2 of its labels
    page.locator(".lab02-row-check").scroll_into_view_if_needed()
    screenshot(page, "lab-02-after")
    problems.assert_clean()
