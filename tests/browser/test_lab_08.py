"""Lab 8 (attention weights and the output) in Chromium: its weight sliders and the walk from
prediction to picture (its exercises in-process: tests/labs/test_lab08_checks.py)."""
from __future__ import annotations

import re

import numpy as np
import pytest
from playwright.sync_api import expect

from harness.browser import (
    ARTIFACTS,
    answer_check,
    commit,
    open_lab,
    read_average,
    screenshot,
    shows_sequence,
    visible_text,
)

URL = "/voila/render/08-attention-weights.ipynb"
V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]])  # Activity 1.4.6
ACTIVITY_SUM = "h2 = 0 v1 + 0.5 v2 + 0.25 v3 + 0.25 v4 = (2, 2)"
START_SUM = "h2 = 0 v1 + 0.25 v2 + 0.25 v3 + 0.5 v4 = (2.5, 3)"


EXPLORER_REVEALS = (".lab08-inputs-reveal", ".lab08-by-hand-reveal")
SHAPES = {".lab08-check-qkv": "4x2", ".lab08-check-s": "4x4", ".lab08-check-a": "4x4", ".lab08-check-h": "4x2"}


@pytest.fixture
def lab(voila_server, page):
    problems = open_lab(page, voila_server.url + URL, "lab-08-open")
    return page, problems


@pytest.fixture
def revealed(voila_server, page):
    problems = open_lab(page, voila_server.url + URL + "?reveal=1", "lab-08-revealed")
    return page, problems


def test_the_explorer_waits_for_the_shapes_then_h2_is_asked_before_it_is_shown(lab):
    page, problems = lab
    texts = visible_text(page)
    # Before any answer: neither h2 = (2, 2) nor the activity's weights, nor the shapes asked:
    # the explorer, which draws Q, K, V, S, A_att and H, is held back in both of its places.
    assert not any("(2, 2)" in t for t in texts), [t for t in texts if "(2, 2)" in t]
    assert not shows_sequence(page, ["0", "v1", "+", "0.5", "v2", "+", "0.25", "v3"])
    assert not any(re.search(r"\b4\s*[x×]\s*[24]\b", t) for t in texts)
    for reveal in EXPLORER_REVEALS:
        expect(page.locator(f"{reveal} .reveal-placeholder")).to_be_visible()
    expect(page.locator(".attention-average, .attention-scores")).to_have_count(0)
    expect(page.locator(".lab08-h2-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab08-h2-picture")).to_have_count(0)
    screenshot(page, "lab-08-before")

    # A wrong shape first: named, and the next shape question (whose help states this shape) waits.
    answer_check(page, ".lab08-check-qkv", "2x4")
    expect(page.locator(".lab08-check-qkv")).to_contain_text("rows and columns swapped")
    expect(page.locator(".lab08-check-s")).to_have_count(0)
    expect(page.locator(".attention-average")).to_have_count(0)
    for check, shape in SHAPES.items():  # each opens once the one before is right
        answer_check(page, check, shape)
        expect(page.locator(check)).to_contain_text("Correct")
    # All four answered: the explorer's matrices open, and the question on h2; the sliders, which would
    # compute h2, and h2's picture wait for it.
    expect(page.locator(".lab08-inputs .attention-Q")).to_be_visible()
    expect(page.locator(".lab08-check-h2")).to_be_visible()
    expect(page.locator(".attention-average")).to_have_count(0)
    expect(page.locator(".lab08-by-hand-reveal .reveal-placeholder")).to_be_visible()

    # The plain average: named; the picture and the sliders, which write h2 out, stay closed: nothing to copy.
    answer_check(page, ".lab08-check-h2", [[1.75, 2]])
    feedback = page.locator(".lab08-check-h2")
    expect(feedback).to_contain_text("plain average of the values")
    expect(page.locator(".lab08-h2-reveal .reveal-placeholder")).to_be_visible()
    assert page.locator(".lab08-h2-picture").count() == 0
    assert page.locator(".attention-average").count() == 0
    # Right, as a row: Correct, and the picture opens and writes h2 out; the sliders open, on other
    # weights than the activity's.
    answer_check(page, ".lab08-check-h2", [[2, 2]])
    expect(feedback).to_contain_text("Correct")
    expect(page.locator(".lab08-h2-picture")).to_be_visible()
    expect(page.locator(".attention-average")).to_have_text(START_SUM)
    expect(page.locator(".lab08-by-hand .attention-weights")).to_be_visible()
    picture = page.locator(".lab08-h2-picture")
    expect(picture.locator(".output-picture-sum")).to_have_text(ACTIVITY_SUM)
    expect(picture.locator(".values-plot")).to_be_visible()
    picture.scroll_into_view_if_needed()
    screenshot(page, "lab-08-after")
    problems.assert_clean()


def test_moving_a_row_2_slider_moves_h2_to_the_weighted_average(revealed):
    page, problems = revealed
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

    # Typed into the entry beside v4's slider: v4 takes 0.7, the rest share 0.3 in proportion.
    entry = row2.locator(".slider-entry-text input").nth(3)
    commit(entry, "0.7")
    expect(average).to_contain_text(" 0.7 v4 = ")
    expect(entry).to_have_value("0.7")
    weights, h2 = read_average(page)
    assert abs(weights.sum() - 1) < 2e-3
    assert np.allclose(h2, weights @ V, atol=5e-3)
    expect(row2.locator(".widget-html", has_text="sum =")).to_have_text("sum = 1.00")
    page.locator(".lab08-by-hand").screenshot(path=str(ARTIFACTS / "lab-08-sliders.png"))
    problems.assert_clean()
