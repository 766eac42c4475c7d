"""Every lab on a phone (390×844, touch) and a tablet (768×1024): it fits the screen's width, its
text is at least 16 px, its controls at least 24×24 px, its plots shrink to fit and cut nothing
off, a formula wider than the screen scrolls in a shaded box of its own (never the prose), and a
weight slider follows a finger.  On a slow phone, the page names the lab and counts its controls in as it loads.

One page per lab, in a touch context laid out as a phone does, in the dark theme: it opens at the phone's
size with every held-back view open (``?reveal=1&theme=dark``), then the window is resized to the tablet's,
then to a projector's and a laptop's for the dark theme's accessibility and presenter-mode checks
(`harness.access.check_access_and_presenter`; the light theme's are in test_learner_visit.py), so each
page loads once for both.  Screenshots: ``tests/artifacts/phone-lab-NN.png``, ``tablet-lab-NN.png`` and
the dark theme's ``lab-<stem>-dark-1280.png`` and ``projector-NN-dark-1280.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import LABS
from harness.access import check_access_and_presenter
from harness.browser import RENDERED_VIEWS_JS, open_lab, read_average, screenshot
from harness.figures import cut_off, figures, wait_for_figures

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
MIN_TEXT_PX = 16
MIN_TARGET_PX = 24

# What of the page reaches past the window's sides without a box of its own that scrolls
# sideways to show it: the page would scroll sideways, or cut it off.  One line each.
PAST_THE_SIDES_JS = """
() => {
  const root = document.getElementById('rendered_cells');
  const width = window.innerWidth;
  const scrolls = el => {
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if ((x === 'auto' || x === 'scroll') && a.getBoundingClientRect().right <= width + 1) return true;
    }
    return false;
  };
  const found = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName !== 'svg') continue;
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= width + 1 && r.left >= -1)) continue;
    if (scrolls(el)) continue;
    found.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 3).join('.')} `
      + `[${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  return {page: [document.documentElement.scrollWidth, root.scrollWidth, root.clientWidth],
          width, found: found.slice(0, 8)};
}
"""
# Prose that scrolls sideways with a wide formula, and a formula wider than its column without a
# box of its own that scrolls it and shades the side where more of it lies (matmul_layout.css).
WIDE_FORMULAS_JS = """
() => {
  const found = [];
  const cells = document.querySelectorAll('#rendered_cells .jp-RenderedMarkdown');
  for (const prose of cells) {
    if (prose.checkVisibility() && prose.scrollWidth > prose.clientWidth + 1)
      found.push(`prose scrolls sideways: "${prose.textContent.trim().slice(0, 40)}"`);
  }
  let wide = 0;
  for (const formula of document.querySelectorAll('#rendered_cells .display-formula')) {
    if (!formula.checkVisibility() || formula.scrollWidth <= formula.clientWidth + 1) continue;
    wide += 1;
    const style = getComputedStyle(formula);
    if (style.overflowX !== 'auto' || (style.backgroundImage.match(/gradient/g) || []).length !== 4)
      found.push(`a wide formula with no scroll box or shade: "${formula.textContent.slice(0, 40)}"`);
  }
  return {found, wide};
}
"""
# Text that its own box cuts off (an ellipsis, a label too narrow for its words), with the width
# it needs and the width it has.
CUT_TEXT_JS = """
() => {
  const found = [];
  for (const el of document.getElementById('rendered_cells').querySelectorAll('*')) {
    if (el.closest('svg') || !el.checkVisibility()) continue;
    if (!Array.from(el.childNodes).some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim())) continue;
    const style = getComputedStyle(el);
    if (!['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis') continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)  // 0: hidden on purpose, a name for screen readers
      found.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')} `
        + `"${el.textContent.trim().slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth} px`);
  }
  return found.slice(0, 12);
}
"""
# Choices of a multiple-choice question drawn over each other: a choice's button or words
# overlapping another choice (its words wrapped, its height fixed at one line).
OVERLAPPING_CHOICES_JS = """
() => {
  const found = [];
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const box of document.querySelectorAll('#rendered_cells .widget-radio-box')) {
    const choices = Array.from(box.querySelectorAll('label')).filter(l => l.checkVisibility());
    const parts = choices.map(l => [l, l.querySelector('input'), ...Array.from(l.childNodes)
      .filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
      .map(n => { const r = document.createRange(); r.selectNodeContents(n); return r; })]);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++)
        for (const a of parts[i].slice(1)) for (const b of parts[j].slice(1))
          for (const ra of a ? Array.from(a.getClientRects()) : [])
            for (const rb of b ? Array.from(b.getClientRects()) : [])
              if (meet(ra, rb)) found.push(`"${choices[i].textContent.trim().slice(0, 30)}" / "${choices[j].textContent.trim().slice(0, 30)}"`);
  }
  return [...new Set(found)].slice(0, 8);
}
"""
# Visible text smaller than `min` CSS pixels (font size times any zoom), outside plots and
# formulas, with its size; sub- and superscripts are left out (a smaller index is typography).
SMALL_TEXT_JS = """
(min) => {
  const root = document.getElementById('rendered_cells');
  const found = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !el || el.closest('svg, script, style, math, sub, sup')) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * el.currentCSSZoom;
    if (size < min - 0.05) found.set(`${el.tagName.toLowerCase()}.${el.className} ${size}px`, text.slice(0, 30));
  }
  return Array.from(found, ([where, text]) => `${where}: "${text}"`).slice(0, 12);
}
"""
# Controls smaller than `min`×`min` CSS pixels that WCAG 2.2's spacing exception does not
# cover: a circle of diameter `min` on the control's centre would overlap another control
# (or that control's own circle).  Links inside a sentence are exempt (WCAG's inline exception).
SMALL_TARGETS_JS = """
(min) => {
  const root = document.getElementById('rendered_cells');
  const targets = Array.from(root.querySelectorAll(
      'button, input:not([type=hidden]), select, textarea, a[href], .noUi-handle'))
    .filter(el => el.checkVisibility() && !el.closest('.jp-RenderedMarkdown p, .jp-RenderedMarkdown li'))
    .map(el => ({el, r: el.getBoundingClientRect()}))
    .filter(t => t.r.width > 0 && t.r.height > 0);
  const centre = r => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const toBox = (p, r) => Math.hypot(Math.max(r.left - p[0], 0, p[0] - r.right),
                                     Math.max(r.top - p[1], 0, p[1] - r.bottom));
  const small = t => t.r.width < min - 0.05 || t.r.height < min - 0.05;
  const found = [];
  for (const t of targets.filter(small)) {
    const c = centre(t.r);
    const crowded = targets.some(u => u !== t && !t.el.contains(u.el) && !u.el.contains(t.el) && (
      toBox(c, u.r) < min / 2 || (small(u) && Math.hypot(...centre(u.r).map((v, i) => v - c[i])) < min)));
    if (crowded) found.push(`${t.el.tagName.toLowerCase()}.${Array.from(t.el.classList).slice(0, 2).join('.')}`
      + ` ${Math.round(t.r.width)}×${Math.round(t.r.height)}`);
  }
  return found.slice(0, 12);
}
"""


@pytest.fixture(scope="module")
def phone(browser):
    """One touch page for the whole module, as a phone's browser lays it out (``is_mobile``: at
    980 px and shrunk to fit, unless the page's viewport meta tag asks for the screen's width)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


def check_fits(page, size: dict) -> None:
    """The page fits `size`'s width with its text, controls and figures at a finger's size."""
    assert page.evaluate("() => window.innerWidth") == size["width"], "not laid out at the screen's width"
    wait_for_figures(page)
    where = f"at {size['width']}×{size['height']}"
    sides = page.evaluate(PAST_THE_SIDES_JS)
    assert sides["found"] == [], f"{where}: past the window's sides: {sides}"
    document_width, cells_width, cells_client = sides["page"]
    assert document_width <= size["width"] and cells_width <= cells_client, f"{where}: the page scrolls sideways"
    assert page.evaluate(CUT_TEXT_JS) == [], f"{where}: text cut off"
    formulas = page.evaluate(WIDE_FORMULAS_JS)
    assert formulas["found"] == [], f"{where}: {formulas}"
    assert page.evaluate(OVERLAPPING_CHOICES_JS) == [], f"{where}: choices drawn over each other"
    assert page.evaluate(SMALL_TEXT_JS, MIN_TEXT_PX) == [], f"{where}: text under {MIN_TEXT_PX} px"
    assert page.evaluate(SMALL_TARGETS_JS, MIN_TARGET_PX) == [], f"{where}: controls under 24×24 px"
    assert cut_off(page) == [], where
    for figure in figures(page):
        assert figure["right"] <= size["width"] and figure["left"] >= 0, (where, figure)


def drag_weight_with_a_finger(page) -> None:
    """Lab 8: a finger drags v1's weight in row 2 to the right, and the kernel's h2 follows."""
    average = page.locator(".attention-average")
    before, _ = read_average(page)
    shown_before = average.inner_text()  # read before the drag: the kernel may answer before the last touch returns
    handle = page.locator(".attention-row-2 .noUi-handle").nth(0)
    handle.scroll_into_view_if_needed()
    track = page.locator(".attention-row-2 .noUi-target").nth(0).bounding_box()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 9):
        point = {"x": x + step * 0.05 * track["width"], "y": y}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()
    expect(average).not_to_have_text(shown_before, timeout=20_000)
    page.wait_for_function(
        "() => !/^h2 = 0 v1/.test(document.querySelector('.attention-average').textContent)", timeout=10_000
    )
    weights, h2 = read_average(page)
    assert weights[0] > before[0] + 0.1, (before, weights)
    assert abs(weights.sum() - 1) < 2e-3


@pytest.mark.parametrize("path", LABS, ids=[path.stem[:2] if path.stem[:2].isdigit() else path.stem for path in LABS])
def test_lab_fits_a_phone_and_a_tablet_and_passes_axe_in_the_dark_theme(path, voila_server, phone, axe):
    name = path.stem[:2] if path.stem[:2].isdigit() else path.stem
    phone.set_viewport_size(PHONE)
    url = f"{voila_server.url}/voila/render/{path.name}?reveal=1&theme=dark"
    problems = open_lab(phone, url, f"phone-lab-{name}")
    check_fits(phone, PHONE)
    if name == "08":
        # Every row of weight sliders in sight, not in a box scrolled sideways, with a track a finger can drag.
        for track in phone.locator(".attention-sliders .noUi-target").all():
            box = track.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["width"] >= 100, box
        drag_weight_with_a_finger(phone)
    screenshot(phone, f"phone-lab-{name}")
    phone.set_viewport_size(TABLET)
    check_fits(phone, TABLET)
    screenshot(phone, f"tablet-lab-{name}")
    check_access_and_presenter(phone, path, "dark", axe)
    problems.assert_clean()


# What the page shows as it loads, each change recorded from the first byte: the spinner's heading and step,
# and the loading bar's count (matmul_loading.html).
RECORD_LOADING_JS = """
window.matmulSeen = [];
new MutationObserver(() => {
  const heading = document.getElementById('loading_text'), bar = document.getElementById('matmul-loading');
  const step = document.querySelector('.matmul-loading-step');
  const now = {spinner: heading && heading.checkVisibility() ? heading.textContent : null,
               step: step && step.textContent,
               bar: bar && [Number(bar.getAttribute('aria-valuenow')), Number(bar.getAttribute('aria-valuemax'))]};
  const last = window.matmulSeen[window.matmulSeen.length - 1];
  if (JSON.stringify(now) !== JSON.stringify(last)) window.matmulSeen.push(now);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_a_slow_phone_shows_the_labs_title_then_counts_its_controls_in(voila_server, browser):
    """Lab 8 on a mid-range phone (CPU 4× slower): the spinner names the lab, not a count of cells, and once the
    cells show, a bar counts the controls drawn against those served, then goes."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        context.add_init_script(RECORD_LOADING_JS)
        page = context.new_page()
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        open_lab(page, f"{voila_server.url}/voila/render/08-attention-weights.ipynb", "phone-lab-08-loaded",
                 timeout=120)
        expected = page.evaluate(RENDERED_VIEWS_JS)
        seen = page.evaluate("window.matmulSeen")
    finally:
        context.close()
    title = "Lab 8: Attention weights and the output"
    assert {"spinner": title, "step": "Preparing the page…", "bar": None} in seen, seen[:5]
    assert not any(state["spinner"] and "Executing" in state["spinner"] for state in seen), seen[:5]
    counts = [tuple(state["bar"]) for state in seen if state["bar"]]
    assert counts and counts[0] == (0, expected), counts
    assert all(total == expected and 0 <= drawn < total for drawn, total in counts), counts
    assert seen[-1]["bar"] is None and seen[-1]["spinner"] is None  # gone once every control is drawn
