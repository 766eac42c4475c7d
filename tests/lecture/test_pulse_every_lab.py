"""Every lab under the pulse: each check and practice it builds is recorded, under the same names on
every page view, and with the store missing every check still judges answers."""
from __future__ import annotations

from pathlib import Path

import pytest
from ipywidgets import RadioButtons, Text

from classpulse.pulse_store import PulseStore
from harness.notebooks import lab_namespace
from harness.pulse_breakage import BREAKAGES, SAYS, as_store_user, broken_store
from harness.voila import REPO
from widgets import Check, Practice
from widgets.lecture.pulse import PulseRecorder

LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))


def answer_everything(lab: dict) -> int:
    """Check one answer in every Check of the lab (practices started first); return how many.  A question
    the lab asked but kept under no name (lab 7's practice_query, held where it is asked) is found too."""
    found = {id(value): value for value in (*lab.values(), *lab["lecture"].lab.questions.values())}
    checks = [value for value in found.values() if isinstance(value, Check)]
    for practice in (value for value in found.values() if isinstance(value, Practice)):
        practice.seed = 1  # as a link's ?seed=1: one problem for every view (a product may have one part or two)
        practice.start()
        checks.extend(practice.checks)
    for check in checks:
        box = check.answer_input
        if isinstance(box, RadioButtons):
            box.value = check.choices[0]  # the lab's first option, by its text: the box's order is drawn
        elif isinstance(box, Text):
            box.value = "2x2" if box.placeholder == "rows×columns" else "1"
        # A matrix editor starts at 1×1 zeros: a readable answer as it is.
        check.submit()
        assert check.attempts == 1, check.feedback
    return len(checks)


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_every_check_is_recorded_under_the_same_names_on_every_page_view(tmp_path, path):
    store = PulseStore(tmp_path)
    views = []
    for _ in range(2):
        lab = lab_namespace(path)
        recorder = PulseRecorder(store, path.stem).watch_all(lab["lecture"].lab.questions)
        assert recorder.watched, f"{path.stem}: no check found"
        assert answer_everything(lab) == recorder.recorded and recorder.error == ""
        views.append(list(recorder.watched))
    assert views[0] == views[1]
    (pulse,) = store.summary()
    assert pulse.visitors == 2
    assert all(check.attempted == 2 for check in pulse.checks)


def built_by(path, monkeypatch) -> tuple[dict, list]:
    """Run the lab in-process; return its namespace and every Check and Practice it built, named or not."""
    built = []
    for cls in (Check, Practice):
        def init(self, *args, __init=cls.__init__, **kwargs):
            __init(self, *args, **kwargs)
            built.append(self)
        monkeypatch.setattr(cls, "__init__", init)
    lab = lab_namespace(path)
    monkeypatch.undo()
    return lab, built


@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_every_check_and_practice_a_lab_builds_is_watched(tmp_path, path, monkeypatch):
    # The recorder finds them by name in the lab: one built without a name would never be recorded.
    lab, built = built_by(path, monkeypatch)
    recorder = PulseRecorder(PulseStore(tmp_path), path.stem).watch_all(lab["lecture"].lab.questions)
    watched = list(recorder.watched.values())
    inside_practices = [check for practice in watched if isinstance(practice, Practice)
                        for check in practice.checks]
    missed = [f"{type(widget).__name__} {' '.join(widget._dom_classes)}" for widget in built
              if not any(widget is known for known in watched + inside_practices)]
    assert len(built) > len(missed) == 0, f"{path.stem} builds checks the pulse never records: {missed}"


def check_everything_in(path: Path, folder: Path) -> tuple[int, int, str]:
    """Run the lab with a recorder on the store in `folder`; check one answer everywhere."""
    lab = lab_namespace(path)
    recorder = PulseRecorder(PulseStore(folder), path.stem).watch_all(lab["lecture"].lab.questions)
    return answer_everything(lab), recorder.recorded, recorder.error


@pytest.mark.parametrize("breakage", BREAKAGES)
@pytest.mark.parametrize("path", LABS, ids=[path.stem for path in LABS])
def test_every_lab_still_checks_answers_with_the_store_broken(path, breakage):
    with broken_store(breakage) as folder:
        checked, recorded, error = as_store_user(breakage, check_everything_in, path, folder)
        assert checked > 0  # answer_everything asserts that each check judged its answer
        if breakage == "corrupt":
            # The kernel only appends to its journal: the lecturer's board says the file is damaged.
            assert recorded == checked and error == ""
            assert SAYS[breakage] in PulseStore(folder).status()
        else:
            assert recorded == 0 and SAYS[breakage] in error
