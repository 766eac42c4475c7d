"""Lab 4 (composition and the shape check) in Chromium: it asks before it shows, and its shape checker
takes what is typed (the exercises, plots and checker in-process: tests/labs/test_lab04_checks.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from harness.browser import answer_check, choose_check, commit, open_lab, screenshot, visible_text

URL = "/voila/render/04-composition.ipynb"


def test_lab_04_asks_before_it_shows(voila_server, page):
    problems = open_lab(page, voila_server.url + URL, "lab-04-before")
    # Before any answer: Activity 1.4.3's shape and spaces are nowhere, nor the plots of the two orders.
    words = " ".join(visible_text(page))
    assert "4×2" not in words and "ℝ⁴" not in words, words
    assert page.locator(".lab04-at-once").count() == 0
    expect(page.locator(".lab04-steps-reveal .reveal-placeholder")).to_be_visible()
    expect(page.locator(".lab04-checker-reveal .reveal-placeholder")).to_be_visible()  # it would answer them
    expect(page.locator(".lab04-practice-reveal .reveal-placeholder")).to_be_visible()  # it may draw A 4×3, B 3×2
    page.locator(".lab04-check-shape").scroll_into_view_if_needed()
    screenshot(page, "lab-04-before")

    # Rows and columns swapped in the shape: the feedback names it; then the right shape.
    answer_check(page, ".lab04-check-shape", "2x4")
    feedback = page.locator(".lab04-check-shape [role=status]")
    expect(feedback).to_contain_text("rows and columns swapped", timeout=10_000)
    answer_check(page, ".lab04-check-shape", "4×2")
    expect(feedback).to_contain_text("Correct!", timeout=10_000)

    # The order prediction, wrong: it says why, and the plots, which name the product, wait for a second try.
    choose_check(page, ".lab04-check-order", "SR")
    expect(page.locator(".lab04-check-order [role=status]")).to_contain_text("R acts on x first", timeout=10_000)
    at_once = page.locator(".lab04-at-once")
    expect(page.locator(".lab04-steps-reveal .reveal-placeholder")).to_be_visible()
    choose_check(page, ".lab04-check-order", "RS")
    expect(at_once).to_be_visible(timeout=10_000)
    expect(page.locator(".lab04-agree")).to_contain_text("differ by at most 0")
    at_once.scroll_into_view_if_needed()
    screenshot(page, "lab-04-after")

    # The shape checker opens once the three shape questions are settled; it takes a size beyond 9 as typed.
    answer_check(page, ".lab04-check-domain", "2")
    answer_check(page, ".lab04-check-codomain", "4")
    expect(page.locator(".lab04-check-codomain [role=status]")).to_contain_text("Correct!", timeout=10_000)
    result = page.locator(".lab04-shape-result")
    expect(result).to_be_visible(timeout=10_000)

    def set_size(name, value):
        commit(page.locator(f".lab04-{name} input"), str(value))

    for name, value in zip("mnpq", (4, 3, 3, 2)):
        set_size(name, value)
    result.scroll_into_view_if_needed()
    expect(result).to_contain_text("AB exists and is 4×2")
    expect(result).to_contain_text("ℝ² → ℝ⁴")
    set_size("p", 2)
    expect(result).to_contain_text("A has 3 columns but B has 2 rows")
    expect(result).to_contain_text("B sends vectors to ℝ², but A only accepts vectors in ℝ³")
    set_size("n", 12)
    expect(result).to_contain_text("A is 4×12 and B is 2×2")
    screenshot(page, "lab-04-shape-mismatch")
    problems.assert_clean()
