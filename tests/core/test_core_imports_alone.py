"""The math layer stands alone: `widgets.core` imports with the widget stack made unimportable."""

import subprocess
import sys

from harness.alone import without_widget_stack

IMPORT_EVERY_CORE_MODULE = """
import importlib, pkgutil
import widgets
import widgets.core
names = [m.name for m in pkgutil.iter_modules(widgets.core.__path__)]
for name in names:
    importlib.import_module(f"widgets.core.{name}")
from widgets import parse_number, softmax_rows, check_product_shapes  # lazy names from core
print(len(names), parse_number("3/4"))
"""


def test_every_core_module_imports_without_ipywidgets_or_bqplot():
    done = without_widget_stack(IMPORT_EVERY_CORE_MODULE)
    assert done.returncode == 0, done.stderr
    count, value = done.stdout.split()
    assert int(count) >= 15 and value == "0.75"


def test_a_core_module_importing_the_widget_stack_is_caught():
    done = without_widget_stack(IMPORT_EVERY_CORE_MODULE.replace("import widgets.core", "import widgets.core\nimport traitlets"))
    assert done.returncode == 1 and "traitlets is not available" in done.stderr


def test_import_widgets_loads_no_widget_module():
    done = subprocess.run(
        [sys.executable, "-c", "import sys, widgets; print(sorted(m for m in sys.modules "
         "if m.split('.')[0] in ('ipywidgets', 'bqplot') or m.startswith('widgets.')))"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
