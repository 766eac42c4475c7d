"""Every page in WebKit, Safari's engine (WebKitGTK's MiniBrowser under Selenium, on a virtual
display): it renders with no page error, its formulas are drawn (``harness.formulas``, and
photographed), its main move works (``harness.engines.SMOKE``), and it
asks no other host for anything: WebKit sends every request for another host to a proxy that
records it and forwards nothing. One window serves the whole module."""
from __future__ import annotations

import pytest

from harness.engines import OUTSIDE_PAGE, SMOKE, SeleniumMoves, solve_and_reload, wait_until
from harness.formulas import FORMULA_PROSE, assert_formulas_drawn


@pytest.fixture(scope="module")
def moves(webkit):
    return SeleniumMoves(webkit.driver)


def test_a_request_to_another_host_is_caught(webkit):
    webkit.proxy.requests.clear()
    webkit.driver.get(OUTSIDE_PAGE)
    caught = lambda: len(webkit.outside) >= 3  # noqa: E731
    assert wait_until(caught), webkit.outside
    assert sorted(webkit.outside) == [
        "GET http://fetch.example.invalid/x HTTP/1.1",
        "GET http://style.example.invalid/a.css HTTP/1.1",
        "https (host not visible)",
    ]


@pytest.mark.parametrize("smoke", SMOKE, ids=[smoke.name for smoke in SMOKE])
def test_page_renders_and_its_move_works(smoke, webkit, moves, voila_server):
    webkit.proxy.requests.clear()
    moves.open(smoke.url(voila_server.url), f"webkit-{smoke.name}")
    assert_formulas_drawn(moves.evaluate, f"webkit-{smoke.name}")
    moves.screenshot_element(FORMULA_PROSE, f"webkit-{smoke.name}-formulas")
    smoke.move(moves)
    assert not moves.errors(), f"page errors: {moves.errors()}"
    assert not webkit.outside, f"requests to other hosts: {webkit.outside}"


def test_a_solved_check_and_a_practice_survive_a_reload_and_a_damaged_record_is_set_aside(moves, voila_server):
    """The learner's progress, kept in WebKit's storage (tests/browser/test_progress.py has the rest)."""
    lab = f"{voila_server.url}/voila/render/02-entry-dot-product.ipynb"
    moves.open(lab, "webkit-progress-first-visit")
    solve_and_reload(moves, lambda name: moves.open(lab, f"webkit-progress-{name}"))
    assert not moves.errors(), f"page errors: {moves.errors()}"
