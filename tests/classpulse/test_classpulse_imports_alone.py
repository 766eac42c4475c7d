"""The class pulse stands without the widget stack (issue 45): every module of `classpulse` imports with
ipywidgets, bqplot, traitlets, comm and IPython made unimportable, as the hub's pulse service runs.

`tests/project/test_layers.py` reads the imports; this runs them, so an import that reaches the widget
stack through another module (a layer of `widgets` that loads ipywidgets) is caught too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.alone import without_widget_stack
from harness.voila import REPO

IMPORT_EVERY_MODULE = """
import importlib, pkgutil
import classpulse
names = [m.name for m in pkgutil.iter_modules(classpulse.__path__)]
for name in names:
    importlib.import_module(f"classpulse.{name}")
print(len(names), classpulse.__file__)
"""


def test_every_classpulse_module_imports_without_the_widget_stack():
    done = without_widget_stack(IMPORT_EVERY_MODULE)
    assert done.returncode == 0, done.stderr
    count, where = done.stdout.split()
    assert int(count) >= 8 and Path(where) == REPO / "classpulse" / "__init__.py"


@pytest.mark.parametrize("line", [
    "import ipywidgets\n",
    "from widgets.lecture.pulse import PulseRecorder\n",  # ipywidgets through a layer of widgets
])
def test_a_planted_widget_import_is_caught(tmp_path, line):
    shutil.copytree(REPO / "classpulse", tmp_path / "classpulse", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "classpulse" / "planted.py").write_text(line)
    done = without_widget_stack(IMPORT_EVERY_MODULE, tmp_path)
    assert done.returncode != 0 and "is not available" in done.stderr, done.stdout
    assert "classpulse/planted.py" in done.stderr
