"""The fast tier (`make test-fast`) stays fast: collecting it imports neither Playwright nor a
browser test, so it runs where no browser is installed."""
from __future__ import annotations

import shlex
import subprocess
import sys

from harness.voila import REPO

# Collects with pytest in a fresh interpreter, then prints the Playwright modules it loaded.
COLLECT = """
import sys, pytest
code = pytest.main(sys.argv[1:])
print("PLAYWRIGHT", sorted(name for name in sys.modules if name.split(".")[0] == "playwright"))
sys.exit(code)
"""


def fast_tier_args() -> list[str]:
    """The pytest arguments of `make test-fast`, as make would run them, without the workers.

    Collection happens in the workers under pytest-xdist (``-n``): without them
    it happens in the one process that the check below inspects.
    """
    dry_run = subprocess.run(["make", "-n", "test-fast"], cwd=REPO, capture_output=True, text=True, check=True)
    command = next(shlex.split(line) for line in dry_run.stdout.splitlines() if " -m pytest " in line)
    args = command[command.index("pytest") + 1:]
    if "-n" in args:
        del args[args.index("-n"):args.index("-n") + 2]
    return args


def test_the_fast_tier_collects_no_browser_test_and_never_imports_playwright():
    args = fast_tier_args()
    run = subprocess.run(
        [sys.executable, "-c", COLLECT, *args, "--collect-only", "-p", "no:cacheprovider"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    collected = [line for line in run.stdout.splitlines() if "::" in line]
    assert len(collected) > 500, run.stdout[-3000:]  # the whole fast tier, not an empty run
    assert not [line for line in collected if line.startswith(("tests/browser/", "tests/notebooks/"))]
    assert "PLAYWRIGHT []" in run.stdout.splitlines(), run.stdout[-3000:]
