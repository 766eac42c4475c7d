"""Tests for widgets.core.identities: the product identities and look-alikes on given matrices."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.identities import (
    FALSE_IDENTITIES,
    PRODUCT_IDENTITIES,
    check_false_identities,
    check_identities,
    compare_orders,
)
from widgets.core.shapes import ShapeError

S = [[2, 0], [0, 1]]  # Warning 1.4.4
R = [[0, -1], [1, 0]]


def verdicts(results):
    return [res.verdict for res in results]


def test_labels_follow_the_syllabus():
    statements = [" = ".join(side.label for side in sides) for _, sides in PRODUCT_IDENTITIES]
    assert statements == [
        "A(BC) = (AB)C",
        "(A + B)C = AC + BC",
        "C(A + B) = CA + CB",
        "A(rB) = r(AB) = (rA)B",
        "(AB)ᵀ = BᵀAᵀ",
    ]


def test_square_matrices_satisfy_every_identity():
    results = check_identities(R, S, [[1, 2], [3, 4]], r=-0.5)
    assert verdicts(results) == ["equal"] * 5
    assert results[0].message == "Both sides are 2×2 and agree entry by entry."
    assert results[3].message == "All three sides are 2×2 and agree entry by entry."
    np.testing.assert_array_equal(results[4].sides[0].value, (np.array(R) @ S).T)


def test_sum_undefined_names_the_sum_and_the_shapes():
    results = check_identities(np.ones((2, 3)), np.ones((3, 2)), np.ones((2, 2)))
    assert verdicts(results) == ["equal", "undefined", "undefined", "equal", "equal"]
    right = results[1]
    assert right.sides[0].reason == (
        "(A + B)C is undefined because A + B is undefined: A is 2×3 and B is 3×2, "
        "and only matrices of the same shape can be added"
    )
    # AC fails before the sum AC + BC is even attempted.
    assert right.sides[1].reason == (
        "AC + BC is undefined because AC is undefined: A is 2×3 and C is 2×2: "
        "A has 3 columns but C has 2 rows"
    )
    assert right.message == "Neither side is defined for these shapes."
    assert all(side.value is None and not side.defined for side in right.sides)


def test_sum_of_products_with_clashing_shapes():
    # A and B share their columns but not their rows: AC and BC exist, AC + BC does not.
    results = check_identities(np.ones((2, 3)), np.ones((4, 3)), np.ones((3, 2)))
    reason = results[1].sides[1].reason
    assert reason == (
        "AC + BC is undefined: AC is 2×2 and BC is 4×2, "
        "and only matrices of the same shape can be added"
    )


def test_product_undefined_at_the_outer_level():
    results = check_identities(np.ones((2, 3)), np.ones((2, 3)), np.ones((3, 2)))
    side = results[0].sides[0]
    assert side.reason == "A(BC) is undefined: A is 2×3 and BC is 2×2: A has 3 columns but BC has 2 rows"
    assert results[3].message == "None of the sides is defined for these shapes."


def test_bad_input_is_rejected():
    with pytest.raises(ShapeError, match="^B must be a matrix"):
        check_identities(np.eye(2), [1, 2], np.eye(2))


shapes = st.integers(1, 3)


@settings(max_examples=60, deadline=None)
@given(st.tuples(shapes, shapes, shapes, shapes, shapes, shapes), st.data())
def test_verdicts_match_the_shape_rules(dims, data):
    """Whatever the shapes, an identity is never 'different', and it is
    defined exactly when the shape rules say so."""
    m, n, p, q, k, c_cols = dims
    ints = st.integers(-3, 3)
    A = data.draw(arrays(float, (m, n), elements=ints))
    B = data.draw(arrays(float, (p, q), elements=ints))
    C = data.draw(arrays(float, (k, c_cols), elements=ints))
    r = data.draw(ints)
    results = check_identities(A, B, C, r)
    assert "different" not in verdicts(results)
    same_ab = (m, n) == (p, q)
    expected = [
        n == p and q == k,               # A(BC), (AB)C
        same_ab and n == k,              # (A+B)C, AC + BC
        same_ab and c_cols == m,         # C(A+B), CA + CB
        n == p,                          # scalars
        n == p,                          # transpose
    ]
    assert [res.verdict == "equal" for res in results] == expected
    for res in results:
        defined = [side.defined for side in res.sides]
        assert all(defined) or not any(defined)  # both sides, or neither


def test_order_matters_warning_1_4_4():
    result = compare_orders(R, S, names=("R", "S"))
    assert result.verdict == "entries differ"
    assert result.forward.label == "RS" and result.backward.label == "SR"
    np.testing.assert_array_equal(result.forward.value, [[0, -1], [2, 0]])
    np.testing.assert_array_equal(result.backward.value, [[0, -2], [1, 0]])
    assert result.message == (
        "RS and SR are both 2×2, but entries (1,2) and (2,1) differ: the order matters."
    )


@pytest.mark.parametrize(
    "X, Y, verdict, message",
    [
        (np.ones((2, 3)), np.ones((3, 2)), "shapes differ",
         "AB is 2×2 but BA is 3×3: products of different shapes cannot be equal."),
        (np.ones((2, 3)), np.ones((3, 3)), "one undefined",
         "AB is 2×3, but BA is undefined: B is 3×3 and A is 2×3: B has 3 columns but A has 2 rows."),
        (np.ones((3, 3)), np.ones((2, 3)), "one undefined",
         "BA is 2×3, but AB is undefined: A is 3×3 and B is 2×3: A has 3 columns but B has 2 rows."),
        (np.ones((2, 3)), np.ones((2, 3)), "both undefined",
         "Neither AB nor BA is defined for these shapes."),
        (R, 2 * np.eye(2), "commute",
         "AB = BA here: these two matrices commute, which is the exception, not the rule."),
    ],
)
def test_order_verdicts(X, Y, verdict, message):
    result = compare_orders(X, Y)
    assert (result.verdict, result.message) == (verdict, message)


def test_many_differing_entries_are_counted():
    X = np.arange(9.0).reshape(3, 3)
    result = compare_orders(X, X.T)
    assert result.verdict == "entries differ"
    assert result.message == "AB and BA are both 3×3, but 9 entries differ: the order matters."


def test_rounding_is_not_mistaken_for_a_difference():
    # Large entries that cancel: the two groupings round differently.
    rng = np.random.default_rng(0)
    A, B, C = (rng.normal(scale=1e6, size=(3, 3)) for _ in range(3))
    assert verdicts(check_identities(A, B, C, r=1 / 3)) == ["equal"] * 5
    X = rng.normal(scale=1e6, size=(3, 3))
    assert compare_orders(X, X @ X).verdict == "commute"  # X commutes with X²


def test_sides_that_overflow_are_not_compared():
    # 1e200 is a valid entry, but its products overflow to inf (and inf - inf is nan):
    # "equal" or "different" would both be claims about numbers that are not there.
    huge = np.full((2, 2), 1e200)
    results = check_identities(huge, huge, huge)
    assert verdicts(results) == ["too large"] * 5
    assert results[0].message == (
        "A(BC) and (AB)C have entries too large for the computer's numbers, "
        "so the sides cannot be compared: try smaller entries."
    )
    assert results[3].message.startswith("A(rB), r(AB) and (rA)B have entries too large")
    # Only the side that overflows is named.
    results = check_identities(np.eye(2), np.eye(2), huge)
    assert results[0].verdict == "equal"
    order = compare_orders([[1e200, 0], [0, 1]], [[1e200, 1], [0, 1]])
    assert order.verdict == "too large"
    assert order.message.startswith("AB and BA have entries too large")


# -- Look-alikes that are not rules ------------------------------------------------

A2 = [[1, 2], [0, -1]]  # lab 3's defaults
B2 = [[2, 0], [1, 3]]


def test_false_identities_are_labelled_as_people_write_them():
    statements = [" = ".join(side.label for side in sides) for _, sides, _ in FALSE_IDENTITIES]
    assert statements == ["(AB)ᵀ = AᵀBᵀ", "(A + B)² = A² + 2AB + B²"]
    assert [true.label for _, _, true in FALSE_IDENTITIES] == ["BᵀAᵀ", "A² + AB + BA + B²"]


def test_false_identities_fail_on_matrices_that_do_not_commute():
    transpose, square = check_false_identities(A2, B2)
    assert (transpose.verdict, square.verdict) == ("different", "different")
    assert not transpose.rule and not square.rule
    assert transpose.message == (
        "Entries (1,1), (1,2), (2,1) and (2,2) differ. Transposing reverses the order: "
        "(AB)ᵀ = BᵀAᵀ. And AᵀBᵀ is (BA)ᵀ, so it could only match if AB = BA, which fails here."
    )
    A, B = np.array(A2, float), np.array(B2, float)
    np.testing.assert_array_equal(transpose.true_side.value, B.T @ A.T)
    np.testing.assert_array_equal(transpose.true_side.value, transpose.sides[0].value)
    np.testing.assert_array_equal(square.true_side.value, (A + B) @ (A + B))
    assert square.message.endswith("Here AB and BA differ in every entry.")
    assert [side.label for side in square.evidence] == ["AB", "BA"]
    np.testing.assert_array_equal(square.evidence[1].value, B @ A)


def test_false_identities_name_the_differing_entries():
    # A diagonal A and an upper-triangular B: AB and BA differ only in entry (1,2).
    square = check_false_identities([[1, 0], [0, 2]], [[1, 1], [0, 1]])[1]
    assert square.message.endswith("Here AB and BA differ in entry (1,2).")


def test_false_identities_hold_only_where_the_matrices_commute():
    results = check_false_identities(A2, 3 * np.eye(2))
    assert [res.verdict for res in results] == ["equal", "equal"]
    assert results[0].message.startswith("Both sides agree here, but only because these A and B commute")
    assert "In general (AB)ᵀ = BᵀAᵀ" in results[0].message
    assert "In general (A + B)² = A² + AB + BA + B²." in results[1].message


def test_false_identities_with_shapes_that_do_not_fit():
    # A 2×3, B 3×2: (AB)ᵀ is 2×2 but AᵀBᵀ (= (BA)ᵀ) is 3×3; no square of a 2×3 sum.
    transpose, square = check_false_identities(np.ones((2, 3)), np.ones((3, 2)))
    assert transpose.verdict == "different"
    assert transpose.message == (
        "(AB)ᵀ is 2×2 but AᵀBᵀ is 3×3. Transposing reverses the order: (AB)ᵀ = BᵀAᵀ."
    )
    assert transpose.true_side.value.shape == (2, 2)
    assert square.verdict == "undefined" and square.evidence == ()
    # A 2×3, B 3×3: (AB)ᵀ exists, AᵀBᵀ does not.
    transpose = check_false_identities(np.ones((2, 3)), np.ones((3, 3)))[0]
    assert transpose.verdict == "undefined"
    assert transpose.message == (
        "AᵀBᵀ is undefined: Aᵀ is 3×2 and Bᵀ is 3×3: Aᵀ has 2 columns but Bᵀ has 3 rows, "
        "yet (AB)ᵀ exists: transposing reverses the order, (AB)ᵀ = BᵀAᵀ."
    )
    square = check_false_identities(np.ones((2, 3)), np.ones((2, 3)))[1]
    assert square.sides[0].reason == (
        "(A + B)² is undefined: A + B is 2×3, and only a square matrix can be multiplied by itself"
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.data())
def test_look_alikes_hold_exactly_when_ab_equals_ba(n, data):
    ints = st.integers(-3, 3)
    A = data.draw(arrays(float, (n, n), elements=ints))
    B = data.draw(arrays(float, (n, n), elements=ints))
    commute = bool(np.array_equal(A @ B, B @ A))
    results = check_false_identities(A, B)
    assert [res.verdict for res in results] == ["equal" if commute else "different"] * 2
    for res in results:  # the true side always equals the left side
        np.testing.assert_allclose(res.true_side.value, res.sides[0].value)
