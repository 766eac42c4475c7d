"""Lab 9 (attention as adaptive weights): its exercises and linearity tables, and a token edit in Chromium."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, open_lab, screenshot, visible_text
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "09-adaptive-weights.ipynb"

ANSWERS = r'''
import numpy as np

from widgets import attention

c_slider, c_entry, tables = linearity.c_slider, linearity.c_entry, linearity.tables
views, verdicts, A_views = linearity.views, linearity.verdicts, linearity.A_views
change, dense_map = comparison.change, comparison.dense_map

def answer(check, value):
    check.answer_input.value = value
    return check.submit()

# The table of roles and the linearity comparison wait for their questions.
assert not roles_panel.opened and not linearity_panel.opened
assert linearity not in linearity_panel.children

# Each wrong choice explains itself; the table opens once both questions are answered.
assert not answer(check_role, "W_V") and check_role.feedback == ROLE_CHOICES["W_V"]
assert not answer(check_role, "V(X) = X W_V") and "the role of U(x)" in check_role.feedback
assert answer(check_role, "A_att(X), the attention weights")
assert check_role.feedback.startswith("Correct! A_att(X) multiplies the values")
assert not roles_panel.opened
assert not answer(check_bias, "B(x) = X and b = 0") and "residual connection" in check_bias.feedback
assert answer(check_bias, "both are 0")
assert roles_panel.opened and "yes, through the scores" in roles_panel.view.value

assert not answer(check_dense, "it is multiplied by 4") and "A factor 4 needs $X$ twice" in check_dense.feedback
assert answer(check_dense, "it doubles exactly")
assert not linearity_panel.opened
assert not answer(check_att, "it doubles exactly") and "the weights do not stay" in check_att.feedback
assert not answer(check_att, "it stays the same, because the weights add to 1")
assert answer(check_att, "it changes, but in general not by a factor of 2, because the weights change too")
assert linearity_panel.opened and linearity in linearity_panel.view.children

# A_att(2V), typed: forgetting to double and multiplying the other way round are named.
assert not answer(check_fixed, [[1, 2], [0.5, 3]]) and check_fixed.mistake == "not-doubled"
assert check_fixed.feedback.startswith("that is A_att V")
assert not answer(check_fixed, [[2, 2], [2, 6]]) and check_fixed.mistake == "BA"
assert answer(check_fixed, [[2, 4], [1, 6]])
for check in (check_role, check_dense, check_att, check_bias, check_fixed):
    assert check.solved and check._solution_toggle is not None

# Linearity, with the numbers: c = 2 by default.
assert c_slider.value == 2
assert "equal" in verdicts["dense"].value and "equal" in verdicts["fixed"].value
assert "different" in verdicts["att"].value
X = explorer.X_editor.value
np.testing.assert_allclose(views["dense_cX"].matrix, 2 * (X @ W_DENSE.T))
np.testing.assert_allclose(views["dense_cX"].matrix, views["dense_c"].matrix)
r = attention(X, *(e.value for e in (explorer.W_Q_editor, explorer.W_K_editor, explorer.W_V_editor)))
assert not np.allclose(views["att_cX"].matrix, 2 * r.H)
np.testing.assert_allclose(views["att_c"].matrix, 2 * r.H)
assert not np.allclose(A_views["A_att_c"].matrix, r.A)
c_slider.value = 1.0
assert "equal" in verdicts["att"].value
# c typed beside its slider: out of range is refused with a message and c stays; 2 is taken.
c_entry.entry.value = "10"
assert c_slider.value == 1.0 and "equal" in verdicts["att"].value
assert c_entry.error == "scale factor c must be between −2 and 3; 10 is outside"
c_entry.entry.value = "2"
assert c_slider.value == 2.0 and c_entry.error == "" and "different" in verdicts["att"].value

# One token changes: the attention weights change, the dense W does not.
A_before = explorer.result.A
explorer.X_editor.cells[2][0].value = "3"
assert not np.allclose(explorer.result.A, A_before)
np.testing.assert_array_equal(dense_map.matrix, W_DENSE)
assert "Dense layer: <b>0 of 4</b> entries of W moved" in change.value

# Bad input: a third feature does not fit the dense layer's 2×2 W; messages, not tracebacks.
explorer.X_editor.resize(3, 3)
assert "x needs 2 entries" in change.value and "Set features d back to 2" in change.value
assert "x needs 2 entries" in verdicts["att"].value
explorer.X_editor.resize(3, 2)
assert "changed token" in change.value or "Change an entry" in change.value
assert "equal" in verdicts["dense"].value
'''


def test_lab09_exercises_and_linearity():
    execute_notebook(LAB, extra_cells=(ANSWERS,))


def labels(page, selector):
    # SVG text has no innerText: read textContent.
    return page.locator(f"{selector} text.label").evaluate_all("ls => ls.map(e => e.textContent)")


@pytest.fixture
def lab(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-09-open")
    return page, problems


def test_changing_a_token_changes_attention_weights_not_the_dense_w(lab):
    page, problems = lab
    weights_before = labels(page, ".attention-weights")
    dense_before = labels(page, ".lab09-dense")
    assert len(weights_before) == 9 and dense_before == ["1", "-1", "0.5", "2"]

    cell = page.locator(".attention-X .widget-text input").nth(4)  # X[3,1]: token 3, "tea"
    cell.fill("3")
    cell.press("Enter")
    change = page.locator(".lab09-change")
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
    assert labels(page, ".lab09-dense") == dense_before
    page.locator(".lab09-compare").screenshot(path=str(ARTIFACTS / "lab-09-token-edit.png"))
    problems.assert_clean()


def pick(page, selector, text):
    check = page.locator(selector)
    check.locator("label", has_text=text).first.click()
    check.locator("button", has_text="Check").first.click()


# What the table of roles says: the answers to its two questions.
TABLE_ANSWERS = ("yes, through the scores", "yes, linearly", "(output projections usually carry one)")


def test_table_and_linearity_wait_for_their_questions(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-09-open-fresh")
    screenshot(page, "lab-09-before")
    text = " ".join(visible_text(page))
    shown = [words for words in TABLE_ANSWERS if words in text]
    assert not shown, f"the table's answers are on the page before the questions: {shown}"
    assert page.locator(".lab09-roles").count() == 0
    assert page.locator(".lab09-tables").count() == 0  # its verdicts answer "double every token"
    expect(page.locator(".lab09-compare")).to_be_visible()  # the free experiment is there

    # A wrong choice is told what it mixed up.
    pick(page, ".lab09-check-role", "W_V")
    expect(page.locator(".lab09-check-role")).to_contain_text("W_V is a fixed parameter")
    pick(page, ".lab09-check-role", "A_att(X), the attention weights")
    assert page.locator(".lab09-roles").count() == 0  # one question still open
    pick(page, ".lab09-check-bias", "both are 0")
    expect(page.locator(".lab09-roles")).to_contain_text("yes, through the scores")

    pick(page, ".lab09-check-dense", "it is multiplied by 4")
    expect(page.locator(".lab09-check-dense")).to_contain_text("A factor 4 needs")
    pick(page, ".lab09-check-dense", "it doubles exactly")
    pick(page, ".lab09-check-att", "because the weights change too")
    expect(page.locator(".lab09-tables")).to_be_visible()
    expect(page.locator(".lab09-verdict-dense")).to_have_text("equal")
    expect(page.locator(".lab09-verdict-att")).to_contain_text("different")
    screenshot(page, "lab-09-after")
    page.locator(".lab09-roles").screenshot(path=str(ARTIFACTS / "lab-09-after-roles.png"))
    problems.assert_clean()


def test_lab09_closes_with_a_summary_and_links_and_names_a_att():
    import re

    import nbformat

    cells = nbformat.read(LAB, as_version=4).cells
    summary = next(c.source for c in cells if c.cell_type == "markdown" and c.source.startswith("## Summary"))
    assert len([line for line in summary.splitlines() if line.startswith("- ")]) == 3
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", summary)
    assert links == ["08-attention-weights.ipynb", "index.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    assert "lecture.apply_url" in cells[-1].source  # still last
    sources = "\n".join(c.source for c in cells)
    for bare in ("$A$", "$A ", "$A =", "weights A ", "A_{ij}", "AV$", "A(2V)$", '"A"'):
        assert bare not in sources, bare
