"""A Voila server's kernels: which page owns which kernel process, and how many are left."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import psutil

from .voila import VoilaServer

KERNEL_ID = re.compile(r'"kernelId": "([-0-9a-f]+)"')


def page_kernel_id(html: str) -> str:
    """The id of the kernel a rendered Voila page (its HTML) talks to."""
    return KERNEL_ID.search(html).group(1)


def _kernel_id_of(proc: psutil.Process) -> str | None:
    match = re.search(r"kernel-([-0-9a-f]+)\.json", " ".join(proc.cmdline()))
    return match.group(1) if match else None


def connection_info(proc: psutil.Process) -> dict:
    """What a kernel process's connection file says: its transport, address (``ip``) and ports,
    with ``file``, the connection file's own path.

    On Unix sockets (``transport`` "ipc") a channel's socket file is ``<ip>-<port>``.
    """
    command = proc.cmdline()
    path = Path(command[command.index("-f") + 1])
    return {**json.loads(path.read_text()), "file": str(path)}


def kernel_ids(server: VoilaServer) -> set[str]:
    """Ids of the kernels the server runs now (from their connection-file names)."""
    ids = set()
    for proc in server.kernel_processes():
        try:
            kernel_id = _kernel_id_of(proc)
            if kernel_id and proc.status() != psutil.STATUS_ZOMBIE:
                ids.add(kernel_id)
        except psutil.NoSuchProcess:
            continue
    return ids


def kernel_process(server: VoilaServer, kernel_id: str) -> psutil.Process:
    """The live process of kernel ``kernel_id``."""
    for proc in server.kernel_processes():
        try:
            if _kernel_id_of(proc) == kernel_id and proc.status() != psutil.STATUS_ZOMBIE:
                return proc
        except psutil.NoSuchProcess:
            continue
    raise LookupError(f"no running kernel {kernel_id}: {kernel_ids(server)}")


def wait_for(condition, timeout: float, interval: float = 0.25):
    """Poll ``condition()`` until it is truthy or ``timeout`` seconds pass; return its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)
