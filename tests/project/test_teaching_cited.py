"""The teaching principles the code cites are the project's own (docs/teaching.md), and every citation
names a principle that is there: "docs/teaching.md 2" points at its item 2."""
from __future__ import annotations

import re

from harness.voila import REPO

DOC = REPO / "docs" / "teaching.md"
CITED = re.compile(r"docs/teaching\.md (\d+)")
SOURCES = [path for folder in ("widgets", "classpulse", "labserver", "tests", "tools", "labs")
           for path in (REPO / folder).rglob("*") if path.suffix in (".py", ".ipynb", ".md")]


def test_every_citation_names_a_principle_of_the_projects_own_doc():
    numbered = {int(n) for n in re.findall(r"^(\d+)\. \*\*", DOC.read_text(encoding="utf-8"), flags=re.MULTILINE)}
    cited = {(path.relative_to(REPO).as_posix(), int(n)) for path in SOURCES
             for n in CITED.findall(path.read_text(encoding="utf-8"))}
    assert cited, "nothing cites docs/teaching.md"
    assert not [(path, n) for path, n in cited if n not in numbered], numbered
    outside = [path.relative_to(REPO).as_posix() for path in SOURCES
               if "LEARNING.md" in path.read_text(encoding="utf-8") and path != REPO / "tests/project/test_teaching_cited.py"]
    assert not outside, f"these cite a file the project does not hold: {outside}"
