"""The lecture server's kernels (`labserver.steady_kernel`, started by `PoolAwareKernelManager`)
deliver a burst of IOPub messages whole to a reader that reads it late, as Voila's executor
does on a loaded server; the same burst from ipykernel's own launcher loses part of it. The
module itself imports nothing of ipykernel (which would silence widgets in the importer)."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from queue import Empty

import psutil
import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from harness.loops import run_alone
from labserver.kernels import PoolAwareKernelManager

# One cell of lab 8 sends 994 IOPub messages. ZeroMQ drops what neither its queues (1,000
# messages each side by default) nor the connection's buffers hold: 3,000 messages of 10 kB.
BURST = 3000
SHOW_BURST = f"from IPython.display import display\nfor i in range({BURST}): display('x' * 10_000)"


def burst_through(manager_class) -> tuple[int, list[str]]:
    """How many of a cell's `BURST` display messages reach a client that reads IOPub only after
    the cell's reply and a pause, and the kernel's command line."""
    async def scenario():
        manager = manager_class()
        kernel_id = await manager.start_kernel(kernel_name="python3")
        try:
            command = psutil.Process(manager.get_kernel(kernel_id).provisioner.pid).cmdline()
            client = manager.get_kernel(kernel_id).client()
            client.start_channels()
            try:
                await client.wait_for_ready(timeout=60)
                msg_id = client.execute(SHOW_BURST)
                while (await client.get_shell_msg(timeout=60))["parent_header"].get("msg_id") != msg_id:
                    pass
                await asyncio.sleep(1.0)  # the busy reader
                shown = 0
                while True:
                    try:
                        message = await client.get_iopub_msg(timeout=2)
                    except Empty:
                        return shown, command
                    if message["parent_header"].get("msg_id") == msg_id:
                        shown += message["msg_type"] == "display_data"
            finally:
                client.stop_channels()
        finally:
            await manager.shutdown_kernel(kernel_id, now=True)

    return run_alone(scenario)


@pytest.mark.notebook  # starts a kernel: not for make test-fast
def test_a_burst_of_iopub_messages_arrives_whole_from_the_servers_kernels():
    shown, command = burst_through(PoolAwareKernelManager)
    assert "labserver.steady_kernel" in command and "ipykernel_launcher" not in command
    assert shown == BURST


@pytest.mark.notebook
def test_the_same_burst_from_ipykernels_own_launcher_loses_messages():
    # What the lecture server's kernels are for: without them this burst is cut short.
    shown, command = burst_through(AsyncMappingKernelManager)
    assert "ipykernel_launcher" in command
    assert shown < BURST


def test_importing_the_kernel_module_loads_no_ipykernel():
    # Importing ipykernel swaps comm's factories for its own, whose comms need a running kernel:
    # a test process that imported it (pytest collects the module's doctests) saw widgets send nothing.
    check = "import sys, labserver.steady_kernel; print('ipykernel' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
