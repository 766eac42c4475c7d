"""Where a question's answer can be read on a lab's page: the lab's `Check`s and their answers, what
the page shows (its text, typeset math, tables and heatmaps, place by place), and the places where it
shows a given answer.

`lab_checks` runs a lab's code in this process (`harness.notebooks.lab_namespace`) and keeps every
`Check` it built, with the learner's right and wrong answers to type; `Settled` reads the page
(`Seen`) once it has settled after a move; `sightings` lists where it shows a check's answer, and
`new_sightings` those a move brought into sight (``harness.walk``, in ``tests/browser/test_learner_visit.py``).
"""
from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from ipywidgets.widgets.widget import _instances  # every live widget by model id (no public registry)

from widgets import Check
from widgets.core.parsing import format_number

from .notebooks import lab_namespace

if TYPE_CHECKING:  # only browser tests load Playwright
    from playwright.sync_api import Page

#: Added to a number answer, or to one entry of a matrix answer, to make a wrong one.
OFF_BY = 7
#: A choice shorter than this is a symbol ("RS", "PAᵀ") that views use as a name, not an answer.
CHOICE_MIN_CHARS = 12

# A number written on its own: not the digit of a name such as h2 or v1, not part of a shape 4x2.
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?!\w|\.\d)")


@dataclass(frozen=True)
class LabCheck:
    """One `Check` of a lab: the selector of its box in the page, and its answer.

    ``mode`` is the Check's: ``"number"`` (``answer`` a float), ``"shape"`` (a tuple of two
    ints), ``"matrix"`` (a 2-D array) or ``"choice"`` (``answer`` is the right one of ``choices``).
    """

    selector: str
    title: str
    mode: str
    answer: object
    choices: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """How a failure names the check: its selector and its title."""
        return f"{self.selector} ({self.title})" if self.title else self.selector

    def right(self):
        """The right answer as a learner types it: text, a list of rows of text, or the choice."""
        return self._typed(self.answer)

    def wrong(self):
        """A wrong but plausible answer: the number plus `OFF_BY`, the shape with both sizes one
        larger, the matrix with its first entry off by `OFF_BY`, or the first wrong choice."""
        if self.mode == "choice":
            return next(choice for choice in self.choices if choice != self.answer)
        if self.mode == "number":
            return self._typed(self.answer + OFF_BY)
        if self.mode == "shape":
            return self._typed(tuple(size + 1 for size in self.answer))
        wrong = np.array(self.answer, dtype=float)
        wrong[0, 0] += OFF_BY
        return self._typed(wrong)

    def shown_text(self, typed=None) -> str:
        """An answer (`typed`, default the right one) on one line, as a failure message writes it."""
        typed = self.right() if typed is None else typed
        return " ; ".join(" ".join(row) for row in typed) if self.mode == "matrix" else str(typed)

    def _typed(self, value):
        """`value` (an answer of this check's kind) as a learner enters it: a choice as it is, a
        shape as ``4x2``, a number and each matrix entry as the labs write it (ASCII minus)."""
        if self.mode == "choice":
            return value
        if self.mode == "shape":
            return f"{value[0]}x{value[1]}"
        if self.mode == "number":
            return format_number(value)
        return [[format_number(x) for x in row] for row in np.asarray(value)]


def lab_checks(path: Path) -> list[LabCheck]:
    """Every `Check` the lab at `path` builds, in the order they were built, but a `Practice`'s.

    Runs the lab's code in this process, as a learner opening it starts it (no lecturer's link),
    and picks the Checks out of the widgets this run made: those inside a view or a composite too,
    not only those a cell names.  A Practice builds its Checks only once started, each with the
    class ``practice-check``.  A Check is found in the page by its CSS classes (``.add_class``),
    so each must have one: a Check without fails here.
    """
    known = set(_instances)
    lab_namespace(path)
    checks = []
    for key, check in list(_instances.items()):
        if key in known or not isinstance(check, Check) or "practice-check" in check._dom_classes:
            continue
        assert check._dom_classes, f"{path.name}: a Check has no CSS class to find it by: {check.title!r}"
        choices = check.choices  # in the lab's order (the box shows an order drawn per page view)
        checks.append(LabCheck("." + ".".join(check._dom_classes), check.title, check._mode,
                               check._answer, choices))
    return checks


# What the page shows, read as a learner reads it, for `Seen`.  One piece per visible text node,
# per visible text box outside a Check (a Check's box holds what the learner typed), and per
# formula (its MathML read leaf by leaf, a minus sign joined to the number it negates, its LaTeX
# annotation left out); a Check's echo of the typed answer
# (`.check-reading`) is left out.  Text drawn for screen readers only (a figure's table,
# `.matmul-visually-hidden`) counts: it reads the answer out as well.  Each piece is named by
# where it is, its cell and the lab's classes around it ("cell 7 .lab02-reveal > .lab02-product"),
# and by the Check whose box holds it (its index in the selectors given, -1 for none).  And the
# grids, named the same way: each visible HTML table, each matrix in a formula, and each bqplot
# figure's labels grouped into rows by height.  `ready` is false while a figure has no marks yet.
SEEN_JS = r"""
(checkSelectors) => {
  const root = document.getElementById('rendered_cells') || document.body;
  const cells = Array.from(root.querySelectorAll('.jp-Cell'));
  const checks = checkSelectors.map(s => root.querySelector(s));
  const box = node => checks.findIndex(check => check && check.contains(node));
  const minus = s => s.replace(/\u2212/g, '-').replace(/\s+/g, ' ').trim();
  const shown = el => !el.checkVisibility || el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const where = el => {
    const names = [];
    for (let e = el; e && e !== root; e = e.parentElement) {
      const lab = Array.from(e.classList).find(c => /^lab\d+-/.test(c));
      if (lab) names.unshift('.' + lab);
    }
    return `cell ${cells.indexOf(el.closest('.jp-Cell')) + 1}` + (names.length ? ' ' + names.join(' > ') : '');
  };
  const mathText = node => {
    const words = [];
    let negate = false;
    for (const leaf of node.querySelectorAll('mi, mn, mo, mtext, ms')) {
      const text = leaf.textContent.trim(), kind = leaf.tagName.toLowerCase();
      const last = words[words.length - 1];
      // A minus at the start, or after an operator or an opening bracket, negates what follows.
      const opens = last === undefined || (last.operator && !/[)\]]/.test(last.text));
      if (kind === 'mo' && /^[-\u2212]$/.test(text) && opens) {
        negate = true;
        continue;
      }
      words.push({text: (negate ? '-' : '') + text, operator: kind === 'mo'});
      negate = false;
    }
    return minus(words.map(word => word.text).join(' '));
  };
  const pieces = [], grids = [];
  const visit = node => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = minus(node.textContent);
      if (text) pieces.push([where(node.parentElement), box(node), text]);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || !shown(node)) return;
    const tag = node.tagName.toLowerCase();
    if (['script', 'style'].includes(tag) || node.classList.contains('check-reading')) return;
    if (tag === 'math') {
      pieces.push([where(node), box(node), mathText(node)]);
      for (const table of node.querySelectorAll('mtable')) {
        grids.push([where(node), box(node), Array.from(table.querySelectorAll(':scope > mtr')).map(
          row => Array.from(row.querySelectorAll(':scope > mtd')).map(mathText))]);
      }
      return;
    }
    if ((tag === 'input' && node.type === 'text') || tag === 'textarea') {
      if (node.value.trim() && box(node) < 0) pieces.push([where(node), -1, minus(node.value)]);
      return;
    }
    if (tag === 'table') {
      const rows = Array.from(node.rows).map(row => Array.from(row.cells).map(cell => minus(cell.textContent)));
      grids.push([where(node), box(node), rows]);
    }
    if (node.classList.contains('bqplot')) {
      const labels = Array.from(node.querySelectorAll('text.label')).filter(shown).map(label => {
        const rect = label.getBoundingClientRect();
        return {y: rect.y + rect.height / 2, x: rect.x, text: minus(label.textContent)};
      }).sort((a, b) => a.y - b.y);
      const rows = [];
      for (const label of labels) {
        const row = rows[rows.length - 1];
        if (row && Math.abs(row[0].y - label.y) < 3) row.push(label); else rows.push([label]);
      }
      const texts = rows.map(row => row.sort((a, b) => a.x - b.x).map(label => label.text));
      if (texts.length) grids.push([where(node), box(node), texts]);
    }
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  const marks = 'path.line[d]:not([d=""]), path.area[d]:not([d=""]), .dot, .object, rect.heatmapcell, .label';
  const ready = Array.from(root.querySelectorAll('.bqplot')).every(fig => !shown(fig) || fig.querySelector(marks));
  return {pieces, grids, ready};
}
"""


class Sighting(NamedTuple):
    """One place where the page shows an answer: the place (cell and lab classes), the selector of
    the Check whose box holds it (``None`` outside every Check), and what it reads there."""

    place: str
    box: str | None
    text: str

    def __str__(self) -> str:
        return f"{self.place}: {self.text}"


class Grid(NamedTuple):
    """A table, a formula's matrix or a heatmap in the page: its place and Check box as a
    `Sighting`'s, and its rows of cell text."""

    place: str
    box: str | None
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Seen:
    """What the page shows: ``runs``, its text place by place (consecutive pieces in one place joined
    by spaces, in reading order, each a `Sighting` of all it reads), and ``grids``."""

    runs: tuple[Sighting, ...]
    grids: tuple[Grid, ...]

    @classmethod
    def read(cls, page: Page, checks: list[LabCheck]) -> tuple[Seen, bool]:
        """Read the page now (`SEEN_JS`); also whether every figure has drawn."""
        selectors = [check.selector for check in checks]
        found = page.evaluate(SEEN_JS, selectors)
        runs: list[Sighting] = []
        for place, box, text in found["pieces"]:
            where = (place, selectors[box] if box >= 0 else None)
            if runs and runs[-1][:2] == where:
                runs[-1] = runs[-1]._replace(text=f"{runs[-1].text} {text}")
            else:
                runs.append(Sighting(*where, text))
        grids = tuple(Grid(place, selectors[box] if box >= 0 else None, tuple(map(tuple, rows)))
                      for place, box, rows in found["grids"])
        return cls(tuple(runs), grids), found["ready"]


# Keeps in `window.__answersChanged` the time of the last change to the page's cells (a node, a
# text or an attribute), from the first call on.
WATCH_JS = """
() => {
  if (window.__answersChanged !== undefined) return;
  window.__answersChanged = performance.now();
  new MutationObserver(() => { window.__answersChanged = performance.now(); }).observe(
    document.getElementById('rendered_cells') || document.body,
    {subtree: true, childList: true, characterData: true, attributes: true});
}
"""
# The cells changed after `since` (a `performance.now()`) and have been still for `quiet` ms since.
_QUIET_JS = "([since, quiet]) => window.__answersChanged > since && performance.now() - window.__answersChanged >= quiet"


def wait_quiet(page: Page, quiet: float, since: float = -1.0, timeout: float = 15.0) -> None:
    """Wait until the page's cells, watched by `WATCH_JS`, changed after `since` (a `performance.now()`
    of the page, never negative: by default any change counts) and have then been still for `quiet` seconds."""
    page.wait_for_function(_QUIET_JS, arg=[since, quiet * 1000], polling=50, timeout=timeout * 1000)


class Settled:
    """Reads a page (`Seen`) once it has settled after a move: nothing in its cells changed for
    `quiet` seconds, no request under way (a view drawn for the first time may fetch code or fonts,
    and the page can be still meanwhile), and every figure has drawn its marks.

    A move's views arrive from the kernel in several messages and draw after them: reading as soon
    as the feedback shows could miss a view still opening.  Watches the page from its creation on.
    """

    def __init__(self, page: Page, checks: list[LabCheck], quiet: float = 0.15, timeout: float = 15.0):
        self._page, self._checks, self._quiet, self._timeout = page, checks, quiet, timeout
        self._requests: set = set()
        page.on("request", lambda request: self._requests.add(request))
        page.on("requestfinished", lambda request: self._requests.discard(request))
        page.on("requestfailed", lambda request: self._requests.discard(request))
        page.evaluate(WATCH_JS)

    def view(self) -> Seen:
        """What the page shows, once settled."""
        deadline = time.monotonic() + self._timeout
        while True:
            wait_quiet(self._page, self._quiet, timeout=self._timeout)
            if not self._requests:
                seen, ready = Seen.read(self._page, self._checks)
                if ready:
                    return seen
            waiting = [request.url for request in self._requests]
            assert time.monotonic() < deadline, f"not settled in {self._timeout} s: requests under way {waiting}"
            self._page.wait_for_timeout(50)


def _equal(text: str, value: float) -> bool:
    """Whether a number written as `text` shows `value`: equal, or `value` rounded to the two or
    more decimals written (a view writes 1/3 as 0.33 or 0.333)."""
    written = float(text)
    if abs(written - value) <= 1e-9 * max(1.0, abs(value)):
        return True
    decimals = len(text.partition(".")[2])
    return decimals >= 2 and abs(written - value) <= 0.5 * 10.0 ** -decimals + 1e-12


def _distinctive(value: float) -> bool:
    """Whether a single-number answer would be noticed: a whole number from −9 to 9 is not, since
    such digits fill every matrix of a lab."""
    return not (float(value).is_integer() and abs(value) <= 9)


def _windows(numbers: list[str], values: np.ndarray):
    """The runs of consecutive `numbers` that write `values` in order."""
    n = len(values)
    for k in range(len(numbers) - n + 1):
        if all(_equal(text, value) for text, value in zip(numbers[k:k + n], values)):
            yield numbers[k:k + n]


def _in_grid(grid: Grid, answer: np.ndarray) -> list[Sighting]:
    """Where a grid holds `answer`: a vector as a run of a row or a column, a matrix as a block."""
    cells = [[text if NUMBER.fullmatch(text) else None for text in row] for row in grid.rows]
    width = max((len(row) for row in cells), default=0)
    rows = [row + [None] * (width - len(row)) for row in cells]
    blocks = [answer.ravel()[None, :], answer.ravel()[:, None]] if 1 in answer.shape else [answer]
    found = []
    for block in blocks:
        r, c = block.shape
        for i in range(len(rows) - r + 1):
            for j in range(width - c + 1):
                part = [row[j:j + c] for row in rows[i:i + r]]
                if all(text is not None and _equal(text, value)
                       for row, values in zip(part, block) for text, value in zip(row, values)):
                    found.append(Sighting(grid.place, grid.box, f"a table holds it from row {i + 1}, column {j + 1}"))
    return found


def sightings(check: LabCheck, seen: Seen) -> list[Sighting]:
    """Where the page shows `check`'s answer, with what it reads there.

    - a matrix or a vector: its entries in order, row by row, as consecutive numbers of one place,
      or as a block of a table, a formula's matrix or a heatmap (a vector as a row or a column);
    - a number: a number written equal to it (see `_equal`), unless it is a digit (`_distinctive`);
    - a shape r×c: written as ``r×c``, ``r x c`` or ``r by c``;
    - a choice of at least `CHOICE_MIN_CHARS` characters: its words, written anywhere.

    The check's own box (its prompt, its choices) does not count.
    """
    seen = Seen(tuple(run for run in seen.runs if run.box != check.selector),
                tuple(grid for grid in seen.grids if grid.box != check.selector))
    found = []
    if check.mode == "matrix":
        values = np.asarray(check.answer, dtype=float)
        for run in seen.runs:
            found += [run._replace(text=repr(" ".join(numbers)))
                      for numbers in _windows(NUMBER.findall(run.text), values.ravel())]
        for grid in seen.grids:
            found += _in_grid(grid, values)
    elif check.mode == "number" and _distinctive(check.answer):
        for run in seen.runs:
            found += [run._replace(text=repr(_excerpt(run.text, written)))
                      for written in NUMBER.findall(run.text) if _equal(written, check.answer)]
    elif check.mode == "shape":
        rows, cols = check.answer
        shape = re.compile(rf"(?<![\d.]){rows}\s*(?:[×x]|-?by-?)\s*{cols}(?!\d)")
        for run in seen.runs:
            found += [run._replace(text=repr(_excerpt(run.text, match.group())))
                      for match in shape.finditer(run.text)]
    elif check.mode == "choice" and len(check.answer) >= CHOICE_MIN_CHARS:
        words = " ".join(check.answer.replace("\N{MINUS SIGN}", "-").split())
        found += [run._replace(text=repr(_excerpt(run.text, words))) for run in seen.runs if words in run.text]
    return found


def new_sightings(check: LabCheck, before: Seen, after: Seen) -> list[Sighting]:
    """The sightings of `check`'s answer in `after` that `before` did not have (counted place by place)."""
    return list((Counter(sightings(check, after)) - Counter(sightings(check, before))).elements())


def _excerpt(text: str, part: str, around: int = 40) -> str:
    """`text` around the first `part`, shortened to about `around` characters each side."""
    at = text.find(part)
    start, end = max(0, at - around), at + len(part) + around
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
