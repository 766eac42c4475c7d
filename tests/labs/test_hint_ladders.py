"""What every lab's hint ladder does, held once for each lab (docs/teaching.md on help that fades).

A check's hints open one level at a time, before any answer: a nudge, the method, the first step. Each
level adds words the learner has not read, none of them gives the answer away (`harness.in_sight`), and
a right answer after a hint counts as solved with help. What each lab's hints say, and leave to the
learner, is held in its own `test_labNN_checks.py`.
"""
from __future__ import annotations

import pytest

from harness.checks import answer, type_matrix
from harness.in_sight import run_page, tells_in
from harness.voila import REPO
from widgets.text.practice_hints import HINT_LEVELS

# (lab, the LabPage key of a check with three levels of hints, its right answer as a learner types it)
CASES = [
    ("01", "activity", [[6, 19], [9, -3]]),
    ("02", "activity", "-12"),
    ("03", "shape_check", "4×4"),
    ("04", "ab_shape_check", "4x2"),
    ("05", "y_check", [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]),
    ("06", "check_yhat", [[1], [5]]),
    ("07", "check_s24_value", "-0.25"),
    ("08", "check_h2", [[2, 2]]),
    ("09", "check_softmax", [[0.5, 0.125, 0.25, 0.125]]),
    ("10", "check_fixed", [[2, 4], [1, 6]]),
]


@pytest.mark.parametrize(("lab", "key", "right"), CASES, ids=[f"{lab}-{key}" for lab, key, _ in CASES])
def test_the_hints_open_one_level_at_a_time_each_says_more_and_none_gives_the_answer(lab, key, right):
    page = run_page(next((REPO / "labs").glob(f"{lab}-*.ipynb")))
    check = page.lab.questions[key]
    ladder = check.hints
    assert len(ladder.texts) == len(HINT_LEVELS) and ladder.opened == 0 and not check.hinted
    assert ladder.button.description == f"Hint: {HINT_LEVELS[0]}"

    for level, name in enumerate(HINT_LEVELS, 1):
        earlier = ladder.opened_texts
        ladder.open_next()
        assert ladder.opened == level and ladder.opened_texts[:-1] == earlier  # one more; the others stay
        new = ladder.opened_texts[-1]
        assert not any(new in text for text in earlier), f"{name} repeats an earlier hint"
        assert f"Hint {level} ({name}):</b> {new}" in ladder.text
        found = tells_in(page, key, f"hint {level} ({name})", new)
        assert not found, f"{key}'s hints give its answer away:\n" + "\n".join(found)
        if level < len(HINT_LEVELS):
            assert ladder.button.description == f"Another hint: {HINT_LEVELS[level]}"
    assert ladder.button not in ladder.children and check.hinted and check.attempts == 0
    ladder.open_next()  # nothing more to open
    assert ladder.opened_texts == ladder.texts

    give = type_matrix if isinstance(right, list) else answer  # a matrix typed cell by cell
    assert give(check, right) is True
    assert check.outcome == "helped" and check.attempts == 1
