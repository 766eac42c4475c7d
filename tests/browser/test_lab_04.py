"""Lab 4 (composition and the shape check): its exercises, plots and shape checker."""
from __future__ import annotations

from playwright.sync_api import expect

from conftest import REPO
from harness.browser import answer_check, open_lab, screenshot, visible_text
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "04-composition.ipynb"

DRIVE_CHECKS = r'''
# The plots that show which product is which order wait for the prediction.
assert not steps.opened
order_check.answer_input.value = "SR"
assert order_check.submit() is False and "R acts on x first" in order_check.feedback
assert steps.opened
order_check.answer_input.value = "RS"
assert order_check.submit() and order_check.solved

# Activity 1.4.3, typed: the slips are named.
ab_shape_check.answer_input.value = "2×4"
assert ab_shape_check.submit() is False and ab_shape_check.mistake == "swapped"
assert "rows and columns swapped" in ab_shape_check.feedback
ab_shape_check.answer_input.value = "3x3"
assert ab_shape_check.submit() is False and ab_shape_check.mistake == "inner"
ab_shape_check.answer_input.value = "4x2"
assert ab_shape_check.submit() and ab_shape_check.solved and ab_shape_check.attempts == 3

domain_check.answer_input.value = "4"
assert domain_check.submit() is False and domain_check.mistake == "codomain"
domain_check.answer_input.value = "3"
assert domain_check.submit() is False and domain_check.mistake == "middle"
domain_check.answer_input.value = "2"
assert domain_check.submit() and domain_check.solved

codomain_check.answer_input.value = "2"
assert codomain_check.submit() is False and codomain_check.mistake == "domain"
codomain_check.answer_input.value = "4"
assert codomain_check.submit() and codomain_check.solved

# Fresh-number practice of the same skill.
assert practice.skill == "composition" and not practice.started
practice.start()
assert len(practice.checks) == 3
'''

DRIVE_PLOTS = r'''
import numpy as np
from widgets import HOUSE

# The lab's wiring lives in CompositionSteps and ShapeChecker (tests/labs/test_lab04_composition_steps.py):
# here, that the lab builds them on Warning 1.4.4 and on sizes other than Activity 1.4.3's.
c = composition
assert np.allclose(c.then_a.image, c.at_once.image) and np.allclose(c.at_once.image, R @ S @ HOUSE)
assert [b.description for b in c.buttons] == ["stretch, then rotate", "rotate, then stretch"]
c.buttons[1].click()
assert (A.value == S).all() and (B.value == R).all()
assert np.allclose(c.at_once.image, S @ R @ HOUSE) and "at most <b>0</b>" in c.agree.value

assert checker.value == ((2, 3), (3, 1)) and "AB exists and is 2×1" in checker.message
checker.value = ((4, 12), (12, 2))  # taken as typed, not clamped
assert "AB exists and is 4×2" in checker.message and "ℝ¹²" in checker.message
'''


def test_checks_plots_and_shape_checker_in_the_kernel():
    execute_notebook(LAB, extra_cells=(DRIVE_CHECKS, DRIVE_PLOTS))


def test_lab_04_asks_before_it_shows(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-04-before")
    # Before any answer: Activity 1.4.3's shape and spaces are nowhere, nor the plots of the two orders.
    words = " ".join(visible_text(page))
    assert "4×2" not in words and "ℝ⁴" not in words, words
    assert page.locator(".lab4-at-once").count() == 0
    expect(page.locator(".lab4-steps-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab4-practice")).to_be_visible()
    page.locator(".lab4-check-shape").scroll_into_view_if_needed()
    screenshot(page, "lab-04-before")

    # Rows and columns swapped in the shape: the feedback names it; then the right shape.
    answer_check(page, ".lab4-check-shape", "2x4")
    feedback = page.locator(".lab4-check-shape [role=status]")
    expect(feedback).to_contain_text("rows and columns swapped", timeout=10_000)
    answer_check(page, ".lab4-check-shape", "4×2")
    expect(feedback).to_contain_text("Correct!", timeout=10_000)

    # The order prediction, wrong: it says why, and the plots open on the answer given.
    order = page.locator(".lab4-check-order")
    order.get_by_text("SR", exact=True).click()
    order.locator("button", has_text="Check").first.click()
    expect(order.locator("[role=status]")).to_contain_text("R acts on x first", timeout=10_000)
    at_once = page.locator(".lab4-at-once")
    expect(at_once).to_be_visible(timeout=10_000)
    expect(page.locator(".lab4-agree")).to_contain_text("differ by at most 0")
    at_once.scroll_into_view_if_needed()
    screenshot(page, "lab-04-after")

    # The shape checker takes a size beyond 9 as typed.
    result = page.locator(".lab4-shape-result")

    def set_size(name, value):
        box = page.locator(f".lab4-{name} input")
        box.fill(str(value))
        box.press("Enter")

    for name, value in zip("mnpq", (4, 3, 3, 2)):
        set_size(name, value)
    result.scroll_into_view_if_needed()
    expect(result).to_contain_text("AB exists and is 4×2")
    expect(result).to_contain_text("ℝ² → ℝ⁴")
    set_size("p", 2)
    expect(result).to_contain_text("A has 3 columns but B has 2 rows")
    expect(result).to_contain_text("B sends vectors to ℝ², but A only accepts vectors in ℝ³")
    set_size("n", 12)
    expect(result).to_contain_text("A is 4×12 and B is 2×2")
    screenshot(page, "lab-04-shape-mismatch")
    problems.assert_clean()
