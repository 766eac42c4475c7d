"""Lab 7 (queries, keys and scores) in Chromium: what stays hidden until answered, and its score matrix.

Its Checks as Python objects are in tests/labs/test_lab07_checks.py."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, answer_check, choose_check, click_cell, open_lab, screenshot, visible_text
from widgets.core.lab_numbers import LAB7
from widgets.text.attention_steps import score_expansion

LAB = REPO / "labs" / "07-queries-keys-scores.ipynb"

# The lab's starting matrices (X is 5×4, the weights 4×3, as in Activity 1.4.5).
X, W_Q, W_K = LAB7.X, LAB7.W_Q, LAB7.W_K


def lab_url(server, query=""):
    return f"{server.url}/voila/render/{LAB.name}{query}"


# Every answer Activity 1.4.5 asks, as the page would write it.
HIDDEN_ANSWERS = ("5×3", "3×5", "5×5", "(5, 3)", "(3, 5)", "(5, 5)", "-0.25")


def test_shapes_and_scores_stay_hidden_until_answered(voila_server, page):
    problems = open_lab(page, lab_url(voila_server), "lab-07-open")
    screenshot(page, "lab-07-before")
    text = " ".join(visible_text(page))
    shown = [answer for answer in HIDDEN_ANSWERS if answer in text]
    assert not shown, f"answers on the page before any was given: {shown}"
    assert page.locator(".attention-shapes").count() == 0
    assert page.locator(".attention-scores").count() == 0
    assert page.locator(".attention-Q").count() == 0

    # A wrong shape is named; each next shape question waits for the one before (its help states that
    # shape); the right ones open the matrices and the table.
    answer_check(page, ".lab07-check-qkv", "3x5")
    expect(page.locator(".lab07-check-qkv")).to_contain_text("rows and columns swapped")
    assert page.locator(".lab07-check-kt").count() == 0
    answer_check(page, ".lab07-check-qkv", "5x3")
    answer_check(page, ".lab07-check-kt", "3x5")
    expect(page.locator(".lab07-check-kt [role=status]")).not_to_be_empty()
    assert page.locator(".attention-shapes").count() == 0
    answer_check(page, ".lab07-check-s", "5x5")
    expect(page.locator(".attention-shapes")).to_contain_text("5×3")
    expect(page.locator(".attention-Q")).to_be_visible()

    # S_24's value is asked once its expression is settled (its help states it); S_24 the other way round
    # is named; the score matrix shows S_24, so it opens once all three are answered right (or tried twice).
    # Each "still hidden" is read after the kernel has answered that Check.
    assert page.locator(".lab07-check-s24-value").count() == 0
    choose_check(page, ".lab07-check-s24-pair", "token 2's query with token 4's key")
    expect(page.locator(".lab07-check-s24-pair")).to_contain_text("Correct")
    choose_check(page, ".lab07-check-s24", "q₂₁k₄₁ + q₂₂k₄₂ + q₂₃k₄₃")
    expect(page.locator(".lab07-check-s24 [role=status]")).not_to_be_empty()
    answer_check(page, ".lab07-check-s24-value", "-0.5")
    expect(page.locator(".lab07-check-s24-value")).to_contain_text("that is S₄₂ = q₄·k₂, with the two tokens swapped")
    assert page.locator(".attention-scores").count() == 0
    choose_check(page, ".lab07-check-row", "the scores comparing token 2's query with all five keys")
    expect(page.locator(".lab07-check-row [role=status]")).not_to_be_empty()
    assert page.locator(".attention-scores").count() == 0  # S_24's value was wrong once: nothing to copy
    answer_check(page, ".lab07-check-s24-value", "-0.25")
    expect(page.locator(".lab07-check-s24-value")).to_contain_text("Correct!")
    expect(page.locator(".attention-scores")).to_be_visible()
    expect(page.locator(".attention-scores text.label").nth(8)).to_have_text("-0.25")  # row 2, column 4
    screenshot(page, "lab-07-after")
    page.locator(".lab07-scores").screenshot(path=str(ARTIFACTS / "lab-07-after-scores.png"))
    problems.assert_clean()


@pytest.fixture(scope="module")
def lab(browser, voila_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems = open_lab(page, lab_url(voila_server, "?reveal=1"), "lab-07-open-revealed")
    yield page, problems
    context.close()


def test_clicking_s24_writes_out_q2_dot_k4(lab):
    page, problems = lab
    expansion = page.locator(".attention-expansion")
    expect(expansion).to_contain_text("Click a cell")
    click_cell(page, ".attention-scores", 1, 3, 5, 5)
    text = score_expansion(X @ W_Q, X @ W_K, 1, 3)  # S_24 = q_2 · k_4 = ... = numbers = total
    numbers = text.split(" = ", 3)[3]
    expect(expansion).to_contain_text("S24 = q2 · k4 = q21 k41 + q22 k42 + q23 k43")
    expect(expansion).to_contain_text(f"= {numbers}")
    expect(expansion).to_contain_text(
        "Row 2 of S holds the scores comparing token 2’s query with all 5 keys")
    expect(expansion).to_contain_text("query of token 2 (“cat”) with the key of token 4 (“on”)")
    page.locator(".lab07-scores").screenshot(path=str(ARTIFACTS / "lab-07-s24.png"))
    problems.assert_clean()


def weight_labels(page):
    # SVG text has no innerText: read textContent.
    return page.locator(".attention-weights text.label").evaluate_all(
        "labels => labels.map(e => e.textContent)")


def test_causal_mask_zeroes_the_upper_triangle(lab):
    page, problems = lab
    before = weight_labels(page)
    assert len(before) == 25 and all(before[i * 5 + j] != "0" for i in range(5) for j in range(5))
    page.locator(".attention-causal input").click()
    upper = [i * 5 + j for i in range(5) for j in range(i + 1, 5)]
    page.wait_for_function(
        """(upper) => {
            const t = Array.from(document.querySelectorAll('.attention-weights text.label'))
              .map(e => e.textContent);
            return t.length === 25 && upper.every(k => t[k] === '0');
        }""",
        arg=upper,
    )
    after = weight_labels(page)
    assert after[0] == "1"  # token 1 can only attend to itself
    assert all(after[k] != "0" for k in range(25) if k not in upper)
    page.locator(".lab07-scores").screenshot(path=str(ARTIFACTS / "lab-07-causal.png"))
    problems.assert_clean()
