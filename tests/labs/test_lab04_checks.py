"""Lab 4, composition and the shape check, run in-process: its exercises answered wrong, then right,
the plots held back until the prediction, and the lab's plots and shape checker as it builds them."""
from __future__ import annotations

import re

import numpy as np

from harness.checks import answer
from harness.in_sight import answer_tells, giveaways, plain, run_page, worst_case
from harness.notebooks import lab_fixture
from harness.voila import REPO
from widgets import HOUSE
from widgets.core.practice import make_problem

LAB = REPO / "labs" / "04-composition.ipynb"
lab = lab_fixture(LAB)


def test_the_order_prediction_opens_the_plots_once_settled_and_says_why_sr_is_wrong(lab):
    order_check, steps = lab["order_check"], lab["steps"]
    # The plots name the product ("the product is RS"): a first wrong pick opens nothing to copy.
    assert not steps.opened
    assert answer(order_check, "SR") is False and "R acts on x first" in order_check.feedback
    assert not steps.opened
    assert answer(order_check, "RS") and order_check.solved and order_check.outcome == "retried"
    assert steps.opened


def test_activity_1_4_3_names_the_slips_in_a_typed_shape(lab):
    ab_shape_check = lab["ab_shape_check"]
    assert answer(ab_shape_check, "2×4") is False and ab_shape_check.mistake == "swapped"
    assert "rows and columns swapped" in ab_shape_check.feedback
    assert answer(ab_shape_check, "3x3") is False and ab_shape_check.mistake == "inner"
    # "none", as if the inner sizes did not agree: named, not "compare the inner sizes again".
    assert answer(ab_shape_check, "none") is False and ab_shape_check.mistake == "none"
    assert ab_shape_check.feedback.startswith("A has 3 columns and B has 3 rows: the inner sizes agree, so AB exists")
    assert answer(ab_shape_check, "4x2") and ab_shape_check.solved and ab_shape_check.attempts == 4


def test_shape_hints_leave_the_outer_sizes_to_the_learner(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["ab_shape_check"].hints.texts
    assert "inner sizes of a product must agree" in nudge
    assert "outer" not in nudge  # a nudge, not yet the method
    assert "drop out" in method and "the outer sizes give the shape" in method
    # A's shape and the inner sizes that meet; the outer sizes are the learner's to read.
    assert r"$A$ is $4\times 3$" in first_step and "so $AB$ exists" in first_step
    assert not any(form in first_step for form in ("4×2", "4x2", r"4\times 2"))  # the answer, 4×2


def test_domain_and_codomain_checks_name_the_space_given_instead(lab):
    domain_check, codomain_check = lab["domain_check"], lab["codomain_check"]
    assert answer(domain_check, "4") is False and domain_check.mistake == "codomain"
    assert answer(domain_check, "3") is False and domain_check.mistake == "middle"
    assert answer(domain_check, "2") and domain_check.solved

    assert answer(codomain_check, "2") is False and codomain_check.mistake == "domain"
    assert answer(codomain_check, "4") and codomain_check.solved


def test_practice_gives_fresh_composition_problems_on_start(lab):
    practice = lab["practice"]
    assert practice.skill == "composition" and not practice.started
    practice.start()
    assert len(practice.checks) == 3


def test_the_lab_builds_its_plots_on_warning_1_4_4(lab):
    # The wiring lives in CompositionSteps (test_lab04_composition_steps.py): here, that the lab
    # builds it on Warning 1.4.4's R and S.
    c, A, B, R, S = lab["composition"], lab["A"], lab["B"], lab["R"], lab["S"]
    assert np.allclose(c.then_a.image, c.at_once.image) and np.allclose(c.at_once.image, R @ S @ HOUSE)
    assert [b.description for b in c.buttons] == ["stretch, then rotate", "rotate, then stretch"]
    c.buttons[1].click()
    assert (A.value == S).all() and (B.value == R).all()
    assert np.allclose(c.at_once.image, S @ R @ HOUSE) and "at most <b>0</b>" in c.agree.value


def test_the_shape_checker_waits_until_the_three_shape_questions_are_settled(lab):
    # Typed 4×3 and 3×2, it would say "AB exists and is 4×2 ... ℝ² → ℝ⁴": each question's answer.
    held, checks = lab["checker_reveal"], [lab[key] for key in ("ab_shape_check", "domain_check", "codomain_check")]
    assert not held.opened and held.view is lab["checker"]
    answer(checks[0], "4x2")
    answer(checks[1], "3")   # one wrong try leaves it unsettled: the checker would give it away
    answer(checks[2], "4")
    assert not held.opened
    answer(checks[1], "4")   # a second wrong try: settled (its answer counts as shown)
    assert held.opened and checks[1].shown


def test_the_last_hints_stop_before_the_conclusion(lab):
    # Each hint, the last one too, is a step: it never states the answer, nor the product that gives it at sight.
    conclusions = {
        "order_check": ("R then acts", "R acts on", "R(Sx)", "(RS)x"),
        "domain_check": ("(3×2)(d×1)", "d×1", "d = 2", "ℝ²", "2 entries"),
        "codomain_check": ("e = 4", "ℝ⁴", "4 entries"),
        "ab_shape_check": ("4×2", "is 4 × 2"),
    }
    for key, forms in conclusions.items():
        check = lab[key]
        words, _runs = answer_tells(check, lab["lab"].tells[key])
        for hint in check.hints.texts:
            shown = re.sub(r"\s+", "", plain(hint).replace("R^2", "ℝ²").replace("R^4", "ℝ⁴"))
            for form in (*forms, *words):
                assert re.sub(r"\s+", "", form) not in shown, f"{key}: {form!r} in the hint {hint!r}"


def test_the_lab_builds_its_shape_checker_on_other_sizes_than_activity_1_4_3(lab):
    checker = lab["checker"]
    assert checker.value == ((2, 3), (3, 1)) and "AB exists and is 2×1" in checker.message
    checker.value = ((4, 12), (12, 2))  # taken as typed, not clamped
    assert "AB exists and is 4×2" in checker.message and "ℝ¹²" in checker.message


def test_the_in_sight_test_sees_the_three_shapes_in_the_shape_checker_if_it_were_open():
    """The guard behind its hold: `harness.feeds.lab04` types 4×3 and 3×2 into the checker."""
    for key in ("ab_shape_check", "domain_check", "codomain_check"):
        page = run_page(LAB)
        page.names["checker_reveal"].opened = True   # open from the start, as before issue 40
        worst_case(page, key)
        assert giveaways(page, key), f"{key}: the checker, open and fed, shows no answer"


def test_the_practice_waits_for_the_shape_questions_since_a_seed_may_draw_the_activity(lab):
    # Seed 36 draws A 4×3 and B 3×2, the activity's: its solution states all three answers.
    assert make_problem("composition", 36).data == {"m": 4, "n": 3, "k": 2}
    (held,) = [held for held in lab["lab"].held if held.reveal.view is lab["practice"]]
    assert held.holds_answer and not held.reveal.opened
    for key, right in (("ab_shape_check", "4x2"), ("domain_check", "2"), ("codomain_check", "4")):
        assert not held.reveal.opened
        assert answer(lab[key], right)
    assert held.reveal.opened
