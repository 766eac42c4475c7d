"""widgets.core.dot_product: the sum of products equals |q| |k| cos θ, and the angle is right."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.core.dot_product import dot_match, rotate_to

entries = st.integers(-6, 6).map(lambda n: n / 2)
vectors = st.lists(entries, min_size=2, max_size=4)


@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(entries, min_size=n, max_size=n), st.lists(entries, min_size=n, max_size=n))))
def test_score_is_lengths_times_cosine(pair):
    q, k = pair
    m = dot_match(q, k)
    assert m.score == pytest.approx(float(np.dot(q, k)))
    if m.cosine is None:
        assert m.q_length == 0 or m.k_length == 0
        assert m.score == 0
    else:
        assert -1 <= m.cosine <= 1 and 0 <= m.angle <= 180
        assert m.q_length * m.k_length * m.cosine == pytest.approx(m.score, abs=1e-9)
        assert math.cos(math.radians(m.angle)) == pytest.approx(m.cosine, abs=1e-9)
        # the sign of the score is the side of 90° the angle is on
        assert (m.score > 1e-12) == (m.angle < 90 - 1e-9)


@pytest.mark.parametrize("k, angle", [((4, 2), 0.0), ((-1, 2), 90.0), ((-2, -1), 180.0), ((3, 0), None)])
def test_angles_of_the_usual_cases(k, angle):
    m = dot_match((2, 1), k)
    if angle is None:
        assert 26 < m.angle < 27  # atan(1/2)
    else:
        assert m.angle == angle


def test_bad_vectors_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="q has 2 entries and k has 3"):
        dot_match([1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="k has an entry that is not a finite number"):
        dot_match([1, 2], [1, np.nan])
    with pytest.raises(ValueError, match="must be a vector"):
        dot_match([[1, 2]], [1, 2])


@given(st.tuples(entries, entries), st.tuples(entries, entries), st.integers(0, 180))
def test_rotate_to_keeps_the_length_and_makes_the_angle(q, k, angle):
    turned = rotate_to(q, k, angle)
    assert np.linalg.norm(turned) == pytest.approx(np.linalg.norm(k), abs=1e-9)
    if any(q) and any(k):
        assert dot_match(q, turned).angle == pytest.approx(angle, abs=1e-6)
