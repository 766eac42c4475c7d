"""The class pulse stands without the widget stack (issue 45): every module of `classpulse` imports with
ipywidgets, bqplot, traitlets, comm and IPython made unimportable, as the hub's pulse service runs.

`tests/project/test_layers.py` reads the imports; this runs them, so an import that reaches the widget
stack through another module (a layer of `widgets` that loads ipywidgets) is caught too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

IMPORT_EVERY_MODULE = """
import importlib, pkgutil, sys

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("ipywidgets", "bqplot", "traitlets", "comm", "IPython"):
            raise ImportError(f"{name} is not available")

sys.meta_path.insert(0, Refuse())
import classpulse
names = [m.name for m in pkgutil.iter_modules(classpulse.__path__)]
for name in names:
    importlib.import_module(f"classpulse.{name}")
print(len(names), classpulse.__file__)
"""


def import_every_module(folder: Path) -> subprocess.CompletedProcess:
    """Import every module of the `classpulse` in `folder`, the repository's `widgets` beside it, in a fresh
    interpreter that cannot import the widget stack."""
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(REPO)])}
    return subprocess.run([sys.executable, "-c", IMPORT_EVERY_MODULE], cwd=folder, env=environment,
                          capture_output=True, text=True, timeout=60)


def test_every_classpulse_module_imports_without_the_widget_stack():
    done = import_every_module(REPO)
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
    done = import_every_module(tmp_path)
    assert done.returncode != 0 and "is not available" in done.stderr, done.stdout
    assert "classpulse/planted.py" in done.stderr
