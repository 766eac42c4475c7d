"""Lab 3, properties of the product, run in-process: each Check answered wrong, then right, as a
learner would; the panels held back until then; and the live panels poked with bad and odd input."""
from __future__ import annotations

from harness.checks import answer, type_matrix
from harness.in_sight import giveaways, run_page, worst_case
from harness.notebooks import lab_fixture, notebook_cells
from harness.voila import REPO
from widgets.core.lab_numbers import LAB3

LAB = REPO / "labs" / "03-product-properties.ipynb"
lab = lab_fixture(LAB)


def test_rs_and_sr_are_named_when_swapped_and_open_the_order_panel_together(lab):
    rs_check, sr_check, order_reveal = lab["rs_check"], lab["sr_check"], lab["order_reveal"]
    # Nothing that answers RS and SR is drawn before both are answered.
    assert not order_reveal.opened and not lab["identities_reveal"].opened
    assert type_matrix(rs_check, [["0", "1"], ["2", "0"]]) is False and not rs_check.solved
    assert rs_check.mistake == "sign" and "entry (1,2)" in rs_check.feedback
    assert type_matrix(rs_check, [["0", "-2"], ["1", "0"]]) is False  # SR instead of RS
    assert rs_check.mistake == "BA"
    assert rs_check.feedback.startswith("you computed SR, not RS")
    assert not order_reveal.opened  # SR is not answered yet
    assert type_matrix(rs_check, [["0", "-1"], ["2", "0"]])
    assert rs_check.solved and rs_check.attempts == 3

    assert type_matrix(sr_check, [["0", "-1"], ["2", "0"]]) is False  # RS is not SR
    assert sr_check.mistake == "BA"
    assert sr_check.feedback.startswith("you computed RS, not SR")
    assert not order_reveal.opened  # the panel shows SR: one wrong answer opens nothing to copy
    assert type_matrix(sr_check, [["0", "-2"], ["1", "0"]])
    assert sr_check.solved and sr_check.attempts == 2
    # Resized to 2×4 and 4×2, the panel would give BA's shape: it waits for the shape question too.
    assert not order_reveal.opened
    assert answer(lab["shape_check"], "4x4")
    assert order_reveal.opened and not rs_check.shown and not sr_check.shown  # all solved: it opens


def test_r_itself_typed_for_rs_is_named(lab):
    rs_check = lab["rs_check"]
    assert type_matrix(rs_check, [["0", "-1"], ["1", "0"]]) is False and rs_check.mistake == "factor"
    assert rs_check.feedback.startswith("that is R itself: the product needs S too")


def test_the_clockwise_rotation_is_said_beside_columns_dotted_with_columns(lab):
    # RᵀS = [[0, 1], [−2, 0]]: columns of R dotted with columns of S, and S turned clockwise too.
    rs_check, sr_check = lab["rs_check"], lab["sr_check"]
    assert type_matrix(rs_check, [["0", "1"], ["-2", "0"]]) is False and rs_check.mistake == "column-column"
    assert rs_check.feedback.startswith("2 different slips give this answer: (1) you dotted columns of R")
    assert "(2) that turns the columns of S clockwise" in rs_check.feedback
    assert type_matrix(sr_check, [["0", "2"], ["-1", "0"]]) is False and sr_check.mistake == "row-row"
    assert "(2) that uses R turned clockwise" in sr_check.feedback


def test_transpose_choice_explains_wrong_picks_and_the_identities_wait_for_every_question_they_answer(lab):
    transpose_check, held = lab["transpose_check"], lab["identities_reveal"]
    assert answer(transpose_check, "AᵀBᵀ") is False and "column i of A dotted with row j of B" in transpose_check.feedback
    # The cards show (AB)ᵀ = BᵀAᵀ: one wrong pick opens nothing to copy.
    assert not held.opened
    assert answer(transpose_check, "BA") is False and "changing the order alone" in transpose_check.feedback
    # Settled after two wrong picks: the practice on the rules, whose help states (AB)ᵀ = BᵀAᵀ, opens and
    # counts the question as shown; a right pick is still accepted.
    assert answer(transpose_check, "BᵀAᵀ") and transpose_check.shown and not transpose_check.solved
    # Typed R and S, or a 2×4 and a 4×2, they multiply both ways: they wait for RS, SR and BA's shape.
    assert not held.opened
    assert type_matrix(lab["rs_check"], [["0", "-1"], ["2", "0"]])
    assert type_matrix(lab["sr_check"], [["0", "-2"], ["1", "0"]])
    assert not held.opened
    assert answer(lab["shape_check"], "4x4") and held.opened


def test_cancel_choice_explains_a_wrong_pick(lab):
    cancel_check = lab["cancel_check"]
    assert answer(cancel_check, "Yes, as long as A is square") is False and "flatten" in cancel_check.feedback
    assert "No:" not in cancel_check.feedback  # it names the slip, not the right choice
    assert answer(cancel_check, "No: two different matrices can give one product") and cancel_check.solved


def test_shape_check_names_ab_and_the_inner_sizes(lab):
    shape_check = lab["shape_check"]
    assert answer(shape_check, "2x2") is False and shape_check.mistake == "AB"
    assert shape_check.feedback.startswith("2×2 is the shape of AB")  # one slip's words, not two merged
    assert answer(shape_check, "4×2") is False and shape_check.mistake == "inner"
    assert answer(shape_check, "4×4") and shape_check.solved and shape_check.attempts == 3


def test_shape_check_hints_leave_a_factor_to_the_learner(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    nudge, method, first_step = lab["shape_check"].hints.texts
    assert "which one is on the left now?" in nudge
    assert "rows of its left factor" not in nudge  # a nudge, not yet the rule
    assert "rows of its left factor and the columns of its right factor" in method
    # One of the shapes BA is built from, B's; the learner still reads A's columns.
    assert r"$B$, which is $4\times 2$" in first_step
    assert not any(form in first_step for form in ("4×4", "4x4", r"4\times 4"))  # the answer, 4×4


def test_identities_hold_for_the_defaults_and_say_which_sum_fails(lab):
    identities, A, B = lab["identities"], lab["A"], lab["B"]
    # The default matrices satisfy every identity, and fail both look-alikes (AB != BA).
    assert [res.verdict for res in identities.results] == ["equal"] * 5
    assert [res.verdict for res in identities.false_results] == ["different"] * 2
    assert "✗ fails" in identities.false_cards[1].value

    # Shapes that break the sums: each side says which sum fails and why.
    A.resize(2, 3)
    B.resize(3, 2)
    right, left = identities.results[1], identities.results[2]
    assert right.verdict == left.verdict == "undefined"
    assert "A + B is undefined: A is 2×3 and B is 3×2" in right.sides[0].reason
    assert "A + B is undefined" in identities.cards[1].value
    assert identities.results[0].verdict == "equal"  # A(BC) = (AB)C still holds
    assert identities.results[4].verdict == "equal"  # and so does the transpose rule


def test_a_typo_in_r_changes_nothing_and_randomise_keeps_the_shapes(lab):
    explorer, identities, A, B, C = lab["explorer"], lab["identities"], lab["A"], lab["B"], lab["C"]
    A.resize(2, 3)
    B.resize(3, 2)
    # A typo in r is explained in place and changes nothing (the explorer's own tests cover the rest).
    explorer.r_box.value = "two"
    assert "two" in explorer.r_status.value and "is not a number" in explorer.r_status.value
    assert identities.r == 2
    explorer.r_box.value = "-1/2"
    assert explorer.r_status.value == "" and identities.r == -0.5
    assert identities.results[3].verdict == "equal"

    # Randomise is reproducible from its seed and keeps the shapes.
    explorer.seed_box.value = 7
    explorer.randomise_button.click()
    assert [m.value.shape for m in (A, B, C)] == [(2, 3), (3, 2), (2, 2)] and explorer.seed_box.value == 8


def test_the_order_panel_shows_warning_1_4_4_then_a_pair_that_commutes(lab):
    order, R, S = lab["order"], lab["R"], lab["S"]
    assert order.comparison.forward.value.tolist() == [[0, -1], [2, 0]]
    assert order.comparison.backward.value.tolist() == [[0, -2], [1, 0]]
    S.cells[1][1].value = "2"
    assert order.comparison.verdict == "commute"
    R.resize(2, 3)
    S.resize(3, 2)
    assert order.comparison.verdict == "shapes differ"


def listed(entries):
    """Numbers as the prose lists them: ``0, -1`` (never ``-0``)."""
    return ", ".join(f"{x + 0:g}" for x in entries)


def test_the_rs_and_sr_hints_and_solutions_write_the_labs_own_numbers():
    """The two checks' answers, slips and prompt come from widgets.core.lab_numbers; the worked prose, written
    by hand, states the same columns and products."""
    text = "\n".join(cell.source for cell in notebook_cells(LAB) if cell.cell_type == "code")
    # The first step of each (hint 3) works a column whose product carries information: SR's column 1, (0, 1),
    # only has its 0 doubled, so its first step works column 2.
    for left, right, name, step in ((LAB3.R, LAB3.S, "RS", 0), (LAB3.S, LAB3.R, "SR", 1)):
        product, inner = left @ right, name[1]
        assert (f"The first column of ${inner}$ is $({listed(right[:, 0])})$, which ") in text
        assert f"the second is $({listed(right[:, 1])})$, which " in text
        assert f"$({listed(product[:, 1])})$.\n" in text and f"$({listed(product[:, 0])})$;" in text
        rows = r" \\ ".join(" & ".join(f"{x + 0:g}" for x in row) for row in product)
        assert rf"So ${name} = \begin{{bmatrix}} {rows} \end{{bmatrix}}$" in text
        assert f"Column ${step + 1}$ of ${inner}$ is $({listed(right[:, step])})$" in text


def test_the_in_sight_test_sees_rs_sr_and_bas_shape_in_the_calculators_if_they_were_open():
    """The guard behind their holds: `harness.feeds.lab03` types R and S (or a 2×4 and a 4×2) into the
    identity cards and the panel of the two orders, and the in-sight test reads what they compute."""
    for key, where in (("rs_check", "identities_reveal"), ("sr_check", "identities_reveal"),
                       ("shape_check", "identities_reveal"), ("shape_check", "order_reveal")):
        page = run_page(LAB)
        page.names[where].opened = True   # as the page was before issue 40 (or by a lecturer's ?reveal=1)
        worst_case(page, key)
        assert giveaways(page, key), f"{key}: {where}, open and fed, shows no answer"
