"""Interaction latency and messages per interaction: each page's main interaction, repeated.

Latency is measured in the page. A capturing keydown/pointerdown listener
stamps the user's input event with performance.now(); a MutationObserver on
the whole document (installed before the input) stamps every DOM change
after it. The interaction is over when the kernel has answered every message
the page sent for it (an iopub ``status: idle`` whose parent is that message)
and no mutation came for QUIET_MS; its latency is the last mutation minus the
input event, so the quiet period itself is not counted. Its first change is
the first mutation after the kernel's first message arrived: the first thing
drawn from the kernel's answer (the control's own movement comes before).

Messages: every websocket frame of the kernel channel in both directions
(Playwright's framereceived/framesent), decoded from Jupyter's v1 binary
protocol or from JSON text frames. From the kernel we count ``comm_msg``
updates (``method: update``), echoes (``method: echo_update``, ipywidgets 8
sends one back for each state the page sent) and the distinct models they
touch, i.e. the views that actually changed.
"""
from __future__ import annotations

import time

from suite import READY_AT_JS, VIEWPORT, Target, log

# isort: split
# (suite, above, puts tests/ on the path for harness)
from harness.main_moves import MAIN_MOVES, MainMove
from harness.wire import decode_frame

QUIET_MS = 300
INTERACTION_TIMEOUT_MS = 15_000
# Before any page script: stamp the arrival of every websocket message, so a
# latency splits into the kernel's share (input → last message received) and
# the browser's (last message → last DOM change).
WS_CLOCK_JS = """
(() => {
  const Native = window.WebSocket;
  window.__wsLast = window.__wsFirst = null;  // __wsFirst: since the bench armed (INSTALL_JS)
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        window.__wsLast = performance.now();
        if (window.__wsFirst === null) window.__wsFirst = window.__wsLast;
      });
    }
  };
})();
"""
INSTALL_JS = """
() => {
  if (window.__bench) return;
  const b = window.__bench = {armed: false, t0: null, first: null, last: null, mutations: 0};
  const stamp = () => { if (b.armed && b.t0 === null) b.t0 = performance.now(); };
  for (const type of ['keydown', 'pointerdown', 'mousedown']) window.addEventListener(type, stamp, true);
  new MutationObserver(records => {
    if (b.t0 === null) return;
    b.last = performance.now();
    if (b.first === null && window.__wsFirst !== null && window.__wsFirst >= b.t0) b.first = b.last;
    b.mutations += records.length;
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  b.arm = () => { b.armed = true; b.t0 = b.first = b.last = null; b.mutations = 0; window.__wsFirst = null; };
}
"""
QUIET_JS = """
(quiet) => {
  const b = window.__bench;
  if (b.t0 === null) return false;
  const since = b.last === null ? b.t0 : b.last;
  return performance.now() - since >= quiet
    ? {t0: b.t0, first: b.first, last: b.last, mutations: b.mutations, ws: window.__wsLast} : false;
}
"""


# ---------------------------------------------------------------- the wire

def _when(date: str) -> float:
    """Seconds since the epoch from a Jupyter header date (ISO 8601, UTC)."""
    from datetime import datetime

    return datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp()


def tally(frames: list[tuple[str, object, float]]) -> dict:
    """Count what one interaction put on the wire; ``done`` once the kernel answered it all.

    ``round_trip_ms``: from the page's first frame to the kernel's last one, as
    the browser's network layer saw them (read on this side's clock, so a few
    ms coarse): the share of the server and the kernel, whatever the page's
    main thread is doing.
    """
    sent, idle_for = set(), set()
    busy: dict[str, dict] = {}  # parent msg_id -> {"busy": t, "idle": t}, the kernel's own clock
    updates = echoes = other_comm = received = bytes_in = 0
    changed, touched_by_user = set(), set()
    first_out = min((t for d, _, t in frames if d == "out"), default=None)
    last_in = max((t for d, _, t in frames if d == "in"), default=None)
    for direction, payload, _ in frames:
        msg = decode_frame(payload)
        if direction == "out":
            if msg and msg["channel"] == "shell":
                sent.add(msg["msg_id"])
                data = msg["content"].get("data") or {}
                if msg["msg_type"] == "comm_msg" and data.get("method") == "update":
                    touched_by_user.add(msg["content"].get("comm_id"))
            continue
        received += 1
        bytes_in += len(payload)
        if not msg:
            continue
        if msg["msg_type"] == "status":
            state = msg["content"].get("execution_state")
            if state == "idle":
                idle_for.add(msg["parent_id"])
            if state in ("busy", "idle") and msg["date"]:
                busy.setdefault(msg["parent_id"], {})[state] = _when(msg["date"])
        elif msg["msg_type"] == "comm_msg":
            method = (msg["content"].get("data") or {}).get("method")
            if method == "update":
                updates += 1
                changed.add(msg["content"].get("comm_id"))
            elif method == "echo_update":
                echoes += 1
            else:
                other_comm += 1
    allowed = len(changed) + len(touched_by_user)
    return {
        "done": sent <= idle_for,
        "sent": len(sent),
        "frames_in": received,
        "bytes_in": bytes_in,
        "updates": updates,
        "echoes": echoes,
        "other_comm": other_comm,
        "views_changed": len(changed),
        # The target: one update per changed view, plus the echo of what the user changed.
        "excess": max(0, updates + echoes - allowed),
        # The kernel's own stamps: from "busy" to "idle" for each message the page sent.
        "kernel_busy_ms": sum((b["idle"] - b["busy"]) * 1000 for p, b in busy.items()
                              if p in sent and "busy" in b and "idle" in b) if sent else None,
        "round_trip_ms": (last_in - first_out) * 1000 if first_out and last_in and last_in > first_out else None,
    }


# ---------------------------------------------------------------- the driver

class Session:
    """One page of ``target``, loaded and watched, ready to run its main interaction."""

    def __init__(self, browser, server, target: Target, expected: int):
        self.target = target
        self.spec = MAIN_MOVES[target.name]
        self.samples: list[dict] = []
        self.frames: list[tuple[str, object, float]] = []
        self.context = browser.new_context(viewport=VIEWPORT)
        self.page = None
        try:
            self.context.add_init_script(WS_CLOCK_JS)
            page = self.context.new_page()
            page.on("websocket", self._watch)
            page.goto(server.url + target.path + self.spec.query, wait_until="commit", timeout=120_000)
            page.wait_for_function(READY_AT_JS, arg=expected, polling=100, timeout=120_000)
            page.wait_for_timeout(500)
            page.evaluate(INSTALL_JS)
            self.control = page.locator(self.spec.selector)
            first = self.spec.nth if self.spec.kind != "click" else self.spec.cell_index(self.spec.steps[0])
            self.control.nth(first).scroll_into_view_if_needed()
            self.page = page
        except Exception as error:
            self._fail(error)

    def _watch(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(("in", payload, time.monotonic())))
        ws.on("framesent", lambda payload: self.frames.append(("out", payload, time.monotonic())))

    def _fail(self, error: Exception) -> None:
        self.samples.append({"problem": f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"})
        log(f"  {self.target.name}: {self.samples[-1]['problem']}")
        self.page = None  # this page is done for

    def interact(self, k: int) -> None:
        """Run interaction number ``k`` (the steps alternate) and keep its sample."""
        if self.page is None:
            return
        step = self.spec.steps[k % len(self.spec.steps)]
        try:
            self.samples.append(_one(self.page, self.spec, self.control, step, self.frames))
        except Exception as error:
            self._fail(error)

    def close(self) -> dict:
        self.context.close()
        problems = [s["problem"] for s in self.samples if s.get("problem")]
        if problems:
            log(f"  {self.target.name}: {len(problems)} problem(s), first: {problems[0]}")
        return {"what": self.spec.what, "samples": self.samples}


def _one(page, spec: MainMove, control, step, frames: list) -> dict:
    # Everything before the input event happens before arming: it is not measured.
    if spec.kind == "keys":
        target = control.nth(spec.nth)
        target.focus()
    elif spec.kind == "type":
        target = control.nth(spec.nth)
        target.fill(step)
    else:
        box = control.nth(spec.cell_index(step)).bounding_box()
        x, y = box["x"] + min(8, box["width"] / 4), box["y"] + min(8, box["height"] / 4)
        page.mouse.move(x, y)
    page.wait_for_timeout(150)  # let hover and focus effects land before arming
    frames.clear()
    page.evaluate("() => window.__bench.arm()")
    if spec.kind == "keys":
        page.keyboard.press(step)
    elif spec.kind == "type":
        target.press("Enter")
    else:
        page.mouse.down()
        page.mouse.up()
    stamps, wire, problem = None, None, None
    deadline = time.monotonic() + INTERACTION_TIMEOUT_MS / 1000
    try:
        while True:  # bounded by the deadline
            left_ms = max(1.0, (deadline - time.monotonic()) * 1000)
            page.wait_for_function(QUIET_JS, arg=QUIET_MS, polling=50, timeout=left_ms)
            page.wait_for_timeout(100)  # deliver the last frames to this side
            wire = tally(list(frames))
            if wire["done"] and (stamps := page.evaluate(QUIET_JS, QUIET_MS)):
                break
            if time.monotonic() > deadline:
                problem = "the kernel did not answer every message in time"
                stamps = page.evaluate(
                    "() => { const b = window.__bench;"
                    " return {t0: b.t0, first: b.first, last: b.last, mutations: b.mutations,"
                    " ws: window.__wsLast}; }")
                break
    except Exception as error:
        problem = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
    sample = {"step": step, "problem": problem}
    if stamps and stamps["t0"] is None:
        sample["problem"] = sample["problem"] or "the input event never reached the page"
    elif stamps:
        sample["mutations"] = stamps["mutations"]
        if stamps["last"] is None:
            sample["problem"] = sample["problem"] or "no DOM change"
            sample["latency_ms"] = None
        else:
            sample["latency_ms"] = stamps["last"] - stamps["t0"]
            if stamps.get("first") is not None:
                sample["first_change_ms"] = stamps["first"] - stamps["t0"]
        if stamps.get("ws") is not None and stamps["ws"] >= stamps["t0"]:
            sample["handled_ms"] = stamps["ws"] - stamps["t0"]
    if wire:
        sample.update({k: v for k, v in wire.items() if k != "done"})
    return sample
