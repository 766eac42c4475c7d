"""What every benchmark shares: the pages, the servers, the in-page clocks, the statistics.

The labs are served by one Voila process (``root=labs``) and the reference
pages (``bench/baseline.ipynb``: one FloatSlider driving one bqplot line;
``bench/bare.ipynb``: the imports only) by another (``root=bench``), both
started from the repository root so they read the same ``voila.json``, with
the same extra command-line options. Only 127.0.0.1 is ever contacted.
"""
from __future__ import annotations

import math
import os
import re
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
RESULTS = BENCH / "results"
sys.path.insert(0, str(REPO / "tests"))

# Jupyter and IPython keep their state in a throwaway folder (as in tests/conftest.py),
# set before any Jupyter package is imported and inherited by the servers and kernels.
_JUPYTER_HOME = Path(tempfile.mkdtemp(prefix="matmul-labs-bench-jupyter-"))
for _var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
    os.environ[_var] = str(_JUPYTER_HOME / _var.lower())
    os.makedirs(os.environ[_var], exist_ok=True)
os.environ["JUPYTER_PLATFORM_DIRS"] = "1"

import psutil  # noqa: E402

from harness.browser import (  # noqa: E402,F401
    CHROMIUM,
    CHROMIUM_ARGS,
    ERROR_OUTPUT_JS,
    READY_JS,
    RENDERED_VIEWS_JS,
    WIDGET_OUTPUT,
)
from harness.voila import VoilaServer  # noqa: E402

MB = 1024 * 1024
VIEWPORT = {"width": 1280, "height": 800}
KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")

# Cold start: no preheated kernel, every visitor waits for a fresh kernel to run the notebook.
COLD = ("--VoilaConfiguration.preheat_kernel=False",)
# The lecture configuration (voila.json) as it is.
LECTURE: tuple[str, ...] = ()
# The lecture configuration with a short cull, so closed visitors' kernels go within seconds.
def short_cull(seconds: int = 10) -> tuple[str, ...]:
    return (f"--MappingKernelManager.cull_idle_timeout={seconds}", "--MappingKernelManager.cull_interval=2")


@dataclass(frozen=True)
class Target:
    """One page: which server serves it and under which short name it is reported."""

    name: str  # "01", ..., "09", "index", "baseline", "bare"
    root: str  # "labs" or "bench"
    notebook: str

    @property
    def path(self) -> str:
        return f"/voila/render/{self.notebook}"

    @property
    def is_lab(self) -> bool:
        return self.root == "labs"


BASELINE = Target("baseline", "bench", "baseline.ipynb")
BARE = Target("bare", "bench", "bare.ipynb")


def lab_targets() -> list[Target]:
    """labs/01..09 and the gallery, short names "01".."09" and "index"."""
    targets = []
    for path in sorted((REPO / "labs").glob("*.ipynb")):
        short = path.stem.split("-", 1)[0]
        targets.append(Target(short, "labs", path.name))
    return targets


# ---------------------------------------------------------------- in-page clocks

# READY_JS (tests/harness/browser.py: no output placeholder left, every widget
# output rendered, every bqplot figure drew a mark) and the page's load event,
# as the page's own clock: performance.now() counts from the navigation start.
READY_AT_JS = f"""
(expected) => {{
  const ready = ({READY_JS})(expected);
  return ready && document.readyState === 'complete' ? performance.now() : false;
}}
"""


# ---------------------------------------------------------------- servers

@contextmanager
def serving(roots: tuple[str, ...], extra: tuple[str, ...], logs: Path, module: str = VoilaServer.module):
    """Start one Voila per root with the same options (`module`: ``make serve``'s, or ``voila``
    itself); stop them all afterwards."""
    servers: dict[str, VoilaServer] = {}
    try:
        for root in roots:
            servers[root] = VoilaServer(root=root, extra=extra, module=module).start(logs)
        yield servers
    finally:
        for server in servers.values():
            server.stop()


def _cpu_seconds(server: VoilaServer) -> float:
    try:
        root = psutil.Process(server.process.pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for proc in processes:
        try:
            times = proc.cpu_times()
            total += times.user + times.system
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return total


def wait_idle(servers, window: float = 0.5, busy: float = 0.05, timeout: float = 90.0) -> float:
    """Wait until the servers and their kernels use under ``busy`` CPU-seconds per ``window``.

    A preheated kernel is only ready once it has run the whole notebook: a page
    served from a pool kernel still executing loses cell outputs (Voila 0.5),
    so every preheated load waits for this. Returns the seconds waited.
    """
    servers = list(servers)
    start = time.monotonic()
    before = sum(_cpu_seconds(s) for s in servers)
    while time.monotonic() - start < timeout:
        time.sleep(window)
        now = sum(_cpu_seconds(s) for s in servers)
        if now - before < busy:
            return time.monotonic() - start
        before = now
    return time.monotonic() - start


def wait_kernel_count(server: VoilaServer, at_least: int, timeout: float = 60.0) -> int:
    """Poll until the server runs at least ``at_least`` kernels (bounded); return the count."""
    deadline = time.monotonic() + timeout
    count = len(server.kernel_processes())
    while count < at_least and time.monotonic() < deadline:
        time.sleep(0.1)
        count = len(server.kernel_processes())
    return count


def kernel_rss_mb(server: VoilaServer, kernel_id: str) -> float | None:
    """Resident memory (MB) of the kernel whose connection file names ``kernel_id``."""
    for process in server.kernel_processes():
        try:
            if any(kernel_id in part for part in process.cmdline()):
                return process.memory_info().rss / MB
        except psutil.NoSuchProcess:
            continue
    return None


def total_kernel_rss_mb(server: VoilaServer) -> float:
    total = 0.0
    for process in server.kernel_processes():
        try:
            total += process.memory_info().rss / MB
        except psutil.NoSuchProcess:
            pass
    return total


# ---------------------------------------------------------------- statistics

def summary(values, p95: bool = False) -> dict:
    """Median, min, max (and the nearest-rank 95th percentile) of the values that exist."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return {"n": 0, "median": None, "min": None, "max": None}
    out = {"n": len(values), "median": statistics.median(values), "min": values[0], "max": values[-1]}
    if p95:
        out["p95"] = values[max(0, math.ceil(0.95 * len(values)) - 1)]
    return out


def ratio(value, reference):
    if value is None or not reference:
        return None
    return value / reference


def fmt(stats: dict | None, digits: int = 0, unit: str = "") -> str:
    """``median [min–max]``."""
    if not stats or stats.get("median") is None:
        return "—"
    f = f"{{:.{digits}f}}"
    return f"{f.format(stats['median'])}{unit} [{f.format(stats['min'])}–{f.format(stats['max'])}]"


def log(message: str) -> None:
    print(message, flush=True)
