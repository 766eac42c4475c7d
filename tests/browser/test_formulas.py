"""What MathJax gave, kept with MathML (issue 42): a copy pastes each formula as its LaTeX, a screen
reader meets each formula as math with its words, and the dark theme colours formulas as it colours
text. (Every page's formulas are drawn in Chromium, Firefox and WebKit: `harness.formulas`, through
`harness.offline` and the engines' smoke tests.)"""
from __future__ import annotations

import pytest

from harness.browser import open_lab, screenshot
from harness.formulas import FORMULA_PROSE

LAB = "01-product-by-columns.ipynb"
# Select what `selector` matches, from `start` characters into its first formula's first leaf when
# `start` is not null (a selection that begins inside a formula), to its end.
SELECT_JS = """
([selector, start]) => {
  const prose = document.querySelector(selector);
  prose.scrollIntoView({block: 'center'});
  const range = document.createRange();
  if (start === null) range.setStartBefore(prose.firstChild);
  else range.setStart(prose.querySelector('math mi, math mn').firstChild, start);
  range.setEndAfter(prose.lastChild);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return selection.toString().length;
}
"""


@pytest.fixture
def lab_page(browser, voila_server):
    """Lab 1 in a context that may read the clipboard."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server.url)
    page = context.new_page()
    open_lab(page, f"{voila_server.url}/voila/render/{LAB}", "formulas-lab01")
    yield page
    context.close()


def copied(page, start=None) -> str:
    """Select the first prose with a displayed formula (from `start` inside its first formula), copy it
    with the keyboard as a learner does, and read the clipboard's text."""
    assert page.evaluate(SELECT_JS, [FORMULA_PROSE, start]) > 0
    page.keyboard.press("Control+C")
    return page.evaluate("() => navigator.clipboard.readText()")


def test_a_copy_pastes_each_formula_as_its_latex(lab_page):
    text = copied(lab_page)
    # The prose of "The idea": A = [[1, 2], [0, 1]] in line, then the display of A times two columns.
    assert r"$A = \begin{bmatrix} 1 & 2 \\ 0 & 1 \end{bmatrix}$" in text, text
    assert "$$A\\begin{bmatrix} 1 \\\\ -1 \\end{bmatrix} = " in text, text
    assert text.strip().startswith("The idea") and "A small case first: $A" in text, text[:80]
    # A selection that starts inside a formula takes the whole formula, not a stray letter of it.
    assert copied(lab_page, start=0).startswith(r"$A = \begin{bmatrix}"), copied(lab_page, start=0)[:80]


def test_a_screen_reader_meets_each_formula_as_math(lab_page):
    prose = lab_page.locator(FORMULA_PROSE).first
    tree = prose.aria_snapshot()
    assert "- math" in tree, tree
    # Its words are the formula's own, not its LaTeX: what it draws (its annotation is never read).
    drawn = prose.locator("math").first.evaluate("m => m.querySelector('semantics > :first-child').textContent")
    assert drawn.replace(" ", "") == "A=[1201]", drawn


def test_the_dark_theme_colours_formulas_as_text(browser, voila_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        open_lab(page, f"{voila_server.url}/voila/render/{LAB}?theme=dark", "formulas-lab01-dark")
        colours = page.evaluate(f"""() => {{
          const prose = document.querySelector({FORMULA_PROSE!r});
          const leaf = prose.querySelector('math mi');
          return [getComputedStyle(prose).color, getComputedStyle(leaf).color];
        }}""")
        assert colours[0] == colours[1] and colours[0] != "rgb(0, 0, 0)", colours
        page.locator(FORMULA_PROSE).first.scroll_into_view_if_needed()
        screenshot(page, "formulas-lab01-dark-prose")
    finally:
        context.close()
