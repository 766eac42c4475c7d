"""Lab 5 (one matrix, many points): its exercises, gallery, rows panel and grid view."""
from __future__ import annotations

from conftest import REPO
from harness.browser import READ_MATRIX_JS, open_lab, screenshot
from harness.notebooks import execute_notebook

LAB = REPO / "labs" / "05-many-points.ipynb"

DRIVE_CHECKS = r'''
def choose(check, text):
    check.answer_input.value = text
    return check.submit()

assert not choose(x_check, "the four edges of the square, one per column")
assert choose(x_check, "the corners of the unit square, with the first one repeated at the end to close the outline")

for i, row in enumerate([["0", "1", "1", "0", "0"], ["0", "0", "1", "1", "0"]]):  # X, not Y
    for j, text in enumerate(row):
        y_check.answer_input.cells[i][j].value = text
assert y_check.submit() is False and y_check.feedback == "entries (1,3) and (1,4) are off", y_check.feedback
y_check.answer_input.cells[0][2].value = "2"
y_check.answer_input.cells[0][3].value = "1"
assert y_check.submit() and y_check.solved and y_check.attempts == 2

assert not choose(map_check, "vertical shear") and "not quite" in map_check.feedback
assert choose(map_check, "horizontal shear") and map_check.solved

assert not choose(bottom_check, "the origin never moves under a matrix map, and the bottom edge starts at the origin")
assert choose(bottom_check, "its points have y = 0, and the shear moves a point sideways by its height")

assert not choose(top_check, "each point moves right by its x coordinate")
assert choose(top_check, "its points have y = 1, so each moves right by exactly 1")
assert all(c.solved for c in (x_check, y_check, map_check, bottom_check, top_check))
'''

DRIVE_WIDGETS = r'''
import numpy as np

# The default gallery map is the syllabus shear, and Y is its image.
assert (picker.value == [[1, 1], [0, 1]]).all()
assert plot.image.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
assert Y_view.matrix.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]

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


def test_shear_slider_moves_the_top_edge_only(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/{LAB.name}", "lab-05-shear")
    y_view, plot = page.locator(".lab5-y"), page.locator(".lab5-plot")
    assert y_view.evaluate(READ_MATRIX_JS) == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
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
    screenshot(page, "lab-05-shear-moved")
