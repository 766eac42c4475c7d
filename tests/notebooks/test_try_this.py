"""Every "Try this" prompt of every lab asks: each item of its list holds a question (docs/teaching.md 12).

A prompt that says what will happen ("a number commutes with everything") tells the answer before the
learner has tried; a question leaves the finding to them. Read as JSON (`harness.notebooks.notebook_cells`); no kernel is started.
"""
from __future__ import annotations

import re

import nbformat
import pytest

from conftest import LABS
from harness.notebooks import notebook_cells

LECTURE_LABS = [path for path in LABS if path.stem[:2].isdigit()]
ITEM = re.compile(r"^\s*[-*]\s+(.*)$")


def try_this_items(path) -> list[str]:
    """The list items of the lab's "Try this" sections (up to the next heading)."""
    items = []
    for cell in notebook_cells(path):
        if cell.cell_type != "markdown":
            continue
        inside = False
        for line in cell.source.splitlines():
            if "Try this" in line:
                inside = True
            elif line.startswith("#") and inside:
                inside = False
            elif inside and (match := ITEM.match(line)):
                items.append(match.group(1))
    return items


@pytest.mark.parametrize("path", LECTURE_LABS, ids=[path.stem[:2] for path in LECTURE_LABS])
def test_every_try_this_item_asks_a_question(path):
    items = try_this_items(path)
    assert items, f"{path.name} has no Try this"
    telling = [item for item in items if "?" not in item]
    assert not telling, f"{path.name}: Try this items that tell rather than ask: {telling}"


def test_an_item_that_tells_is_caught(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "### Try this\n\n- Does RS = SR? Try it.\n- Now RS = SR: scaling every direction equally commutes.")])
    path = tmp_path / "09-told.ipynb"
    nbformat.write(notebook, path)
    assert [item for item in try_this_items(path) if "?" not in item] == [
        "Now RS = SR: scaling every direction equally commutes."]
