"""Tests for widgets.controls.check: exercises with matrix, number, shape and choice answers."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets import RadioButtons, Text
from traitlets import TraitError

from harness.shown import button, controls, part
from widgets.controls.check import Check
from widgets.controls.matrix_editor import MatrixEditor
from widgets.core.mistakes import compare_matrices
from widgets.core.parsing import parse_shape

AB = [[6, 19], [9, -3]]


def shown_feedback(check):
    """The feedback as the page shows it (HTML): the check's part of class ``check-feedback``."""
    return part(check, "check-feedback").value


def test_matrix_answer_gets_a_resizable_editor_at_a_neutral_size():
    ex = Check("Compute $AB$.", AB)
    editor = ex.answer_input
    assert isinstance(editor, MatrixEditor)
    # 1×1, not the answer's 2×2: choosing the shape is part of answering.
    np.testing.assert_array_equal(editor.value, np.zeros((1, 1)))
    assert {"rows", "columns"} <= set(controls(editor))  # its size is the learner's to pick
    assert ex.attempts == 0 and ex.solved is False


def test_right_matrix_is_accepted():
    ex = Check("Compute $AB$.", AB)
    ex.answer_input.value = AB
    assert ex.submit() is True
    assert ex.solved and ex.attempts == 1
    assert ex.feedback == "Correct!"
    assert "Correct!" in shown_feedback(ex)


def test_typing_the_answer_cell_by_cell():
    ex = Check("Compute $AB$.", AB)
    ex.answer_input.resize(2, 2)
    for (i, j), text in zip([(0, 0), (0, 1), (1, 0), (1, 1)], ["6", "19", "18/2", "−3"]):
        ex.answer_input.cells[i][j].value = text
    button(ex, "Check").click()  # the Check button does what submit() does
    assert ex.solved and ex.attempts == 1


def test_wrong_entries_are_named_one_based():
    ex = Check("Compute $AB$.", AB, hint="Use row $i$ of $A$ and column $j$ of $B$.")
    ex.answer_input.value = [[6, 19], [8, 3]]
    assert ex.submit() is False
    assert ex.feedback == "row 2 off, the others right: entries (2,1) and (2,2) are off."
    # The miss opens the first hint; the feedback names the slip.
    assert ex.hints.opened == 1 and "row $i$" in ex.hints.text and "row $i$" not in shown_feedback(ex)
    ex.answer_input.value = [[6, 1], [1, -3]]
    ex.submit()
    assert ex.feedback == "entries (1,2) and (2,1) are off"
    assert ex.attempts == 2 and not ex.solved


def test_wrong_shape():
    ex = Check("Compute $AB$.", AB)
    ex.answer_input.resize(2, 3)
    ex.submit()
    assert ex.feedback.startswith("wrong shape: 2×3 is not the shape of the answer") and "2×2" not in ex.feedback
    assert ex.attempts == 1


def test_bad_cell_is_not_an_attempt():
    ex = Check("Compute $AB$.", AB, name="AB")
    ex.answer_input.resize(2, 2)
    ex.answer_input.cells[0][1].value = "abc"
    assert ex.submit() is False
    assert ex.feedback == "AB[1,2]: 'abc' is not a number"
    assert ex.attempts == 0
    assert "&#x27;abc&#x27;" in shown_feedback(ex)


def test_solved_is_sticky_and_attempts_keep_counting():
    ex = Check("Compute $AB$.", AB)
    ex.answer_input.value = AB
    ex.submit()
    ex.answer_input.value = np.zeros((2, 2))
    assert ex.feedback == ""  # stale feedback cleared on edit
    assert ex.submit() is False
    assert ex.solved and ex.attempts == 2


def test_notifications_on_submit():
    ex = Check("Compute $AB$.", AB)
    seen = []
    ex.observe(seen.append, names=["attempts", "solved"])
    ex.answer_input.value = AB
    ex.submit()
    assert sorted(c["name"] for c in seen) == ["attempts", "solved"]


def test_number_answer():
    ex = Check("What is the $(2,3)$-entry of $AB$?", -12, hint="Row 2 of A.")
    assert isinstance(ex.answer_input, Text)
    ex.answer_input.value = "abc"
    assert ex.submit() is False
    assert ex.feedback == "'abc' is not a number" and ex.attempts == 0 and ex.reading == ""
    ex.answer_input.value = "   "
    ex.submit()
    assert ex.attempts == 0
    ex.answer_input.value = "13"
    ex.submit()
    assert ex.feedback == "not quite: 13 is not the answer" and ex.attempts == 1
    ex.answer_input.value = "12"
    ex.submit()
    assert ex.mistake == "sign" and ex.attempts == 2
    assert "Row 2 of A." in ex.hints.text
    ex.answer_input.value = "-24/2"
    assert ex.submit() is True
    assert ex.attempts == 3 and ex.solved


def test_number_tolerance():
    ex = Check("Weight?", 0.21194, tol=1e-3)
    ex.answer_input.value = "0.212"
    assert ex.submit()
    strict = Check("Weight?", 0.21194)
    strict.answer_input.value = "0.212"
    assert not strict.submit()


@pytest.mark.parametrize("text", ["4x2", "4×2", "4 x 2", "(4, 2)", " 4 X 2 ", "4 by 2", "[4,2]",
                                  "4-by-2", "ℝ^{4×2}", "R^{4x2}", "ℝ^(4×2)", "ℝ⁴ˣ²"])
def test_shape_answer_accepts_usual_spellings(text):
    ex = Check("Shape of $AB$?", (4, 2))
    ex.answer_input.value = text
    assert ex.submit() is True


def test_shape_feedback_hints_without_revealing():
    ex = Check("Shape of $AB$?", (4, 2))
    ex.answer_input.value = "4x3"
    ex.submit()
    assert ex.feedback == "not quite: in 4×3 the number of columns is off"
    ex.answer_input.value = "3x2"
    ex.submit()
    assert ex.feedback == "not quite: in 3×2 the number of rows is off"
    ex.answer_input.value = "2x4"
    ex.submit()
    assert ex.feedback == "not quite: in 2×4 both numbers are off"
    assert ex.attempts == 3
    assert "4×2" not in shown_feedback(ex)
    ex.answer_input.value = "four by two"
    ex.submit()
    assert ex.feedback.startswith("'four by two' is not a shape")
    assert ex.attempts == 3


def test_multiple_choice():
    choices = ["a horizontal shear", "a rotation", "a reflection"]
    ex = Check("Which map is this?", "a horizontal shear", choices=choices)
    assert isinstance(ex.answer_input, RadioButtons)
    assert ex.answer_input.value is None
    ex.submit()
    assert ex.feedback == "choose an answer first" and ex.attempts == 0
    ex.answer_input.value = "a rotation"
    assert ex.submit() is False
    assert ex.feedback == "not quite: 'a rotation' is not the right choice"
    ex.answer_input.value = "a horizontal shear"
    assert ex.submit() is True
    assert ex.attempts == 2


def test_solution_toggle_opens_the_worked_solution_one_step_at_a_time():
    ex = Check("Compute $AB$.", AB, solution="Columns first.\n\n$AB = ...$")
    assert ex._solution is None  # not built, so neither drawn nor typeset, until asked for
    assert len(ex.children) == 5  # prompt, sizing note, editor, buttons, feedback
    button(ex, "Show solution").value = True
    assert ex.children[-1] is ex._solution_box and ex.shown
    assert ex._solution.text == "<p>Columns first.</p>"
    next_step = part(ex, "check-next-step")
    assert next_step.description == "Next step (2 of 2)" and next_step.layout.display == ""
    next_step.click()
    assert ex._solution.text == "<p>Columns first.</p><p>$AB = ...$</p>"
    assert next_step.layout.display == "none"
    assert ex._solution_box.layout.display == ""
    button(ex, "Hide solution").value = False  # the same toggle, its words changed
    assert ex._solution_box.layout.display == "none"
    button(ex, "Show solution").value = True
    assert ex._solution.text.count("<p>") == 2  # the steps opened stay open
    assert Check("No solution", 1)._solution is None


def test_answer_input_is_read_only_property():
    ex = Check("x", 1)
    with pytest.raises(AttributeError):
        ex.answer_input = Text()
    with pytest.raises(TraitError):
        ex.attempts = 5


@pytest.mark.parametrize(
    "answer, kwargs",
    [
        ("b", {"choices": ["a", "c"]}),
        ((4, 0), {}),
        ((1, 2, 3), {}),
        (float("nan"), {}),
        ([1, 2], {}),
        ([[1, np.inf]], {}),
    ],
)
def test_bad_setup_raises(answer, kwargs):
    with pytest.raises(TraitError):
        Check("?", answer, **kwargs)


def test_big_answer_extends_editor_bounds():
    ex = Check("Y = AX", np.zeros((2, 9)))
    assert ex.answer_input.max_shape == (6, 9)
    ex.answer_input.resize(2, 9)
    assert ex.submit()


def test_helpers():
    assert parse_shape("(3,2)") == (3, 2)
    with pytest.raises(ValueError):
        parse_shape("3")
    assert compare_matrices(np.zeros((5, 5)), np.ones((5, 5))).startswith("25 entries are off")


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=15))
def test_any_typed_text_gives_feedback_never_raises(text):
    for ex in (Check("n", 3.5), Check("s", (4, 2))):
        ex.answer_input.value = text
        ex.submit()
        assert ex.feedback
        assert ex.attempts in (0, 1)


def test_named_mistakes_are_told_and_recorded():
    from widgets.core.mistakes import product_mistakes

    A = [[1, -3, 5], [3, 1, 4]]
    B = [[5, 1], [-2, -6], [-1, 0]]
    ex = Check("Compute $AB$.", AB, mistakes=product_mistakes(A, B))
    ex.answer_input.value = np.array(AB).T
    assert ex.submit() is False
    assert ex.mistake == "transpose" and ex.feedback.startswith("rows and columns swapped")
    ex.answer_input.value = np.array(B) @ np.array(A)  # 3×3: BA
    ex.submit()
    assert ex.mistake == "BA" and "you computed BA, not AB" in ex.feedback
    ex.answer_input.value = [[6, 19], [9, 3]]
    ex.submit()
    assert ex.mistake == "sign" and "entry (2,2)" in ex.feedback
    ex.answer_input.value = AB
    assert ex.submit() and ex.mistake == ""


def test_each_wrong_choice_explains_itself():
    ex = Check("Is AB = BA?", "not always", choices={
        "always": "a single example with AB ≠ BA is enough to refute it.",
        "not always": "for most pairs the two orders differ.",
    })
    ex.answer_input.value = "always"
    ex.submit()
    assert ex.feedback == "a single example with AB ≠ BA is enough to refute it."
    assert ex.mistake == "choice" and ex.answered
    ex.answer_input.value = "not always"
    assert ex.submit()
    assert ex.feedback == "Correct! for most pairs the two orders differ."


def test_showing_the_solution_counts_as_answered():
    ex = Check("Compute $AB$.", AB, solution="Column by column.")
    assert not ex.answered
    button(ex, "Show solution").value = True
    assert ex.answered and ex.attempts == 0


# -- the answer echoed as read, and the forms a learner writes (issue 21) ------------------------


@pytest.mark.parametrize("text, reading", [
    ("-0.25", "Read as −0.25."), ("-1/4", "Read as −0.25."), ("-¼", "Read as −0.25."),
    ("-0,25", "Read as −0.25."), ("(1-2)/4", "Read as −0.25."), ("−0.25", "Read as −0.25."),
])
def test_a_number_is_read_in_every_form_and_the_reading_is_shown_first(text, reading):
    ex = Check("Weight?", -0.25)
    ex.answer_input.value = text
    assert ex.submit() and ex.reading == reading and ex.feedback == "Correct!"
    shown = shown_feedback(ex)
    assert shown.index(reading) < shown.index("Correct!")  # the same region, first
    ex.answer_input.value = "1"
    assert ex.reading == "" and ex.feedback == ""  # a new answer: the old reading goes too


def test_the_reading_of_a_wrong_answer_comes_before_the_verdict_and_the_hint():
    ex = Check("(AB)₂₃?", -12, hint="Row 2 of A.")
    ex.answer_input.value = "2*(-4) + 4*(-1) + 0*1 + 1"
    assert not ex.submit()
    assert ex.reading == "Read as −11."
    assert shown_feedback(ex).index("Read as −11.") < shown_feedback(ex).index("not quite")
    ex.answer_input.value = "1/3"
    ex.submit()
    assert ex.reading == "Read as ≈ 0.333."  # rounded for display: said so


def test_a_shape_and_a_matrix_are_echoed_as_read():
    ex = Check("Shape of $AB$?", (4, 2))
    ex.answer_input.value = "4-by-2"
    assert ex.submit() and ex.reading == "Read as the shape 4×2."
    ex = Check("Compute $AB$.", AB)
    ex.answer_input.value = [[6, 19, 0]]
    ex.submit()
    assert ex.reading == "Read as a 1×3 matrix." and "Read as a 1×3 matrix." in shown_feedback(ex)


def test_an_ambiguous_or_unreadable_answer_says_why_and_is_not_echoed():
    ex = Check("Weight?", -0.25)
    for text, why in [("1,000", "group thousands or start the decimals"), ("1/2/4", "read two ways"),
                      ("2(3)", "write the operation")]:
        ex.answer_input.value = text
        assert ex.submit() is False and ex.attempts == 0 and ex.reading == ""
        assert ex.feedback.startswith(f"{text!r} is not a number: ") and why in ex.feedback
        assert "check-reading" not in shown_feedback(ex)
    ex = Check("Shape?", (4, 2))
    ex.answer_input.value = "R^4x2"
    ex.submit()
    assert ex.reading == "" and "in braces" in ex.feedback


def test_a_choice_is_not_echoed():
    ex = Check("Is AB = BA?", "not always", choices=["always", "not always"])
    ex.answer_input.value = "not always"
    assert ex.submit() and ex.reading == "" and "check-reading" not in shown_feedback(ex)


def test_a_slip_inside_a_matrix_entry_is_named_in_the_check():
    from widgets.core.mistakes import product_mistakes

    A = [[1, -3, 5], [3, 1, 4]]
    B = [[5, 1], [-2, -6], [-1, 0]]
    ex = Check("Compute $AB$.", AB, mistakes=product_mistakes(A, B))
    ex.answer_input.value = [[16, 19], [9, -3]]
    assert not ex.submit() and ex.mistake == "sign"
    assert ex.feedback.startswith("a sign slip in entry (1,1): term 3, A[1,3]·B[3,1], which is -5")


@pytest.mark.parametrize("answer, typed", [
    ([[6, 19], [9, -3]], None), (-0.25, "-0.25"), ((4, 2), "4×2"),
])
def test_a_restored_check_is_solved_with_its_answer_filled_in_and_no_attempt(answer, typed):
    check = Check("Answer?", answer)
    check.restore("solved")
    assert (check.solved, check.settled, check.answered, check.attempts) == (True, True, True, 0)
    if typed is not None:
        assert check.answer_input.value == typed
    assert "Solved on an earlier visit." in shown_feedback(check)
    assert check.submit()  # the filled-in answer is the right one


def test_a_restored_choice_is_picked_and_a_seen_answer_stays_seen():
    choice = Check("Which?", "b", choices=["a", "b"])
    choice.restore("solved")
    assert choice.answer_input.value == "b" and choice.solved
    seen = Check("2 + 2?", 4.0)
    seen.restore("shown")
    assert seen.shown and not seen.solved and seen.answer_input.value == ""
    seen.answer_input.value = "4"
    assert seen.submit() and not seen.solved  # counts as shown, as on the visit it was seen


def test_restore_leaves_a_check_answered_this_visit_and_refuses_an_unknown_state():
    check = Check("2 + 2?", 4.0)
    check.answer_input.value = "4"
    check.submit()
    check.restore("shown")
    assert check.solved and not check.shown and check.attempts == 1
    with pytest.raises(TraitError):
        Check("2 + 2?", 4.0).restore("guessed")


def test_hints_open_one_level_at_a_time_before_any_answer_and_say_how_the_check_was_solved():
    check = Check("2 + 2?", 4.0, hint=["Add.", "Count on from 2.", "2 + 1 = 3, then one more."])
    assert check.hints.button.description == "Hint: a nudge" and not check.hinted
    check.hints.open_next()
    assert check.hinted and check.attempts == 0 and "Hint 1 (a nudge):</b> Add." in check.hints.text
    check.answer_input.value = "4"
    check.submit()
    assert check.solved and check.outcome == "helped"


@pytest.mark.parametrize("hinted, answers, outcome", [
    (False, ["4"], "solved"), (True, ["4"], "helped"), (False, ["5", "4"], "retried"), (True, ["5", "4"], "retried"),
])
def test_the_outcome_says_first_try_after_a_hint_or_after_a_wrong_answer(hinted, answers, outcome):
    check = Check("2 + 2?", 4.0, hint=["Add.", "Count on."])
    if hinted:
        check.hints.open_next()
    for typed in answers:
        check.answer_input.value = typed
        check.submit()
    assert check.outcome == outcome and check.given == "4"


def test_a_miss_opens_the_first_hint_only_and_a_hint_after_solving_is_not_help():
    check = Check("2 + 2?", 4.0, hint=["Add.", "Count on."])
    check.answer_input.value = "5"
    check.submit()
    assert check.hints.opened == 1
    check.answer_input.value = "6"
    check.submit()
    assert check.hints.opened == 1  # more only when asked for
    solved = Check("2 + 2?", 4.0, hint="Add.")
    solved.answer_input.value = "4"
    solved.submit()
    solved.hints.open_next()
    assert solved.outcome == "solved" and not solved.hinted
    with pytest.raises(TraitError):
        Check("2 + 2?", 4.0, hint=["a", "b", "c", "d"])
    assert Check("2 + 2?", 4.0).hints is None


def test_showing_the_answer_ends_the_check_as_shown():
    check = Check("2 + 2?", 4.0, solution="Two and two.")
    check.show_answer()
    assert check.outcome == "shown" and not check.solved


@pytest.mark.parametrize("answer, typed, kept", [
    (4.0, "2*3", "2*3"),
    ((2, 3), "3x2", "3x2"),
    ([[1, 2]], [[1, 3]], "[[1.0,3.0]]"),
])
def test_the_last_answer_checked_is_given_back_on_a_later_visit_unjudged(answer, typed, kept):
    check = Check("?", answer)
    check.answer_input.value = typed
    check.submit()
    assert check.given == kept
    later = Check("?", answer)
    later.restore_given(kept)
    assert later.given == kept and later.attempts == 0 and not later.answered
    assert "Your last answer from an earlier visit" in shown_feedback(later)
    assert np.array_equal(later.answer_input.value, typed) if not isinstance(typed, str) else (
        later.answer_input.value == typed)


def test_a_given_answer_the_input_cannot_hold_is_left_out():
    choice = Check("Which?", "a", choices=["a", "b"])
    choice.restore_given("c")
    assert choice.answer_input.value is None and choice.given == ""
    matrix = Check("?", [[1, 2]])
    matrix.restore_given("not json")
    matrix.restore_given('"text"')
    assert matrix.given == "" and matrix.answer_input.shape == (1, 1)
