"""Tests for widgets.core.geometry: vertex matrices, maps and grids."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core import geometry
from widgets.core.geometry import (
    HOUSE,
    UNIT_SQUARE,
    apply_map,
    as_matrix_2x2,
    as_points,
    basis_images,
    close_polygon,
    grid_extent,
    input_grid,
    is_closed,
    map_lines,
    square_grid,
)

SHEAR = np.array([[1.0, 1.0], [0.0, 1.0]])
finite = st.floats(-50, 50, allow_nan=False, allow_infinity=False)


def test_geometry_imports_no_widgets():
    # Math first: the geometry module is numpy-only.
    source = open(geometry.__file__).read()
    assert "ipywidgets" not in source and "bqplot" not in source


def test_shapes_are_closed_read_only_vertex_matrices():
    for shape in (UNIT_SQUARE, HOUSE):
        assert shape.shape[0] == 2
        assert is_closed(shape)
        with pytest.raises(ValueError):
            shape[0, 0] = 5.0


def _mirror_symmetric(shape):
    """Whether some reflection maps the closed polygon `shape` onto itself.

    A reflection maps the boundary onto itself with its cyclic order reversed,
    keeping every distance between vertices: try each reversed order.
    """
    vertices = np.asarray(shape)[:, :-1].T
    n = len(vertices)
    distances = np.linalg.norm(vertices[:, None] - vertices[None], axis=-1)
    for shift in range(n):
        order = [(shift - k) % n for k in range(n)]
        if np.allclose(distances, distances[np.ix_(order, order)]):
            return True
    return False


def test_house_has_no_mirror_symmetry_so_a_flip_shows():
    assert not _mirror_symmetric(HOUSE)
    # The test can see a symmetry: the roof alone is symmetric about x = 0.5.
    assert _mirror_symmetric([[0, 1, 1, 0.5, 0, 0], [0, 0, 1, 1.5, 1, 0]])
    assert _mirror_symmetric(UNIT_SQUARE)


def test_shear_of_unit_square_matches_syllabus():
    image = apply_map(SHEAR, UNIT_SQUARE)
    expected_columns = [(0, 0), (1, 0), (2, 1), (1, 1), (0, 0)]
    assert [tuple(col) for col in image.T] == expected_columns


def test_as_points_rejects_wrong_shape_and_non_finite():
    with pytest.raises(ValueError, match=r"2×N .* got shape \(3, 2\)"):
        as_points(np.zeros((3, 2)))
    with pytest.raises(ValueError, match=r"got shape \(2,\)"):
        as_points([1, 2])
    with pytest.raises(ValueError, match=r"points\[2,1\] is inf"):
        as_points([[0, 1], [np.inf, 0]])
    with pytest.raises(ValueError, match="numbers only"):
        as_points([["a", "b"], ["c", "d"]])


def test_as_matrix_2x2():
    assert as_matrix_2x2([[1, 2], [3, 4]]).dtype == float
    with pytest.raises(ValueError, match=r"A must be 2×2, got shape \(3, 3\)"):
        as_matrix_2x2(np.eye(3), name="A")
    with pytest.raises(ValueError, match=r"A\[1,2\] is nan"):
        as_matrix_2x2([[1, np.nan], [0, 1]], name="A")


def test_close_polygon():
    open_square = UNIT_SQUARE[:, :-1]
    assert not is_closed(open_square)
    np.testing.assert_array_equal(close_polygon(open_square), UNIT_SQUARE)
    np.testing.assert_array_equal(close_polygon(UNIT_SQUARE), UNIT_SQUARE)
    single = np.array([[1.0], [2.0]])
    np.testing.assert_array_equal(close_polygon(single), single)


def test_apply_map_rule_gets_a_copy():
    points = np.array([[1.0, 2.0], [3.0, 4.0]])

    def vandal(X):
        X[:] = 0
        return X + 1

    np.testing.assert_array_equal(apply_map(vandal, points), np.ones((2, 2)))
    np.testing.assert_array_equal(points, [[1, 2], [3, 4]])


@pytest.mark.parametrize(
    "rule, message",
    [
        (lambda X: 1 / 0, "ZeroDivisionError"),
        (lambda X: X[0], r"same shape .* \(2, 3\), got shape \(3,\)"),
        (lambda X: X * np.nan, "non-finite"),
        (lambda X: "abc", "must return numbers"),
    ],
)
def test_apply_map_bad_rules_explained(rule, message):
    with pytest.raises(ValueError, match=message):
        apply_map(rule, np.zeros((2, 3)))


def test_basis_images_are_matrix_columns():
    A = np.array([[2.0, -1.0], [0.5, 3.0]])
    np.testing.assert_array_equal(basis_images(A), A)
    np.testing.assert_array_equal(basis_images(lambda X: X[::-1]), [[0, 1], [1, 0]])


def test_square_grid_lines_on_multiples_of_step():
    lines = square_grid((-1, 2, -1, 1), step=1, samples=5)
    assert lines.shape == (4 + 3, 2, 5)
    # vertical lines first, at x = -1, 0, 1, 2, spanning y in [-1, 1]
    np.testing.assert_array_equal(lines[:4, 0, 0], [-1, 0, 1, 2])
    np.testing.assert_array_equal(lines[0, 1], np.linspace(-1, 1, 5))
    # then horizontal lines at y = -1, 0, 1
    np.testing.assert_array_equal(lines[4:, 1, 0], [-1, 0, 1])
    with pytest.raises(ValueError):
        square_grid((0, 1, 0, 1), samples=1)
    with pytest.raises(ValueError):
        square_grid((0, 1, 0, 1), step=0)


def test_matrix_keeps_grid_lines_straight_rule_bends_them():
    lines = square_grid((-1, 1, -1, 1), samples=11)

    def collinear(line):
        d = line - line[:, :1]
        return np.allclose(d[0, 1:] * d[1, -1] - d[1, 1:] * d[0, -1], 0)

    assert all(collinear(line) for line in map_lines(SHEAR, lines))
    bent = map_lines(lambda X: np.stack([X[0], X[1] + X[0] ** 2]), lines)
    assert not all(collinear(line) for line in bent)


def test_map_lines_calls_rule_once():
    calls = []

    def rule(X):
        calls.append(X.shape)
        return 2 * X

    lines = square_grid((0, 2, 0, 2), samples=3)
    np.testing.assert_array_equal(map_lines(rule, lines), 2 * lines)
    assert calls == [(2, lines.shape[0] * 3)]


def test_grid_extent_and_input_grid():
    assert grid_extent(HOUSE) == (-1.0, 2.0, -1.0, 3.0)
    lines = input_grid([[0, 1000], [0, -1000]])
    assert lines.shape[0] <= 24  # coarse step for big shapes


@settings(max_examples=40, deadline=None)
@given(matrix=arrays(float, (2, 2), elements=finite))
def test_map_lines_equals_matrix_product(matrix):
    lines = square_grid((-2, 2, -1, 1), samples=4)
    mapped = map_lines(matrix, lines)
    for before, after in zip(lines, mapped):
        np.testing.assert_allclose(after, matrix @ before)
