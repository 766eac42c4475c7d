"""Lab 8 (attention weights and the output): its exercises, and its weight sliders in Chromium."""
from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, open_lab
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "08-attention-weights.ipynb"
V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]])  # Activity 1.4.6

ANSWERS = r'''
import numpy as np

def answer(check, value):
    check.answer_input.value = value
    return check.submit()

# The lab starts as the activity: V, and row 2 of the weights set by hand.
r = explorer.result
assert explorer.weights_mode == "sliders"
np.testing.assert_array_equal(r.V, [[1, 0], [2, 0], [0, 4], [4, 4]])
np.testing.assert_allclose(r.A[1], [0, 0.5, 0.25, 0.25])
np.testing.assert_allclose(r.H[1], [2, 2])
np.testing.assert_allclose(r.A.sum(axis=1), 1)
assert (explorer.shapes["X"], explorer.shapes["W_Q"]) == ((4, 3), (3, 2))
assert (r.Q.shape, r.S.shape, r.A.shape, r.H.shape) == ((4, 2), (4, 4), (4, 4), (4, 2))

# Shapes: the syllabus answers are accepted, wrong ones rejected.
assert answer(check_qkv, "4x2") and answer(check_s, "4×4") and answer(check_a, "(4, 4)")
assert answer(check_h, "4 x 2")
assert not answer(check_qkv, "4x3") and check_qkv.feedback == "not quite: in 4×3 the number of columns is off"
assert not answer(check_h, "2x4") and not answer(check_a, "4x2") and not answer(check_s, "2x2")

# h_2 = (2, 2), as a column.
assert answer(check_h2, [[2], [2]])
assert not answer(check_h2, [[2], [3]]) and check_h2.feedback == "entry (2,1) is off"
assert "Hint:" in check_h2.children[3].value
check_h2.answer_input.cells[1][0].value = "abc"
assert not check_h2.submit() and "is not a number" in check_h2.feedback

assert answer(check_row, ROW_CHOICES[1]) and not answer(check_row, ROW_CHOICES[3])
assert answer(check_why, WHY_CHOICES[2]) and not answer(check_why, WHY_CHOICES[1])
for check in (check_qkv, check_s, check_a, check_h, check_h2, check_row, check_why):
    assert check.solved and check._solution is not None

# Softmax mode: the weights come from the (scaled) scores; the mask zeroes the future.
explorer.weights_mode = "softmax"
explorer.causal = True
A = explorer.result.A
assert np.all(A[np.triu_indices(4, 1)] == 0) and np.allclose(A.sum(axis=1), 1)
np.testing.assert_allclose(explorer.result.H[0], explorer.result.V[0])
'''


def test_lab08_exercises():
    execute_notebook(LAB, extra_cells=(ANSWERS,))


AVERAGE = re.compile(
    r"h2 = (\S+) v1 \+ (\S+) v2 \+ (\S+) v3 \+ (\S+) v4 = \((\S+), (\S+)\)"
)


def read_average(page):
    match = AVERAGE.search(page.locator(".attention-average").inner_text())
    assert match, page.locator(".attention-average").inner_text()
    numbers = [float(x) for x in match.groups()]
    return np.array(numbers[:4]), np.array(numbers[4:])


@pytest.fixture
def lab(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-08-open")
    return page, problems


def test_moving_a_row_2_slider_moves_h2_to_the_weighted_average(lab):
    page, problems = lab
    average = page.locator(".attention-average")
    row2 = page.locator(".attention-row-2")
    expect(average).to_have_text("h2 = 0 v1 + 0.5 v2 + 0.25 v3 + 0.25 v4 = (2, 2)")

    # Keyboard: v1's weight +0.01; the others give way in proportion.
    handle = row2.locator(".noUi-handle").nth(0)
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press("ArrowRight")
    expect(average).to_have_text(re.compile(r"h2 = 0\.01 v1 \+"))
    weights, h2 = read_average(page)
    assert abs(weights.sum() - 1) < 2e-3  # the average rounds each weight to 3 decimals
    assert np.allclose(h2, weights @ V, atol=5e-3)
    assert np.allclose(h2, [1.99, 1.98])
    expect(row2.locator(".widget-html", has_text="sum =")).to_have_text("sum = 1.00")

    # Typed into the entry beside v4's slider: v4 takes 0.7, the rest share 0.3 in proportion.
    entry = row2.locator(".slider-entry-text input").nth(3)
    entry.fill("0.7")
    entry.press("Enter")
    expect(average).to_contain_text(" 0.7 v4 = ")
    expect(entry).to_have_value("0.7")
    weights, h2 = read_average(page)
    assert abs(weights.sum() - 1) < 2e-3
    assert np.allclose(h2, weights @ V, atol=5e-3)
    expect(row2.locator(".widget-html", has_text="sum =")).to_have_text("sum = 1.00")
    page.locator(".lab08-by-hand").screenshot(path=str(ARTIFACTS / "lab-08-sliders.png"))
    problems.assert_clean()
