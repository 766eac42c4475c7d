"""Lab 3 (properties of the product): its exercises and its live panels."""
from __future__ import annotations

from conftest import REPO
from harness.browser import READ_MATRIX_JS, open_lab, screenshot
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "03-product-properties.ipynb"

# Run after the lab in the same kernel: answer each Check wrong, then right,
# as a learner would, and poke the live panels with bad and odd input.
DRIVE_CHECKS = r'''
def answer(check, rows):
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            check.answer_input.cells[i][j].value = text

answer(rs_check, [["0", "1"], ["2", "0"]])
assert rs_check.submit() is False and not rs_check.solved
assert rs_check.feedback == "entry (1,2) is off", rs_check.feedback
answer(rs_check, [["0", "-1"], ["2", "0"]])
assert rs_check.submit() and rs_check.solved and rs_check.attempts == 2

answer(sr_check, [["0", "-1"], ["2", "0"]])  # RS is not SR
assert sr_check.submit() is False
assert sr_check.feedback == "entries (1,2) and (2,1) are off", sr_check.feedback
answer(sr_check, [["0", "-2"], ["1", "0"]])
assert sr_check.submit() and sr_check.solved and sr_check.attempts == 2

transpose_check.answer_input.value = "AᵀBᵀ"
assert transpose_check.submit() is False and "not quite" in transpose_check.feedback
transpose_check.answer_input.value = "BᵀAᵀ"
assert transpose_check.submit() and transpose_check.solved

shape_check.answer_input.value = "2x2"
assert shape_check.submit() is False and "both numbers are off" in shape_check.feedback
shape_check.answer_input.value = "3×3"
assert shape_check.submit() and shape_check.solved and shape_check.attempts == 2
'''

DRIVE_PANELS = r'''
# The default matrices satisfy every identity.
assert [res.verdict for res in identities.results] == ["equal"] * 5

# Shapes that break the sums: each side says which sum fails and why.
A.resize(2, 3)
B.resize(3, 2)
right, left = identities.results[1], identities.results[2]
assert right.verdict == left.verdict == "undefined"
assert "A + B is undefined: A is 2×3 and B is 3×2" in right.sides[0].reason
assert "A + B is undefined" in identities.cards[1].value
assert identities.results[0].verdict == "equal"   # A(BC) = (AB)C still holds
assert identities.results[4].verdict == "equal"   # and so does the transpose rule

# A typo in r is explained in place and changes nothing.
r_box.value = "two"
assert "two" in r_status.value and "is not a number" in r_status.value and identities.r == 2
r_box.value = "-1/2"
assert r_status.value == "" and identities.r == -0.5
assert identities.results[3].verdict == "equal"

# Randomise is reproducible from its seed and keeps the shapes.
seed.value = 7
randomise.click()
first = [m.value.copy() for m in (A, B, C)]
assert [m.shape for m in first] == [(2, 3), (3, 2), (2, 2)] and seed.value == 8
seed.value = 7
randomise.click()
assert all((m.value == f).all() for m, f in zip((A, B, C), first))

# The order panel: Warning 1.4.4, then a pair that commutes.
assert order.comparison.forward.value.tolist() == [[0, -1], [2, 0]]
assert order.comparison.backward.value.tolist() == [[0, -2], [1, 0]]
S.cells[1][1].value = "2"
assert order.comparison.verdict == "commute"
R.resize(2, 3); S.resize(3, 2)
assert order.comparison.verdict == "shapes differ"
'''


def test_checks_and_panels_in_the_kernel():
    execute_notebook(LAB, extra_cells=(DRIVE_CHECKS, DRIVE_PANELS))


def test_order_panel_in_the_browser(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-03-order")
    panel = page.locator(".lab3-order")
    panel.scroll_into_view_if_needed()
    forward, backward = panel.locator(".order-forward"), panel.locator(".order-backward")
    assert forward.evaluate(READ_MATRIX_JS) == [[0, -1], [2, 0]]
    assert backward.evaluate(READ_MATRIX_JS) == [[0, -2], [1, 0]]
    verdict = panel.locator(".order-verdict")
    assert "entries (1,2) and (2,1) differ" in verdict.inner_text()

    # S = 2I commutes with the rotation: typing the 2 updates both products.
    cell = page.locator('.lab3-order-inputs input[placeholder="S[2,2]"]')
    cell.fill("2")
    cell.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.lab3-order .order-verdict').textContent.includes('same result')"
    )
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab3-order .order-backward')))"
        " === '[[0,-2],[2,0]]'"
    )
    screenshot(page, "lab-03-order-commute")
