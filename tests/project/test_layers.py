"""Each layer of `widgets/` imports only the layers below it (issue 24), and the packages beside it theirs.

The layers and what each may import are stated once, here (`ALLOWED`); the test
reads every module's import statements (relative or absolute, at any depth, in
a function too) and fails on any other edge, naming the module and the import.
`widgets/__init__.py` is the package's index of public names and may name any
layer.  Beside `widgets`, the class pulse (`classpulse`, issue 45) and the servers
(`labserver`) are a layer each (`PACKAGES`): the class pulse keeps no widget, so it
imports the math layer alone and none of the widget stack (`WIDGET_STACK`), and
only the lecture and the servers use it, through the names of its ``__init__``.
Only `views` draws: no other layer imports bqplot (`DRAWS`).  Core, the math, the
labs' composites and lecture, which compute what a page says, write no HTML or LaTeX
(`markup_in`): that is text's work.
docs/architecture.md draws the same picture.
"""
import ast
import re
from pathlib import Path

import pytest

from conftest import REPO
from harness.alone import WIDGET_STACK  # what the class pulse never imports

#: What each layer may import, besides itself: the layers of `widgets`, then the packages beside it.
ALLOWED = {
    "core": set(),
    "text": {"core"},
    "base": {"text", "core"},
    "controls": {"base", "text", "core"},
    "views": {"base", "text", "core"},
    "lecture": {"views", "controls", "base", "text", "core", "classpulse"},
    "labs": {"views", "controls", "base", "text", "core"},
    "classpulse": {"core"},
    "labserver": {"classpulse", "text", "core"},
}

#: The packages beside `widgets`, each one layer of `ALLOWED`.
PACKAGES = ("classpulse", "labserver")



#: The one layer that builds bqplot marks, scales, axes and figures.
DRAWS = "views"


def imports(path: Path, root: Path) -> set[str]:
    """The dotted names of every module the file at `path` imports, relative ones resolved from `root`,
    the folder that holds the packages."""
    parts = path.relative_to(root).with_suffix("").parts
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


def layer_of(name: str) -> str | None:
    """The layer a dotted module name is in: ``""`` for one that is not the project's, None for the
    index `widgets` itself."""
    top, _, rest = name.partition(".")
    if top in PACKAGES:
        return top
    if top == "widgets":
        return rest.split(".")[0] or None
    return ""


def layer_violations(root: Path) -> list[str]:
    """Every import in the packages under `root` that leaves a layer for one it may not use, or for no
    layer; that reaches into a module of `classpulse` from outside it; or that takes the class pulse
    into the widget stack."""
    violations = []
    files = [path for path in (root / "widgets").rglob("*.py") if len(path.relative_to(root).parts) > 2]
    files += [path for package in PACKAGES for path in (root / package).rglob("*.py")]
    for path in sorted(files):
        where = path.relative_to(root)
        layer = where.parts[1] if where.parts[0] == "widgets" else where.parts[0]
        if layer not in ALLOWED:
            violations.append(f"{where}: in no layer (ALLOWED names them)")
            continue
        for name in sorted(imports(path, root)):
            target = layer_of(name)
            if target == "" and not (layer == "classpulse" and name.split(".")[0] in WIDGET_STACK):
                continue  # the standard library's or another project's, which the layers may use
            if target != layer and target not in ALLOWED[layer]:
                violations.append(f"{where} imports {name}")
            elif target == "classpulse" != layer and name != "classpulse":
                violations.append(f"{where} imports {name}: use the names of classpulse/__init__.py")
    return violations


def drawing_outside_views(package: Path) -> list[str]:
    """Every module outside `DRAWS` that imports bqplot: plots are built by a view, which the others use."""
    return [
        f"{path.relative_to(package.parent)} imports {name}"
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] != DRAWS
        for name in sorted(imports(path, package.parent))
        if name.split(".")[0] == "bqplot"
    ]


def test_every_layer_imports_only_the_layers_below_it():
    assert layer_violations(REPO) == []


def test_every_folder_of_the_package_is_a_layer():
    folders = {p.name for p in (REPO / "widgets").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(ALLOWED) - set(PACKAGES)


def empty_package(tmp_path: Path) -> Path:
    """A package ``widgets`` under `tmp_path` with every layer's folder, and the packages beside it, empty:
    where a test plants an import."""
    for layer in ALLOWED:
        folder = tmp_path / layer if layer in PACKAGES else tmp_path / "widgets" / layer
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
    return tmp_path / "widgets"


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("widgets/core/math.py", "from ..controls.check import Check\n"),
        ("widgets/base/guard.py", "from widgets.views import heatmap\n"),
        ("widgets/controls/editor.py", "def f():\n    from ..labs import row_picture\n"),
        ("widgets/views/plot.py", "from .. import controls\n"),
        ("widgets/text/words.py", "import widgets.lecture.bar\n"),
        ("widgets/views/board.py", "from classpulse import PulseStore\n"),  # only the lecture uses the pulse
        ("widgets/core/math.py", "import labserver.kernels\n"),
        ("classpulse/pulse_store.py", "from widgets.text.alerts import alert_html\n"),
        ("classpulse/pulse_store.py", "def f():\n    import ipywidgets\n"),
        ("classpulse/pulse_board.py", "from traitlets import Int\n"),
        ("classpulse/pulse_lines.py", "from labserver.pulse_rate import SenderRate\n"),
        ("widgets/lecture/pulse.py", "from classpulse.pulse_store import PulseStore\n"),  # past its __init__
        ("labserver/pulse_service.py", "from classpulse.pulse_sender import EVENTS_PATH\n"),
        ("labserver/pulse_service.py", "from widgets.lecture.pulse_board import refusal\n"),
    ],
)
def test_a_planted_upward_import_is_caught(tmp_path, module, line):
    empty_package(tmp_path)
    (tmp_path / "classpulse" / "pulse_answer.py").write_text("from widgets.core.shapes import format_shape\n")
    (tmp_path / "widgets" / "lecture" / "bar.py").write_text("from classpulse import PulseStore\n")
    (tmp_path / "labserver" / "pulse.py").write_text("from classpulse import CATALOGUE\nimport tornado\n")
    assert layer_violations(tmp_path) == []  # what is allowed is not caught
    (tmp_path / module).write_text(line)
    assert len(layer_violations(tmp_path)) == 1


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
