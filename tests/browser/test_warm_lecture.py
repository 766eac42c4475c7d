"""`make serve WARM=08-attention-weights POOL=3` on a real server: three kernels preheated for lab 8,
one for another lab, one kernel preheating at a time, and the pool full again after a page is served.

No browser is needed: a page request takes a pooled kernel as a visitor's does. Only labs 1 and 8
are preheated (the others are on Voila's preheat denylist), so that four kernels start, not fourteen.
"""
from __future__ import annotations

import re
import urllib.request

import pytest

from harness.kernels import kernel_ids, page_kernel_id, wait_for
from harness.voila import MakeServeServer

LAB_8 = "08-attention-weights.ipynb"
ONLY_LABS_1_AND_8 = "--VoilaKernelManager.preheat_denylist=.*/(0[2-79]|1[0-9]|index|review|lecturer)"  # matched on full paths
ONE_AT_A_TIME = "--PoolAwareKernelManager.max_preheating=1"


def most_preheating_at_once(log: str) -> int:
    """The most kernels the log shows started and not yet preheated at the same moment."""
    preheating, most = set(), 0
    for event, kernel in re.findall(r"(Kernel started|Preheated kernel):? ([-0-9a-f]{36})", log):
        if event == "Kernel started":
            preheating.add(kernel)
        else:
            preheating.discard(kernel)
        most = max(most, len(preheating))
    return most


def test_a_warmed_lab_keeps_its_pool_full_one_kernel_preheating_at_a_time(server_logs, tmp_path):
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MATMUL_PULSE_DIR", str(tmp_path / "pulse"))
        server = MakeServeServer(variables=("WARM=08-attention-weights", "POOL=3"),
                                 extra=(ONLY_LABS_1_AND_8, ONE_AT_A_TIME)).start(server_logs)
    try:
        filled = (f"Kernel pool of {LAB_8} is filled with 3 kernel(s)",
                  "Kernel pool of 01-product-by-columns.ipynb is filled with 1 kernel(s)")
        # Voila logs a pool as filled a moment after its last kernel started: wait for both.
        assert wait_for(lambda: server.preheated() == 4 and all(line in server.log() for line in filled), 90), \
            server.log()
        log = server.log()
        pooled = kernel_ids(server)
        assert len(pooled) == 4
        assert most_preheating_at_once(log) == 1

        with urllib.request.urlopen(f"{server.url}/voila/render/{LAB_8}", timeout=120) as response:
            served = page_kernel_id(response.read().decode())
        assert served in pooled
        assert f"Using pre-heated kernel: {served} for {LAB_8}" in server.log()
        refilled = lambda: server.log().count(f"Kernel pool of {LAB_8} is filled with 3") == 2  # noqa: E731
        assert wait_for(lambda: refilled() and server.preheated() == 5, 60), server.log()
        assert len(kernel_ids(server) - pooled) == 1 and served in kernel_ids(server)
        assert most_preheating_at_once(server.log()) == 1
    finally:
        server.stop()
