"""Tests for widgets.core.plot_frame: a plot's view, ticks, arrows and cell centres."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.geometry import apply_map
from widgets.core.plot_frame import arrow_polyline, cell_centers, fit_bounds, nice_ticks, steady_bounds

finite = st.floats(-50, 50, allow_nan=False, allow_infinity=False)


def test_fit_bounds_equal_spans_and_margin():
    xmin, xmax, ymin, ymax = fit_bounds([[0, 4], [0, 1]], margin=0.25)
    assert xmax - xmin == pytest.approx(ymax - ymin) == pytest.approx(6)
    assert (xmin, ymin) == pytest.approx((-1, -2.5))
    assert fit_bounds(np.zeros((2, 3)), min_span=1) == (-0.5, 0.5, -0.5, 0.5)
    with pytest.raises(ValueError):
        fit_bounds(np.zeros((3, 3)))
    with pytest.raises(ValueError):
        fit_bounds()


def test_arrow_polyline():
    arrow = arrow_polyline((0, 2), head=0.2)
    assert arrow.shape == (2, 5)
    np.testing.assert_array_equal(arrow[:, 0], [0, 0])
    np.testing.assert_array_equal(arrow[:, 1], [0, 2])
    np.testing.assert_array_equal(arrow[:, 3], [0, 2])
    # barbs are symmetric about the shaft and point back toward the tail
    assert arrow[0, 2] == pytest.approx(-arrow[0, 4])
    assert arrow[1, 2] < 2 and arrow[1, 4] < 2
    np.testing.assert_array_equal(arrow_polyline((0, 0)), np.zeros((2, 5)))


def test_cell_centers_row_major():
    x, y = cell_centers(3, 2)
    assert list(zip(x, y))[3] == (1.5, 1.5)  # cell (1, 1)
    assert len(x) == 6


def test_steady_bounds_keeps_a_view_that_still_fits():
    wanted = (-1.0, 1.0, -1.0, 1.0)
    assert steady_bounds(None, wanted) == wanted
    assert steady_bounds((None, None, None, None), wanted) == wanted
    assert steady_bounds((-1.5, 1.5, -1.5, 1.5), wanted) == (-1.5, 1.5, -1.5, 1.5)
    assert steady_bounds((-1.5, 1.5, -1.5, 1.5), wanted, slack=1.2) == wanted


@settings(max_examples=60, deadline=None)
@given(
    matrix=arrays(float, (2, 2), elements=finite),
    points=arrays(float, (2, 7), elements=finite),
    margin=st.floats(0, 0.5),
)
def test_bounds_contain_shape_and_image(matrix, points, margin):
    image = apply_map(matrix, points)
    np.testing.assert_allclose(image, matrix @ points)
    xmin, xmax, ymin, ymax = fit_bounds(points, image, margin=margin)
    assert xmax - xmin == pytest.approx(ymax - ymin)
    both = np.concatenate([points, image], axis=1)
    tol = 1e-9 * (1 + np.abs(both).max())
    assert np.all(both[0] >= xmin - tol) and np.all(both[0] <= xmax + tol)
    assert np.all(both[1] >= ymin - tol) and np.all(both[1] <= ymax + tol)


@settings(max_examples=60, deadline=None)
@given(lo=finite, span=st.floats(1e-3, 100), target=st.integers(2, 10))
def test_nice_ticks_inside_range_round_and_not_too_many(lo, span, target):
    hi = lo + span
    ticks = nice_ticks(lo, hi, target)
    assert 1 <= len(ticks) <= target + 1
    assert np.all(ticks >= lo - 1e-9) and np.all(ticks <= hi + 1e-9)
    steps = np.diff(ticks)
    if len(steps):
        np.testing.assert_allclose(steps, steps[0])
        mantissa = steps[0] / 10 ** np.floor(np.log10(steps[0]))
        assert any(np.isclose(mantissa, m) for m in (1, 2, 2.5, 5, 10))
