"""The keys of each lab's questions are what learners' browsers and the pulse's journals keep: none is lost.

Each lab asks its questions under explicit keys (`LabPage.ask`); progress records (kept in the learner's
browser) and pulse events (kept in the lecturer's journals) name a question by its key. The keys below were
the labs' when the keys became explicit (issue 40: the old variable names, unchanged). A lab may add a
question; renaming or dropping one of these loses what was kept under it, so it needs a migration of the
records first, and only then may it leave this list.
"""
from __future__ import annotations

import pytest

from harness.notebooks import lab_namespace
from harness.voila import REPO

KEPT = {
    "01-product-by-columns": ("activity", "practice"),
    "02-entry-dot-product": ("activity", "row_check", "practice"),
    "03-product-properties": ("transpose_check", "rs_check", "sr_check", "cancel_check", "shape_check", "practice"),
    "04-composition": ("order_check", "ab_shape_check", "domain_check", "codomain_check", "practice"),
    "05-many-points": ("x_check", "y_check", "map_check", "bottom_check", "top_check", "rows_check", "grid_check",
                       "practice"),
    "06-dense-layer": ("check_origin", "check_yhat", "check_relu", "practice", "check_bridge"),
    "07-queries-keys-scores": ("check_qkv", "check_kt", "check_s", "check_s24", "check_s24_value", "check_row",
                               "practice", "check_line", "check_why"),
    "08-attention-weights": ("check_qkv", "check_s", "check_a", "check_h", "check_row", "check_why", "check_h2",
                             "practice_output", "practice_chain"),
    "09-softmax-weights": ("check_cos", "check_softmax", "check_scale", "check_mask", "practice"),
    "10-adaptive-weights": ("check_dense", "check_att", "check_role", "check_bias", "check_fixed"),
}


def test_every_lab_is_listed():
    assert sorted(KEPT) == sorted(path.stem for path in (REPO / "labs").glob("[0-9][0-9]-*.ipynb"))


@pytest.mark.parametrize("stem", sorted(KEPT))
def test_every_kept_key_is_still_asked_as_the_same_kind_of_question(stem):
    questions = lab_namespace(REPO / "labs" / f"{stem}.ipynb")["lecture"].lab.questions
    lost = [key for key in KEPT[stem] if key not in questions]
    assert not lost, f"{stem}: {lost} are kept in learners' browsers and the pulse, and no longer asked"
    practices = [key for key in KEPT[stem] if key.startswith("practice")]
    assert all(type(questions[key]).__name__ == "Practice" for key in practices)
    assert all(type(questions[key]).__name__ == "Check" for key in KEPT[stem] if key not in practices)
