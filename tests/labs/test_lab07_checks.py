"""Lab 7, queries, keys and scores, run in-process: its Checks name the usual slips, and the shapes, the
score matrix and the printed shapes of Activity 1.4.7 stay hidden until their questions are answered."""
from __future__ import annotations

import re

import numpy as np

from harness.checks import answer
from harness.notebooks import lab_fixture, lab_namespace, notebook_cells, summary_of
from harness.shown import button
from harness.voila import REPO

LAB = REPO / "labs" / "07-queries-keys-scores.ipynb"

CHECKS = ("check_qkv", "check_kt", "check_s", "check_s24", "check_s24_value", "check_row", "check_line",
          "check_why")


lab = lab_fixture(LAB)


def answer_shapes(lab):
    assert answer(lab["check_qkv"], "5x3") and answer(lab["check_kt"], "3×5") and answer(lab["check_s"], "(5, 5)")


def test_nothing_that_answers_an_activity_is_shown_before_it_is_answered(lab):
    shapes_panel, explorer = lab["shapes_panel"], lab["explorer"]
    assert not shapes_panel.opened and not lab["scores_panel"].opened and not lab["printed_panel"].opened
    assert explorer.part("shapes") not in shapes_panel.children


def test_typed_shapes_name_the_usual_slips_and_open_the_table(lab):
    check_qkv, check_kt, check_s, shapes_panel = lab["check_qkv"], lab["check_kt"], lab["check_s"], lab["shapes_panel"]
    assert not answer(check_qkv, "3x5") and check_qkv.mistake == "swapped"
    assert check_qkv.feedback.startswith("rows and columns swapped: XW_Q has as many rows as X and")
    assert check_qkv.hints.opened == 1
    assert not answer(check_qkv, "5x4") and check_qkv.mistake == "inner"
    assert not answer(check_qkv, "five by three") and check_qkv.feedback.startswith("'five by three' is not a shape")
    assert not shapes_panel.opened  # two of its three questions still unanswered
    assert answer(check_qkv, "5x3")
    assert not answer(check_kt, "5x3") and check_kt.mistake == "not-transposed"
    assert not answer(check_kt, "4x3") and check_kt.mistake == "weights"  # W_K's shape
    assert answer(check_kt, "3×5")
    # The slips of S's shape are the chain practice's (attention_shape_mistakes), named as specifically:
    assert not answer(check_s, "5x3") and check_s.mistake == "Q"  # the shape of Q (and K)
    assert check_s.feedback.startswith("that is the shape of Q (and K)")  # not also "an inner size kept"
    assert not answer(check_s, "3x3") and check_s.mistake == "QtK"  # QᵀK, the product the wrong way
    assert not answer(check_s, "3x5") and check_s.mistake == "Kt"  # the shape of Kᵀ, typed just above
    assert answer(check_s, "(5, 5)")
    # ... and the matrices, the table of shapes and why they are what they are open.
    assert shapes_panel.opened and lab["explorer"].part("shapes") in shapes_panel.view.children[1].children
    assert r"the $3\times 5$ matrix $K^T$" in shapes_panel.view.children[0].text


def test_s24_as_an_expression_and_a_number_opens_the_score_matrix(lab):
    check_s24, check_s24_value, check_row = (lab[name] for name in ("check_s24", "check_s24_value", "check_row"))
    scores_panel = lab["scores_panel"]
    # Every option holds the same entries, q21, q22, q23 and k41, k42, k43, placed differently.
    names = sorted(["q₂₁", "q₂₂", "q₂₃", "k₄₁", "k₄₂", "k₄₃"])
    assert all(sorted(re.findall(r"[qk][₀-₉]{2}", choice)) == names for choice in lab["S24_CHOICES"])
    assert not answer(check_s24, "q₂₁k₄₃ + q₂₂k₄₂ + q₂₃k₄₁")
    assert check_s24.feedback == lab["S24_CHOICES"]["q₂₁k₄₃ + q₂₂k₄₂ + q₂₃k₄₁"]
    assert not answer(check_s24, "(q₂₁k₄₁, q₂₂k₄₂, q₂₃k₄₃)") and "entrywise product" in check_s24.feedback
    assert answer(check_s24, "q₂₁k₄₁ + q₂₂k₄₂ + q₂₃k₄₃") and check_s24.feedback.startswith("Correct! Row 2 of Q")
    assert not answer(check_s24_value, "-0.5") and check_s24_value.mistake == "swapped"
    assert check_s24_value.feedback.startswith("that is S₄₂ = q₄·k₂, with the two tokens swapped")
    assert not answer(check_s24_value, "0.75") and check_s24_value.mistake == "sign"
    assert not answer(check_s24_value, "-1") and check_s24_value.mistake == "query-query"
    assert not answer(check_s24_value, "1") and check_s24_value.mistake == "token-token"
    assert answer(check_s24_value, "-0.25")
    assert not scores_panel.opened
    assert not answer(check_row, "the query vector of token 2") and "row 2 of Q" in check_row.feedback
    assert answer(check_row, "the scores comparing token 2's query with all five keys")
    # A click on a cell lights up the query and the key it compares: it waits for "What does S₂₄ compare?".
    assert not scores_panel.opened
    check_pair = lab["check_s24_pair"]
    assert not answer(check_pair, "token 4's query with token 2's key") and "S₄₂" in check_pair.feedback
    assert "token 2's query" not in check_pair.feedback
    assert answer(check_pair, "token 2's query with token 4's key")
    assert scores_panel.opened
    explorer = lab["explorer"]
    assert explorer.part("expansion") in scores_panel.view.children
    np.testing.assert_allclose(explorer.result.S[1, 3], -0.25)



def test_s24_without_the_third_product_names_it_beside_the_two_queries(lab):
    # −0.5 − 0.5 without +0.75 is −1, which is q₂ · q₄ too: both slips are said.
    check = lab["check_s24_value"]
    assert not answer(check, "-1") and check.mistake == "query-query"
    assert check.feedback.startswith("2 different slips give this answer: (1) that is q₂·q₄")
    assert "(2) you left out term 3, q₂₃k₄₃, which is 0.75" in check.feedback


def test_s24_without_a_product_of_minus_a_half_is_said_beside_the_sign(lab):
    # −0.5 + 0.75 = 0.25 leaves out q21 k41 or q22 k42; 0.25 is also −0.25 with its sign flipped, and k₂·k₄.
    check = lab["check_s24_value"]
    assert not answer(check, "0.25") and check.mistake == "key-key"
    assert check.feedback.startswith("3 different slips give this answer: (1) that is k₂·k₄, two keys")
    assert "(2) right size, wrong sign" in check.feedback
    assert "(3) you left out term 1, q₂₁k₄₁, or term 2, q₂₂k₄₂," in check.feedback


def test_the_shape_of_w_k_transposed_for_k_transposed_is_named(lab):
    check_kt = lab["check_kt"]
    assert not answer(check_kt, "3x4") and check_kt.mistake == "weights-transposed"
    assert check_kt.feedback.startswith("that is the shape of W_Kᵀ, the weights transposed")


def test_the_s24_hints_leave_two_products_to_the_learner_and_open_no_scores(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    ladder = lab["check_s24_value"].hints
    nudge, method, first_step = ladder.texts
    assert "the query of token 2 and the key of token 4" in nudge
    assert "Multiply" not in nudge  # a nudge: where to look, not yet how
    # How to compute it, not the expression: that is the answer of check_s24, asked before this one.
    assert "the expression for $S_{24}$ you found in the question above" in method
    assert "add the three products" not in nudge + method and "q_{22}" not in nudge + method
    # The first of the three products; the other two and the sum, −0.25, are left to the learner.
    assert "Product 1 of 3: $q_{21}k_{41} = (0.5)(-1) = -0.5$" in first_step
    assert "0.25" not in first_step and "1/4" not in first_step
    for _ in ladder.texts:
        ladder.open_next()
    assert not lab["scores_panel"].opened


def test_the_shape_hints_give_none_of_the_three_shapes_asked_for(lab):
    # Q is 5×3, Kᵀ 3×5 and S 5×5: a hint of one shape question may not answer another, in any order.
    for name in ("check_qkv", "check_kt", "check_s"):
        ladder = lab[name].hints
        for _ in range(3):
            ladder.open_next()
        shown = ladder.text.replace(r"\times", "×").replace(" ", "")
        assert not any(shape in shown for shape in ("5×3", "3×5", "5×5")), name

def test_the_printed_shapes_wait_for_the_shape_answers_to_be_settled_and_the_last_question_for_the_line(lab):
    check_line, check_why, printed_panel, why_panel = (lab[name] for name in (
        "check_line", "check_why", "printed_panel", "why_panel"))
    assert not answer(check_line, "K_tokens @ Q.T") and "not of one query" in check_line.feedback
    assert answer(check_line, "Q @ K_tokens.T")
    assert not printed_panel.opened and not why_panel.opened  # the shape questions of Activity 1.4.5 come first
    # One wrong shape does not open the printed shapes, which would let it be corrected by copying.
    assert answer(lab["check_kt"], "3x5") and answer(lab["check_s"], "5x5")
    assert not answer(lab["check_qkv"], "3x5")
    assert not printed_panel.opened and not why_panel.opened
    assert answer(lab["check_qkv"], "5x3")
    assert printed_panel.opened and lab["printed"] == ((5, 3), (5, 3), (5, 3), (5, 5))
    assert "((5, 3), (5, 3), (5, 3), (5, 5))" in printed_panel.view.value
    assert why_panel.opened and why_panel.view is check_why
    assert not answer(check_why, "Q and K_tokens.T are both (5, 5): the transpose makes K_tokens square")
    assert "never makes a matrix square" in check_why.feedback
    assert answer(check_why, "Q is (5, 3) and K_tokens.T is (3, 5): the outer sizes, 5 and 5, remain")


def test_the_last_question_waits_for_the_line_question_to_be_settled_too(lab):
    answer_shapes(lab)
    assert lab["printed_panel"].opened and not lab["why_panel"].opened
    # Its choices read the scores off Q and K_tokens.T: it waits for check_line to be settled, not answered.
    assert not answer(lab["check_line"], "Q.T @ K_tokens") and not lab["why_panel"].opened
    assert not answer(lab["check_line"], "Q @ K_tokens")
    assert lab["why_panel"].opened and lab["check_line"].shown  # its choices read the line off: seen, not solved


def test_each_shape_question_is_asked_once_the_one_before_is_settled(lab):
    kt_panel, s_panel = (next(held.reveal for held in lab["lab"].held if held.reveal.view is lab[name])
                         for name in ("check_kt", "check_s"))
    assert not kt_panel.opened and not s_panel.opened
    assert not answer(lab["check_qkv"], "3x5") and not kt_panel.opened  # a first wrong answer: not yet
    assert answer(lab["check_qkv"], "5x3") and kt_panel.opened and not s_panel.opened
    assert answer(lab["check_kt"], "3x5") and s_panel.opened
    assert not lab["check_qkv"].shown and not lab["check_kt"].shown


def test_the_value_of_s24_is_asked_once_its_expression_is_settled(lab):
    panel = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["check_s24_value"])
    assert not panel.opened
    assert not answer(lab["check_s24"], "(q₂₁k₄₁, q₂₂k₄₂, q₂₃k₄₃)") and not panel.opened
    assert answer(lab["check_s24"], "q₂₁k₄₁ + q₂₂k₄₂ + q₂₃k₄₃") and panel.opened


def test_every_exercise_has_a_worked_solution_and_the_explorer_starts_on_the_activity(lab):
    for name in CHECKS:
        button(lab[name], "Show solution")  # every exercise has a worked solution
    shapes = lab["explorer"].shapes
    assert (shapes["Q"], shapes["K"], shapes["V"], shapes["K^T"], shapes["S"]) == ((5, 3),) * 3 + ((3, 5), (5, 5))


def test_lab07_closes_with_a_summary_and_links_and_names_a_att():
    cells = notebook_cells(LAB)
    heading, _ = summary_of(LAB)
    assert heading == []  # its points restate answers: held (lab07-summary-points) until those are answered
    namespace = lab_namespace(LAB)
    summary = namespace["lab"].held[-1]
    assert summary.until == ("check_qkv", "check_kt", "check_s", "check_s24", "check_row") and not summary.reveal.opened
    assert summary.reveal.view.value.count("<li>") == 3  # a short summary of three points
    links = re.findall(r"\]\(([^)\s]+\.ipynb)\)", next(c.source for c in cells if "[All labs]" in c.source))
    assert links == ["06-dense-layer.ipynb", "index.ipynb", "08-attention-weights.ipynb"]
    assert all((LAB.parent / link).exists() for link in links)
    sources = "\n".join(c.source for c in cells)
    # (A and B of the shape rule stand for any matrices; the attention weights are always A_att.)
    for bare in ("weights A ", "weights $A$", "A_{ij}", "= AV", "AV$"):
        assert bare not in sources, bare


def test_the_practice_waits_for_the_question_on_s24s_expression(lab):
    # Its prompts and solutions write S_ij = q_i·k_j out (S₂₄ = q₂·k₄ for some seeds): asked after check_s24.
    panel = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["practice"])
    assert not panel.opened
    assert not answer(lab["check_s24"], "(q₂₁k₄₁, q₂₂k₄₂, q₂₃k₄₃)") and not panel.opened
    assert answer(lab["check_s24"], "q₂₁k₄₁ + q₂₂k₄₂ + q₂₃k₄₃") and panel.opened


def test_the_expression_of_s24_follows_what_s24_compares(lab):
    """Its stem writes q₂ and k₄ out, which says what S₂₄ compares: it waits for that question."""
    held = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["check_s24"])
    assert not held.opened
    assert answer(lab["check_s24_pair"], "token 2's query with token 4's key") and held.opened


def test_the_question_on_row_2_follows_what_s24_compares(lab):
    """Its choices and explanations read row 2 of S as token 2's query against every key."""
    held = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["check_row"])
    assert not held.opened
    assert answer(lab["check_s24_pair"], "token 2's query with token 4's key") and held.opened
