"""Tests for widgets.core.expressions: matrix expressions that say why they are undefined."""

import numpy as np
import pytest

from widgets.core.expressions import (
    Constant,
    Matrix,
    Scalar,
    UndefinedError,
    evaluate_side,
)
from widgets.core.shapes import ShapeError

A, B, C = Matrix("A"), Matrix("B"), Matrix("C")


def test_labels_follow_the_syllabus():
    assert ((A @ B).T @ A).label == "(AB)ᵀA"
    assert (Scalar("r") * (A + B)).label == "r(A + B)"
    assert (A + B).squared().label == "(A + B)²"
    assert (A.T @ B.T).label == "AᵀBᵀ"
    # Numbers are written as numbers are: 2AB; a named scalar keeps its brackets.
    assert (Constant(2) * (A @ B)).label == "2AB"
    assert (Scalar("r") * (A @ B)).label == "r(AB)"


def test_undefined_error_carries_the_failing_label():
    with pytest.raises(UndefinedError) as info:
        (A @ (B @ C)).evaluate({"A": np.eye(2), "B": np.ones((2, 3)), "C": np.eye(2)})
    assert info.value.label == "BC"
    assert isinstance(info.value, ShapeError)


def test_only_a_square_matrix_has_a_square():
    with pytest.raises(UndefinedError, match="A² is undefined: A is 2×3, and only a square matrix"):
        A.squared().evaluate({"A": np.ones((2, 3))})
    np.testing.assert_array_equal(A.squared().evaluate({"A": [[0, 1], [1, 0]]}), np.eye(2))


def test_a_side_is_a_value_or_the_reason_it_has_none():
    values = {"A": np.ones((2, 3)), "B": np.ones((3, 2)), "r": 3}
    side = evaluate_side(Scalar("r") * (A @ B), values)
    assert side.defined and side.reason == "" and side.label == "r(AB)"
    np.testing.assert_array_equal(side.value, np.full((2, 2), 9.0))
    side = evaluate_side(A + B, values)
    assert not side.defined and side.value is None
    assert side.reason.startswith("A + B is undefined: A is 2×3 and B is 3×2")
    # A failing part is named after the whole.
    assert evaluate_side((A + B).T, values).reason.startswith(
        "(A + B)ᵀ is undefined because A + B is undefined"
    )


def test_an_overflowing_side_keeps_its_infinite_value_without_a_warning():
    with np.errstate(over="raise"):
        side = evaluate_side(A @ B, {"A": [[1e300, 1e300]], "B": [[1e300], [1e300]]})
    assert side.defined and np.isinf(side.value).all()
