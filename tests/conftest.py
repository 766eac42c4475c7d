"""Shared fixtures: isolated Jupyter state, a real Voila server, Debian's Chromium and Firefox
(Playwright) and WebKit (Selenium, ``harness.engines``)."""
from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

# Jupyter and IPython keep their state in a throwaway folder, set before any
# Jupyter package is imported, so the tests neither read nor litter ~/.jupyter.
_JUPYTER_HOME = Path(tempfile.mkdtemp(prefix="matmul-labs-jupyter-"))
for _var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
    os.environ[_var] = str(_JUPYTER_HOME / _var.lower())
    os.makedirs(os.environ[_var], exist_ok=True)
os.environ["JUPYTER_PLATFORM_DIRS"] = "1"

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# No property test has a deadline: a deadline is a timed assert, and on a busy 2-core machine
# ordinary examples passed 200 ms (speed is bench/'s to measure).
settings.register_profile("matmul-labs", deadline=None)
settings.load_profile("matmul-labs")

from harness.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from harness.notebooks import execute_notebook  # noqa: E402
from harness.voila import REPO, VoilaServer  # noqa: E402

# tools/ holds scripts, not a package: its modules import one another by name, as they do when run
# (`python tools/gallery_pictures.py`), and the tests import them the same way.
sys.path.insert(0, str(REPO / "tools"))

LABS = sorted((REPO / "labs").glob("*.ipynb"))

# The tiers, by folder and by what a test uses: a test in tests/browser, or one
# that uses a browser or starts a Voila, is marked `browser`; one in tests/notebooks,
# or one that runs a notebook in a kernel (nbclient), `notebook`. `make test-fast`
# runs the rest, plain pytest against the classes and the math (a lab's code runs
# in-process there, `harness.notebooks.lab_namespace`); `make test` runs everything.
_TESTS = Path(__file__).parent
_FOLDER_MARKS = {_TESTS / "browser": "browser", _TESTS / "notebooks": "notebook"}
_BROWSER_FIXTURES = {"playwright", "browser", "page", "firefox", "webkit", "voila_server", "server_logs", "axe"}


# The longest test files and their seconds on one of two workers (junit, ci66): the two-worker run deals out
# whole files in collection order (`--dist loadfile --no-loadscope-reorder`), so the longest go first and the
# short ones fill in at the end, instead of a long file starting last while the other worker idles. A hint
# for the order only: a file missing here runs after them, a stale number costs minutes, never a result.
_SECONDS = {
    "browser/test_faults.py": 238, "browser/test_learner_visit.py": 173, "browser/test_phones.py": 168,
    "browser/test_jupyterhub.py": 166, "browser/test_progress.py": 153, "browser/test_pulse_page.py": 120,
    "browser/test_worst_state.py": 108, "browser/test_firefox.py": 98, "browser/test_lab_bad_input.py": 75,
    "browser/test_binder.py": 47, "notebooks/test_labs.py": 46, "browser/test_kernel_bounds.py": 39,
    "browser/test_make_serve.py": 35, "browser/test_kernel_loss.py": 35,
}


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: -_SECONDS.get(Path(item.path).relative_to(REPO).as_posix().removeprefix("tests/"), 0))
    for item in items:
        path = Path(item.path)
        for folder, mark in _FOLDER_MARKS.items():
            if path.is_relative_to(folder):
                item.add_marker(mark)
        if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        module = getattr(item, "module", None)
        if module is not None and any(value is execute_notebook for value in vars(module).values()):
            item.add_marker(pytest.mark.notebook)


def pytest_unconfigure(config):
    shutil.rmtree(_JUPYTER_HOME, ignore_errors=True)


def pytest_collection_finish(session):
    """Leave what collection built (modules, module-level labs) out of every later garbage collection, and
    collect the youngest objects every 50,000 new ones, not 700: a test builds thousands of widgets, a few
    traitlets cycles each, and the default walked them again and again (tests/labs and tests/views: 6.2 s of
    38 s in garbage collection, 2.9 s with this)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


def _open_widgets() -> dict:
    """ipywidgets' registry of the open widgets (model id -> widget); empty while nothing imported ipywidgets."""
    module = sys.modules.get("ipywidgets.widgets.widget")
    return module._instances if module is not None else {}


@pytest.fixture(autouse=True)
def _close_what_the_test_opened():
    """Close the widgets a test opened (its function fixtures' too) when it ends.

    ipywidgets holds every widget, and its comm, until it is closed: left open, the 389 tests of
    tests/labs kept 130,000 widgets (2 million objects) alive, which every full garbage collection walked
    again, and which took 8 s to free at exit. Widgets of fixtures of a wider scope are set up before this
    fixture (pytest sets up wider scopes first, and autouse ones first within a scope), so they stay open
    for the tests that share them. Each is closed by ipywidgets' own `close`, its comm only: what a
    composite's close does is its tests' to check.
    """
    opened_before = set(_open_widgets())
    yield
    opened = _open_widgets()
    for widget in [opened.get(model_id) for model_id in set(opened) - opened_before]:
        if widget is not None:  # not freed since (freeing a widget closes it)
            sys.modules["ipywidgets.widgets.widget"].Widget.close(widget)


@pytest.fixture(scope="session")
def server_logs(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("voila-logs")


@pytest.fixture(scope="session")
def voila_server(server_logs):
    """Voila serving ``labs/`` as ``make serve`` does, on a free loopback port."""
    server = VoilaServer().start(server_logs)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright():
    """The one Playwright of the run: its sync API allows one per process, for every engine."""
    from playwright.sync_api import expect, sync_playwright  # only browser tests load Playwright

    # On a loaded 2-core machine (CI beside other work) a kernel's answer can take seconds to reach
    # the page: an assertion waits up to 15 s for it, not Playwright's 5.
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    """Debian's Chromium."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run the tests with 'make test', which installs it")
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def axe():
    """axe-core (bundled by axe-playwright-python), to run on a Playwright page (``harness.access``)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture(scope="module")
def firefox(playwright):
    """Debian's Firefox ESR, driven over WebDriver BiDi (``harness.engines.launch_firefox``)."""
    from harness.engines import launch_firefox

    firefox = launch_firefox(playwright)
    yield firefox
    firefox.close()


@pytest.fixture(scope="module")
def webkit():
    """WebKit (Safari's engine) in WebKitGTK's MiniBrowser on a virtual display, through a proxy
    that records every request to another host (``harness.engines.WebKit``)."""
    from harness.engines import WebKit

    with WebKit() as webkit:
        yield webkit


@pytest.fixture
def page(browser):
    """A fresh browser context per test, at a projector's 1280×800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()
