"""Lab 1, the product by columns, in Chromium: playing the stepper, a learner's edits, and the stepper
held back until the Check is answered (the Check's logic: tests/labs/test_lab01_checks.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from harness.browser import (
    answer_check,
    commit,
    matrix_text,
    open_lab,
    press_check,
    screenshot,
    shows_sequence,
    start_practice,
    wait_for_matrix_text,
)

URL = "/voila/render/01-product-by-columns.ipynb"
# The stepper is the activity's worked example: tests of the stepper itself open it with the lecturer's link.
REVEALED = URL + "?reveal=1"

PRODUCT = ".lab01-product"  # AB as the lab shows it


def test_play_steps_j_and_the_entry_beside_the_slider_follows(voila_server, page):
    problems = open_lab(page, voila_server.url + REVEALED, "lab-01-play")
    j = page.get_by_role("textbox", name="column j", exact=True)  # the entry's accessible name
    expect(j).to_have_value("1")
    # ▶ moves the slider in the browser (jslink); the kernel hears it and writes j beside it.
    page.locator(".lab01-play button").first.click()
    wait_for_matrix_text(page, PRODUCT, [["6", "19"], ["9", "-3"]])
    expect(j).to_have_value("2", timeout=15_000)
    page.locator(".lab01-step").scroll_into_view_if_needed()
    screenshot(page, "lab-01-stepped")
    problems.assert_clean()


def test_editing_b11_changes_only_column_one_garbage_keeps_ab_and_mismatch_explains(voila_server, page):
    problems = open_lab(page, voila_server.url + REVEALED, "lab-01-start")
    assert matrix_text(page, PRODUCT) == [["6", "?"], ["9", "?"]]

    # Step to column 2 with the keyboard, as on a projector remote.
    page.focus(".lab01-step .noUi-handle")
    page.keyboard.press("ArrowRight")
    wait_for_matrix_text(page, PRODUCT, [["6", "19"], ["9", "-3"]])

    b11 = page.locator(".lab01-B .widget-text input").first
    commit(b11, "6")
    # Column 1 gains one more a_1 = (1, 3); column 2 does not move.
    wait_for_matrix_text(page, PRODUCT, [["7", "19"], ["12", "-3"]])

    commit(b11, "5x")
    page.wait_for_selector(".lab01-B [role=alert]:has-text(\"B[1,1]: '5x' is not a number\")")
    page.wait_for_timeout(300)  # give a wrong update time to arrive, if there were one
    assert matrix_text(page, PRODUCT) == [["7", "19"], ["12", "-3"]]
    assert page.inner_text(".lab01-status").strip() == ""
    page.locator(".lab01-A").scroll_into_view_if_needed()
    screenshot(page, "lab-01-edited")

    # B's rows picker to 2: B no longer fits A, and the product gives way to the reason.
    page.locator(".lab01-B select").first.select_option("2")
    page.wait_for_selector(
        ".lab01-status [role=alert]:has-text('A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows')"
    )
    assert matrix_text(page, PRODUCT) == []
    screenshot(page, "lab-01-mismatch")
    # A's columns picker to 2: the shapes fit again (B keeps its edited 6).
    page.locator(".lab01-A select").nth(1).select_option("2")
    wait_for_matrix_text(page, PRODUCT, [["12", "19"], ["16", "-3"]])
    # The status line is its own widget: its update may land after the product's.
    expect(page.locator(".lab01-status")).to_have_text("")
    problems.assert_clean()


def test_the_stepper_waits_for_a_prediction_and_a_transpose_is_named(voila_server, page):
    problems = open_lab(page, voila_server.url + URL, "lab-01-before")
    # Before any answer: AB of Activity 1.4.1 is nowhere on the page, and the stepper is a placeholder.
    assert not shows_sequence(page, ["6", "19", "9", "-3"])
    assert page.locator(".lab01-product").count() == 0
    expect(page.locator(".lab01-reveal .reveal-placeholder")).to_be_visible()
    start_practice(page, ".lab01-practice")
    page.locator(".lab01-check").scroll_into_view_if_needed()
    screenshot(page, "lab-01-before")

    # Rows and columns swapped: the feedback says which slip it is.
    answer_check(page, ".lab01-check", [[6, 9], [19, -3]])
    feedback = page.locator(".lab01-check [role=status]")
    expect(feedback).to_contain_text("rows and columns swapped", timeout=10_000)
    expect(feedback).to_contain_text("transpose of AB")

    # The right answer: Correct, and the stepper (opened by the first answer) starts at column 1.
    cells = page.locator(".lab01-check .widget-text input")
    commit(cells.nth(1), "19")
    commit(cells.nth(2), "9")
    press_check(page, ".lab01-check")
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    expect(page.locator(".lab01-reveal .reveal-placeholder")).to_have_count(0)
    wait_for_matrix_text(page, PRODUCT, [["6", "?"], ["9", "?"]])
    page.focus(".lab01-step .noUi-handle")
    page.keyboard.press("ArrowRight")
    wait_for_matrix_text(page, PRODUCT, [["6", "19"], ["9", "-3"]])
    page.locator(".lab01-check").scroll_into_view_if_needed()
    screenshot(page, "lab-01-after")
    problems.assert_clean()
