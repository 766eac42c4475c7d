"""Private by name: a module-level name of `widgets/`, `classpulse/` or `labserver/` that no other
file uses starts with an underscore (architecture.md, "The public API").

An instructor reading a module (or `help()` on it) sees as public only what something else builds
with: another module of the packages, a notebook, a test, a tool, a bench script, the deployment, or
a config or document that names it (voila.json, pyproject.toml, the Markdown, the Voila template,
the Makefile). What only its own module uses is that module's business, and its name says so.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("widgets", "classpulse", "labserver")

#: The files that can use a name: source, notebooks, configs, documents and templates.
SUFFIXES = {".py", ".ipynb", ".md", ".json", ".toml", ".yaml", ".yml", ".html", ".j2", ".css", ".js", ".cfg"}
FILE_NAMES = {"Makefile", "postBuild", "run"}
#: Folders that hold no project file: tools' caches, the venv, the browser tier's screenshots.
SKIPPED = {".git", ".venv", "venv", "node_modules", "__pycache__", "artifacts", ".pytest_cache", ".ruff_cache",
           ".hypothesis"}

#: Public names no other file uses, kept public on purpose: "path: name" and why.
ALLOWED = {
    "widgets/core/dot_product.py: DotMatch": "what the public `dot_match` returns: its caller reads the fields by name",
    "widgets/core/entry_dot_product.py: RowCombination":
        "what the public `row_combination` returns: its caller reads the fields by name",
    "widgets/core/maps_gallery.py: MapSpec":
        "each value of `widgets.GALLERY`: an instructor reads its title, rule and parameters and calls its `matrix`",
    "widgets/core/maps_gallery.py: Param": "each parameter of a `MapSpec` of `widgets.GALLERY`: a slider's range and default",
    "widgets/lecture/lab_page.py: Question": "the type `LabPage.ask` takes and returns (a Check or a Practice)",
}

WORD = re.compile(r"\w+")


def project_files(root: Path) -> list[Path]:
    """Every file under `root` that can name a module's name, each read once by the caller."""
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if name not in SKIPPED]
        found += [Path(folder, name) for name in files
                  if Path(name).suffix in SUFFIXES or name in FILE_NAMES]
    return sorted(found)


def public_names(source: str) -> list[str]:
    """The module-level names `source` defines (functions, classes, constants) that do not start
    with an underscore."""
    names = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                each = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                names += [one.id for one in each if isinstance(one, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in names if not name.startswith("_")]


@functools.cache
def lonely_names(root: Path) -> list[str]:
    """The public module-level names of the packages under `root` that no other file names, as
    "path: name". A word of a file counts as a use (code, a string, a comment, prose alike), so a
    name is lonely only when no other file spells it at all. This file does not count: its
    allow-list names the names it allows."""
    texts = {path: path.read_text(encoding="utf-8", errors="replace")
             for path in project_files(root) if path != Path(__file__).resolve()}
    words = {path: Counter(WORD.findall(text)) for path, text in texts.items()}
    everywhere: Counter[str] = Counter()
    for counts in words.values():
        everywhere.update(counts)
    lonely = []
    for path, text in texts.items():
        relative = path.relative_to(root)
        if path.suffix == ".py" and relative.parts[0] in PACKAGES:
            lonely += [f"{relative.as_posix()}: {name}" for name in dict.fromkeys(public_names(text))
                       if everywhere[name] == words[path][name]]
    return lonely


def test_a_name_no_other_file_uses_is_private() -> None:
    """Each public module-level name of the packages is used by some other file, or is allowed."""
    lonely = [entry for entry in lonely_names(ROOT) if entry not in ALLOWED]
    assert not lonely, (
        "no other file uses these module-level names: start each with an underscore in its module "
        f"(or, if a config or a document should name it, name it there): {lonely}"
    )


def test_the_allowed_ones_are_still_lonely() -> None:
    """An allowed name that another file now uses, or that is gone, leaves the list."""
    stale = sorted(set(ALLOWED) - set(lonely_names(ROOT)))
    assert not stale, f"drop these from ALLOWED: {stale}"


def test_the_scan_finds_a_planted_lonely_name(tmp_path: Path) -> None:
    """A public name only its module uses is found; one another module, a test or a document
    names is not, nor a private one, in any of the three packages."""
    for package in PACKAGES:
        (tmp_path / package).mkdir()
    (tmp_path / "widgets" / "plant.py").write_text(
        "COLOR = 'red'\nWIDTH: int = 3\nLOW, HIGH = 0, 9\n_INNER = 1\n\n\nclass Shown:\n    pass\n\n\n"
        "def helper() -> str:\n    return COLOR\n"
    )
    (tmp_path / "labserver" / "serve.py").write_text("def handler() -> None:\n    pass\n")
    (tmp_path / "classpulse" / "user.py").write_text("from widgets.plant import Shown\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_plant.py").write_text("from widgets.plant import helper\n")
    (tmp_path / "README.md").write_text("Set `WIDTH` to widen the page, up to `HIGH`.\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "copy.py").write_text("COLOR = handler = 1\n")
    assert lonely_names(tmp_path) == ["labserver/serve.py: handler", "widgets/plant.py: COLOR", "widgets/plant.py: LOW"]
