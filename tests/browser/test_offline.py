"""A lab needs nothing from outside its server, and gets what it needs compressed.

Every page of ``make serve``'s Voila is opened with the outside blocked in its light-theme
visit (`tests/browser/test_learner_visit.py`, through
`harness.offline.open_complete_offline`), which is also its render test. Here: a lab under
``jupyter server`` with the Voila extension, Binder's route, where the package's extension
``labserver.formulas`` gives Voila's exporter the Markdown renderer that writes MathML (without
it this test fails on the LaTeX left as text), and the template names its own stand-in for
MathJax (without it Voila's page would load MathJax from a CDN); and both servers gzip what
they send.
"""
from __future__ import annotations

import gzip
import urllib.request

import pytest

from harness.offline import open_complete_offline
from harness.voila import JupyterServer


@pytest.fixture(scope="module")
def jupyter_server(server_logs):
    """``jupyter server`` from the repository root, as Binder starts it: Voila runs as its extension."""
    server = JupyterServer().start(server_logs)
    yield server.url
    server.stop()


def test_a_lab_complete_under_jupyter_server_with_the_outside_blocked(jupyter_server, page):
    lab = "01-product-by-columns.ipynb"
    _, found = open_complete_offline(
        page, jupyter_server, f"{jupyter_server}/voila/render/labs/{lab}?reveal=1", "offline-jupyter-server"
    )
    assert found["formulas"] > 0 and found["icons"] > 0, found


def gzipped(url: str) -> tuple[str | None, int, int]:
    """A response to `url` for a browser that accepts gzip: its encoding, its size sent and unpacked."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=60) as response:
        body, encoding = response.read(), response.headers.get("Content-Encoding")
    return encoding, len(body), len(gzip.decompress(body)) if encoding == "gzip" else len(body)


def test_both_servers_compress_what_they_send(voila_server, jupyter_server):
    """A first visit downloads megabytes of JavaScript: Voila as make serve runs it (labserver.voila_app)
    and jupyter server (the labserver.compressed extension) gzip it for a browser that accepts it."""
    for url in (f"{voila_server.url}/voila/static/voila.js", f"{jupyter_server}/voila/static/voila.js"):
        encoding, sent, size = gzipped(url)
        assert encoding == "gzip" and sent < size / 2, (url, encoding, sent, size)
