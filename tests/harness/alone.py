"""Python code run in a fresh interpreter that cannot import the widget stack: how the tests show that a
package stands without ipywidgets and bqplot (the class pulse, `classpulse`; the math, `widgets.core`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .voila import REPO

#: The widget stack: what the math layer and the class pulse never import.
WIDGET_STACK = ("ipywidgets", "bqplot", "traitlets", "comm", "IPython")

_REFUSE = f"""
import sys

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {WIDGET_STACK!r}:
            raise ImportError(f"{{name}} is not available")

sys.meta_path.insert(0, Refuse())
"""


def without_widget_stack(code: str, folder: Path = REPO) -> subprocess.CompletedProcess:
    """Run `code` in a fresh interpreter in which importing the widget stack fails; the packages are
    found in `folder` first, then in the repository.

    >>> without_widget_stack("import ipywidgets").returncode
    1
    """
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(REPO)])}
    return subprocess.run([sys.executable, "-c", _REFUSE + code], cwd=folder, env=environment,
                          capture_output=True, text=True, timeout=60)
