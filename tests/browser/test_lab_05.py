"""Lab 5 (one matrix, many points): its exercises, gallery, rows panel and grid view."""
from __future__ import annotations

from playwright.sync_api import expect

from conftest import REPO
from harness.browser import READ_MATRIX_JS, answer_check, open_lab, screenshot, shows_sequence, visible_text
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "05-many-points.ipynb"

DRIVE_CHECKS = r'''
def choose(check, text):
    check.answer_input.value = text
    return check.submit()

def type_matrix(check, rows):
    check.answer_input.resize(len(rows), len(rows[0]))
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            check.answer_input.cells[i][j].value = str(text)
    return check.submit()

assert not choose(x_check, "the four edges of the square, one per column")
assert "five columns, not four" in x_check.feedback, x_check.feedback
assert choose(x_check, "the corners of the unit square, with the first one repeated at the end to close the outline")

# The picture of Y waits for an answer to Y, right or wrong.
assert not mystery_panel.opened and mystery_panel.view not in mystery_panel.children
assert type_matrix(y_check, [[0, 1, 1, 0, 0], [0, 0, 1, 1, 0]]) is False  # X, not Y
assert y_check.mistake == "unchanged" and "X itself" in y_check.feedback, y_check.feedback
assert mystery_panel.opened
assert type_matrix(y_check, [[0, 0], [1, 0], [2, 1], [1, 1], [0, 0]]) is False
assert y_check.mistake == "transpose" and "5×2" in y_check.feedback, y_check.feedback
assert type_matrix(y_check, [[0, 1, 1, 0, 0], [0, 1, 2, 1, 0]]) is False
assert y_check.mistake == "column-column", y_check.feedback
assert type_matrix(y_check, [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])
assert y_check.solved and y_check.attempts == 4
assert mystery.image.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
assert "shear" not in mystery.title  # the picture does not name the map

assert not choose(map_check, "vertical shear") and "kept its height" in map_check.feedback, map_check.feedback
assert not choose(map_check, "rotation") and "right angles" in map_check.feedback
assert choose(map_check, "horizontal shear") and map_check.solved
assert map_check.feedback.startswith("Correct!") and "x + y" in map_check.feedback

assert not choose(bottom_check, "the origin never moves under a matrix map, and the bottom edge starts at the origin")
assert "(1, 0)" in bottom_check.feedback
assert choose(bottom_check, "its points have y = 0, and the shear moves a point sideways by its height")

assert not choose(top_check, "each point moves right by its x coordinate")
assert "stretch" in top_check.feedback
assert choose(top_check, "its points have y = 1, so each moves right by exactly 1")
assert all(c.solved for c in (x_check, y_check, map_check, bottom_check, top_check))
'''

DRIVE_WIDGETS = r'''
import numpy as np
from widgets import GALLERY
from widgets.labs.corners_or_grid import SQUARE_2

picker, shape, Y_view, plot, status = gallery.picker, gallery.shape_menu, gallery.y_view, gallery.plot, gallery.status
P_view, PAT_view, AXT_view = rows.views
rows_status = rows.status
c, show_grid, matrix_grid, rule_grid = grid.c, grid.show_grid, grid.matrix_grid, grid.rule_grid

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

# Every gallery map, on the house: points as rows give the same images.
shape.value = "house"
for key in GALLERY:
    picker.map_name = key
    assert np.allclose(PAT_view.matrix, AXT_view.matrix) and np.allclose(plot.image, picker.value @ HOUSE)
    assert "They agree" in rows_status.value and "AP is undefined" in rows_status.value

# The free editor: a typo is explained in place, the last good matrix stays.
picker.map_name = "free"
picker.editor.cells[0][1].value = "1/0"
assert "A[1,2]" in picker.editor.error and np.allclose(plot.matrix, np.eye(2))
picker.editor.cells[0][1].value = "-1/2"
assert plot.matrix[0, 1] == -0.5 and status.value == ""

# The grid view: same corners, and only the rule bends the grid.
assert np.allclose(matrix_grid.image, rule_grid.image)
show_grid.value = True
assert matrix_grid.show_grid and rule_grid.show_grid
c.value = 0.5
assert np.allclose(matrix_grid.image, rule_grid.image)
assert np.allclose(rule_grid.image[1], SQUARE_2[1] + 0.5 * SQUARE_2[0] ** 2)
middle = np.array([[1.0], [0.0]])
assert rule_grid.rule(middle)[1, 0] == 0.5 and (matrix_grid.matrix @ middle)[1, 0] == 1.0
'''


def test_checks_and_widgets_in_the_kernel():
    execute_notebook(LAB, extra_cells=(DRIVE_CHECKS, DRIVE_WIDGETS))


# The vertices of the filled image outline of a VertexPlot, in data units:
# pixel positions from the path's `d`, converted with the axes' tick marks
# (the view rescales as the image grows, so pixels alone prove nothing).
IMAGE_VERTICES = """
plot => {
  const [xAxis, yAxis] = plot.querySelectorAll('.axis');
  const ticks = axis => Array.from(axis.querySelectorAll('.tick')).map(t => {
    const [, px, py] = /translate\\(([-\\d.e]+),\\s*([-\\d.e]+)\\)/.exec(t.getAttribute('transform'));
    return {px: +px, py: +py, v: Number(t.textContent.replace('\\u2212', '-'))};
  });
  const fit = (ts, key) => {
    const a = ts[0], b = ts[ts.length - 1], scale = (b.v - a.v) / (b[key] - a[key]);
    return p => a.v + (p - a[key]) * scale;
  };
  const fx = fit(ticks(xAxis), 'px'), fy = fit(ticks(yAxis), 'py');
  const image = Array.from(plot.querySelectorAll('.curve path.line'))
    .find(p => Number(p.style.fillOpacity) > 0);
  return image.getAttribute('d').slice(1).split('L')
    .map(pt => pt.split(',').map(Number)).map(([x, y]) => [fx(x), fy(y)]);
}
"""


def _close(vertices, expected, tol=0.02):
    return len(vertices) == len(expected) and all(
        abs(a - b) <= tol for v, e in zip(vertices, expected) for a, b in zip(v, e)
    )


Y_ACTIVITY = ["0", "1", "2", "1", "0", "0", "0", "1", "1", "0"]  # Y of Activity 1.4.4, row by row


def test_asks_before_it_shows_then_the_gallery_shear_moves_the_top_edge(voila_server, page):
    problems = open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-05-open")
    # Before any answer: Y of Activity 1.4.4 is nowhere on the page, and nothing names the
    # map: "horizontal shear" is only one of the choices (the gallery starts on a stretch).
    assert not shows_sequence(page, Y_ACTIVITY)
    assert sum("horizontal shear" in text for text in visible_text(page)) == 1, visible_text(page)
    expect(page.locator(".lab5-mystery")).to_have_count(0)
    page.locator(".lab5-check-y").scroll_into_view_if_needed()
    screenshot(page, "lab-05-before")

    # A wrong answer (the corners as rows) is named, and the picture of Y opens.
    feedback = page.locator(".lab5-check-y [role=status]")
    answer_check(page, ".lab5-check-y", [[0, 0], [1, 0], [2, 1], [1, 1], [0, 0]])
    expect(feedback).to_contain_text("that is Yᵀ, the moved corners as rows (5×2)")
    expect(page.locator(".lab5-mystery")).to_be_visible()
    assert page.locator(".lab5-mystery-y").evaluate(READ_MATRIX_JS) == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
    answer_check(page, ".lab5-check-y", [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])
    expect(feedback).to_have_text("Correct!")

    # The map is named by the learner; a wrong choice says why it is wrong.
    map_check = page.locator(".lab5-check-map")
    map_check.get_by_label("vertical shear").check()
    map_check.locator("button", has_text="Check").click()
    expect(map_check.locator("[role=status]")).to_contain_text("kept its height and moved sideways")
    map_check.get_by_label("horizontal shear").check()
    map_check.locator("button", has_text="Check").click()
    expect(map_check.locator("[role=status]")).to_contain_text("Correct!")
    page.locator(".lab5-mystery").scroll_into_view_if_needed()
    screenshot(page, "lab-05-after")

    # The gallery, picked by hand: the shear's slider moves the top edge only.
    page.locator(".lab5-picker .map-picker-menu select").select_option("horizontal shear")
    page.get_by_label("shape X").select_option("unit square")
    y_view, plot = page.locator(".lab5-y"), page.locator(".lab5-plot")
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab5-y')))"
        " === '[[0,1,2,1,0],[0,0,1,1,0]]'"
    )
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab5-plot'))[2][0] - 2) < 0.02"
    )
    before = plot.evaluate(IMAGE_VERTICES)
    assert _close(before, [(0, 0), (1, 0), (2, 1), (1, 1), (0, 0)]), before

    handle = page.locator(".map-param-horizontal-shear-k .noUi-handle")
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press("ArrowRight")  # one step: k goes from 1 to 1.1
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab5-y')))"
        " === '[[0,1,2.1,1.1,0],[0,0,1,1,0]]'"
    )
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab5-plot'))[2][0] - 2.1) < 0.02"
    )
    after = plot.evaluate(IMAGE_VERTICES)
    # The bottom corners (0,0) and (1,0) stay; the top ones move right by 0.1.
    assert _close(after, [(0, 0), (1, 0), (2.1, 1), (1.1, 1), (0, 0)]), after
    assert y_view.evaluate(READ_MATRIX_JS) == [[0, 1, 2.1, 1.1, 0], [0, 0, 1, 1, 0]]
    screenshot(page, "lab-05-shear-moved")

    # The morph follows the gallery: at t = 1 it draws the same image.
    morph = page.locator(".lab5-morph")
    morph.scroll_into_view_if_needed()
    t_handle = morph.locator(".map-morph-t .noUi-handle")
    t_handle.focus()
    t_handle.press("End")
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab5-morph .vertex-plot'))[2][0] - 2.1) < 0.02"
    )
    screenshot(page, "lab-05-morph")
    problems.assert_clean()
