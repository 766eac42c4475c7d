"""Every notebook in labs/ runs top to bottom in a kernel without an error (rendering them in Voila:
tests/browser/test_offline.py)."""
from __future__ import annotations

import pytest

from conftest import LABS
from harness.notebooks import execute_notebook


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_lab_executes(path):
    execute_notebook(path)
