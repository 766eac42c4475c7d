"""Page views one after another leave no kernels behind.

Every page view takes a kernel of its own (a preheated one, and Voila starts
the next); Voila 0.5 never shuts it down when the page goes away, so culling
must free it. The server runs with the lecture configuration (``voila.json``),
a short cull timeout and a pool of two, so the refill keeps up with a visitor
a second; the page is the lightest one with a live widget
(``tests/notebooks/page_views/one_slider.ipynb``). The views follow each other
in one tab, as a visitor clicking through pages: open, wait until the slider
is live, leave.

Twenty-five views prove it (issue 45: load rehearsals at the smallest
size that proves their behaviour): over twelve pools' worth, and longer than the cull timeout, so
kernels are culled while views go on and the pool refills between them. A hundred (the size
before) took 93 s on a 2-core machine for the same assertions; ``MATMUL_PAGE_VIEWS=100`` runs it so.
"""
from __future__ import annotations

import os
import re
import time

from harness.browser import LEAVING_TOLERATED, READY_JS, WIDGET_OUTPUT, PageProblems
from harness.kernels import kernel_ids, page_kernel_id, wait_for
from harness.voila import VoilaServer

VIEWS = int(os.environ.get("MATMUL_PAGE_VIEWS", "25"))
ROOT = "tests/notebooks/page_views"
NOTEBOOK = "one_slider.ipynb"
POOL_SIZE = 2  # preheated kernels for the one notebook under ROOT
CULL_TIMEOUT = 6
CULL_INTERVAL = 1
FLAGS = (
    f"--VoilaConfiguration.default_pool_size={POOL_SIZE}",
    f"--MappingKernelManager.cull_idle_timeout={CULL_TIMEOUT}",
    f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
)
# Idle for the timeout, seen by the next pass, then a graceful shutdown on a busy machine.
FREED_WITHIN = CULL_TIMEOUT + CULL_INTERVAL + 10


def test_page_views_in_a_row_leave_only_the_pool(server_logs, browser):
    server = VoilaServer(root=ROOT, extra=FLAGS).start(server_logs)
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    url = f"{server.url}/voila/render/{NOTEBOOK}"
    try:
        assert wait_for(lambda: server.pool_filled(NOTEBOOK), 60)
        assert wait_for(lambda: len(kernel_ids(server)) == POOL_SIZE, 30), kernel_ids(server)
        problems = PageProblems(tolerated=re.compile(LEAVING_TOLERATED))
        page = context.new_page()
        problems.watch(page)
        visitors = []
        start = time.monotonic()
        for _ in range(VIEWS):
            response = page.goto(url, wait_until="domcontentloaded", timeout=60_000)
            assert response.ok, f"view {len(visitors) + 1}: HTTP {response.status}"
            html = response.text()
            visitors.append(page_kernel_id(html))
            page.wait_for_function(READY_JS, arg=html.count(WIDGET_OUTPUT), timeout=60_000, polling=50)
            page.goto("about:blank")
        viewed = time.monotonic() - start
        problems.assert_clean()
        assert len(set(visitors)) == VIEWS, "every page view had a kernel of its own"

        closed = time.monotonic()
        left = wait_for(lambda: len(kernel_ids(server)) == POOL_SIZE, FREED_WITHIN)
        freed = time.monotonic() - closed
        assert left, f"{len(kernel_ids(server))} kernels {FREED_WITHIN} s after the last page closed"
        assert kernel_ids(server).isdisjoint(visitors)
        culled = set(re.findall(r"Culling '\w+' kernel '[^']*' \(([-0-9a-f]+)\)", server.log()))
        assert set(visitors) <= culled, f"not culled: {set(visitors) - culled}"
        print(f"{VIEWS} page views in {viewed:.1f} s ({viewed / VIEWS:.2f} s each); "
              f"back to the pool of {POOL_SIZE} {freed:.1f} s after the last page closed")
    finally:
        context.close()
        server.stop()
