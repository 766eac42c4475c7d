"""Lab 1, the product by columns, in Chromium: playing the stepper, a learner's edits, and the stepper
held back until the Check is answered (the Check's logic: tests/labs/test_lab01_checks.py)."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from harness.browser import MATRIX_TEXT_JS, answer_check, open_lab, screenshot, shows_sequence

URL = "/voila/render/01-product-by-columns.ipynb"
# The stepper is the activity's worked example: tests of the stepper itself open it with the lecturer's link.
REVEALED = URL + "?reveal=1"

# The rows of AB as the lab shows them.
PRODUCT_ROWS_JS = f"() => ({MATRIX_TEXT_JS})('.lab01-product')"


def product_rows(page) -> list[list[str]]:
    return page.evaluate(PRODUCT_ROWS_JS)


def test_play_steps_j_and_the_entry_beside_the_slider_follows(voila_server, page):
    problems = open_lab(page, voila_server.url + REVEALED, "lab-01-play")
    j = page.get_by_role("textbox", name="column j", exact=True)  # the entry's accessible name
    expect(j).to_have_value("1")
    # ▶ moves the slider in the browser (jslink); the kernel hears it and writes j beside it.
    page.locator(".lab01-play button").first.click()
    wait_for_product(page, [["6", "19"], ["9", "-3"]])
    expect(j).to_have_value("2", timeout=15_000)
    page.locator(".lab01-step").scroll_into_view_if_needed()
    screenshot(page, "lab-01-stepped")
    problems.assert_clean()


def wait_for_product(page, rows: list[list[str]]) -> None:
    page.wait_for_function(
        f"() => JSON.stringify(({PRODUCT_ROWS_JS})()) === {json.dumps(json.dumps(rows, separators=(',', ':')))}",
        timeout=10_000,
    )


def test_editing_b11_changes_only_column_one_garbage_keeps_ab_and_mismatch_explains(voila_server, page):
    problems = open_lab(page, voila_server.url + REVEALED, "lab-01-start")
    assert product_rows(page) == [["6", "?"], ["9", "?"]]

    # Step to column 2 with the keyboard, as on a projector remote.
    page.focus(".lab01-step .noUi-handle")
    page.keyboard.press("ArrowRight")
    wait_for_product(page, [["6", "19"], ["9", "-3"]])

    b11 = page.locator(".lab01-B .widget-text input").first
    b11.fill("6")
    b11.press("Enter")
    # Column 1 gains one more a_1 = (1, 3); column 2 does not move.
    wait_for_product(page, [["7", "19"], ["12", "-3"]])

    b11.fill("5x")
    b11.press("Enter")
    page.wait_for_selector(".lab01-B [role=alert]:has-text(\"B[1,1]: '5x' is not a number\")")
    page.wait_for_timeout(300)  # give a wrong update time to arrive, if there were one
    assert product_rows(page) == [["7", "19"], ["12", "-3"]]
    assert page.inner_text(".lab01-status").strip() == ""
    page.locator(".lab01-A").scroll_into_view_if_needed()
    screenshot(page, "lab-01-edited")

    # B's rows picker to 2: B no longer fits A, and the product gives way to the reason.
    page.locator(".lab01-B select").first.select_option("2")
    page.wait_for_selector(
        ".lab01-status [role=alert]:has-text('A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows')"
    )
    assert product_rows(page) == []
    screenshot(page, "lab-01-mismatch")
    # A's columns picker to 2: the shapes fit again (B keeps its edited 6).
    page.locator(".lab01-A select").nth(1).select_option("2")
    wait_for_product(page, [["12", "19"], ["16", "-3"]])
    # The status line is its own widget: its update may land after the product's.
    expect(page.locator(".lab01-status")).to_have_text("")
    problems.assert_clean()


def test_the_stepper_waits_for_a_prediction_and_a_transpose_is_named(voila_server, page):
    problems = open_lab(page, voila_server.url + URL, "lab-01-before")
    # Before any answer: AB of Activity 1.4.1 is nowhere on the page, and the stepper is a placeholder.
    assert not shows_sequence(page, ["6", "19", "9", "-3"])
    assert page.locator(".lab01-product").count() == 0
    expect(page.locator(".lab01-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab01-practice .practice-check")).to_have_count(0)  # built on Start
    page.locator(".lab01-practice button", has_text="Start").click()
    expect(page.locator(".lab01-practice .practice-check")).to_have_count(1)
    page.locator(".lab01-check").scroll_into_view_if_needed()
    screenshot(page, "lab-01-before")

    # Rows and columns swapped: the feedback says which slip it is.
    answer_check(page, ".lab01-check", [[6, 9], [19, -3]])
    feedback = page.locator(".lab01-check [role=status]")
    expect(feedback).to_contain_text("rows and columns swapped", timeout=10_000)
    expect(feedback).to_contain_text("transpose of AB")

    # The right answer: Correct, and the stepper (opened by the first answer) starts at column 1.
    cells = page.locator(".lab01-check .widget-text input")
    cells.nth(1).fill("19")
    cells.nth(1).press("Enter")
    cells.nth(2).fill("9")
    cells.nth(2).press("Enter")
    page.locator(".lab01-check button", has_text="Check").first.click()
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    expect(page.locator(".lab01-reveal .reveal-placeholder")).to_have_count(0)
    wait_for_product(page, [["6", "?"], ["9", "?"]])
    page.focus(".lab01-step .noUi-handle")
    page.keyboard.press("ArrowRight")
    wait_for_product(page, [["6", "19"], ["9", "-3"]])
    page.locator(".lab01-check").scroll_into_view_if_needed()
    screenshot(page, "lab-01-after")
    problems.assert_clean()
