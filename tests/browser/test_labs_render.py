"""Every notebook in labs/ renders in Voila without an error (running them in a kernel:
tests/notebooks/test_labs.py)."""
from __future__ import annotations

import pytest

from conftest import LABS
from harness.browser import open_lab, screenshot


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_lab_renders_in_voila(path, voila_server, page):
    """Renders clean at a projector's 1280×800; also shot at 1920×1080 to look at."""
    problems = open_lab(page, f"{voila_server.url}/voila/render/{path.name}", f"lab-{path.stem}")
    page.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(page, f"lab-{path.stem}-1920")
    problems.assert_clean()
