"""Lab 5, one matrix and many points, run in-process: its exercises answered wrong, then right, the
picture of Y held back until then, and the lab's gallery, rows panel and grid view as it builds them."""
from __future__ import annotations

import numpy as np

from harness.checks import answer, type_matrix
from harness.notebooks import lab_fixture
from harness.voila import REPO
from widgets import GALLERY, HOUSE
from widgets.core.many_points import SQUARE_2

LAB = REPO / "labs" / "05-many-points.ipynb"
lab = lab_fixture(LAB)


def test_x_check_names_a_column_read_as_a_step(lab):
    x_check = lab["x_check"]
    assert not answer(x_check, "a step each: the move from one corner of the square to the next one")
    assert "not how far it is from the one before" in x_check.feedback
    assert not answer(x_check, "the four corners in order around the square, and its centre at the end")
    assert answer(x_check, "the four corners in order around the square, the first one again at the end")


def test_the_picture_of_y_waits_for_an_answer_and_the_slips_are_named(lab):
    y_check, mystery_panel, mystery = lab["y_check"], lab["mystery_panel"], lab["mystery"]
    assert not mystery_panel.opened and mystery_panel.view not in mystery_panel.children
    assert type_matrix(y_check, [[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]]) is False  # X, not Y
    assert y_check.mistake == "unchanged" and "X itself" in y_check.feedback
    assert not mystery_panel.opened  # the picture shows Y: a first wrong answer opens nothing to copy
    assert type_matrix(y_check, [[0, 0], [1, 0], [2, 1], [1, 1], [0, 0]]) is False
    assert y_check.mistake == "transpose" and "5×2" in y_check.feedback
    assert mystery_panel.opened and y_check.shown  # a second try: open, and Y counts as seen
    assert type_matrix(y_check, [[0, 1, 1, 0, 0], [0, 1, 2, 1, 0]]) is False
    assert y_check.mistake == "column-column"
    assert type_matrix(y_check, [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])
    assert not y_check.solved and y_check.attempts == 4  # right after seeing Y: shown, not solved
    assert mystery.image.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
    assert "shear" not in mystery.title  # the picture does not name the map



def test_the_questions_on_the_map_follow_y_and_the_gallery_waits_for_y_and_the_map(lab):
    # Their help moves the corners, every column of Y; the edge questions' choices say "the shear";
    # the gallery writes out Y for the activity's A and its menu names the map that A is.
    map_panel, edges_panel = lab["map_panel"], lab["edges_panel"]
    gallery = next(held.reveal for held in lab["lab"].held if held.reveal.view is lab["gallery"])
    assert not map_panel.opened and not edges_panel.opened and not gallery.opened
    assert type_matrix(lab["y_check"], [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])
    assert map_panel.opened and not edges_panel.opened and not gallery.opened
    assert answer(lab["map_check"], "vertical shear") is False and not edges_panel.opened
    assert answer(lab["map_check"], "horizontal shear") is True
    assert edges_panel.opened and gallery.opened and not lab["y_check"].shown


def test_the_four_corners_without_the_closing_repeat_are_named(lab):
    y_check = lab["y_check"]
    assert type_matrix(y_check, [[0, 1, 2, 1], [0, 0, 1, 1]]) is False and y_check.mistake == "no-closing"
    assert y_check.feedback.startswith("those are four moved corners, one column short")


def test_the_y_hints_leave_the_sheared_corners_to_the_learner_and_open_no_picture_of_y(lab):
    # How the levels open, and that none gives the answer: test_hint_ladders.py.
    y_check, mystery_panel = lab["y_check"], lab["mystery_panel"]
    nudge, method, first_step = y_check.hints.texts
    assert "one column of $X$ gives one column of $Y$" in nudge
    assert "(x + y, y)" not in nudge  # a nudge, not yet the map
    assert "Column $j$ of $Y$ is $A$ times column $j$ of $X$" in method
    # The method asks what A does to a point; the rule (x + y, y) would move every corner: Y itself.
    assert "what this $A$ does to a point $(x, y)$" in method and "x + y" not in nudge + method
    # Column 2, the corner (1, 0), row by row of A; the corners that move, (2, 1) and (1, 1) in
    # Y = [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]], are left to the learner.
    assert "$(1, 0)$" in first_step
    assert r"$1\cdot 1 + 1\cdot 0 = 1$" in first_step and r"$0\cdot 1 + 1\cdot 0 = 0$" in first_step
    assert "(2, 1)" not in first_step and "(1, 1)" not in first_step
    for _ in y_check.hints.texts:
        y_check.hints.open_next()
    assert not mystery_panel.opened  # help is not the picture of Y
    for name in ("map_check", "bottom_check", "top_check"):  # asked first, their hints give no column of Y
        assert "(2, 1)" not in " ".join(lab[name].hints.texts), name

    assert type_matrix(y_check, [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]) is True
    assert y_check.outcome == "helped" and mystery_panel.opened

def test_the_map_and_edge_choices_explain_each_wrong_pick(lab):
    map_check, bottom_check, top_check = lab["map_check"], lab["bottom_check"], lab["top_check"]
    assert not answer(map_check, "vertical shear") and "compare each corner's height" in map_check.feedback
    assert not answer(map_check, "rotation") and "right angles" in map_check.feedback
    assert answer(map_check, "horizontal shear") and map_check.solved
    assert map_check.feedback.startswith("Correct!") and "x + y" in map_check.feedback

    assert not answer(bottom_check, "the origin never moves under a matrix map, and the bottom edge starts at the origin")
    assert "(1, 0)" in bottom_check.feedback
    assert answer(bottom_check, "its points have y = 0, and the shear moves a point sideways by its height")

    assert not answer(top_check, "each point moves right by its x coordinate, the far corner most")
    assert "stretch" in top_check.feedback
    assert answer(top_check, "its points have y = 1, so each moves right by exactly 1")


def test_the_gallery_starts_elsewhere_and_the_syllabus_shear_gives_y(lab):
    gallery, morph = lab["gallery"], lab["morph"]
    picker, shape, Y_view, plot = gallery.picker, gallery.shape_menu, gallery.y_view, gallery.plot
    # The gallery starts on other numbers than the activity's: a stretch of the house.
    assert picker.map_name == "stretch" and shape.value == "house"
    assert np.allclose(Y_view.matrix, [[2, 0], [0, 1]] @ HOUSE) and np.allclose(plot.image, Y_view.matrix)
    assert np.allclose(morph.plot.image, HOUSE)  # the morph starts at t = 0: nothing moved yet

    # Picked by hand, the syllabus shear gives Y of the activity, and the morph follows the gallery.
    picker.map_name = "horizontal shear"
    shape.value = "unit square"
    assert (picker.value == [[1, 1], [0, 1]]).all()
    assert plot.image.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
    assert Y_view.matrix.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
    morph.slider.value = 0.5
    assert morph.plot.image.tolist() == [[0, 1, 1.5, 0.5, 0], [0, 0, 1, 1, 0]]
    morph.slider.value = 1.0
    assert morph.plot.image.tolist() == plot.image.tolist()


def test_points_as_rows_give_the_same_images_for_every_gallery_map(lab):
    picker, plot = lab["gallery"].picker, lab["gallery"].plot
    rows = lab["rows"]
    _, PAT_view, AXT_view = rows.views
    for key in GALLERY:
        picker.map_name = key
        assert np.allclose(PAT_view.matrix, AXT_view.matrix) and np.allclose(plot.image, picker.value @ HOUSE)
        assert "They agree" in rows.status.value and "AP is undefined" in rows.status.value


def test_a_typo_in_the_free_editor_keeps_the_last_good_matrix(lab):
    gallery = lab["gallery"]
    picker, plot = gallery.picker, gallery.plot
    picker.map_name = "free"
    picker.editor.cells[0][1].value = "1/0"
    assert "A[1,2]" in picker.editor.error and np.allclose(plot.matrix, np.eye(2))
    picker.editor.cells[0][1].value = "-1/2"
    assert plot.matrix[0, 1] == -0.5 and gallery.status.value == ""


def test_the_grid_view_has_the_same_corners_and_only_the_rule_bends_it(lab):
    grid = lab["grid"]
    c, show_grid, matrix_grid, rule_grid = grid.c, grid.show_grid, grid.matrix_grid, grid.rule_grid
    assert np.allclose(matrix_grid.image, rule_grid.image)
    show_grid.value = True
    assert matrix_grid.show_grid and rule_grid.show_grid
    c.value = 0.5
    assert np.allclose(matrix_grid.image, rule_grid.image)
    assert np.allclose(rule_grid.image[1], SQUARE_2[1] + 0.5 * SQUARE_2[0] ** 2)
    middle = np.array([[1.0], [0.0]])
    assert rule_grid.rule(middle)[1, 0] == 0.5 and (matrix_grid.matrix @ middle)[1, 0] == 1.0


def test_rows_or_columns_asks_which_product_before_it_shows_both(lab):
    rows_check, panel = lab["rows_check"], lab["rows_reveal"]
    assert not panel.opened  # PAᵀ is on the panel: it holds the answer
    assert not answer(rows_check, "PA") and "the wrong way" in rows_check.feedback
    assert not panel.opened and not rows_check.shown  # one wrong answer: nothing to copy the right one from
    assert answer(rows_check, "PAᵀ") and "(AX)ᵀ = XᵀAᵀ = PAᵀ" in rows_check.feedback
    assert panel.opened and rows_check.solved  # now see both computations


def test_no_view_of_lab_5_opens_on_a_first_wrong_answer(lab):
    # The gallery writes out Y and names the map, the morph moves the activity's corners, the practice
    # names the product for points as rows: a first wrong answer to any of those questions opens none.
    for key, wrong in (("y_check", [[0, 1, 2, 1, 0], [0, 0, 1, 1, 1]]), ("map_check", "vertical shear"),
                       ("rows_check", "AP")):
        assert not answer(lab[key], wrong)
    tools = [lab[name] for name in ("gallery", "morph", "rows", "practice")]
    holding = [held for held in lab["lab"].held if any(held.reveal.view is tool for tool in tools)]
    assert len(holding) == 4 and all(held.holds_answer and not held.reveal.opened for held in holding)
    assert not any(lab[key].shown for key in ("y_check", "map_check", "rows_check"))


def test_corners_or_grid_asks_whether_the_corners_can_tell(lab):
    grid_check = lab["grid_check"]
    # A wrong choice says where to look, never how the corners compare: that is the answer.
    for wrong in ("yes: the matrix map's outline is the one with straight edges",
                  "yes: only the matrix map keeps the corner at the origin in place",
                  "no: neither of the two plots shows a matrix map"):
        assert not answer(grid_check, wrong) and "same place" not in grid_check.feedback
    assert answer(grid_check, "no: both maps move each corner to the same place")
