"""Asking the room on a real lecture server: one lecturer, three students (one on a phone), two rounds, a reveal.

The server runs as ``make serve`` does (``labserver.pulse``).  The lecturer asks lab 1's activity from
the board; each student's open lab names the question within seconds, records their answers without
judging them and keeps the step-by-step product closed, even after a right answer; the board splits
the answers without saying which is right until the lecturer shows it, then both rounds side by side;
the reveal opens each student's held view and counts the check as it would have alone.
"""
from __future__ import annotations

import base64
import json
import secrets
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from classpulse import PulseStore
from harness.browser import ARTIFACTS, LEAVING_TOLERATED, answer_check, open_lab, screenshot
from harness.lecturer import PULSE, lecture_server, let_in

LAB_1 = "/voila/render/01-product-by-columns.ipynb"
LAB_3 = "/voila/render/03-product-properties.ipynb"
TOKEN = secrets.token_urlsafe(16)
RIGHT, TRANSPOSE, SIGN = [[6, 19], [9, -3]], [[6, 9], [19, -3]], [[6, 19], [9, 3]]
# A student's kernel reads the room every second; the board reads the store every 3 s; a busy 2-core machine.
TOLD_WITHIN = 15_000
ARRIVES_WITHIN = 30_000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def pulse_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("room-store")


@pytest.fixture(scope="module")
def server(server_logs, pulse_dir):
    server = lecture_server(server_logs, pulse_dir, TOKEN)
    yield server
    server.stop()


def _board(page: Page, server) -> None:
    let_in(page, f"{server.url}{PULSE}?token={urllib.parse.quote(TOKEN)}")
    open_lab(page, server.url + PULSE, "room-board-start")


def _student(browser, server, name: str, **context):
    learner = browser.new_context(**(context or {"viewport": {"width": 1280, "height": 800}})).new_page()
    open_lab(learner, server.url + LAB_1, name, tolerated=LEAVING_TOLERATED)
    return learner


def _view(page: Page, name: str) -> None:
    """Save what the window shows now (a phone's screen), not the whole page."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _feedback(page: Page):
    return page.locator(".lab01-check .check-feedback")


def test_two_rounds_then_the_reveal(server, page, browser, pulse_dir):
    assert PulseStore(pulse_dir).reset()
    _board(page, server)
    panel = page.locator(".room-panel")
    students = [_student(browser, server, "room-student-right"), _student(browser, server, "room-student-transpose"),
                _student(browser, server, "room-student-sign-phone", **PHONE)]
    right, transpose, sign = students
    try:
        panel.locator("select").select_option(label="01-product-by-columns: AB by columns")
        panel.locator("button", has_text="Ask").click()
        for student in students:
            notice = student.locator(".room-notice")
            expect(notice).to_contain_text("Your lecturer asks the room “AB by columns”", timeout=TOLD_WITHIN)
            expect(notice).to_contain_text("round one")
            # A live region from the page's start, so a screen reader reads the notice as it comes.
            expect(student.locator(".room-notice-box")).to_have_attribute("aria-live", "polite")
        _view(sign, "room-student-notice-phone")
        # The notice's link jumps to the question.
        sign.locator(".room-notice a", has_text="Go to the question").click()
        expect(sign.locator("#room-question")).to_be_in_viewport()
        _view(sign, "room-student-jumped-phone")
        # A student in another lab is told where the question is, and its link takes them there; the lab
        # opened after the ask names it too.
        late = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        open_lab(late, server.url + LAB_3, "room-student-elsewhere", tolerated=LEAVING_TOLERATED)
        expect(late.locator(".room-notice")).to_contain_text("“AB by columns”, in lab 1", timeout=TOLD_WITHIN)
        late.get_by_role("link", name="Open lab 1").click()
        late.wait_for_url(f"**{LAB_1}")
        expect(late.locator(".room-notice")).to_contain_text("asks the room “AB by columns”", timeout=ARRIVES_WITHIN * 2)
        late.context.close()

        # Round one: one right, two with different slips; nobody is told which, and nothing opens.
        for student, answer in ((right, RIGHT), (transpose, TRANSPOSE), (sign, SIGN)):
            answer_check(student, ".lab01-check", answer)
            expect(_feedback(student)).to_contain_text("Answer recorded for round one", timeout=TOLD_WITHIN)
        for student in students:
            expect(_feedback(student)).not_to_contain_text("Correct")
            expect(student.locator(".lab01-reveal .reveal-placeholder")).to_contain_text("when the answer is revealed")
            expect(student.locator(".lab01-check button", has_text="Show solution")).to_be_disabled()
            expect(student.locator(".lab01-reveal button", has_text="Reveal")).to_be_disabled()  # no peeking
        expect(panel.locator("button", has_text="Ask")).to_be_disabled()  # one question at a time
        _view(sign, "room-student-during-phone")

        heading = page.locator(".room-heading")
        expect(heading).to_contain_text("round one: 3 answers so far", timeout=ARRIVES_WITHIN)
        split = page.locator(".room-split")
        expect(split).not_to_contain_text("right")  # the room must not learn which answer is right
        expect(split).not_to_contain_text("transpose")

        panel.locator("button", has_text="Round two").click()
        for student in students:
            expect(student.locator(".room-notice")).to_contain_text("round two", timeout=TOLD_WITHIN)
            expect(_feedback(student)).to_contain_text("Round two")
        # The transposer's page is reloaded (a phone woken, a lost connection): their answers go on under
        # the id their browser kept, so the board counts them once and sees them move.
        open_lab(transpose, server.url + LAB_1, "room-student-transpose-reloaded", tolerated=LEAVING_TOLERATED)
        expect(_feedback(transpose)).to_contain_text("Your last answer is back in the box", timeout=TOLD_WITHIN)
        # Round two: the transposer is convinced, the sign slip stays, the right one keeps it.
        for student, answer in ((right, RIGHT), (transpose, RIGHT), (sign, SIGN)):
            answer_check(student, ".lab01-check", answer)
            expect(_feedback(student)).to_contain_text("Answer recorded for round two", timeout=TOLD_WITHIN)
        expect(heading).to_contain_text("round two: 3 answers so far", timeout=ARRIVES_WITHIN)
        panel.locator("button", has_text="Show which is right").click()
        rows = split.locator("tr")
        expect(rows.filter(has_text="right:").locator("td")).to_have_text(
            [rows.filter(has_text="right:").locator("td").first.inner_text(), "1", "2"], timeout=ARRIVES_WITHIN)
        expect(rows.filter(has_text="transpose:").locator("td").nth(2)).to_have_text("0")
        expect(rows.filter(has_text="sign:").locator("td").nth(1)).to_have_text("1")
        expect(page.locator(".room-moves")).to_contain_text("1 moved from transpose")
        screenshot(page, "room-board-two-rounds")
        panel.screenshot(path=str(ARTIFACTS / "room-board-panel.png"))  # the README's picture of a round

        panel.locator("button", has_text="Reveal the answer").click()
        for student in students:
            expect(student.locator(".room-notice")).to_contain_text("is revealed", timeout=TOLD_WITHIN)
            expect(student.locator(".lab01-reveal .reveal-placeholder")).to_have_count(0)
        expect(_feedback(right)).to_contain_text("Correct!")
        expect(_feedback(transpose)).to_contain_text("Correct!")
        expect(_feedback(sign)).not_to_contain_text("Correct")
        sign.locator(".lab01-check").scroll_into_view_if_needed()
        _view(sign, "room-student-after-phone")

        # No student's page holds the token, the board, or how the room answered.
        for student in students:
            content = student.content()
            assert TOKEN not in content and "room-split" not in content and "moved from" not in content
        assert set(json.loads((pulse_dir / "room.json").read_text())) == {"ask", "lab", "check", "round", "revealed"}
    finally:
        for student in students:
            student.context.close()

    # Each counted as alone: solved, retried, shown; the CSV carries both rounds.
    link = page.locator(".pulse-export a[download='pulse.csv']")
    expect(link).to_have_count(1, timeout=ARRIVES_WITHIN)
    expect(page.locator(".pulse-table tr", has_text="AB by columns").locator("td").nth(2)).to_have_text(
        "2", timeout=ARRIVES_WITHIN)
    csv = base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode()
    ask = PulseStore(pulse_dir).room().ask
    for line in (f"{ask},01-product-by-columns,activity,1,right,", f"{ask},01-product-by-columns,activity,2,right,",
                 f"{ask},01-product-by-columns,activity,1 to 2,transpose to right,,1"):
        assert line in csv, csv
    assert [(split.answered(1), split.answered(2)) for split in PulseStore(pulse_dir).room_splits()] == [(3, 3)]
