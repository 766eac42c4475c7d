"""Tests for widgets.core.lab_numbers: each lab's starting numbers, read-only and consistent with one another."""
import dataclasses

import numpy as np
import pytest

from widgets.core import lab_numbers
from widgets.core.lab_numbers import LAB3, LAB4, LAB7, LAB8, LAB8_OUTPUT, LAB9, LAB10, fixed

STARTS = {name: getattr(lab_numbers, name) for name in lab_numbers.__all__ if name.startswith("LAB")}


@pytest.mark.parametrize("name", sorted(STARTS))
def test_no_reader_can_change_a_labs_numbers_for_the_others(name):
    start = STARTS[name]
    if isinstance(start, np.ndarray):
        arrays = [start]
    else:
        arrays = [value for value in vars(start).values() if isinstance(value, np.ndarray)]
        with pytest.raises(dataclasses.FrozenInstanceError):
            start.extra = 1
    assert arrays or name == "LAB5"
    for array in arrays:
        with pytest.raises(ValueError, match="read-only"):
            array[(0,) * array.ndim] = 99


def test_a_fixed_array_is_a_copy_that_keeps_its_dtype():
    rows = np.array([[1, 2]])
    array = fixed(rows)
    rows[0, 0] = 5
    assert array.tolist() == [[1, 2]] and array.dtype.kind == "i"


@pytest.mark.parametrize("start", [LAB7, LAB8, LAB10], ids=["lab 7", "lab 8", "lab 10"])
def test_attention_starts_fit_together(start):
    X, W_Q, W_K, W_V = start.inputs
    assert W_Q.shape[0] == W_K.shape[0] == W_V.shape[0] == X.shape[1]
    assert W_Q.shape[1] == W_K.shape[1]
    assert len(start.tokens) == X.shape[0]


def test_lab_8s_activity_is_row_2_of_its_explorer():
    """The activity's value vectors are the explorer's V (W_V keeps two features), its weights a row of A_att,
    and the sliders start elsewhere, so the explorer never shows h₂."""
    np.testing.assert_array_equal(LAB8.W_V, np.eye(3)[:, :2])
    np.testing.assert_array_equal(LAB8_OUTPUT.values, LAB8.X @ LAB8.W_V)
    for row in (LAB8_OUTPUT.weights, LAB8_OUTPUT.sliders):
        assert min(row) >= 0 and sum(row) == pytest.approx(1) and len(row) == len(LAB8.tokens)
    assert not np.allclose(np.asarray(LAB8_OUTPUT.sliders) @ LAB8_OUTPUT.values,
                           LAB8_OUTPUT.weights @ LAB8_OUTPUT.values)
    assert LAB9 is LAB8


def test_labs_3_and_4_share_the_quarter_turn_and_the_stretch():
    np.testing.assert_array_equal(LAB3.R, [[0, -1], [1, 0]])
    np.testing.assert_array_equal(LAB4.R @ LAB4.S, LAB3.R @ LAB3.S)
    assert not np.array_equal(LAB4.R @ LAB4.S, LAB4.S @ LAB4.R)  # lab 4's point: the order matters
