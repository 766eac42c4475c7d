"""Lab 1, the product by columns: its Check, the stepper held back until then, its shape message,
and a learner's edits in Chromium."""
from __future__ import annotations

import json

import pytest

from playwright.sync_api import expect

from conftest import REPO
from harness.browser import MATRIX_TEXT_JS, answer_check, open_lab, screenshot, shows_sequence
from harness.notebooks import kernel_json

LAB = REPO / "labs" / "01-product-by-columns.ipynb"
URL = "/voila/render/01-product-by-columns.ipynb"
# The stepper is the activity's worked example: tests of the stepper itself open it with the lecturer's link.
REVEALED = URL + "?reveal=1"

# The rows of AB as the lab shows them.
PRODUCT_ROWS_JS = f"() => ({MATRIX_TEXT_JS})('.lab01-product')"


# Run in the lab's kernel after the notebook: each part drives the live widgets
# the way a learner's edits do and prints what the lab then shows, as JSON.
CHECK_CELL = """
import json
box = activity.answer_input
hidden = stepper.opened                 # before any answer
box.value = [[6, 19], [9, 3]]            # one sign wrong
wrong = activity.submit()
wrong_feedback, wrong_mistake = activity.feedback, activity.mistake
wrong_html = activity._feedback.value   # what the learner sees, hint included
opened = stepper.opened                 # a wrong answer was a prediction too
box.value = [[6, 9], [19, -3]]           # the transpose
activity.submit()
transpose = activity.mistake
box.value = [[6, 19], [9, -3]]           # Activity 1.4.1
right = activity.submit()
print(json.dumps(dict(wrong=wrong, wrong_feedback=wrong_feedback, wrong_mistake=wrong_mistake,
                      wrong_html=wrong_html, right=right, hidden=hidden, opened=opened, transpose=transpose,
                      attempts=activity.attempts, solved=activity.solved,
                      feedback_html=activity._feedback.value)))
"""
SHAPES_CELL = """
step, step_entry, play, status, product, combination = (
    steps.step, steps.step_entry, steps.play, steps.status, steps.product, steps.combination)
states = {}
step.value = 2
B.resize(2, 2)          # B's 2 rows no longer match A's 3 columns
states["mismatch"] = dict(status=status.value, product=product.value, combination=combination.value)
B.resize(3, 3)          # fits again, with a third column
states["fixed"] = dict(status=status.value, product=product.value, max=step.max, play_max=play.max,
                       step=step.value, highlight=B.highlight_col)
step.value = 3
states["third"] = dict(product=product.value, highlight=B.highlight_col)
B.resize(3, 1)          # fewer columns: j is pulled back into range
states["shrunk"] = dict(step=step.value, max=step.max, highlight=B.highlight_col, status=status.value)
B.resize(3, 3)
step_entry.entry.value = "4"     # typed beside the slider: B has 3 columns
states["typed"] = dict(error=step_entry.error, step=step.value, text=step_entry.entry.value,
                       readout=step.readout)
step_entry.entry.value = "3"
states["typed_fixed"] = dict(error=step_entry.error, step=step.value, highlight=B.highlight_col)
print(json.dumps(states))
"""


@pytest.fixture(scope="module")
def kernel():
    """The JSON printed by each extra cell, from one run of the lab."""
    check, shapes = kernel_json(LAB, CHECK_CELL, SHAPES_CELL)
    return {"check": check, "shapes": shapes}


def test_check_accepts_the_syllabus_answer_and_rejects_a_wrong_one(kernel):
    got = kernel["check"]
    assert got["hidden"] is False and got["opened"] is True
    assert got["wrong"] is False and got["wrong_mistake"] == "sign"
    assert got["wrong_feedback"].startswith("a sign slip: entry (2,2) has the right size but the wrong sign")
    assert "<b>Hint:</b> Do one column at a time" in got["wrong_html"]
    assert got["transpose"] == "transpose"
    assert got["right"] is True and got["solved"] is True and got["attempts"] == 3
    assert "Correct!" in got["feedback_html"]


def test_shape_mismatch_shows_the_explanation_and_recovers(kernel):
    got = kernel["shapes"]
    mismatch = got["mismatch"]
    assert "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows" in mismatch["status"]
    assert 'role="alert"' in mismatch["status"]
    assert mismatch["product"] == mismatch["combination"] == ""
    fixed = got["fixed"]
    assert fixed["status"] == "" and 'class="matrix-html"' in fixed["product"]
    assert fixed["max"] == fixed["play_max"] == 3
    assert fixed["step"] == 2 and fixed["highlight"] == 1
    # B's new third column is zeros, so column 3 of AB is zero.
    assert '>0</b>' in got["third"]["product"] and got["third"]["highlight"] == 2
    assert got["shrunk"] == {"step": 1, "max": 1, "highlight": 0, "status": ""}
    # j typed out of range is refused with a message; in range, it moves the stepper.
    assert got["typed"] == {"error": "column j must be between 1 and 3; 4 is outside",
                            "step": 1, "text": "4", "readout": False}
    assert got["typed_fixed"] == {"error": "", "step": 3, "highlight": 2}


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
