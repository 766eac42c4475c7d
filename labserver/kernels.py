"""Kernel culling that spares a visitor whose page has not connected yet.

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

``voila.json`` names `PoolAwareKernelManager` as Voila's
``multi_kernel_manager_class``; Voila builds its pooling manager on top of it.
"""

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

__all__ = ["PoolAwareKernelManager"]


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """A mapping kernel manager that culls only kernels whose visitors have come and gone.

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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected = set()

    def notify_connect(self, kernel_id):
        self._ever_connected.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernels(self):
        now = utcnow()
        for kernel_id in self._pooled_kernel_ids():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        self._ever_connected &= set(self._kernels)  # forget kernels that are gone
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
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
