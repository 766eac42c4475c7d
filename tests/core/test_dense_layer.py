"""Tests for widgets.core.dense_layer: the layer ŷ = W x + b, ReLU, the folds."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from widgets.core.dense_layer import dense_layer, relu, split_at_folds
from widgets.core.geometry import HOUSE

# The syllabus example (seed 000): W x + b with the numbers of the lab's exercise.
W = [[2, -1], [0, 3]]
X = [1, 2]
B = [1, -1]

finite = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
matrix_2x2 = arrays(float, (2, 2), elements=finite)
vector_2 = arrays(float, (2,), elements=finite)


# -- dense_layer -------------------------------------------------------------------


def test_syllabus_example():
    np.testing.assert_array_equal(dense_layer(W, X, B), [1, 5])


def test_input_forms_give_matching_output_forms():
    assert dense_layer(W, X, B).shape == (2,)
    np.testing.assert_array_equal(dense_layer(W, [[1], [2]], [[1], [-1]]), [[1], [5]])
    points = np.array([[1, 0, 0], [2, 0, 1]])
    np.testing.assert_array_equal(dense_layer(W, points, B), [[1, 1, 0], [5, -1, 2]])


def test_origin_lands_on_b():
    # Affine, not linear: W 0 + b = b, whatever W is.
    np.testing.assert_array_equal(dense_layer(W, [0, 0], B), B)


def test_non_square_layer():
    W3 = [[1, 0], [0, 1], [1, 1]]  # 2 inputs, 3 outputs
    np.testing.assert_array_equal(dense_layer(W3, [2, 3], [0, 0, -1]), [2, 3, 4])


def test_activations():
    np.testing.assert_array_equal(dense_layer(W, X, [1, -7], activation="relu"), [1, 0])
    np.testing.assert_array_equal(dense_layer(W, X, [1, -7], activation="ReLU"), [1, 0])
    np.testing.assert_allclose(dense_layer(W, X, B, activation=np.tanh), np.tanh([1, 5]))


def test_inputs_are_not_modified():
    points = np.array(HOUSE)
    dense_layer(W, points, B, activation="relu")
    np.testing.assert_array_equal(points, HOUSE)


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((W, [1, 2, 3], B), {}, r"W is 2×2, so x needs 2 entries \(rows\), got 3"),
        ((W, X, [1, 2, 3]), {}, r"W is 2×2, so b needs 2 entries, got shape \(3,\)"),
        ((W, X, [[1, 2]]), {}, r"so b needs 2 entries"),
        (([1, 2], X, B), {}, r"W must be a non-empty 2-D matrix"),
        ((W, [[[1]]], B), {}, r"x must be a vector or an n×N array"),
        ((W, [1, float("nan")], B), {}, r"x\[2\] is nan: every entry must be a finite number"),
        ((W, ["a", 1], B), {}, r"x must hold numbers only"),
        ((W, X, B), {"activation": "sigmoid"}, r"unknown activation 'sigmoid'"),
        ((W, X, B), {"activation": 3}, r"activation must be None, 'relu' or a function"),
    ],
)
def test_bad_arguments_say_what_is_wrong(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        dense_layer(*args, **kwargs)


@settings(max_examples=60, deadline=None)
@given(matrix_2x2, vector_2, arrays(float, (2, 5), elements=finite))
def test_many_points_are_the_columns_one_at_a_time(w, b, points):
    out = dense_layer(w, points, b)
    for j in range(points.shape[1]):
        np.testing.assert_allclose(out[:, j], w @ points[:, j] + b, atol=1e-9)


@settings(max_examples=60, deadline=None)
@given(matrix_2x2, vector_2, vector_2, vector_2, st.floats(0, 1))
def test_affine_maps_keep_lines_straight(w, b, p, q, t):
    # The image of a point on the segment pq is the same mix of the images of p and q.
    image = dense_layer(w, (1 - t) * p + t * q, b)
    mix = (1 - t) * dense_layer(w, p, b) + t * dense_layer(w, q, b)
    np.testing.assert_allclose(image, mix, atol=1e-7)


def test_relu_layer_is_not_affine():
    # The midpoint of (-1, 0) and (1, 0) maps to 0, not to the midpoint of the images.
    p, q = np.array([-1.0, 0]), np.array([1.0, 0])
    layer = lambda v: dense_layer(np.eye(2), v, [0, 0], activation="relu")  # noqa: E731
    assert not np.allclose(layer((p + q) / 2), (layer(p) + layer(q)) / 2)


# -- relu --------------------------------------------------------------------------


def test_relu_values():
    np.testing.assert_array_equal(relu([-2, -0.0, 0, 3.5]), [0, 0, 0, 3.5])
    assert not np.signbit(relu([-0.0, -1.0])).any()  # no "-0" in a readout
    assert relu([[1, -1]]).shape == (1, 2)


@given(arrays(float, (3, 2), elements=finite))
def test_relu_is_nonnegative_idempotent_and_keeps_positives(z):
    out = relu(z)
    assert (out >= 0).all()
    np.testing.assert_array_equal(relu(out), out)
    np.testing.assert_array_equal(out[z > 0], z[z > 0])


# -- split_at_folds ----------------------------------------------------------------


def test_house_under_the_lab_layer_gets_its_fold_points():
    w, b = [[1, -1], [0.5, 1]], [0.5, -1]
    split = split_at_folds(HOUSE, w, b)
    assert split.shape[1] > HOUSE.shape[1]
    # Every added point sits on a fold: one entry of W p + b is 0 there.
    z = dense_layer(w, split, b)
    added = [k for k in range(split.shape[1])
             if not any(np.array_equal(split[:, k], v) for v in HOUSE.T)]
    assert added and all(np.isclose(z[:, k], 0).any() for k in added)


def test_bad_points_raise():
    with pytest.raises(ValueError, match=r"points must be 2×N"):
        split_at_folds([[1, 2, 3]], np.eye(2), [0, 0])


@settings(max_examples=80, deadline=None)
@given(
    matrix_2x2,
    vector_2,
    arrays(float, (2, 4), elements=finite),
    st.lists(st.floats(0, 1), min_size=3, max_size=3),
)
def test_joining_the_split_images_is_the_exact_image(w, b, points, ts):
    split = split_at_folds(points, w, b)
    # The original vertices are kept, in order, from the first to the last.
    found = 0
    for column in split.T:
        if found < points.shape[1] and np.array_equal(column, points[:, found]):
            found += 1
    assert found == points.shape[1]
    np.testing.assert_array_equal(split[:, [0, -1]], points[:, [0, -1]])
    # On each piece, ReLU(W x + b) is affine, so the segment between the images
    # of its ends is the image of the piece.
    image = dense_layer(w, split, b, activation="relu")
    for k in range(split.shape[1] - 1):
        for t in ts:
            inside = (1 - t) * split[:, k] + t * split[:, k + 1]
            exact = dense_layer(w, inside, b, activation="relu")
            drawn = (1 - t) * image[:, k] + t * image[:, k + 1]
            np.testing.assert_allclose(exact, drawn, atol=1e-6)


# -- the usual wrong answers (issue 21) --------------------------------------------------------

from widgets.core.dense_layer import dense_mistakes  # noqa: E402
from widgets.core.diagnosis import diagnose  # noqa: E402


def test_lab_6s_slips_are_each_the_computation_they_name():
    W, x, b = [[2, -1], [0, 3]], [1, 2], [1, -1]  # Wx = (0, 6), ŷ = (1, 5)
    found = [(m.name, m.value.ravel().tolist()) for m in dense_mistakes(W, x, b)]
    assert found == [
        ("no-bias", [0, 6]), ("bias-subtracted", [-1, 7]), ("bias-swapped", [-1, 7]),
        ("bias-one", [0, 5]), ("bias-sign", [-1, 5]), ("bias-one", [1, 6]), ("bias-sign", [1, 7]),
        ("dropped-term", [-1, 5]), ("sign", [-3, 5]), ("dropped-term", [3, 5]), ("sign", [5, 5]),
        ("dropped-term", [1, -1]), ("sign", [1, -7]),  # w₂₁x₁ = 0: no slip of its own
        ("transpose", [3, 4]), ("row", [1, 5]),
    ]
    verdict = diagnose([[3], [4]], [[1], [5]], dense_mistakes(W, x, b))  # Wᵀx + b
    assert verdict.mistake == "transpose"
    assert verdict.message == ("you used the columns of W as its rows (Wᵀx): output i takes row i of W, "
                               "wᵢ₁x₁ + wᵢ₂x₂ + bᵢ.")


def test_with_a_relu_the_order_of_bias_and_relu_is_named():
    W, x, b = [[2, -1], [-2, 1]], [1, 3], [3, -4]  # Wx = (-1, 1), Wx + b = (2, -3): ReLU → (2, 0)
    found = {m.name: m.value.ravel().tolist() for m in dense_mistakes(W, x, b, activation="relu", terms=False)}
    assert (found["no-bias"], found["no-relu"], found["bias-after"]) == ([0, 1], [2, -3], [3, -3])
    assert "dropped-term" not in found and "sign" not in found  # terms=False, as the practice asks
    mistakes = dense_mistakes(W, x, b, activation="relu")
    assert diagnose([[3], [-3]], [[2], [0]], mistakes).message == (
        "you added b after the ReLU: the order is Wx, then + b, then ReLU.")
    # Where Wx ≥ 0, b added after the ReLU and no ReLU at all give one answer: both are said.
    verdict = diagnose([[-3], [-1]], [[0], [0]], dense_mistakes([[2, -1], [0, 3]], [1, 2], [-3, -7], "relu"))
    assert verdict.message.startswith("2 different slips give this answer: (1) that is Wx + b")


def test_a_slip_inside_an_output_the_relu_hides_is_not_offered():
    # Wx + b = (1, −1): ReLU → (1, 0). Leaving 3·2 out of ŷ₂ gives −7, which the ReLU sets to 0 too.
    mistakes = dense_mistakes([[2, -1], [0, 3]], [1, 2], [1, -7], "relu")
    assert not [m for m in mistakes if "ŷ₂" in m.message and m.name in ("dropped-term", "sign")]
    assert diagnose([[1], [6]], [[1], [0]], mistakes).mistake == "bias-one"  # b₂ left out shows: 6


def test_the_columns_of_w_are_a_slip_only_where_they_fit_x():
    # a layer with 3 inputs and 2 outputs: Wᵀx does not fit
    assert "transpose" not in [m.name for m in dense_mistakes(np.ones((2, 3)), [1, 2, 3], [0, 1])]
