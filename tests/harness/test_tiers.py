"""The fast tier (`make test-fast`) runs where no browser is installed: it never imports Playwright."""
from __future__ import annotations

import sys
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"


def test_playwright_is_loaded_only_by_a_run_that_has_browser_tests(request):
    # Collection imports every test module of the run (in each worker, under pytest-xdist), so by
    # now Playwright is loaded if anything collected imports it.
    runs_browser_tests = any(Path(item.path).is_relative_to(BROWSER_TESTS) for item in request.session.items)
    loaded = sorted(name for name in sys.modules if name.split(".")[0] == "playwright")
    assert runs_browser_tests or not loaded, (
        f"{loaded[:3]} imported though no browser test runs: a module outside tests/browser imports "
        "Playwright, or the run collected tests/browser (make test-fast leaves it out)"
    )
