"""Lab 3 (properties of the product): its exercises and its live panels."""
from __future__ import annotations

from playwright.sync_api import expect

from conftest import REPO
from harness.browser import READ_MATRIX_JS, answer_check, open_lab, screenshot, shows_sequence
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "03-product-properties.ipynb"

# Run after the lab in the same kernel: answer each Check wrong, then right,
# as a learner would, and poke the live panels with bad and odd input.
DRIVE_CHECKS = r'''
def answer(check, rows):
    check.answer_input.resize(len(rows), len(rows[0]))  # matrix answers open at 1×1
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            check.answer_input.cells[i][j].value = text

# Nothing that answers RS and SR is drawn before both are answered.
assert not order_reveal.opened and not identities_reveal.opened
answer(rs_check, [["0", "1"], ["2", "0"]])
assert rs_check.submit() is False and not rs_check.solved
assert rs_check.mistake == "sign" and "entry (1,2)" in rs_check.feedback, rs_check.feedback
answer(rs_check, [["0", "-2"], ["1", "0"]])  # SR instead of RS
assert rs_check.submit() is False and rs_check.mistake == "BA"
assert rs_check.feedback.startswith("you computed SR, not RS"), rs_check.feedback
assert not order_reveal.opened  # SR is not answered yet
answer(rs_check, [["0", "-1"], ["2", "0"]])
assert rs_check.submit() and rs_check.solved and rs_check.attempts == 3

answer(sr_check, [["0", "-1"], ["2", "0"]])  # RS is not SR
assert sr_check.submit() is False and sr_check.mistake == "BA"
assert sr_check.feedback.startswith("you computed RS, not SR"), sr_check.feedback
assert order_reveal.opened  # both answered: the live panel opens
answer(sr_check, [["0", "-2"], ["1", "0"]])
assert sr_check.submit() and sr_check.solved and sr_check.attempts == 2

transpose_check.answer_input.value = "AᵀBᵀ"
assert transpose_check.submit() is False and "3×3" in transpose_check.feedback
assert identities_reveal.opened
transpose_check.answer_input.value = "BA"
assert transpose_check.submit() is False and "transposes neither" in transpose_check.feedback
transpose_check.answer_input.value = "BᵀAᵀ"
assert transpose_check.submit() and transpose_check.solved

cancel_check.answer_input.value = "Only if A is not square"
assert cancel_check.submit() is False and "2×2" in cancel_check.feedback
cancel_check.answer_input.value = "No: A can forget the place where B and C differ"
assert cancel_check.submit() and cancel_check.solved

shape_check.answer_input.value = "2x2"
assert shape_check.submit() is False and shape_check.mistake == "AB"
assert "2×2 is the shape of AB" in shape_check.feedback
shape_check.answer_input.value = "4×2"
assert shape_check.submit() is False and shape_check.mistake == "inner"
shape_check.answer_input.value = "4×4"
assert shape_check.submit() and shape_check.solved and shape_check.attempts == 3
'''

DRIVE_PANELS = r'''
# The default matrices satisfy every identity, and fail both look-alikes (AB != BA).
assert [res.verdict for res in identities.results] == ["equal"] * 5
assert [res.verdict for res in identities.false_results] == ["different"] * 2
assert "✗ fails" in identities.false_cards[1].value

# Shapes that break the sums: each side says which sum fails and why.
A.resize(2, 3)
B.resize(3, 2)
right, left = identities.results[1], identities.results[2]
assert right.verdict == left.verdict == "undefined"
assert "A + B is undefined: A is 2×3 and B is 3×2" in right.sides[0].reason
assert "A + B is undefined" in identities.cards[1].value
assert identities.results[0].verdict == "equal"   # A(BC) = (AB)C still holds
assert identities.results[4].verdict == "equal"   # and so does the transpose rule

# A typo in r is explained in place and changes nothing (the explorer's own tests cover the rest).
explorer.r_box.value = "two"
assert "two" in explorer.r_status.value and "is not a number" in explorer.r_status.value
assert identities.r == 2
explorer.r_box.value = "-1/2"
assert explorer.r_status.value == "" and identities.r == -0.5
assert identities.results[3].verdict == "equal"

# Randomise is reproducible from its seed and keeps the shapes.
explorer.seed_box.value = 7
explorer.randomise_button.click()
first = [m.value.copy() for m in (A, B, C)]
assert [m.shape for m in first] == [(2, 3), (3, 2), (2, 2)] and explorer.seed_box.value == 8

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


def test_the_order_panel_waits_for_rs_and_sr(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-03-before")
    # Before any answer: neither RS nor SR is on the page, and the panel is a placeholder.
    assert not shows_sequence(page, ["0", "-1", "2", "0"])  # RS, row by row
    assert not shows_sequence(page, ["0", "-2", "1", "0"])  # SR
    assert page.locator(".lab3-order").count() == 0
    expect(page.locator(".lab3-order-reveal .reveal-placeholder")).to_be_visible()
    page.locator(".lab3-check-rs").scroll_into_view_if_needed()
    screenshot(page, "lab-03-before")

    # SR typed for RS: the feedback names the slip, and the panel still waits for SR's own check.
    answer_check(page, ".lab3-check-rs", [[0, -2], [1, 0]])
    feedback = page.locator(".lab3-check-rs [role=status]")
    expect(feedback).to_contain_text("you computed SR, not RS", timeout=10_000)
    assert page.locator(".lab3-order").count() == 0
    answer_check(page, ".lab3-check-rs", [[0, -1], [2, 0]])
    expect(feedback).to_contain_text("Correct!", timeout=10_000)
    answer_check(page, ".lab3-check-sr", [[0, -2], [1, 0]])
    expect(page.locator(".lab3-check-sr [role=status]")).to_contain_text("Correct!", timeout=10_000)

    # Both answered: the live panel opens on Warning 1.4.4.
    panel = page.locator(".lab3-order")
    expect(panel).to_be_visible(timeout=10_000)
    panel.scroll_into_view_if_needed()
    forward, backward = panel.locator(".order-forward"), panel.locator(".order-backward")
    assert forward.evaluate(READ_MATRIX_JS) == [[0, -1], [2, 0]]
    assert backward.evaluate(READ_MATRIX_JS) == [[0, -2], [1, 0]]
    verdict = panel.locator(".order-verdict")
    assert "entries (1,2) and (2,1) differ" in verdict.inner_text()
    screenshot(page, "lab-03-after")

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
    problems.assert_clean()
