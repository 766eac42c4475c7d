"""One notation across the labs and what the text layer writes (practice included): a transpose is
written ᵀ (``^T``), never ⊤ (``^\\top``); matrices are plain capitals and vectors bold lowercase, so a
bold capital (``\\mathbf{W}``) never appears."""
from __future__ import annotations

import re

import pytest

from harness.voila import REPO

SOURCES = sorted([*(REPO / "labs").glob("*.ipynb"), *(REPO / "widgets" / "text").glob("*.py")])
OTHER_NOTATION = re.compile(r"\\top\b|\\intercal\b|\\mathbf\{\{?[A-Z]\}")


@pytest.mark.parametrize("path", SOURCES, ids=[path.name for path in SOURCES])
def test_one_notation_for_transposes_and_matrices(path):
    found = OTHER_NOTATION.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} writes {sorted(set(found))}: write a transpose as ^T and a matrix as a plain capital"
