"""Firefox and WebKit, the engines beside Chromium: how each is started here, how a request to
another host is caught, and the smoke set: each page's main move (``harness.main_moves``) and its
other kinds of control, made in either engine.

Firefox is Debian's ``firefox-esr``, driven by Playwright over WebDriver BiDi (its
``moz-firefox`` channel). WebKit, Safari's engine, is WebKitGTK's MiniBrowser driven by
Selenium through ``WebKitWebDriver``, on an Xvfb display of its own (MiniBrowser's
``--headless`` hangs). ``make test`` installs both (its ``engines`` target).

Playwright and Selenium are imported inside the functions that use them: the fast tier
imports this module for its doctests and loads neither (``harness/test_tiers.py``).
"""
from __future__ import annotations

import os
import socketserver
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from .browser import (
    ARTIFACTS,
    ERROR_OUTPUT_JS,
    NOT_READY_JS,
    READY_JS,
    WIDGET_OUTPUT,
    choose_check,
    click_cell,
    press_check,
)
from .main_moves import MAIN_MOVES, MainMove

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
# The most a move's answer may take to show in Firefox or WebKit: a timeout, not a measurement (bench/
# measures). Within a second on an idle machine; a lab 2 click in WebKit went past 15 s with the
# browser tier on two workers beside other tests on this 2-core machine (load average 12).
MOVE_TIMEOUT_S = 30.0
# The most a WebKit session may take to start before it is tried again. One that comes up takes 0.3 to
# 1.1 s on this 2-core machine (18 tries, idle and loaded); one that does not never does: the first try
# hung in both fresh-clone runs ci61 and ci64, whose module setup took 45.5 s, the old limit, plus one
# good try. Ten seconds is nine times the slowest good start.
SESSION_START_S = 10
SESSION_TRIES = 3
INSTALL_HINT = "run the tests with 'make test', whose 'engines' target installs firefox-esr, webkit2gtk-driver and xvfb"


def require(path: str) -> None:
    """Fail the test (not skip it) when an engine's program is missing."""
    import pytest

    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} not found: {INSTALL_HINT}")


def launch_firefox(playwright, prefs=None):
    """Debian's Firefox ESR through Playwright's ``moz-firefox`` channel (WebDriver BiDi, no
    Playwright build of Firefox: Playwright 1.60 to 1.64 drive it, 1.65 does not), with the
    preferences `prefs` (``about:config``'s names) set."""
    require(FIREFOX)
    return playwright.firefox.launch(channel="moz-firefox", executable_path=FIREFOX, firefox_user_prefs=prefs or {})


def outside(url: str, server: str) -> bool:
    """Whether `url` is fetched from another host than `server` (``data:`` and ``about:`` are not).

    >>> outside("https://cdn.jsdelivr.net/npm/@fortawesome/x.css", "http://127.0.0.1:8866")
    True
    >>> outside("ws://127.0.0.1:8866/api/kernels/k/channels", "http://127.0.0.1:8866")
    False
    >>> outside("data:image/svg+xml;base64,PHN2Zz4=", "http://127.0.0.1:8866")
    False
    """
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != urlsplit(server).netloc


class RecordingProxy(socketserver.ThreadingTCPServer):
    """A proxy on the loopback that forwards nothing: it records what each connection asks for and
    closes it.

    A browser told to send every request for another host through it (WebKit's W3C ``proxy``
    capability, with the test server's host left out) reports each outside fetch here and gets
    nothing. A plain request arrives as its request line, ``GET http://host/path``; WebKit
    speaks TLS to the proxy for an ``https`` one, so that is recorded as
    ``https (host not visible)``.
    """

    daemon_threads = True

    def __init__(self):
        self.requests: list[str] = []
        super().__init__(("127.0.0.1", 0), _Recorder)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self) -> str:
        host, port = self.server_address
        return f"{host}:{port}"

    def close(self) -> None:
        self.shutdown()
        self.server_close()


class _Recorder(socketserver.BaseRequestHandler):
    def handle(self):
        self.request.settimeout(5)
        try:
            first = self.request.recv(4096)
        except OSError:
            return
        if first.startswith(b"\x16\x03"):  # a TLS handshake record
            self.server.requests.append("https (host not visible)")
        elif first:
            self.server.requests.append(first.split(b"\r\n", 1)[0].decode("latin-1"))


class VirtualDisplay:
    """An Xvfb X server on the first free display number, for a browser with no headless mode."""

    def __init__(self, size: str = "1280x1024x24"):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:  # Xvfb writes its display number once it is ready
            self.name = ":" + answer.readline().strip()

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


# Installed after each load: what the page throws or logs as an error from then on. WebKitGTK's
# driver has no log endpoint and no BiDi here, so an error thrown while the page loads shows only
# as a view that never renders (the wait fails) or as an error output (ERROR_OUTPUT_JS).
LISTEN_JS = """
() => {
  window.__engineErrors = [];
  const keep = text => window.__engineErrors.push(String(text));
  window.addEventListener('error', e => keep(`pageerror: ${e.message}`));
  window.addEventListener('unhandledrejection', e => keep(`unhandled rejection: ${e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => { keep(args.join(' ')); error(...args); };
}
"""
# How many widget views the page's HTML holds: counted in Voila's output placeholders before
# its scripts replace them (0 once replaced; READY_JS then counts on OUTPUTS_FILLED_JS).
PLACED_VIEWS_JS = f"""
() => Array.from(document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]'))
  .reduce((n, s) => n + s.textContent.split('{WIDGET_OUTPUT.strip('"')}').length - 1, 0)
"""
# No output area is still empty (a widget view not drawn yet).
OUTPUTS_FILLED_JS = """
() => Array.from(document.querySelectorAll('.jp-OutputArea-output')).every(out => out.firstElementChild)
"""
# The scroll height of Voila's cells, for a screenshot of the whole page.
PAGE_HEIGHT_JS = """
() => Math.max(document.documentElement.scrollHeight,
               document.querySelector('#rendered_cells')?.scrollHeight || 0)
"""


class WebKit:
    """WebKitGTK's MiniBrowser under Selenium, on its own display, with outside requests recorded.

    A context manager: entering starts Xvfb, the recording proxy and the browser; leaving stops
    them. ``driver`` is the Selenium session, ``outside`` what it fetched from other hosts.
    """

    def __enter__(self) -> WebKit:
        require(WEBKIT_DRIVER)
        require(MINIBROWSER)
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.proxy = RecordingProxy()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.set_capability("proxy", {
            "proxyType": "manual", "httpProxy": self.proxy.address, "sslProxy": self.proxy.address,
            "noProxy": ["127.0.0.1", "localhost"],
        })
        for attempt in range(SESSION_TRIES):
            # A new session takes seconds; in fresh-clone runs MiniBrowser has failed to come up, and
            # the session request then waits forever (stopping the driver ends that wait), twice in a
            # row on one display. Each try gets a display of its own, and a failed try leaves nothing
            # running: with the Xvfb such a failure left behind, this module took 140 s and timed out
            # opening a page; 47 s once it was stopped.
            self.display = VirtualDisplay()
            service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.display.name})
            deadline = threading.Timer(SESSION_START_S, service.stop)
            deadline.start()
            try:
                self.driver = webdriver.WebKitGTK(options=options, service=service)
                break
            except Exception:
                service.stop()
                self.display.close()
                if attempt == SESSION_TRIES - 1:
                    self.proxy.close()
                    raise
            finally:
                deadline.cancel()
        self.driver.set_window_size(1280, 800)
        self.driver.set_page_load_timeout(90)
        return self

    def __exit__(self, *exc) -> None:
        self.driver.quit()
        self.proxy.close()
        self.display.close()

    @property
    def outside(self) -> list[str]:
        """Every request to another host so far."""
        return list(self.proxy.requests)


@dataclass
class SeleniumMoves:
    """The moves of `SMOKE` in a Selenium session (WebKit here; Playwright has `PlaywrightMoves`)."""

    driver: object

    def open(self, url: str, name: str, timeout: float = 90.0) -> None:
        """Open `url`, wait until every widget rendered, fail on an error output, screenshot it."""
        self.driver.get(url)
        self.evaluate(LISTEN_JS)
        expected = self.evaluate(PLACED_VIEWS_JS)
        from selenium.common.exceptions import TimeoutException

        try:
            self.wait(f"(n) => ({READY_JS})(n) && ({OUTPUTS_FILLED_JS})()", expected, timeout)
        except TimeoutException as error:  # say what the page still lacked, as harness.browser.open_lab does
            self.screenshot(f"{name}-not-ready")
            raise AssertionError(
                f"{name}: not ready after {timeout:.0f} s: {self.evaluate(NOT_READY_JS, expected)}; "
                f"outputs filled: {self.evaluate(OUTPUTS_FILLED_JS)}; errors: {self.errors()}"
            ) from error
        if self.evaluate("() => window.__engineErrors === undefined"):
            # The page reloaded itself: its kernel's widget states lacked some of its widgets (the
            # matmul template's loading script; tests/browser/test_missing_models.py). Listen again.
            print(f"{name}: the page reloaded itself once to draw every widget")
            self.evaluate(LISTEN_JS)
        errors = self.evaluate(ERROR_OUTPUT_JS)
        assert not errors, f"{name}: error output in the page: {errors}"
        self.screenshot(name)

    def errors(self) -> list[str]:
        """What the page threw or logged as an error since it loaded (`LISTEN_JS`)."""
        return self.evaluate("() => window.__engineErrors || ['the error listener is gone']")

    def evaluate(self, js: str, arg=None):
        return self.driver.execute_script(f"return ({js})(arguments[0])", arg)

    def wait(self, js: str, arg=None, timeout: float = MOVE_TIMEOUT_S) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(
            lambda _: self.evaluate(js, arg), message=f"waited {timeout} s for {js.strip()[:200]}")

    def find(self, selector: str, nth: int = 0):
        """The `nth` element `selector` matches, once there is one, scrolled into the middle."""
        self.wait("([s, n]) => document.querySelectorAll(s).length > n", [selector, nth])
        element = self.evaluate("([s, n]) => document.querySelectorAll(s)[n]", [selector, nth])
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def type(self, selector: str, text: str, nth: int = 0) -> None:
        """Click into the field, select what it holds, type `text` over it and press Enter, as a
        learner does. (Keys sent to a field not clicked first reach its key listeners but insert
        nothing in WebKitGTK; and a Check's box given its text and Enter in one command hung
        WebKitWebDriver, where two commands work.)"""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.keys import Keys

        for attempt in range(3):  # a matrix answer redraws its boxes once its shape is picked
            try:
                field = self.find(selector, nth)
                field.click()
                self.driver.execute_script("arguments[0].select()", field)
                field.send_keys(text)
                field.send_keys(Keys.ENTER)
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def click(self, selector: str, nth: int = 0) -> None:
        self.find(selector, nth).click()

    def select(self, selector: str, value: str, nth: int = 0) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.find(selector, nth)).select_by_value(value)

    def press(self, selector: str, key: str) -> None:
        """Focus the element and press `key` (a Playwright key name: ``ArrowRight``, ``End``)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        element = self.find(selector)
        self.driver.execute_script("arguments[0].focus()", element)
        name = "".join("_" + c if c.isupper() else c for c in key).strip("_").upper()  # ARROW_RIGHT
        ActionChains(self.driver).send_keys(getattr(Keys, name)).perform()

    def choose(self, selector: str, label: str) -> None:
        """Pick the choice labelled `label` in the Check under `selector`, and press Check."""
        choice = self.evaluate(
            "([s, text]) => Array.from(document.querySelectorAll(s + ' label'))"
            ".find(l => l.textContent.trim() === text)", [selector, label])
        assert choice is not None, f"no choice {label!r} in {selector}"
        choice.click()
        self.check(selector)

    def check(self, selector: str) -> None:
        """Press the Check button of the Check under `selector`."""
        button = self.evaluate(
            "(s) => Array.from(document.querySelectorAll(s + ' button'))"
            ".find(b => b.textContent.trim() === 'Check')", selector)
        button.click()

    def click_cell(self, selector: str, i: int, j: int, rows: int, cols: int) -> None:
        """Click cell (i, j), 0-based, of the heatmap under `selector`, near its top-left corner."""
        from selenium.webdriver.common.action_chains import ActionChains

        area = self.find(f"{selector} .plotarea_background")
        size = area.size  # offsets below are from the element's centre
        ActionChains(self.driver).move_to_element_with_offset(
            area, int((j + 0.15) * size["width"] / cols - size["width"] / 2),
            int((i + 0.15) * size["height"] / rows - size["height"] / 2)).click().perform()

    def screenshot(self, name: str):
        """Save the whole page under ``tests/artifacts/``: the window grows to the content, as
        ``harness.browser.screenshot`` does (Voila scrolls inside its cells)."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        size = self.driver.get_window_size()
        self.driver.set_window_size(size["width"], max(self.evaluate(PAGE_HEIGHT_JS) + 100, size["height"]))
        try:
            self.driver.save_screenshot(str(path))
        finally:
            self.driver.set_window_size(size["width"], size["height"])
        return path


    def screenshot_element(self, selector: str, name: str):
        """Save the first element `selector` matches under ``tests/artifacts/``, if there is one."""
        if not self.evaluate("(s) => document.querySelector(s) !== null", selector):
            return None
        path = ARTIFACTS / f"{name}.png"
        self.find(selector).screenshot(str(path))
        return path


@dataclass
class PlaywrightMoves:
    """The moves of `SMOKE` in a Playwright page, by ``harness.browser``'s own moves."""

    page: object

    def evaluate(self, js: str, arg=None):
        return self.page.evaluate(js, arg)

    def wait(self, js: str, arg=None, timeout: float = MOVE_TIMEOUT_S) -> None:
        self.page.wait_for_function(js, arg=arg, timeout=timeout * 1000, polling=100)

    def type(self, selector: str, text: str, nth: int = 0) -> None:
        """Key by key, not ``harness.browser.commit``'s fill: in Firefox a filled field fires no
        ``change`` on Enter or blur, so a cell that waits for it (``continuous_update=False``)
        never tells the kernel; typed keys do, as a learner's do."""
        field = self.page.locator(selector).nth(nth)
        field.select_text()
        field.press_sequentially(text)
        field.press("Enter")

    def click(self, selector: str, nth: int = 0) -> None:
        self.page.locator(selector).nth(nth).click()

    def select(self, selector: str, value: str, nth: int = 0) -> None:
        self.page.locator(selector).nth(nth).select_option(value)

    def press(self, selector: str, key: str) -> None:
        handle = self.page.locator(selector).first
        handle.scroll_into_view_if_needed()
        handle.focus()
        handle.press(key)

    def choose(self, selector: str, label: str) -> None:
        choose_check(self.page, selector, label)

    def check(self, selector: str) -> None:
        press_check(self.page, selector)

    def click_cell(self, selector: str, i: int, j: int, rows: int, cols: int) -> None:
        click_cell(self.page, selector, i, j, rows, cols)

    def screenshot_element(self, selector: str, name: str):
        """Save the first element `selector` matches under ``tests/artifacts/``, if there is one."""
        found = self.page.locator(selector)
        if not found.count():
            return None
        path = ARTIFACTS / f"{name}.png"
        found.first.screenshot(path=str(path))
        return path


# --- The smoke set: per page, the link to open, its main move (harness.main_moves) and its other
# kinds of control, in moves either engine makes.

TEXT_JS = "(s) => document.querySelector(s)?.textContent || ''"
SHOWS_JS = "([s, text]) => (document.querySelector(s)?.textContent || '').includes(text)"
# The matrix answer under `s` shows a rows×cols grid of boxes.
GRID_IS_JS = """
([s, rows, cols]) => document.querySelectorAll(`${s} .widget-text input`).length === rows * cols
                     && document.querySelector(`${s} .mx-r${rows - 1}.mx-c${cols - 1} input`) !== null
"""
# Every bqplot figure at or under `s` has drawn a line (there is at least one).
BQPLOT_DRAWN_JS = """
(s) => {
  const figures = Array.from(document.querySelectorAll(`${s}.bqplot, ${s} .bqplot`));
  return figures.length > 0 && figures.every(f => f.querySelector('path.line[d]:not([d=""])'));
}
"""


def shows(moves, selector: str, text: str) -> None:
    """Wait until the element `selector` matches holds `text`."""
    moves.wait(SHOWS_JS, [selector, text])


def _gallery(moves):  # every lab has its link
    from .recipe import index_links

    count = moves.evaluate("() => document.querySelectorAll(\"a[href$='.ipynb']\").length")
    assert count == len(index_links()), f"the gallery shows {count} links to labs"


def make_main_move(moves, move: MainMove) -> None:
    """Make `move`'s first step in either engine and wait until the view it redraws changed."""
    before = moves.evaluate(TEXT_JS, move.changes)
    step = move.steps[0]
    if move.kind == "keys":
        moves.press(move.selector, step)
    elif move.kind == "type":
        moves.type(move.selector, step, move.nth)
    else:
        moves.click_cell(f".{move.box}", *step, *move.cells)
    moves.wait(f"([s, before]) => ({TEXT_JS})(s) !== before", [move.changes, before])


# Beside its main move, a page's other kinds of control, in either engine: a Check's
# answer typed in a matrix of boxes, a choice, a toggle button, a check box.

def _lab02(moves):  # a typed answer is judged (solve_and_reload, below)
    moves.type(".lab02-check .widget-text input", "-12")
    moves.check(".lab02-check")
    shows(moves, ".lab02-check [role=status]", "Correct!")


def _lab03(moves):  # a matrix answer, its shape picked and typed cell by cell, names the slip
    moves.select(".lab03-check-rs select", "2", 0)
    moves.select(".lab03-check-rs select", "2", 1)
    # Each pick redraws the boxes: type once the kernel's 2×2 grid is on the page, not into the old one.
    moves.wait(GRID_IS_JS, [".lab03-check-rs", 2, 2])
    for index, text in enumerate(["0", "-2", "1", "0"]):
        moves.type(".lab03-check-rs .widget-text input", text, index)
    moves.check(".lab03-check-rs")
    shows(moves, ".lab03-check-rs [role=status]", "you computed SR, not RS")


def _lab04(moves):  # a choice is judged, and the plots of the two orders are drawn
    moves.choose(".lab04-check-order", "SR")
    shows(moves, ".lab04-check-order [role=status]", "R acts on x first")
    moves.wait(BQPLOT_DRAWN_JS, ".lab04-at-once")


def _lab06(moves):  # ReLU on: the negative output entry becomes 0 (W[1,1] is 2 after the main move)
    moves.click(".lab06-relu")
    shows(moves, ".lab06-yhat", "(1.25, 0)")


def _lab09(moves):  # the causal mask takes cat's weight off the tokens after it
    moves.click(".attention-causal input")
    # cat's row, X[2,2] = 3 after the main move: "the  0.52 cat  0.13 sat  0.13 down  0.22" unmasked
    shows(moves, ".attention-lines .token-lines", "the  0.8cat  0.2sat  0down  0")


def solve_and_reload(moves, reopen: Callable[[str], None]) -> None:
    """Solve lab 2's first check and its practice's first problem, `reopen` the page (a new kernel, as a
    culled one or a restarted server gives), and find both restored: the check as solved, the practice's
    count; damage the record, reopen, and find it set aside; then empty the browser's storage, so later
    pages of the same window start afresh.  `reopen` takes a word for the screenshot's name."""
    import re

    from widgets.core.parsing import format_number
    from widgets.core.practice import make_problem

    _lab02(moves)
    moves.click(".lab02-practice .practice-new")  # Start
    shows(moves, ".lab02-practice .practice-seed", "Problem ")
    seed = int(re.search(r"Problem (\d+)", moves.evaluate(TEXT_JS, ".lab02-practice .practice-seed")).group(1))
    moves.type(".lab02-practice .practice-check .widget-text input",
               format_number(make_problem("entry", seed).parts[0].answer))
    moves.check(".lab02-practice .practice-check")
    shows(moves, ".lab02-practice .practice-level", "1 of 1 problem right first time")
    moves.wait("() => Object.entries(localStorage).some(([k, v]) => k.endsWith('/02-entry-dot-product')"
               " && v.includes('\"history\":\"r\"'))")
    reopen("restored")
    shows(moves, ".lab02-check .check-feedback", "Solved on an earlier visit.")
    shows(moves, ".progress-notice", "Welcome back: 1 answer and your practice from your last visit restored.")
    shows(moves, ".lab02-practice .practice-streak", "Streak: 1 · solved: 1")
    key = moves.evaluate("() => Object.keys(localStorage).find(key => key.endsWith('/02-entry-dot-product'))")
    moves.evaluate("(key) => localStorage.setItem(key, '{\"v\": 1, \"checks\": \"<script>\"}')", key)
    reopen("damaged")
    shows(moves, ".progress-notice", "set aside because it is not a record of the labs")
    moves.wait("(key) => localStorage.getItem(key) === null"
               " && (localStorage.getItem(key + '#set-aside-1') || '').includes('<script>')", key)
    moves.evaluate("() => localStorage.clear()")


@dataclass(frozen=True)
class Smoke:
    """One page of the smoke set: its notebook, its main move (none for the gallery, which checks its
    links instead), then the page's other kinds of control, if any."""

    notebook: str
    main: MainMove | None = None
    also: Callable | None = None

    @property
    def name(self) -> str:
        """``gallery`` or ``lab-NN``, for test ids and screenshots."""
        number = self.notebook.split("-")[0]
        return f"lab-{number}" if number.isdigit() else "gallery"

    def url(self, server: str) -> str:
        return f"{server}/voila/render/{self.notebook}{self.main.query if self.main else ''}"

    def move(self, moves) -> None:
        """Make the page's moves in `moves`' engine, each waiting for what it must change."""
        if self.main is None:
            _gallery(moves)
        else:
            make_main_move(moves, self.main)
        if self.also is not None:
            self.also(moves)


# The main move of every lab (harness.main_moves, the bench's too), in the order of the labs.
SMOKE = [Smoke("index.ipynb")] + [
    Smoke(move.notebook, move, {"03": _lab03, "04": _lab04, "06": _lab06, "09": _lab09}.get(lab))
    for lab, move in MAIN_MOVES.items() if lab != "baseline"
]

# A page that asks three other hosts for a style sheet, an image and a fetch: what the outside
# request check must catch.
OUTSIDE_PAGE = (
    "data:text/html,<link rel=stylesheet href='http://style.example.invalid/a.css'>"
    "<img src='https://image.example.invalid/a.png'>"
    "<script>fetch('http://fetch.example.invalid/x').catch(() => 0)</script>"
)


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll `condition` until it holds or `timeout` seconds pass; whether it held.

    >>> wait_until(lambda: True)
    True
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True
