"""Presenter mode on a projector: in every lab (and labs 5 and 7 in the dark theme too), at 1920×1080
and 1280×720, every bqplot figure is larger than in normal mode and shows all it draws.

CSS ``zoom`` enlarges the page, and bqplot, which measures its box on screen, would draw the
enlarged size once more and cut the drawing off (`widgets.lecture.bar.presenter_css` zooms the
drawing back).  One page per lab and theme: it opens in normal mode with every held-back view
open (``?reveal=1``), then the presenter toggle is pressed and the window resized, on that page.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import LABS
from harness.browser import open_lab, screenshot
from harness.figures import cut_off, figures, wait_for_figures
from harness.kernels import wait_for

LECTURE_LABS = [path for path in LABS if path.stem[:2].isdigit()]  # the gallery has no presenter mode
# Every lab in the light theme; in the dark one (same sizes, other colours, and a page served
# by a fresh kernel, so slower), the two labs whose figures presenter mode used to cut off.
CASES = [(path, "light") for path in LECTURE_LABS] + [
    (path, "dark") for path in LECTURE_LABS if path.stem[:2] in ("05", "07")
]
PROJECTORS = [(1920, 1080), (1280, 720)]
ACTIVE = re.compile(r"\bmod-active\b")


def grown(normal: list[dict], shown: list[dict]) -> bool:
    """Whether every figure's drawing has grown by a quarter of its normal box (so, on a page
    with no figure, at once: an empty list of figures is no reason to wait)."""
    return len(shown) == len(normal) and all(
        after["plot_width"] - before["plot_width"] >= 0.25 * before["width"]
        and after["plot_height"] - before["plot_height"] >= 0.25 * before["height"]
        for before, after in zip(normal, shown)
    )


@pytest.mark.parametrize(("path", "theme"), CASES, ids=[f"{path.stem[:2]}-{theme}" for path, theme in CASES])
def test_presenter_mode_enlarges_every_figure_and_cuts_none_off(path, theme, voila_server, page):
    page.set_viewport_size({"width": 1920, "height": 1080})
    problems = open_lab(
        page, f"{voila_server.url}/voila/render/{path.name}?reveal=1&theme={theme}",
        f"projector-{path.stem[:2]}-{theme}-normal",
    )
    wait_for_figures(page)
    normal = figures(page)
    assert cut_off(page) == [], "normal mode"

    toggle = page.locator(".lecture-presenter")
    toggle.click()
    expect(toggle).to_have_class(ACTIVE)
    for width, height in PROJECTORS:
        page.set_viewport_size({"width": width, "height": height})
        wait_for_figures(page)
        # bqplot redraws a figure 300 ms after its box changed, and only one it can see (see
        # wait_for_figures): a pause in the redrawing is not proof of the new drawing. Wait, up to
        # a bound, for the drawings to grow; a drawing that never grows still fails below.
        wait_for(lambda: grown(normal, figures(page)), 15)
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
        page.set_viewport_size({"width": width, "height": height})
    screenshot(page, f"projector-{path.stem[:2]}-{theme}-1280")
    problems.assert_clean()
