"""Bytes on the wire per page: a first visit (an empty cache) and a repeat visit (a reload).

Each page is opened in a fresh browser context, so nothing is cached, and
then reloaded in the same context, as a learner's second visit is.  Chromium's
own count (the DevTools protocol's ``Network.loadingFinished``
``encodedDataLength``: headers and body as received, compressed or not) is
summed over every response until the page is interactive (`READY_JS`).  Run on
``make serve``'s Voila (``labserver.voila_app``, compressing) and, as the
reference, on Voila itself (uncompressed), with the same configuration.
"""
from __future__ import annotations

from suite import READY_JS, VIEWPORT, WIDGET_OUTPUT, log


def _visit(page, url: str, reload: bool) -> dict:
    """Open (or reload) `url` on `page` and return the bytes and responses until it is interactive."""
    counted = {"bytes": 0, "responses": 0}
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")

    def finished(event):
        counted["bytes"] += event["encodedDataLength"]
        counted["responses"] += 1

    session.on("Network.loadingFinished", finished)
    response = page.reload(wait_until="domcontentloaded") if reload else page.goto(url, wait_until="domcontentloaded")
    expected = response.text().count(WIDGET_OUTPUT)  # the widget outputs the page was served with
    page.wait_for_function(READY_JS, arg=expected, timeout=120_000, polling=100)
    page.wait_for_load_state("networkidle")
    session.detach()
    return counted


def measure_transfer(browser, servers: dict, targets) -> dict:
    """Per page: ``{"first": {"bytes", "responses"}, "repeat": {...}}``."""
    results = {}
    for target in targets:
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        url = servers[target.root].url + target.path
        try:
            first = _visit(page, url, reload=False)
            repeat = _visit(page, url, reload=True)
        finally:
            context.close()
        results[target.name] = {"first": first, "repeat": repeat}
        log(f"  {target.name}: first visit {first['bytes'] / 2**20:.2f} MiB in {first['responses']} responses, "
            f"repeat {repeat['bytes'] / 2**10:.0f} KiB in {repeat['responses']}")
    return results
