"""Lab 10, attention as adaptive weights, run in-process: its Checks (named mistakes, solutions), the table
of roles and the linearity comparison held back until answered, and a token edit with bad input."""
from __future__ import annotations

import re

import numpy as np

from harness.checks import answer
from harness.notebooks import lab_fixture, lab_namespace, notebook_cells, summary_of
from harness.shown import button
from harness.voila import REPO
from widgets import attention

LAB = REPO / "labs" / "10-adaptive-weights.ipynb"


lab = lab_fixture(LAB)


def test_the_table_of_roles_opens_after_both_role_questions(lab):
    check_role, check_bias, roles_panel = lab["check_role"], lab["check_bias"], lab["roles_panel"]
    assert not roles_panel.opened and not lab["linearity_panel"].opened
    # Each wrong choice explains itself.
    assert not answer(check_role, "W_V") and check_role.feedback == lab["ROLE_CHOICES"]["W_V"]
    assert not answer(check_role, "V(X) = X W_V") and "the role of U(x)" in check_role.feedback
    assert answer(check_role, "A_att(X)")
    assert check_role.feedback.startswith("Correct! A_att(X) multiplies the values")
    assert not roles_panel.opened
    assert not answer(check_bias, "B(x) = X and b = 0") and "residual connection" in check_bias.feedback
    assert answer(check_bias, "B(x) = 0 and b = 0")
    assert roles_panel.opened and "yes, through the scores" in roles_panel.view.value


def test_the_linearity_comparison_opens_after_both_predictions(lab):
    check_dense, check_att = lab["check_dense"], lab["check_att"]
    linearity, linearity_panel = lab["linearity"], lab["linearity_panel"]
    assert linearity_panel.view not in linearity_panel.children
    assert lab["comparison"].H_view not in lab["comparison"].children[1].children[1].children
    assert not answer(check_dense, "it is multiplied by 4") and "A factor 4 would need $X$ to enter twice" in check_dense.feedback
    assert answer(check_dense, "it doubles exactly")
    assert not linearity_panel.opened
    assert not answer(check_att, "it doubles exactly: the weights add to 1, so only the values scale")
    assert "adding to 1 does not make the weights for $2X$" in check_att.feedback
    assert "change" not in check_att.feedback  # it says where to look, not what the right choice says
    assert not answer(check_att, "it stays the same: the weights add to 1 and take the factor 2 out")
    assert answer(check_att, "it changes, and in general not by a factor of 2: the weights change too")
    assert linearity_panel.opened and linearity_panel.view in linearity_panel.children
    # The outputs Ŷ and H open with the comparison: typed 2X, they would say whether each doubles.
    assert linearity_panel.view.children == (lab["comparison"].outputs, linearity)


def test_a_att_of_2v_names_the_slips_and_every_check_has_a_solution(lab):
    check_fixed = lab["check_fixed"]
    assert not answer(check_fixed, [[1, 2], [0.5, 3]]) and check_fixed.mistake == "not-doubled"
    assert check_fixed.feedback.startswith("that is A_att·V")
    assert not answer(check_fixed, [[2, 2], [2, 6]]) and check_fixed.mistake == "BA"
    assert "you computed (2V)·A_att, not A_att·(2V)" in check_fixed.feedback
    assert answer(check_fixed, [[2, 4], [1, 6]])
    for name in ("check_role", "check_dense", "check_att", "check_bias", "check_fixed"):
        button(lab[name], "Show solution")  # every exercise has a worked solution


def test_the_fixed_weights_hints_leave_all_but_2v_to_do(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["check_fixed"].hints.texts
    assert "weights are fixed" in nudge and "double it" not in nudge
    assert "compute $2V$ first" in method and "double it" in method
    assert r"2V = \begin{bmatrix} 4 & 0 \\ 0 & 8 \end{bmatrix}" in first_step
    assert "2 & 4" not in first_step and "1 & 6" not in first_step  # no row of the answer


def test_linearity_with_the_numbers_and_c_typed(lab):
    linearity, explorer, W_DENSE = lab["linearity"], lab["explorer"], lab["W_DENSE"]
    c_slider, c_entry = linearity.c_slider, linearity.c_entry
    views, verdicts, A_views = linearity.views, linearity.verdicts, linearity.A_views
    assert c_slider.value == 2
    assert "equal" in verdicts["dense"].value and "equal" in verdicts["fixed"].value
    assert "different" in verdicts["att"].value
    X = explorer.X_editor.value
    np.testing.assert_allclose(views["dense_cX"].matrix, 2 * (X @ W_DENSE.T))
    np.testing.assert_allclose(views["dense_cX"].matrix, views["dense_c"].matrix)
    r = attention(X, *(e.value for e in (explorer.W_Q_editor, explorer.W_K_editor, explorer.W_V_editor)))
    assert not np.allclose(views["att_cX"].matrix, 2 * r.H)
    np.testing.assert_allclose(views["att_c"].matrix, 2 * r.H)
    assert not np.allclose(A_views["A_att_c"].matrix, r.A)
    c_slider.value = 1.0
    assert "equal" in verdicts["att"].value
    # c typed beside its slider: out of range is refused with a message and c stays; 2 is taken.
    c_entry.entry.value = "10"
    assert c_slider.value == 1.0 and "equal" in verdicts["att"].value
    assert c_entry.error == "scale factor c must be between −2 and 3; 10 is outside"
    c_entry.entry.value = "2"
    assert c_slider.value == 2.0 and c_entry.error == "" and "different" in verdicts["att"].value


def test_a_token_edit_moves_attention_not_w_and_bad_input_is_explained(lab):
    explorer, comparison, linearity = lab["explorer"], lab["comparison"], lab["linearity"]
    change, verdicts = comparison.change, linearity.verdicts
    A_before = explorer.result.A
    explorer.X_editor.cells[2][0].value = "3"
    assert not np.allclose(explorer.result.A, A_before)
    np.testing.assert_array_equal(comparison.dense_map.matrix, lab["W_DENSE"])
    assert "Dense layer: <b>0 of 4</b> entries of W moved" in change.value
    # A third feature does not fit the dense layer's 2×2 W: messages, not tracebacks.
    explorer.X_editor.resize(3, 3)
    assert "x needs 2 entries" in change.value and "Set features d back to 2" in change.value
    assert "x needs 2 entries" in verdicts["att"].value
    explorer.X_editor.resize(3, 2)
    assert "changed token" in change.value or "Change an entry" in change.value
    assert "equal" in verdicts["dense"].value


def test_lab10_closes_with_a_summary_and_links_and_names_a_att():
    cells = notebook_cells(LAB)
    heading, _ = summary_of(LAB)
    assert heading == []  # its points restate answers: held (lab10-summary-points) until those are answered
    summary = next(held for held in lab_namespace(LAB)["lab"].held
                   if "<li>" in getattr(held.reveal.view, "value", "") and "Try this" not in held.reveal.view.value)
    assert summary.until == ("check_dense", "check_att", "check_role", "check_bias", "check_fixed") and not summary.reveal.opened
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", next(c.source for c in cells if c.source.startswith("[← Previous")))
    assert links == ["09-softmax-weights.ipynb", "index.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    sources = "\n".join(c.source for c in cells)
    for bare in ("$A$", "$A ", "$A =", "weights A ", "A_{ij}", "AV$", "A(2V)$", '"A"'):
        assert bare not in sources, bare


def test_the_bias_choices_ask_where_to_look_and_the_fixed_weights_name_a_double_doubling(lab):
    check_bias, check_fixed = lab["check_bias"], lab["check_fixed"]
    for wrong in ("B(x) = X and b = 0", "B(x) = 0 and b = 1"):
        assert not answer(check_bias, wrong) and "no such term" not in check_bias.feedback
        assert "H = A_att(X) V(X)?" in check_bias.feedback  # it asks, the right choice is left to the learner
    check_fixed.answer_input.resize(2, 2)
    assert not answer(check_fixed, [[4, 8], [2, 12]]) and check_fixed.mistake == "doubled-twice"


def test_what_to_try_with_the_comparison_opens_with_it(lab):
    """Its items (the scores become c²S, the rows of A_att(cX)) say how attention answers the predictions."""
    held = next(held.reveal for held in lab["lab"].held if "c^2 S" in getattr(held.reveal.view, "value", ""))
    assert not held.opened
    assert answer(lab["check_dense"], "it doubles exactly")
    assert answer(lab["check_att"], "it changes, and in general not by a factor of 2: the weights change too")
    assert held.opened
