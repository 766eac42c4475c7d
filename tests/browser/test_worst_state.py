"""Each lab in its worst state for its last question, in Chromium: every other question's solution
and hints opened, in whatever order the page offers them, the last one untouched.

The guard against answers in sight is in process, over every question (tests/labs/test_in_sight.py);
this is its smoke test in a real page, and the screenshots (``worst-NN`` at a projector's size and
``worst-NN-phone`` at a phone's) are the ones to look at: what a learner who skipped to the end sees.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import LABS
from harness.answers import WATCH_JS, wait_quiet
from harness.browser import open_lab, screenshot
from harness.in_sight import run_page

PHONE = {"width": 390, "height": 844}
NUMBERED = [path for path in LABS if path.stem[:2].isdigit()]

# Every "Show solution", "Next step" and hint button outside the question left untouched (marked by `skip`'s
# class), pressed once each; returns how many it pressed (a press opens parts, and maybe new questions).
PRESS_ALL_JS = """
skip => {
  const buttons = [...document.querySelectorAll('#rendered_cells button')].filter(b =>
    !b.closest('.' + skip) && b.offsetParent !== null &&
    (b.textContent.trim() === 'Show solution' || b.classList.contains('hint-next') ||
     b.classList.contains('check-next-step')));
  buttons.forEach(b => b.click());
  return buttons.length;
}
"""


def press_all(page, skip: str) -> int:
    """Press every button `PRESS_ALL_JS` finds, once, and wait until the kernel's answer has drawn: each
    press changes the page (a solution opens, a hint, a step), and what they open (a view, a follow-up
    question) comes in the same burst of messages. Returns how many it pressed."""
    since = page.evaluate("() => performance.now()")
    pressed = page.evaluate(PRESS_ALL_JS, skip)
    if pressed:
        wait_quiet(page, 0.4, since, timeout=30)
    return pressed


def last_question_class(path) -> str:
    """The CSS class the lab gives its last check (its last `lab.ask` that is a Check)."""
    page = run_page(path)
    key, check = list(page.lab.checks.items())[-1]
    classes = [name for name in check._dom_classes if name.startswith(f"lab{path.stem[:2]}-")]
    assert classes, f"{path.stem}: its last check, {key}, has no class of the lab's to find it by"
    return classes[0]


@pytest.mark.parametrize("path", NUMBERED, ids=[path.stem[:2] for path in NUMBERED])
def test_the_last_question_stays_unanswered_with_everything_else_opened(path, voila_server, page):
    last = last_question_class(path)
    number = path.stem[:2]
    problems = open_lab(page, f"{voila_server.url}/voila/render/{path.name}", f"worst-{number}-open")
    page.evaluate(WATCH_JS)
    for _ in range(20):  # a round opens one more hint or step of each, and may open follow-up questions
        if press_all(page, last) == 0:
            page.wait_for_timeout(1_000)  # nothing left: unless something still opens late
            if press_all(page, last) == 0:
                break
    else:
        pytest.fail(f"{path.stem}: still opening hints, steps or questions after 20 rounds")
    question = page.locator(f".{last}")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Hide solution")).to_have_count(0)
    screenshot(page, f"worst-{number}")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(500)
    screenshot(page, f"worst-{number}-phone")
    problems.assert_clean()
