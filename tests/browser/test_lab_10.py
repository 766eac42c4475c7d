"""Lab 10 (attention as adaptive weights) in Chromium: a token edit, and what waits for its questions.

Its Checks and linearity tables as Python objects are in tests/labs/test_lab10_checks.py."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, choose_check, open_lab, screenshot, visible_text

LAB = REPO / "labs" / "10-adaptive-weights.ipynb"


def labels(page, selector):
    # SVG text has no innerText: read textContent.
    return page.locator(f"{selector} text.label").evaluate_all("ls => ls.map(e => e.textContent)")


@pytest.fixture
def lab(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-10-open")
    return page, problems


def test_changing_a_token_changes_attention_weights_not_the_dense_w(lab):
    page, problems = lab
    weights_before = labels(page, ".attention-weights")
    dense_before = labels(page, ".lab10-dense")
    assert len(weights_before) == 9 and dense_before == ["1", "-1", "0.5", "2"]

    cell = page.locator(".attention-X .widget-text input").nth(4)  # X[3,1]: token 3, "tea"
    cell.fill("3")
    cell.press("Enter")
    change = page.locator(".lab10-change")
    expect(change).to_contain_text("changed token 3 (tea)")
    expect(change).to_contain_text("Dense layer: 0 of 4 entries of W moved")
    page.wait_for_function(
        """([before]) => {
            const t = Array.from(document.querySelectorAll('.attention-weights text.label'))
              .map(e => e.textContent);
            return t.length === 9 && t.join() !== before.join();
        }""",
        arg=[weights_before],
    )
    weights_after = labels(page, ".attention-weights")
    assert sum(a != b for a, b in zip(weights_after, weights_before)) >= 3
    assert labels(page, ".lab10-dense") == dense_before
    page.locator(".lab10-compare").screenshot(path=str(ARTIFACTS / "lab-10-token-edit.png"))
    problems.assert_clean()


# What the table of roles says: the answers to its two questions.
TABLE_ANSWERS = ("yes, through the scores", "yes, linearly", "(output projections usually carry one)")


def test_table_and_linearity_wait_for_their_questions(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-10-open-fresh")
    screenshot(page, "lab-10-before")
    text = " ".join(visible_text(page))
    shown = [words for words in TABLE_ANSWERS if words in text]
    assert not shown, f"the table's answers are on the page before the questions: {shown}"
    assert page.locator(".lab10-roles").count() == 0
    assert page.locator(".lab10-tables").count() == 0  # its verdicts answer "double every token"
    expect(page.locator(".lab10-compare")).to_be_visible()  # the free experiment is there

    # A wrong choice is told what it mixed up.
    choose_check(page, ".lab10-check-role", "W_V")
    expect(page.locator(".lab10-check-role")).to_contain_text("W_V is a fixed parameter")
    choose_check(page, ".lab10-check-role", "A_att(X)")
    assert page.locator(".lab10-roles").count() == 0  # one question still open
    choose_check(page, ".lab10-check-bias", "B(x) = 0 and b = 0")
    expect(page.locator(".lab10-roles")).to_contain_text("yes, through the scores")

    choose_check(page, ".lab10-check-dense", "it is multiplied by 4")
    expect(page.locator(".lab10-check-dense")).to_contain_text("A factor 4 would need")
    choose_check(page, ".lab10-check-dense", "it doubles exactly")
    choose_check(page, ".lab10-check-att",
                 "it changes, and in general not by a factor of 2: the weights change too")
    expect(page.locator(".lab10-tables")).to_be_visible()
    expect(page.locator(".lab10-verdict-dense")).to_have_text("equal")
    expect(page.locator(".lab10-verdict-att")).to_contain_text("different")
    screenshot(page, "lab-10-after")
    page.locator(".lab10-roles").screenshot(path=str(ARTIFACTS / "lab-10-after-roles.png"))
    problems.assert_clean()
