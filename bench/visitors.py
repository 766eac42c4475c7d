"""Visitors at once: N browser contexts open one lab together, then all close.

The lab server runs the lecture configuration with a short cull
(``cull_idle_timeout=10``, ``cull_interval=2``; ``--visitors-cull`` changes the 10). Before each wave the pool is
full and every kernel idle. All N navigations start together (async
Playwright, one Chromium); a visitor counts as interactive when the READY_JS
rule holds on its page. It fails when it is not interactive within the
timeout, shows an error output, or rendered fewer widget outputs than the lab
has (a page served from a pool kernel that had not finished the notebook).
Then every context closes and we time how long culling takes to bring the
kernel count back to the pool.

Each page's kernel websocket frames are counted (Playwright's
``framesent``/``framereceived``, by message type), and the server's CPU
(Voila and its kernels, never the browser: Chromium is this process's child,
not the server's) from the common start until the last visitor is done. With
``move`` each page also makes the lab's main interaction once it is
interactive, done when the kernel is idle after every message the page sent
for it: what `harness.hall`'s visitors do (bench/validate.py compares); the
pages then stay until the server is quiet again (the pool refilled), and
the server's CPU is read once more (``server_cpu_settled_s``).
"""
from __future__ import annotations

import asyncio
import time
from collections import Counter

from suite import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ERROR_OUTPUT_JS,
    KERNEL_WS,
    READY_AT_JS,
    RENDERED_VIEWS_JS,
    VIEWPORT,
    WIDGET_OUTPUT,
    log,
    total_kernel_rss_mb,
)

# isort: split
# (suite, above, puts tests/ on the path for harness)
from harness.hall import ServerCPU
from harness.wire import decode_frame

VISITOR_TIMEOUT_S = 300
MOVE_TIMEOUT_S = 120
CULL_TIMEOUT_S = 180


class Frames:
    """One page's kernel websocket frames: counted by direction and type, and the kernel's idle answers."""

    def __init__(self, page):
        self.kinds: Counter = Counter()
        self.sent_ids: list[str] = []
        self.idle_for: set[str] = set()
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        if KERNEL_WS.search(ws.url):
            ws.on("framesent", lambda payload: self._seen("sent", payload))
            ws.on("framereceived", lambda payload: self._seen("received", payload))

    def _seen(self, direction: str, payload) -> None:
        message = decode_frame(payload)
        self.kinds[f"{direction} {message['msg_type'] if message else 'undecoded'}"] += 1
        if message is None:
            return
        if direction == "sent":
            self.sent_ids.append(message["msg_id"])
        elif message["msg_type"] == "status" and message["content"].get("execution_state") == "idle":
            self.idle_for.add(message["parent_id"])

    def count(self, direction: str) -> int:
        return sum(n for kind, n in self.kinds.items() if kind.startswith(direction + " "))


async def _move(page, frames: Frames, interaction) -> None:
    """The page's main interaction, once; returns when the kernel is idle after all the page sent for it."""
    await page.locator(interaction.selector).nth(interaction.nth).focus()
    already = len(frames.sent_ids)
    await page.keyboard.press(interaction.steps[0])
    deadline = time.monotonic() + MOVE_TIMEOUT_S
    while time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        sent = frames.sent_ids[already:]
        if sent and all(msg_id in frames.idle_for for msg_id in sent):
            return
    raise TimeoutError(f"the kernel did not answer the move within {MOVE_TIMEOUT_S} s")


async def _wave(server, path: str, expected: int, n: int, move=None) -> dict:
    """``n`` pages open ``path`` together (with ``move``, each makes it once); then all close."""
    from playwright.async_api import async_playwright

    pool = len(server.kernel_processes())
    pool_rss = total_kernel_rss_mb(server)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            contexts = [await browser.new_context(viewport=VIEWPORT) for _ in range(n)]
            pages = [await c.new_page() for c in contexts]
            frames = [Frames(page) for page in pages]
            cpu = ServerCPU(server.process.pid).begin()
            start = time.monotonic()

            async def visit(page, seen: Frames) -> dict:
                culled = []  # the kernel went before the page connected to it
                page.on("response", lambda r: culled.append(r.url)
                        if r.status == 404 and "/api/kernels/" in r.url else None)
                moved = None
                try:
                    await page.goto(server.url + path, wait_until="commit", timeout=VISITOR_TIMEOUT_S * 1000)
                    handle = await page.wait_for_function(
                        READY_AT_JS, arg=expected, polling=250, timeout=VISITOR_TIMEOUT_S * 1000)
                    ready = time.monotonic() - start
                    tti_ms = await handle.json_value()
                    errors = await page.evaluate(ERROR_OUTPUT_JS)
                    views = await page.evaluate(RENDERED_VIEWS_JS)
                    problem = None
                    if errors:
                        problem = f"error output: {errors[0][:100]}"
                    elif views < expected:
                        problem = f"{views} of {expected} widget outputs rendered"
                    elif move is not None:
                        await _move(page, seen, move)
                        moved = time.monotonic() - start
                    return {"ready_s": ready, "tti_ms": tti_ms, "moved_s": moved, "problem": problem}
                except Exception as error:
                    if culled:
                        problem = "its kernel was culled before the page connected (404 on /api/kernels)"
                    else:
                        problem = f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
                    return {"ready_s": None, "tti_ms": None, "moved_s": moved, "problem": problem}

            visits = await asyncio.gather(*(visit(p, f) for p, f in zip(pages, frames)))
            all_ready = time.monotonic() - start
            cpu_s = cpu.seconds()
            settled_s = None
            if move is not None:
                await cpu.quiet()
                settled_s = cpu.seconds()
            for one, seen in zip(visits, frames):
                one.update(sent=seen.count("sent"), received=seen.count("received"), kinds=dict(seen.kinds))
            await asyncio.sleep(1.0)
            kernels = len(server.kernel_processes())
            total_rss = total_kernel_rss_mb(server)
            for context in contexts:
                await context.close()
        finally:
            await browser.close()
    closed = time.monotonic()
    culled_s = None
    while time.monotonic() - closed < CULL_TIMEOUT_S:
        if len(server.kernel_processes()) <= pool:
            culled_s = time.monotonic() - closed
            break
        await asyncio.sleep(0.5)
    failures = [v for v in visits if v["problem"]]
    return {
        "visitors": n,
        "pool_kernels": pool,
        "server_cpu_s": cpu_s,
        "server_cpu_settled_s": settled_s,
        "visits": visits,
        "all_interactive_s": all_ready if not failures else None,
        "last_ready_s": max((v["ready_s"] for v in visits if v["ready_s"] is not None), default=None),
        "tti_ms": [v["tti_ms"] for v in visits],
        "failures": len(failures),
        "failure_kinds": sorted({v["problem"] for v in failures}),
        "kernels_at_peak": kernels,
        "kernel_rss_total_mb": total_rss,
        "kernel_rss_visitors_mb": total_rss - pool_rss,
        "culled_to_pool_s": culled_s,
        "kernels_after": len(server.kernel_processes()),
    }


async def count_widget_outputs(server, path: str) -> int:
    """How many widget outputs a complete page has: one untimed visit."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await (await browser.new_context(viewport=VIEWPORT)).new_page()
            response = await page.goto(server.url + path, wait_until="domcontentloaded", timeout=120_000)
            expected = (await response.text()).count(WIDGET_OUTPUT)
            await page.wait_for_function(READY_AT_JS, arg=expected, polling=100, timeout=120_000)
            return expected
        finally:
            await browser.close()


def measure_visitors(server, path: str, expected: int, waves: list[int], settle) -> list[dict]:
    """One wave per entry of ``waves`` (visitor counts); ``settle()`` waits for an idle server between."""
    results = []
    for n in waves:
        settle()
        log(f"  visitors: {n} at once on {path}")
        result = asyncio.run(_wave(server, path, expected, n))
        log(f"    all interactive: {result['all_interactive_s']}, failures: {result['failures']} "
            f"{result['failure_kinds'][:2]}, kernels: {result['kernels_at_peak']}, "
            f"RSS {result['kernel_rss_total_mb']:.0f} MB, culled back in {result['culled_to_pool_s']}")
        results.append(result)
    return results
