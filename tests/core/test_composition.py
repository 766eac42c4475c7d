"""Tests for widgets.core.composition: the shape check of x ↦ A(Bx)."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.core.composition import CompositionShapes, composition_shapes, describe_composition, space
from widgets.core.shapes import ShapeError


def test_activity_1_4_3():
    shapes = composition_shapes((4, 3), (3, 2))
    assert shapes == CompositionShapes(product=(4, 2), domain=2, middle=3, codomain=4)
    ok, text = describe_composition((4, 3), (3, 2))
    assert ok
    assert text == (
        "AB exists and is 4×2. x ↦ A(Bx) maps ℝ² → ℝ⁴: "
        "B takes x in ℝ² to Bx in ℝ³, then A takes that to ℝ⁴."
    )


def test_mismatch_explains_both_views():
    with pytest.raises(ShapeError) as info:
        composition_shapes((4, 3), (2, 2))
    assert str(info.value) == (
        "AB is undefined: A is 4×3 and B is 2×2: A has 3 columns but B has 2 rows. "
        "B sends vectors to ℝ², but A only accepts vectors in ℝ³."
    )
    ok, text = describe_composition((4, 3), (2, 2))
    assert not ok and text == str(info.value)


@pytest.mark.parametrize("bad", [(0, 3), (True, 3), (2.0, 3), (1, 2, 3), None, "23"])
def test_malformed_shapes(bad):
    with pytest.raises(ShapeError, match="^A must have a shape of two positive whole numbers"):
        composition_shapes(bad, (3, 2))
    ok, text = describe_composition((3, 2), bad)
    assert not ok and text.startswith("B must have a shape")


def test_space():
    assert space(2) == "ℝ²" and space(10) == "ℝ¹⁰" and space(np.int64(4)) == "ℝ⁴"


@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
def test_agrees_with_numpy(m, n, p, q):
    A, B = np.ones((m, n)), np.ones((p, q))
    ok, _ = describe_composition((m, n), (p, q))
    assert ok == (n == p)
    if ok:
        shapes = composition_shapes(A.shape, B.shape)
        x = np.ones(shapes.domain)
        assert (A @ B).shape == shapes.product
        assert (B @ x).shape == (shapes.middle,)
        assert (A @ (B @ x)).shape == (shapes.codomain,)
