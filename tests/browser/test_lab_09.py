"""Lab 9 (from scores to weights: the softmax) in Chromium: the explorer waits for a softmax row computed
by hand, its switches for two predictions, and the dot product's picture, once the score question is
answered, answers a drag.

Its Checks as Python objects are in tests/labs/test_lab09_checks.py."""
from __future__ import annotations

from playwright.sync_api import expect

from conftest import REPO
from harness.browser import ARTIFACTS, answer_check, choose_check, open_lab, screenshot, visible_text

LAB = REPO / "labs" / "09-softmax-weights.ipynb"
SOFTMAX_ROW = [["1/2", "1/8", "1/4", "1/8"]]


def lab_url(server, query=""):
    return f"{server.url}/voila/render/{LAB.name}{query}"


def weight_labels(page):
    # SVG text has no innerText: read textContent.
    return page.locator(".attention-weights text.label").evaluate_all("labels => labels.map(e => e.textContent)")


def test_the_explorer_waits_for_a_softmax_row_and_its_switches_for_two_predictions(voila_server, page):
    problems = open_lab(page, lab_url(voila_server), "lab-09-open")
    screenshot(page, "lab-09-before")
    expect(page.locator(".lab09-softmax-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab09-switches-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".attention-weights, .attention-causal, .attention-lines")).to_have_count(0)

    # Not exponentiated: named, and nothing opens (two wrong answers would).
    answer_check(page, ".lab09-check-softmax", [["2/3", "0", "1/3", "0"]])
    expect(page.locator(".lab09-check-softmax")).to_contain_text("without exponentiating")
    expect(page.locator(".attention-weights")).to_have_count(0)
    answer_check(page, ".lab09-check-softmax", SOFTMAX_ROW)
    expect(page.locator(".lab09-check-softmax")).to_contain_text("Correct")
    expect(page.locator(".lab09-softmax .attention-weights")).to_be_visible()
    expect(page.locator(".attention-causal")).to_have_count(0)  # the mask waits for its prediction

    # The two predictions: the scale's wrong choice explains itself; both answered open the switches.
    choose_check(page, ".lab09-check-scale", "they flatten: longer vectors spread the weight more evenly")
    expect(page.locator(".lab09-check-scale")).to_contain_text("Equal shares come from scores close together")
    choose_check(page, ".lab09-check-scale", "they sharpen: the largest score takes nearly all the weight")
    answer_check(page, ".lab09-check-mask", [["1", "0", "0", "0"]])
    expect(page.locator(".lab09-check-mask")).to_contain_text("Correct")
    expect(page.locator(".lab09-switches .attention-lines .token-lines")).to_be_visible()

    # The mask as predicted: row 1 is (1, 0, 0, 0), and nothing above the diagonal is left.
    page.locator(".attention-causal input").click()
    upper = [i * 4 + j for i in range(4) for j in range(i + 1, 4)]
    page.wait_for_function(
        """(upper) => {
            const t = Array.from(document.querySelectorAll('.attention-weights text.label')).map(e => e.textContent);
            return t.length === 16 && upper.every(k => t[k] === '0');
        }""",
        arg=upper,
    )
    assert weight_labels(page)[:4] == ["1", "0", "0", "0"]
    assert "temperature T" in " ".join(visible_text(page))
    screenshot(page, "lab-09-after")
    page.locator(".lab09-switches").screenshot(path=str(ARTIFACTS / "lab-09-lines.png"))
    problems.assert_clean()


def test_dragging_k_to_a_right_angle_gives_score_zero(voila_server, page):
    problems = open_lab(page, lab_url(voila_server), "lab-09-open")
    # The picture writes the score of any lengths and angle set in it: it waits for check_cos.
    expect(page.locator(".lab09-dot-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab09-dot-plot")).to_have_count(0)
    answer_check(page, ".lab09-check-cos", "3")
    expect(page.locator(".lab09-check-cos")).to_contain_text("Correct")
    plot = page.locator(".lab09-dot-plot")
    plot.scroll_into_view_if_needed()
    readout = plot.locator(".dot-product-readout")
    angle = plot.locator(".dot-product-angle .widget-readout")
    expect(readout).to_contain_text("= (2)(1) + (1)(2) = 4")
    # The slider opens on the angle the readout writes, and showing it does not turn k.
    expect(readout).to_contain_text("θ = 36.9°")
    expect(angle).to_have_text("36.9")
    tip = plot.locator(".dot").nth(1).bounding_box()  # k's tip, at (1, 2)
    area = plot.locator(".plotarea_background").bounding_box()

    def pixel(x, y):  # both scales run from -3.5 to 3.5
        return (area["x"] + (x + 3.5) / 7 * area["width"], area["y"] + (3.5 - y) / 7 * area["height"])

    page.mouse.move(tip["x"] + tip["width"] / 2, tip["y"] + tip["height"] / 2)
    page.mouse.down()
    page.mouse.move(*pixel(-1, 2), steps=8)
    page.mouse.up()
    expect(readout).to_contain_text("k = (-1, 2)")
    expect(readout).to_contain_text("= (2)(-1) + (1)(2) = 0")
    expect(readout).to_contain_text("θ = 90°, cos θ = 0")
    expect(readout).to_contain_text("perpendicular: score 0")
    expect(angle).to_have_text("90.0")
    expect(readout).to_contain_text("k = (-1, 2)")  # still: the slider followed, it did not move k
    plot.screenshot(path=str(ARTIFACTS / "lab-09-dot-product.png"))
    # A learner's slider step is a whole degree: one press of → turns k to 91° from q.
    plot.locator(".dot-product-angle .noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(readout).to_contain_text("θ = 91°")
    expect(angle).to_have_text("91.0")
    problems.assert_clean()
