"""Time to interactive and kernel memory: N loads of every page, each in a fresh browser context.

Time to interactive is read from the page's own clock: performance.now() (ms
since the navigation started) at the first animation frame where the READY_JS
rule holds (every widget output rendered, every bqplot figure drew a mark) and
the load event has fired. Loads go round-robin over the pages, so whatever
drifts during a run (kernels piling up, caches) is spread over all of them.

Preheated (the lecture configuration): before each load the pool has refilled
(the kernel count is back) and the refilled kernel has finished running the
notebook (the server and its kernels are idle). Cold: the same, with
``--VoilaConfiguration.preheat_kernel=False``, so every load starts a kernel.

Kernel memory: the RSS of the kernel a preheated load ran on, 0.5 s after the
page became interactive, against the bare kernel (bench/bare.ipynb).
"""
from __future__ import annotations

import time

import mainthread
from suite import (
    ERROR_OUTPUT_JS,
    KERNEL_WS,
    READY_AT_JS,
    RENDERED_VIEWS_JS,
    VIEWPORT,
    WIDGET_OUTPUT,
    Target,
    kernel_rss_mb,
    log,
    wait_idle,
    wait_kernel_count,
)

LOAD_TIMEOUT_MS = 120_000
# Where a load's time goes, stamped on the page's clock from its first script on: the kernel's first
# message (connected), the largest one (the widgets' states, which the page asks for in one message),
# the cells shown (Voila's display_cells, once its theme is in) and the first widget view drawn.
PHASES_JS = """
(() => {
  const p = window.__phases = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => {
        const t = performance.now(), size = event.data.byteLength || event.data.length || 0;
        if (p.kernel === undefined) p.kernel = t;
        if (!(size < (p.states_bytes || 0))) { p.states = t; p.states_bytes = size; }
      });
    }
  };
  new MutationObserver(() => {
    const cells = document.getElementById('rendered_cells');
    if (p.cells === undefined && cells && cells.style.display !== 'none') p.cells = performance.now();
    if (p.first_view === undefined && document.querySelector('.jp-OutputArea-output > .jupyter-widgets'))
      p.first_view = performance.now();
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['style']});
})();
"""
PHASES_READ_JS = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return Object.assign({html: nav.responseEnd, scripts: nav.domContentLoadedEventEnd}, window.__phases);
}
"""
#: The phases in the order a load passes them, and what each is.
PHASES = {
    "html": "the page's HTML received",
    "scripts": "its scripts run (DOMContentLoaded)",
    "kernel": "the kernel's first message",
    "states": "the widgets' states received",
    "cells": "the cells shown",
    "first_view": "the first widget drawn",
}
PHONE = {"width": 390, "height": 844}
PHONE_CPU_SLOWDOWN = 4


def count_widget_outputs(browser, server, target: Target) -> int:
    """How many widget outputs a complete page of ``target`` has (an untimed warm-up load)."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        response = page.goto(server.url + target.path, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
        if response is None or not response.ok:
            raise RuntimeError(f"{target.notebook}: HTTP {response and response.status}")
        expected = response.text().count(WIDGET_OUTPUT)
        page.wait_for_function(READY_AT_JS, arg=expected, polling=100, timeout=LOAD_TIMEOUT_MS)
        return expected
    finally:
        context.close()


def timed_load(browser, server, target: Target, expected: int, memory: bool, phone: bool = False,
               profile: bool = False) -> dict:
    """One load in a fresh context: time to interactive (ms), problems, kernel RSS (MB).

    ``phone``: a mid-range phone as Lighthouse's mobile setting has it, 390×844 with touch and the
    CPU slowed 4× (DevTools' ``Emulation.setCPUThrottlingRate``). ``profile``: a performance trace
    with V8's sampling profiler until interactive, its main-thread time by owner in
    ``main_thread_ms`` (bench/mainthread.py).
    """
    if phone:
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    else:
        context = browser.new_context(viewport=VIEWPORT)
    sockets: list[str] = []
    result: dict = {"tti_ms": None, "rss_mb": None, "problem": None}
    try:
        context.add_init_script(PHASES_JS)
        page = context.new_page()
        if phone:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        page.on("websocket", lambda ws: sockets.append(ws.url))
        if profile:
            browser.start_tracing(page=page, categories=mainthread.CATEGORIES)
        response = page.goto(server.url + target.path, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        handle = page.wait_for_function(READY_AT_JS, arg=expected, polling="raf", timeout=LOAD_TIMEOUT_MS)
        result["tti_ms"] = handle.json_value()
        if profile:
            profile = False  # stopped: the finally clause has nothing left to stop
            result["main_thread_ms"] = mainthread.read_trace(browser.stop_tracing(), server.url + target.path,
                                                             result["tti_ms"])
        result["phases"] = {name: value for name, value in page.evaluate(PHASES_READ_JS).items() if name in PHASES}
        if response is None or not response.ok:
            result["problem"] = f"HTTP {response and response.status}"
        elif (errors := page.evaluate(ERROR_OUTPUT_JS)):
            result["problem"] = f"error output: {errors[0][:120]}"
        elif response.text().count(WIDGET_OUTPUT) < expected:
            result["problem"] = "page served with fewer widget outputs than the notebook has"
        elif page.evaluate(RENDERED_VIEWS_JS) < expected:
            result["problem"] = "fewer widget views rendered than expected"
        if memory:
            page.wait_for_timeout(500)  # let the kernel settle after the last comm message
            ids = {m.group(1) for url in sockets if (m := KERNEL_WS.search(url))}
            if len(ids) == 1:
                result["rss_mb"] = kernel_rss_mb(server, ids.pop())
    except Exception as error:  # a timeout is a result, not a crash of the suite
        result["problem"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
    finally:
        if profile:
            browser.stop_tracing()
        context.close()
    return result


def measure_loads(browser, servers: dict, targets: list[Target], loads: int, preheated: bool,
                  phone: bool = False, profile: bool = False) -> dict:
    """``{name: {"expected": n, "loads": [timed_load(...), ...]}}`` for every target."""
    label = ("traced, " if profile else "") + ("phone, " if phone else "") + ("preheated" if preheated else "cold")
    every = list(servers.values())
    wait_idle(every, timeout=180)  # the pools fill at start-up: ten notebooks on a small machine
    out: dict[str, dict] = {}
    for target in targets:
        server = servers[target.root]
        before = len(server.kernel_processes())
        out[target.name] = {"expected": count_widget_outputs(browser, server, target), "loads": []}
        _settle(server, every, preheated, before=before)
    for round_ in range(loads):
        for target in targets:
            server = servers[target.root]
            before = len(server.kernel_processes())
            result = timed_load(browser, server, target, out[target.name]["expected"],
                                memory=preheated and not phone, phone=phone, profile=profile)
            out[target.name]["loads"].append(result)
            waited = _settle(server, every, preheated, before=before)
            log(f"  {label} load {round_ + 1}/{loads} {target.name:8s} "
                f"tti={_ms(result['tti_ms'])} rss={_mb(result['rss_mb'])} settle={waited:.1f}s"
                + (f"  PROBLEM: {result['problem']}" if result["problem"] else ""))
    return out


def _settle(server, every, preheated: bool, before: int) -> float:
    """After a load: wait for the pool to refill (preheated) and for every process to go idle."""
    start = time.monotonic()
    if preheated:
        # The load took the pool's kernel; Voila starts its replacement after fill_delay.
        wait_kernel_count(server, before + 1, timeout=30)
    wait_idle(every)
    return time.monotonic() - start


def _ms(value):
    return "—" if value is None else f"{value:.0f}ms"


def _mb(value):
    return "—" if value is None else f"{value:.0f}MB"
