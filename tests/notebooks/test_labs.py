"""Every notebook in labs/ runs top to bottom in a kernel without an error (rendering them in Voila:
tests/browser/test_offline.py), and holds no more widget models than it did when they were last cut."""
from __future__ import annotations

import pytest

from conftest import LABS
from harness.notebooks import execute_notebook


#: Widget models each page holds once it ran: a visit builds, sends and restores every one
#: (bench/models.py counts them by class). Shared layouts and styles (widgets/controls/shared_models.py)
#: cut lab 8 from 807; the light-pages target is 256. Lower a budget when a change frees models.
MODEL_BUDGETS = {"01": 132, "02": 170, "03": 279, "04": 248, "05": 389, "06": 192, "07": 367, "08": 442,
                 "09": 333, "10": 335, "index": 24, "review": 17}


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_lab_executes(path):
    notebook = execute_notebook(path)
    models = len(notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"])
    budget = MODEL_BUDGETS[path.stem.split("-", 1)[0]]
    assert models <= budget, f"{path.name} holds {models} widget models, more than its {budget}"
