"""What keeps a phone's main thread busy while a page loads: V8's sampling profile, by owner.

One preheated load per page on the emulated phone (bench/loads.py's `timed_load`
with ``profile=True``) records a Chromium performance trace with V8's sampling
profiler on; the samples from the navigation until the page was interactive count.  Each sample
is charged to what ran: MathJax (the chunks of Voila's bundle that hold it),
the rest of Voila's and JupyterLab's front end, ipywidgets (its manager and
controls), bqplot, anywidget, the template's own scripts, and the browser's
native work (style, layout, paint and parsing; DOM calls; garbage collection).
A load traced runs slower than one that is not: read this figure beside the
time to interactive, not instead of it.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path

#: Trace categories: the timeline DevTools shows (with the navigation's start), and V8's sampling profiler.
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
              "blink.user_timing", "disabled-by-default-v8.cpu_profiler"]
#: Owners in the order the report shows them.
OWNERS = ("MathJax", "Voila and JupyterLab", "ipywidgets", "bqplot", "anywidget", "template",
          "style, layout, paint", "DOM calls", "garbage collection", "idle", "other")
VOILA_STATIC = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base" / "static"


@cache
def _holds_mathjax(chunk: str) -> bool:
    path = VOILA_STATIC / chunk
    return path.is_file() and b"MathJax" in path.read_bytes()


def owner(url: str, function: str) -> str:
    """Who a sample belongs to, from its script's URL (or, for native work, V8's name for it).

    >>> owner("", "(program)"), owner("", "appendChild"), owner("", "(garbage collector)")
    ('style, layout, paint', 'DOM calls', 'garbage collection')
    >>> owner("http://h/voila/labextensions/bqplot/static/568.js", "f")
    'bqplot'
    >>> owner("http://h/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/1.js", "f")
    'ipywidgets'
    >>> owner("http://h/voila/static/voila.js", "x"), owner("http://h/voila/render/08.ipynb", "f")
    ('Voila and JupyterLab', 'template')
    """
    if not url:
        return {"(program)": "style, layout, paint", "(garbage collector)": "garbage collection",
                "(idle)": "idle", "(root)": "other"}.get(function, "DOM calls")
    name = url.split("?")[0].rsplit("/", 1)[-1]
    if "/bqplot/" in url or "/bqscales/" in url:
        return "bqplot"
    if "/@jupyter-widgets/" in url or "widgets-manager" in url:
        return "ipywidgets"
    if "/anywidget/" in url:
        return "anywidget"
    if name.endswith(".voila.js") and _holds_mathjax(name):
        return "MathJax"
    if name.endswith(".js") and ("voila" in name or "/voila/static/" in url):
        return "Voila and JupyterLab"
    if name.endswith(".ipynb"):
        return "template"
    return "other"


def main_thread_ms(events: list[dict], start: float = float("-inf"), end: float = float("inf")) -> dict[str, float]:
    """Milliseconds of sampled main-thread time per owner, from a trace's profile events.

    Only samples taken from `start` to `end` count (µs, the trace's clock). Each renderer
    process numbers its profile's nodes from 1: a node is known by its process too.

    >>> profile = {"name": "Profile", "pid": 7, "id": "0x1", "args": {"data": {"startTime": 0}}}
    >>> chunk = {"name": "ProfileChunk", "pid": 7, "id": "0x1", "args": {"data": {
    ...     "cpuProfile": {"nodes": [{"id": 1, "callFrame": {"url": "", "functionName": "(program)"}},
    ...                              {"id": 2, "callFrame": {"url": "x/bqplot/a.js", "functionName": "f"}}],
    ...                    "samples": [1, 2, 2]},
    ...     "timeDeltas": [1000, 2000, 500]}}}
    >>> main_thread_ms([profile, chunk])
    {'bqplot': 2.5, 'style, layout, paint': 1.0}
    >>> main_thread_ms([profile, chunk], start=2000)
    {'bqplot': 2.5}
    """
    nodes: dict = {}
    clock: dict = {}
    spent: Counter = Counter()
    for event in events:
        key = (event.get("pid"), event.get("id"))
        data = event.get("args", {}).get("data", {})
        if event.get("name") == "Profile":
            clock[key] = data.get("startTime", event.get("ts", 0))
        if event.get("name") != "ProfileChunk":
            continue
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes") or ():
            nodes[(*key, node["id"])] = node["callFrame"]
        for sample, delta in zip(profile.get("samples") or (), data.get("timeDeltas") or ()):
            clock[key] = clock.get(key, 0) + delta
            frame = nodes.get((*key, sample))
            if frame is not None and start <= clock[key] <= end:
                spent[owner(frame.get("url", ""), frame.get("functionName", ""))] += delta / 1000
    return {name: round(ms, 1) for name, ms in sorted(spent.items())}


def read_trace(data: bytes, url: str, interactive_ms: float) -> dict[str, float]:
    """`main_thread_ms` of a trace from Playwright's ``browser.stop_tracing()``: from the navigation
    to `url` until the page was interactive, `interactive_ms` later."""
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart"
              and e.get("args", {}).get("data", {}).get("documentLoaderURL") == url]
    start = min(starts) if starts else float("-inf")
    return main_thread_ms(events, start, start + interactive_ms * 1000)
