"""The lecture server's bound on computing (`PoolAwareKernelManager.busy_limit`), on real processes.

A handler that computes in C holds the GIL, so the kernel's IOPub thread may never tell the server
it is busy: the bound must hold for a kernel the server never saw go busy, and spare one that
finishes its messages. tests/browser/test_kernel_bounds.py drives the same through a real Voila.
"""
from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable
from types import SimpleNamespace

import psutil
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


# The bound of these tests, in CPU-seconds on one message: a third of the server's smallest in use, at
# the same proportions (the watch checks every third of it, and a check under 1% of that counts as idle).
LIMIT = 0.5


async def watch(kernels: dict[str, Kernel], *, finish: str, enough: Callable[[], bool]) -> PoolAwareKernelManager:
    """Watch `kernels` with a `LIMIT` CPU-second bound until `enough()` (a minute at most, however loaded the
    machine); the server sees `finish` end a message every tenth of a second."""
    manager = PoolAwareKernelManager(busy_limit=LIMIT)
    for kernel_id, kernel in kernels.items():
        manager._managers[kernel_id] = kernel
    watcher = asyncio.ensure_future(manager._watch_computing())
    try:
        for _ in range(600):
            await asyncio.sleep(0.1)
            manager._on_execution_state(finish, SimpleNamespace(new="idle"))
            if enough():
                break
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
    finishing, spent = psutil.Process(kernels["finishing"].process.pid), [0.0]

    def enough() -> bool:
        """Once the computing kernel is killed and the finishing one has computed two bounds' worth (or was
        killed): the watch's time, not the clock's, so that a loaded machine proves the same, later."""
        spent[0] = sum(finishing.cpu_times()[:2])
        return kernels["finishing"].killed_for != "" or (kernels["computing"].killed_for != "" and spent[0] > 2 * LIMIT)

    manager = asyncio.run(watch(kernels, finish="finishing", enough=enough))
    assert kernels["computing"].killed_for.startswith(f"This lab stopped: it computed for more than {LIMIT:g} seconds")
    assert "computing" in manager._stopped
    assert kernels["idle"].killed_for == "" and kernels["finishing"].killed_for == ""
    assert spent[0] > 2 * LIMIT, "the finishing kernel never computed past the bound: sparing it proves nothing"
