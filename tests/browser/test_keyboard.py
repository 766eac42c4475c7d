"""Labs 1 and 8 with the keyboard alone, in Chromium: Tab reaches every control and shows where
the focus is, the arrow keys move a slider (lab 1's column j), and Enter on Check checks the answer.

One page load per lab, every view opened (``?reveal=1``).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness.browser import open_lab, screenshot

# Every control a learner can operate, numbered in page order (data-kb); returns how many.
# (ipywidgets' radio buttons have no shared name, so each one is a stop of the Tab key.)
NUMBER_CONTROLS_JS = """
() => {
  const selector = 'a[href], button, input, select, textarea, .noUi-handle, [tabindex]:not([tabindex^="-"])';
  let count = 0;
  for (const el of document.querySelectorAll('#rendered_cells :is(' + selector + ')')) {
    if (el.disabled || el.getAttribute('tabindex') === '-1' || !el.getClientRects().length) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    el.dataset.kb = 'kb' + count++;
  }
  return count;
}
"""
# How an element draws its outline and shadow (the focus ring is one of them).
RING_JS = """
el => { const s = getComputedStyle(el);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' '); }
"""
# The focused control: [its data-kb key, whether its ring differs from the unfocused one, a name].
FOCUSED_JS = """
(unfocused) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (!el.dataset.kb) return ['', true, el.outerHTML.slice(0, 120)];
  const s = getComputedStyle(el);
  const ring = [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' ');
  const visible = ring !== unfocused[el.dataset.kb] && (s.outlineStyle !== 'none' || s.boxShadow !== 'none');
  return [el.dataset.kb, visible, el.outerHTML.slice(0, 120)];
}
"""
# The rings of every numbered control while nothing has the focus.
UNFOCUSED_JS = """
() => { const rings = {};
        for (const el of document.querySelectorAll('[data-kb]')) {
          const s = getComputedStyle(el);
          rings[el.dataset.kb] = [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' ');
        }
        return rings; }
"""


def tab_through(page) -> tuple[set[str], int, list[str]]:
    """Press Tab from the top of the page until the focus leaves the cells or comes round again.

    Returns the controls reached, how many there are, and those whose focus was not visible.
    """
    count = page.evaluate(NUMBER_CONTROLS_JS)
    unfocused = page.evaluate(UNFOCUSED_JS)
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    reached, unseen = set(), []
    for _ in range(3 * count + 20):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_JS, unfocused)
        if focused is None:
            break  # past the last control, or a page with none
        key, visible, html = focused
        if not key:
            continue  # not a control of the cells
        if key in reached:
            break
        reached.add(key)
        if not visible:
            unseen.append(html)
    return reached, count, unseen


@pytest.fixture
def lab(voila_server, page, request):
    name = request.param
    open_lab(page, f"{voila_server.url}/voila/render/{name}?reveal=1", f"keyboard-{name[:6]}")
    return page


def check_with_enter(page, check: str, typed: str, verdict: str) -> None:
    """Type an answer into a Check's first text box, Tab to its Check button, press Enter and
    wait for the feedback to say ``verdict`` (its box is a live region from the start, so it
    exists, empty, before the kernel answers)."""
    page.locator(f"{check} input[type=text]").first.focus()
    page.keyboard.type(typed)
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Check":
            break
    page.keyboard.press("Enter")
    expect(page.locator(f"{check} [role=status]")).to_contain_text(verdict, timeout=20_000)


def step_with_arrow(page, handle) -> None:
    """Focus a slider's handle and press ArrowRight: the slider moves up."""
    before = float(handle.get_attribute("aria-valuenow"))
    handle.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "([el, before]) => Number(el.getAttribute('aria-valuenow')) > before",
        arg=[handle.element_handle(), before], timeout=10_000,
    )


def tabs_to_every_control(page) -> None:
    """Tab reaches every control of the cells, each with a visible focus ring."""
    reached, count, unseen = tab_through(page)
    assert len(reached) == count, f"Tab reached {len(reached)} of {count} controls"
    assert unseen == [], "focused without a visible focus ring"


@pytest.mark.parametrize("lab", ["01-product-by-columns.ipynb"], indirect=True)
def test_lab_01_by_keyboard(lab):
    page = lab
    tabs_to_every_control(page)

    step = page.locator(".lab01-step .noUi-handle")
    step_with_arrow(page, step)
    expect(page.locator(".lab01-product")).to_contain_text("19", timeout=15_000)  # column 2 computed

    check_with_enter(page, ".lab01-check", "6", "wrong shape")  # a 1×1 answer to a 2×2 product
    screenshot(page, "keyboard-lab-01-checked")


@pytest.mark.parametrize("lab", ["08-attention-weights.ipynb"], indirect=True)
def test_lab_08_by_keyboard(lab):
    page = lab
    tabs_to_every_control(page)

    # A weight moves by one step (0.01): its handle's aria-valuenow is rounded to 0.1, so the
    # kernel's answer is read instead, h2 taking 1 % of v1.
    page.locator(".attention-row-2 .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".attention-average")).to_contain_text("h2 = 0.01 v1 +", timeout=15_000)

    check_with_enter(page, ".lab08-check-qkv", "4x2", "Correct")
    screenshot(page, "keyboard-lab-08-checked")
