"""Each widget, driven in Chromium the way a learner drives it: type, press keys, click.

The page is ``tests/notebooks/widgets_demo.ipynb`` served by a real Voila.
Every widget there has a readout (an element with a ``demo-...`` class)
computed in the kernel from the widget's ``value``, so reading the readout
checks the whole round trip: browser edit -> kernel -> browser.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import REPO
from harness.browser import ARTIFACTS, answer_check, click_cell, commit, open_lab
from harness.voila import VoilaServer
from widgets.controls.matrix_editor import ERROR_BACKGROUND
from widgets.core.parsing import format_number
from widgets.core.practice import make_problem
from widgets.core.simplex import rebalance_weights
from widgets.views.vertex_plot import IMAGE_COLOR

NOTEBOOK = REPO / "tests" / "notebooks" / "widgets_demo.ipynb"
ERROR_RGB = "rgb({}, {}, {})".format(*(int(ERROR_BACKGROUND[k:k + 2], 16) for k in (1, 3, 5)))
IMAGE_STROKE = "rgb({}, {}, {})".format(*(int(IMAGE_COLOR[k:k + 2], 16) for k in (1, 3, 5)))


@pytest.fixture(scope="module")
def demo_server(server_logs):
    """Voila serving ``tests/notebooks/`` with the lecture configuration."""
    server = VoilaServer(root="tests/notebooks").start(server_logs)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def demo(browser, demo_server):
    """The demo page, opened once: each test drives a different widget on it.

    Returns the page and its problem collector, which keeps watching the
    console and the network for the whole module.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    problems = open_lab(page, f"{demo_server.url}/voila/render/{NOTEBOOK.name}", "widgets-demo")
    yield page, problems
    context.close()


def snap(page: Page, selector: str, name: str) -> None:
    """Screenshot one widget into ``tests/artifacts/``.

    Voila scrolls inside ``#rendered_cells``, so a full-page screenshot
    stops at the window's height; an element screenshot scrolls to it.
    """
    page.locator(selector).screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_demo_renders_clean(demo):
    """Voila ran every cell of the demo: `open_lab` (the `demo` fixture) failed on any error or stderr
    output in the page, a console error or a failed request."""
    page, problems = demo
    # MatrixView's name is a formula, MathML, not raw LaTeX; its entries are an HTML table.
    expect(page.locator(".demo-product math")).to_have_count(1)
    expect(page.locator(".demo-product table.matrix-html")).to_have_count(1)
    expect(page.locator(".demo-check math").first).to_be_visible()
    problems.assert_clean()


def test_editor_cells_are_named_and_tab_walks_them_row_by_row(demo):
    page, _ = demo
    cell = page.get_by_role("textbox", name="A, row 2, column 3")
    expect(cell).to_have_count(1)
    page.get_by_role("textbox", name="A, row 1, column 1").focus()
    visited = []
    for _ in range(5):
        page.keyboard.press("Tab")
        visited.append(page.evaluate("() => document.activeElement.labels[0].textContent"))
    assert visited == [
        "A, row 1, column 2", "A, row 1, column 3",
        "A, row 2, column 1", "A, row 2, column 2", "A, row 2, column 3",
    ]


def test_editor_rejects_bad_entry_and_accepts_good_one(demo):
    page, problems = demo
    alert = page.locator(".demo-editor [role=alert]")
    readout = page.locator(".demo-a-value")
    product = page.locator(".demo-product table.matrix-html")
    cell = page.locator(".demo-editor .widget-text input").nth(5)  # A[2,3]
    expect(readout).to_have_text("A = [[1.0, -3.0, 5.0], [3.0, 1.0, 4.0]]")
    expect(product).to_have_text("−5−85−3")

    commit(page.locator(".demo-editor .widget-text input").nth(5), "abc")
    expect(alert).to_have_text("A[2,3]: 'abc' is not a number")
    # The message comes from the same kernel callback, so the edit has been
    # processed: the readouts still show the last valid matrix.
    expect(readout).to_have_text("A = [[1.0, -3.0, 5.0], [3.0, 1.0, 4.0]]")
    expect(product).to_have_text("−5−85−3")
    expect(cell).to_have_value("abc")  # the learner's text stays, to be fixed
    expect(cell).to_have_css("background-color", ERROR_RGB)
    snap(page, ".demo-editor", "widgets-demo-editor-error")

    commit(page.locator(".demo-editor .widget-text input").nth(5), "3/4")
    expect(readout).to_have_text("A = [[1.0, -3.0, 5.0], [3.0, 1.0, 0.75]]")
    expect(alert).to_have_count(0)
    expect(cell).to_have_value("0.75")  # rewritten in display form
    expect(cell).not_to_have_css("background-color", ERROR_RGB)
    expect(product).to_have_text("−5−850.25")
    problems.assert_clean()


WEIGHTS_JS = """
() => {
  const match = document.querySelector('.demo-weights-value').textContent.match(/\\(([^)]*)\\)/);
  return match ? match[1].split(',').map(Number) : null;
}
"""
WEIGHTS_NEAR_JS = f"""
([expected]) => {{
  const got = ({WEIGHTS_JS})();
  return got !== null && got.length === expected.length
    && got.every((x, k) => Math.abs(x - expected[k]) < 1e-5);
}}
"""
#: How long the weights must stay put after an edit.  Only waiting can show
#: that nothing more arrives (a slider echoing its rounded position back
#: would start another rebalance).
SETTLE_MS = 700


def expect_weights(page: Page, expected) -> None:
    """Wait until the kernel's weights are `expected`, then check they stay there."""
    expected = [float(x) for x in expected]
    try:
        page.wait_for_function(WEIGHTS_NEAR_JS, arg=[expected], timeout=5000)
    except PlaywrightTimeout:
        pytest.fail(f"weights are {page.evaluate(WEIGHTS_JS)}, expected {expected}")
    page.wait_for_timeout(SETTLE_MS)
    assert page.evaluate(WEIGHTS_NEAR_JS, [expected]), (
        f"weights reached {expected} but then moved on to {page.evaluate(WEIGHTS_JS)}"
    )
    expect(page.locator(".demo-weights-sum")).to_have_text("value sums to 1")


def test_weight_slider_moved_with_the_keyboard(demo):
    page, problems = demo
    before = page.evaluate(WEIGHTS_JS)
    page.locator(".demo-weights .noUi-handle").nth(1).press("ArrowRight")  # "cat" +0.01
    # The unlocked others give up the 0.01 in proportion to their weights:
    # from (0, 0.5, 0.25, 0.25), "sat" and "down" go to 0.245 each.
    expect_weights(page, rebalance_weights(before, 1, before[1] + 0.01))
    expect(page.locator(".demo-weights .slider-entry-text input").nth(1)).to_have_value(
        format_number(before[1] + 0.01)
    )
    problems.assert_clean()


IMAGE_PATH_JS = """
([stroke]) => {
  const lines = Array.from(document.querySelectorAll('.demo-vertex-plot g.curve > path.line'))
    .filter(p => p.style.stroke === stroke);
  return lines.length === 1 ? lines[0].getAttribute('d') : null;
}
"""


def test_vertex_plot_follows_the_matrix_typed_in_the_browser(demo):
    page, problems = demo
    before = page.evaluate(IMAGE_PATH_JS, [IMAGE_STROKE])
    assert before, "the image polygon of the vertex plot is not drawn"

    commit(page.locator(".demo-shear-editor .widget-text input").nth(1), "2")  # M[1,2]: shear by 2
    page.wait_for_function(
        f"([stroke, before]) => {{ const d = ({IMAGE_PATH_JS})([stroke]); return d && d !== before; }}",
        arg=[IMAGE_STROKE, before],
    )
    snap(page, ".demo-vertex-plot", "widgets-demo-vertex-plot")
    problems.assert_clean()


def test_heatmap_click_selects_the_cell(demo):
    page, problems = demo
    selected = page.locator(".demo-selected")
    expect(selected).to_have_text("selected: none")

    click_cell(page, ".demo-heatmap", 1, 2, 3, 3)
    expect(selected).to_have_text("selected: (2, 3)")

    # The number written in a cell covers its centre: clicking it selects too.
    page.locator(".demo-heatmap text.label", has_text="1.5").click()
    expect(selected).to_have_text("selected: (3, 1)")
    snap(page, ".demo-heatmap", "widgets-demo-heatmap")
    problems.assert_clean()


def test_check_gives_feedback(demo):
    page, problems = demo
    feedback = page.locator(".demo-check [role=status]")
    check = page.locator(".demo-check button", has_text="Check")
    # The answer editor opens at 1×1: the learner sizes it first.
    expect(page.locator(".demo-check .widget-text input")).to_have_count(1)
    page.locator(".demo-check select").nth(0).select_option("2")
    page.locator(".demo-check select").nth(1).select_option("2")
    expect(page.locator(".demo-check .widget-text input")).to_have_count(4)
    for index, text in enumerate(["2", "1", "4", "0"]):
        commit(page.locator(".demo-check .widget-text input").nth(index), text)
    check.click()
    expect(feedback).to_contain_text("entry (2,2) is off")
    expect(page.locator(".demo-check .hint-text")).to_contain_text("Hint 1 (a nudge):")
    snap(page, ".demo-check", "widgets-demo-check-wrong")

    commit(page.locator(".demo-check .widget-text input").nth(3), "3")
    expect(feedback).to_be_empty()  # old feedback goes when the answer changes (the live region stays)
    check.click()
    expect(feedback).to_have_text("Read as a 2×2 matrix.Correct!")  # the answer as read, then the verdict
    expect(feedback.locator(".widget-html-content > div")).to_have_css("color", "rgb(30, 126, 52)")
    snap(page, ".demo-check", "widgets-demo-check-right")
    problems.assert_clean()


def test_weight_typed_beside_its_slider(demo):
    page, problems = demo
    before = page.evaluate(WEIGHTS_JS)
    entry = page.get_by_role("textbox", name="the", exact=True)  # the entry's accessible name
    entry.fill("4/10")
    entry.press("Enter")
    expect_weights(page, rebalance_weights(before, 0, 0.4))
    expect(entry).to_have_value("0.4")
    snap(page, ".demo-weights", "widgets-demo-weights-typed")
    problems.assert_clean()


def test_weight_out_of_range_is_explained_and_changes_nothing(demo):
    page, problems = demo
    before = page.evaluate(WEIGHTS_JS)
    box = page.locator(".demo-weights .slider-entry").nth(2)  # "sat"
    entry, alert = box.locator(".slider-entry-text input"), box.locator("[role=alert]")
    entry.fill("1.5")
    entry.press("Enter")
    expect(alert).to_have_text("sat must be between 0 and 1; 1.5 is outside")
    expect(alert).to_have_css("color", "rgb(169, 68, 66)")
    expect(entry).to_have_value("1.5")
    expect(entry).to_have_css("background-color", ERROR_RGB)
    expect_weights(page, before)
    snap(page, ".demo-weights", "widgets-demo-weights-refused")
    # The slider still moves with the keyboard, and that clears the stale message.
    handle = box.locator(".noUi-handle")
    handle.press("ArrowLeft")  # one step down from where the browser shows "sat"
    moved = float(handle.get_attribute("aria-valuetext"))
    expect(alert).to_have_count(0)
    expect(entry).not_to_have_css("background-color", ERROR_RGB)
    expect_weights(page, rebalance_weights(before, 2, moved))
    expect(entry).to_have_value(format_number(moved))
    # And a typed weight fixes it as well.
    before = page.evaluate(WEIGHTS_JS)
    entry.fill("7")
    entry.press("Enter")
    expect(alert).to_be_visible()
    entry.fill("0.2")
    entry.press("Enter")
    expect(alert).to_have_count(0)
    expect_weights(page, rebalance_weights(before, 2, 0.2))
    problems.assert_clean()


def test_weight_slider_dragged_with_the_mouse(demo):
    page, problems = demo
    before = page.evaluate(WEIGHTS_JS)
    handle = page.locator(".demo-weights .noUi-handle").nth(1)  # "cat"
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 25, y, steps=4)
    page.mouse.up()
    # Where the browser dropped it, snapped to the 0.01 step (noUiSlider's aria-valuetext).
    expect(handle).not_to_have_attribute("aria-valuetext", f"{before[1]}")
    dropped = float(handle.get_attribute("aria-valuetext"))
    expect_weights(page, rebalance_weights(before, 1, dropped))
    entry = page.locator(".demo-weights .slider-entry-text input").nth(1)
    expect(entry).to_have_value(format_number(dropped))
    snap(page, ".demo-weights", "widgets-demo-weights-dragged")
    problems.assert_clean()


def test_reveal_opens_after_an_answer_and_practice_names_the_mistake(demo):
    page, problems = demo
    reveal = page.locator(".demo-reveal")
    expect(reveal.locator(".reveal-placeholder")).to_contain_text("Hidden until you have made your prediction")
    expect(page.locator(".demo-sum-view")).to_have_count(0)  # not even in the page
    answer_check(page, ".demo-sum-check", "6")  # a wrong prediction still opens it
    expect(page.locator(".demo-sum-check [role=status]")).to_contain_text("not quite: 6 is not the answer")
    expect(page.locator(".demo-sum-view")).to_have_text("2 + 3 = 5")

    practice = page.locator(".demo-practice")
    expect(practice.locator(".practice-check")).to_have_count(0)  # nothing built before Start
    practice.locator("button", has_text="Start").click()
    # The problem's number, for a lecturer's link, under the problem rather than in its heading.
    expect(practice.locator(".practice-seed")).to_contain_text("Problem 7")
    expect(practice.locator(".practice-heading")).not_to_contain_text("7")
    # Problem 7 asks (AB)₄₃ = 25 of a 4×3 times a 3×4 matrix; 32 is entry (3,4), the indices swapped.
    answer_check(page, ".demo-practice .practice-check", "32")
    expect(practice.locator("[role=status]")).to_contain_text("that is entry (3,4)")
    answer_check(page, ".demo-practice .practice-check", "25")
    expect(practice.locator("[role=status]")).to_have_text("Read as 25.Correct!")
    expect(practice.locator(".practice-streak")).to_contain_text("Streak: 0 · solved: 1")
    snap(page, ".demo-practice", "widgets-demo-practice-solved")
    practice.locator("button", has_text="New numbers").click()
    expect(practice.locator(".practice-seed")).to_contain_text("Problem 8")
    answer_check(page, ".demo-practice .practice-check", format_number(make_problem("entry", 8).parts[0].answer))
    expect(practice.locator(".practice-streak")).to_contain_text("Streak: 1 · solved: 2")
    problems.assert_clean()
