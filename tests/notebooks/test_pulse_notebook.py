"""The lecturer's pulse page runs in a plain kernel, where the pulse is off and it says so
(served with the pulse on: tests/browser/test_pulse_page.py)."""
from __future__ import annotations

import os

from harness.notebooks import execute_notebook
from harness.voila import REPO

PULSE = REPO / "labs" / "lecturer" / "pulse.ipynb"


def test_without_the_pulse_folder_the_page_runs_and_says_the_pulse_is_off(monkeypatch):
    monkeypatch.delenv("MATMUL_PULSE_DIR", raising=False)
    assert "MATMUL_PULSE_DIR" not in os.environ  # the kernel inherits this environment
    notebook = execute_notebook(PULSE)  # fails on an error or on stderr output
    (output,) = notebook.cells[-1].outputs
    model_id = output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    states = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert "The class pulse is off on this server" in states[model_id]["state"]["value"]
