"""Tests for widgets.core.maps_gallery: the parametrised 2×2 maps and the bending rule."""
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.core.geometry import UNIT_SQUARE
from widgets.core.maps_gallery import (
    GALLERY,
    bend_rule,
    gallery_matrix,
    projection,
    reflection,
    rotation,
    shear,
    stretch,
)

angles = st.floats(-360, 360, allow_nan=False)


def test_activity_1_4_4_shear_of_the_unit_square():
    A = gallery_matrix("horizontal shear")
    np.testing.assert_array_equal(A, [[1, 1], [0, 1]])
    np.testing.assert_array_equal(A @ UNIT_SQUARE, [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])


def test_warning_1_4_4_matrices():
    np.testing.assert_array_equal(stretch(2, 1), [[2, 0], [0, 1]])
    np.testing.assert_array_equal(rotation(90), [[0, -1], [1, 0]])


def test_exact_values_have_no_floating_dust():
    for degrees in (0, 90, 180, 270, -90):
        M = rotation(degrees)
        assert set(np.unique(M)) <= {-1.0, 0.0, 1.0}
        assert not np.signbit(M[M == 0]).any()  # no -0.0 to print as "-0"
    np.testing.assert_array_equal(reflection(45), [[0, 1], [1, 0]])
    np.testing.assert_array_equal(projection(90), [[0, 0], [0, 1]])


@given(angles)
def test_rotation_keeps_lengths_and_orientation(degrees):
    M = rotation(degrees)
    np.testing.assert_allclose(M.T @ M, np.eye(2), atol=1e-9)
    assert math.isclose(np.linalg.det(M), 1, abs_tol=1e-9)


@given(angles)
def test_reflection_is_its_own_inverse_and_flips(degrees):
    M = reflection(degrees)
    np.testing.assert_allclose(M @ M, np.eye(2), atol=1e-9)
    assert math.isclose(np.linalg.det(M), -1, abs_tol=1e-9)
    t = math.radians(degrees)
    np.testing.assert_allclose(M @ [math.cos(t), math.sin(t)], [math.cos(t), math.sin(t)], atol=1e-9)


@given(angles)
def test_projection_is_idempotent_and_symmetric(degrees):
    M = projection(degrees)
    np.testing.assert_allclose(M @ M, M, atol=1e-9)
    np.testing.assert_allclose(M, M.T, atol=1e-12)
    assert math.isclose(np.linalg.det(M), 0, abs_tol=1e-9)


@given(st.floats(-5, 5))
def test_shears_keep_area(k):
    for direction in ("horizontal", "vertical"):
        assert math.isclose(np.linalg.det(shear(k, direction)), 1)
    np.testing.assert_array_equal(shear(k, "vertical"), shear(k).T)


def test_every_gallery_map_builds_from_its_defaults():
    assert list(GALLERY) == [
        "horizontal shear", "vertical shear", "rotation", "stretch", "reflection", "projection",
    ]
    for key, spec in GALLERY.items():
        assert spec.title == key and spec.rule
        M = gallery_matrix(key)
        assert M.shape == (2, 2) and np.isfinite(M).all()
        for param in spec.params:
            assert param.min <= param.default <= param.max and param.step > 0
            # the default sits on the slider's grid of steps
            assert math.isclose((param.default - param.min) / param.step,
                                round((param.default - param.min) / param.step), abs_tol=1e-9)


def test_errors_name_the_problem():
    with pytest.raises(ValueError, match="no map called 'twist'"):
        gallery_matrix("twist")
    with pytest.raises(ValueError, match="rotation has no parameter 'k'"):
        gallery_matrix("rotation", k=1)
    with pytest.raises(ValueError, match="^k must be a finite number"):
        shear(float("nan"))
    with pytest.raises(ValueError, match="direction must be"):
        shear(1, "diagonal")


def test_bend_rule_is_not_a_matrix_map():
    bend = bend_rule(0.3)
    corners = UNIT_SQUARE
    np.testing.assert_allclose(bend(corners), [[0, 1, 1, 0, 0], [0, 0.3, 1.3, 1, 0]])
    x = np.array([[1.0], [0.0]])
    assert not np.allclose(bend(2 * x), 2 * bend(x))  # not linear
    # It agrees with the vertical shear by 2c at x = 0 and x = 2, nowhere else in between.
    square_2 = 2 * UNIT_SQUARE
    np.testing.assert_allclose(bend(square_2), shear(0.6, "vertical") @ square_2)
    middle = np.array([[1.0], [0.0]])
    assert bend(middle)[1, 0] == pytest.approx(0.3)
    assert (shear(0.6, "vertical") @ middle)[1, 0] == pytest.approx(0.6)
    points = np.array([[0.0, 1.0], [0.0, 0.0]])
    bend(points)
    np.testing.assert_array_equal(points, [[0, 1], [0, 0]])  # input left alone
