"""Tests for widgets.core.geometry.convex_hull: the region the weighted averages of values can reach."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.geometry import convex_hull
from widgets.core.shapes import ShapeError


def test_convex_hull_of_the_activity_values():
    hull = convex_hull([[1, 0], [2, 0], [0, 4], [4, 4]])
    assert hull.tolist() == [[1, 0], [2, 0], [4, 4], [0, 4], [1, 0]]


def test_convex_hull_degenerate_cases():
    assert convex_hull([[1, 1], [1, 1]]).tolist() == [[1, 1], [1, 1]]
    assert convex_hull([[0, 0], [1, 1], [2, 2]]).tolist() == [[0, 0], [2, 2], [0, 0]]
    with pytest.raises(ShapeError):
        convex_hull([[1, 2, 3]])
    with pytest.raises(ValueError):
        convex_hull([[0, np.inf]])


def _inside(hull, point, tol=1e-9):
    """Whether `point` is inside the counter-clockwise polygon `hull`."""
    for a, b in zip(hull[:-1], hull[1:]):
        cross = (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])
        if cross < -tol:
            return False
    return True


@settings(max_examples=60, deadline=None)
@given(
    arrays(float, (5, 2), elements=st.floats(-10, 10, allow_nan=False)),
    arrays(float, 5, elements=st.floats(0, 1, allow_nan=False)),
)
def test_weighted_averages_stay_in_the_hull(values, weights):
    """The fact the values plot shows: every h_i lies in the hull of the values."""
    if weights.sum() == 0 or np.ptp(values, axis=0).min() < 1e-3:
        return  # no weights, or (nearly) collinear values: no area to be inside
    hull = convex_hull(values)
    h = (weights / weights.sum()) @ values
    assert _inside(hull, h, tol=1e-6 * (1 + np.abs(values).max() ** 2))
