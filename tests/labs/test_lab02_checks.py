"""Lab 2, one entry as a dot product, run in-process: its Checks, the views held back until answered,
and which entry the explorer writes out as clicks, menus and edits move it."""
from __future__ import annotations

import re

from harness.checks import answer
from harness.notebooks import lab_fixture, notebook_cells
from harness.voila import REPO
from widgets.core.lab_numbers import LAB2

LAB = REPO / "labs" / "02-entry-dot-product.ipynb"
lab = lab_fixture(LAB)


def plain(markup: str) -> str:
    """HTML as text: tags dropped, an ASCII minus."""
    return re.sub(r"<[^>]+>", "", markup).replace("\N{MINUS SIGN}", "-")


def test_check_accepts_minus_12_and_rejects_12(lab):
    activity, explorer, rows = lab["activity"], lab["explorer"], lab["rows"]
    box = activity.answer_input
    assert (explorer.opened, rows.opened) == (False, False)

    box.value = "12"  # sign dropped
    assert activity.submit() is False
    assert activity.feedback == "right size, wrong sign: recheck the signs of the products."
    assert "The $(2,3)$-entry uses row $2$ of $A$ and column $3$ of $B$" in activity.hints.text
    assert (explorer.opened, rows.opened) == (False, False)  # both wait for the row question too: it asks row 2 of AB

    box.value = "-1"  # entry (3,2)
    activity.submit()
    assert activity.mistake == "swapped"

    # Wrong twice: the row question opens, and its solution holds -12, so the activity counts as shown.
    row_panel = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["row_check"])
    assert row_panel.opened and activity.shown
    box.value = "\N{MINUS SIGN}12"  # as copied from the syllabus
    assert activity.submit() is True
    assert activity.shown and not activity.solved and activity.attempts == 3 and activity.outcome == "shown"


def test_a_right_answer_after_one_slip_counts_as_retried(lab):
    activity = lab["activity"]
    activity.answer_input.value = "12"
    assert activity.submit() is False
    activity.answer_input.value = "-12"
    assert activity.submit() is True and activity.solved and activity.outcome == "retried"


def test_the_hints_leave_the_sum_to_the_learner(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["activity"].hints.texts
    assert "row $2$ of $A$ and column $3$ of $B$ only" in nudge
    assert "product" not in nudge  # a nudge: where to look, not yet how
    assert "entry by entry" in method and "add the three products" in method
    # The first of the three products, 2(-4), worked out; the other two and the sum are left.
    assert "$(2, 4, 0)$" in first_step and "$(-4, -1, 1)$" in first_step and "$2(-4) = -8$" in first_step
    assert "12" not in first_step  # the answer, −12, however it is typed


def test_row_check_names_a_column_and_opens_the_row_picture(lab):
    row_check, rows = lab["row_check"], lab["rows"]
    answer(lab["activity"], "-12")
    answer(row_check, [[-18], [-8], [-12]])
    assert row_check.mistake == "as-column"
    assert answer(row_check, [[-18, -8, -12]]) is True and rows.opened is True
    assert lab["explorer"].opened  # the product, row 2 of AB in it, once both are answered
    assert "-18-8-12" in "".join(plain(rows.view.picture.value).split())


def test_selection_follows_clicks_menus_and_edits(lab):
    entries, A, B = lab["entries"], lab["A"], lab["B"]
    row_i, col_j, AB, entry, status = (
        entries.row_menu, entries.col_menu, entries.heatmap, entries.entry, entries.status)

    AB.selected = (1, 2)  # what a click on entry (2,3) does
    assert (row_i.value, col_j.value, [A.highlight_row, B.highlight_col]) == (1, 2, [1, 2])
    assert "(AB)23 = (2, 4, 0) · (-4, -1, 1) = 2(-4) + 4(-1) + 0(1) = -12" in plain(entry.value)

    col_j.value = 0  # the menu moves the heatmap too
    assert tuple(AB.selected) == (1, 0) and plain(entry.value).endswith("= -18")
    menu_entry = entry.value

    AB.selected = None  # a second click may clear it: the entry stays
    assert tuple(AB.selected) == (1, 0) and entry.value == menu_entry

    B.resize(2, 3)  # 3 columns of A, 2 rows of B
    mismatch = status.value
    assert "A is 3×3 and B is 2×3: A has 3 columns but B has 2 rows" in mismatch
    assert "The heatmap keeps the last product that worked" in mismatch
    assert entry.value == ""

    row_i.value = 2  # the menus still answer, and the guidance stays
    assert status.value == mismatch and entry.value == ""

    A.resize(2, 2)  # fits again: AB is 2x3, row 2 is still there
    assert status.value == "" and (len(row_i.options), len(col_j.options)) == (2, 3)
    # A = [[-3, -4], [2, 4]], B = [[-1, 2, -4], [-4, -3, -1]]: (AB)_21 = 2(-1) + 4(-4)
    assert tuple(AB.selected) == (1, 0) and "2(-1) + 4(-4) = -18" in plain(entry.value)


def test_activity_1_4_2_names_a_term_left_out_and_never_guesses_at_zero(lab):
    activity = lab["activity"]
    # a23·b23 = 0·(−1) = 0: typing 0 is not called "only A[2,3] times B[2,3]"
    assert answer(activity, "0") is False
    assert activity.mistake == "entries" and activity.feedback == "not quite: 0 is not the answer"
    assert activity.reading == "Read as 0."
    # −8 − 4 + 0 without the −4: the second product left out, said with its value
    assert answer(activity, "-8") is False and activity.mistake == "dropped"
    # −8 is also entry (2,2), row 2 with column 2: both slips are said
    assert "(1) you left out term 2, A[2,2]·B[2,3], which is -4" in activity.feedback
    assert "(2) that is entry (2,2) of AB" in activity.feedback
    # another entry of AB is a wrong row or column, named (it got only "not quite")
    assert answer(activity, "-18") is False and activity.mistake == "other-entry"
    assert activity.feedback.startswith("that is entry (2,1) of AB")
    assert answer(activity, "-5") is False and activity.feedback.startswith("that is entry (3,1) or (3,3) of AB")
    # worked out in the box, read as −12
    assert answer(activity, "2*(-4) + 4*(-1) + 0*1") is True and activity.reading == "Read as −12."


def listed(entries):
    """Numbers as the prose lists them: ``5, -2, -1``."""
    return ", ".join(f"{x:g}" for x in entries)


def code_text():
    """The lab's code cells, as written: its checks' prompts, hints and solutions."""
    return "\n".join(cell.source for cell in notebook_cells(LAB) if cell.cell_type == "code")


def test_the_hints_and_the_solutions_write_the_labs_own_numbers():
    """The checks' answers, slips and prompt come from widgets.core.lab_numbers; the worked prose, written by
    hand, states the same row, column, entry and row of AB."""
    A, B, AB = LAB2.A, LAB2.B, LAB2.A @ LAB2.B
    text = code_text()
    assert f"Row $2$ of $A$ is $({listed(A[1])})$ and column $3$ of $B$ is $({listed(B[:, 2])})$" in text
    assert f"(AB)_{{23}} = ({listed(A[1])})\\cdot({listed(B[:, 2])})" in text and f"= {AB[1, 2]:g}.$$" in text
    assert f"Row $2$ of $A$ is $({listed(A[1])})$: these are the weights" in text
    assert f"row $2$ of $AB$ is $({listed(AB[1])})$" in text


def test_minus_4_is_a_sign_slip_or_a_product_left_out_and_both_are_said(lab):
    # −8 + 4 + 0 (term 2's sign) and −4 + 0 (term 1, −8, left out) both give −4: which one cannot be told.
    activity = lab["activity"]
    assert answer(activity, "-4") is False and activity.mistake == "sign"
    assert activity.feedback.startswith("2 different slips give this answer: (1) a sign slip in term 2")
    assert "(2) you left out term 1, A[2,1]·B[1,3], which is -8" in activity.feedback


def test_the_first_scaled_row_alone_is_named(lab):
    row_check = lab["row_check"]
    assert answer(row_check, [[-2, 4, -8]]) is False and row_check.mistake == "one-row"
    assert row_check.feedback.startswith("that is only row 1 of B times its weight 2")
    assert "adds all 3 scaled rows of B" in row_check.feedback


def test_a_sign_slip_inside_one_entry_of_the_row_is_named(lab):
    row_check = lab["row_check"]
    # entry 1 is 2(−1) + 4(−4) + 0(4) = −18; with +2 for 2(−1) it is −14
    assert answer(row_check, [[-14, -8, -12]]) is False and row_check.mistake == "sign"
    assert row_check.feedback.startswith(
        "a sign slip in entry (2,1): term 1, A[2,1]·B[1,1], which is -2, went in with the wrong sign")
