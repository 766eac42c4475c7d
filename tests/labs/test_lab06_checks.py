"""Lab 6, a dense layer, run in-process: its exercises judge answers and name the usual slips, the
picture waits for the prediction, and the lab builds the picture on its own numbers."""
from __future__ import annotations

import numpy as np

from harness.checks import answer
from harness.notebooks import lab_fixture
from harness.voila import REPO
from widgets import HOUSE

LAB = REPO / "labs" / "06-dense-layer.ipynb"
lab = lab_fixture(LAB)


def test_the_picture_waits_for_the_prediction_and_both_exercises_and_a_second_wrong_try_counts(lab):
    # The picture reads out where the origin goes, and computes ŷ for any W, x, b typed into it: it opens
    # once the prediction and both exercises are settled, and one it opens for unsolved counts as shown.
    dashboard_panel, layer, ex = lab["dashboard_panel"], lab["layer"], lab["check_origin"]
    assert dashboard_panel.view is layer and not dashboard_panel.opened
    assert answer(lab["check_yhat"], [[1], [5]]) is True and answer(lab["check_relu"], "0") is True
    assert not dashboard_panel.opened
    assert answer(ex, "to W b") is False and "added after the product" in ex.feedback
    assert not dashboard_panel.opened  # one wrong try: nothing to copy "0 ↦ b" from
    assert answer(ex, "to the origin 0") is False
    assert dashboard_panel.opened and layer in dashboard_panel.children and ex.shown
    assert answer(ex, "to b") is True and not ex.solved  # right after seeing the picture: shown, not solved


def test_the_hints_stop_before_the_answer(lab):
    # The origin's first step works the example layer, not W0 + b in general; ReLU's never shows a 0.
    origin, relu = lab["check_origin"], lab["check_relu"]
    for ex in (origin, relu):
        while ex.hints.opened < len(ex.hints.texts):
            ex.hints.open_next()
    first_step = origin.hints.opened_texts[2]
    assert r"\mathbf{b} = (-1, -1)" in first_step and "Now add" not in first_step
    assert r"W\mathbf{0} = " not in first_step
    first_step = relu.hints.opened_texts[2]
    assert "= 6$" in first_step and "= 0" not in first_step


def test_exercise_1_names_a_forgotten_bias_a_transpose_and_a_row(lab):
    # ŷ = W x + b with W = [[2, -1], [0, 3]], x = (1, 2), b = (1, -1) is (1, 5).
    ex = lab["check_yhat"]
    assert ex.submit() is False, "zeros accepted"
    assert answer(ex, [[0], [6]]) is False and ex.mistake == "no-bias"  # forgot b
    assert answer(ex, [[3], [4]]) is False and ex.mistake == "transpose"  # W transposed
    assert answer(ex, [[1], [7]]) is False and ex.mistake == "bias-sign"  # b_2's minus sign lost
    assert ex.feedback.startswith("b₂ = −1 lost its sign in ŷ₂")
    assert ex.hints.opened == 1 and "b_2 = -1" in ex.hints.text
    ex.answer_input.resize(1, 2)
    assert answer(ex, [[1, 5]]) is False and ex.mistake == "row" and "as a row" in ex.feedback
    ex.answer_input.resize(2, 1)
    ex.answer_input.cells[0][0].value = "1"  # typed, as in the browser
    ex.answer_input.cells[1][0].value = "10/2"
    # Two wrong answers opened the question on ReLU, whose help works row 2 of Wx: the answer counts as shown.
    assert ex.submit() is True and not ex.solved and ex.shown and ex.attempts == 6
    assert r"2 \cdot 1 + (-1) \cdot 2 + 1" in "".join(ex._steps)



def test_the_bias_entries_swapped_are_said_beside_the_bias_subtracted(lab):
    # b = (1, −1): Wx + (b₂, b₁) = (−1, 7) is Wx − b too, so both slips are said.
    ex = lab["check_yhat"]
    assert answer(ex, [[-1], [7]]) is False and ex.mistake == "bias-subtracted"
    assert ex.feedback.startswith("2 different slips give this answer: (1) you subtracted b")
    assert "(2) you swapped the entries of b" in ex.feedback


def test_a_bias_left_out_of_one_output_is_named(lab):
    ex = lab["check_yhat"]
    assert answer(ex, [[1], [6]]) is False and ex.mistake == "bias-one"
    assert ex.feedback.startswith("you left b₂ = −1 out of ŷ₂")
    assert answer(ex, [[0], [5]]) is False and ex.mistake == "bias-one"
    assert ex.feedback.startswith("you left b₁ = 1 out of ŷ₁")
    # b₁'s sign lost and w₁₁x₁ left out both give (−1, 5): both are said.
    assert answer(ex, [[-1], [5]]) is False and ex.mistake == "bias-sign"
    assert "2 different slips give this answer" in ex.feedback and "you left out w₁₁x₁ = 2·1 from ŷ₁" in ex.feedback


def test_the_yhat_hints_leave_the_bias_and_row_2_to_the_learner(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["check_yhat"].hints.texts
    assert "$w_{12} = -1$" in nudge and "$b_2 = -1$" in nudge
    assert "plus $b_i$" not in nudge  # a nudge: where to look, not yet how
    assert r"$\hat y_i = w_{i1}x_1 + w_{i2}x_2 + b_i$" in method
    # Row 2 of Wx worked out, 0·1 + 3·2 = 6 (row 1's is 0, a term that shows nothing), before the bias;
    # ŷ = (1, 5) is left to the learner.
    assert r"$w_{21}x_1 + w_{22}x_2 = 0\cdot 1 + 3\cdot 2 = 6$" in first_step and "Add $b_2$" in first_step
    assert "5" not in first_step and "(1," not in first_step

def test_exercise_2_names_a_forgotten_relu_and_an_absolute_value(lab):
    # The second output after ReLU with b = (1, -7) is max(0, -1) = 0.
    ex = lab["check_relu"]
    assert answer(ex, "zero") is False and ex.attempts == 0, "unreadable answer counted"
    assert answer(ex, "-1") is False and ex.mistake == "no-relu" and "before ReLU" in ex.feedback  # forgot the ReLU
    # The miss opened the first hint, the nudge: where to look; the method waits for a press.
    assert ex.hints.opened == 1 and "Only the second output is asked for" in ex.hints.text
    assert "never outputs a negative number" not in ex.hints.text
    assert answer(ex, "1") is False and ex.mistake == "abs"
    assert answer(ex, "0") is True and ex.solved


def test_the_bridge_to_rows_names_a_missing_transpose(lab):
    # q_1 = W_Q^T x_1 = (5, 2).
    ex = lab["check_bridge"]
    ex.answer_input.resize(2, 1)
    assert answer(ex, [[1], [4]]) is False and ex.mistake == "no-transpose" and "W_Qᵀ x₁" in ex.feedback
    assert answer(ex, [[3], [0]]) is False and ex.mistake == "other-token"
    assert answer(ex, [[1], [0]]) is False and ex.mistake == "row-of-W"  # row 1 of W_Q, now named too
    assert answer(ex, [[5], [2]]) is True


def test_no_wrong_origin_choice_says_where_the_origin_goes(lab):
    check = lab["check_origin"]
    for wrong in ("to the origin 0", "to W b"):
        assert answer(check, wrong) is False and "W0 + b" not in check.feedback and "adds b" not in check.feedback


def test_practice_on_fresh_numbers_counts_a_right_answer(lab):
    practice = lab["practice"]
    assert practice.skill == "dense" and not practice.started
    practice.start()
    assert len(practice.checks) == 1
    part = practice.problem.parts[0]
    practice.checks[0].answer_input.resize(*part.answer.shape)
    assert answer(practice.checks[0], part.answer) and practice.streak == 1


def test_the_lab_builds_the_picture_on_its_own_numbers(lab):
    # The picture is a tested composite (test_lab06_dense_layer_plot.py): here, that the lab builds it
    # on numbers that are not the exercises' (W x + b = (0.75, -0.5), not (1, 5)).
    layer = lab["layer"]
    assert layer.W_editor.value.tolist() == [[1, -1], [0.5, 1]]
    assert "<b class='lab06-yhat'>(0.75, -0.5)</b>" in layer.readout.value
    assert "<b class='lab06-origin'>(0.5, -1)</b>" in layer.readout.value
    np.testing.assert_allclose(layer.plot.image, layer.W_editor.value @ HOUSE + [[0.5], [-1]])


def test_the_relu_question_names_a_left_out_or_stale_bias(lab):
    check = lab["check_relu"]
    assert answer(check, "6") is False and check.mistake == "no-bias" and "b₂ = −7" in check.feedback
    assert answer(check, "5") is False and check.mistake == "old-bias" and "b = (1, −7)" in check.feedback


def test_a_product_left_out_of_y_hat_is_named_and_relu_follows_y_hat(lab):
    """ReLU's help works row 2 of Wx, one step from ŷ₂: it opens once ŷ is settled."""
    relu_panel = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["check_relu"])
    assert not relu_panel.opened
    ex = lab["check_yhat"]
    ex.answer_input.resize(2, 1)
    assert answer(ex, [[3], [5]]) is False and ex.mistake == "dropped-term" and "w₁₂x₂" in ex.feedback
    assert answer(ex, [[1], [5]]) and relu_panel.opened
