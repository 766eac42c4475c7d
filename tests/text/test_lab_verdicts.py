"""Tests for the verdicts of labs 5 and 10: rows against columns (many_points_words), equal or different (adaptive_weights_words)."""
import numpy as np

from widgets.core.geometry import UNIT_SQUARE
from widgets.core.many_points import points_as_rows
from widgets.text.adaptive_weights_words import equality_verdict
from widgets.text.alerts import ERROR_COLOR, SUCCESS_COLOR
from widgets.text.composition_words import composition_verdict, sizes_verdict
from widgets.text.html_math import plain_text
from widgets.text.many_points_words import rows_verdict


def test_rows_verdict_says_why_ap_is_undefined_only_when_it_is():
    text = rows_verdict(points_as_rows(np.eye(2), UNIT_SQUARE))
    assert text.startswith("<b>✓ They agree:</b>")
    assert "AP is undefined (A is 2×2 and P is 5×2: A has 2 columns but P has 5 rows)" in text
    square = np.array([[0.0, 1.0], [0.0, 1.0]])  # two points: P is 2×2 and AP is defined
    assert "AP is undefined" not in rows_verdict(points_as_rows(np.eye(2), square))


def test_equality_verdict_says_equal_or_names_the_largest_gap():
    assert SUCCESS_COLOR in equality_verdict(np.ones((2, 2)), np.ones((2, 2)) + 1e-12)
    text = equality_verdict(np.zeros((2, 2)), [[0, 0], [0, -3]])
    assert ERROR_COLOR in text and text.endswith("(largest gap 3)")


def test_sizes_verdict_marks_and_colours_and_escapes_the_message():
    exists, refused = sizes_verdict(True, "AB exists"), sizes_verdict(False, "a<b")
    assert plain_text(exists) == "✓ AB exists" and SUCCESS_COLOR in exists and ERROR_COLOR not in exists
    assert plain_text(refused) == "✗ a<b" and ERROR_COLOR in refused and "a&lt;b" in refused  # escaped, read as typed


def test_composition_verdict_writes_the_gap_to_three_significant_digits():
    assert "at most <b>4.1e+03</b>" in composition_verdict(4096.0, False)
    assert "at most <b>0</b>" in composition_verdict(0, True)
    assert composition_verdict(0, False).endswith("<b>not the same</b>.")
