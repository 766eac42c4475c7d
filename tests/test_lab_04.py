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
assert practice.skill == "composition" and len(practice.checks) == 3
'''

DRIVE_PLOTS = r'''
import numpy as np

# B then A, step by step, lands exactly where AB does in one go.
assert np.allclose(then_a.image, at_once.image)
assert np.allclose(at_once.image, R @ S @ HOUSE)
rotate_first.click()
assert (A.value == S).all() and (B.value == R).all()
assert np.allclose(then_a.image, at_once.image) and np.allclose(at_once.image, S @ R @ HOUSE)
assert np.allclose(other_order.image, R @ S @ HOUSE)
shape.value = "unit square"
A.cells[0][1].value = "3"
assert np.allclose(then_a.image, A.value @ B.value @ UNIT_SQUARE)
assert np.allclose(then_a.image, at_once.image) and "at most <b>0</b>" in agree.value

# A typo in a cell is explained by the editor and leaves the plots alone.
A.cells[0][0].value = "2,5"
assert "A[1,1]" in A.error and np.allclose(then_a.image, at_once.image)

# The shape checker starts on other sizes than Activity 1.4.3, then takes them.
assert "AB exists and is 2×1" in shape_result.value
m.value, n.value, p.value, q.value = 4, 3, 3, 2
assert "AB exists and is 4×2" in shape_result.value and "ℝ² → ℝ⁴" in shape_result.value
p.value = 2
assert "A has 3 columns but B has 2 rows" in shape_result.value
# A size is taken as typed, not clamped; one below 1 is explained.
n.value, p.value = 12, 12
assert n.value == 12 and "AB exists and is 4×2" in shape_result.value and "ℝ¹²" in shape_result.value
q.value = 0
assert "q = 0: a matrix has at least one row and one column" in shape_result.value
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
