"""Start and stop a real Voila server exactly as ``make serve`` does, or ``jupyter server`` as Binder does
(or ``jupyter lab``: ``JupyterServer(app="lab")``)."""
from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_args(root: str = "labs", port: int = 8866, host: str = "127.0.0.1") -> list[str]:
    """The Voila arguments of ``make serve`` (its ``VOILA_ARGS``).

    ``tests/test_foundation.py`` checks that the Makefile still says the same.
    """
    return [root, "--no-browser", f"--port={port}", f"--Voila.ip={host}"]


@dataclass
class Server:
    """A server process on a free loopback port: its address, its log, its kernels, and stopping it.

    ``token``: the one its API asks for ("": none), sent while waiting for it to answer.
    """

    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    log_path: Path | None = None
    token: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _answering(self, path: str, timeout: float) -> Server:
        """This server, once ``path`` answers 200; raises (and stops it) if it exits or times out first."""
        name = type(self).__name__
        deadline = time.monotonic() + timeout
        headers = {"Authorization": f"token {self.token}"} if self.token else {}
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{name} exited with {self.process.returncode}:\n{self.log()}")
            try:
                request = urllib.request.Request(self.url + path, headers=headers)
                with urllib.request.urlopen(request, timeout=2) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{name} did not answer within {timeout} s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def kernel_processes(self) -> list[psutil.Process]:
        """The kernels this server started (its children that run `KERNEL_MODULES`)."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        return [p for p in children if _is_kernel(p)]

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM the server, then kill whatever it left behind, kernels included."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            descendants = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            descendants = []
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        _, alive = psutil.wait_procs(descendants, timeout=5)
        for proc in alive:
            proc.kill()


@dataclass
class VoilaServer(Server):
    """A Voila process serving ``root`` from the repository root (so it reads ``voila.json``).

    ``extra`` appends command-line configuration, for tests that need, say,
    a short cull timeout.  ``module`` is what runs: ``make serve``'s Voila
    (``labserver.voila_app``, compressing its responses), or ``voila`` itself
    for the benchmark's uncompressed reference.
    """

    root: str = "labs"
    extra: tuple[str, ...] = ()
    module: str = "labserver.voila_app"

    def start(self, log_dir: Path, timeout: float = 60.0) -> VoilaServer:
        self.log_path = log_dir / f"voila-{self.port}.log"
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            self.command(),
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        return self._answering("/", timeout)

    def command(self) -> list[str]:
        """The command line that starts this server."""
        return [sys.executable, "-m", self.module, *voila_args(self.root, self.port), *self.extra]

    def pool_filled(self, *notebooks: str) -> bool:
        """Voila has logged a full preheated pool for each of ``notebooks`` (paths under the root)."""
        log = self.log()
        return all(f"Kernel pool of {name} is filled" in log for name in notebooks)


@dataclass
class MakeServeServer(VoilaServer):
    """Voila started by the command ``make serve`` runs (``labserver.pulse``: set ``MATMUL_PULSE_DIR``
    first), given make's ``variables`` (``WARM=...``), then the ``extra`` arguments."""

    variables: tuple[str, ...] = ()

    def command(self) -> list[str]:
        dry_run = subprocess.run(["make", "-n", "serve", f"PORT={self.port}", *self.variables],
                                 cwd=REPO, capture_output=True, text=True, check=True).stdout
        [line] = [line for line in dry_run.splitlines() if " -m labserver.pulse " in line]
        return [sys.executable, "-m", "labserver.pulse",
                *shlex.split(line.split(" -m labserver.pulse ", 1)[1]), *self.extra]

    def preheated(self) -> int:
        """How many pooled kernels have run their notebook up to the page's request (``labserver.kernels``)."""
        return self.log().count("Preheated kernel ")


@dataclass
class JupyterServer(Server):
    """``jupyter server`` in ``cwd``, as Binder starts it: Voila runs as its extension.

    Its labs are at ``/voila/render/labs/...``. ``jupyter`` is the command to
    run (a fresh venv's, say) and ``env`` the environment it runs in (``None``:
    this one's). ``app="lab"`` starts ``jupyter lab`` instead, and ``extra``
    appends command-line configuration.
    """

    cwd: Path = REPO
    jupyter: tuple[str, ...] = (sys.executable, "-m", "jupyter")
    env: dict[str, str] | None = None
    app: str = "server"
    extra: tuple[str, ...] = ()

    def start(self, log_dir: Path, timeout: float = 60.0) -> JupyterServer:
        self.log_path = log_dir / f"jupyter-{self.app}-{self.port}.log"
        command = [*self.jupyter, self.app, "--no-browser", f"--port={self.port}",
                   "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={self.token}", *self.extra]
        if os.geteuid() == 0:
            command.append("--allow-root")
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=self.cwd, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        return self._answering("/api/status", timeout)


# A kernel's command runs one of these: ipykernel's launcher, or under Voila with the
# lecture configuration its steady variant (labserver.kernels.SteadyKernelManager).
KERNEL_MODULES = ("ipykernel_launcher", "labserver.steady_kernel")


def _is_kernel(proc: psutil.Process) -> bool:
    try:
        return any(part in KERNEL_MODULES for part in proc.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False
