"""widgets.core.mistakes: every usual slip with the product is recognised and named."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.mistakes import (
    diagnose,
    entry_mistakes,
    product_mistakes,
    shape_mistakes,
)

# Activity 1.4.1
A = np.array([[1, -3, 5], [3, 1, 4]], float)
B = np.array([[5, 1], [-2, -6], [-1, 0]], float)
AB = A @ B
# Square factors, where every slip is defined.
P = np.array([[1, 2], [3, 4]], float)
R = np.array([[0, 1], [5, -2]], float)


def named(got, answer, mistakes=()):
    return diagnose(got, answer, mistakes).mistake


@pytest.mark.parametrize(
    "got, name, words",
    [
        (R @ P, "BA", "you computed BA, not AB"),
        ((P @ R).T, "transpose", "rows and columns swapped"),
        (P * R, "entrywise", "entry by entry"),
        (P @ R.T, "row-row", "rows of A with rows of B"),
        (P.T @ R, "column-column", "columns of A with columns of B"),
    ],
)
def test_each_product_slip_is_named(got, name, words):
    verdict = diagnose(got, P @ R, product_mistakes(P, R))
    assert not verdict.right
    assert verdict.mistake == name
    assert words in verdict.message


def test_slips_whose_shapes_do_not_fit_are_not_offered():
    names = [m.name for m in product_mistakes(A, B)]
    assert names == ["BA", "transpose"]  # A is 2×3, B 3×2: no entrywise, no row·row
    assert named((B @ A), AB, product_mistakes(A, B)) == "BA"


def test_a_single_sign_slip():
    got = AB.copy()
    got[1, 1] = 3
    verdict = diagnose(got, AB)
    assert verdict.mistake == "sign" and "entry (2,2)" in verdict.message


def test_one_column_right_and_one_wrong():
    got = AB.copy()
    got[:, 1] = [20, 4]
    verdict = diagnose(got, AB)
    assert verdict.mistake == "columns"
    assert verdict.message.startswith("column 1 right, column 2 not")


def test_a_wrong_shape_and_a_plain_miss():
    assert diagnose(np.ones((3, 2)), AB).message == "wrong shape: expected 2×2, got 3×2"
    verdict = diagnose([[0, 0], [0, 0]], AB)
    assert verdict.mistake == "entries"
    assert verdict.message == "entries (1,1), (1,2), (2,1) and (2,2) are off"


def test_entry_slips_activity_1_4_2():
    A2 = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    B2 = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    mistakes = entry_mistakes(A2, B2, 1, 2)
    assert diagnose(-12, -12, mistakes).right  # the syllabus's (2,3) entry
    by_name = {}
    for m in mistakes:
        by_name.setdefault(m.name, m.value)
    A2, B2 = np.array(A2, float), np.array(B2, float)
    assert by_name["swapped"] == A2[2] @ B2[:, 1]
    assert by_name["row-row"] == A2[1] @ B2[2]
    assert by_name["column-column"] == A2[:, 1] @ B2[:, 2]
    # 2(-4) + 4(-1) + 0(1): flipping the second term gives -8 + 4 = -4
    assert named(-4, -12, mistakes) == "sign"
    assert named(by_name["swapped"], -12, mistakes) == "swapped"
    assert diagnose(-7, -12, mistakes).message == "not quite: -7 is not the answer"


def test_shape_slips():
    mistakes = shape_mistakes((4, 3), (3, 2))
    assert named((2, 4), (4, 2), mistakes) == "swapped"
    assert named((3, 3), (4, 2), mistakes) == "inner"
    assert named((4, 3), (4, 2), mistakes) == "inner"
    assert diagnose((5, 2), (4, 2), mistakes).message == "not quite: in 5×2 the number of rows is off"
    assert diagnose((4, 2), (4, 2), mistakes).right


def test_a_mistake_equal_to_the_answer_is_never_reported():
    S = np.array([[1, 2], [2, 1]], float)  # symmetric: AB = (AB)ᵀ = BA for B = I
    assert diagnose(S, S, product_mistakes(S, np.eye(2))).right


small = arrays(float, (2, 2), elements=st.integers(-5, 5).map(float))


@settings(max_examples=60, deadline=None)
@given(small, small)
def test_the_right_answer_is_always_right_and_each_slip_is_named_or_equal(X, Y):
    answer = X @ Y
    mistakes = product_mistakes(X, Y)
    assert diagnose(answer, answer, mistakes).right
    for mistake in mistakes:
        verdict = diagnose(mistake.value, answer, mistakes)
        if np.allclose(mistake.value, answer):
            assert verdict.right
        else:
            assert not verdict.right and verdict.mistake and verdict.message
