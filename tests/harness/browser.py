"""Open a lab in Chromium, wait until every widget has rendered, and collect what went wrong; and
the few moves every browser test makes: commit a value, answer a Check, click a heatmap cell, read
a matrix or an attention average."""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (the tests import them from here too)

if TYPE_CHECKING:  # only browser tests load Playwright: `make test-fast` imports this module too
    from playwright.sync_api import Locator, Page

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

# Leaving a page sends Voila's kernel-shutdown beacon, which Voila 0.5 refuses (upstream issue 1458).
LEAVING_TOLERATED = r".*/voila/api/shutdown/"
# Voila's federated-module warnings ("Unsatisfied version ...") are harmless.
TOLERATED_CONSOLE = re.compile(
    r"Unsatisfied version|No satisfying version|Failed to load resource: net::ERR_NAME_NOT_RESOLVED"
)
WIDGET_OUTPUT = '"application/vnd.jupyter.widget-view+json"'
# anywidget 0.11 gives a model two seconds from its creation in the page to load its ES module
# (`AbortSignal.timeout(2000)` in its runtime, which then rejects with this message when the kernel
# next writes to it): a page whose renderer is starved that long (a lecture hall's browsers sharing
# two cores with forty kernels) has a deaf progress store, which the kernel renews
# (widgets.controls.device_store); tests/browser/test_progress.py makes one deaf for certain.
STARVED_STORE = "pageerror: [anywidget] Failed to initialize model."

# True once Voila has shown the cells (it keeps them hidden behind its progress
# message until its scripts have run), replaced every output placeholder, every
# widget output holds a rendered view, and every bqplot figure has drawn a mark.
READY_JS = """
(expected) => {
  const cells = document.getElementById('rendered_cells');
  if (cells && getComputedStyle(cells).display === 'none') return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
  const views = Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .filter(out => out.querySelector(':scope > .jupyter-widgets'));
  if (views.length < expected) return false;
  const marks = 'path.line[d]:not([d=""]), path.area[d]:not([d=""]), .dot, .object, rect.heatmapcell, .label';
  return Array.from(document.querySelectorAll('.bqplot')).every(fig => fig.querySelector(marks));
}
"""
# How many widget outputs rendered a view (a page served with outputs missing has fewer).
RENDERED_VIEWS_JS = """
() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
  .filter(out => out.querySelector(':scope > .jupyter-widgets')).length
"""
# The entries of the first HTML matrix (widgets.text.html_math) under an element, as numbers.
READ_MATRIX_JS = """
view => Array.from(view.querySelector('table.matrix-html').rows).map(
  row => Array.from(row.cells).map(cell => Number(cell.textContent.replace(/\\u2212/g, '-'))))
"""
# What READY_JS still waits for, said when a page never gets there.
NOT_READY_JS = """
(expected) => {
  const cells = document.getElementById('rendered_cells');
  const outputs = Array.from(document.querySelectorAll('.jp-OutputArea-output'));
  const marks = 'path.line[d]:not([d=""]), path.area[d]:not([d=""]), .dot, .object, rect.heatmapcell, .label';
  return {
    cells_hidden: Boolean(cells && getComputedStyle(cells).display === 'none'),
    outputs_not_shown: document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]').length,
    views: outputs.filter(out => out.querySelector(':scope > .jupyter-widgets')).length, expected,
    outputs_without_a_view: outputs.filter(out => !out.querySelector(':scope > .jupyter-widgets'))
      .map(out => out.textContent.trim().slice(0, 120)).filter(text => text),
    figures_without_marks: Array.from(document.querySelectorAll('.bqplot')).filter(fig => !fig.querySelector(marks))
      .map(fig => fig.closest('[class*="lab"]')?.className || fig.className),
  };
}
"""
# The same cells as text with an ASCII minus ("?" for an entry not computed yet),
# from the first HTML matrix under the element a selector matches ([] if none).
MATRIX_TEXT_JS = """
(selector) => {
  const table = document.querySelector(selector + ' table.matrix-html');
  return table ? Array.from(table.rows).map(
    row => Array.from(row.cells).map(cell => cell.textContent.trim().replace(/\\u2212/g, '-'))) : [];
}
"""
ERROR_OUTPUT_JS = """
() => Array.from(document.querySelectorAll(
    '[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output.jp-mod-error, .jupyter-widgets-error-widget'
  )).map(e => e.textContent.trim()).concat(
  Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .map(e => e.textContent)
    .filter(t => /There was an error when executing cell|Traceback|Error displaying widget/.test(t)))
"""


@dataclass
class PageProblems:
    """Console errors and failed requests seen by a page, minus the tolerated ones; `open_lab` adds
    the page's HTML as the server sent it (``document``) and how long its widgets took."""

    tolerated: re.Pattern | None = None
    tolerated_console: tuple[str, ...] = ()  # whole lines, such as `STARVED_STORE`
    console: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    document: str = ""
    ready_seconds: float = 0.0

    def watch(self, page: Page) -> PageProblems:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self._on_error(f"pageerror: {exc}"))
        page.on("requestfailed", self._on_failed)
        page.on("response", self._on_response)
        return self

    def _on_console(self, message) -> None:
        if message.type == "error" and not TOLERATED_CONSOLE.search(message.text):
            self._on_error(message.text)

    def _on_error(self, text: str) -> None:
        if text not in self.tolerated_console:
            self.console.append(text)

    def _on_failed(self, request) -> None:
        if not self._tolerates(request.url):
            self.failed.append(f"{request.url}: {request.failure}")

    def _on_response(self, response) -> None:
        if response.status >= 400 and not self._tolerates(response.url):
            self.failed.append(f"{response.url}: HTTP {response.status}")

    def _tolerates(self, url: str) -> bool:
        return self.tolerated is not None and self.tolerated.match(url) is not None

    def assert_clean(self) -> None:
        assert not self.console, f"console errors: {self.console}"
        assert not self.failed, f"failed requests: {self.failed}"


def block_outside(page: Page, server_url: str) -> list[str]:
    """Abort every request of ``page`` that is not to ``server_url``; return the list of their URLs."""
    outside: list[str] = []

    def route(route):
        if route.request.url.startswith(server_url + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("namenotresolved")  # as an offline machine fails them

    page.route("**/*", route)
    return outside


def open_lab(
    page: Page, url: str, name: str, timeout: float = 90.0, tolerated: str | None = None,
    tolerated_console: tuple[str, ...] = (),
) -> PageProblems:
    """Open ``url``, wait until every widget rendered, screenshot it as ``name``.

    Fails on a cell error, a widget that did not render, a console error or a
    failed request (other than those whose URL ``tolerated`` matches from its start, and the console
    lines of ``tolerated_console``).
    Returns the problem collector, which keeps watching the page so a test
    can call ``assert_clean()`` again after interacting.
    """
    if page.url != "about:blank":
        # Leave the previous page first: its unload sends Voila's kernel-shutdown
        # request, which Voila 0.5 refuses (upstream issue 1458) and which
        # belongs to that page, not to this one.
        page.goto("about:blank")
    problems = PageProblems(tolerated=tolerated and re.compile(tolerated), tolerated_console=tolerated_console)
    problems.watch(page)
    response = page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
    assert response is not None and response.ok, f"{url}: HTTP {response and response.status}"
    problems.document = response.text()
    expected = problems.document.count(WIDGET_OUTPUT)
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    start = time.monotonic()
    try:
        page.wait_for_function(READY_JS, arg=expected, timeout=timeout * 1000, polling=100)
    except PlaywrightTimeoutError as error:  # say what the page still lacked
        screenshot(page, f"{name}-not-ready")
        raise AssertionError(
            f"{name}: not ready after {timeout:.0f} s: {page.evaluate(NOT_READY_JS, expected)}; "
            f"error output: {page.evaluate(ERROR_OUTPUT_JS)}; console: {problems.console}; "
            f"failed requests: {problems.failed}"
        ) from error
    page.wait_for_load_state("load")
    # The template's loading bar (matmul_loading.html) goes once the last widget is drawn.
    page.wait_for_function("() => !document.getElementById('matmul-loading')", timeout=5_000)
    errors = page.evaluate(ERROR_OUTPUT_JS)
    assert not errors, f"{name}: error output in the page: {errors}"
    screenshot(page, name)
    problems.assert_clean()
    problems.ready_seconds = time.monotonic() - start
    return problems


def wait_or_say_why(page: Page, target: Locator, name: str, problems: PageProblems, timeout: float = 90.0) -> None:
    """Wait until ``target`` shows; if it never does, fail with what the page showed and what went wrong.

    For a page that is not a lab (`open_lab` says what a lab lacked): its
    text, console errors and failed requests, and a ``{name}-not-ready``
    screenshot.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        target.wait_for(timeout=timeout * 1000)
    except PlaywrightTimeoutError as error:
        screenshot(page, f"{name}-not-ready")
        text = page.evaluate("() => document.body ? document.body.innerText.slice(0, 600) : '(no body)'")
        raise AssertionError(
            f"{name}: not shown after {timeout:.0f} s at {page.url}; the page's text: {text!r}; "
            f"console: {problems.console}; failed requests: {problems.failed}"
        ) from error


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot under ``tests/artifacts/`` (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    # Voila scrolls inside #rendered_cells, not the document, so a "full page"
    # shot would stop at the window: grow the window to the content instead.
    viewport = page.viewport_size
    height = page.evaluate(
        "() => Math.max(document.documentElement.scrollHeight,"
        " document.querySelector('#rendered_cells')?.scrollHeight || 0)"
    )
    page.set_viewport_size({"width": viewport["width"], "height": max(height, viewport["height"])})
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(viewport)
    return path


# Every piece of text a learner can see in the page's cells, in reading order,
# one string per text node (HTML, SVG labels of plots, inputs' values), with an
# ASCII minus.  Text inside a hidden element (display: none, a closed panel)
# is left out, and so is a formula's LaTeX annotation (never drawn); a formula's
# MathML is text the learner reads, numbers and all.
VISIBLE_TEXT_JS = """
() => {
  const root = document.getElementById('rendered_cells') || document.body;
  const parts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('annotation, script, style')) continue;
    if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
    const text = node.textContent.trim();
    if (text) parts.push(text.replace(/\\u2212/g, '-'));
  }
  for (const input of root.querySelectorAll('input[type=text], textarea')) {
    if (input.value.trim() && input.checkVisibility()) parts.push(input.value.trim());
  }
  return parts;
}
"""


def visible_text(page: Page) -> list[str]:
    """What a learner can read in the page's cells: one string per visible text node."""
    return page.evaluate(VISIBLE_TEXT_JS)


def shows_sequence(page: Page, values: list[str]) -> bool:
    """Whether the visible text holds `values` as consecutive items (a matrix read row by row)."""
    items = [word for text in visible_text(page) for word in text.split()]
    n = len(values)
    return any(items[k:k + n] == values for k in range(len(items) - n + 1))


def commit(field: Locator, text: str) -> None:
    """Type `text` into an input and press Enter, as a learner does (widgets read a value on Enter)."""
    field.fill(text)
    field.press("Enter")


def answer_check(page: Page, selector: str, answer) -> None:
    """Answer the `Check` under `selector` as a learner does, and press its Check button.

    `answer` is a str for a text box (a number or a shape), or a list of rows
    for a matrix: the rows and columns pickers are set first, then each cell
    is typed and committed with Enter.
    """
    check = page.locator(selector)
    if isinstance(answer, str):
        commit(check.locator(".widget-text input").first, answer)
    else:
        from playwright.sync_api import expect  # here, not at the top: see the TYPE_CHECKING import

        rows, cols = len(answer), len(answer[0])
        pickers = check.locator("select")
        pickers.nth(0).select_option(str(rows))
        pickers.nth(1).select_option(str(cols))
        cells = check.locator(".widget-text input")
        # Type into the kernel's new grid, not the old one it replaces (a 5×2 and a 2×5 grid
        # both have ten boxes): wait for its size and for its last box, named "…[rows,cols]".
        expect(cells).to_have_count(rows * cols, timeout=30_000)
        check.locator(f'.widget-text input[placeholder$="[{rows},{cols}]"]').wait_for(timeout=30_000)
        for index, text in enumerate(str(x) for row in answer for x in row):
            commit(cells.nth(index), text)
    press_check(page, selector)


def choose_check(page: Page, selector: str, choice: str) -> None:
    """Pick `choice` in the multiple-choice `Check` under `selector`, and press its Check button."""
    page.locator(selector).get_by_label(choice, exact=True).check()
    press_check(page, selector)


def press_check(page: Page, selector: str) -> None:
    """Press the Check button of the `Check` under `selector`."""
    page.locator(selector).locator("button", has_text="Check").first.click()


def start_practice(page: Page, selector: str) -> None:
    """Press Start in the `Practice` under `selector`: no exercise is built before, one is after."""
    from playwright.sync_api import expect  # here, not at the top: see the TYPE_CHECKING import

    checks = page.locator(f"{selector} .practice-check")
    expect(checks).to_have_count(0)
    page.locator(f"{selector} button", has_text="Start").click()
    expect(checks).to_have_count(1)


def click_cell(page: Page, selector: str, i: int, j: int, rows: int, cols: int) -> None:
    """Click cell (i, j), 0-based, of the heatmap under `selector`, near its top-left corner (away
    from the number written in its middle)."""
    area = page.locator(f"{selector} .plotarea_background")
    area.scroll_into_view_if_needed()
    box = area.bounding_box()
    page.mouse.click(box["x"] + (j + 0.15) * box["width"] / cols,
                     box["y"] + (i + 0.15) * box["height"] / rows)


def matrix_text(page: Page, selector: str) -> list[list[str]]:
    """The entries of the first HTML matrix under `selector`, as text (`MATRIX_TEXT_JS`)."""
    return page.evaluate(MATRIX_TEXT_JS, selector)


def wait_for_matrix_text(page: Page, selector: str, rows: list[list[str]], timeout: float = 10_000) -> None:
    """Wait until the first HTML matrix under `selector` shows `rows` (``[]``: no matrix there)."""
    page.wait_for_function(
        f"([selector, rows]) => JSON.stringify(({MATRIX_TEXT_JS})(selector)) === rows",
        arg=[selector, json.dumps(rows, separators=(",", ":"))],
        timeout=timeout,
    )


# The weighted sum an attention output writes, h2 = a v1 + b v2 + c v3 + d v4 = (x, y).
ATTENTION_AVERAGE = re.compile(r"h2 = (\S+) v1 \+ (\S+) v2 \+ (\S+) v3 \+ (\S+) v4 = \((\S+), (\S+)\)")


def read_average(page: Page) -> tuple[np.ndarray, np.ndarray]:
    """The four weights and the output h2 that the page's ``.attention-average`` writes out."""
    text = page.locator(".attention-average").inner_text()
    match = ATTENTION_AVERAGE.search(text)
    assert match, text
    numbers = [float(x) for x in match.groups()]
    return np.array(numbers[:4]), np.array(numbers[4:])
