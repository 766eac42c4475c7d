"""Lab 6, a dense layer, run in-process: its exercises judge answers and name the usual slips, the
picture waits for the prediction, and the lab builds the picture on its own numbers."""
from __future__ import annotations

import numpy as np

from harness.notebooks import lab_fixture
from harness.voila import REPO
from widgets import HOUSE

LAB = REPO / "labs" / "06-dense-layer.ipynb"
lab = lab_fixture(LAB)


def test_the_picture_waits_for_the_prediction_and_a_wrong_one_counts(lab):
    dashboard_panel, layer, ex = lab["dashboard_panel"], lab["layer"], lab["check_origin"]
    assert dashboard_panel.view is layer and not dashboard_panel.opened
    ex.answer_input.value = "to W b"
    assert ex.submit() is False and "added after the product" in ex.feedback
    assert dashboard_panel.opened and layer in dashboard_panel.children
    for wrong in ("to the origin 0", "to the first column of W"):
        ex.answer_input.value = wrong
        assert ex.submit() is False, wrong
    ex.answer_input.value = "to b"
    assert ex.submit() is True and ex.solved and ex.feedback.startswith("Correct!")


def test_exercise_1_names_a_forgotten_bias_a_transpose_and_a_row(lab):
    # ŷ = W x + b with W = [[2, -1], [0, 3]], x = (1, 2), b = (1, -1) is (1, 5).
    ex = lab["check_yhat"]
    assert ex.submit() is False, "zeros accepted"
    ex.answer_input.value = [[0], [6]]  # forgot b
    assert ex.submit() is False and ex.mistake == "no-bias"
    ex.answer_input.value = [[3], [4]]  # W transposed
    assert ex.submit() is False and ex.mistake == "transpose"
    ex.answer_input.value = [[1], [7]]  # b_2 added instead of subtracted
    assert ex.submit() is False and ex.feedback.startswith("row 2 off")
    assert "Hint:" in ex._feedback.value and "b_2 = -1" in ex._feedback.value
    ex.answer_input.resize(1, 2)
    ex.answer_input.value = [[1, 5]]
    assert ex.submit() is False and ex.mistake == "row" and "as a row" in ex.feedback
    ex.answer_input.resize(2, 1)
    ex.answer_input.cells[0][0].value = "1"  # typed, as in the browser
    ex.answer_input.cells[1][0].value = "10/2"
    assert ex.submit() is True and ex.solved and ex.attempts == 6
    assert r"2 \cdot 1 + (-1) \cdot 2 + 1" in ex._solution_text


def test_exercise_2_names_a_forgotten_relu_and_an_absolute_value(lab):
    # The second output after ReLU with b = (1, -7) is max(0, -1) = 0.
    ex = lab["check_relu"]
    ex.answer_input.value = "zero"
    assert ex.submit() is False and ex.attempts == 0, "unreadable answer counted"
    ex.answer_input.value = "-1"  # forgot the ReLU
    assert ex.submit() is False and ex.mistake == "no-relu" and "before ReLU" in ex.feedback
    assert "never outputs a negative number" in ex._feedback.value
    ex.answer_input.value = "1"
    assert ex.submit() is False and ex.mistake == "abs"
    ex.answer_input.value = "0"
    assert ex.submit() is True and ex.solved


def test_the_bridge_to_rows_names_a_missing_transpose(lab):
    # q_1 = W_Q^T x_1 = (5, 2).
    ex = lab["check_bridge"]
    ex.answer_input.resize(2, 1)
    ex.answer_input.value = [[1], [4]]
    assert ex.submit() is False and ex.mistake == "no-transpose" and "W_Qᵀ x₁" in ex.feedback
    ex.answer_input.value = [[5], [2]]
    assert ex.submit() is True


def test_practice_on_fresh_numbers_counts_a_right_answer(lab):
    practice = lab["practice"]
    assert practice.skill == "dense" and not practice.started
    practice.start()
    assert len(practice.checks) == 1
    part = practice.problem.parts[0]
    practice.checks[0].answer_input.resize(*part.answer.shape)
    practice.checks[0].answer_input.value = part.answer
    assert practice.checks[0].submit() and practice.streak == 1


def test_the_lab_builds_the_picture_on_its_own_numbers(lab):
    # The picture is a tested composite (test_lab06_dense_layer_plot.py): here, that the lab builds it
    # on numbers that are not the exercises' (W x + b = (0.75, -0.5), not (1, 5)).
    layer = lab["layer"]
    assert layer.W_editor.value.tolist() == [[1, -1], [0.5, 1]]
    assert "<b class='lab06-yhat'>(0.75, -0.5)</b>" in layer.readout.value
    assert "<b class='lab06-origin'>(0.5, -1)</b>" in layer.readout.value
    np.testing.assert_allclose(layer.plot.image, layer.W_editor.value @ HOUSE + [[0.5], [-1]])
