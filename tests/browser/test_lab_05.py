"""Lab 5 (one matrix, many points) in Chromium (its exercises, gallery, rows panel and grid view
in-process: tests/labs/test_lab05_checks.py)."""
from __future__ import annotations

from playwright.sync_api import expect

from harness.browser import (
    READ_MATRIX_JS,
    answer_check,
    choose_check,
    open_lab,
    screenshot,
    shows_sequence,
    visible_text,
)

URL = "/voila/render/05-many-points.ipynb"

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
    problems = open_lab(page, voila_server.url + URL, "lab-05-open")
    # Before any answer: Y of Activity 1.4.4 is nowhere on the page, and nothing names the
    # map: the question that names it, and the gallery whose menu would, wait for Y.
    assert not shows_sequence(page, Y_ACTIVITY)
    assert not any("horizontal shear" in text for text in visible_text(page)), visible_text(page)
    expect(page.locator(".lab05-mystery")).to_have_count(0)
    expect(page.locator(".lab05-check-map")).to_have_count(0)
    expect(page.locator(".lab05-picker")).to_have_count(0)
    page.locator(".lab05-check-y").scroll_into_view_if_needed()
    screenshot(page, "lab-05-before")

    # A wrong answer (the corners as rows) is named; the picture, which shows Y, stays closed:
    # nothing to copy. The right answer opens it.
    feedback = page.locator(".lab05-check-y [role=status]")
    answer_check(page, ".lab05-check-y", [[0, 0], [1, 0], [2, 1], [1, 1], [0, 0]])
    expect(feedback).to_contain_text("that is Yᵀ, the moved points as rows (5×2)")
    expect(page.locator(".lab05-reveal-y .reveal-placeholder")).to_contain_text("after a second try")
    assert page.locator(".lab05-mystery").count() == 0 and not shows_sequence(page, Y_ACTIVITY)
    answer_check(page, ".lab05-check-y", [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]])
    expect(feedback).to_have_text("Read as a 2×5 matrix.Correct!")  # the answer as read, then the verdict
    expect(page.locator(".lab05-mystery")).to_be_visible()
    assert page.locator(".lab05-mystery-y").evaluate(READ_MATRIX_JS) == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]

    # The map is named by the learner; a wrong choice says why it is wrong.
    map_check = page.locator(".lab05-check-map")
    choose_check(page, ".lab05-check-map", "vertical shear")
    expect(map_check.locator("[role=status]")).to_contain_text("compare each corner's height before and after")
    expect(page.locator(".lab05-check-bottom")).to_have_count(0)  # its choices name the map: it waits
    choose_check(page, ".lab05-check-map", "horizontal shear")
    expect(map_check.locator("[role=status]")).to_contain_text("Correct!")
    expect(page.locator(".lab05-check-bottom")).to_be_visible()
    page.locator(".lab05-mystery").scroll_into_view_if_needed()
    screenshot(page, "lab-05-after")

    # The gallery, open now that Y is typed and the map named, picked by hand: the shear's slider
    # moves the top edge only.
    page.locator(".lab05-picker .map-picker-menu select").select_option("horizontal shear")
    page.get_by_label("shape X").select_option("unit square")
    y_view, plot = page.locator(".lab05-y"), page.locator(".lab05-plot")
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab05-y')))"
        " === '[[0,1,2,1,0],[0,0,1,1,0]]'"
    )
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab05-plot'))[2][0] - 2) < 0.02"
    )
    before = plot.evaluate(IMAGE_VERTICES)
    assert _close(before, [(0, 0), (1, 0), (2, 1), (1, 1), (0, 0)]), before

    handle = page.locator(".map-param-horizontal-shear-k .noUi-handle")
    handle.scroll_into_view_if_needed()
    handle.focus()
    handle.press("ArrowRight")  # one step: k goes from 1 to 1.1
    page.wait_for_function(
        f"() => JSON.stringify(({READ_MATRIX_JS})(document.querySelector('.lab05-y')))"
        " === '[[0,1,2.1,1.1,0],[0,0,1,1,0]]'"
    )
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab05-plot'))[2][0] - 2.1) < 0.02"
    )
    after = plot.evaluate(IMAGE_VERTICES)
    # The bottom corners (0,0) and (1,0) stay; the top ones move right by 0.1.
    assert _close(after, [(0, 0), (1, 0), (2.1, 1), (1.1, 1), (0, 0)]), after
    assert y_view.evaluate(READ_MATRIX_JS) == [[0, 1, 2.1, 1.1, 0], [0, 0, 1, 1, 0]]
    screenshot(page, "lab-05-shear-moved")

    # The morph follows the gallery: at t = 1 it draws the same image.
    morph = page.locator(".lab05-morph")
    morph.scroll_into_view_if_needed()
    t_handle = morph.locator(".map-morph-t .noUi-handle")
    t_handle.focus()
    t_handle.press("End")
    page.wait_for_function(
        f"() => Math.abs(({IMAGE_VERTICES})(document.querySelector('.lab05-morph .vertex-plot'))[2][0] - 2.1) < 0.02"
    )
    screenshot(page, "lab-05-morph")
    problems.assert_clean()
