"""Lab 7 (queries, keys and scores): its exercises, and its score matrix driven in Chromium."""
from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, open_lab
from harness.notebooks import execute_notebook
from widgets.attention_steps import score_expansion

LAB = REPO / "labs" / "07-queries-keys-scores.ipynb"

# The lab's starting matrices (X is 5×4, the weights 4×3, as in Activity 1.4.5).
X = np.array([[1, 0, -1, 1], [0, 1, 1, 0], [1, 1, 0, -1], [-1, 0, 1, 1], [0, -1, 1, 0]])
W_Q = np.array([[1, 0, 0.5], [0, 1, -0.5], [0.5, 0, 1], [0, -1, 0]])
W_K = np.array([[0.5, 1, 0], [1, 0, 0], [0, 0.5, 1], [-0.5, 0, 0.5]])

ANSWERS = r'''
def answer(check, text):
    check.answer_input.value = text
    return check.submit()

# Activity 1.4.5: the syllabus answers are accepted ...
assert answer(check_qkv, "5x3") and answer(check_kt, "3×5") and answer(check_s, "(5, 5)")
assert answer(check_s24, "q21 k41 + q22 k42 + q23 k43")
assert answer(check_compare, "the query of token 2 with the key of token 4")
assert answer(check_row, "the scores comparing token 2's query with all five keys")
# ... and wrong ones rejected with a useful message and the hint.
assert not answer(check_qkv, "3x5")
assert check_qkv.feedback == "not quite: in 3×5 both numbers are off"
assert "Hint:" in check_qkv.children[3].value
assert not answer(check_kt, "5x3") and not answer(check_s, "5x3")
assert check_s.feedback == "not quite: in 5×3 the number of columns is off"
assert not answer(check_s24, "q21 k14 + q22 k24 + q23 k34")
assert not answer(check_compare, "the query of token 4 with the key of token 2")
assert not answer(check_row, "the query vector of token 2")
assert not answer(check_qkv, "five by three") and check_qkv.feedback.startswith("'five by three' is not a shape")

# Activity 1.4.7
assert answer(check_line, "scores_many = Q @ K_tokens.T")
assert not answer(check_line, "Q = X_tokens @ WQ")
assert answer(check_why, WHY_CHOICES[1]) and not answer(check_why, WHY_CHOICES[0])
for check in (check_qkv, check_kt, check_s, check_s24, check_compare, check_row, check_line, check_why):
    assert check.solved and check._solution is not None  # every exercise has a worked solution

# The explorer starts with the activity's shapes and reads them right.
shapes = explorer.shapes
assert (shapes["Q"], shapes["K"], shapes["V"], shapes["K^T"], shapes["S"]) == ((5, 3),) * 3 + ((3, 5), (5, 5))
'''


def test_lab07_exercises_and_code_activity():
    notebook = execute_notebook(LAB, extra_cells=(ANSWERS,))
    outputs = [
        output["data"]["text/plain"]
        for cell in notebook.cells if cell.cell_type == "code"
        for output in cell.outputs if output.output_type == "execute_result"
    ]
    assert "((5, 3), (5, 3), (5, 3), (5, 5))" in outputs  # Activity 1.4.7, run


@pytest.fixture(scope="module")
def lab(browser, voila_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-07-open")
    yield page, problems
    context.close()


def click_cell(page, selector, i, j, rows, cols):
    """Click cell (i, j), 0-based, near its top-left corner (away from its number)."""
    area = page.locator(f"{selector} .plotarea_background")
    area.scroll_into_view_if_needed()
    box = area.bounding_box()
    page.mouse.click(box["x"] + (j + 0.15) * box["width"] / cols,
                     box["y"] + (i + 0.15) * box["height"] / rows)


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
