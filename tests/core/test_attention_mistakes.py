"""output_mistakes: each usual slip with h_i, recognised by diagnose and named."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.attention_mistakes import output_mistakes
from widgets.core.mistakes import diagnose

V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]], dtype=float)
W2 = np.array([0, 0.5, 0.25, 0.25])
H2 = [[2, 2]]


@pytest.mark.parametrize("typed, name, words", [
    ([[1.75, 2]], "unweighted", "plain average"),
    ([[7, 8]], "sum", "without their weights"),
    ([[2, 0]], "largest", "v₂ alone"),
    ([[1, 0]], "largest-share", "only the share of v₂"),
    ([[0.75, 2]], "reversed", "reverse order"),
    ([[2], [2]], "column", "h₂ᵀ: type it as one row"),
])
def test_activity_1_4_6_slips_are_named(typed, name, words):
    found = diagnose(typed, H2, output_mistakes(W2, V, 1))
    assert not found.right and found.mistake == name and words in found.message


def test_the_answer_is_right_and_other_misses_say_which_entry():
    mistakes = output_mistakes(W2, V, 1)
    assert diagnose([[2, 2]], H2, mistakes).right
    assert "entry (1,2) is off" in diagnose([[2, 3]], H2, mistakes).message


def test_one_weight_per_value():
    with pytest.raises(ValueError, match="3 weights for 4 value vectors"):
        output_mistakes([0.5, 0.25, 0.25], V, 0)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=5).filter(sum),
       st.integers(0, 2**16))
def test_no_mistake_is_ever_the_answer(counts, seed):
    w = np.array(counts, float) / sum(counts)
    values = np.random.default_rng(seed).integers(-3, 4, size=(len(w), 2)).astype(float)
    answer = (w @ values)[None, :]
    for m in output_mistakes(w, values, 0):
        assert m.value.shape != answer.shape or not np.allclose(m.value, answer), m.name
    assert diagnose(answer, answer, output_mistakes(w, values, 0)).right


# -- the weights, and averaging the wrong vectors (issue 21) -------------------------------------

from widgets.core.attention_math import causal_mask, softmax_rows, softmax_scale  # noqa: E402
from widgets.core.attention_mistakes import masked_row_mistakes, softmax_mistakes  # noqa: E402
from widgets.core.lab_numbers import LAB8, LAB10  # noqa: E402
from widgets.core.practice import Part, tells_every_slip_apart  # noqa: E402

# Lab 8's explorer, "the cat sat down": tokens are rows, d_k = 2.
X8, W_Q8, W_K8, W_V8 = (np.asarray(m, dtype=float) for m in LAB8.inputs)
Q8, K8, V8 = X8 @ W_Q8, X8 @ W_K8, X8 @ W_V8
S8 = Q8 @ K8.T
# Lab 10's explorer, "I like tea" (W_Q and W_V are the identity).
X9 = np.asarray(LAB10.X, dtype=float)
Q9, K9, V9 = X9 @ LAB10.W_Q, X9 @ LAB10.W_K, X9 @ LAB10.W_V
S9 = Q9 @ K9.T


def weights(S, row, mask=None):
    A = softmax_rows(S, softmax_scale(2), mask)
    return A if row is None else A[[row]]


@pytest.mark.parametrize("name, words", [
    ("no-exp", "divided the scores by their sum without exponentiating"),
    ("not-divided", "those are the exponentials e^score"),
    ("by-largest", "divided the exponentials"),
    ("one-hot", "all the weight to the largest score"),
    ("uniform", "equal shares ignore the scores"),
    ("ones", "adds to 4"),
    ("d_k", "divided the scores by d_k = 2: the scale is its square root, √d_k = 1.414"),
    ("unscaled", "softmax of the raw scores: divide them by √d_k"),
])
def test_each_softmax_slip_is_named_with_what_to_do_instead(name, words):
    # Row 3 of lab 8's scores, scaled by √d_k: every slip its own answer, each named.
    found = {m.name: m for m in softmax_mistakes(S8[2], d_k=2)}
    part = Part(weights(S8, 2), tuple(found.values()), tol=5e-3)
    assert tells_every_slip_apart(part)
    verdict = diagnose(found[name].value, part.answer, part.mistakes, tol=5e-3)
    assert verdict.mistake == name and words in verdict.message


def test_the_softmax_slips_are_the_computations_they_name():
    found = {m.name: m.value for m in softmax_mistakes(S8[2], d_k=2)}
    e = np.exp(S8[2] / np.sqrt(2))
    np.testing.assert_allclose(found["not-divided"], [e])
    np.testing.assert_allclose(found["by-largest"], [e / e.max()])
    np.testing.assert_allclose(found["one-hot"], [[0, 0, 0, 1]])  # S[3] = (1, 2, 0, 4)
    np.testing.assert_allclose(found["d_k"], [softmax_rows(S8[2], 0.5)])
    np.testing.assert_allclose(found["unscaled"], [softmax_rows(S8[2], 1.0)])
    # A common shift cancels: the exponentials a learner writes leave it out.
    shifted = {m.name: m.value for m in softmax_mistakes(np.log([1, 3, 2]) + 2, shift=2)}
    np.testing.assert_allclose(shifted["not-divided"], [[1, 3, 2]])


def test_a_softmax_slip_that_gives_the_answer_is_skipped_by_the_diagnosis():
    # Equal scores: equal weights are right, and so are the scores over their sum and all on the largest.
    mistakes = softmax_mistakes([1.0, 1.0])
    assert diagnose([[0.5, 0.5]], [[0.5, 0.5]], mistakes).right
    assert "no-exp" not in [m.name for m in softmax_mistakes(S8[1])]  # scores (1, 0, 0, −1) add up to 0
    assert "d_k" not in [m.name for m in softmax_mistakes(S8[2])]  # no d_k: no scaling slips


def test_each_masked_row_slip_is_the_computation_it_names():
    # Row 2 of 4 under the causal mask, scores ln(1, 2, 3, 4): tokens 1 and 2 share the weight 1 : 2.
    found = {m.name: m.value for m in masked_row_mistakes(np.log([1, 2, 3, 4]), 1)}
    answer = softmax_rows(np.log([[1, 2, 3, 4]]), mask=causal_mask(4)[[1]])
    np.testing.assert_allclose(answer, [[1 / 3, 2 / 3, 0, 0]])
    np.testing.assert_allclose(found["not-renormalised"], [[0.1, 0.2, 0, 0]])
    np.testing.assert_allclose(found["wrong-side"], [[0, 2 / 9, 3 / 9, 4 / 9]])
    np.testing.assert_allclose(found["hidden-kept"], [[0, 0, 3 / 7, 4 / 7]])
    np.testing.assert_allclose(found["no-mask"], [[0.1, 0.2, 0.3, 0.4]])
    np.testing.assert_allclose(found["uniform"], [[0.5, 0.5, 0, 0]])
    np.testing.assert_allclose(found["not-divided"], [[1, 2, 0, 0]])
    assert tells_every_slip_apart(Part(answer, tuple(masked_row_mistakes(np.log([1, 2, 3, 4]), 1)), tol=5e-3))


def test_row_one_under_the_mask_has_no_wrong_side_and_names_what_is_not_its_answer():
    # Token 1 sees itself alone: hiding the tokens before it hides nothing (no mask, said once), and equal
    # shares or e^score alone give the answer, which the diagnosis skips.
    mistakes = masked_row_mistakes(np.zeros(4), 0)
    assert "wrong-side" not in [m.name for m in mistakes]
    assert diagnose([[1, 0, 0, 0]], [[1, 0, 0, 0]], mistakes).right
    assert diagnose([[0.25] * 4], [[1, 0, 0, 0]], mistakes).mistake == "no-mask"
    assert "hidden-kept" not in [m.name for m in masked_row_mistakes(np.zeros(3), 2)]  # the last row hides nothing


def test_averaging_the_queries_or_keys_instead_of_the_values_is_named():
    w = weights(S8, 1)[0]
    mistakes = output_mistakes(w, V8, 1, Q8, K8)
    answer = (w @ V8)[None, :]
    q = diagnose((w @ Q8)[None, :], answer, mistakes, tol=5e-3)
    k = diagnose((w @ K8)[None, :], answer, mistakes, tol=5e-3)
    assert q.mistake == "averaged-Q" and "you averaged the queries, the rows of Q: h₂ averages the values" in q.message
    assert k.mistake == "averaged-K" and "you averaged the keys, the rows of K" in k.message
    for row in range(4):  # lab 8's own numbers: every slip its own answer
        w = weights(S8, row)[0]
        part = Part((w @ V8)[None, :], tuple(output_mistakes(w, V8, row, Q8, K8)), tol=5e-3)
        assert tells_every_slip_apart(part)
    # lab 9: W_V = W_Q = I, so averaging Q is the answer itself, and not offered
    w = weights(S9, 0)[0]
    assert "averaged-Q" not in [m.name for m in output_mistakes(w, V9, 0, Q9, K9)]
    with pytest.raises(ValueError, match="K has 3 rows for 4 weights"):
        output_mistakes(W2, V, 1, K=np.ones((3, 2)))
