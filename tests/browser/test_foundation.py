"""The set-up, served: kernels on Unix sockets, and a stopped server stops its kernels (the themes, light by
default and dark on request, are checked on every page's two visits: harness.access)."""
from __future__ import annotations

import re
from pathlib import Path

from harness.browser import open_lab
from harness.kernels import connection_info, kernel_process, page_kernel_id
from harness.voila import VoilaServer


def test_kernels_listen_on_unix_sockets_not_loopback_ports(voila_server, page):
    # On TCP a kernel's five ports are picked before the kernel binds them, and a hall's wave of
    # kernel starts and connections raced for them: a kernel found its port taken and died, and
    # its visitor's page never came (voila.json's KernelManager.transport).
    open_lab(page, f"{voila_server.url}/voila/render/01-product-by-columns.ipynb", "ipc-check")
    kernel = kernel_process(voila_server, page_kernel_id(page.content()))
    info = connection_info(kernel)
    assert info["transport"] == "ipc"
    # Sockets and connection file in the kernel manager's folder, not in Voila's connection
    # folder, which Voila deletes before it shuts the kernels down.
    voila_folder = re.search(r"Storing connection files in (\S+)\.", voila_server.log()).group(1)
    assert Path(info["ip"]).parent == Path(info["file"]).parent != Path(voila_folder)
    channels = {info[f"{name}_port"] for name in ("shell", "iopub", "stdin", "control", "hb")}
    bound = {c.laddr for c in kernel.net_connections(kind="unix")}
    assert {f"{info['ip']}-{port}" for port in channels} <= bound


def test_stopping_the_server_stops_its_kernels(server_logs, page):
    server = VoilaServer().start(server_logs)
    try:
        open_lab(page, f"{server.url}/voila/render/index.ipynb", "stop-check")
        kernels = server.kernel_processes()
        assert kernels, "a rendered page should have a kernel"
    finally:
        server.stop()
    assert server.process.returncode is not None
    assert not [k for k in kernels if k.is_running() and k.status() != "zombie"]
