"""Lab 4 (composition and the shape check): its exercises, plots and shape checker."""
from __future__ import annotations

from conftest import REPO
from harness.browser import open_lab, screenshot
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "04-composition.ipynb"

DRIVE_CHECKS = r'''
ab_shape_check.answer_input.value = "2×4"
assert ab_shape_check.submit() is False and "both numbers are off" in ab_shape_check.feedback
ab_shape_check.answer_input.value = "4x2"
assert ab_shape_check.submit() and ab_shape_check.solved and ab_shape_check.attempts == 2

domain_check.answer_input.value = "ℝ⁴"
assert domain_check.submit() is False and "not quite" in domain_check.feedback
domain_check.answer_input.value = "ℝ²"
assert domain_check.submit() and domain_check.solved

codomain_check.answer_input.value = "ℝ³"
assert codomain_check.submit() is False
codomain_check.answer_input.value = "ℝ⁴"
assert codomain_check.submit() and codomain_check.solved

order_check.answer_input.value = "SR"
assert order_check.submit() is False
order_check.answer_input.value = "RS"
assert order_check.submit() and order_check.solved
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

# The shape checker, Activity 1.4.3 and a mismatch.
m.value, n.value, p.value, q.value = 4, 3, 3, 2
assert "AB exists and is 4×2" in shape_result.value and "ℝ² → ℝ⁴" in shape_result.value
p.value = 2
assert "A has 3 columns but B has 2 rows" in shape_result.value
'''


def test_checks_plots_and_shape_checker_in_the_kernel():
    execute_notebook(LAB, extra_cells=(DRIVE_CHECKS, DRIVE_PLOTS))


def test_shape_checker_in_the_browser(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-04-shape-check")
    result = page.locator(".lab4-shape-result")

    def set_size(name, value):
        box = page.locator(f".lab4-{name} input")
        box.fill(str(value))
        box.press("Enter")

    for name, value in zip("mnpq", (4, 3, 3, 2)):
        set_size(name, value)
    result.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('.lab4-shape-result').textContent.includes('4×2')"
    )
    text = result.inner_text()
    assert "AB exists and is 4×2" in text and "ℝ² → ℝ⁴" in text, text

    set_size("p", 2)
    page.wait_for_function(
        "() => document.querySelector('.lab4-shape-result').textContent.includes('undefined')"
    )
    text = result.inner_text()
    assert "A has 3 columns but B has 2 rows" in text, text
    assert "B sends vectors to ℝ², but A only accepts vectors in ℝ³" in text, text
    screenshot(page, "lab-04-shape-mismatch")
