"""Kernel culling that spares the warm pool's next visitor.

Voila 0.5 never culls a kernel while it waits in the preheated pool, but it
does not refresh the kernel's ``last_activity`` either. A kernel that waited
longer than ``cull_idle_timeout`` is therefore culled at the first culling
pass after Voila hands it to a visitor, before the page has connected: the
visitor gets a page that never comes alive. ``voila.json`` names this class
as Voila's ``multi_kernel_manager_class``; Voila builds its pooling manager on
top of it.
"""

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PoolAwareKernelManager"]


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """A mapping kernel manager whose culling pass first marks pooled kernels active.

    A kernel handed out of the pool then counts as idle only from the last
    pass before the hand-out, so it survives until its page connects (as long
    as ``cull_interval`` is shorter than ``cull_idle_timeout``).
    """

    async def cull_kernels(self):
        now = utcnow()
        for kernel_id in self._pooled_kernel_ids():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

    def _pooled_kernel_ids(self):
        """Ids of the kernels waiting in Voila's preheated pools (none without preheating)."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    yield task.result().get("kernel_id")
