"""Lab 8, attention weights and the output, run in-process: its exercises and the usual slips they
name and what they hold back; and the notebook's goal, summary and links."""
from __future__ import annotations

import re

import numpy as np

from harness.checks import answer, solve_first_problem
from harness.in_sight import giveaways, run_page, worst_case
from harness.notebooks import lab_fixture, lab_namespace, notebook_cells, summary_of
from harness.shown import button, classes
from harness.voila import REPO
from widgets.core.lab_numbers import LAB8, LAB8_OUTPUT
from widgets.text.attention_steps import weight_latex

LAB = REPO / "labs" / "08-attention-weights.ipynb"
lab = lab_fixture(LAB)


def test_the_explorer_starts_by_hand_on_other_weights_than_the_activity(lab):
    explorer = lab["explorer"]
    r = explorer.result
    assert explorer.weights_mode == "sliders"
    np.testing.assert_array_equal(r.V, [[1, 0], [2, 0], [0, 4], [4, 4]])
    np.testing.assert_allclose(r.A[1], [0, 0.25, 0.25, 0.5])
    np.testing.assert_allclose(r.H[1], [2.5, 3])
    assert not np.any(np.all(np.isclose(r.H, [2, 2]), axis=1))  # no output is the activity's h2
    np.testing.assert_allclose(r.A.sum(axis=1), 1)
    assert (explorer.shapes["X"], explorer.shapes["W_Q"]) == ((4, 3), (3, 2))
    assert (r.Q.shape, r.S.shape, r.A.shape, r.H.shape) == ((4, 2), (4, 4), (4, 4), (4, 2))


def test_shapes_accept_the_syllabus_answers_and_name_the_usual_slips(lab):
    check_qkv, check_s, check_a, check_h = lab["check_qkv"], lab["check_s"], lab["check_a"], lab["check_h"]
    assert not answer(check_qkv, "2x4") and check_qkv.mistake == "swapped"
    assert not answer(check_qkv, "4x3") and check_qkv.mistake == "inner"
    assert answer(check_qkv, "4x2") and answer(check_s, "4×4") and answer(check_a, "(4, 4)")
    # S's slips are Lab 7's and the chain practice's (attention_shape_mistakes), each named once:
    for typed, mistake in (("2x2", "QtK"), ("4x2", "Q"), ("2x4", "Kt")):
        assert not answer(check_s, typed) and check_s.mistake == mistake and "slips" not in check_s.feedback
    assert not answer(check_h, "2x4") and check_h.mistake == "swapped" and "A_att" in check_h.feedback
    assert not answer(check_h, "4x4") and check_h.mistake == "inner"
    assert answer(check_h, "4 x 2")
    assert not answer(check_a, "4x2") and check_a.mistake == "values"
    assert not answer(check_a, "2x2") and check_a.mistake == "features"


def test_h2_waits_for_an_answer_and_its_slips_are_named(lab):
    check_h2, h2_picture = lab["check_h2"], lab["h2_picture"]
    assert not h2_picture.opened and h2_picture.view not in h2_picture.children
    assert check_h2.answer_input.shape == (1, 1)
    for typed, mistake in (([[1.75, 2]], "unweighted"), ([[7, 8]], "sum"), ([[2, 0]], "largest"),
                           ([[1, 0]], "largest-share"), ([[0.75, 2]], "reversed"), ([[2], [2]], "column")):
        assert not answer(check_h2, typed) and check_h2.mistake == mistake, typed
    assert "plain average" not in check_h2.feedback and "h₂ᵀ" in check_h2.feedback
    assert h2_picture.opened  # a wrong answer was a prediction too
    np.testing.assert_allclose(h2_picture.view.output, [2, 2])
    assert h2_picture.view.text == "h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)"
    assert not answer(check_h2, [[2, 3]]) and "entry (1,2) is off" in check_h2.feedback
    assert check_h2.hints.opened == 1
    assert answer(check_h2, [[2, 2]])
    check_h2.answer_input.cells[0][1].value = "abc"
    assert not check_h2.submit() and "is not a number" in check_h2.feedback


def test_h2_with_the_weights_shifted_one_value_up_is_named(lab):
    # ½ v₁ + ¼ v₂ + ¼ v₃ + 0 v₄ = (1, 1): each weight went with the value before its own
    check_h2 = lab["check_h2"]
    assert not answer(check_h2, [[1, 1]]) and check_h2.mistake == "shifted-up"
    assert check_h2.feedback.startswith("the weights are shifted one value up")


def test_h_shaped_as_a_value_vector_by_itself_is_named(lab):
    check_h = lab["check_h"]
    assert not answer(check_h, "2x2") and check_h.mistake == "features"
    assert "H = A_att V has the rows of A_att, one per token" in check_h.feedback
    assert not answer(check_h, "4x3") and check_h.mistake == "X"  # the shape of X, now named too


def test_the_h2_hints_leave_the_sum_to_do(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["check_h2"].hints.texts
    assert "weighted average" in nudge and "scale each row" not in nudge
    assert "scale each row by its weight, then add" in method
    assert r"\begin{bmatrix}1 & 0\end{bmatrix}" in first_step  # value 2's share, one term of four
    assert "2 & 2" not in first_step and "(2, 2)" not in first_step


def test_each_concept_choice_explains_itself_and_every_check_has_a_solution(lab):
    check_row, check_why = lab["check_row"], lab["check_why"]
    assert not answer(check_row, "how much each of the other tokens takes from token i")
    assert "column i" in check_row.feedback and "weights token i uses" not in check_row.feedback
    assert answer(check_row, "the weights token i uses when averaging the value vectors")
    # The span taken for the hull: named with a counterexample, not with h₂, which the question on h₂ asks for.
    assert not answer(check_why, list(lab["WHY_CHOICES"])[0])
    assert "(−1)·v₁ + 2·v₂" in check_why.feedback and "(2, 2)" not in check_why.feedback
    assert "add to 1" not in check_why.feedback  # it asks for the missing property, it does not state it
    assert answer(check_why, list(lab["WHY_CHOICES"])[2])
    for name in ("check_qkv", "check_s", "check_a", "check_h", "check_h2", "check_row", "check_why"):
        button(lab[name], "Show solution")  # every exercise has a worked solution


def test_practice_on_fresh_numbers_is_solvable(lab):
    practice = lab["practice_output"]
    assert practice.skill == "output"
    assert solve_first_problem(practice) and practice.streak == 1


def test_lab08_opens_with_a_goal_closes_with_a_summary_and_links_and_names_a_att():
    cells = notebook_cells(LAB)
    assert "**Goal:**" in cells[0].source
    heading, _ = summary_of(LAB)
    assert heading == []  # its points restate check_row's and check_why's answers: held until those are answered
    summary = lab_namespace(LAB)["lab"].held[-1]
    assert summary.until == ("check_qkv", "check_s", "check_a", "check_h", "check_row", "check_why") and not summary.reveal.opened
    assert summary.reveal.view.value.count("<li>") == 3  # a short summary of three points
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", next(c.source for c in cells if "[All labs]" in c.source))
    assert links == ["07-queries-keys-scores.ipynb", "index.ipynb", "09-softmax-weights.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    assert "lecture.apply_url" in cells[-1].source  # still last
    sources = "\n".join(c.source for c in cells)
    for bare in ("weights A ", "weights $A$", "$A$", "A_{ij}", "= AV", "AV$", "of A:", "<i>A</i>"):
        assert bare not in sources, bare
    # The prose fixes: the hull, not the span; row i of H is h_iᵀ.
    assert "convex hull" in sources and "shaded region spanned" not in sources
    assert r"Row $i$ of $H$ is $\mathbf{h}_i^T$" in sources


def tfrac(w):
    """A weight as the lab's prose writes it: ``\\tfrac14``, ``0``."""
    return weight_latex(w, "tfrac").replace("{", "").replace("}", "")


def test_the_prose_writes_the_labs_own_numbers(lab):
    """What the hints, a choice and the markdown say of the activity in words and formulas are the numbers
    of widgets.core.lab_numbers (the checks compute theirs from it)."""
    weights, values, sliders = LAB8_OUTPUT.weights, LAB8_OUTPUT.values, LAB8_OUTPUT.sliders
    gap = r"\,"  # between a whole number and a vector
    average = " + ".join(rf"{tfrac(w)}{gap if w == 0 else ''}\mathbf{{v}}_{j}" for j, w in enumerate(weights, 1))
    assert rf"\mathbf{{h}}_2 = {average}$" in lab["check_h2"].hints.texts[1]
    assert rf"\mathbf{{h}}_2 = {average}$" in lab["check_why"].hints.texts[2]
    assert f"coefficients ${', '.join(map(tfrac, weights))}$ are row 2" in lab["check_why"].hints.texts[2]

    sources = "\n".join(c.source for c in notebook_cells(LAB) if c.cell_type == "markdown")
    # Four values of two entries each make V 4×2, the answer of check_qkv: the markdown does not list them.
    assert rf"$\mathbf{{v}}_4 = ({values[3][0]:g}, {values[3][1]:g})$" not in sources
    assert f"row 2 starts at $({', '.join(map(tfrac, sliders))})$" in sources
    scores = (LAB8.X @ LAB8.W_Q) @ (LAB8.X @ LAB8.W_K).T
    assert f"token 2's scores are $({', '.join(f'{x:g}' for x in scores[1])})$" in sources
    assert f"the activity's weights $({', '.join(map(tfrac, weights))})$" in sources


def held_part(lab, view):
    return next(held.reveal for held in lab["lab"].held if held.reveal.view is view)


def test_each_shape_question_is_asked_once_the_one_its_help_states_is_settled(lab):
    s_panel, a_panel, h_panel = (held_part(lab, lab[name]) for name in ("check_s", "check_a", "check_h"))
    assert not (s_panel.opened or a_panel.opened or h_panel.opened)
    assert not answer(lab["check_qkv"], "2x4") and not s_panel.opened  # a first wrong answer: not yet
    assert answer(lab["check_qkv"], "4x2") and s_panel.opened and not a_panel.opened
    assert answer(lab["check_s"], "4x4") and a_panel.opened and not h_panel.opened
    assert answer(lab["check_a"], "4x4") and h_panel.opened
    assert not any(lab[name].shown for name in ("check_qkv", "check_s", "check_a"))


def test_h2_is_asked_after_the_shapes_and_the_sliders_that_compute_it_wait_for_it(lab):
    h2_panel = held_part(lab, lab["check_h2"])
    by_hand = next(held.reveal for held in lab["lab"].held if "lab08-by-hand-reveal" in classes(held.reveal))
    for name, shape in (("check_qkv", "4x2"), ("check_s", "4x4"), ("check_a", "4x4")):
        assert answer(lab[name], shape)
    assert not h2_panel.opened and not by_hand.opened
    assert answer(lab["check_h"], "4x2") and h2_panel.opened and not by_hand.opened
    assert not answer(lab["check_h2"], [[1.75, 2]]) and not by_hand.opened  # one wrong answer: not yet
    assert answer(lab["check_h2"], [[2, 2]]) and by_hand.opened


def test_the_weight_sliders_set_to_the_activitys_weights_would_give_h2_away():
    """The feed (harness.feeds.lab08) sets row 2's sliders to α₂: once open, they write h₂ = (2, 2) out,
    which is why they wait for check_h2."""
    page = run_page(LAB)
    worst_case(page, "check_h2")
    assert giveaways(page, "check_h2") == []
    next(held for held in page.lab.held if "lab08-by-hand-reveal" in classes(held.reveal)).reveal.opened = True
    worst_case(page, "check_h2")  # the feed now finds the sliders open
    found = giveaways(page, "check_h2")
    assert any("= (2, 2)" in line for line in found), found


def test_the_practice_on_shapes_waits_for_the_shape_questions(lab):
    # Its new sizes may be the activity's, and its solutions state each shape ("Q is 4×2").
    panel = held_part(lab, lab["practice_chain"])
    assert not panel.opened
    for name, shape in (("check_qkv", "4x2"), ("check_s", "4x4"), ("check_a", "4x4")):
        assert answer(lab[name], shape) and not panel.opened
    assert answer(lab["check_h"], "4x2") and panel.opened


def test_what_s_ij_compares_is_asked_after_the_shape_of_s_and_names_the_swap(lab):
    check_sij = lab["check_sij"]
    sij_panel = held_part(lab, check_sij)
    assert not sij_panel.opened
    assert answer(lab["check_qkv"], "4x2") and answer(lab["check_s"], "4x4") and sij_panel.opened
    assert not answer(check_sij, "the query of token j with the key of token i") and "S_ji" in check_sij.feedback
    assert "token i's query" not in check_sij.feedback and "query of token i" not in check_sij.feedback
    assert not answer(check_sij, "the weight token i gives to token j's value") and "A_att" in check_sij.feedback
    assert answer(check_sij, "the query of token i with the key of token j")


def test_the_question_on_a_row_of_a_att_follows_what_s_ij_compares(lab):
    """Its choices and explanations read row i of S as query i's scores against every key."""
    row_panel = held_part(lab, lab["check_row"])
    assert answer(lab["check_qkv"], "4x2") and answer(lab["check_s"], "4x4") and not row_panel.opened
    assert answer(lab["check_sij"], "the query of token i with the key of token j") and row_panel.opened
