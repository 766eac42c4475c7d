"""Each layer of `widgets/` imports only the layers below it (issue 24).

The layers and what each may import are stated once, here (`ALLOWED`); the test
reads every module's import statements (relative or absolute, at any depth, in
a function too) and fails on any other edge, naming the module and the import.
`widgets/__init__.py` is the package's index of public names and may name any
layer.  Only `views` draws: no other layer imports bqplot (`DRAWS`).  Core, the math, the
labs' composites and lecture, which compute what a page says, write no HTML or LaTeX
(`markup_in`): that is text's work.
docs/architecture.md draws the same picture.
"""
import ast
import re
from pathlib import Path

import pytest

from conftest import REPO

#: What each layer may import, besides itself.
ALLOWED = {
    "core": set(),
    "text": {"core"},
    "base": {"core"},
    "controls": {"base", "text", "core"},
    "views": {"base", "text", "core"},
    "lecture": {"views", "controls", "base", "text", "core"},
    "labs": {"views", "controls", "base", "text", "core"},
}


#: The one layer that builds bqplot marks, scales, axes and figures.
DRAWS = "views"


def imports(path: Path, package: Path) -> set[str]:
    """The dotted names of every module the file at `path` imports, the package's resolved."""
    parts = path.relative_to(package.parent).with_suffix("").parts
    here = parts[:-1]  # the package the file is in (for __init__.py, its own)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(here[: len(here) - node.level + 1])
                target = ".".join(base + ([node.module] if node.module else []))
                if node.module:
                    found.add(target)
                else:
                    found.update(f"{target}.{alias.name}" for alias in node.names)
            else:
                found.add(node.module)
    return found


def imported_modules(path: Path, package: Path) -> set[str]:
    """The dotted names of the package's modules that the file at `path` imports."""
    return {name for name in imports(path, package) if name.split(".")[0] == package.name}


def layer_violations(package: Path) -> list[str]:
    """Every import in `package` that leaves a layer for one it may not use, or for no layer."""
    violations = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).parts
        if len(rel) == 1:
            continue  # the package's own index
        layer = rel[0]
        if layer not in ALLOWED:
            violations.append(f"{path.relative_to(package.parent)}: in no layer (ALLOWED names them)")
            continue
        for name in sorted(imported_modules(path, package)):
            target = name.split(".")[1] if "." in name else None
            if target != layer and target not in ALLOWED[layer]:
                violations.append(f"{path.relative_to(package.parent)} imports {name}")
    return violations


def drawing_outside_views(package: Path) -> list[str]:
    """Every module outside `DRAWS` that imports bqplot: plots are built by a view, which the others use."""
    return [
        f"{path.relative_to(package.parent)} imports {name}"
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] != DRAWS
        for name in sorted(imports(path, package))
        if name.split(".")[0] == "bqplot"
    ]


def test_every_layer_imports_only_the_layers_below_it():
    assert layer_violations(REPO / "widgets") == []


def test_every_folder_of_the_package_is_a_layer():
    folders = {p.name for p in (REPO / "widgets").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(ALLOWED)


def empty_package(tmp_path: Path) -> Path:
    """A package ``widgets`` under `tmp_path` with every layer's folder, empty: where a test plants an import."""
    package = tmp_path / "widgets"
    for layer in ALLOWED:
        (package / layer).mkdir(parents=True)
        (package / layer / "__init__.py").write_text("")
    return package


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("core/math.py", "from ..controls.check import Check\n"),
        ("base/guard.py", "from widgets.views import heatmap\n"),
        ("controls/editor.py", "def f():\n    from ..labs import row_picture\n"),
        ("views/plot.py", "from .. import controls\n"),
        ("text/words.py", "import widgets.lecture.bar\n"),
    ],
)
def test_a_planted_upward_import_is_caught(tmp_path, module, line):
    package = empty_package(tmp_path)
    (package / module).write_text(line)
    assert len(layer_violations(package)) == 1


def test_only_views_import_bqplot():
    assert drawing_outside_views(REPO / "widgets") == []


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("labs/plot.py", "from bqplot import Lines\n"),
        ("lecture/board.py", "def f():\n    import bqplot.marks\n"),
        ("core/frame.py", "import bqplot\n"),
    ],
)
def test_a_planted_bqplot_import_outside_views_is_caught(tmp_path, module, line):
    package = empty_package(tmp_path)
    (package / "views" / "plot.py").write_text("from bqplot import Figure\n")  # allowed: a view draws
    (package / module).write_text(line)
    assert [found.split(" imports ")[0] for found in drawing_outside_views(package)] == [f"widgets/{module}"]


# -- what core, labs and lecture write ----------------------------------------------------

#: Markup a string would be writing for a page: a LaTeX command, math-mode dollars, an HTML tag or entity.
MARKUP = re.compile(r"\\(?:begin|end|frac|tfrac|mathbf|mathbb|mathrm|hat|times|cdot|quad|operatorname|text|ln|sqrt|top)\b|\\,"
                    r"|</?(?:a|b|i|sup|sub|p|span|table|tr|th|td|div|code|br|h[1-6]|ul|li|style)\b|\$|&nbsp;")


def markup_in(layer: Path) -> list[str]:
    """Every string of the `layer` folder that holds HTML or LaTeX, as ``path:line``: docstrings (which may
    show LaTeX) and the patterns `re.compile` reads a learner's copied LaTeX with are not written out."""
    found = []
    for path in sorted(layer.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        skipped = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                skipped.add(id(body[0].value))  # a docstring
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "re.compile":
                skipped.update(id(arg) for arg in ast.walk(node))
        found += sorted({
            f"{path.relative_to(layer.parent)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped
            and MARKUP.search(node.value)
        })
    return found


@pytest.mark.parametrize("layer", ["core", "labs", "lecture"])
def test_core_labs_and_lecture_write_no_html_or_latex(layer):
    """Issue 24: formatting lives in widgets/text (a number or a matrix for a page, a practice problem's
    words, a composite's sentences and alerts, the lecture pages' sentences)."""
    assert markup_in(REPO / "widgets" / layer) == []


@pytest.mark.parametrize("line", [
    'PROMPT = r"Compute $AB$."\n',
    'def f(M):\n    return rf"\\begin{{bmatrix}}{M}\\end{{bmatrix}}"\n',
    'def f(x):\n    return f"{x}<sup>2</sup>"\n',
])
def test_markup_planted_in_core_is_caught(tmp_path, line):
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "planted.py").write_text('"""A docstring may say $x$ and \\\\times."""\n' + line)
    assert markup_in(tmp_path / "core") == [f"core/planted.py:{1 + line.count(chr(10))}"]
