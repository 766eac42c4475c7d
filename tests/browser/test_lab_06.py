"""Lab 6 (a dense layer): its exercises judge answers, and its picture follows W, b, x and ReLU.

`tests/test_labs.py` already runs and renders the lab; these tests drive it:
in the kernel (as the widgets' Python side sees a learner's edits) and in
Chromium (typing, clicking and dragging in Voila).
"""
from __future__ import annotations

import re

import numpy as np
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import answer_check, open_lab, screenshot, shows_sequence
from harness.notebooks import execute_notebook
from widgets import format_number

LAB = REPO / "labs" / "06-dense-layer.ipynb"

CHECKS = r'''
# The prediction first: the picture waits for it (a wrong answer counts).
assert dashboard_panel.view is layer and not dashboard_panel.opened
ex = check_origin
ex.answer_input.value = "to W b"
assert ex.submit() is False and "added after the product" in ex.feedback, ex.feedback
assert dashboard_panel.opened and layer in dashboard_panel.children
for wrong in ("to the origin 0", "to the first column of W"):
    ex.answer_input.value = wrong
    assert ex.submit() is False, wrong
ex.answer_input.value = "to b"
assert ex.submit() is True and ex.solved and ex.feedback.startswith("Correct!")

# Exercise 1: ŷ = W x + b with W = [[2, -1], [0, 3]], x = (1, 2), b = (1, -1) is (1, 5).
ex = check_yhat
assert ex.submit() is False, "zeros accepted"
ex.answer_input.value = [[0], [6]]  # forgot b
assert ex.submit() is False and ex.mistake == "no-bias", ex.feedback
ex.answer_input.value = [[3], [4]]  # W transposed
assert ex.submit() is False and ex.mistake == "transpose", ex.feedback
ex.answer_input.value = [[1], [7]]  # b_2 added instead of subtracted
assert ex.submit() is False and ex.feedback.startswith("row 2 off"), ex.feedback
assert "Hint:" in ex._feedback.value and "b_2 = -1" in ex._feedback.value
ex.answer_input.resize(1, 2)
ex.answer_input.value = [[1, 5]]
assert ex.submit() is False and ex.mistake == "row" and "as a row" in ex.feedback, ex.feedback
ex.answer_input.resize(2, 1)
ex.answer_input.cells[0][0].value = "1"   # typed, as in the browser
ex.answer_input.cells[1][0].value = "10/2"
assert ex.submit() is True and ex.solved and ex.attempts == 6, (ex.feedback, ex.attempts)
assert r"2 \cdot 1 + (-1) \cdot 2 + 1" in ex._solution_text

# Exercise 2: the second output after ReLU with b = (1, -7) is max(0, -1) = 0.
ex = check_relu
ex.answer_input.value = "zero"
assert ex.submit() is False and ex.attempts == 0, "unreadable answer counted"
ex.answer_input.value = "-1"  # forgot the ReLU
assert ex.submit() is False and ex.mistake == "no-relu" and "before ReLU" in ex.feedback, ex.feedback
assert "never outputs a negative number" in ex._feedback.value
ex.answer_input.value = "1"
assert ex.submit() is False and ex.mistake == "abs", ex.feedback
ex.answer_input.value = "0"
assert ex.submit() is True and ex.solved

# From columns to rows: q_1 = W_Q^T x_1 = (5, 2).
ex = check_bridge
ex.answer_input.resize(2, 1)
ex.answer_input.value = [[1], [4]]
assert ex.submit() is False and ex.mistake == "no-transpose" and "W_Qᵀ x₁" in ex.feedback, ex.feedback
ex.answer_input.value = [[5], [2]]
assert ex.submit() is True

# Practice on fresh numbers: ReLU(Wx + b).
assert practice.skill == "dense" and not practice.started
practice.start()
assert len(practice.checks) == 1
part = practice.problem.parts[0]
practice.checks[0].answer_input.resize(*part.answer.shape)
practice.checks[0].answer_input.value = part.answer
assert practice.checks[0].submit() and practice.streak == 1
'''

DASHBOARD = r'''
# The picture is a tested composite (tests/labs/test_lab06_dense_layer_plot.py): here, that the
# lab builds it on its own numbers, which are not the exercises' (W x + b = (0.75, -0.5), not (1, 5)).
assert layer.W_editor.value.tolist() == [[1, -1], [0.5, 1]]
assert "<b class='lab06-yhat'>(0.75, -0.5)</b>" in layer.readout.value
assert "<b class='lab06-origin'>(0.5, -1)</b>" in layer.readout.value
np.testing.assert_allclose(layer.plot.image, layer.W_editor.value @ HOUSE + [[0.5], [-1]])
'''


def test_checks_judge_answers_and_dashboard_follows_edits_in_the_kernel():
    # One kernel for both (a kernel start is most of the cost); a failing
    # assertion names its cell: DASHBOARD runs first (on the lab's own numbers), then CHECKS.
    execute_notebook(LAB, extra_cells=("import numpy as np\nfrom widgets import HOUSE", DASHBOARD, CHECKS))


IMAGE_PATH_JS = """
() => {
  // The filled blue polygon is the image of the house (the legend has its own copy).
  const lines = Array.from(document.querySelectorAll('.lab06-plot path.line'))
    .filter(p => !p.closest('.legend') && getComputedStyle(p).fill !== 'none');
  return lines.map(p => p.getAttribute('d')).join('|');
}
"""
ORANGE_DOT_JS = """
() => {
  const dot = Array.from(document.querySelectorAll('.lab06-plot .dot'))
    .find(d => getComputedStyle(d).fill === 'rgb(255, 127, 14)');
  const r = dot.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}
"""


def _vector(text):
    return [float(v) for v in re.fullmatch(r"\((.*), (.*)\)", text).groups()]


def test_browser_b_moves_the_origin_relu_folds_and_x_drags(voila_server, page):
    # ?reveal=1: the picture waits for the prediction about the origin.
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}?reveal=1", "lab-06-dense-layer-open")
    page.locator(".lab06-plot").scroll_into_view_if_needed()
    origin, yhat, xvalue = page.locator(".lab06-origin"), page.locator(".lab06-yhat"), page.locator(".lab06-xvalue")
    expect(origin).to_have_text("(0.5, -1)")
    expect(yhat).to_have_text("(0.75, -0.5)")  # the default x has a negative output

    # ReLU on: ŷ's negative entry becomes 0 and the image of the house folds.
    image_before = page.evaluate(IMAGE_PATH_JS)
    page.click(".lab06-relu")
    expect(yhat).to_have_text("(0.75, 0)")
    expect(origin).to_have_text("(0.5, 0)")
    page.wait_for_function(f"() => ({IMAGE_PATH_JS})() !== {image_before!r}")
    screenshot(page, "lab-06-dense-layer-relu")
    page.click(".lab06-relu")
    expect(yhat).to_have_text("(0.75, -0.5)")

    # Typing b moves the image of the origin to b.
    for placeholder, text in [("b[1,1]", "2"), ("b[2,1]", "1")]:
        cell = page.get_by_placeholder(placeholder)
        cell.fill(text)
        cell.press("Enter")
    expect(origin).to_have_text("(2, 1)")

    # Dragging the orange point x moves x, and ŷ = W x + b follows.
    start = page.evaluate(ORANGE_DOT_JS)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 50, start[1] + 60, steps=8)
    page.mouse.up()
    expect(xvalue).not_to_have_text("(0.5, 0.25)")
    x = np.array(_vector(xvalue.inner_text()))
    assert x[0] > 0.5 and x[1] < 0.25, x  # right and down on screen
    W = np.array([[1, -1], [0.5, 1]])
    expect(yhat).to_have_text("(" + ", ".join(format_number(v) for v in W @ x + [2, 1]) + ")")
    screenshot(page, "lab-06-dense-layer-dragged")
    problems.assert_clean()


def test_asks_before_it_shows_names_the_mistake_then_opens_the_picture(voila_server, page):
    # ?seed=1: the practice shows fixed numbers, so no chance pair of them reads as an answer.
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}?seed=1", "lab-06-open")
    # Before any answer: the picture (whose readout says 0 ↦ b) is not there, and no
    # exercise answer is on the page: ŷ = (1, 5), q₁ = (5, 2).
    expect(page.locator(".lab06-dashboard")).to_have_count(0)
    expect(page.locator(".lab06-origin")).to_have_count(0)
    assert not shows_sequence(page, ["1", "5"]) and not shows_sequence(page, ["5", "2"])
    page.locator(".lab06-check-origin").scroll_into_view_if_needed()
    screenshot(page, "lab-06-before")

    # A wrong prediction is explained, and the picture opens.
    origin = page.locator(".lab06-check-origin")
    origin.get_by_label("to W b").check()
    origin.locator("button", has_text="Check").click()
    expect(origin.locator("[role=status]")).to_contain_text("b is added after the product")
    expect(page.locator(".lab06-dashboard")).to_be_visible()
    expect(page.locator(".lab06-origin")).to_have_text("(0.5, -1)")

    # ŷ typed: forgetting b is named; the right answer is accepted.
    feedback = page.locator(".lab06-check-yhat [role=status]")
    answer_check(page, ".lab06-check-yhat", [[0], [6]])
    expect(feedback).to_contain_text("that is Wx: the layer then adds the bias b")
    answer_check(page, ".lab06-check-yhat", [[1], [5]])
    expect(feedback).to_have_text("Correct!")
    page.locator(".lab06-plot").scroll_into_view_if_needed()
    screenshot(page, "lab-06-after")
    problems.assert_clean()
