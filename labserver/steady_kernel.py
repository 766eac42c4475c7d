"""The labs' kernel under the lecture server: ipykernel's, except that its IOPub socket never drops a message.

A cell's outputs, its widgets' messages and the ``status: idle`` that ends it
all leave the kernel on one ZeroMQ PUB socket, which drops what a subscriber's
queue cannot hold (1,000 messages by default); one cell of lab 8 sends 994.
With 30 visitors arriving at once, Voila's executor read so late that a lab-8
kernel lost the end of that cell: the server had seen the kernel go idle, the
executor's socket held nothing, and Voila waited for ``VoilaExecutor.iopub_timeout``
(5 minutes) while the visitor's page never came. Here the queue has no limit:
a slow reader reads late, and reads everything.

`labserver.kernels.SteadyKernelManager` starts this module in place of
``ipykernel_launcher``; the command line and the kernel are otherwise the same.
Importing it loads nothing of ipykernel: that is left to `main`, since importing
ipykernel replaces the ``comm`` package's factories in the importing process
(the server's, or a test's, where widgets would then send nothing).
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["main"]


def main() -> None:
    """Run the kernel, as ``python -m labserver.steady_kernel -f <connection file>`` does."""
    import zmq
    from ipykernel.kernelapp import IPKernelApp

    class SteadyKernelApp(IPKernelApp):
        """An IPython kernel application whose IOPub socket queues without a limit."""

        def init_iopub(self, context):
            context.setsockopt(zmq.SNDHWM, 0)  # for the sockets made from now on: IOPub and its thread's pipes
            super().init_iopub(context)

    SteadyKernelApp.launch_instance()


if __name__ == "__main__":
    # As ipykernel_launcher: the kernel's folder leaves sys.path while ipykernel loads.
    if sys.path[0] == "" or Path(sys.path[0]) == Path.cwd():
        del sys.path[0]
    main()
