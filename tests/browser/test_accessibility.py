"""Every lab and the gallery, as a screen reader meets them: axe-core's rules (WCAG 2.x A and
AA, contrast included) in the light and the dark theme and in presenter mode, and the names
and text alternatives the template adds (share/jupyter/voila/templates/matmul/matmul_access.html);
and presenter mode on a projector, at 1920×1080 and 1280×720: every bqplot figure larger than
in normal mode and showing all it draws (`harness.figures.assert_presenter_mode_enlarges`).

One page load per lab and theme: its figures are read at 1920×1080, axe runs at a laptop's
1280×800, presenter mode is switched on with its button on the same page, axe runs again, and
the figures are checked at each projector's size.  Every view is opened (``?reveal=1``) so the held-back ones are
checked too.

The light theme's visit is also the page's render and offline test (`harness.offline`): the
outside is blocked and nothing may be asked of it, every formula is typeset and every icon
drawn, no error output, console error or failed request, every widget drawn and the loading
bar gone, and the browser tab titled with the lab's heading. Shot at 1920×1080 and 1280×800.
"""
from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import LABS
from harness.browser import open_lab, screenshot
from harness.figures import assert_presenter_mode_enlarges, cut_off, figures, wait_for_figures
from harness.offline import open_complete_offline

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
  // The feedback colours (widgets.base.alerts), wherever they are on the page: axe judges the
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


def axe_problems(page, axe) -> list[str]:
    """The violations axe-core finds on the page that are not accepted, one line each."""
    found = axe.run(page, options={"resultTypes": ["violations"]}).response["violations"]
    return [
        f"{v['impact']} {v['id']} ({len(v['nodes'])}×, e.g. {v['nodes'][0]['target']}): {v['help']}"
        for v in found  # every impact fails the test: no violation is left, the minor ones included
    ]


def named(page) -> list[str]:
    """What the template has not named yet, once it had the time to (it runs once per burst of changes)."""
    try:
        page.wait_for_function(f"() => !({NAMES_JS})().length", timeout=5_000, polling=200)
    except PlaywrightTimeout:
        pass  # the caller's assert says what is missing
    return page.evaluate(NAMES_JS)


@pytest.fixture(scope="module")
def axe():
    return Axe()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_lab_passes_axe_and_presenter_mode_enlarges_its_figures(path, theme, voila_server, page, axe):
    query = "?reveal=1" + ("&theme=dark" if theme == "dark" else "")
    name = f"access-{path.stem}-{theme}"
    lecture = path.stem[:2].isdigit()  # the gallery and the mixed review have no lecture bar
    page.set_viewport_size({"width": 1920, "height": 1080} if lecture else LAPTOP)
    url = f"{voila_server.url}/voila/render/{path.name}{query}"
    if theme == "light":
        problems, found = open_complete_offline(page, voila_server.url, url, name)
        if lecture:  # the gallery is a list of links; a first visit's review has nothing to ask
            assert found["formulas"] > 0, f"{path.name}: no formula typeset"
        heading = json.loads(path.read_text())["cells"][0]["source"][0]
        assert page.title() == heading.lstrip("#").strip(), "the tab says which lab it is, not its file"
    else:
        problems = open_lab(page, url, name)
    if lecture:  # the figures in normal mode on a projector, to compare presenter mode's with
        wait_for_figures(page)
        normal = figures(page)
        assert cut_off(page) == [], "normal mode"
        page.set_viewport_size(LAPTOP)
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
    problems.assert_clean()
