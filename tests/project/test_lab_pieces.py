"""A lab's own pieces live under its name, one module per layer (issue 45).

The shared kit stays layered (`test_layers.py`); what only one lab uses sits under that lab's name, so
a change to one lab's feature touches its notebook, its composite (``widgets/labs/<lab>.py``), its words
(``widgets/text/<lab>_words.py``) and its math and numbers (``widgets/core/<lab>.py``), no more.  A lab's
name is its notebook's, ``labs/05-many-points.ipynb`` is ``many_points``.  The four attention labs share
a topic, ``attention``: what only they use is named ``attention_*`` (the explorer's wiring is more than
500 lines, so the topic keeps its kit in several such modules).

A module of ``widgets/core``, ``widgets/text`` or ``widgets/labs`` is a lab's own when the notebooks
that reach it, through every import (and ``from widgets import`` through `_LOCATIONS`), are that lab's
alone (or its topic's), and no module of the kit's widget layers (base, controls, views, lecture)
imports it: a catalogue under a control (``core/maps_gallery`` under ``MapPicker``) is the kit's.
`NOT_YET` names what still breaks the rule, each with why; it can only shrink.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from conftest import REPO
from harness.notebooks import notebook_cells

#: The layers a lab's own pieces live in, and the name its module takes there.
OWN_NAME = {"core": "{lab}", "text": "{lab}_words", "labs": "{lab}"}

#: The labs that share a topic, by the topic's name: what only they use is named after it.
TOPICS = {"attention": {"07", "08", "09", "10"}}

#: The layers whose modules are the kit's widgets: what they import is shared, whoever uses it.
KIT = ("base", "controls", "views", "lecture")

#: What still breaks the rule, and why it is left.
NOT_YET: set[str] = set()


def lab_names(root: Path) -> dict[str, str]:
    """Each numbered lab's name, by its number: ``{"05": "many_points", ...}``."""
    return {
        path.stem[:2]: path.stem[3:].replace("-", "_")
        for path in sorted((root / "labs").glob("[0-9][0-9]-*.ipynb"))
    }


def _locations(root: Path) -> dict[str, str]:
    """`widgets._LOCATIONS` as written in `root`'s ``widgets/__init__.py``: public name to module."""
    tree = ast.parse((root / "widgets" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "_LOCATIONS":
            return ast.literal_eval(node.value)
    return {}


def _dotted(tree: ast.AST, package: tuple[str, ...], locations: dict[str, str]) -> set[str]:
    """Every dotted name an import in `tree` may mean, the file being in `package`: each module, and each
    ``module.name`` of a ``from module import name`` (a submodule, when such a file exists)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
            if module == "widgets":
                found.update(f"widgets.{locations[a.name]}" for a in node.names if a.name in locations)
    return found


def _files(names: set[str], root: Path) -> set[Path]:
    """The files of `widgets` that dotted `names` are."""
    paths = {root / (name.replace(".", "/") + ".py") for name in names if name.startswith("widgets.")}
    return {path for path in paths if path.exists() and path.name != "__init__.py"}


def users(root: Path) -> tuple[dict[Path, set[str]], set[Path]]:
    """Which notebooks reach each module of `widgets` under `root` (a numbered lab by its number, any
    other notebook by its path), and the modules a layer of the kit imports."""
    locations = _locations(root)
    direct = {}
    for path in sorted((root / "widgets").rglob("*.py")):
        package = path.relative_to(root).with_suffix("").parts[:-1]
        direct[path] = _files(_dotted(ast.parse(path.read_text()), package, locations), root)
    kit = {target for path, targets in direct.items() if path.relative_to(root).parts[1] in KIT for target in targets}
    reach: dict[Path, set[str]] = {}
    for notebook in sorted((root / "labs").rglob("*.ipynb")):
        name = notebook.stem[:2] if re.fullmatch(r"\d\d-.*", notebook.stem) else str(notebook.relative_to(root))
        source = "\n".join(cell.source for cell in notebook_cells(notebook) if cell.cell_type == "code")
        lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
        todo = list(_files(_dotted(ast.parse("\n".join(lines)), (), locations), root))
        seen: set[Path] = set()
        while todo:
            path = todo.pop()
            if path not in seen:
                seen.add(path)
                todo.extend(direct.get(path, ()))
        for path in seen:
            reach.setdefault(path, set()).add(name)
    return reach, kit


def owner(notebooks: set[str]) -> str | None:
    """The lab (its number) or topic (its name) whose module this is, from the notebooks that reach it."""
    if len(notebooks) == 1 and next(iter(notebooks)).isdigit():
        return next(iter(notebooks))
    return next((topic for topic, labs in TOPICS.items() if notebooks <= labs), None)


def scattered(root: Path) -> set[str]:
    """Each lab's own module not named for its lab, and each lab with more than one own module in a layer."""
    names = lab_names(root)
    reach, kit = users(root)
    found, per_layer = set(), {}
    for path, notebooks in sorted(reach.items()):
        where = path.relative_to(root)
        layer = where.parts[1]
        who = owner(notebooks)
        if layer not in OWN_NAME or who is None or path in kit or len(where.parts) != 3:
            continue
        if who in TOPICS:
            if not path.stem.startswith(f"{who}_"):
                found.add(f"{where.as_posix()}: the {who} labs' alone, so named {who}_*")
            continue
        wanted = OWN_NAME[layer].format(lab=names[who])
        if path.stem != wanted:
            found.add(f"{where.as_posix()}: lab {who}'s alone, so named {wanted}")
        per_layer.setdefault((who, layer), []).append(path.stem)
    found.update(f"lab {who} has {len(stems)} modules of its own in widgets/{layer}: {', '.join(stems)}"
                 for (who, layer), stems in per_layer.items() if len(stems) > 1)
    return found


def test_each_labs_own_pieces_are_named_for_it_one_module_per_layer():
    assert scattered(REPO) == NOT_YET


def test_the_rule_measures_the_labs_as_they_are():
    """Guards the measure itself: the pieces of labs 5 and 6 are found as theirs, the kit's are not."""
    reach, kit = users(REPO)
    widgets = REPO / "widgets"
    assert reach[widgets / "labs" / "many_points.py"] == {"05"}
    assert reach[widgets / "text" / "many_points_words.py"] == {"05"}
    assert reach[widgets / "core" / "many_points.py"] == {"05"}
    assert reach[widgets / "text" / "dense_layer_words.py"] == {"06"}
    assert owner(reach[widgets / "labs" / "attention_explorer.py"]) == "attention"
    assert widgets / "core" / "maps_gallery.py" in kit  # MapPicker's catalogue: the kit's, though lab 5 alone uses it
    assert owner(reach[widgets / "core" / "lab_numbers.py"]) is None  # every lab's numbers: shared


def _tiny_repo(tmp_path: Path) -> Path:
    """Two labs and a kit that keep the rule: lab 5's composite, words and math under its name, a map
    catalogue under a control, and words both labs share."""
    files = {
        "widgets/__init__.py": '_LOCATIONS = {"shear": "core.maps"}\n',
        "widgets/core/many_points.py": "X = 1\n",
        "widgets/core/maps.py": "def shear(): ...\n",
        "widgets/controls/picker.py": "from ..core.maps import shear\n",
        "widgets/text/alerts.py": "A = 1\n",
        "widgets/text/many_points_words.py": "from .alerts import A\n",
        "widgets/labs/many_points.py": (
            "from ..controls.picker import shear\nfrom ..core import many_points\n"
            "from ..text.many_points_words import A\n"
        ),
        "widgets/labs/dense_layer.py": "from ..text.alerts import A\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    for stem, code in (("05-many-points", "from widgets.labs.many_points import X\nfrom widgets import shear"),
                       ("06-dense-layer", "from widgets.labs.dense_layer import Plot")):
        (tmp_path / "labs").mkdir(exist_ok=True)
        cell = {"cell_type": "code", "source": code, "metadata": {}, "outputs": [], "execution_count": None}
        (tmp_path / "labs" / f"{stem}.ipynb").write_text(json.dumps({"cells": [cell]}))
    return tmp_path


@pytest.mark.parametrize(
    ("module", "text", "caught"),
    [
        # lab 5's words in a module of another name, beside its words module
        ("widgets/text/gallery_words.py", "B = 1\n", {
            "widgets/text/gallery_words.py: lab 05's alone, so named many_points_words",
            "lab 05 has 2 modules of its own in widgets/text: gallery_words, many_points_words",
        }),
        # a helper module used by lab 5's composite only
        ("widgets/core/morph.py", "M = 1\n", {
            "widgets/core/morph.py: lab 05's alone, so named many_points",
            "lab 05 has 2 modules of its own in widgets/core: many_points, morph",
        }),
    ],
)
def test_a_planted_scattered_piece_is_caught(tmp_path, module, text, caught):
    root = _tiny_repo(tmp_path)
    assert scattered(root) == set()  # the tiny repository keeps the rule
    (root / module).write_text(text)
    composite = root / "widgets" / "labs" / "many_points.py"
    package = Path(module).parent.name
    composite.write_text(composite.read_text() + f"from ..{package} import {Path(module).stem}\n")
    assert scattered(root) == caught
