"""Lab 8 (attention weights and the output): its exercises and what they hold back, the temperature,
the token lines, and in Chromium its weight sliders and the walk from prediction to picture."""
from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, answer_check, open_lab, screenshot, shows_sequence, visible_text
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "08-attention-weights.ipynb"
V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]])  # Activity 1.4.6
ACTIVITY_SUM = "h2 = 0 v1 + 0.5 v2 + 0.25 v3 + 0.25 v4 = (2, 2)"
START_SUM = "h2 = 0 v1 + 0.25 v2 + 0.25 v3 + 0.5 v4 = (2.5, 3)"

ANSWERS = r'''
import numpy as np

def answer(check, value):
    check.answer_input.value = value
    return check.submit()

# The explorer starts with weights by hand, row 2 on other weights than the activity's.
r = explorer.result
assert explorer.weights_mode == "sliders"
np.testing.assert_array_equal(r.V, [[1, 0], [2, 0], [0, 4], [4, 4]])
np.testing.assert_allclose(r.A[1], [0, 0.25, 0.25, 0.5])
np.testing.assert_allclose(r.H[1], [2.5, 3])
assert not np.any(np.all(np.isclose(r.H, [2, 2]), axis=1))  # no output is the activity's h2
np.testing.assert_allclose(r.A.sum(axis=1), 1)
assert (explorer.shapes["X"], explorer.shapes["W_Q"]) == ((4, 3), (3, 2))
assert (r.Q.shape, r.S.shape, r.A.shape, r.H.shape) == ((4, 2), (4, 4), (4, 4), (4, 2))

# Shapes: the syllabus answers are accepted, the usual slips named.
assert not answer(check_qkv, "2x4") and check_qkv.mistake == "swapped"
assert not answer(check_qkv, "4x3") and check_qkv.mistake == "inner"
assert answer(check_qkv, "4x2") and answer(check_s, "4×4") and answer(check_a, "(4, 4)")
assert not answer(check_s, "2x2") and check_s.mistake == "inner"
assert not answer(check_h, "2x4") and check_h.mistake == "swapped" and "A_att" in check_h.feedback
assert not answer(check_h, "4x4") and check_h.mistake == "inner"
assert answer(check_h, "4 x 2")
assert not answer(check_a, "4x2") and check_a.mistake == "values"
assert not answer(check_a, "2x2") and check_a.mistake == "features"

# h2 of the activity: its picture waits for an answer; typed as row 2 of H, slips named.
assert not h2_picture.opened and h2_picture.view not in h2_picture.children
assert check_h2.answer_input.shape == (1, 1)
for typed, mistake in (([[1.75, 2]], "unweighted"), ([[7, 8]], "sum"), ([[2, 0]], "largest"),
                       ([[1, 0]], "largest-share"), ([[0.75, 2]], "reversed"), ([[2], [2]], "column")):
    assert not answer(check_h2, typed) and check_h2.mistake == mistake, (typed, check_h2.mistake)
assert "plain average" not in check_h2.feedback and "h₂ᵀ" in check_h2.feedback
assert h2_picture.opened  # a wrong answer was a prediction too
np.testing.assert_allclose(h2_picture.view.output, [2, 2])
assert h2_picture.view.text == "h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)"
assert not answer(check_h2, [[2, 3]]) and "entry (1,2) is off" in check_h2.feedback
assert "Hint:" in check_h2._feedback.value
assert answer(check_h2, [[2, 2]])
check_h2.answer_input.cells[0][1].value = "abc"
assert not check_h2.submit() and "is not a number" in check_h2.feedback

# Concepts: each choice explains itself.
assert not answer(check_row, "how much every token takes from token i") and "column i" in check_row.feedback
assert answer(check_row, "the weights token i uses when averaging the value vectors")
assert not answer(check_why, "because every entry of H is between 0 and 1")
assert "(2, 2)" in check_why.feedback
assert answer(check_why, list(WHY_CHOICES)[2])
for check in (check_qkv, check_s, check_a, check_h, check_h2, check_row, check_why):
    assert check.solved and check._solution_toggle is not None

# Softmax mode: the weights come from the scaled scores; the temperature sharpens and flattens.
explorer.weights_mode = "softmax"
A1 = explorer.result.A
explorer.temperature = 0.1
assert np.all(explorer.result.A.max(axis=1) > A1.max(axis=1))  # every row sharper
assert np.array_equal(explorer.result.A.argmax(axis=1), A1.argmax(axis=1))  # same favourite
explorer.temperature = 20
assert np.allclose(explorer.result.A, 0.25, atol=0.05)
explorer.temperature = 1
np.testing.assert_allclose(explorer.result.A, A1)
# The token lines draw the picked row, as thick as its weights.
explorer.selected = (2, 0)
lines = explorer.token_lines
assert lines.row == 2 and lines.summary.startswith("sat → the ")
np.testing.assert_allclose(lines.widths, lines.max_width * explorer.result.A[2], atol=1e-9)
# The mask zeroes the future.
explorer.causal = True
A = explorer.result.A
assert np.all(A[np.triu_indices(4, 1)] == 0) and np.allclose(A.sum(axis=1), 1)
np.testing.assert_allclose(explorer.result.H[0], explorer.result.V[0])

# Practice on fresh numbers: both skills, solvable.
assert (practice_output.skill, practice_softmax.skill) == ("output", "softmax")
for practice in (practice_output, practice_softmax):
    practice.start()
    part = practice.problem.parts[0]
    practice.checks[0].answer_input.value = np.asarray(part.answer)
    assert practice.checks[0].submit() and practice.streak == 1
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


def test_h2_is_asked_before_it_is_shown_and_slips_are_named(lab):
    page, problems = lab
    texts = visible_text(page)
    # Before any answer: neither h2 = (2, 2) nor the activity's weights, nor the shapes asked.
    assert not any("(2, 2)" in t for t in texts), [t for t in texts if "(2, 2)" in t]
    assert not shows_sequence(page, ["0", "v1", "+", "0.5", "v2", "+", "0.25", "v3"])
    assert not any(re.search(r"\b4\s*[x×]\s*[24]\b", t) for t in texts)
    expect(page.locator(".attention-average")).to_have_text(START_SUM)
    expect(page.locator(".lab08-h2-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab08-h2-picture")).to_have_count(0)
    # The token lines and the temperature slider are on the page.
    expect(page.locator(".attention-lines .token-lines")).to_be_visible()
    expect(page.locator(".attention-temperature").first).to_contain_text("temperature T")
    screenshot(page, "lab-08-before")

    # The plain average: named, and the picture opens (a prediction was made).
    answer_check(page, ".lab08-check-h2", [[1.75, 2]])
    feedback = page.locator(".lab08-check-h2")
    expect(feedback).to_contain_text("plain average of the values")
    expect(page.locator(".lab08-h2-picture")).to_be_visible()
    # Right, as a row: Correct, and the picture writes h2 out.
    answer_check(page, ".lab08-check-h2", [[2, 2]])
    expect(feedback).to_contain_text("Correct")
    picture = page.locator(".lab08-h2-picture")
    expect(picture.locator(".output-picture-sum")).to_have_text(ACTIVITY_SUM)
    expect(picture.locator(".values-plot")).to_be_visible()
    picture.scroll_into_view_if_needed()
    screenshot(page, "lab-08-after")
    problems.assert_clean()


def test_moving_a_row_2_slider_moves_h2_to_the_weighted_average(lab):
    page, problems = lab
    average = page.locator(".attention-average")
    row2 = page.locator(".attention-row-2")
    expect(average).to_have_text(START_SUM)

    # Keyboard: v1's weight +0.01; the others give way in proportion.
    handle = row2.locator(".noUi-handle").nth(0)
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press("ArrowRight")
    expect(average).to_have_text(re.compile(r"h2 = 0\.01 v1 \+"))
    weights, h2 = read_average(page)
    assert abs(weights.sum() - 1) < 2e-3  # the average rounds each weight to 3 decimals
    assert np.allclose(h2, weights @ V, atol=5e-3)
    assert np.allclose(h2, [2.485, 2.97], atol=5e-3)
    expect(row2.locator(".widget-html", has_text="sum =")).to_have_text("sum = 1.00")
    # The token lines follow row 2: a line to "the" now, thin.
    expect(page.locator(".attention-lines .token-lines")).to_contain_text("the  0.01")

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
    page.locator(".lab08-lines").screenshot(path=str(ARTIFACTS / "lab-08-lines.png"))
    problems.assert_clean()


def test_lab08_opens_with_a_goal_closes_with_a_summary_and_links_and_names_a_att():
    import nbformat

    cells = nbformat.read(LAB, as_version=4).cells
    assert "**Goal:**" in cells[0].source
    summary = next(
        c.source for c in cells if c.cell_type == "markdown" and c.source.startswith("## Summary")
    )
    assert len([line for line in summary.splitlines() if line.startswith("- ")]) == 3
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", summary)
    assert links == ["07-queries-keys-scores.ipynb", "index.ipynb", "09-adaptive-weights.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    assert "lecture.apply_url" in cells[-1].source  # still last
    sources = "\n".join(c.source for c in cells)
    for bare in ("weights A ", "weights $A$", "$A$", "A_{ij}", "= AV", "AV$", "of A:", "<i>A</i>"):
        assert bare not in sources, bare
    # The prose fixes: the hull, not the span; row i of H is h_iᵀ.
    assert "convex hull" in sources and "shaded region spanned" not in sources
    assert r"Row $i$ of $H$ is $\mathbf{h}_i^T$" in sources
