"""Tests for widgets.column_steps: the product by columns, one column at a time."""
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.column_steps import (
    NEW_COLOR,
    PENDING,
    column_combination_latex,
    partial_product_latex,
)
from widgets.shapes import ShapeError

# Activity 1.4.1
A1 = [[1, -3, 5], [3, 1, 4]]
B1 = [[5, 1], [-2, -6], [-1, 0]]


def test_activity_1_4_1_second_column():
    latex = column_combination_latex(A1, B1, 1)
    symbolic, numeric = latex.split(r" \\ &= ")
    assert symbolic.endswith(
        r"A\mathbf{b}_{2} &= 1\,\mathbf{a}_{1} + (-6)\,\mathbf{a}_{2} + 0\,\mathbf{a}_{3}"
    )
    assert numeric.startswith(
        r"1\begin{bmatrix} 1 \\ 3 \end{bmatrix} + (-6)\begin{bmatrix} -3 \\ 1 \end{bmatrix}"
        r" + 0\begin{bmatrix} 5 \\ 4 \end{bmatrix} = "
    )
    assert rf"{{\color{{{NEW_COLOR}}}{{\begin{{bmatrix}} 19 \\ -3 \end{{bmatrix}}}}}}" in numeric


def test_partial_product_fills_columns_in_order():
    assert partial_product_latex(A1, B1, 0).count(PENDING) == 4
    one = partial_product_latex(A1, B1, 1)
    assert one.count(PENDING) == 2 and r"\mathbf{6}" in one and "19" not in one
    two = partial_product_latex(A1, B1, 2)
    assert PENDING not in two
    # Only the column just computed is emphasised.
    assert two == (
        r"AB = \begin{bmatrix} 6 & {\color{#c0392b}{\mathbf{19}}} \\ "
        r"9 & {\color{#c0392b}{\mathbf{-3}}} \end{bmatrix}"
    )


def test_names_and_digits():
    latex = column_combination_latex([[0.5]], [[1 / 3]], 0, names=("X", "W"), digits=2)
    assert latex.startswith(r"\begin{aligned} X\mathbf{w}_{1} &= 0.33\,\mathbf{x}_{1}")
    assert partial_product_latex([[2e8]], [[1]], 1, name="P").startswith(
        r"P = \begin{bmatrix} {\color{#c0392b}{\mathbf{2 \times 10^{8}}}}"
    )


def test_shape_mismatch_is_explained():
    message = "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows"
    with pytest.raises(ShapeError, match=f"^{message}$"):
        column_combination_latex(A1, [[1, 2], [3, 4]], 0)
    with pytest.raises(ShapeError, match=f"^{message}$"):
        partial_product_latex(A1, [[1, 2], [3, 4]], 1)


@pytest.mark.parametrize("j", [-1, 2, 1.0, None])
def test_bad_column_index(j):
    with pytest.raises(IndexError, match="column index"):
        column_combination_latex(A1, B1, j)


@pytest.mark.parametrize("steps", [-1, 3, 0.5])
def test_bad_steps(steps):
    with pytest.raises(ValueError, match="steps must be"):
        partial_product_latex(A1, B1, steps)


def _numbers(latex):
    latex = re.sub(r"\\color\{#[0-9a-f]+\}", "", latex)
    return [float(x) for x in re.findall(r"-?[0-9]+(?:\.[0-9]+)?", latex)]


@settings(max_examples=50, deadline=None)
@given(
    st.integers(1, 4), st.integers(1, 4), st.integers(1, 4),
    st.data(),
)
def test_combination_ends_with_the_column_of_the_product(m, n, k, data):
    ints = st.integers(-9, 9)
    A = np.array(data.draw(st.lists(st.lists(ints, min_size=n, max_size=n), min_size=m, max_size=m)))
    B = np.array(data.draw(st.lists(st.lists(ints, min_size=k, max_size=k), min_size=n, max_size=n)))
    j = data.draw(st.integers(0, k - 1))
    latex = column_combination_latex(A, B, j)
    result = latex.rsplit("= ", 1)[1]
    assert _numbers(result) == list((A @ B)[:, j])
    steps = data.draw(st.integers(0, k))
    assert partial_product_latex(A, B, steps).count(PENDING) == m * (k - steps)
