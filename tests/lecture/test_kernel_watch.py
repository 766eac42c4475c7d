"""The lecture server's bound on computing (`PoolAwareKernelManager.busy_limit`), on real processes.

A handler that computes in C holds the GIL, so the kernel's IOPub thread may never tell the server
it is busy: the bound must hold for a kernel the server never saw go busy, and spare one that
finishes its messages. tests/browser/test_kernel_bounds.py drives the same through a real Voila.
"""
from __future__ import annotations

import asyncio
import subprocess
import sys
from types import SimpleNamespace

from traitlets import HasTraits, Unicode

from labserver.kernels import PoolAwareKernelManager


class Kernel(HasTraits):
    """A kernel's manager as the watch sees it: a process, an execution state, a way to kill it."""

    execution_state = Unicode("idle")

    def __init__(self, code: str) -> None:
        super().__init__()
        self.process = subprocess.Popen([sys.executable, "-c", code])
        self.provisioner = SimpleNamespace(process=self.process)
        self.killed_for = ""

    async def kill_for_good(self, reason: str) -> None:
        self.killed_for = reason
        self.process.kill()


async def watch(kernels: dict[str, Kernel], seconds: float, *, finish: str = "") -> PoolAwareKernelManager:
    """Watch `kernels` with a 1.5 CPU-second bound for `seconds`; the server sees `finish` end a message often."""
    manager = PoolAwareKernelManager(busy_limit=1.5)
    for kernel_id, kernel in kernels.items():
        manager._managers[kernel_id] = kernel
    watcher = asyncio.ensure_future(manager._watch_computing())
    try:
        for _ in range(int(seconds / 0.1)):
            await asyncio.sleep(0.1)
            if finish:
                manager._on_execution_state(finish, SimpleNamespace(new="idle"))
    finally:
        watcher.cancel()
        for kernel in kernels.values():
            kernel.process.kill()
            kernel.process.wait()
    return manager


def test_a_kernel_computing_unseen_is_killed_and_an_idle_or_finishing_one_is_not():
    # "computing": never a state change, as a kernel whose busy status the GIL held back.
    kernels = {"computing": Kernel("while True: pass"), "idle": Kernel("import time; time.sleep(60)"),
               "finishing": Kernel("while True: pass")}
    manager = asyncio.run(watch(kernels, 6, finish="finishing"))
    assert kernels["computing"].killed_for.startswith("This lab stopped: it computed for more than 1.5 seconds")
    assert "computing" in manager._stopped
    assert kernels["idle"].killed_for == "" and kernels["finishing"].killed_for == ""
