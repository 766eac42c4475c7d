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

    Each culling pass first marks as active the kernels waiting in the pool,
    and the kernels handed out less than `connect_grace` seconds ago whose
    page has never connected. A page that never arrives (its visitor closed
    the tab while it loaded) is culled after the grace period plus the idle
    timeout.
    """

    connect_grace = Float(
        120.0, config=True,
        help="Seconds a kernel handed to a visitor is kept while its page has not connected.",
    )

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected = set()
        self._handed_out = {}

    def notify_connect(self, kernel_id):
        self._ever_connected.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernels(self):
        now = utcnow()
        pooled = set(self._pooled_kernel_ids())
        for kernel_id, kernel in list(self._kernels.items()):
            if kernel_id in pooled:
                kernel.last_activity = now
                self._handed_out.pop(kernel_id, None)  # its grace starts when it leaves the pool
            elif kernel_id not in self._ever_connected:
                handed_out = self._handed_out.setdefault(kernel_id, now)
                if (now - handed_out).total_seconds() < self.connect_grace:
                    kernel.last_activity = now
        # Forget kernels that are gone.
        self._ever_connected &= set(self._kernels)
        for kernel_id in set(self._handed_out) - set(self._kernels):
            del self._handed_out[kernel_id]
        await super().cull_kernels()

    def _pooled_kernel_ids(self):
        """Ids of the kernels waiting in Voila's preheated pools (none without preheating)."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    yield task.result().get("kernel_id")
