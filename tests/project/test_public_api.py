"""The public API: `widgets.__all__`, what an instructor builds a lab with.

Every name a lab imports from the package is either in that namespace or one of the labs' own
(a composite of `widgets.labs`, a lab's numbers, lab 10's words), so what the labs need is what
the README offers, and a module's inner workings can change without breaking a notebook.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import widgets
from harness.notebooks import notebook_cells

ROOT = Path(__file__).resolve().parents[2]

#: The labs' own modules: their composites, their numbers and lab 10's words.
LAB_SPECIFIC = re.compile(r"widgets\.labs(\.\w+)?|widgets\.core\.lab_numbers|widgets\.text\.adaptive_weights_words")


def private_imports(source: str, public: set[str]) -> list[str]:
    """The imports in `source` of a name of `widgets` that is neither in `public` nor the labs' own."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "widgets":
            if node.module != "widgets" and LAB_SPECIFIC.fullmatch(node.module):
                continue
            found += [f"from {node.module} import {alias.name}" for alias in node.names if alias.name not in public]
        elif isinstance(node, ast.Import):
            found += [f"import {alias.name}" for alias in node.names
                      if alias.name.startswith("widgets.") and not LAB_SPECIFIC.fullmatch(alias.name)]
    return found


def test_the_labs_import_public_names_or_their_own() -> None:
    """A lab that needs a name of a layer's module makes it public (`widgets/__init__.py`'s
    `_LOCATIONS`) or keeps it in a module of its own: a notebook never reaches into the layers."""
    public = set(widgets.__all__)
    offenders = {
        path.name: found for path in sorted((ROOT / "labs").glob("*.ipynb"))
        if (found := [name for cell in notebook_cells(path) if cell.cell_type == "code"
                      for name in private_imports(cell.source, public)])
    }
    assert not offenders, (
        f"add these to widgets/__init__.py's _LOCATIONS, or move them to the lab's own module: {offenders}"
    )


def test_every_public_name_resolves_where_it_says() -> None:
    """Each name of the namespace is there, in the module `_LOCATIONS` names, and that module's
    `__all__` lists it (a renamed or dropped function fails here, not in an instructor's notebook)."""
    for name in widgets.__all__:
        module = importlib.import_module(f"widgets.{widgets._LOCATIONS[name]}")
        assert name in module.__all__, f"{name} is not in {module.__name__}.__all__"
        assert getattr(widgets, name) is getattr(module, name)


def test_the_import_reader_finds_a_planted_one() -> None:
    """A deep import of a name the namespace does not offer fails; the labs' own modules do not."""
    public = {"Check"}
    assert private_imports("from widgets.text.composition_words import sizes_verdict\n", public)
    assert private_imports("import widgets.core.products\n", public)
    assert private_imports("from widgets import Nothing\n", public)
    assert not private_imports(
        "from widgets import Check\nfrom widgets.controls.check import Check\n"
        "from widgets.labs.many_points import MapMorph\nfrom widgets.core.lab_numbers import LAB5\n", public
    )
