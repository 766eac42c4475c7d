"""Tests for widgets.core.shapes: the product shape check and its messages."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.shapes import (
    ShapeError,
    as_finite_array,
    as_matrix,
    check_index,
    check_product_shapes,
    format_shape,
)


def test_product_shape():
    assert check_product_shapes((4, 3), (3, 2)) == (4, 2)  # Activity 1.4.3
    assert check_product_shapes((1, 1), (1, 5)) == (1, 5)
    assert check_product_shapes(np.zeros((5, 4)).shape, (np.int64(4), np.int64(3))) == (5, 3)


def test_mismatch_message():
    with pytest.raises(ShapeError) as info:
        check_product_shapes((2, 3), (2, 2))
    assert str(info.value) == "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows"


def test_singular_words():
    with pytest.raises(ShapeError, match=r"^A is 3×1 and B is 2×4: A has 1 column but B has 2 rows$"):
        check_product_shapes((3, 1), (2, 4))
    with pytest.raises(ShapeError, match=r"A has 2 columns but B has 1 row$"):
        check_product_shapes((3, 2), (1, 4))


def test_custom_names():
    with pytest.raises(ShapeError, match=r"^Q is 5×3 and K is 5×3: Q has 3 columns but K has 5 rows$"):
        check_product_shapes((5, 3), (5, 3), names=("Q", "K"))


def test_shape_error_is_value_error():
    with pytest.raises(ValueError):
        check_product_shapes((2, 3), (2, 2))


@pytest.mark.parametrize(
    "bad",
    [(2,), (2, 3, 4), (0, 3), (2, -1), (2.0, 3), (True, 3), "23", None, 5, (2, "3")],
)
def test_invalid_shapes(bad):
    with pytest.raises(ShapeError, match=r"^B must have a shape of two positive whole numbers"):
        check_product_shapes((2, 2), bad)


def test_format_shape():
    assert format_shape((2, 3)) == "2×3"
    assert format_shape(np.ones((5, 4)).shape) == "5×4"


def test_as_matrix():
    M = as_matrix([[1, 2, 3]], "X")
    assert M.dtype == float and M.shape == (1, 3)
    source = np.arange(4.0).reshape(2, 2)
    copy = as_matrix(source)
    copy[0, 0] = 99
    assert source[0, 0] == 0  # a copy, not a view
    with pytest.raises(ShapeError, match="^X must be a matrix"):
        as_matrix([1, 2, 3], "X")
    with pytest.raises(ShapeError):
        as_matrix(np.zeros((0, 3)))
    with pytest.raises(ValueError, match="^W_V must hold numbers only"):
        as_matrix([["a", 1]], "W_V")
    with pytest.raises(ValueError, match="^A must hold numbers only"):
        as_matrix([[1, 2], [3]])


dims = st.integers(1, 50)


@settings(max_examples=300)
@given(dims, dims, dims, dims)
def test_matches_numpy(m, n, p, k):
    a, b = np.zeros((m, n)), np.zeros((p, k))
    if n == p:
        assert check_product_shapes(a.shape, b.shape) == (a @ b).shape
    else:
        with pytest.raises(ShapeError) as info:
            check_product_shapes(a.shape, b.shape)
        message = str(info.value)
        assert message.startswith(f"A is {m}×{n} and B is {p}×{k}: ")
        with pytest.raises(ValueError):
            a @ b


@given(size=st.integers(1, 50), data=st.data())
def test_check_index_returns_every_place_as_an_int(size, data):
    index = data.draw(st.integers(0, size - 1))
    assert check_index(np.int64(index), size) == index
    assert type(check_index(np.int64(index), size)) is int


@pytest.mark.parametrize("index", [-1, 3, 10])
def test_check_index_names_the_valid_range(index):
    with pytest.raises(IndexError) as info:
        check_index(index, 3, "column", of="B")
    assert str(info.value) == (
        f"column index {index} is out of range: B has 3 columns, "
        "so valid (0-based) column indices are 0 to 2"
    )


def test_check_index_without_a_matrix_name_still_names_the_range():
    with pytest.raises(IndexError) as info:
        check_index(4, 4, "query row")
    assert str(info.value) == "query row index 4 is out of range: valid (0-based) query row indices are 0 to 3"


def test_check_index_says_one_row_in_the_singular():
    with pytest.raises(IndexError, match="A has 1 row, so"):
        check_index(1, 1, of="A")


@pytest.mark.parametrize("index", [0.5, 1.0, None, "1"])
def test_check_index_refuses_what_is_not_a_whole_number(index):
    with pytest.raises(IndexError) as info:
        check_index(index, 3)
    assert str(info.value) == f"row index must be a whole number, got {index!r}"


@pytest.mark.parametrize(
    "value, message",
    [
        ([[1, 2], [3, np.nan]], r"^W\[2,2\] is nan: every entry must be a finite number$"),
        ([1, -np.inf], r"^W\[2\] is -inf: every entry"),
        (np.inf, r"^W is inf: every entry"),
        ([[1, 10**400]], r"^W must hold numbers only"),
        ([[1, "x"]], r"^W must hold numbers only"),
    ],
)
def test_as_finite_array_names_the_first_bad_entry(value, message):
    with pytest.raises(ValueError, match=message):
        as_finite_array(value, "W")
