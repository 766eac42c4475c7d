"""Capacity: waves of browserless visitors (`harness.hall`) on one lab, as a hall's server sees them.

A visitor here is what a student's page asks of the server, without the
browser (which runs on the student's device): the page, the kernel
websocket, every widget's state, the sliders' snaps and one slider move
(bench/validate.py checks that it costs the server what a Chromium page
does). For each wave, `n` visitors arriving evenly over `over` seconds:

- *time to interactive*: arrival → every widget's state received (the page
  could draw itself); also arrival → the page received, and arrival → the
  move answered (the kernel idle after it);
- failures, by kind;
- server CPU-seconds per visitor: Voila and all its kernels, from the first
  arrival until every visitor is done, and until the server is quiet again
  after that (*settled*: the pool's refills included, since each visitor
  takes a preheated kernel and Voila starts the next one), the visitors
  still connected;
- kernel RSS per visitor: the peak of the kernels' total RSS, sampled every
  second, minus the pool's before the wave, over the visitors served;
- the time until culling brings the server back to its pool once the
  visitors have left (the server runs a short cull, see `short_cull`).

A memory guard watches ``psutil.virtual_memory().available`` during the
wave: below the floor (2 GB by default) no further visitor comes in, and
each one turned away counts as a failure ``memory guard``. The visitors
already in finish, and leave without waiting for the server to be quiet
(Voila would go on refilling its pool); the report says when it tripped.
"""
from __future__ import annotations

import asyncio
import math
import time
from dataclasses import asdict, dataclass

from suite import MB, REPO, log, psutil, short_cull, wait_idle

# isort: split
# (suite, above, puts tests/ on the path for harness)
from harness.hall import ServerCPU, Visit, wave

GB = 1024 * MB
MEMORY_FLOOR_GB = 2.0
VISIT_TIMEOUT_S = 300
CULL_TIMEOUT_S = 240  # a kernel whose page never connected waits connect_grace (120 s) before culling
GUARD = "memory guard"


# ---------------------------------------------------------------- pure parts

def percentile(values, q: float) -> float | None:
    """The nearest-rank `q`-th percentile of the values that exist (None when there is none).

    Examples
    --------
    >>> percentile([3, 1, 2, None], 50), percentile(range(1, 101), 95), percentile([7], 95)
    (2, 95, 7)
    >>> percentile([None], 50) is None
    True
    """
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[max(0, math.ceil(q / 100 * len(values)) - 1)]


def spread(values) -> dict:
    """p50, p95 and max of the values that exist, and how many there are.

    >>> spread([1.0, 2.0, 3.0, None])
    {'n': 3, 'p50': 2.0, 'p95': 3.0, 'max': 3.0}
    """
    values = [v for v in values if v is not None]
    return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
            "max": max(values, default=None)}


def memory_guard(available_bytes: int, floor_gb: float = MEMORY_FLOOR_GB) -> str | None:
    """The reason to turn further visitors away (``memory guard``) when available memory is under the floor.

    >>> memory_guard(3 * GB), memory_guard(int(1.5 * GB)), memory_guard(int(1.5 * GB), floor_gb=1)
    (None, 'memory guard', None)
    """
    return GUARD if available_bytes < floor_gb * GB else None


def problem_kind(problem: str) -> str:
    """A failure's kind: its text without the ids and numbers that differ from visitor to visitor.

    >>> problem_kind("HTTPClientError: HTTP 599: Timeout during request")
    'HTTPClientError: HTTP 599: Timeout during request'
    >>> problem_kind("TimeoutError: ")
    'TimeoutError'
    """
    return problem.strip().rstrip(":").strip()


def summarize(visits: list[Visit]) -> dict:
    """A wave's visits as times from each visitor's arrival, failures by kind and messages per visitor.

    ``all_pages_s`` is when the last visitor got its page, from the wave's
    start (None if one never did).

    Examples
    --------
    >>> visits = [Visit(arrived=0.0, page=0.5, states=1.0, moved=1.5, sent=6, received=60),
    ...           Visit(arrived=1.0, page=2.0, states=3.0, moved=3.2, sent=6, received=62),
    ...           Visit(arrived=2.0, problem="memory guard")]
    >>> s = summarize(visits)
    >>> s["tti_s"], s["moved_s"]["max"], s["all_pages_s"], s["failures"], s["failure_kinds"]
    ({'n': 2, 'p50': 1.0, 'p95': 2.0, 'max': 2.0}, 2.2, None, 1, {'memory guard': 1})
    >>> s["served"], s["turned_away"], s["messages_per_visitor"]
    (2, 1, 67.0)
    """
    done = [v for v in visits if v.problem is None]
    kinds: dict[str, int] = {}
    for v in visits:
        if v.problem is not None:
            kinds[problem_kind(v.problem)] = kinds.get(problem_kind(v.problem), 0) + 1
    return {
        "visitors": len(visits),
        "served": sum(1 for v in visits if v.problem != GUARD),
        "turned_away": kinds.get(GUARD, 0),
        "interactive": len(done),
        "page_s": spread(v.page - v.arrived if v.page is not None else None for v in visits),
        "tti_s": spread(v.states - v.arrived if v.states is not None else None for v in visits),
        "moved_s": spread(v.moved - v.arrived if v.moved is not None else None for v in visits),
        "all_pages_s": max((v.page for v in visits if v.page is not None), default=None)
        if all(v.page is not None for v in visits) else None,
        "last_interactive_s": max((v.states for v in done), default=None),
        "failures": len(visits) - len(done),
        "failure_kinds": kinds,
        "messages_per_visitor": sum(v.sent + v.received for v in done) / len(done) if done else None,
        "sent_per_visitor": sum(v.sent for v in done) / len(done) if done else None,
    }


def per(value, count) -> float | None:
    """``value / count``, or None when either is missing or zero.

    >>> per(10.0, 4), per(None, 4), per(10.0, 0)
    (2.5, None, None)
    """
    return value / count if value is not None and count else None


@dataclass(frozen=True)
class Pool:
    """A server's kernel pool: ``size`` preheated kernels for ``notebook`` (size 1: voila.json's default)."""

    notebook: str
    size: int = 1

    def args(self) -> tuple[str, ...]:
        """Voila's options for this pool, as ``make serve WARM=<lab> POOL=<size>`` gives them (none for 1).

        Memory is not checked here (`labserver.warm` refuses a pool that does
        not fit): a wave's memory guard watches it.

        >>> Pool("08-attention-weights.ipynb", 40).args()
        ('--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, "08-attention-weights.ipynb": {"pool_size": 40}}',)
        >>> Pool("08-attention-weights.ipynb").args()
        ()
        """
        if self.size == 1:
            return ()
        from labserver.warm import warm_arguments

        return tuple(warm_arguments(self.notebook, self.size, served=REPO / "labs", available=1 << 60,
                                    default_pool=1))


@dataclass(frozen=True)
class WarmCase:
    """One wave of the warm figure: ``visitors`` arriving over ``over`` s on a lab with ``pool`` kernels."""

    visitors: int
    over: float
    pool: int

    @classmethod
    def parse(cls, text: str) -> WarmCase:
        """``visitors:over:pool``.

        >>> WarmCase.parse("30:0:40")
        WarmCase(visitors=30, over=0.0, pool=40)
        >>> WarmCase.parse("30:0")
        Traceback (most recent call last):
        ...
        ValueError: a warm case is visitors:over:pool (e.g. 30:0:40), not '30:0'
        """
        parts = text.split(":")
        if len(parts) != 3:
            raise ValueError(f"a warm case is visitors:over:pool (e.g. 30:0:40), not {text!r}")
        return cls(max(1, int(parts[0])), max(0.0, float(parts[1])), max(1, int(parts[2])))


# ---------------------------------------------------------------- measuring

class Watch:
    """Samples a server during a wave: its CPU (`ServerCPU`), its kernels' peak RSS, the memory left.

    A kernel grows for a while after its visitor arrived (it runs the lab),
    so the guard counts what the kernels will still take: for each kernel,
    what a full one holds (a pool kernel's RSS before the wave) less what it
    holds now. Under half the floor of memory actually available, the server
    is stopped (``hard_stop``): its visitors then fail, but the machine is spared.
    """

    def __init__(self, server, floor_gb: float, interval: float = 1.0):
        self.server, self.floor_gb, self.interval = server, floor_gb, interval
        self.cpu = ServerCPU(server.process.pid).begin()
        kernels = self._rss()
        self.peak_rss_mb = self.pool_rss_mb = sum(kernels)
        self.full_mb = max(kernels, default=0.0)
        self.pending_mb = 0.0
        self.peak_kernels = len(kernels)
        self.min_available_gb = psutil.virtual_memory().available / GB
        self.tripped: str | None = None
        self.tripped_at: float | None = None
        self.hard_stop = False
        self.start = time.monotonic()
        self._task = None

    def _rss(self) -> list[float]:
        out = []
        for process in self.server.kernel_processes():
            try:
                out.append(process.memory_info().rss / MB)
            except psutil.NoSuchProcess:
                pass
        return out

    def reason(self) -> str | None:
        """What `harness.hall.wave` asks at each arrival: a reason to turn the visitor away."""
        self._memory()
        return self.tripped

    def _memory(self) -> int:
        available = psutil.virtual_memory().available
        self.min_available_gb = min(self.min_available_gb, available / GB)
        if self.tripped is None and memory_guard(int(available - self.pending_mb * MB), self.floor_gb):
            self.tripped, self.tripped_at = GUARD, time.monotonic() - self.start
            log(f"    memory guard: {available / GB:.1f} GB available, {self.pending_mb / 1024:.1f} GB more "
                f"to come as the kernels run the lab: no more visitors")
        return available

    async def _run(self) -> None:
        while True:
            self.cpu.sample()
            kernels = self._rss()
            self.pending_mb = sum(max(0.0, self.full_mb - rss) for rss in kernels)
            self.peak_kernels = max(self.peak_kernels, len(kernels))
            self.peak_rss_mb = max(self.peak_rss_mb, sum(kernels))
            if self._memory() < self.floor_gb / 2 * GB and not self.hard_stop:
                self.hard_stop = True
                log("    memory guard: under half the floor, stopping the server")
                await asyncio.to_thread(self.server.stop)
            await asyncio.sleep(self.interval)

    def __enter__(self) -> Watch:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc) -> None:
        self._task.cancel()


async def hall_wave(server, path: str, visitors: int, over: float, floor_gb: float = MEMORY_FLOOR_GB) -> dict:
    """One wave of browserless visitors on `path`, summarized (times in s, CPU in CPU-s, RSS in MB)."""
    marks: dict = {}

    async def stay():
        marks["cpu_s"] = watch.cpu.seconds()
        marks["quiet_after_s"] = await watch.cpu.quiet(stop=watch.reason)
        marks["settled_cpu_s"] = watch.cpu.seconds()

    with Watch(server, floor_gb) as watch:
        visits = await wave(server.url, path, visitors, over=over, timeout=VISIT_TIMEOUT_S, stop=watch.reason,
                            stay=stay)
    result = summarize(visits)
    result.update(
        over_s=over,
        pool_kernels=None,
        server_cpu_s=marks.get("cpu_s"),
        cpu_s_per_visitor=per(marks.get("cpu_s"), result["served"]),
        server_cpu_settled_s=marks.get("settled_cpu_s"),
        settled_cpu_s_per_visitor=per(marks.get("settled_cpu_s"), result["served"]),
        quiet_after_s=marks.get("quiet_after_s"),
        peak_kernels=watch.peak_kernels,
        peak_kernel_rss_mb=watch.peak_rss_mb,
        pool_kernel_rss_mb=watch.pool_rss_mb,
        rss_mb_per_visitor=per(watch.peak_rss_mb - watch.pool_rss_mb, result["served"]),
        min_available_gb=watch.min_available_gb,
        memory_guard_at_s=watch.tripped_at,
        memory_hard_stop=watch.hard_stop,
        visits=[_visit_row(v) for v in visits],
    )
    return result


def _visit_row(visit: Visit) -> dict:
    row = asdict(visit)
    row["kinds"] = dict(visit.kinds)
    return row


def wait_pool(server, pool: int, timeout: float = 240.0) -> float | None:
    """Wait until the server runs at most `pool` kernels (culling done); the seconds it took, None if not."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if len(server.kernel_processes()) <= pool:
            return time.monotonic() - start
        time.sleep(0.5)
    return None


def settle(server, pool: int, timeout: float = 240.0) -> None:
    """Back to the pool, every kernel idle: the state a wave starts from."""
    wait_pool(server, pool, timeout)
    wait_idle([server], timeout=timeout)


def run_wave(server, path: str, visitors: int, over: float, pool: int, floor_gb: float) -> dict:
    """`hall_wave`, then the time culling takes to bring the server back to `pool` kernels."""
    log(f"  {visitors} browserless visitors over {over:g} s on {path}")
    result = asyncio.run(hall_wave(server, path, visitors, over, floor_gb))
    result["pool_kernels"] = pool
    result["culled_to_pool_s"] = wait_pool(server, pool, CULL_TIMEOUT_S)
    result["kernels_after"] = len(server.kernel_processes())
    log(f"    interactive {result['interactive']}/{visitors}, TTI p50 {_s(result['tti_s']['p50'])} "
        f"p95 {_s(result['tti_s']['p95'])} max {_s(result['tti_s']['max'])}, failures {result['failure_kinds']}, "
        f"{_s(result['cpu_s_per_visitor'])} CPU-s and {_s(result['rss_mb_per_visitor'], 0)} MB per visitor, "
        f"culled back in {_s(result['culled_to_pool_s'])} s")
    return result


def measure_capacity(server, path: str, waves: list[int], over: float, floor_gb: float) -> list[dict]:
    """One wave per count in `waves`, each over `over` s, from a settled server."""
    pool = len(server.kernel_processes())
    results = []
    for n in waves:
        settle(server, pool)
        results.append(run_wave(server, path, n, over, pool, floor_gb))
    return results


def lab_pool_filled(server, notebook: str, size: int, timeout: float = 600.0) -> float:
    """Wait until `notebook`'s pool of `size` is filled and every kernel idle; the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout and not server.pool_filled(notebook):
        time.sleep(1.0)
    wait_idle([server], window=1.0, timeout=max(60.0, timeout - (time.monotonic() - start)))
    log(f"  pool of {size} for {notebook} filled and idle after {time.monotonic() - start:.0f} s "
        f"({len(server.kernel_processes())} kernels)")
    return time.monotonic() - start


def measure_warm(serving, logs, notebook: str, cases: list[WarmCase], cull: int, floor_gb: float) -> list[dict]:
    """Each case on a server whose pool for `notebook` holds ``case.pool`` kernels (one server per pool size)."""
    results = []
    for size in sorted({case.pool for case in cases}):
        pool = Pool(notebook, size)
        with serving(("labs",), short_cull(cull) + pool.args(), logs) as servers:
            server = servers["labs"]
            filled_s = lab_pool_filled(server, notebook, size)
            kernels = len(server.kernel_processes())
            for case in (c for c in cases if c.pool == size):
                settle(server, kernels)
                result = run_wave(server, f"/voila/render/{notebook}", case.visitors, case.over, kernels, floor_gb)
                result.update(pool=size, pool_filled_s=filled_s)
                results.append(result)
    order = {case: i for i, case in enumerate(cases)}
    return sorted(results, key=lambda r: order.get(WarmCase(r["visitors"], r["over_s"], r["pool"]), 0))


def _s(value, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"
