"""A notebook's code found where a visitor can read it: the page Voila rendered, a file it served.

With ``strip_sources`` (voila.json) a rendered lab holds its outputs only; `leaked_code` says
which of the notebook's code lines (or notebook JSON) a body of HTML or text still holds.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

from harness.notebooks import notebook_cells


def code_lines(notebook: Path) -> list[str]:
    """Lines of the notebook's code cells that look like code (not a word of prose)."""
    lines = []
    for cell in notebook_cells(notebook):
        if cell.cell_type == "code":
            lines += [
                line.strip() for line in cell.source.splitlines()
                if len(line.strip()) >= 12 and re.search(r"import |=|\(", line)
            ]
    return lines


def leaked_code(body: str, notebook: Path) -> list[str]:
    """Code of ``notebook`` found in ``body`` (raw or HTML-escaped), or notebook JSON."""
    text = html.unescape(body)
    found = [line for line in code_lines(notebook) if line in text]
    return found + [marker for marker in ('"cell_type"', "from widgets import") if marker in text]
