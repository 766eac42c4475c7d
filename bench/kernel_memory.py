"""Kernel memory per visitor: RSS of each lab's kernel after it rendered.

Serves labs/ and bench/ with the lecture configuration, opens every page in
Chromium, and reads the resident memory of the kernel that page runs on,
against the bare kernel (bench/bare.ipynb imports ipywidgets, bqplot and
numpy and shows nothing) measured in the same run. Prints a table and writes
bench/results/kernel_memory.json.

    .venv/bin/python bench/kernel_memory.py
"""
from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from harness.browser import CHROMIUM, CHROMIUM_ARGS, open_lab  # noqa: E402
from harness.voila import VoilaServer  # noqa: E402

KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
MB = 1024 * 1024


def kernel_rss(server: VoilaServer, kernel_id: str) -> float:
    """Resident memory (MB) of the kernel process whose connection file names ``kernel_id``."""
    for process in server.kernel_processes():
        if any(kernel_id in part for part in process.cmdline()):
            return process.memory_info().rss / MB
    raise LookupError(f"no kernel process for {kernel_id}")


def measure(browser, server: VoilaServer, pages: list[str]) -> dict[str, float]:
    results = {}
    for name in pages:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        open_lab(page, f"{server.url}/voila/render/{name}", f"bench-{Path(name).stem}")
        page.wait_for_timeout(500)  # let the kernel settle after the last comm message
        [kernel_id] = {m.group(1) for url in sockets if (m := KERNEL_WS.search(url))}
        results[name] = kernel_rss(server, kernel_id)
        context.close()
    return results


def main() -> None:
    logs = Path(tempfile.mkdtemp(prefix="bench-logs-"))
    labs = sorted(p.name for p in (BENCH.parent / "labs").glob("*.ipynb"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        bench_server = VoilaServer(root="bench").start(logs)
        lab_server = VoilaServer(root="labs").start(logs)
        try:
            floor = measure(browser, bench_server, ["bare.ipynb", "baseline.ipynb"])
            rss = measure(browser, lab_server, labs)
        finally:
            lab_server.stop()
            bench_server.stop()
            browser.close()
    bare = floor["bare.ipynb"]
    rows = [("bench/" + name, value) for name, value in floor.items()]
    rows += [("labs/" + name, value) for name, value in rss.items()]
    print(f"{'page':40s} {'kernel RSS (MB)':>16s} {'× bare kernel':>14s}")
    for name, value in rows:
        print(f"{name:40s} {value:16.1f} {value / bare:14.2f}")
    heaviest = max(rss.values())
    print(f"\nvisitors per GB of RAM (heaviest lab, {heaviest:.0f} MB each): {1024 / heaviest:.1f}")
    out = BENCH / "results"
    out.mkdir(exist_ok=True)
    (out / "kernel_memory.json").write_text(json.dumps(
        {"bare_mb": bare, "pages_mb": dict(rows), "visitors_per_gb": 1024 / heaviest}, indent=2))


if __name__ == "__main__":
    main()
