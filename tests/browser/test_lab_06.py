"""Lab 6 (a dense layer) in Chromium: its picture follows W, b, x and ReLU as a learner types, clicks
and drags in Voila (its exercises and picture in-process: tests/labs/test_lab06_checks.py)."""
from __future__ import annotations

import re

import numpy as np
from playwright.sync_api import expect

from harness.browser import answer_check, choose_check, commit, open_lab, screenshot, shows_sequence
from widgets import format_number

URL = "/voila/render/06-dense-layer.ipynb"

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
    # ?reveal=1: the picture waits for the prediction about the origin and the two exercises.
    problems = open_lab(page, f"{voila_server.url}{URL}?reveal=1", "lab-06-dense-layer-open")
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
        commit(page.get_by_placeholder(placeholder), text)
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
    problems = open_lab(page, f"{voila_server.url}{URL}?seed=1", "lab-06-open")
    # Before any answer: the picture (whose readout says 0 ↦ b) is not there, and no
    # exercise answer is on the page: ŷ = (1, 5), q₁ = (5, 2).
    expect(page.locator(".lab06-dashboard")).to_have_count(0)
    expect(page.locator(".lab06-origin")).to_have_count(0)
    assert not shows_sequence(page, ["1", "5"]) and not shows_sequence(page, ["5", "2"])
    page.locator(".lab06-check-yhat").scroll_into_view_if_needed()
    screenshot(page, "lab-06-before")

    # ŷ typed: forgetting b is named; the right answer is accepted.
    feedback = page.locator(".lab06-check-yhat [role=status]")
    answer_check(page, ".lab06-check-yhat", [[0], [6]])
    expect(feedback).to_contain_text("you left out the bias: the layer adds b")
    answer_check(page, ".lab06-check-yhat", [[1], [5]])
    expect(feedback).to_have_text("Read as a 2×1 matrix.Correct!")  # the answer as read, then the verdict
    answer_check(page, ".lab06-check-relu", "0")
    expect(page.locator(".lab06-check-relu [role=status]")).to_contain_text("Correct!")
    # The picture computes any layer typed into it: it waited for both exercises, and it shows where
    # the origin goes, so a wrong prediction is explained and opens nothing; a second try opens it.
    expect(page.locator(".lab06-dashboard")).to_have_count(0)
    origin = page.locator(".lab06-check-origin")
    choose_check(page, ".lab06-check-origin", "to W b")
    expect(origin.locator("[role=status]")).to_contain_text("b is added after the product")
    expect(page.locator(".lab06-dashboard")).to_have_count(0)
    choose_check(page, ".lab06-check-origin", "to b")
    expect(origin.locator("[role=status]")).to_contain_text("Correct!")
    expect(page.locator(".lab06-dashboard")).to_be_visible()
    expect(page.locator(".lab06-origin")).to_have_text("(0.5, -1)")

    page.locator(".lab06-plot").scroll_into_view_if_needed()
    screenshot(page, "lab-06-after")
    problems.assert_clean()
