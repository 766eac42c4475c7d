"""A page whose kernel is slow to send the widget states still loads them in one message.

A loading page asks its kernel for every widget's state in one request.
ipywidgets gives the answer 4 s and then falls back to asking for each widget
model separately (about 700 requests for lab 8, from every waiting page), which
is what drowned the server when a lecture hall opened lab 8 at once. The
``matmul`` template waits longer instead. Here the real answer is held back in
the browser for longer than 4 s, as a busy server would delay it.
"""
from __future__ import annotations

import re
import time

from harness.browser import READY_JS, RENDERED_VIEWS_JS, WIDGET_OUTPUT, PageProblems

LAB = "08-attention-weights.ipynb"
HOLD_MS = 6_000  # longer than ipywidgets' 4 s
CHANNELS = re.compile(r"/api/kernels/[-0-9a-f]{36}/channels")


def _text(message) -> str:
    return message if isinstance(message, str) else message.decode("latin-1")


def test_a_late_answer_with_the_widget_states_is_awaited(voila_server, page):
    sent: list[str] = []  # from the page to the kernel
    held: list = []  # from the kernel, from its widget-states answer on
    sockets = []

    def route(socket):
        kernel = socket.connect_to_server()

        def from_kernel(message):
            if held or '"update_states"' in _text(message):
                held.append(message)
            else:
                socket.send(message)

        def from_page(message):
            sent.append(_text(message))
            kernel.send(message)

        kernel.on_message(from_kernel)
        socket.on_message(from_page)
        sockets.append(socket)

    page.route_web_socket(CHANNELS, route)
    problems = PageProblems().watch(page)
    response = page.goto(f"{voila_server.url}/voila/render/{LAB}", wait_until="domcontentloaded")
    outputs = response.text().count(WIDGET_OUTPUT)
    deadline = time.monotonic() + 60
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # (Playwright delivers the socket's messages while it waits)
    assert held, "the kernel sent no widget states"
    page.wait_for_timeout(HOLD_MS)

    (socket,) = sockets
    while held:
        socket.send(held.pop(0))
    page.wait_for_function(READY_JS, arg=outputs, timeout=60_000, polling=100)
    assert outputs > 0 and page.evaluate(RENDERED_VIEWS_JS) == outputs
    assert sum('"request_states"' in m for m in sent) == 1
    per_model = sum('"request_state"' in m for m in sent)
    assert not per_model, f"the page fell back to one request per widget model ({per_model} sent)"
    problems.assert_clean()
