"""Every lab stays thin: its code cells build composites and checks and lay them out.

The wiring (observers, shared state, batched updates) belongs in tested classes
in `widgets/labs`, so a lab has no ``global`` and no hand-built ``hold_sync``,
and at most `MAX_LINES` lines of code outside its `Check(...)` definitions
(the calls, and the choices and numbers only they read).
The cell that applies the link's presets must run last (under Voila's
preheated kernels, reading the link waits for the page request), so it is the
last code cell and the only one that calls ``lecture.apply_url``.

Read as JSON (`harness.notebooks.notebook_cells`) and with `ast`; no kernel is started.
"""
from __future__ import annotations

import ast

import pytest

from conftest import REPO
from harness.notebooks import notebook_cells

LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))
MAX_LINES = 60


def code_cells(path):
    """The sources of the lab's code cells, in order."""
    return [cell.source for cell in notebook_cells(path) if cell.cell_type == "code"]


def _defines_check(node) -> bool:
    """A call to `Check`, or the lab's ``lab.ask(key, Check(...), tells=...)`` that asks it."""
    if not isinstance(node, ast.Call):
        return False
    if getattr(node.func, "id", None) == "Check":
        return True
    return getattr(node.func, "attr", None) == "ask" and any(_chained_on_check(arg) for arg in node.args)


def _chained_on_check(node) -> bool:
    """``Check(...)`` itself or with calls chained on it (``Check(...).add_class(...)``)."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        node = node.func.value
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Check"


def check_spans(trees):
    """Per cell, the line numbers (1-based) of its `Check` definitions.

    A definition is a call to `Check` (with what is chained on it, such as
    ``.add_class(...)``, and the ``lab.ask`` that asks it, its tells too), and an assignment at the top of a cell whose names
    are read only inside such calls: a check's choices, mistakes and numbers.
    """
    calls = [
        {line for node in ast.walk(tree) if _defines_check(node)
         for line in range(node.lineno, node.end_lineno + 1)}
        for tree in trees
    ]
    reads = [
        (node.id, node.lineno in inside) for tree, inside in zip(trees, calls) for node in ast.walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    ]
    only_checks = {name for name, in_check in reads if in_check} - {name for name, in_check in reads if not in_check}
    spans = []
    for tree, inside in zip(trees, calls):
        lines = set(inside)
        for statement in tree.body:
            if isinstance(statement, ast.Assign):
                names = {node.id for target in statement.targets for node in ast.walk(target)
                         if isinstance(node, ast.Name)}
                if names and names <= only_checks:
                    lines.update(range(statement.lineno, statement.end_lineno + 1))
        spans.append(lines)
    return spans


def code_lines(sources):
    """The lines of code outside `Check` definitions, over all code cells: not blank, not only a comment.

    >>> code_lines(["x = 1\\n\\n# why\\nc = Check(\\n    'Q?',\\n    1,\\n)\\nc", "N = 2\\nCheck('?', N)"])
    2
    >>> code_lines(["c = lab.ask('c', Check(\\n    'Q?',\\n    1,\\n).add_class('x'),\\n    tells=('1',))\\nc"])
    1
    """
    spans = check_spans([ast.parse(source) for source in sources])
    return sum(
        1 for source, inside in zip(sources, spans)
        for number, line in enumerate(source.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#") and number not in inside
    )


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_lab_code_only_builds_and_lays_out(path):
    cells = code_cells(path)
    trees = [ast.parse(source) for source in cells]
    globals_ = [node.names for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Global)]
    assert not globals_, f"{path.name}: `global {', '.join(globals_[0])}`: keep shared state in a class"
    assert not any("hold_sync" in source for source in cells), (
        f"{path.name} calls hold_sync: batch updates inside a tested class in widgets/labs"
    )
    count = code_lines(cells)
    assert count <= MAX_LINES, (
        f"{path.name} has {count} lines of code outside its Check definitions (at most {MAX_LINES}): "
        "move wiring into a class in widgets/labs and static prose into markdown"
    )


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_presets_are_applied_in_the_last_code_cell_only(path):
    cells = code_cells(path)
    calls = [
        index for index, source in enumerate(cells) for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "apply_url"
    ]
    assert calls == [len(cells) - 1], (
        f"{path.name}: lecture.apply_url is called in code cell(s) {calls} of {len(cells)} (0-based); "
        "it must be called once, in the last code cell"
    )


def class_names(tree):
    """The CSS classes (or class prefixes) a lab's code gives its widgets, as written.

    >>> class_names(ast.parse('x.add_class("lab03-order"); Y(prefix="lab03"); z.add_class(f"lab03-{k}")'))
    ['lab03-order', 'lab03', 'lab03-']
    """
    names = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        given = [node.args[0]] if getattr(node.func, "attr", None) == "add_class" and node.args else []
        given += [k.value for k in node.keywords if k.arg == "prefix"]
        for value in given:
            if isinstance(value, ast.JoinedStr):  # an f-string: what comes before the first {...}
                value = value.values[0] if value.values else ast.Constant("")
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                names.append(value.value)
    return names


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_css_classes_follow_one_scheme(path):
    # Lab NN's classes are labNN-<part>, so a selector names its lab the same way in every test.
    prefix = f"lab{path.name[:2]}"
    names = [name for source in code_cells(path) for name in class_names(ast.parse(source))]
    assert names, f"{path.name} names no part for CSS and tests"
    off = [name for name in names if name != prefix and not name.startswith(prefix + "-")]
    assert off == [], f"{path.name}: classes must be {prefix} or {prefix}-<part>"


@pytest.mark.parametrize("path", LABS, ids=lambda path: path.stem)
def test_every_check_has_help_in_three_levels(path):
    """A nudge, the method, the first step (widgets.text.practice_hints.HINT_LEVELS): help that fades."""
    for source in code_cells(path):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Check":
                hint = next((keyword.value for keyword in node.keywords if keyword.arg == "hint"), None)
                assert isinstance(hint, ast.Tuple) and len(hint.elts) == 3, (
                    f"{path.name}, line {node.lineno} of its cell: a check's hint=(nudge, method, first step)")
