"""The benchmark suite: every figure in one run on one machine, against bench/baseline.ipynb.

    python bench/run.py                 # full run: 5 loads, 30 interactions, 10 and 30 visitors (~20 min)
    python bench/run.py --quick         # 2 loads, 10 interactions, 5 visitors (~5 min)
    python bench/run.py --only latency messages 05 08   # some figures, some labs
    python bench/run.py --only capacity --capacity 30 100 200 --capacity-over 60

Figures (names for --only): tti (time to interactive, preheated and cold), phone (the same on an
emulated mid-range phone), mainthread (one traced phone load: the main thread's time by owner),
memory (kernel RSS), latency and messages (one pass of interactions),
transfer (bytes per first and repeat visit, compressed and not), visitors, validate (the browserless visitor against Chromium), capacity
(browserless waves) and warm (browserless waves on a lab with a large pool).
Page names for --only: 01 … 09, index; the baseline (and the bare kernel,
for memory) are always measured, since every ratio needs them.

Phases, each with its own Voila servers (labs/ and bench/, same options):
  1. lecture configuration (voila.json): preheated loads (time to interactive
     and kernel memory), then the interactions; then (1b) the bytes of a
     first and a repeat visit on fresh servers, make serve's (compressing)
     and Voila's own (not);
  2. cold: ``--VoilaConfiguration.preheat_kernel=False``;
  3. visitors: the lecture configuration with a 10 s cull, labs/ only;
  4. validate and capacity: the same server, browserless visitors;
  5. warm: the same, one server per pool size of the visitors' lab.
Prints the tables and writes bench/results/report.json (and a dated copy),
report.txt and ratios.png. No figure is asserted: see the targets listed at
the end of the report.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import capacity  # noqa: E402
import suite  # noqa: E402  (sets up the Jupyter environment first)
from suite import (  # noqa: E402
    BARE,
    BASELINE,
    CHROMIUM,
    CHROMIUM_ARGS,
    COLD,
    LECTURE,
    lab_targets,
    log,
    serving,
    short_cull,
    wait_idle,
    wait_kernel_count,
)

FIGURES = ("tti", "phone", "mainthread", "memory", "latency", "messages", "models", "transfer", "visitors",
           "validate", "capacity", "warm")
WARM_CASES = ("30:0:1", "30:0:40", "100:60:1", "100:60:100")  # visitors:over:pool (issue 15's targets)
DEFAULT_VISITORS_LAB = "08"  # the most widget outputs, two plots, sliders


def parse(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 loads, 10 interactions, 5 visitors")
    parser.add_argument("--only", nargs="+", default=[], metavar="NAME",
                        help=f"figures ({', '.join(FIGURES)}) and/or pages (01 … 09, index)")
    parser.add_argument("--loads", type=int, help="loads per page and configuration (default 5, quick 2)")
    parser.add_argument("--interactions", type=int, help="interactions per page (default 30, quick 10)")
    parser.add_argument("--visitors", type=int, nargs="+", help="visitor waves (default 10 30, quick 5)")
    parser.add_argument("--visitors-lab", default=DEFAULT_VISITORS_LAB, help="the lab the visitors open")
    parser.add_argument("--visitors-cull", type=int, default=10,
                        help="cull_idle_timeout (s) of the visitors' server (default 10)")
    parser.add_argument("--validate", type=int, help="visitors of the validation wave (default 10, quick 5)")
    parser.add_argument("--capacity", type=int, nargs="+",
                        help="browserless waves (default 30 100 200, quick 10)")
    parser.add_argument("--capacity-over", type=float,
                        help="seconds over which a capacity wave arrives (default 60, quick 10)")
    parser.add_argument("--warm", nargs="+", metavar="N:OVER:POOL",
                        help=f"warm waves: N visitors over OVER s, POOL kernels for the lab "
                             f"(default {' '.join(WARM_CASES)}; quick 10:0:1 10:0:10)")
    parser.add_argument("--memory-floor", type=float, default=capacity.MEMORY_FLOOR_GB,
                        help="GB of available memory under which a wave turns visitors away (default 2)")
    args = parser.parse_args(argv)
    pages = {t.name for t in lab_targets()}
    unknown = [n for n in args.only if n not in FIGURES and n not in pages]
    if unknown:
        parser.error(f"unknown name(s) {unknown}: choose from {', '.join(FIGURES)}, {', '.join(sorted(pages))}")
    args.figures = [f for f in FIGURES if f in args.only] or list(FIGURES)
    args.pages = [n for n in args.only if n in pages]
    args.loads = max(1, min(args.loads or (2 if args.quick else 5), 50))
    args.interactions = max(1, min(args.interactions or (10 if args.quick else 30), 200))
    args.visitors_cull = max(2, min(args.visitors_cull, 600))
    args.visitors = [max(1, min(n, 60)) for n in (args.visitors or ([5] if args.quick else [10, 30]))]
    if args.visitors_lab not in pages:
        parser.error(f"--visitors-lab: no lab {args.visitors_lab!r}")
    args.validate = max(1, min(args.validate or (5 if args.quick else 10), 30))
    args.capacity = [max(1, min(n, 400)) for n in (args.capacity or ([10] if args.quick else [30, 100, 200]))]
    args.capacity_over = max(0.0, min(args.capacity_over if args.capacity_over is not None
                                      else (10.0 if args.quick else 60.0), 600.0))
    try:
        args.warm = [capacity.WarmCase.parse(c) for c in
                     (args.warm or (["10:0:1", "10:0:10"] if args.quick else list(WARM_CASES)))]
    except ValueError as error:
        parser.error(f"--warm: {error}")
    return args


def main(argv=None) -> dict:
    args = parse(argv)
    from playwright.sync_api import sync_playwright

    import loads
    import report
    import visitors

    started = time.time()
    logs = Path(tempfile.mkdtemp(prefix="bench-logs-"))
    labs = [t for t in lab_targets() if not args.pages or t.name in args.pages]
    want = set(args.figures)
    raw: dict = {}
    load_average = {"start": _loadavg()}
    log(f"bench: figures {sorted(want)}, pages {[t.name for t in labs]}, {args.loads} loads, "
        f"{args.interactions} interactions, visitors {args.visitors}; server logs in {logs}")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        chromium_version = browser.version
        try:
            if want & {"tti", "phone", "mainthread", "memory", "latency", "messages"}:
                log("phase 1: the lecture configuration (preheated kernels)")
                load_average["phase 1"] = _loadavg()
                with serving(("labs", "bench"), LECTURE, logs) as servers:
                    expected = {}
                    if want & {"tti", "memory"}:
                        targets = [BASELINE, BARE, *labs] if "memory" in want else [BASELINE, *labs]
                        raw["preheated"] = loads.measure_loads(browser, servers, targets, args.loads, preheated=True)
                        expected = {n: v["expected"] for n, v in raw["preheated"].items()}
                    if "phone" in want:
                        raw["phone"] = loads.measure_loads(browser, servers, [BASELINE, *labs], args.loads,
                                                           preheated=True, phone=True)
                    if "mainthread" in want:
                        raw["mainthread"] = loads.measure_loads(browser, servers, [BASELINE, *labs], 1,
                                                                preheated=True, phone=True, profile=True)
                    if want & {"latency", "messages"}:
                        raw["interactions"] = run_interactions(browser, servers, [BASELINE, *labs], expected, args)
            if "models" in want:
                import models

                log("phase 1a: widget models per page (each notebook run once by nbclient)")
                raw["models"] = models.measure_models([BASELINE, *labs])
            if "transfer" in want:
                import transfer

                log("phase 1b: bytes per first and repeat visit, compressed (make serve's Voila) and not")
                with serving(("labs", "bench"), LECTURE, logs) as servers:
                    raw["transfer"] = transfer.measure_transfer(browser, servers, [BASELINE, *labs])
                with serving(("labs", "bench"), LECTURE, logs, module="voila") as servers:
                    raw["transfer_plain"] = transfer.measure_transfer(browser, servers, [BASELINE, *labs])
            if "tti" in want:
                log("phase 2: cold kernels (preheat_kernel=False)")
                load_average["phase 2"] = _loadavg()
                with serving(("labs", "bench"), COLD, logs) as servers:
                    raw["cold"] = loads.measure_loads(browser, servers, [BASELINE, *labs], args.loads, preheated=False)
        finally:
            browser.close()

    visitors_lab = next(t for t in lab_targets() if t.name == args.visitors_lab)
    if "visitors" in want:
        log(f"phase 3: visitors at once (lecture configuration, {args.visitors_cull} s cull)")
        load_average["phase 3"] = _loadavg()
        with serving(("labs",), short_cull(args.visitors_cull), logs) as servers:
            server = servers["labs"]
            wait_idle([server], timeout=180)
            pool = len(server.kernel_processes())

            def settle():
                deadline = time.monotonic() + 120
                while len(server.kernel_processes()) > pool and time.monotonic() < deadline:
                    time.sleep(0.5)
                wait_idle([server])

            count = asyncio.run(visitors.count_widget_outputs(server, visitors_lab.path))
            raw["visitors"] = visitors.measure_visitors(server, visitors_lab.path, count, args.visitors, settle)

    if want & {"validate", "capacity"}:
        log(f"phase 4: browserless visitors (lecture configuration, {args.visitors_cull} s cull)")
        load_average["phase 4"] = _loadavg()
        with serving(("labs",), short_cull(args.visitors_cull), logs) as servers:
            server = servers["labs"]
            wait_idle([server], timeout=180)
            pool = len(server.kernel_processes())
            if "validate" in want:
                import interactions
                import validate

                count = asyncio.run(visitors.count_widget_outputs(server, visitors_lab.path))
                capacity.settle(server, pool)
                # The page a lecturer's ?reveal=1 opens, as the latency figure's: lab 8's weights
                # are held back until the learner answers, so a visitor could not move them.
                move = interactions.MAIN_MOVES[visitors_lab.name]
                raw["validate"] = validate.measure_validation(
                    server, visitors_lab.path + move.query, count, args.validate, move)
                load_average["validate"] = _loadavg()
            if "capacity" in want:
                raw["capacity"] = capacity.measure_capacity(
                    server, visitors_lab.path, args.capacity, args.capacity_over, args.memory_floor)
                load_average["capacity"] = _loadavg()
    if "warm" in want:
        log(f"phase 5: browserless visitors on a warmed {visitors_lab.notebook}")
        load_average["phase 5"] = _loadavg()
        raw["warm"] = capacity.measure_warm(serving, logs, visitors_lab.notebook, args.warm,
                                            args.visitors_cull, args.memory_floor)
        load_average["warm"] = _loadavg()

    load_average["end"] = _loadavg()
    meta = {
        "started": started,
        "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(started)),
        "duration_s": round(time.time() - started),
        "mode": "quick" if args.quick else "full",
        "argv": sys.argv[1:] if argv is None else list(argv),
        "loads": args.loads,
        "interactions": args.interactions,
        "visitors_lab": visitors_lab.notebook,
        "visitors_cull_s": args.visitors_cull,
        "capacity_over_s": args.capacity_over,
        "memory_floor_gb": args.memory_floor,
        # 1-minute load averages: anything else running on the machine shows here.
        "load_average": load_average,
        "machine": {
            "cpus": suite.psutil.cpu_count(),
            "memory_gb": round(suite.psutil.virtual_memory().total / 2**30, 1),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "chromium": chromium_version,
            "packages": _versions("voila", "ipywidgets", "bqplot", "numpy", "ipykernel", "jupyter_server"),
        },
    }
    result = report.build(raw, meta)
    report.write(result)
    log(report.tables(result))
    log(f"\nwritten: {suite.RESULTS / 'report.json'}, {suite.RESULTS / 'ratios.png'} "
        f"({meta['duration_s']} s)")
    return result


def run_interactions(browser, servers: dict, targets, expected: dict, args) -> dict:
    """Open every page, then interact round-robin: page after page, ``args.interactions`` times.

    Round-robin spreads whatever else the machine does over all pages alike.
    """
    import interactions
    import loads

    every = list(servers.values())
    wait_idle(every, timeout=180)
    sessions = []
    for target in targets:
        if target.name not in interactions.MAIN_MOVES:
            continue
        server = servers[target.root]
        before = len(server.kernel_processes())
        if target.name not in expected:
            expected[target.name] = loads.count_widget_outputs(browser, server, target)
            wait_kernel_count(server, before + 1, timeout=30)
            wait_idle(every)
            before = len(server.kernel_processes())
        log(f"  interactions {target.name}: {interactions.MAIN_MOVES[target.name].what}")
        sessions.append(interactions.Session(browser, server, target, expected[target.name]))
        wait_kernel_count(server, before + 1, timeout=30)
        wait_idle(every)
    for k in range(args.interactions):
        for session in sessions:
            session.interact(k)
        if (k + 1) % 10 == 0:
            log(f"  interactions: {k + 1}/{args.interactions} on every page")
    return {s.target.name: s.close() for s in sessions}


def _loadavg() -> float:
    return round(os.getloadavg()[0], 2)


def _versions(*names: str) -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in names:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


if __name__ == "__main__":
    main()
