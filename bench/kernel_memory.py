"""Kernel memory per visitor: now one figure of the benchmark suite (bench/run.py).

Kept so that ``python bench/kernel_memory.py`` still works: it runs the
suite's preheated loads of every page (lecture configuration) and reports
each kernel's RSS after render against the bare kernel (bench/bare.ipynb,
which imports ipywidgets, bqplot and numpy and shows nothing), measured in
the same run. Extra arguments go to bench/run.py (e.g. ``--quick``).

    .venv/bin/python bench/kernel_memory.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run  # noqa: E402

if __name__ == "__main__":
    run.main(["--only", "memory", *sys.argv[1:]])
