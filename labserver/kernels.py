"""Voila's kernels: culling that spares a visitor whose page has not connected yet, and pools
filled a few kernels at a time.

Voila hands a kernel to a visitor when it sends the page; the page's widgets
connect to it over a websocket only once the browser has loaded and run the
page's scripts. Culling counts a kernel without connections as abandoned as
soon as it has been idle for ``cull_idle_timeout``, and two gaps let it cull
a kernel whose visitor is still arriving:

- Voila 0.5 never culls a kernel while it waits in the preheated pool, but it
  does not refresh the kernel's ``last_activity`` either. A kernel that waited
  longer than the timeout was culled at the first pass after its hand-out.
- A busy machine (a lecture hall opening the same lab at once) can take
  longer than the timeout to load a page.

It also fills the pools gradually. Voila 0.5 starts every kernel a pool
lacks at the same moment: all of them at start-up, and after a wave of
visitors as many as the wave took (each after ``fill_delay``). A pool of 40
(``make serve WARM=... POOL=40``) is then 40 kernels importing numpy and
running the lab at once on a 2-core machine, and a page asked for meanwhile
waits for all of them. Here a pooled kernel preheats only when one of
``max_preheating`` turns is free, and a turn goes first to a kernel a visitor
already waits for, then to the notebook with the fewest kernels ready.

Its kernels run `labserver.steady_kernel` (see `SteadyKernelManager`), whose
IOPub socket does not drop a cell's last messages when a hall loads the machine.
Their connection files, and on Unix sockets (``voila.json``'s
``KernelManager.transport``) their socket files, live in a folder of this
manager's, removed once every kernel is down. Voila's own stop deletes its
connection folder before it shuts the kernels down: a kernel still starting then
found no place to bind, failed, and hung on its way out; or, not finding its
connection file yet, made the folder again to write one of its own (ipykernel's
``init_connection_file`` does), which nobody removed. Once the shutdown has begun no
kernel starts: a pool waiting for a turn would start one after the folder is gone.

``voila.json`` names `PoolAwareKernelManager` as Voila's
``multi_kernel_manager_class``; Voila builds its pooling manager on top of it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time
import weakref
from collections.abc import Iterable
from typing import Any

from jupyter_client.manager import KernelManager
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from traitlets import Float, Integer, default
from voila.request_info_handler import RequestInfoSocketHandler

from labserver.turns import Turns

__all__ = ["PoolAwareKernelManager", "SteadyKernelManager"]


class SteadyKernelManager(ServerKernelManager):
    """One kernel's manager that starts an IPython kernel as `labserver.steady_kernel`, not ``ipykernel_launcher``.

    Examples
    --------
    >>> SteadyKernelManager.steady(["python", "-m", "ipykernel_launcher", "-f", "k.json"])
    ['python', '-m', 'labserver.steady_kernel', '-f', 'k.json']
    >>> SteadyKernelManager.steady(["julia", "-i", "k.json"])  # not an IPython kernel: as it is
    ['julia', '-i', 'k.json']
    """

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return self.steady(super().format_kernel_cmd(extra_arguments))

    @staticmethod
    def steady(command: Iterable[str]) -> list[str]:
        """The kernel command with ipykernel's launcher module replaced by `labserver.steady_kernel`."""
        return ["labserver.steady_kernel" if part == "ipykernel_launcher" else part for part in command]


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """A mapping kernel manager that culls only kernels whose visitors have come and gone,
    and preheats pooled kernels a few at a time.

    Each culling pass first marks the kernels waiting in the pool as active.
    A kernel whose page has never connected counts as abandoned only after
    `connect_grace` seconds without activity (instead of the idle timeout):
    its visitor may still be loading the page on a busy server, or may have
    closed the tab while it loaded.
    """

    connect_grace = Float(
        120.0, config=True,
        help="Seconds of inactivity after which a kernel whose page never connected is culled.",
    )
    max_preheating = Integer(
        config=True,
        help="Pooled kernels that may start and run their notebook at once (default: half the cores, at least 1).",
    )
    preheat_timeout = Float(
        60.0, config=True,
        help="Seconds after which a preheating kernel gives its turn back even if its notebook has not finished.",
    )

    @default("kernel_manager_class")
    def _default_kernel_manager_class(self):
        return "labserver.kernels.SteadyKernelManager"

    @default("max_preheating")
    def _default_max_preheating(self):
        return max(1, (os.cpu_count() or 2) // 2)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ever_connected = set()
        self._preheating = Turns(self.max_preheating)
        self._turn_keepers = set()  # asyncio keeps only weak references to tasks
        self._kernel_dir = None  # made for the first kernel, removed by shutdown_all
        self._managers = weakref.WeakValueDictionary()  # every kernel's manager, starting ones too
        self._stopping = False  # set by shutdown_all: no kernel starts after it

    def pre_start_kernel(self, kernel_name: str | None, kwargs: dict[str, Any]) -> tuple[KernelManager, str, str]:
        """Make the kernel's manager, its connection file (and on Unix sockets its sockets) in this manager's folder."""
        manager, kernel_name, kernel_id = super().pre_start_kernel(kernel_name, kwargs)
        self._managers[kernel_id] = manager
        if self._kernel_dir is None:
            self._kernel_dir = tempfile.mkdtemp(prefix="matmul-kernels-")
        manager.connection_file = os.path.join(self._kernel_dir, f"kernel-{kernel_id}.json")
        if manager.transport == "ipc":
            manager.ip = os.path.join(self._kernel_dir, f"kernel-{kernel_id}-ipc")
        return manager, kernel_name, kernel_id

    async def shutdown_all(self, now: bool = False) -> None:
        """Start no more kernels, shut every kernel down, then remove the folder of their files."""
        self._stopping = True
        try:
            self._kill_starting_kernels()
            await super().shutdown_all(now=now)
        finally:
            if self._kernel_dir is not None:
                shutil.rmtree(self._kernel_dir, ignore_errors=True)
                self._kernel_dir = None

    def _kill_starting_kernels(self):
        """Kill the kernels still starting, and forget them, before the shutdown of the others.

        Voila's stop runs the shutdown on an event loop of its own, so the starts left on the
        server's stopped loop never finish. Jupyter Server's shutdown of such a kernel fails
        ("Kernel does not exist"), which ended Voila's stop before the other kernels were shut
        down; and the kernel, orphaned, found its connection file gone and wrote one of its own,
        making its folder again after the server had removed it.
        """
        for kernel_id in [k for k in self._pending_kernels if k not in self._kernels]:
            del self._pending_kernels[kernel_id]
            process = getattr(getattr(self._managers.get(kernel_id), "provisioner", None), "process", None)
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
            self.log.info("Kernel killed while starting: %s", kernel_id)

    async def start_kernel(self, **kwargs: Any) -> str:
        """Start a kernel; a pooled one waits for a turn, and holds it until its notebook is preheated."""
        self._refuse_if_stopping()
        if kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
            return await super().start_kernel(**kwargs)  # a visitor's own kernel: no queue
        pool_task = asyncio.current_task()
        await self._preheating.take(lambda: self._need(pool_task))
        try:
            self._refuse_if_stopping()  # the turn may be one a kernel shut down by the stop gave back
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            self._preheating.give_back()
            raise
        keeper = asyncio.create_task(self._give_back_when_preheated(kernel_id, pool_task))
        self._turn_keepers.add(keeper)
        keeper.add_done_callback(self._turn_keepers.discard)
        return kernel_id

    def _refuse_if_stopping(self):
        if self._stopping:
            raise RuntimeError("the server is stopping: no kernel starts")

    def _need(self, pool_task):
        """How little a pooled kernel's start is needed: -1 if a visitor waits for it, else its pool's ready kernels."""
        for pool in getattr(self, "_pools", {}).values():
            if pool_task in pool:
                return sum(1 for task in pool if task.done())
        return -1  # taken from the pool already: a visitor's page waits for this kernel

    async def _give_back_when_preheated(self, kernel_id, pool_task):
        """Hold the turn until the kernel waits for its page's request (its notebook has run up to
        the last cell, ``widgets.lecture.query``), its rendering ended, it is gone, or `preheat_timeout`."""
        started = time.monotonic()
        try:
            while time.monotonic() - started < self.preheat_timeout:
                # Voila's record of the kernels that wait for their page's request:
                if kernel_id in RequestInfoSocketHandler._waiters or kernel_id not in self:
                    break
                if pool_task.done() and (pool_task.cancelled() or pool_task.exception() is not None
                                         or pool_task.result()["task"].done()):
                    break
                await asyncio.sleep(0.1)
        finally:
            self._preheating.give_back()
        self.log.info(
            "Preheated kernel %s in %.1f s (%d preheating, %d waiting)",
            kernel_id, time.monotonic() - started, self._preheating.running, self._preheating.waiting,
        )

    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernels(self) -> None:
        now = utcnow()
        for kernel_id in self._pooled_kernel_ids():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        self._ever_connected &= set(self._kernels)  # forget kernels that are gone
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return  # shut down since the pass began
        started = kernel.trait_has_value("last_activity")
        if not started and kernel.execution_state != "dead":
            # Still starting: no activity to judge yet. (Jupyter Server means to
            # skip such a kernel too, but its hasattr check raises on the unset
            # trait: an error in the log per starting kernel per pass.)
            return
        if started and kernel_id not in self._ever_connected:
            if (utcnow() - kernel.last_activity).total_seconds() < self.connect_grace:
                return  # its page may still be on its way
        await super().cull_kernel_if_idle(kernel_id)

    def _pooled_kernel_ids(self):
        """Ids of the kernels waiting in Voila's preheated pools (none without preheating)."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    yield task.result().get("kernel_id")
