"""The benchmarks' pure parts keep their doctests: percentiles, the memory guard, the warm cases, the report's tables.

bench/ is not among the test paths, since importing ``bench/suite.py`` points
Jupyter's folders at a throwaway directory for the whole process: the
doctests run in a child pytest. No server, kernel or browser.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
MODULES = ("capacity.py", "validate.py", "report.py")


def test_bench_doctests_pass():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", *MODULES],
        cwd=BENCH, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= 10, run.stdout[-1000:]  # the doctests were collected
