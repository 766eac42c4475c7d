"""Tests for widgets.core.attention_math: softmax rows, masks and attention."""
import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.attention_math import (
    AttentionResult,
    attention,
    causal_mask,
    softmax_rows,
    softmax_scale,
)
from widgets.core.shapes import ShapeError


def reference_softmax(Z):
    E = np.exp(Z - Z.max(axis=1, keepdims=True))
    return E / E.sum(axis=1, keepdims=True)


def test_softmax_basic():
    W = softmax_rows([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
    np.testing.assert_allclose(W, reference_softmax(np.array([[1.0, 2, 3], [0, 0, 0]])))
    np.testing.assert_allclose(W[1], [1 / 3] * 3)


def test_softmax_scale():
    S = np.array([[1.0, 3.0]])
    np.testing.assert_allclose(softmax_rows(S, scale=0.5), reference_softmax(0.5 * S))
    np.testing.assert_array_equal(softmax_rows([[1e308, -1e308]], scale=0.0), [[0.5, 0.5]])
    for bad in (-1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="scale"):
            softmax_rows(S, scale=bad)


def test_softmax_huge_scores():
    W = softmax_rows([[1e308, -1e308, 1e308], [1e300, 1e300 - 1e285, 0.0]], scale=10.0)
    assert np.all(np.isfinite(W))
    np.testing.assert_array_equal(W[0], [0.5, 0.0, 0.5])
    assert abs(W.sum(axis=1) - 1).max() < 1e-12


def test_softmax_one_d():
    w = softmax_rows([0.0, math.log(3.0)])
    assert w.shape == (2,)
    np.testing.assert_allclose(w, [0.25, 0.75])
    np.testing.assert_array_equal(softmax_rows([5.0, 1.0], mask=[False, True]), [0.0, 1.0])


def test_softmax_mask():
    S = np.array([[5.0, 9.0], [1.0, 2.0]])
    W = softmax_rows(S, mask=causal_mask(2))
    assert W[0, 1] == 0.0 and W[0, 0] == 1.0
    np.testing.assert_allclose(W[1], reference_softmax(S[1:])[0])


def test_softmax_errors():
    with pytest.raises(ValueError, match="row 2 of the mask allows no entries"):
        softmax_rows(np.zeros((3, 2)), mask=np.array([[True, False], [False, False], [True, True]]))
    with pytest.raises(ValueError, match=r"S\[1,2\] is nan"):
        softmax_rows([[0.0, math.nan]])
    with pytest.raises(ValueError, match="finite"):
        softmax_rows([[0.0, math.inf]])
    with pytest.raises(ValueError, match="True/False"):
        softmax_rows([[0.0, 1.0]], mask=[[1, 0]])
    with pytest.raises(ShapeError, match="mask has shape"):
        softmax_rows([[0.0, 1.0]], mask=[[True, False, True]])
    with pytest.raises(ShapeError):
        softmax_rows(np.zeros((2, 2, 2)))
    with pytest.raises(ShapeError):
        softmax_rows([])


def test_causal_mask():
    np.testing.assert_array_equal(causal_mask(1), [[True]])
    M = causal_mask(4)
    assert M.dtype == bool
    np.testing.assert_array_equal(M, np.tril(np.ones((4, 4))) == 1)
    with pytest.raises(ValueError):
        causal_mask(0)


def direct_attention(X, WQ, WK, WV, scale, causal):
    Q, K, V = X @ WQ, X @ WK, X @ WV
    S = Q @ K.T
    Z = scale * S
    if causal:
        Z = np.where(np.tril(np.ones(S.shape)) == 1, Z, -np.inf)
    A = reference_softmax(Z)
    return Q, K, V, S, A, A @ V


def test_attention_matches_direct_computation():
    rng = np.random.default_rng(0)
    X, WQ, WK, WV = (rng.normal(size=s) for s in [(5, 4), (4, 3), (4, 3), (4, 2)])
    for scale, causal in [(None, False), (1.0, False), (None, True), (0.3, True)]:
        r = attention(X, WQ, WK, WV, scale=scale, causal=causal)
        used = 1 / math.sqrt(3) if scale is None else scale
        assert r.scale == pytest.approx(used)
        for got, want in zip((r.Q, r.K, r.V, r.S, r.A, r.H), direct_attention(X, WQ, WK, WV, used, causal)):
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)


def test_attention_result_is_frozen_and_read_only():
    r = attention(np.eye(2), np.eye(2), np.eye(2), np.eye(2))
    assert isinstance(r, AttentionResult)
    assert [f.name for f in dataclasses.fields(r)][:6] == ["Q", "K", "V", "S", "A", "H"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.A = None
    with pytest.raises(ValueError):
        r.A[0, 0] = 1.0


def test_activity_1_4_5_shapes():
    # X is 5×4 and W_Q, W_K, W_V are 4×3 (also Activity 1.4.7 with ones).
    r = attention(np.ones((5, 4)), np.ones((4, 3)), np.ones((4, 3)), np.ones((4, 3)))
    assert (r.Q.shape, r.K.shape, r.V.shape, r.S.shape) == ((5, 3), (5, 3), (5, 3), (5, 5))
    assert r.A.shape == (5, 5) and r.H.shape == (5, 3)
    np.testing.assert_array_equal(r.S, np.full((5, 5), 48.0))  # unscaled: each q·k is 3·(4·4)


def test_activity_1_4_6_shapes_and_h2():
    r = attention(np.ones((4, 3)), np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)))
    assert r.S.shape == (4, 4) and r.H.shape == (4, 2)
    alpha_2 = np.array([0, 1 / 2, 1 / 4, 1 / 4])
    V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]], dtype=float)
    np.testing.assert_array_equal(alpha_2 @ V, [2, 2])


def test_attention_shape_errors():
    X = np.ones((5, 4))
    with pytest.raises(ShapeError, match="^X is 5×4 and W_Q is 3×3: X has 4 columns but W_Q has 3 rows$"):
        attention(X, np.ones((3, 3)), np.ones((4, 3)), np.ones((4, 3)))
    with pytest.raises(ShapeError, match="^X is 5×4 and W_V is 2×3"):
        attention(X, np.ones((4, 3)), np.ones((4, 3)), np.ones((2, 3)))
    with pytest.raises(ShapeError, match="W_Q and W_K must have the same number of columns"):
        attention(X, np.ones((4, 3)), np.ones((4, 2)), np.ones((4, 3)))
    with pytest.raises(ShapeError, match="^X must be a matrix"):
        attention(np.ones(4), np.ones((4, 3)), np.ones((4, 3)), np.ones((4, 3)))


scores = arrays(
    float,
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
    elements=st.floats(-1e308, 1e308, allow_nan=False),
)


@settings(max_examples=300)
@given(scores, st.floats(0, 1e6), st.data())
def test_softmax_rows_are_weights(S, scale, data):
    mask = data.draw(arrays(bool, S.shape))
    mask[np.arange(S.shape[0]), data.draw(st.integers(0, S.shape[1] - 1))] = True
    W = softmax_rows(S, scale=scale, mask=mask)
    assert W.shape == S.shape
    assert np.all(np.isfinite(W)) and np.all(W >= 0)
    assert np.all(W[~mask] == 0)
    assert np.abs(W.sum(axis=1) - 1).max() <= 1e-12
    # The largest allowed score gets the largest weight.
    best = np.argmax(np.where(mask, S, -np.inf), axis=1)
    assert np.all(W[np.arange(S.shape[0]), best] == W.max(axis=1))


@settings(max_examples=200)
@given(arrays(float, st.tuples(st.integers(1, 5), st.integers(1, 5)), elements=st.floats(-50, 50)),
       st.floats(-100, 100))
def test_softmax_shift_invariant(S, shift):
    np.testing.assert_allclose(softmax_rows(S + shift), softmax_rows(S), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(softmax_rows(S), reference_softmax(S), rtol=1e-12, atol=1e-15)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 5), st.integers(1, 4), st.integers(1, 3), st.integers(1, 3), st.booleans(), st.data())
def test_attention_properties(L, d, dk, dv, causal, data):
    el = st.floats(-5, 5)
    X = data.draw(arrays(float, (L, d), elements=el))
    WQ, WK = (data.draw(arrays(float, (d, dk), elements=el)) for _ in range(2))
    WV = data.draw(arrays(float, (d, dv), elements=el))
    r = attention(X, WQ, WK, WV, causal=causal)
    assert np.abs(r.A.sum(axis=1) - 1).max() <= 1e-12
    if causal:
        assert np.all(r.A[~causal_mask(L)] == 0)
    for got, want in zip((r.Q, r.K, r.V, r.S, r.A, r.H),
                         direct_attention(X, WQ, WK, WV, 1 / math.sqrt(dk), causal)):
        np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)
    # Each output row lies between the smallest and largest value rows.
    assert np.all(r.H <= r.V.max(axis=0) + 1e-9) and np.all(r.H >= r.V.min(axis=0) - 1e-9)


# -- softmax_scale: 1/sqrt(d_k) and the temperature ---------------------------


def test_softmax_scale_divides_by_temperature_and_root_dk():
    assert softmax_scale(4) == 0.5
    assert softmax_scale(9, temperature=2) == pytest.approx(1 / 6)
    assert softmax_scale(9, scaled=False, temperature=0.25) == 4.0


@pytest.mark.parametrize("T", [0, -1, 0.01, 21, float("nan"), float("inf"), "hot"])
def test_softmax_scale_refuses_temperatures_out_of_range(T):
    with pytest.raises(ValueError, match="temperature must be a number"):
        softmax_scale(2, temperature=T)


def test_softmax_scale_needs_a_key_length():
    with pytest.raises(ValueError, match="d_k must be at least 1, got 0"):
        softmax_scale(0)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=6), st.floats(0.05, 20))
def test_temperature_keeps_the_order_of_the_weights(scores, T):
    w = softmax_rows([scores], scale=softmax_scale(1, temperature=T))[0]
    s = np.array(scores)
    for a in range(len(s)):
        for b in range(len(s)):
            if s[a] > s[b]:
                assert w[a] >= w[b]
