"""Tests for widgets.core.products: the product by columns and by entries."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.products import entry_sum_text, entry_terms, product_by_columns
from widgets.core.shapes import ShapeError

# Activity 1.4.1
A1 = [[1, -3, 5], [3, 1, 4]]
B1 = [[5, 1], [-2, -6], [-1, 0]]
# Activity 1.4.2
A2 = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
B2 = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
# Warning 1.4.4
S = [[2, 0], [0, 1]]
R = [[0, -1], [1, 0]]


def test_activity_1_4_1_by_columns():
    columns = product_by_columns(A1, B1)
    assert len(columns) == 2
    np.testing.assert_array_equal(columns[0], [6, 9])
    np.testing.assert_array_equal(columns[1], [19, -3])
    np.testing.assert_array_equal(np.column_stack(columns), [[6, 19], [9, -3]])


def test_activity_1_4_2_entry():
    terms = entry_terms(A2, B2, 1, 2)
    assert terms == [(2, -4), (4, -1), (0, 1)]
    assert all(isinstance(x, float) for pair in terms for x in pair)
    assert sum(a * b for a, b in terms) == -12
    assert entry_sum_text(terms) == "2(-4) + 4(-1) + 0(1) = -12"


def test_warning_1_4_4_order_matters():
    RS = np.column_stack(product_by_columns(R, S))
    SR = np.column_stack(product_by_columns(S, R))
    np.testing.assert_array_equal(RS, [[0, -1], [2, 0]])
    np.testing.assert_array_equal(SR, [[0, -2], [1, 0]])
    assert not np.array_equal(RS, SR)


def test_shape_errors():
    with pytest.raises(ShapeError, match="^A is 2×3 and B is 2×3: A has 3 columns but B has 2 rows$"):
        product_by_columns(A1, A1)
    with pytest.raises(ShapeError):
        entry_terms(A1, A1, 0, 0)
    with pytest.raises(ShapeError, match="^B must be a matrix"):
        product_by_columns(A1, [1, 2, 3])


def test_index_errors():
    with pytest.raises(IndexError, match=r"row index 2 is out of range: A has 2 rows.*0 to 1"):
        entry_terms(A1, B1, 2, 0)
    with pytest.raises(IndexError, match=r"column index 5 is out of range: B has 2 columns"):
        entry_terms(A1, B1, 0, 5)
    with pytest.raises(IndexError, match="out of range"):
        entry_terms(A1, B1, -1, 0)
    with pytest.raises(IndexError, match="whole number"):
        entry_terms(A1, B1, 0.5, 0)
    with pytest.raises(IndexError, match="A has 1 row,"):
        entry_terms([[1, 2]], [[1], [2]], 1, 0)


def test_entry_sum_text_forms():
    assert entry_sum_text([(-3, 5)]) == "(-3)(5) = -15"
    assert entry_sum_text([(0.5, 1 / 3), (1, 1)]) == "0.5(0.333) + 1(1) = 1.167"
    assert entry_sum_text([(0.1, 1)] * 3) == "0.1(1) + 0.1(1) + 0.1(1) = 0.3"
    assert entry_sum_text([(1.23456, 2)], digits=1) == "1.2(2) = 2.5"
    with pytest.raises(ValueError):
        entry_sum_text([])


small = st.integers(-9, 9).map(float)


@st.composite
def factor_pairs(draw):
    m, n, k = (draw(st.integers(1, 5)) for _ in range(3))
    A = draw(arrays(float, (m, n), elements=small))
    B = draw(arrays(float, (n, k), elements=small))
    return A, B


@settings(max_examples=200)
@given(factor_pairs())
def test_columns_and_entries_agree_with_numpy(pair):
    A, B = pair
    AB = A @ B
    np.testing.assert_array_equal(np.column_stack(product_by_columns(A, B)), AB)
    for i in range(AB.shape[0]):
        for j in range(AB.shape[1]):
            terms = entry_terms(A, B, i, j)
            assert len(terms) == A.shape[1]
            assert sum(a * b for a, b in terms) == AB[i, j]
            assert entry_sum_text(terms).endswith(f"= {int(AB[i, j])}")
