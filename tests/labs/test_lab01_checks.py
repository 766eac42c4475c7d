"""Lab 1, the product by columns, run in-process: its Check, the stepper held back until then, and
the shape message when a learner resizes B."""
from __future__ import annotations

from harness.notebooks import lab_fixture, notebook_cells
from harness.shown import part
from harness.voila import REPO
from widgets.core.lab_numbers import LAB1

LAB = REPO / "labs" / "01-product-by-columns.ipynb"
lab = lab_fixture(LAB)


def test_check_accepts_the_syllabus_answer_and_rejects_a_wrong_one(lab):
    activity, stepper = lab["activity"], lab["stepper"]
    box = activity.answer_input
    assert stepper.opened is False  # before any answer

    box.value = [[6, 19], [9, 3]]  # one sign wrong
    assert activity.submit() is False and activity.mistake == "sign"
    assert activity.feedback.startswith("a sign slip: entry (2,2) has the right size but the wrong sign")
    assert activity.reading == "Read as a 2×2 matrix."
    assert "Do one column at a time" in activity.hints.text  # the miss opened the first hint
    assert stepper.opened is False  # the stepper holds the answer: a first wrong one opens nothing to copy

    box.value = [[16, 19], [9, -3]]  # one product's sign inside entry (1,1): 5 + 6 + 5
    activity.submit()
    assert activity.mistake == "sign" and activity.feedback.startswith(
        "a sign slip in entry (1,1): term 3, A[1,3]·B[3,1], which is -5")
    assert stepper.opened is True and activity.shown  # a second try: it opens, and the answer counts as seen

    box.value = [[6, 9], [19, -3]]  # the transpose
    activity.submit()
    assert activity.mistake == "transpose"

    box.value = [[6, 19], [9, -3]]  # Activity 1.4.1
    assert activity.submit() is True
    assert activity.solved is False and activity.attempts == 4  # after the stepper: shown, not solved
    assert "Correct!" in part(activity, "check-feedback").value and "counts as shown, not solved" in activity.feedback


def test_the_hints_leave_the_columns_to_the_learner(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["activity"].hints.texts
    assert "column $j$ of $AB$ uses only column $j$ of $B$" in nudge
    assert "weights" not in nudge  # a nudge, not yet the method
    assert "weights on the columns of $A$" in method and "negative weight" in method
    # One term of column 1, worked with the activity's numbers: 5 times column 1 of A.
    assert "$(5, -2, -1)$" in first_step
    assert r"\begin{bmatrix}5\\15\end{bmatrix}" in first_step
    # Neither column of AB = [[6, 19], [9, -3]] is in it: the learner adds the other terms.
    assert r"6\\9" not in first_step and "19" not in first_step


def test_shape_mismatch_shows_the_explanation_and_recovers(lab):
    steps, B = lab["steps"], lab["B"]
    step, status, product = steps.step, steps.status, steps.product
    step.value = 2
    B.resize(2, 2)  # B's 2 rows no longer match A's 3 columns
    assert "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows" in status.value
    assert 'role="alert"' in status.value
    assert product.value == steps.combination.value == ""

    B.resize(3, 3)  # fits again, with a third column
    assert status.value == "" and 'class="matrix-html"' in product.value
    assert step.max == steps.play.max == 3
    assert step.value == 2 and B.highlight_col == 1

    step.value = 3  # B's new third column is zeros, so column 3 of AB is zero
    assert ">0</b>" in product.value and B.highlight_col == 2

    B.resize(3, 1)  # fewer columns: j is pulled back into range
    assert (step.value, step.max, B.highlight_col, status.value) == (1, 1, 0, "")


def test_a_j_typed_out_of_range_is_refused_then_moves_the_stepper(lab):
    steps, B = lab["steps"], lab["B"]
    step, entry = steps.step, steps.step_entry
    B.resize(3, 3)
    entry.entry.value = "4"  # typed beside the slider: B has 3 columns
    assert (entry.error, step.value, entry.entry.value, step.readout) == (
        "column j must be between 1 and 3; 4 is outside", 1, "4", False)
    entry.entry.value = "3"
    assert (entry.error, step.value, B.highlight_col) == ("", 3, 2)


def listed(entries):
    """Numbers as the prose lists them: ``5, -2, -1``."""
    return ", ".join(f"{x:g}" for x in entries)


def code_text():
    """The lab's code cells, as written: its checks' prompts, hints and solutions."""
    return "\n".join(cell.source for cell in notebook_cells(LAB) if cell.cell_type == "code")


def test_the_hints_and_the_solution_write_the_labs_own_numbers():
    """The check's answer, slips and prompt come from widgets.core.lab_numbers; the worked prose, written by
    hand, states the same columns and product."""
    B, AB = LAB1.B, LAB1.A @ LAB1.B
    text = code_text()
    assert f"Column $1$ of $B$ is $({listed(B[:, 0])})$" in text
    assert rf"$\mathbf{{b}}_1 = ({listed(B[:, 0])})$ and $\mathbf{{b}}_2 = ({listed(B[:, 1])})$" in text
    assert f"weights ${listed(B[:, 0])}$" in text and f"weights ${listed(B[:, 1])}$" in text
    rows = r"\\".join(" & ".join(f"{x:g}" for x in row) for row in AB)
    assert rf"$AB = \begin{{bmatrix}}{rows}\end{{bmatrix}}$" in text
