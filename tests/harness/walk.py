"""A learner's walk through a lab's checks, each answered wrong once, then right: what came into sight.

docs/teaching.md 2, "No answer in sight before its question": a wrong answer may open views (a `Reveal` of a
prediction's outcome), but none that shows the answer just missed, which the learner could copy,
or the answer of a question further down the page, which the learner has not answered yet.
`walk_checks` walks a lab's `Check`s (not a `Practice`'s) from the top, as a learner who slips
once on each: read what the page shows, answer the check wrong (`LabCheck.wrong`), read it again
once the views have settled, and note what is newly in sight that shows its answer or that of a
check further down; then answer it right and go on.  "Shows", "newly" and "in sight" are
`harness.answers`' rules: what a learner can see, or hear from a screen reader (text, text boxes
outside the Checks, typeset formulas, the numbers in tables, formula matrices and heatmaps),
compared place by place before and after the wrong answer; a matrix shows as its entries in order
or as a block of a table, a shape as r×c, a number as a number equal to it, except the digits −9
to 9, which fill every matrix of a lab and say nothing on their own, and a choice as its words.
A check's own box (its prompt, its choices) does not give its answer away.

A screenshot after the lab's first wrong answer: ``tests/artifacts/wrong-first-<lab>.png``.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .answers import LabCheck, Seen, Settled, Sighting, lab_checks, new_sightings
from .browser import answer_check, choose_check, screenshot

if TYPE_CHECKING:  # only browser tests load Playwright
    from playwright.sync_api import Page

# Those of the selectors that match one box in the page, sorted as their boxes stand; and those
# that match several.
PAGE_ORDER_JS = """
(selectors) => {
  const boxes = selectors.map(s => document.querySelectorAll(s));
  const present = selectors.map((s, k) => [s, boxes[k]]).filter(([s, found]) => found.length === 1).sort(
    (a, b) => a[1][0].compareDocumentPosition(b[1][0]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
  return [present.map(([s]) => s), selectors.filter((s, k) => boxes[k].length > 1)];
}
"""
# True once the feedback of the Check under a selector is a verdict: "Correct" (right) or any
# other text (wrong).
VERDICT_JS = """
([selector, right]) => {
  const text = document.querySelector(selector + ' .check-feedback')?.textContent.trim() || '';
  return text !== '' && text.includes('Correct') === right;
}
"""


def topmost(page: Page, waiting: list[LabCheck]) -> LabCheck:
    """The highest of the `waiting` checks in the page now (one in a closed view is not there yet)."""
    order, repeated = page.evaluate(PAGE_ORDER_JS, [check.selector for check in waiting])
    assert not repeated, f"these selectors match several boxes: {repeated}"
    assert order, f"these checks never came into the page: {[check.name for check in waiting]}"
    return next(check for check in waiting if check.selector == order[0])


def answer(page: Page, check: LabCheck, typed, right: bool) -> None:
    """Type or pick `typed` in `check`'s box, as a learner does, press Check, and wait for the
    verdict to say `right` or wrong (polled often: `expect` backs off to a second between tries,
    which a walk of twenty answers would wait many times over)."""
    if check.mode == "choice":
        choose_check(page, check.selector, typed)
    else:
        answer_check(page, check.selector, typed)
    page.wait_for_function(VERDICT_JS, arg=[check.selector, right], polling=25, timeout=10_000)


def leaks(check: LabCheck, waiting: list[LabCheck], answered: list[LabCheck], before: Seen,
          after: Seen) -> Iterator[tuple[LabCheck, Sighting]]:
    """The sightings of `check`'s own answer, or a `waiting` check's, that a wrong answer to `check`
    brought into sight.

    Left out: `check`'s own feedback restating an answer the learner has given, right before or
    wrong just now ("-5 is not the answer"; lab 8's hint "Q is 4 × 2" for the shape of S, when the
    shape of H, asked later, is 4×2 as well).
    """
    given = {(done.mode, done.shown_text()) for done in answered}
    given.add((check.mode, check.shown_text(check.wrong())))
    for later in (check, *waiting):
        restated = (later.mode, later.shown_text()) in given
        for sighting in new_sightings(later, before, after):
            if not (restated and sighting.box == check.selector):
                yield later, sighting


def walk_checks(page: Page, path: Path) -> list[str]:
    """Walk the checks of the lab at `path`, open in `page`, from the top, each answered wrong once,
    then right: a check inside a view joins the walk when the view opens, and every check not
    answered yet counts as later.  Returns each answer a wrong one brought into sight, once."""
    waiting = lab_checks(path)
    settled = Settled(page, list(waiting))
    answered, found = [], []
    while waiting:
        before = settled.view()
        check = topmost(page, waiting)
        waiting.remove(check)
        answer(page, check, check.wrong(), right=False)
        after = settled.view()
        if not answered:
            screenshot(page, f"wrong-first-{path.stem}")
        typed = check.shown_text(check.wrong())
        found += [f"{path.stem}: after a wrong answer to {check.name} ({typed!r}), the answer of "
                  f"{later.name}, {later.shown_text()}, is in sight at {sighting}"
                  for later, sighting in leaks(check, waiting, answered, before, after)]
        answer(page, check, check.right(), right=True)
        answered.append(check)
    return list(dict.fromkeys(found))  # one place read twice: once
