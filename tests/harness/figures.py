"""What a page's bqplot figures and controls look like on a given screen: for the phone, tablet
and projector tests (tests/browser/test_phones.py, test_learner_visit.py)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .kernels import wait_for

if TYPE_CHECKING:  # only browser tests load Playwright
    from playwright.sync_api import Page

# Each bqplot figure of the page: its name (title, or the lab part it sits in), its box on screen,
# and every piece of its drawing (paths, rects, text, ...) that reaches outside that box by more
# than a pixel: a piece the figure cuts off.  A mark bqplot clips to the plot area (a grid line
# past the axes) counts only where it is drawn, inside the plot area.
FIGURES_JS = """
() => Array.from(document.querySelectorAll('#rendered_cells .bqplot')).map((fig, index) => {
  const box = fig.getBoundingClientRect();
  const part = fig.closest('[class*="lab0"], [class*="lab1"]');
  const title = fig.querySelector('text.mainheading');
  const name = `#${index} ` + ((title && title.textContent.trim())
    || (part && Array.from(part.classList).find(c => /^lab/.test(c))) || fig.className);
  const area = fig.querySelector('.plotarea_background');
  const outside = [];
  for (const el of fig.querySelectorAll('svg :is(path, rect, text, circle, ellipse, line, polygon, image)')) {
    let r = el.getBoundingClientRect();
    if (area && el.closest('[clip-path]')) {
      const a = area.getBoundingClientRect();
      if (r.right < a.left || r.left > a.right || r.bottom < a.top || r.top > a.bottom) continue;
      r = {left: Math.max(r.left, a.left), right: Math.min(r.right, a.right),
           top: Math.max(r.top, a.top), bottom: Math.min(r.bottom, a.bottom)};
      r.width = r.right - r.left; r.height = r.bottom - r.top;
    }
    if (r.width === 0 && r.height === 0) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const cut = [box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom];
    if (Math.max(...cut) > 1)
      outside.push(`${el.tagName} ${el.getAttribute('class') || ''} "${(el.textContent || '').trim().slice(0, 12)}"`
        + ` out by ${Math.round(Math.max(...cut))} px`);
  }
  const plot = area ? area.getBoundingClientRect() : {width: 0, height: 0};
  return {name, width: box.width, height: box.height, left: box.left, right: box.right, outside,
          plot_width: plot.width, plot_height: plot.height};
})
"""
# Where each figure's drawing is on screen (its top group), to see when bqplot has stopped redrawing.
DRAWINGS_JS = """
() => Array.from(document.querySelectorAll('#rendered_cells .bqplot svg.svg-figure > g')).map(g => {
  const r = g.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map(Math.round);
})
"""


# How tall the window must be to hold the whole page and every figure in it, in CSS pixels.
PAGE_HEIGHT_JS = """
() => Math.ceil(Math.max(
  document.documentElement.scrollHeight,
  document.querySelector('#rendered_cells')?.scrollHeight || 0,
  ...Array.from(document.querySelectorAll('#rendered_cells .bqplot'))
    .map(fig => fig.getBoundingClientRect().bottom + window.scrollY + 40)))
"""


def figures(page: Page) -> list[dict]:
    """Every bqplot figure of the page: ``name``, ``width``, ``height``, ``left``, ``right`` (its
    box, in CSS pixels of the window), ``plot_width`` and ``plot_height`` (its plot area as
    drawn) and ``outside``: what of its drawing it cuts off."""
    return page.evaluate(FIGURES_JS)


def wait_for_figures(page: Page, timeout: float = 15.0) -> None:
    """Make the window as tall as the page (its width kept) and wait until every figure has
    redrawn for its box: bqplot redraws only a figure on screen, 300 ms after its box last
    changed, then its axes move for a few frames.  Restore the height with `set_viewport_size`."""
    viewport = page.viewport_size
    # Tall enough for every figure's bottom edge, measured again once the window has grown: bqplot
    # redraws only a figure on screen. The figures that kept their old drawing in fresh-clone runs
    # (lab 5's last grid, lab 8's score heatmap) are the last on their pages; measured by their
    # bottom edges instead of scrollHeight alone, none has since (not traced further than that).
    height = viewport["height"]
    for _ in range(4):
        needed = page.evaluate(PAGE_HEIGHT_JS)
        if needed <= height:
            break
        height = needed
        page.set_viewport_size({"width": viewport["width"], "height": height})
        page.wait_for_timeout(400)
    page.wait_for_timeout(400)
    deadline = time.monotonic() + timeout
    last = None
    while (now := page.evaluate(DRAWINGS_JS)) != last:
        assert time.monotonic() < deadline, f"the figures kept redrawing for {timeout} s: {now}"
        last = now
        page.wait_for_timeout(250)


def cut_off(page: Page) -> list[str]:
    """Each figure that cuts off part of its drawing, with what it cuts (empty when none does)."""
    return [f"{fig['name']}: {', '.join(fig['outside'][:4])}" for fig in figures(page) if fig["outside"]]


#: The projectors presenter mode is checked on.
PROJECTORS = [(1920, 1080), (1280, 720)]


def _grown(normal: list[dict], shown: list[dict]) -> bool:
    """Whether every figure's drawing has grown by a quarter of its normal box (so, on a page
    with no figure, at once: an empty list of figures is no reason to wait)."""
    return len(shown) == len(normal) and all(
        after["plot_width"] - before["plot_width"] >= 0.25 * before["width"]
        and after["plot_height"] - before["plot_height"] >= 0.25 * before["height"]
        for before, after in zip(normal, shown)
    )


def assert_presenter_mode_enlarges(page: Page, normal: list[dict]) -> None:
    """With presenter mode on, at each of `PROJECTORS`, every figure of `normal` (as `figures` read
    them in normal mode) is a quarter larger, its drawing grown with it, and nothing cut off.

    CSS ``zoom`` enlarges the page, and bqplot, which measures its box on screen, would draw the
    enlarged size once more and cut the drawing off (`widgets.lecture.bar.presenter_css` zooms the
    drawing back)."""
    for width, height in PROJECTORS:
        page.set_viewport_size({"width": width, "height": height})
        wait_for_figures(page)
        # bqplot redraws a figure 300 ms after its box changed, and only one it can see (see
        # wait_for_figures): a pause in the redrawing is not proof of the new drawing. Wait, up to
        # a bound, for the drawings to grow; a drawing that never grows still fails below.
        wait_for(lambda: _grown(normal, figures(page)), 15)
        shown = figures(page)
        assert cut_off(page) == [], f"presenter mode at {width}×{height}"
        assert [f["name"] for f in shown] == [f["name"] for f in normal]
        for before, after in zip(normal, shown):
            assert after["width"] >= 1.25 * before["width"], (after["name"], before, after)
            assert after["height"] >= 1.25 * before["height"], (after["name"], before, after)
            # The drawing grew with its box (its margins keep their size in pixels).
            assert after["plot_width"] - before["plot_width"] >= 0.25 * before["width"], (before, after)
            assert after["plot_height"] - before["plot_height"] >= 0.25 * before["height"], (before, after)
            assert after["right"] <= width, f"{after['name']} reaches past the window's right edge"
