"""Voila's kernels: culling that spares a visitor whose page has not connected yet, pools
filled a few kernels at a time, and two bounds on what a visitor's requests may cost.

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

Two bounds keep one visitor from stalling the server:

- A kernel that spends more than ``busy_limit`` CPU-seconds on one message is
  killed. Busy kernels are never culled, and a handler that computes in C (a
  huge integer power) cannot be interrupted: no Python signal handler or
  thread of the kernel's runs until it returns, not even the one that would
  tell the server the kernel is busy. So the server adds up each kernel's CPU
  time from the last message it saw the kernel finish. CPU time, not the time
  on the clock, so a lecture hall sharing two cores never stops a kernel that
  merely waits for its turn. The kernel's restarter, which would start a fresh and
  empty kernel under the same id, announces it dead instead: its page hears it
  at once, and asking the server for the kernel then answers 410 with the
  reason, which the ``matmul`` template shows.
- Every page request hands out a kernel. Past ``max_unconnected`` kernels that
  no page has connected to (the preheated pools not counted), a request gets
  503 with ``Retry-After`` (`ServerBusy`) instead of a kernel: about 30 requests
  without a browser held 28 kernels (2.5 GiB) for the ``connect_grace``.

``voila.json`` names `PoolAwareKernelManager` as Voila's
``multi_kernel_manager_class``; Voila builds its pooling manager on top of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import os
import shutil
import signal
import tempfile
import time
import weakref
from collections.abc import Iterable
from typing import Any

import psutil
from jupyter_client.manager import KernelManager
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer, default
from voila.request_info_handler import RequestInfoSocketHandler

from labserver.turns import Turns
from labserver.warm import KERNEL_BYTES, available_memory

__all__ = ["PoolAwareKernelManager", "ServerBusy", "SteadyKernelManager"]

#: How many stopped kernels' reasons the server remembers for their pages.
_REMEMBERED_STOPS = 1000
#: The place `PoolAwareKernelManager.admit_visitor` holds for the page request being served.
_place = contextvars.ContextVar("place", default=None)


class ServerBusy(HTTPError):
    """503 for a page asked for while the server holds all the unconnected kernels it may.

    Examples
    --------
    >>> busy = ServerBusy()
    >>> busy.status_code, busy.retry_after
    (503, 60)
    """

    retry_after = 60  # seconds, as the message says

    def __init__(self) -> None:
        super().__init__(
            503, "Too many pages of this server are opening at once. Try again in a minute.",
            reason="The server is busy",
        )


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

    async def kill_for_good(self, reason: str) -> None:
        """Kill the kernel, and have its restarter announce it dead rather than start a fresh one.

        The restarter's announcement reaches the kernel's pages (a ``dead`` status on their
        sockets) and the mapping manager, which removes the kernel. A fresh kernel would have
        none of the page's widgets.
        """
        self.reason = reason
        if self._restarter is not None:
            self._restarter.restart_limit = 0
        await self.signal_kernel(signal.SIGKILL)


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
    busy_limit = Float(
        30.0, config=True,
        help="CPU-seconds a kernel may spend on one message (a cell, a widget's change); past it the kernel is killed.",
    )
    max_unconnected = Integer(
        config=True,
        help="Kernels no page has connected to (preheated pools not counted) past which a page request gets 503 "
             "(default: the kernels half of the memory available at start holds).",
    )

    @default("kernel_manager_class")
    def _default_kernel_manager_class(self):
        return "labserver.kernels.SteadyKernelManager"

    @default("max_preheating")
    def _default_max_preheating(self):
        return max(1, (os.cpu_count() or 2) // 2)

    @default("max_unconnected")
    def _default_max_unconnected(self):
        return max(1, available_memory() // 2 // KERNEL_BYTES)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ever_connected = set()
        self._preheating = Turns(self.max_preheating)
        self._tasks = set()  # its turn keepers and kills: asyncio keeps only weak references to tasks
        self._kernel_dir = None  # made for the first kernel, removed by shutdown_all
        self._managers = weakref.WeakValueDictionary()  # every kernel's manager, starting ones too
        self._stopping = False  # set by shutdown_all: no kernel starts after it
        self._pool_tasks = weakref.WeakValueDictionary()  # a preheated kernel's pool task, while it is alive
        self._kernelless_pool_tasks = weakref.WeakSet()  # pool tasks waiting for a turn: no kernel id yet
        self._finished = set()  # kernels seen finishing a message since the last check (_watch_computing)
        self._watcher = None  # the task of _watch_computing, started with the first kernel
        self._stopped = {}  # kernel id -> why it was killed, for its page
        self._places = set()  # held for page requests that have no kernel yet (admit_visitor)

    def pre_start_kernel(self, kernel_name: str | None, kwargs: dict[str, Any]) -> tuple[KernelManager, str, str]:
        """Make the kernel's manager, its connection file (and on Unix sockets its sockets) in this manager's folder;
        watch how long it is busy."""
        manager, kernel_name, kernel_id = super().pre_start_kernel(kernel_name, kwargs)
        self._managers[kernel_id] = manager
        if kwargs.get("env", {}).get("VOILA_PREHEAT") == "True":
            self._pool_tasks[kernel_id] = asyncio.current_task()
            self._kernelless_pool_tasks.discard(self._pool_tasks[kernel_id])
        manager.observe(functools.partial(self._on_execution_state, kernel_id), "execution_state")
        if self._watcher is None:
            self._watcher = asyncio.ensure_future(self._watch_computing())
        if self._kernel_dir is None:
            self._kernel_dir = tempfile.mkdtemp(prefix="matmul-kernels-")
        manager.connection_file = os.path.join(self._kernel_dir, f"kernel-{kernel_id}.json")
        if manager.transport == "ipc":
            manager.ip = os.path.join(self._kernel_dir, f"kernel-{kernel_id}-ipc")
        return manager, kernel_name, kernel_id

    async def shutdown_all(self, now: bool = False) -> None:
        """Start no more kernels, shut every kernel down, then remove the folder of their files."""
        self._stopping = True
        if self._watcher is not None:
            with contextlib.suppress(RuntimeError):  # its loop may be closed already
                self._watcher.cancel()
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
        """Start a kernel; a pooled one waits for a turn, and holds it until its notebook is preheated;
        a visitor's raises `ServerBusy` past `max_unconnected`, and takes the place its request held."""
        self._refuse_if_stopping()
        if kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
            self.arrived(_place.get())  # counted as a kernel from now on
            self._refuse_if_crowded()
            return await super().start_kernel(**kwargs)  # a visitor's own kernel: no queue
        pool_task = asyncio.current_task()
        self._kernelless_pool_tasks.add(pool_task)
        try:
            await self._preheating.take(lambda: self._need(pool_task))
        except BaseException:
            self._kernelless_pool_tasks.discard(pool_task)
            raise
        try:
            self._refuse_if_stopping()  # the turn may be one a kernel shut down by the stop gave back
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            self._preheating.give_back()
            raise
        finally:
            self._kernelless_pool_tasks.discard(pool_task)
        keeper = asyncio.create_task(self._give_back_when_preheated(kernel_id, pool_task))
        self._tasks.add(keeper)
        keeper.add_done_callback(self._tasks.discard)
        return kernel_id

    def _refuse_if_stopping(self):
        if self._stopping:
            raise RuntimeError("the server is stopping: no kernel starts")

    def admit_visitor(self) -> object:
        """Hold a place for a page request, or raise `ServerBusy` if `max_unconnected` kernels wait for a page.

        Counted: every kernel whose page has not connected, started for a visitor or
        handed out from a pool (Voila's handler takes a pooled kernel without starting
        one, so ``labserver.voila_app`` asks here first), starting ones included; every
        pool task handed out while it still waits for a turn to start its kernel; and
        every place held for a request that has no kernel yet (Voila's handler reads the
        notebook before it starts one). `arrived` gives the place back.
        """
        self._refuse_if_crowded()
        place = object()
        self._places.add(place)
        _place.set(place)
        return place

    def arrived(self, place: object) -> None:
        """The request that holds `place` has its kernel (counted as one), or has ended."""
        self._places.discard(place)

    def _refuse_if_crowded(self):
        pooled = {task for pool in getattr(self, "_pools", {}).values() for task in pool}
        unconnected = len(self._places) + sum(
            1 for kernel_id in set(self._kernels) | set(self._pending_kernels)
            if kernel_id not in self._ever_connected and self._pool_tasks.get(kernel_id) not in pooled
        ) + sum(1 for task in self._kernelless_pool_tasks if task not in pooled)
        if unconnected >= self.max_unconnected:
            self.log.warning("Page refused: %d kernels wait for their pages to connect", unconnected)
            raise ServerBusy()

    def kernel_model(self, kernel_id: str) -> dict[str, Any]:
        """The kernel's model; for a kernel killed for computing too long, 410 with the reason."""
        if kernel_id in self._stopped:
            raise HTTPError(410, self._stopped[kernel_id], reason="Kernel stopped")
        return super().kernel_model(kernel_id)

    def _on_execution_state(self, kernel_id, change):
        """A kernel finished a message (the server saw it go idle): its run of computing ends."""
        if change.new == "idle":
            self._finished.add(kernel_id)

    async def _watch_computing(self):
        """Every few seconds, add up each kernel's CPU time since it last finished a message; kill past `busy_limit`.

        Not timed from the kernel's ``busy`` status: a handler that computes in C holds the GIL, so the
        kernel's IOPub thread may never send that status (reasoned from CPython, not traced: in a fresh-clone
        run a kernel computing in a click's handler was never stopped, and the server logged no kill). A run ends when the server sees the kernel finish a message,
        or when a check finds it spent almost no CPU (an idle kernel's threads).
        """
        interval = min(5.0, self.busy_limit / 3)
        runs = {}  # kernel id -> (its process, CPU-seconds at the last check, CPU-seconds of its run)
        while not self._stopping:
            await asyncio.sleep(interval)
            for kernel_id, manager in list(self._managers.items()):
                try:
                    process, last, run = runs.get(kernel_id) or (psutil.Process(manager.provisioner.process.pid),
                                                                 None, 0.0)
                    spent = sum(process.cpu_times()[:2])
                except (AttributeError, psutil.Error):
                    runs.pop(kernel_id, None)  # not started yet, or gone
                    continue
                step = 0.0 if last is None else spent - last
                finished = kernel_id in self._finished
                self._finished.discard(kernel_id)
                run = 0.0 if finished or step < 0.01 * interval else run + step
                runs[kernel_id] = (process, spent, run)
                if run >= self.busy_limit and kernel_id not in self._stopped:
                    self._kill_computing(kernel_id, manager, run)
            for kernel_id in runs.keys() - set(self._managers):
                del runs[kernel_id]
            self._finished &= set(self._managers)

    def _kill_computing(self, kernel_id, manager, run):
        """Kill a kernel that computed `busy_limit` CPU-seconds on one message, and keep the reason for its page."""
        reason = (f"This lab stopped: it computed for more than {self.busy_limit:g} seconds "
                  "on one step, longer than this server allows.")
        self._stopped[kernel_id] = reason
        while len(self._stopped) > _REMEMBERED_STOPS:
            del self._stopped[next(iter(self._stopped))]
        self.log.warning("Kernel %s killed: %.1f CPU-seconds on one message", kernel_id, run)
        kill = asyncio.create_task(manager.kill_for_good(reason))
        self._tasks.add(kill)
        kill.add_done_callback(self._tasks.discard)

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
