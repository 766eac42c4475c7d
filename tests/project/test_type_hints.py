"""Every public name of `widgets` and `labserver` says its types (issue 24): each public function's and
method's parameters and return carry a hint, and both packages ship ``py.typed`` so that a type checker
reads them.

Public is what a user of the package may call: a function or method whose name does not start with
``_`` (and every ``__init__``), in a class whose name does not start with ``_``.  Private helpers may
go without.  The hints are read from the source (`ast`), not checked for truth: a type checker is not
part of the suite (mypy over the packages, with ``--ignore-missing-imports``, is how they were checked).
"""
import ast
from pathlib import Path

import pytest

from conftest import REPO

PACKAGES = ("widgets", "classpulse", "labserver")


def unhinted(path: Path) -> list[str]:
    """The public functions of the module at `path` that lack a hint, with what they lack."""
    missing = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and not child.name.startswith("_"):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if child.name.startswith("_") and child.name != "__init__":
                    continue
                arguments = child.args
                named = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
                lacking = [a.arg for a in named if a.annotation is None and a.arg not in ("self", "cls")]
                lacking += [f"*{a.arg}" for a in (arguments.vararg, arguments.kwarg) if a and a.annotation is None]
                if child.returns is None:
                    lacking.append("return")
                if lacking:
                    missing.append(f"{path.relative_to(REPO)}:{child.lineno} {prefix}{child.name}: {', '.join(lacking)}")

    visit(ast.parse(path.read_text(), filename=str(path)), "")
    return missing


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_function_has_hints(package):
    found = [line for path in sorted((REPO / package).rglob("*.py")) for line in unhinted(path)]
    assert found == [], f"{len(found)} public functions without hints:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_says_it_is_typed(package):
    assert (REPO / package / "py.typed").is_file()


def test_a_function_without_hints_is_found(tmp_path, monkeypatch):
    """The check is not empty: an unhinted public function, method or ``**kwargs`` is named, a private one is not."""
    module = tmp_path / "planted.py"
    module.write_text(
        "def shown(x: int): ...\n"
        "def _hidden(x): ...\n"
        "class Box:\n"
        "    def __init__(self, **kwargs) -> None: ...\n"
        "    def put(self, x: int) -> None: ...\n"
    )
    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    assert unhinted(module) == ["planted.py:1 shown: return", "planted.py:4 Box.__init__: *kwargs"]
