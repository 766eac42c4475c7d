"""Run a lab's notebook: in a kernel with nbclient, as a learner's 'Run all' would, or in this process.

`execute_notebook` is the kernel tier (marked ``notebook``); `lab_namespace`
runs the same code cells in the test's own interpreter, so a plain pytest test
can drive a lab's composites and Checks as Python objects.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest


def execute_notebook(path: Path, timeout: int = 120):
    """Run every cell in a fresh kernel, from the notebook's folder; fail on any error output.

    Returns the executed notebook, its widgets' states in its metadata.
    """
    # Imported here, not above: their import takes over a second (nbformat builds a schema
    # validator), which the fast tier, importing this module for `lab_namespace`, need not pay.
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            assert output.output_type != "error", (
                f"{path.name} cell {index}: {output.ename}: {output.evalue}"
            )
            assert not (output.output_type == "stream" and output.name == "stderr"), (
                f"{path.name} cell {index} wrote to stderr: {output.text}"
            )
    return notebook


@dataclass(frozen=True)
class Cell:
    """One cell of a notebook: its type (``"code"``, ``"markdown"``) and its source as one string."""

    cell_type: str
    source: str


def notebook_cells(path: Path) -> list[Cell]:
    """The cells of the notebook (nbformat 4) at `path`, read as plain JSON: the suite's one reader of one.

    For the fast tier: `nbformat` would validate the file, but its import alone
    takes over a second, in every pytest worker.

    Examples
    --------
    >>> from harness.voila import REPO
    >>> cells = notebook_cells(REPO / "labs" / "01-product-by-columns.ipynb")
    >>> cells[0].cell_type, "lecture.apply_url" in cells[-1].source
    ('markdown', True)
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    # A source is stored as one string or as a list of lines.
    return [Cell(cell["cell_type"], "".join(cell["source"])) for cell in cells]


def summary_of(path: Path) -> tuple[list[str], list[str]]:
    """The points (``- `` lines) of a lab's ``## Summary`` cell and the notebooks it links to, in order.

    Examples
    --------
    >>> from harness.voila import REPO
    >>> points, links = summary_of(REPO / "labs" / "02-entry-dot-product.ipynb")
    >>> len(points), links
    (3, ['01-product-by-columns.ipynb', 'index.ipynb', '03-product-properties.ipynb'])
    """
    summary = next(cell.source for cell in notebook_cells(path)
                   if cell.cell_type == "markdown" and cell.source.startswith("## Summary"))
    points = [line for line in summary.splitlines() if line.startswith("- ")]
    return points, re.findall(r"\]\(([^)\s]+\.ipynb)\)", summary)


def lab_namespace(path: Path) -> dict:
    """Run a lab's code cells in this process, in one fresh namespace, and return it.

    No kernel and no Voila: ``display`` output goes nowhere and the lecturer's
    link reads as empty (`widgets.lecture.query`), so the lab starts as a
    learner opening it does.  Each call builds new widgets, so a test that
    edits them shares no state with another.

    Examples
    --------
    >>> from harness.voila import REPO
    >>> lab = lab_namespace(REPO / "labs" / "01-product-by-columns.ipynb")
    >>> lab["activity"].solved, lab["stepper"].opened
    (False, False)
    """
    namespace: dict = {"__name__": "__main__"}
    for index, cell in enumerate(notebook_cells(path)):
        if cell.cell_type == "code":
            exec(compile(cell.source, f"{path.name}[{index}]", "exec"), namespace)
    return namespace


def lab_fixture(path: Path):
    """A pytest fixture, ``lab``, that gives each test its own `lab_namespace` of the lab at `path`.

    A test module binds it once, ``lab = lab_fixture(LAB)``, and its tests take
    ``lab`` and drive ``lab["activity"]`` and the rest as a learner's edits do.
    """

    @pytest.fixture
    def lab() -> dict:
        return lab_namespace(path)

    return lab
