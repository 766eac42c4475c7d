"""Tests for widgets.text.verdicts: lab 5's rows against columns, lab 10's equal or different."""
import numpy as np

from widgets.core.geometry import UNIT_SQUARE
from widgets.core.points_as_rows import points_as_rows
from widgets.text.alerts import ERROR_COLOR, SUCCESS_COLOR
from widgets.text.verdicts import equality_verdict, rows_verdict


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
