"""Write ``classpulse/pulse_catalogue.json``, the labs' checks as the class pulse counts them.

Run it after adding, renaming or retitling a check, or adding a lab::

    .venv/bin/python tools/pulse_catalogue.py

Each notebook of ``labs/`` is run in this process, as a page view runs it,
and a `PulseRecorder` finds its checks and practices exactly as on the
lecture server (the names, places and titles a kernel records); each
practice's problems are drawn for `SEEDS` seeds to find how many parts they
can have.  ``tests/classpulse/test_pulse_catalogue.py`` fails when the file and
the labs disagree.  A tool, not part of the package.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from classpulse.pulse_catalogue import FILE, Catalogue, LabChecks
from widgets import Practice
from widgets.core.practice import make_problem
from widgets.lecture.pulse import PulseRecorder

#: The repository's labs.
LABS = Path(__file__).resolve().parent.parent / "labs"
#: Problems drawn per practice to find its most parts (a product has one part or two).
SEEDS = 300


class _Listing:
    """A store that keeps the checks a page view lists, and records nothing else."""

    def __init__(self) -> None:
        self.checks: list[tuple[str, int, str]] = []
        self.error = ""

    def record_visit(self, lab, visitor, checks=()):
        self.checks = list(checks)
        return True


def run_lab(path: Path) -> dict:
    """The names a lab's code cells leave, run in this process as a page view runs them."""
    namespace: dict = {"__name__": "__main__"}
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{path.name}[{index}]", "exec"), namespace)
    return namespace


def lab_checks(path: Path) -> LabChecks:
    """The checks of the lab at `path`, as its page's recorder lists them."""
    listing = _Listing()
    lecture = run_lab(path).get("lecture")  # the gallery and the review have no lecture bar, and no questions
    recorder = PulseRecorder(listing, path.stem).watch_all(lecture.lab.questions if lecture else {})
    parts = {name: max(len(make_problem(practice.skill, seed).parts) for seed in range(SEEDS))
             for name, practice in recorder.watched.items() if isinstance(practice, Practice)}
    after = {}
    for name, question in recorder.watched.items():  # a follow-up: inside parts that wait for earlier ones
        waits = {key for part in lecture.lab.held if part.reveal in lecture.lab.holders(question) for key in part.until}
        if waits:
            after[name] = len(waits)
    return LabChecks({check: title for check, _, title in listing.checks}, parts, after)


def read_labs(folder: Path = LABS) -> Catalogue:
    """The catalogue of every notebook in `folder` (the gallery and the review too: they have no checks)."""
    return Catalogue({path.stem: lab_checks(path) for path in sorted(folder.glob("*.ipynb"))})


def main() -> None:
    text = read_labs().to_json()
    Path(FILE).write_text(text, encoding="utf-8")
    print(f"wrote {FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
