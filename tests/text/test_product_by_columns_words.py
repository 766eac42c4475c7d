"""Tests for widgets.text.product_by_columns_words: the product by columns, one column at a time."""
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.shapes import ShapeError
from widgets.text.html_math import HIGHLIGHT_COLOR
from widgets.text.product_by_columns_words import (
    PENDING,
    column_combination_html,
    column_problem_html,
    partial_product_html,
)

# Activity 1.4.1
A1 = [[1, -3, 5], [3, 1, 4]]
B1 = [[5, 1], [-2, -6], [-1, 0]]
TABLE = re.compile(r"<table.*?</table>")
TAG = re.compile(r"<[^>]+>")


def columns(html):
    """Every bracketed table in `html`, as rows of cell text."""
    return [
        [[TAG.sub("", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
         for row in re.findall(r"<tr>(.*?)</tr>", table)]
        for table in TABLE.findall(html)
    ]


def text(html):
    return " ".join(TAG.sub(" ", html).split())


def test_activity_1_4_1_second_column():
    html = column_combination_html(A1, B1, 1)
    symbolic, numeric = html.split("</div>")[:2]
    assert text(symbolic) == "A b 2 = 1 a 1 + (−6) a 2 + 0 a 3"
    assert columns(numeric) == [[["1"], ["3"]], [["−3"], ["1"]], [["5"], ["4"]], [["19"], ["−3"]]]
    assert text(TABLE.sub(" [] ", numeric)) == "= 1 [] + (−6) [] + 0 [] = []"
    # The result, and only it, is bold and in the highlight colour.
    assert numeric.count(f"color:{HIGHLIGHT_COLOR}") == 1
    assert numeric.rindex(f"color:{HIGHLIGHT_COLOR}") > numeric.rindex("(−6)")


def test_partial_product_fills_columns_in_order():
    assert partial_product_html(A1, B1, 0).count(PENDING) == 4
    one = partial_product_html(A1, B1, 1)
    assert one.count(PENDING) == 2 and columns(one) == [[["6", "?"], ["9", "?"]]]
    two = partial_product_html(A1, B1, 2)
    assert PENDING not in two and columns(two) == [[["6", "19"], ["9", "−3"]]]
    # Only the column just computed is emphasised.
    assert re.findall(r"<b\b[^>]*>(.*?)</b>", two) == ["19", "−3"]  # in bold, whatever its colour
    assert text(two).startswith("AB =")


def test_names_and_digits():
    html = column_combination_html([[0.5]], [[1 / 3]], 0, names=("X", "W"), digits=2)
    assert text(html).startswith("X w 1 = 0.33 x 1")
    assert "2×10<sup>8</sup>" in partial_product_html([[2e8]], [[1]], 1, name="P")
    assert text(partial_product_html([[1]], [[1]], 1, name="P")).startswith("P =")


def test_shape_mismatch_is_explained():
    message = "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows"
    with pytest.raises(ShapeError, match=f"^{message}$"):
        column_combination_html(A1, [[1, 2], [3, 4]], 0)
    with pytest.raises(ShapeError, match=f"^{message}$"):
        partial_product_html(A1, [[1, 2], [3, 4]], 1)


@pytest.mark.parametrize("j", [-1, 2, 1.0, None])
def test_bad_column_index(j):
    with pytest.raises(IndexError, match="column index.*(whole number|B has 2 columns, so valid .* 0 to 1)"):
        column_combination_html(A1, B1, j)


@pytest.mark.parametrize("steps", [-1, 3, 0.5])
def test_bad_steps(steps):
    with pytest.raises(ValueError, match="steps must be"):
        partial_product_html(A1, B1, steps)


def _number(cell):
    return float(cell.replace("\N{MINUS SIGN}", "-"))


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
    tables = columns(column_combination_html(A, B, j))
    assert len(tables) == n + 1
    assert [_number(row[0]) for row in tables[-1]] == list((A @ B)[:, j])
    steps = data.draw(st.integers(0, k))
    assert partial_product_html(A, B, steps).count(PENDING) == m * (k - steps)


def test_column_problem_html_is_an_alert_that_escapes_the_error_and_names_the_kind():
    text = column_problem_html(ShapeError("A is 2×3 & B is 2×2"))
    assert text.startswith('<div role="alert"') and "A is 2×3 &amp; B is 2×2." in text
    assert "<b>These shapes cannot be multiplied.</b>" in text
    assert "<b>Could not compute this step.</b>" in column_problem_html(ValueError("nan"))
