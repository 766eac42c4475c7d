"""A page as a screen reader and a projector meet it: axe-core's rules (WCAG 2.x A and AA, contrast
included), the names and text alternatives the template adds
(share/jupyter/voila/templates/matmul/matmul_access.html), and presenter mode on a projector, at
1920×1080 and 1280×720: every bqplot figure larger than in normal mode and showing all it draws.

`check_access_and_presenter` runs them all on a page already open; the light theme's visit
(tests/browser/test_learner_visit.py) and the dark theme's, which is also the phone's
(tests/browser/test_phones.py), call it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .browser import screenshot
from .figures import assert_presenter_mode_enlarges, cut_off, figures, wait_for_figures

if TYPE_CHECKING:  # only browser tests load Playwright and axe
    from pathlib import Path

    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import Page

# Where axe runs: a laptop's screen (the projector sizes follow, in presenter mode).
LAPTOP = {"width": 1280, "height": 800}
# True once presenter mode's zoom is in force on the page's cells.
PRESENTER_ON_JS = """
() => { const cell = document.querySelector('#rendered_cells > *');
        return !!cell && getComputedStyle(cell).zoom !== '1'; }
"""
# What the template gives the widgets, read back: [problem, ...] (empty when all is well).
# axe-core leaves out the text typed in a box, so the contrast of a text box that a widget
# paints (a tinted or a bad matrix cell) is checked here.
NAMES_JS = """
() => {
  const problems = [];
  const luminance = color => {
    const [r, g, b, a] = color.match(/[\\d.]+/g).map(Number);
    if (a === 0) return null;
    const lin = v => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  for (const input of document.querySelectorAll('#rendered_cells input.widget-input')) {
    const style = getComputedStyle(input);
    const back = luminance(style.backgroundColor), text = luminance(style.color);
    if (back === null || !input.getClientRects().length) continue;
    const ratio = (Math.max(back, text) + 0.05) / (Math.min(back, text) + 0.05);
    if (ratio < 4.5) problems.push(`text box ${input.getAttribute('aria-label') || input.id}: contrast ${ratio.toFixed(2)}`);
  }
  // The feedback colours (widgets.text.alerts), wherever they are on the page: axe judges the
  // contrast of what is in view only, and a result further down ("✓ holds") went unseen.
  for (const el of document.querySelectorAll('#rendered_cells [style*="--matmul-"]')) {
    if (!el.getClientRects().length || !el.textContent.trim()) continue;
    let back = null;
    for (let a = el; a && back === null; a = a.parentElement) back = luminance(getComputedStyle(a).backgroundColor);
    const text = luminance(getComputedStyle(el).color);
    if (back === null || text === null) continue;
    const ratio = (Math.max(back, text) + 0.05) / (Math.min(back, text) + 0.05);
    if (ratio < 4.5) problems.push(`"${el.textContent.trim().slice(0, 30)}" in ${getComputedStyle(el).color}: contrast ${ratio.toFixed(2)}`);
  }
  for (const handle of document.querySelectorAll('#rendered_cells .noUi-handle'))
    if (!(handle.getAttribute('aria-label') || '').trim()) problems.push('slider handle without a name');
  for (const box of document.querySelectorAll('#rendered_cells .check-feedback'))
    if (box.getAttribute('aria-live') !== 'polite' || box.getAttribute('role') !== 'status')
      problems.push('check feedback is not a live region');
  for (const figure of document.querySelectorAll('#rendered_cells .bqplot')) {
    const label = (figure.getAttribute('aria-label') || '').trim();
    if (!label) { problems.push('plot without a text alternative: ' + figure.className); continue; }
    const table = figure.querySelector(':scope > table.matmul-plot-table');
    if (figure.classList.contains('matrix-heatmap')) {
      // The table holds the numbers written in the heatmap's cells, row by row.
      const shown = Array.from(figure.querySelectorAll('.label')).map(t => t.textContent.trim()).filter(Boolean);
      const listed = table ? Array.from(table.rows).slice(1)
        .flatMap(row => Array.from(row.cells).slice(1).map(cell => cell.textContent)) : [];
      if (!listed.length || listed.join(' ') !== shown.join(' '))
        problems.push('heatmap table ' + JSON.stringify(listed) + ' differs from its cells ' + JSON.stringify(shown));
    }
  }
  return problems;
}
"""


def axe_problems(page: Page, axe: Axe) -> list[str]:
    """The violations axe-core finds on the page that are not accepted, one line each."""
    found = axe.run(page, options={"resultTypes": ["violations"]}).response["violations"]
    return [
        f"{v['impact']} {v['id']} ({len(v['nodes'])}×, e.g. {v['nodes'][0]['target']}): {v['help']}"
        for v in found  # every impact fails the test: no violation is left, the minor ones included
    ]


def named(page: Page) -> list[str]:
    """What the template has not named yet, once it had the time to (it runs once per burst of changes)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"() => !({NAMES_JS})().length", timeout=5_000, polling=200)
    except PlaywrightTimeout:
        pass  # the caller's assert says what is missing
    return page.evaluate(NAMES_JS)


def check_access_and_presenter(page: Page, path: Path, theme: str, axe: Axe) -> None:
    """Every check of this module on `path`'s page, open with ``?reveal=1`` in `theme`, in that order:
    the body drawn in that theme, a lab's figures read at 1920×1080 (none cut off); at a laptop's 1280×800 the template's names and
    axe (lab 8: the names again after a weight moves); then presenter mode switched on with its button,
    axe again, and its figures larger and whole at each projector's size.  The gallery and the mixed
    review, which have no lecture bar, get the names and axe only.  Shots: ``lab-<stem>-<theme>-1280``
    and ``projector-NN-<theme>-1280``."""
    # The theme asked for is the one drawn: light with no ?theme= (the learner's link), dark with
    # Voila 0.5's ?theme=dark (its 0.6 successor names it voila-theme).
    assert f"theme-{theme}" in page.eval_on_selector("body", "b => b.className"), f"{path.name}: not {theme}"
    lecture = path.stem[:2].isdigit()
    if lecture:  # the figures in normal mode on a projector, to compare presenter mode's with
        page.set_viewport_size({"width": 1920, "height": 1080})
        wait_for_figures(page)
        normal = figures(page)
        assert cut_off(page) == [], "normal mode"
    page.set_viewport_size(LAPTOP)
    if lecture:
        screenshot(page, f"lab-{path.stem}-{theme}-1280")
    assert named(page) == []
    assert axe_problems(page, axe) == [], f"{path.name}, {theme} theme"
    if path.stem.startswith("08"):  # a move rewrites the weights heatmap's alternative, and its table follows
        before = page.locator(".bqplot.attention-weights table.matmul-plot-table").first.inner_text()
        page.locator(".attention-row-2 .noUi-handle").first.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "before => document.querySelector('.bqplot.attention-weights table.matmul-plot-table').innerText !== before",
            arg=before, timeout=15_000)
        assert named(page) == [], "after a move"
    if lecture:
        page.locator(".lecture-presenter button, button.lecture-presenter").first.click()
        page.wait_for_function(PRESENTER_ON_JS, timeout=15_000)
        page.wait_for_timeout(300)  # the template's names follow the new layout once per burst
        assert axe_problems(page, axe) == [], f"{path.name}, {theme} theme, presenter mode"
        assert_presenter_mode_enlarges(page, normal)
        screenshot(page, f"projector-{path.stem[:2]}-{theme}-1280")
