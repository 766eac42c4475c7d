"""widgets.core.many_points (lab 5): the matrices and the view of the morph from I to A."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.geometry import HOUSE, UNIT_SQUARE
from widgets.core.many_points import morph_matrix, morph_view

entries = st.floats(-3, 3, allow_nan=False)
matrices = arrays(float, (2, 2), elements=entries)


def test_ends_are_the_identity_and_the_map():
    A = np.array([[0.0, -1.0], [1.0, 0.0]])
    np.testing.assert_array_equal(morph_matrix(A, 0), np.eye(2))
    np.testing.assert_array_equal(morph_matrix(A, 1), A)


def test_a_half_turn_passes_through_zero_halfway():
    # Not a rotation path: every point slides straight through the origin.
    np.testing.assert_array_equal(morph_matrix(-np.eye(2), 0.5), np.zeros((2, 2)))
    assert not np.signbit(morph_matrix(-np.eye(2), 0.5)).any()  # "0", never "-0"


@pytest.mark.parametrize("t", [-0.1, 1.5, np.nan])
def test_t_outside_0_to_1_is_refused(t):
    with pytest.raises(ValueError, match="t must be between 0 and 1"):
        morph_matrix(np.eye(2), t)


def test_bad_matrix_is_refused():
    with pytest.raises(ValueError):
        morph_matrix([[1, 2, 3]], 0.5)


@settings(max_examples=60, deadline=None)
@given(A=matrices, t=st.floats(0, 1), shape=st.sampled_from([UNIT_SQUARE, HOUSE]))
def test_every_frame_stays_in_the_view(A, t, shape):
    xmin, xmax, ymin, ymax = morph_view(shape, A)
    M = morph_matrix(A, t)
    for points in (M @ shape, M):  # the moved shape and the two arrows' tips
        assert (xmin - 1e-9 <= points[0]).all() and (points[0] <= xmax + 1e-9).all()
        assert (ymin - 1e-9 <= points[1]).all() and (points[1] <= ymax + 1e-9).all()
