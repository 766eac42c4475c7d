"""A lab opens whatever happens to Font Awesome's CDN, and uses it when it arrives.

Voila's lab template links Font Awesome (the icons of a few buttons) from
cdn.jsdelivr.net in the page's head. The ``matmul`` template loads those
style sheets without holding the page: a hall network that drops outside
traffic must not keep a lab from opening. The CDN is played by Playwright's
router: no request leaves the machine.
"""
from __future__ import annotations

from harness.browser import READY_JS, WIDGET_OUTPUT, PageProblems

LAB = "01-product-by-columns.ipynb"
CDN = "https://cdn.jsdelivr.net/**"


def open_with_cdn(page, url, answer) -> int:
    """Open ``url`` with every CDN request passed to ``answer(route)``; return the widget outputs."""
    page.route(CDN, answer)
    response = page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    return response.text().count(WIDGET_OUTPUT)


def test_a_lab_opens_while_the_cdn_never_answers(voila_server, page):
    pending = []
    problems = PageProblems().watch(page)
    outputs = open_with_cdn(page, f"{voila_server.url}/voila/render/{LAB}", lambda route: pending.append(route))
    # With the style sheets holding the head, the page's scripts never ran.
    page.wait_for_function(READY_JS, arg=outputs, timeout=60_000, polling=100)
    assert len(pending) == 2, [route.request.url for route in pending]  # still unanswered
    problems.assert_clean()
    for route in pending:
        route.abort()


def test_the_icons_apply_once_their_style_sheet_arrives(voila_server, page):
    def answer(route):
        route.fulfill(status=200, content_type="text/css", body="body { --icon-sheet: loaded; }")

    outputs = open_with_cdn(page, f"{voila_server.url}/voila/render/{LAB}", answer)
    page.wait_for_function(READY_JS, arg=outputs, timeout=60_000, polling=100)
    page.wait_for_function(
        "() => getComputedStyle(document.body).getPropertyValue('--icon-sheet').trim() === 'loaded'",
        timeout=10_000,
    )
