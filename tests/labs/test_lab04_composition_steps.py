"""Lab 4's CompositionSteps and ShapeChecker, tested as plain widgets."""
from unittest import mock

import numpy as np
import pytest
from traitlets import TraitError

from widgets.core.composition import describe_sizes
from widgets.core.geometry import HOUSE, UNIT_SQUARE
from widgets.labs.composition import CompositionSteps, ShapeChecker

R = np.array([[0.0, -1.0], [1.0, 0.0]])
S = np.array([[2.0, 0.0], [0.0, 1.0]])
ORDERS = [("stretch, then rotate", R, S, "B = S, A = R"), ("rotate, then stretch", S, R, "B = R, A = S")]


def test_steps_agree_with_the_product_in_one_go():
    steps = CompositionSteps(R, S, orders=ORDERS, prefix="lab04")
    assert np.allclose(steps.then_a.image, steps.at_once.image)
    assert np.allclose(steps.at_once.image, R @ S @ HOUSE)
    assert np.allclose(steps.first_b.image, S @ HOUSE)
    assert steps.ab_view.matrix.tolist() == [[0, -1], [2, 0]]
    assert steps.ba_view.matrix.tolist() == [[0, -2], [1, 0]]
    assert "at most <b>0</b>" in steps.agree.value and "<b>not the same</b>" in steps.agree.value
    assert "lab04-a" in steps.a_editor._dom_classes and "lab04-at-once" in steps.at_once._dom_classes
    assert [b._dom_classes[-1] for b in steps.buttons] == ["lab04-stretch-then-rotate", "lab04-rotate-then-stretch"]


def test_order_buttons_shape_menu_and_edits_redraw():
    steps = CompositionSteps(R, S, orders=ORDERS)
    steps.buttons[1].click()
    assert (steps.a_editor.value == S).all() and (steps.b_editor.value == R).all()
    assert np.allclose(steps.at_once.image, S @ R @ HOUSE)
    assert np.allclose(steps.other_order.image, R @ S @ HOUSE)
    steps.shape_menu.value = "unit square"
    steps.a_editor.cells[0][1].value = "3"
    assert np.allclose(steps.then_a.image, steps.a_editor.value @ steps.b_editor.value @ UNIT_SQUARE)
    assert np.allclose(steps.then_a.image, steps.at_once.image)
    steps.load(2 * np.eye(2), R)  # 2I commutes with everything
    assert "<b>the same</b>" in steps.agree.value


def test_a_typo_leaves_the_plots_alone():
    steps = CompositionSteps(R, S)
    before = steps.at_once.image.copy()
    steps.a_editor.cells[0][0].value = "2,5"
    assert "A[1,1]" in steps.a_editor.error
    assert np.array_equal(steps.at_once.image, before)


def test_one_edit_redraws_once():
    steps = CompositionSteps(R, S)
    seen = mock.Mock()
    steps.at_once.observe(seen, names="matrix")
    steps.b_editor.cells[1][1].value = "3"
    assert seen.call_count == 1


def test_a_failing_redraw_is_shown_not_raised():
    steps = CompositionSteps(R, S, shapes={"bad": np.ones((3, 4))})
    assert 'role="alert"' in steps.agree.value and "Could not draw" in steps.agree.value


@pytest.mark.parametrize(
    "sizes, ok, start",
    [
        ((4, 3, 3, 2), True, "AB exists and is 4×2. x ↦ A(Bx) maps ℝ² → ℝ⁴"),
        ((4, 3, 2, 2), False, "AB is undefined: A is 4×3 and B is 2×2"),
        ((2, 12, 12, 1), True, "AB exists and is 2×1. x ↦ A(Bx) maps ℝ¹ → ℝ²: B takes x in ℝ¹ to Bx in ℝ¹²"),
        ((0, 3, 3, 0), False, "m = 0, q = 0: a matrix has at least one row and one column."),
    ],
)
def test_describe_sizes(sizes, ok, start):
    got_ok, text = describe_sizes(*sizes)
    assert got_ok is ok and text.startswith(start), text


def test_shape_checker_takes_sizes_as_typed():
    checker = ShapeChecker(prefix="lab04")
    m, n, p, q = checker.boxes
    assert [box._dom_classes[-1] for box in checker.boxes] == ["lab04-m", "lab04-n", "lab04-p", "lab04-q"]
    assert checker.ok and "2×1" in checker.message
    n.value = 12  # beyond any old bound: kept, and the mismatch explained
    assert n.value == 12 and checker.value == ((2, 12), (3, 1)) and not checker.ok
    assert "A has 12 columns but B has 3 rows" in checker.message
    q.value = -1
    assert "q = -1: a matrix has at least one row and one column." in checker.children[1].value


def test_shape_checker_value_fills_the_boxes_once():
    checker = ShapeChecker()
    seen = mock.Mock()
    checker.observe(seen, names="message")
    checker.value = ((4, 3), (3, 2))
    assert [box.value for box in checker.boxes] == [4, 3, 3, 2]
    assert seen.call_count == 1 and checker.message.startswith("AB exists and is 4×2")
    with pytest.raises(TraitError, match=r"value must be \(\(m, n\), \(p, q\)\)"):
        checker.value = ((4, 3), "3x2")
    with pytest.raises(TraitError):
        checker.value = ((4, 3.5), (3, 2))
    assert checker.value == ((4, 3), (3, 2))
