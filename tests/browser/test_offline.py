"""A lab needs nothing from outside its server, and gets what it needs compressed: a hall network
that drops outside traffic still gets every lab complete, MathJax typeset and icons drawn.  The same visit is every
page's render test: no error output, no console error, no failed request, every widget drawn and the loading bar
gone (``harness.browser.open_lab``), the page titled with the lab's heading, shot at a projector's 1280×800 and at
1920×1080 to look at.

Each page is opened with every request to another host aborted and recorded
(Playwright's router), under Voila as ``make serve`` runs it and under ``jupyter
server`` with the Voila extension, Binder's route. Font Awesome comes from Voila's
own bundle (``voila-style.js``, with its fonts in Voila's static folder), MathJax
from the copy bundled with Voila's front end; the ``matmul`` template links no CDN,
and under ``jupyter server`` the package's extension ``labserver.local_mathjax``
keeps Voila from pointing MathJax at one. Opened with the old template (its Font
Awesome links only deferred) or without the extension, these tests fail on the
outside requests.
"""
from __future__ import annotations

import gzip
import json
import re
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import LABS
from harness.browser import block_outside, open_lab, screenshot
from harness.voila import REPO, JupyterServer

# The rendered Markdown that still holds TeX as text: MathJax that never loaded leaves it.
UNTYPESET_JS = """
() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown'))
  .map(e => e.innerText).filter(text => /\\$[^$\\n]+\\$|\\\\\\(/.test(text))
"""
# What MathJax typeset: a container per formula, and its errors.
TYPESET_JS = """
() => ({
  formulas: document.querySelectorAll('mjx-container').length,
  errors: Array.from(document.querySelectorAll('mjx-merror')).map(e => e.textContent),
})
"""
# Each shown Font Awesome icon (an ipywidgets button's <i class="fa fa-...">): the
# family it asks for, the glyph its ::before draws, and the state of the font faces once
# loaded from wherever the page's @font-face says (a browser starts the load when it first
# lays an icon out, which on a busy machine may not have happened yet: asked for here).
ICONS_JS = """
async () => {
  await document.fonts.load('900 1em "Font Awesome 5 Free"').catch(() => null);
  await document.fonts.ready;
  return {
    icons: Array.from(document.querySelectorAll('#rendered_cells .fa'))
      .filter(e => e.checkVisibility())
      .map(e => ({
        name: e.className,
        family: getComputedStyle(e).fontFamily,
        glyph: getComputedStyle(e, '::before').content,
      })),
    faces: Array.from(document.fonts)
      .filter(face => face.family.replace(/"/g, '') === 'Font Awesome 5 Free' && face.weight === '900')
      .map(face => face.status),
  };
}
"""
# A glyph of Font Awesome's private-use range, as getComputedStyle quotes it.
FA_GLYPH = re.compile('^"[\uf000-\uf8ff]"$')


def assert_complete_offline(page, server_url: str, url: str, name: str) -> dict:
    """Open ``url`` with the outside blocked; assert it asked for nothing outside, typeset
    its formulas and drew its icons; return what was found."""
    outside = block_outside(page, server_url)
    # Outside requests are not the harness's "failed request" here: they are counted below.
    problems = open_lab(page, url, name, tolerated=rf"^(?!{re.escape(server_url)}/)")
    try:  # MathJax typesets after the widgets have drawn; one that never loads leaves TeX as text
        page.wait_for_function(f"() => ({UNTYPESET_JS})().length === 0", timeout=20_000, polling=200)
    except PlaywrightTimeoutError:
        pass  # the assertion below says what is left
    untypeset, math, icons = page.evaluate(UNTYPESET_JS), page.evaluate(TYPESET_JS), page.evaluate(ICONS_JS)
    assert outside == [], f"{name} asked outside its server for {outside}"
    assert not untypeset, f"{name}: TeX not typeset in {untypeset}"
    assert not math["errors"], f"{name}: MathJax errors {math['errors']}"
    for icon in icons["icons"]:
        assert "Font Awesome 5 Free" in icon["family"] and FA_GLYPH.match(icon["glyph"]), f"{name}: {icon}"
    if icons["icons"]:
        assert icons["faces"] == ["loaded"], f"{name}: Font Awesome's font is {icons['faces']}"
    problems.assert_clean()
    return {"formulas": math["formulas"], "icons": len(icons["icons"])}


@pytest.mark.parametrize("lab", [path.name for path in LABS], ids=lambda name: name[:-6])
def test_every_page_renders_complete_with_the_outside_blocked(voila_server, page, lab):
    """Every view open (``?reveal=1``): what a learner sees at the end of the lab."""
    found = assert_complete_offline(
        page, voila_server.url, f"{voila_server.url}/voila/render/{lab}?reveal=1", f"lab-{lab[:-6]}"
    )
    if lab[:2].isdigit():  # the gallery is a list of links; a first visit's review has nothing to ask
        assert found["formulas"] > 0, f"{lab}: no formula typeset"
    heading = json.loads((REPO / "labs" / lab).read_text())["cells"][0]["source"][0]
    assert page.title() == heading.lstrip("#").strip(), "the tab says which lab it is, not its file"
    page.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(page, f"lab-{lab[:-6]}-1920")


@pytest.fixture(scope="module")
def jupyter_server(server_logs):
    """``jupyter server`` from the repository root, as Binder starts it: Voila runs as its extension."""
    server = JupyterServer().start(server_logs)
    yield server.url
    server.stop()


def test_a_lab_complete_under_jupyter_server_with_the_outside_blocked(jupyter_server, page):
    lab = "01-product-by-columns.ipynb"
    found = assert_complete_offline(
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
