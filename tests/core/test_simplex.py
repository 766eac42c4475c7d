"""Tests for widgets.core.simplex: the sum-to-1 slider rule."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.simplex import SUM_TOLERANCE, normalise_weights, rebalance_weights


def test_normalise():
    np.testing.assert_array_equal(normalise_weights([1, 1, 2]), [0.25, 0.25, 0.5])
    np.testing.assert_array_equal(normalise_weights([5]), [1.0])
    w = normalise_weights([-0.0, 1.0])
    assert math.copysign(1, w[0]) == 1


def test_normalise_tolerance_keeps_bits():
    w = [0.1, 0.2, 0.7]  # sums to 1 only up to rounding
    assert list(normalise_weights(w, tol=1e-12)) == w


@pytest.mark.parametrize(
    "bad, message",
    [
        ([0, 0], "must not all be 0"),
        ([1, -1, 2], "weight 2 is -1"),
        ([1, math.nan], "weight 2 is nan"),
        ([math.inf, 1], "weight 1 is inf"),
        ([], "non-empty"),
        ([[1, 2]], "non-empty list"),
        (["a", 1], "must be numbers"),
    ],
)
def test_normalise_errors(bad, message):
    with pytest.raises(ValueError, match=message):
        normalise_weights(bad)


def test_proportional():
    np.testing.assert_allclose(rebalance_weights([0.5, 0.25, 0.25], 0, 0.0), [0, 0.5, 0.5])
    np.testing.assert_allclose(rebalance_weights([0.2, 0.2, 0.6], 0, 0.6), [0.6, 0.1, 0.3])


def test_zero_others_share_equally():
    np.testing.assert_allclose(rebalance_weights([1.0, 0.0, 0.0, 0.0], 0, 0.4), [0.4, 0.2, 0.2, 0.2])


def test_locks():
    w = rebalance_weights([0.25, 0.25, 0.5], 0, 0.9, locked=[2])
    np.testing.assert_array_equal(w, [0.5, 0.0, 0.5])
    w = rebalance_weights([0.1, 0.3, 0.2, 0.4], 1, 0.0, locked=(3,))
    np.testing.assert_allclose(w, [0.2, 0.0, 0.4, 0.4])
    assert w[3] == 0.4


def test_only_unlocked_slider_takes_what_locks_leave():
    np.testing.assert_allclose(rebalance_weights([0.2, 0.3, 0.5], 0, 0.9, locked=(1, 2)), [0.2, 0.3, 0.5])
    np.testing.assert_array_equal(rebalance_weights([1.0], 0, 0.3), [1.0])


def test_clamps_out_of_range_value():
    np.testing.assert_array_equal(rebalance_weights([0.5, 0.5], 0, 1.7), [1.0, 0.0])
    np.testing.assert_array_equal(rebalance_weights([0.5, 0.5], 0, -3), [0.0, 1.0])


def test_unnormalised_input_is_normalised():
    np.testing.assert_allclose(rebalance_weights([2, 1, 1], 1, 0.5), [1 / 3, 0.5, 1 / 6])


def test_errors():
    with pytest.raises(ValueError, match="locked"):
        rebalance_weights([0.5, 0.5], 0, 0.2, locked=[0])
    with pytest.raises(IndexError):
        rebalance_weights([0.5, 0.5], 2, 0.2)
    with pytest.raises(IndexError):
        rebalance_weights([0.5, 0.5], 0, 0.2, locked=[5])
    with pytest.raises(ValueError, match="finite"):
        rebalance_weights([0.5, 0.5], 0, math.nan)
    with pytest.raises(ValueError, match="number"):
        rebalance_weights([0.5, 0.5], 0, "x")
    with pytest.raises(ValueError):
        rebalance_weights([0, 0], 0, 0.5)


@st.composite
def moves(draw):
    n = draw(st.integers(1, 8))
    raw = draw(st.lists(st.floats(0, 1), min_size=n, max_size=n).filter(lambda xs: sum(xs) > 0))
    weights = normalise_weights(raw)
    index = draw(st.integers(0, n - 1))
    locked = draw(st.sets(st.integers(0, n - 1).filter(lambda i: i != index)))
    value = draw(st.floats(-0.5, 1.5))
    return weights, index, value, locked


@settings(max_examples=500)
@given(moves())
def test_rule_invariants(move):
    weights, index, value, locked = move
    w = rebalance_weights(weights, index, value, locked)
    assert np.all(w >= 0)
    assert abs(math.fsum(w) - 1) <= SUM_TOLERANCE
    for i in locked:
        assert w[i] == weights[i]  # bit for bit
    cap = 1 - math.fsum(weights[i] for i in locked)
    others = [i for i in range(len(w)) if i != index and i not in locked]
    if others:
        assert w[index] == pytest.approx(min(max(value, 0), max(cap, 0)), abs=1e-15)
        current = weights[others]
        if current.sum() > 1e-9 and w[others].sum() > 1e-9:
            # Proportional: the others keep their ratios.
            np.testing.assert_allclose(
                w[others] / w[others].sum(), current / current.sum(), atol=1e-9
            )
    else:
        assert w[index] == pytest.approx(max(cap, 0), abs=1e-15)


@settings(max_examples=100)
@given(st.integers(2, 6), st.lists(st.tuples(st.integers(0, 5), st.floats(0, 1)), min_size=50, max_size=200))
def test_no_drift_over_many_moves(n, steps):
    w = np.full(n, 1 / n)
    for index, value in steps:
        w = rebalance_weights(w, index % n, value)
        assert np.all(w >= 0) and abs(math.fsum(w) - 1) <= SUM_TOLERANCE
