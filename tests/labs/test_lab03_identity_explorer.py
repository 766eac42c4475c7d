"""Lab 3's IdentityExplorer: editors, r, seed and Randomise driving the identity cards."""
from unittest import mock

import numpy as np

from widgets.labs.product_properties import IdentityExplorer

A0, B0, C0 = [[1, 2], [0, -1]], [[2, 0], [1, 3]], [[0, 1], [1, 1]]


def explorer():
    return IdentityExplorer(A0, B0, C0, prefix="lab03")


def test_starts_on_its_matrices_with_every_rule_and_both_look_alikes_failing():
    ex = explorer()
    assert [res.verdict for res in ex.panel.results] == ["equal"] * 5
    assert [res.verdict for res in ex.panel.false_results] == ["different"] * 2
    assert ex.r_box.value == "2" and ex.panel.r == 2
    assert "lab03-identities" in ex.panel._dom_classes and "lab03-r" in ex.r_box._dom_classes


def test_editors_drive_the_cards():
    ex = explorer()
    A, B, C = ex.editors
    A.resize(2, 3)
    B.resize(3, 2)
    right = ex.panel.results[1]
    assert right.verdict == "undefined" and "A + B is undefined: A is 2×3 and B is 3×2" in right.sides[0].reason
    assert ex.panel.results[0].verdict == "equal"
    B.cells[0][0].value = "oops"  # a bad cell changes nothing downstream
    assert ex.panel.results[0].verdict == "equal"


def test_a_typo_in_r_is_explained_and_changes_nothing():
    ex = explorer()
    ex.r_box.value = "two"
    assert "r: &#x27;two&#x27; is not a number" in ex.r_status.value and 'role="alert"' in ex.r_status.value
    assert ex.panel.r == 2
    ex.r_box.value = "-1/2"
    assert ex.r_status.value == "" and ex.panel.r == -0.5 and ex.panel.results[3].verdict == "equal"


def test_randomise_is_reproducible_from_its_seed_and_keeps_the_shapes():
    ex = explorer()
    ex.editors[0].resize(2, 3)
    ex.editors[1].resize(3, 2)
    ex.seed_box.value = 7
    ex.randomise_button.click()
    first = [e.value.copy() for e in ex.editors]
    assert [m.shape for m in first] == [(2, 3), (3, 2), (2, 2)] and ex.seed_box.value == 8
    assert all(np.isin(m, np.arange(-3, 4)).all() for m in first)
    ex.seed_box.value = 7
    ex.randomise()
    assert all((e.value == f).all() for e, f in zip(ex.editors, first))


def test_a_seed_beyond_the_old_bound_is_kept_and_a_negative_one_is_explained():
    ex = explorer()
    ex.seed_box.value = 123456
    ex.randomise()
    assert ex.seed_box.value == 123457 and ex.seed_status.value == ""
    before = [e.value.copy() for e in ex.editors]
    seen = mock.Mock()
    ex.panel.observe(seen, names=["A", "B", "C"])
    ex.seed_box.value = -4
    assert "seed: -4 is below 0" in ex.seed_status.value
    ex.randomise()
    assert seen.call_count == 0 and all((e.value == b).all() for e, b in zip(ex.editors, before))
    ex.seed_box.value = 0
    assert ex.seed_status.value == ""
