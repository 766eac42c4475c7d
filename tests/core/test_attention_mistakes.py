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
