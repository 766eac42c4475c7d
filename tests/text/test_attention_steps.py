"""Tests for widgets.text.attention_steps: score and average expansions."""
import numpy as np
import pytest

from widgets.core.shapes import ShapeError
from widgets.text.attention_steps import (
    average_expansion,
    average_sum_latex,
    output_expansion,
    score_expansion,
    score_sum_latex,
    weight_latex,
)


def test_score_expansion_matches_the_syllabus_form():
    Q = np.arange(15.0).reshape(5, 3)
    K = np.arange(15.0).reshape(5, 3)[::-1] - 4
    text = score_expansion(Q, K, 1, 3)
    symbols = "S_24 = q_2 · k_4 = q_21 k_41 + q_22 k_42 + q_23 k_43"
    assert text.startswith(symbols + " = ")
    q2, k4 = Q[1], K[3]
    assert text.endswith(f"= {int(q2 @ k4)}")
    # The numbers are q_2's and k_4's entries, in order.
    numbers = text[len(symbols) + 3:].rsplit(" = ", 1)[0]
    assert numbers == " + ".join(f"{int(a)}({int(b)})" for a, b in zip(q2, k4))


def test_score_expansion_sum_is_the_score():
    rng = np.random.default_rng(1)
    Q, K = rng.normal(size=(4, 2)), rng.normal(size=(4, 2))
    total = float(score_expansion(Q, K, 2, 0, digits=12).rsplit(" = ", 1)[1])
    assert total == pytest.approx((Q @ K.T)[2, 0], abs=1e-10)


def test_two_digit_indices_are_braced():
    Q = np.ones((11, 1))
    assert score_expansion(Q, Q, 10, 1).startswith("S_{11,2} = q_11 · k_2 = q_{11,1} k_{2,1} = 1(1) = 1")


@pytest.mark.parametrize(
    "Q, K, i, j, error",
    [
        (np.ones((2, 3)), np.ones((2, 2)), 0, 0, ShapeError),
        (np.ones((2, 2)), np.ones((2, 2)), 2, 0, IndexError),
        (np.ones((2, 2)), np.ones((2, 2)), 0, -1, IndexError),
    ],
)
def test_score_expansion_rejects_bad_input(Q, K, i, j, error):
    with pytest.raises(error):
        score_expansion(Q, K, i, j)


def test_score_expansion_names_the_query_and_key_rows():
    with pytest.raises(IndexError, match="^query row index 2 is out of range: Q has 2 query rows"):
        score_expansion(np.ones((2, 2)), np.ones((3, 2)), 2, 0)
    with pytest.raises(IndexError, match=r"^key row index 3 is out of range: K has 3 key rows, .* 0 to 2$"):
        score_expansion(np.ones((2, 2)), np.ones((3, 2)), 0, 3)


def test_average_expansion_activity_1_4_6():
    V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    A = np.full((4, 4), 0.25)
    A[1] = [0, 1 / 2, 1 / 4, 1 / 4]
    assert average_expansion(A, V, 1) == "h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)"


def test_average_expansion_rejects_bad_shapes():
    with pytest.raises(ShapeError):
        average_expansion(np.eye(3), np.ones((2, 2)), 0)
    with pytest.raises(IndexError, match=r"^row index 2 is out of range: A_att has 2 rows, .* 0 to 1$"):
        average_expansion(np.eye(2), np.ones((2, 2)), 2)


def test_score_sum_latex_writes_products_terms_and_their_sum():
    rng = np.random.default_rng(3)
    q, k = rng.integers(-4, 5, size=3) / 2, rng.integers(-4, 5, size=3) / 2
    products, terms, total = score_sum_latex(q, k).split(" = ")
    assert products.count("(") == 3 + int(np.sum(q < 0)) and float(total) == q @ k  # a negative factor: (-2)(...)
    written = [float(t) for t in terms.replace(" - ", " + -").split(" + ")]
    assert written == pytest.approx(q * k)  # the signed terms, one per product


def test_score_sum_latex_refuses_vectors_of_different_lengths():
    with pytest.raises(ShapeError, match="equal lengths"):
        score_sum_latex([1, 2], [1, 2, 3])


@pytest.mark.parametrize("w, form, text", [
    (0.5, "frac", r"\frac{1}{2}"), (0.75, "tfrac", r"\tfrac{3}{4}"), (0.25, "slash", "1/4"),
    (1, "slash", "1"), (0, "tfrac", "0"), (1 / 3, "frac", r"\frac{1}{3}"), (0.123456, "frac", "0.123"),
])
def test_weight_latex_writes_simple_fractions_as_fractions(w, form, text):
    assert weight_latex(w, form) == text


def test_weight_latex_refuses_an_unknown_form():
    with pytest.raises(ValueError, match="'frac', 'tfrac' or 'slash'"):
        weight_latex(0.5, "decimal")


def test_average_sum_latex_ends_with_the_weighted_average():
    weights, V = [0, 0.5, 0.25, 0.25], np.array([[1, 0], [2, 0], [0, 4], [4, 4]])
    weighted, scaled, total = average_sum_latex(weights, V).split(" = ")
    assert weighted.count(r"\begin{bmatrix}") == scaled.count(r"\begin{bmatrix}") == 4
    assert total == r"\begin{bmatrix}2 \\ 2\end{bmatrix}"
    with pytest.raises(ShapeError, match="one weight per value vector"):
        average_sum_latex([1], V)


def test_output_expansion_names_the_output_after_its_row():
    V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    assert output_expansion([[0, 0.5, 0.25, 0.25]], V, 11).startswith("h_12 = 0 v_1 + 0.5 v_2")
