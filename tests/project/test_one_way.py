"""The rules of architecture.md's "One way to do each thing" that can be read off the source.

Each test reads the package's modules (their syntax trees, nothing is imported) and names the
place that breaks a rule, so a new module that writes its own coloured message, or a new view
whose observers can run before its parts exist, fails here rather than in a learner's page.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("widgets", "classpulse")

#: The feedback colours, by name and by value (alerts.py defines them once).
FEEDBACK_NAMES = {"ERROR_COLOR", "SUCCESS_COLOR", "WARNING_COLOR"}
FEEDBACK_VALUES = re.compile(r"--matmul-(error|success|warning)|#a94442|#1e7e34|#8a6d3b", re.IGNORECASE)


def modules() -> list[Path]:
    """Every module of the packages, sorted."""
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of a module's docstring constants (their examples may quote a colour's value)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def own_colours(source: str) -> list[str]:
    """Where `source` writes a feedback colour itself: an f-string's ``color:{...}`` in a module that
    imports a feedback colour, or a colour's value in a string that is not a docstring."""
    tree = ast.parse(source)
    imports_one = any(
        isinstance(node, ast.ImportFrom) and any(alias.name in FEEDBACK_NAMES for alias in node.names)
        for node in ast.walk(tree)
    )
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if imports_one and isinstance(node, ast.JoinedStr):
            for before, after in zip(node.values, node.values[1:]):
                if (isinstance(before, ast.Constant) and isinstance(after, ast.FormattedValue)
                        and re.search(r"(?<![-\w])color:\s*$", str(before.value))):
                    found.append(f"line {node.lineno}: color:{{{ast.unparse(after.value)}}}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
              and FEEDBACK_VALUES.search(node.value)):
            found.append(f"line {node.lineno}: {node.value[:60]!r}")
    return found


def test_only_alerts_writes_the_feedback_colours() -> None:
    """`alert_html` and `feedback_html` write every message in a feedback colour (a check's feedback,
    a verdict, a failure): a colour written twice drifts, as Check's and the verdicts' did."""
    offenders = {}
    for path in modules():
        name = path.relative_to(ROOT).as_posix()
        if name == "widgets/text/alerts.py":
            continue
        if found := own_colours(path.read_text(encoding="utf-8")):
            offenders[name] = found
    assert not offenders, f"write these through widgets.text.alerts.feedback_html: {offenders}"


def test_the_colour_reader_finds_a_planted_one() -> None:
    """The reader sees both ways a module could write a colour of its own."""
    assert own_colours(
        "from .alerts import ERROR_COLOR\nCOLORS = {1: ERROR_COLOR}\nx = f'<div style=\"color:{COLORS[1]}\">'\n"
    )
    assert own_colours("x = '<b style=\"color:var(--matmul-error, #a94442)\">'\n")
    assert not own_colours('"""<div style="color:#a94442">"""\nfrom .alerts import ERROR_COLOR, feedback_html\n'
                           "x = feedback_html('no', ERROR_COLOR)\ny = f'<b style=\"border:1px solid {x}\">'\n")


def _observed(method: ast.FunctionDef) -> list[str]:
    """The traits an ``@observe(...)`` method observes, or [] for any other method."""
    return [
        arg.value for decorator in method.decorator_list
        if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "observe"
        for arg in decorator.args if isinstance(arg, ast.Constant)
    ]


def _self_names(node: ast.AST, kind: type) -> set[str]:
    """The ``self.<name>`` under `node` read (kind `ast.Load`) or assigned (`ast.Store`)."""
    return {
        sub.attr for sub in ast.walk(node)
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self"
        and isinstance(sub.ctx, kind)
    }


def _reached(methods: dict[str, ast.FunctionDef], start: str) -> set[str]:
    """What `start` reads of ``self``, through the methods of its class it calls, transitively."""
    seen, todo, read = set(), [start], set()
    while todo:
        name = todo.pop()
        if name in seen or name not in methods:
            continue
        seen.add(name)
        names = _self_names(methods[name], ast.Load)
        read |= names
        todo.extend(names & set(methods))
    return read


def _declares_ready(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """Whether `cls`, or a base class of the package, says ``_ready = False`` in its body."""
    for statement in cls.body:
        if (isinstance(statement, ast.Assign) and [ast.unparse(t) for t in statement.targets] == ["_ready"]
                and isinstance(statement.value, ast.Constant) and statement.value.value is False):
            return True
    return any(_declares_ready(classes[base.id], classes) for base in cls.bases
               if isinstance(base, ast.Name) and base.id in classes and classes[base.id] is not cls)


def early_observers(source: str, classes: dict[str, ast.ClassDef] | None = None) -> list[str]:
    """The observers in `source` that can run inside ``super().__init__`` (their trait is not a named
    parameter of ``__init__``, so it comes through ``**kwargs``) and then read a part ``__init__``
    builds, but are not held back by a class-level ``_ready = False`` set True in ``__init__``."""
    tree = ast.parse(source)
    own = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    classes = {**(classes or {}), **own}
    found = []
    for cls in own.values():
        methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
        init = methods.get("__init__")
        if init is None:
            continue
        named = {a.arg for a in (*init.args.args, *init.args.kwonlyargs)}
        built = _self_names(init, ast.Store) - {"_ready"}
        ready = _declares_ready(cls, classes) and "_ready" in _self_names(init, ast.Store)
        for name, method in methods.items():
            early = [trait for trait in _observed(method) if trait not in named]
            if early and _reached(methods, name) & built and not (ready and "_ready" in _self_names(method, ast.Load)):
                found.append(f"{cls.name}.{name} (observes {', '.join(early)})")
    return found


def _all_classes() -> dict[str, ast.ClassDef]:
    """Every class of the widget stack by name (for `_ready` declared by a base class)."""
    return {
        node.name: node for path in modules() if path.parts[-2] not in ("core", "text")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.ClassDef)
    }


def test_observers_wait_for_the_parts_they_draw() -> None:
    """A trait given as a keyword reaches `super().__init__`, whose observers then run before the
    parts exist (``Practice(skill, review=record)`` and ``Reveal(view, opened=True)`` raised
    AttributeError): the class says ``_ready = False``, ``__init__`` sets it True, the observer checks it."""
    classes = _all_classes()
    offenders = {
        path.relative_to(ROOT).as_posix(): found for path in modules()
        if (found := early_observers(path.read_text(encoding="utf-8"), classes))
    }
    assert not offenders, f"hold these back until __init__ has built the parts (`_ready`): {offenders}"


def test_ready_is_a_flag() -> None:
    """``_ready`` means one thing: False until ``__init__`` has built the parts, then True."""
    misused = [
        f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"
        for path in modules() for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign) and any(ast.unparse(t) in ("_ready", "self._ready") for t in node.targets)
        and not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, bool))
    ]
    assert not misused, f"_ready set to something other than True or False: {misused}"


def test_the_observer_reader_finds_a_planted_one() -> None:
    """An observer of a keyword trait that draws a part fails the rule until `_ready` holds it back."""
    planted = (
        "class View(VBox):\n"
        "    {ready}\n"
        "    def __init__(self, matrix, **kwargs):\n"
        "        super().__init__(**kwargs)\n"
        "        self._table = HTML()\n"
        "        {done}\n"
        "    @observe('name')\n"
        "    def _on_name(self, change):\n"
        "        {guard}self._draw()\n"
        "    def _draw(self):\n"
        "        self._table.value = self.name\n"
    )
    assert early_observers(planted.format(ready="pass", done="pass", guard=""))
    assert early_observers(planted.format(ready="_ready = False", done="self._ready = True", guard=""))
    assert not early_observers(planted.format(
        ready="_ready = False", done="self._ready = True", guard="if self._ready: "))
    assert not early_observers(planted.replace("matrix, **kwargs", "name, **kwargs").format(
        ready="pass", done="pass", guard=""))


def test_a_trait_given_as_a_keyword_waits_for_the_parts() -> None:
    """The two observers the rule caught, as a caller meets them: each raised AttributeError before."""
    from ipywidgets import HTML

    from widgets import Check, Practice, Reveal
    from widgets.controls.practice import SKILLS
    from widgets.core.progress_record import PracticeRecord

    practice = Practice(next(iter(SKILLS)), seed=3, review=PracticeRecord())
    assert practice.seed == 3 and not practice.started
    check = Check("2 + 2?", 4.0)
    panel = Reveal(HTML("4"), after=[check], opened=True, holds_answer=True)
    assert panel.view in panel.children and check.shown  # open, and the answer it holds counts as seen


#: Modules of widgets/labs that are not one lab's composite: the attention explorer's kit (shared by
#: labs 7 to 10, its parts named ``attention-*``), the reveals of a score's parts (the view they hold is
#: named by the caller) and the naming helper itself.
NOT_COMPOSITES = re.compile(r"attention_\w+|naming|__init__")

#: A class a part shares with every control of its kind, rather than a name of its composite.
SHARED_CLASSES = {"check-feedback"}


def unnamed_parts(source: str) -> list[str]:
    """What breaks the naming rule in a module of lab composites: a widget class whose ``__init__``
    takes no ``prefix``, or does not hand it to ``tag_parts``, or gives a part a class by hand."""
    found = []
    for cls in (node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)):
        init = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        if init is None or not cls.bases:
            continue
        if "prefix" not in {a.arg for a in (*init.args.args, *init.args.kwonlyargs)}:
            found.append(f"{cls.name} takes no prefix=")
        calls = [node for node in ast.walk(init) if isinstance(node, ast.Call)]
        if not any(ast.unparse(call.func) == "tag_parts" and call.args and ast.unparse(call.args[0]) == "prefix"
                   for call in calls):
            found.append(f"{cls.name} does not name its parts with tag_parts(prefix, ...)")
        for call in calls:
            func = call.func
            if (isinstance(func, ast.Attribute) and func.attr == "add_class" and ast.unparse(func.value) != "self"
                    and not (call.args and isinstance(call.args[0], ast.Constant)
                             and call.args[0].value in SHARED_CLASSES)):
                found.append(f"{cls.name} line {call.lineno}: a part's class by hand, {ast.unparse(call)[:60]}")
    return found


def test_lab_composites_name_their_parts_by_prefix() -> None:
    """Every lab composite takes ``prefix=`` and names its parts ``{prefix}-{name}`` through `tag_parts`,
    so a lab's tests and style sheet find them under the lab's name, and a part never under two."""
    offenders = {
        path.name: found for path in sorted((ROOT / "widgets" / "labs").glob("*.py"))
        if not NOT_COMPOSITES.fullmatch(path.stem) and (found := unnamed_parts(path.read_text(encoding="utf-8")))
    }
    assert not offenders, offenders


def test_the_part_reader_finds_a_planted_one() -> None:
    """A composite without prefix=, or one that names a part by hand, fails the rule."""
    good = (
        "class Steps(OwnsChildren, VBox):\n"
        "    def __init__(self, A, *, prefix='steps', **kwargs):\n"
        "        self.status = HTML()\n"
        "        tag_parts(prefix, {'status': self.status})\n"
        "        self.add_class('steps')\n"
    )
    assert not unnamed_parts(good)
    assert unnamed_parts(good.replace("*, prefix='steps', ", ""))
    assert unnamed_parts(good.replace("self.add_class('steps')", "self.status.add_class('steps-status')"))


def test_a_notebook_names_its_pieces_by_its_own_number() -> None:
    """The classes a lab's notebook gives what it places (``labNN-check``) and the prefixes it passes
    carry its own number: a cell copied from another lab and left unrenamed fails here."""
    from harness.notebooks import notebook_cells

    wrong = []
    for path in sorted((ROOT / "labs").glob("[0-9][0-9]-*.ipynb")):
        for cell in notebook_cells(path):
            if cell.cell_type == "code":
                wrong += [f"{path.name}: {m.group(0)}" for m in re.finditer(r"\blab(\d\d)-", cell.source)
                          if m.group(1) != path.name[:2]]
                wrong += [f"{path.name}: {m.group(0)}" for m in re.finditer(r"prefix=[\"']lab(\d\d)\b", cell.source)
                          if m.group(1) != path.name[:2]]
    assert not wrong, wrong


#: The writers of a ``<style>`` element: rules that change while the page runs and reach inside a
#: widget's DOM (a cell's tint, a refused entry, the presenter's zoom), which no Layout can set.
STYLE_WRITERS = {"widgets/controls/matrix_cells.py", "widgets/controls/slider_entry.py", "widgets/text/bar_words.py"}


def style_elements(source: str) -> list[int]:
    """The lines of `source` whose string (a docstring aside) writes a ``<style>`` element."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    return sorted({node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant)
                   and isinstance(node.value, str) and "<style" in node.value and id(node) not in docstrings})


def test_style_elements_only_where_a_rule_changes_at_run_time() -> None:
    """A part's look is its class in the template's CSS, its box its Layout; a ``<style>`` inside an
    HTML value is for the three run-time rules alone (a notebook writes none)."""
    offenders = {
        path.relative_to(ROOT).as_posix(): lines for path in modules()
        if path.relative_to(ROOT).as_posix() not in STYLE_WRITERS
        and (lines := style_elements(path.read_text(encoding="utf-8")))
    }
    from harness.notebooks import notebook_cells

    offenders |= {path.name: ["<style>"] for path in sorted((ROOT / "labs").glob("*.ipynb"))
                  if any("<style" in cell.source for cell in notebook_cells(path))}
    assert not offenders, f"style these by a class in matmul_layout.css: {offenders}"
    assert all(style_elements((ROOT / name).read_text(encoding="utf-8")) for name in STYLE_WRITERS)


def test_the_style_reader_finds_a_planted_one() -> None:
    """A ``<style>`` in a string is found, in a docstring it is not."""
    assert style_elements('"""Shows <style>."""\nCSS = "<style>p {}</style>"\n') == [2]


def hand_built_guards(source: str) -> list[str]:
    """The flags in `source` raised with ``self.x = True`` and lowered in a ``finally``: a Guard by hand."""
    found = []
    for function in (n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)):
        raised = {ast.unparse(target) for node in ast.walk(function) if isinstance(node, ast.Assign)
                  and isinstance(node.value, ast.Constant) and node.value.value is True for target in node.targets}
        found += [
            f"{function.name}: {ast.unparse(target)}"
            for node in ast.walk(function) if isinstance(node, ast.Try)
            for statement in node.finalbody if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant) and statement.value.value is False
            for target in statement.targets if ast.unparse(target) in raised
        ]
    return found


def test_echoes_are_ignored_through_a_guard() -> None:
    """``with self._writing:`` (a `Guard`) raises the flag and lowers it after an error, and nests; a
    flag set and reset by hand does neither once two writes overlap."""
    offenders = {
        path.relative_to(ROOT).as_posix(): found for path in modules()
        if (found := hand_built_guards(path.read_text(encoding="utf-8")))
    }
    assert not offenders, f"use widgets.base.guard.Guard: {offenders}"


def test_the_guard_reader_finds_a_planted_one() -> None:
    """A flag lowered in a ``finally`` is found; a Guard is not."""
    planted = "def f(self):\n    self._busy = True\n    try:\n        g()\n    finally:\n        self._busy = False\n"
    assert hand_built_guards(planted) == ["f: self._busy"]
    assert not hand_built_guards("def f(self):\n    with self._writing:\n        g()\n")


def loose_stores(source: str) -> list[int]:
    """The lines of `source` that make a `DeviceStore` other than as ``self._keep_store``'s first argument."""
    tree = ast.parse(source)
    kept = {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call)
            and ast.unparse(node.func) == "self._keep_store" and node.args}
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and ast.unparse(node.func) == "DeviceStore" and id(node) not in kept]


def test_a_device_store_is_kept_through_keeps_store() -> None:
    """A store observed directly goes deaf for good when its view does not answer in time;
    ``_keep_store`` renews it.  Only device_store.py (its examples and `renewed`) makes one otherwise."""
    offenders = {
        name: lines for path in modules() if (name := path.relative_to(ROOT).as_posix())
        != "widgets/controls/device_store.py" and (lines := loose_stores(path.read_text(encoding="utf-8")))
    }
    assert not offenders, f"keep these through KeepsStore._keep_store: {offenders}"
    assert loose_stores("store = DeviceStore(key='lab')\nstore.observe(f, names='status')\n") == [1]
    assert not loose_stores("self._keep_store(DeviceStore(key='lab'), f, 'status')\n")
