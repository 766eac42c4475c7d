"""Lab 2, one entry as a dot product: its Checks, the views held back until answered, its selection
logic, and a click in Chromium."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import answer_check, open_lab, screenshot, shows_sequence, visible_text
from harness.notebooks import kernel_json

LAB = REPO / "labs" / "02-entry-dot-product.ipynb"
URL = "/voila/render/02-entry-dot-product.ipynb"
# The product is held back until the activity is answered: the explorer's own tests open it with the
# lecturer's link.
REVEALED = URL + "?reveal=1"
HIGHLIGHT = "rgb(255, 243, 196)"  # MatrixEditor's tint of a picked row or column

# Run in the lab's kernel after the notebook; each prints what the lab shows, as JSON.
CHECK_CELL = """
import json
box = activity.answer_input
hidden = (explorer.opened, rows.opened)
box.value = "12"                 # sign dropped
wrong = activity.submit()
wrong_feedback, wrong_html = activity.feedback, activity._feedback.value
opened = (explorer.opened, rows.opened)    # the rows wait for their own question too
box.value = "-1"                 # entry (3,2)
activity.submit()
swapped = activity.mistake
box.value = "\N{MINUS SIGN}12"   # as copied from the syllabus
right = activity.submit()
row_check.answer_input.value = [[-18], [-8], [-12]]
row_check.submit()
row_mistake = row_check.mistake
row_check.answer_input.value = [[-18, -8, -12]]
row_right = row_check.submit()
print(json.dumps(dict(wrong=wrong, wrong_feedback=wrong_feedback, wrong_html=wrong_html, hidden=hidden,
                      opened=opened, swapped=swapped, right=right, attempts=activity.attempts,
                      solved=activity.solved, row_mistake=row_mistake, row_right=row_right,
                      rows_opened=rows.opened, picture=rows.view.picture.value)))
"""
SELECT_CELL = """
row_i, col_j, AB, entry, status = (entries.row_menu, entries.col_menu, entries.heatmap,
                                   entries.entry, entries.status)
def state():
    return dict(row=row_i.value, col=col_j.value, selected=AB.selected, entry=entry.value,
                status=status.value, hl=[A.highlight_row, B.highlight_col],
                rows=len(row_i.options), cols=len(col_j.options))
states = {}
AB.selected = (1, 2)             # what a click on entry (2,3) does
states["click"] = state()
col_j.value = 0                  # the menu moves the heatmap too
states["menu"] = state()
AB.selected = None               # a second click may clear it: the entry stays
states["cleared"] = state()
B.resize(2, 3)                   # 3 columns of A, 2 rows of B
states["mismatch"] = state()
row_i.value = 2                  # the menus still answer, and the guidance stays
states["mismatch_menu"] = state()
A.resize(2, 2)                   # fits again: AB is 2x3, row 2 is still there
states["fixed"] = state()
print(json.dumps(states))
"""


@pytest.fixture(scope="module")
def kernel():
    check, select = kernel_json(LAB, CHECK_CELL, SELECT_CELL)
    return {"check": check, "select": select}


def test_check_accepts_minus_12_and_rejects_12(kernel):
    got = kernel["check"]
    assert got["hidden"] == [False, False] and got["opened"] == [True, False]
    assert got["wrong"] is False
    assert got["wrong_feedback"] == "right size, wrong sign: recheck the signs of the products."
    assert "<b>Hint:</b> The $(2,3)$-entry uses row $2$ of $A$ and column $3$ of $B$" in got["wrong_html"]
    assert got["swapped"] == "swapped"
    assert got["right"] is True and got["solved"] is True and got["attempts"] == 3


def test_row_check_names_a_column_and_opens_the_row_picture(kernel):
    got = kernel["check"]
    assert got["row_mistake"] == "as-column" and got["row_right"] is True and got["rows_opened"] is True
    assert "-18-8-12" in "".join(plain(got["picture"]).split())


def test_selection_follows_clicks_menus_and_edits(kernel):
    got = kernel["select"]
    click = got["click"]
    assert (click["row"], click["col"], click["hl"]) == (1, 2, [1, 2])
    assert "(AB)23 = (2, 4, 0) · (-4, -1, 1) = 2(-4) + 4(-1) + 0(1) = -12" in plain(click["entry"])
    assert got["menu"]["selected"] == [1, 0] and plain(got["menu"]["entry"]).endswith("= -18")
    assert got["cleared"]["selected"] == [1, 0] and got["cleared"]["entry"] == got["menu"]["entry"]
    mismatch = got["mismatch"]
    assert "A is 3×3 and B is 2×3: A has 3 columns but B has 2 rows" in mismatch["status"]
    assert mismatch["entry"] == ""
    assert "The heatmap keeps the last product that worked" in mismatch["status"]
    assert got["mismatch_menu"]["status"] == mismatch["status"] and got["mismatch_menu"]["entry"] == ""
    fixed = got["fixed"]
    assert fixed["status"] == "" and (fixed["rows"], fixed["cols"]) == (2, 3)
    # A = [[-3, -4], [2, 4]], B = [[-1, 2, -4], [-4, -3, -1]]: (AB)_21 = 2(-1) + 4(-4)
    assert fixed["selected"] == [1, 0] and "2(-1) + 4(-4) = -18" in plain(fixed["entry"])


def plain(markup: str) -> str:
    """HTML as text: tags dropped, an ASCII minus."""
    return re.sub(r"<[^>]+>", "", markup).replace("\N{MINUS SIGN}", "-")


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
    expect(page.locator(".lab02-practice .practice-check")).to_have_count(0)  # built on Start
    page.locator(".lab02-practice button", has_text="Start").click()
    expect(page.locator(".lab02-practice .practice-check")).to_have_count(1)
    page.locator(".lab02-check").scroll_into_view_if_needed()
    screenshot(page, "lab-02-before")

    # Entry (3,2) instead of (2,3): the feedback says so, and the product opens (it was a prediction).
    answer_check(page, ".lab02-check", "-1")
    feedback = page.locator(".lab02-check [role=status]")
    expect(feedback).to_contain_text("that is entry (3,2)", timeout=10_000)
    expect(page.locator(".lab02-product")).to_have_count(1, timeout=10_000)
    # The right answer; the row question, answered as a column first, then as a row.
    answer_check(page, ".lab02-check", "-12")
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    answer_check(page, ".lab02-row-check", [[-18], [-8], [-12]])
    row_feedback = page.locator(".lab02-row-check [role=status]")
    expect(row_feedback).to_contain_text("written as a column", timeout=10_000)
    answer_check(page, ".lab02-row-check", [[-18, -8, -12]])
    expect(row_feedback).to_contain_text("Correct!", timeout=10_000)
    picture = page.locator(".lab02-rows .row-picture-sum table.row-picture-sum")
    expect(picture).to_be_visible(timeout=10_000)
    assert shows_sequence(page, ["-18", "-8", "-12"])
    # The heatmap writes every entry of AB now, -12 included.
    expect(page.locator(".lab02-product")).to_contain_text("-18-8-12")  # row 2 of its labels
    page.locator(".lab02-row-check").scroll_into_view_if_needed()
    screenshot(page, "lab-02-after")
    problems.assert_clean()
