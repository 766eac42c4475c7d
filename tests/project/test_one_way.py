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

#: Status lines still colour themselves (not the author's files to change in issue 45; each
#: should write `feedback_html`): the test fails once one no longer does, so the list only shrinks.
NOT_YET = {"widgets/text/bar_words.py", "widgets/text/progress_words.py", "widgets/text/pulse_words.py"}


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
        if name == "widgets/text/alerts.py" or name in NOT_YET:
            continue
        if found := own_colours(path.read_text(encoding="utf-8")):
            offenders[name] = found
    assert not offenders, f"write these through widgets.text.alerts.feedback_html: {offenders}"


def test_the_status_lines_left_still_colour_themselves() -> None:
    """`NOT_YET` names only modules that still break the rule: one fixed leaves the list."""
    fixed = [name for name in sorted(NOT_YET) if not own_colours((ROOT / name).read_text(encoding="utf-8"))]
    assert not fixed, f"these keep the rule now: remove them from NOT_YET: {fixed}"


def test_the_colour_reader_finds_a_planted_one() -> None:
    """The reader sees both ways a module could write a colour of its own."""
    assert own_colours(
        "from .alerts import ERROR_COLOR\nCOLORS = {1: ERROR_COLOR}\nx = f'<div style=\"color:{COLORS[1]}\">'\n"
    )
    assert own_colours("x = '<b style=\"color:var(--matmul-error, #a94442)\">'\n")
    assert not own_colours('"""<div style="color:#a94442">"""\nfrom .alerts import ERROR_COLOR, feedback_html\n'
                           "x = feedback_html('no', ERROR_COLOR)\ny = f'<b style=\"border:1px solid {x}\">'\n")
