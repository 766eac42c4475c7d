"""Every lab, the gallery and the mixed review in the light theme, as a learner, a screen reader and
a projector meet them, and as a hall's network without the outside world serves them: one page
load each.

The page opens as a learner's link opens it, at 1920×1080 for a lab and at a laptop's 1280×800 for
the other two, with the outside blocked: this visit is the page's render and offline test
(`harness.offline`): nothing may be asked of another host, every formula is typeset and every icon
drawn, no error output, console error or failed request, every widget drawn and the loading bar
gone, and the browser tab titled with the lab's heading.  The HTML the server sent holds none of
the notebook's code (Voila's ``strip_sources``; tests/browser/test_security.py has the rest of
what a visitor may not read).  At 1280×800 a lab's checks are then
walked from the top, each answered wrong once, then right (`harness.walk`): a wrong answer may
bring no answer into sight, its own or a later question's.  Once all are answered, every view they
held back is open, and `harness.access.check_access_and_presenter` runs on the whole page:
axe-core's rules (WCAG 2.x A and AA, contrast included) and the template's names at 1280×800, then
presenter mode, whose figures must be larger than in normal mode and whole at 1920×1080 and
1280×720.  Shot at 1920×1080, after the first wrong answer, and at 1280×800.

The dark theme's visit of each page, opened with the lecturer's ``?reveal=1``, is also its phone
visit (tests/browser/test_phones.py).
"""
from __future__ import annotations

import json

import pytest

from conftest import LABS
from harness.access import LAPTOP, check_access_and_presenter
from harness.leaks import leaked_code
from harness.offline import open_complete_offline
from harness.walk import walk_checks


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_a_visit_offline_shows_no_answer_after_a_wrong_one_and_passes_axe_and_presenter_mode(
        path, voila_server, page, axe):
    lecture = path.stem[:2].isdigit()  # the gallery and the mixed review have no lecture bar nor checks
    page.set_viewport_size({"width": 1920, "height": 1080} if lecture else LAPTOP)
    url = f"{voila_server.url}/voila/render/{path.name}"
    problems, found = open_complete_offline(page, voila_server.url, url, f"access-{path.stem}-light")
    # Voila's strip_sources: the page as the server sent it holds outputs, not the notebook's code.
    assert not leaked_code(problems.document, path)
    assert "import numpy" not in problems.document and "Traceback" not in problems.document
    if lecture:  # the gallery is a list of links; a first visit's review has nothing to ask
        assert found["formulas"] > 0, f"{path.name}: no formula typeset"
    heading = json.loads(path.read_text())["cells"][0]["source"][0]
    assert page.title() == heading.lstrip("#").strip(), "the tab says which lab it is, not its file"
    if lecture:
        page.set_viewport_size(LAPTOP)
        leaked = walk_checks(page, path)
        assert not leaked, "\n".join(leaked)
    check_access_and_presenter(page, path, "light", axe)
    problems.assert_clean()
