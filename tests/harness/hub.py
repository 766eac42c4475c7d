"""Start and stop the JupyterHub of ``deploy/jupyterhub_config.py`` in its rehearsal mode, and find
each user's single-user server and kernels among its processes."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from .voila import REPO, Server, _is_kernel, free_port

CONFIG = REPO / "deploy" / "jupyterhub_config.py"
# How to install what the rehearsal needs, said when a piece is missing.
INSTALL_PROXY = "make hub-proxy (or: npm install -g configurable-http-proxy@5)"
INSTALL_HUB = "make test, which installs '.[test]' (or: pip install jupyterhub jupyterhub-idle-culler)"


def missing_pieces() -> list[str]:
    """What the rehearsal lacks on this machine, each with the command that installs it ([] if nothing)."""
    missing = []
    if shutil.which("configurable-http-proxy") is None:
        missing.append(f"configurable-http-proxy (npm): {INSTALL_PROXY}")
    for module in ("jupyterhub", "jupyterhub_idle_culler"):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"{module} (PyPI): {INSTALL_HUB}")
    return missing


@dataclass
class Hub(Server):
    """JupyterHub with ``deploy/jupyterhub_config.py`` and ``MATMUL_HUB_REHEARSAL=1``: any name logs
    in, every server runs as this user. Its public port (the proxy's) is ``port``; the hub's and
    the proxy API's and the class pulse service's ports are free ones too; the state folder is
    ``state``; `instructors` are the course's instructors group.

    The culler stops a server ``cull_timeout`` seconds after its last use. A short one must still
    outlast the longest wait of a student between two moves (the other student's lab 8 loading,
    11 s with a loaded machine): 30 s.
    """

    state: Path = Path()
    cull_timeout: int = 30
    cull_every: int = 5
    instructors: tuple[str, ...] = ()
    hub_port: int = field(default_factory=free_port)
    proxy_api_port: int = field(default_factory=free_port)
    pulse_port: int = field(default_factory=free_port)

    def start(self, log_dir: Path, timeout: float = 60.0) -> Hub:
        self.log_path = log_dir / f"jupyterhub-{self.port}.log"
        env = {
            **os.environ,
            "MATMUL_HUB_REHEARSAL": "1",
            "MATMUL_HUB_STATE": str(self.state),
            "MATMUL_HUB_PORT": str(self.port),
            "MATMUL_HUB_API_PORT": str(self.hub_port),
            "MATMUL_HUB_PROXY_API_PORT": str(self.proxy_api_port),
            "MATMUL_HUB_CULL_TIMEOUT": str(self.cull_timeout),
            "MATMUL_HUB_CULL_EVERY": str(self.cull_every),
            "MATMUL_HUB_PULSE_PORT": str(self.pulse_port),
            "MATMUL_HUB_INSTRUCTORS": ",".join(self.instructors),
        }
        # The hub stops its services (the culler) with SIGINT. A shell's background job ignores
        # SIGINT and its children inherit that, so stopping the culler would wait out the hub's
        # 10 s interrupt timeout; a handler, unlike "ignore", is reset to the default at exec.
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                    cwd=self.state, env=env, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        finally:
            signal.signal(signal.SIGINT, previous)
        return self._answering("/hub/api/", timeout)

    def user_servers(self) -> dict[str, psutil.Process]:
        """The single-user servers running now, by the name of the user each serves."""
        servers = {}
        for proc in psutil.Process(self.process.pid).children():
            try:
                if any("jupyterhub.singleuser" in part for part in proc.cmdline()):
                    servers[proc.environ()["JUPYTERHUB_USER"]] = proc
            except psutil.NoSuchProcess:
                pass
        return servers

    def pulse_service(self) -> psutil.Process | None:
        """The class pulse service's process, once the hub has started it."""
        for proc in psutil.Process(self.process.pid).children():
            try:
                if "labserver.pulse_service" in proc.cmdline():
                    return proc
            except psutil.NoSuchProcess:
                pass
        return None


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The kernels a single-user server started (its descendants that run a kernel module)."""
    try:
        return [p for p in server.children(recursive=True) if _is_kernel(p)]
    except psutil.NoSuchProcess:
        return []
