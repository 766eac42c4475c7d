"""widgets.core.mistakes: every usual slip with the product is recognised and named."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.entry_dot_product import row_mistakes
from widgets.core.mistakes import (
    diagnose,
    entry_mistakes,
    product_mistakes,
    shape_mistakes,
    term_mistakes,
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
    names = [m.name for m in product_mistakes(A, B) if m.name not in ("sign", "dropped")]
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
    assert diagnose(np.ones((3, 2)), AB).message.startswith("wrong shape: 3×2 is not the shape of the answer")
    verdict = diagnose([[0, 0], [0, 0]], AB)
    assert verdict.mistake == "entries"
    assert verdict.message == "entries (1,1), (1,2), (2,1) and (2,2) are off"


def test_a_row_typed_as_a_column_is_named_with_the_shape_to_use():
    # Lab 8's h2: the learner types the column h2 where row 2 of H, h2 transposed, is asked.
    verdict = diagnose([[2], [2]], [[2, 2]])
    assert verdict.mistake == "turned" and not verdict.right
    assert verdict.message.startswith("the right numbers, written as a column: this answer is a row, 1×2")
    assert diagnose([[2, 2]], [[2], [2]]).message.startswith("the right numbers, written as a row")
    assert diagnose([[2], [3]], [[2, 2]]).mistake == "shape"  # other numbers: just the shape


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
    # 2(-4) + 4(-1) + 0(1): flipping the second term gives -8 + 4 = -4 (as does leaving out the first)
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


# -- slips inside one entry's sum, and no guess at a trivial answer (issue 21) ------------------

A142 = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]  # Activity 1.4.2: entry (2,3) of AB is
B142 = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]  # 2·(−4) + 4·(−1) + 0·1 = −12


def test_zero_is_never_named_as_a_slip_even_when_a_slip_gives_it():
    # a23·b23 = 0·(−1) = 0: typing 0 says nothing about multiplying entry by entry.
    mistakes = entry_mistakes(A142, B142, 1, 2)
    assert all(m.value != 0 for m in mistakes)
    verdict = diagnose(0, -12, mistakes)
    assert verdict.mistake == "entries" and verdict.message == "not quite: 0 is not the answer"


def test_the_entrywise_slip_is_not_named_when_it_is_a_number_the_learner_could_have_copied():
    # A[1,1]·B[1,1] = 1·3 = 3, which is also B[1,1] itself: copied, or multiplied?
    A, B = [[1, 2], [5, 7]], [[3, 1], [2, 4]]
    assert "entrywise" not in [m.name for m in entry_mistakes(A, B, 0, 0)]
    # where it is no number of the row or column, it is named
    A, B = [[2, 2], [5, 7]], [[3, 1], [2, 4]]
    assert named(6, 10, entry_mistakes(A, B, 0, 0)) == "entrywise"


def test_a_term_left_out_of_an_entry_is_named_with_its_value():
    verdict = diagnose(-8, -12, entry_mistakes(A142, B142, 1, 2))
    assert verdict.mistake == "dropped"
    assert verdict.message.startswith("you left out term 2, A[2,2]·B[2,3], which is -4")
    # leaving out term 3, 0·1, changes nothing: it is not a slip
    assert all(m.value != -12 for m in entry_mistakes(A142, B142, 1, 2))


def test_a_term_left_out_is_planned_only_where_no_other_slip_gives_its_value():
    # −4: term 2's sign slipped (−8 + 4 + 0), or term 1 left out (−4 + 0): the sign slip is named,
    # and "term 1 left out" is not planned, so every planned slip has an answer of its own.
    mistakes = entry_mistakes(A142, B142, 1, 2)
    assert [(m.name, m.value) for m in mistakes if m.name in ("sign", "dropped")] == [
        ("sign", 4.0), ("sign", -4.0), ("dropped", -8.0)]
    verdict = diagnose(-4, -12, mistakes)
    assert verdict.mistake == "sign" and verdict.message.startswith("a sign slip in term 2")
    values = [m.value for m in mistakes]
    assert len(set(values)) == len(values) and -12 not in values


def test_two_slips_with_one_value_are_both_said():
    from widgets.core.mistakes import Mistake

    # A list may still hold two slips with one value (a hand-written one, a ReLU after b
    # where Wx ≥ 0): which one the learner made cannot be told, so both are said.
    verdict = diagnose(5, 3, [Mistake("a", 5.0, "slip one."), Mistake("b", 5.0, "slip two.")])
    assert verdict.mistake == "a"
    assert verdict.message == "2 different slips give this answer: (1) slip one. (2) slip two."


def test_one_products_sign_inside_a_matrix_entry_is_named():
    verdict = diagnose([[16, 19], [9, -3]], AB, product_mistakes(A, B))
    assert verdict.mistake == "sign"
    assert verdict.message == (
        "a sign slip in entry (1,1): term 3, A[1,3]·B[3,1], which is -5, went in with the wrong "
        "sign; every other entry is right."
    )


def test_a_product_left_out_of_a_matrix_entry_is_named():
    verdict = diagnose([[11, 19], [9, -3]], AB, product_mistakes(A, B))  # 5 + 6, without 5·(−1)
    assert verdict.mistake == "dropped"
    assert verdict.message.startswith("entry (1,1) leaves out term 3, A[1,3]·B[3,1], which is -5")


def test_an_entry_whose_sign_flips_by_a_term_left_out_stays_a_sign_slip():
    # (2,2) = 3 − 6 + 0 = −3; typing 3 is its sign slipped, or −6 left out: the sign slip it stays.
    mistakes = product_mistakes(A, B)
    verdict = diagnose([[6, 19], [9, 3]], AB, mistakes)
    assert verdict.mistake == "sign"
    assert verdict.message.startswith("a sign slip: entry (2,2) has the right size but the wrong sign")
    # A term whose own sign flips the entry is that one slip, named as such:
    single = diagnose([[-6, 19], [9, -3]], AB, mistakes)  # (1,1) = 5 + 6 − 5
    assert single.message.startswith("a sign slip in entry (1,1): term 2, A[1,2]·B[2,1], which is 6")
    # Every planned slip has an answer of its own, on the lab's numbers:
    from widgets.core.practice import Part, tells_every_slip_apart

    assert tells_every_slip_apart(Part(AB, tuple(mistakes)))


def test_term_slips_that_leave_a_cell_at_zero_and_all_zero_products_are_not_offered():
    assert all(np.any(m.value) for m in product_mistakes([[0, 1], [1, 0]], [[2, 0], [0, 1]]))
    for m in term_mistakes(A, B):
        changed = np.argwhere(m.value != AB)
        assert len(changed) == 1 and m.value[tuple(changed[0])] != 0


def test_identical_words_are_said_once():
    from widgets.core.mistakes import Mistake

    twice = [Mistake("inner", (3, 3), "same words"), Mistake("inner", (3, 3), "same words")]
    assert diagnose((3, 3), (4, 2), twice).message == "same words"


@pytest.mark.parametrize(("make", "words"), [
    (lambda A: entry_mistakes(A, A, -1, 0), "row index -1 is out of range: A has 2 rows"),
    (lambda A: entry_mistakes(A, A, 0, 2), "column index 2 is out of range: B has 2 columns"),
    (lambda A: row_mistakes(A, A, -1), "row index -1 is out of range: A has 2 rows"),
    (lambda A: row_mistakes(A, A, 2), "row index 2 is out of range: A has 2 rows"),
])
def test_the_mistakes_of_an_entry_or_a_row_refuse_an_index_outside_the_product(make, words):
    """-1 read the last row (Python's indexing) and planned the mistakes of another question."""
    with pytest.raises(IndexError, match=words):
        make(np.array([[1.0, 2.0], [3.0, 4.0]]))


any_float = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, -0.0, 1.0, 1 + 1e-10, 1e9 + 0.5])


@settings(max_examples=300, deadline=None)
@given(any_float, any_float, st.sampled_from([1e-9, 1e-6, 1e-2]))
def test_right_is_what_numpy_calls_close(a, b, tol):
    # diagnose writes np.isclose's test out for speed: it must judge every number, and every matrix, alike.
    assert diagnose(a, b, tol=tol).right == bool(np.isclose(a, b, rtol=tol, atol=tol))
    A, B = [[a, 1.0]], [[b, 1.0]]
    assert diagnose(A, B, tol=tol).right == bool(np.allclose(A, B, rtol=tol, atol=tol))
