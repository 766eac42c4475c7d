"""Bad input typed into every lab in Chromium: the lab says what is wrong, keeps working, and recovers.

For each lab (issue 7) a learner's mistakes are made the way a learner makes
them, in the browser: garbage committed with Enter in a matrix cell, an
out-of-range number typed into the entry beside a slider (or a bounded number
box), and a shape that does not fit, made with the lab's own size controls.
Each test then checks that

* the page names the problem (which matrix and cell, 1-based, or which shapes),
* the other views keep the last valid result and still answer a valid
  interaction while the mistake is on screen,
* fixing the input brings every view back to the right result,
* and no traceback, console error or failed request appeared on the way.

Which cases apply is said in each test's docstring.  The labs' own test files
already cover some of this (lab 1: '5x' in B and B with too few rows; lab 6
and the widget demo: a typo in the kernel or the demo page); these tests do
not repeat them.

Views are compared through what a learner sees: an element's ``innerText``
(its formulas are MathML, text like the rest; raw LaTeX would not be), the
marks under a bqplot figure's ``.bqplot`` element, a heatmap's numbers, and
editor input values.

A note on sliders: ipywidgets' own slider readout clamps a typed number to
the slider's range in the browser, without a message (and ignores text that
is not a number), so the labs turn it off and put a `widgets.SliderEntry`
beside each slider: its entry is checked in the kernel, and a number out of
range is kept in the entry, marked, and explained under the slider
(``role="alert"``) while the slider keeps its last valid value.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness.browser import ERROR_OUTPUT_JS, click_cell, commit, open_lab, read_average
from widgets import format_number
from widgets.controls.matrix_editor import ERROR_BACKGROUND, HIGHLIGHT_BACKGROUND
from widgets.core.lab_numbers import LAB2, LAB7


def _rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5)))


#: How a MatrixEditor tints the cells of its highlighted row or column.
HIGHLIGHT_RGB = _rgb(HIGHLIGHT_BACKGROUND)
#: How a SliderEntry (like a MatrixEditor cell) marks text it did not accept.
ERROR_RGB = _rgb(ERROR_BACKGROUND)
MINUS = "\N{MINUS SIGN}"

#: Generous: other test runs share this 2-core machine.
TIMEOUT = 15_000
#: A view that changed must then hold still this long before it is read,
#: so a redraw sent as several messages is read whole.
SETTLE_MS = 250

# What a view shows, as a JSON-able value, or null while it cannot be read yet.
#   text:   innerText, with no raw "$" or "\\" (LaTeX that did not become MathML);
#   labels: the numbers written on a heatmap's cells;
#   marks:  every path, object and text under the figure's .bqplot element, axes aside.
PROBE_JS = r"""
([kind, selector]) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  if (kind === 'text') {
    const text = el.innerText;
    return /[$\\]/.test(text) ? null : text;
  }
  const fig = el.classList.contains('bqplot') ? el : el.querySelector('.bqplot');
  if (!fig) return null;
  if (kind === 'labels') return Array.from(fig.querySelectorAll('text.label')).map(t => t.textContent);
  // Axes are left out: d3 reorders their ticks in the DOM as it redraws them.
  return Array.from(fig.querySelectorAll('path, .object, text')).filter(n => !n.closest('.axis')).map(n =>
    n.tagName.toLowerCase() === 'text' ? 't:' + n.textContent
      : (n.getAttribute('d') || '') + '@' + (n.getAttribute('transform') || '')).sort().join('|');
}
"""
WAIT_JS = f"""
([kind, selector, mode, ref, key, settle]) => {{
  const got = ({PROBE_JS})([kind, selector]);
  if (got === null) return false;
  const s = JSON.stringify(got);
  if (mode === 'equal' && s !== JSON.stringify(ref)) return false;
  if (mode === 'differ' && s === JSON.stringify(ref)) return false;
  if (!settle) return {{got}};
  const memo = (window.__badInputProbe = window.__badInputProbe || {{}});
  const now = performance.now();
  if (!memo[key] || memo[key].s !== s) {{ memo[key] = {{s, t: now}}; return false; }}
  return now - memo[key].t >= settle ? {{got}} : false;
}}
"""
_keys = itertools.count()


def _wait(page: Page, kind: str, selector: str, mode: str, ref=None, settle: int = 0):
    try:
        handle = page.wait_for_function(
            WAIT_JS, arg=[kind, selector, mode, ref, next(_keys), settle], timeout=TIMEOUT, polling=50
        )
    except PlaywrightTimeout:
        now = page.evaluate(PROBE_JS, [kind, selector])
        pytest.fail(f"{kind} of {selector}: expected it to {mode} {_short(ref)}, but it is {_short(now)}")
    return handle.json_value()["got"]


def _short(value, limit=600) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def read(page: Page, kind: str, selector: str):
    """What `selector` shows now (waiting only until it can be read)."""
    return _wait(page, kind, selector, "any")


def wait_equal(page: Page, kind: str, selector: str, ref):
    """Wait until `selector` shows `ref` again."""
    return _wait(page, kind, selector, "equal", ref)


def wait_differ(page: Page, kind: str, selector: str, ref):
    """Wait until `selector` shows something other than `ref`, then return it once it holds still."""
    return _wait(page, kind, selector, "differ", ref, settle=SETTLE_MS)


def slider_entry(page: Page, slider: str) -> tuple[Locator, Locator]:
    """The entry beside the slider matched by `slider` (a SliderEntry), and its message."""
    box = page.locator(f".slider-entry:has(> {slider})")
    return box.locator(".slider-entry-text input"), box.locator("[role=alert]")


def expect_refused(entry: Locator, alert: Locator, text: str, message: str) -> None:
    """The entry keeps the learner's `text`, marked, and the message under the slider says why."""
    expect(alert).to_have_text(message)
    expect(entry).to_have_value(text)
    expect(entry).to_have_css("background-color", ERROR_RGB)


def expect_accepted(entry: Locator, alert: Locator, text: str) -> None:
    """The entry shows `text`, unmarked, and no message."""
    expect(alert).to_have_count(0)
    expect(entry).to_have_value(text)
    expect(entry).not_to_have_css("background-color", ERROR_RGB)


def cell(page: Page, scope: str, name: str) -> Locator:
    """The MatrixEditor cell whose placeholder is `name`, e.g. ``A[2,1]``, under `scope`."""
    return page.locator(f'{scope} input[placeholder="{name}"]')


def assert_clean(page: Page, problems) -> None:
    assert page.evaluate(ERROR_OUTPUT_JS) == []
    problems.assert_clean()


@pytest.fixture(autouse=True)
def patient_expect():
    previous = getattr(expect, "_timeout", None)
    expect.set_options(timeout=TIMEOUT)
    yield
    expect.set_options(timeout=previous)


def open_bad_input_lab(page: Page, server, notebook: str):
    return open_lab(page, f"{server.url}/voila/render/{notebook}", f"bad-input-{notebook[:2]}")


# -- Lab 1 ----------------------------------------------------------------------


def test_lab_01_garbage_in_a_out_of_range_j_and_a_too_narrow(voila_server, page):
    """Lab 1, all three cases: A and B are editors with size pickers, and j is a slider.

    Garbage '=1+' in A[2,1]; j typed as 7 (B has 2 columns); A's columns
    picked down to 2 while B keeps 3 rows.  (B's own typo and B with too few
    rows are in tests/test_lab_01.py.)
    """
    # ?reveal=1: the stepper is held back until the activity is answered.
    problems = open_bad_input_lab(page, voila_server, "01-product-by-columns.ipynb?reveal=1")
    product, status = ".lab01-product", page.locator(".lab01-status")
    j, j_alert = slider_entry(page, ".lab01-step")
    a_alert = page.locator(".lab01-A [role=alert]")
    a21 = cell(page, ".lab01-A", "A[2,1]")
    column_1 = read(page, "text", product)  # AB with its first column worked out
    expect(j).to_have_value("1")

    commit(a21, "=1+")
    expect(a_alert).to_have_text("A[2,1]: '=1+' is not a number")
    expect(a21).to_have_value("=1+")  # kept, to be fixed
    assert read(page, "text", product) == column_1
    expect(status).to_have_text("")

    # j = 7 is refused (B has 2 columns) and said so; j stays 1, and so does AB.
    commit(j, "7")
    expect_refused(j, j_alert, "7", "column j must be between 1 and 2; 7 is outside")
    expect(a_alert).to_have_text("A[2,1]: '=1+' is not a number")
    assert read(page, "text", product) == column_1
    # A still takes edits meanwhile: a new number in A[2,1] changes AB, the old one brings it back.
    commit(a21, "2")
    expect(a_alert).to_have_count(0)
    expect(a21).to_have_value("2")
    wait_differ(page, "text", product, column_1)
    commit(a21, "3/1")
    expect(a21).to_have_value("3")
    wait_equal(page, "text", product, column_1)
    expect(j_alert).to_be_visible()
    # Fixed with j = 2: the message goes and the second column is worked out.
    commit(j, "2")
    expect_accepted(j, j_alert, "2")
    both = wait_differ(page, "text", product, column_1)

    # A with 2 columns cannot multiply B's 3 rows: the reason replaces AB.
    a_cols = page.locator(".lab01-A select").nth(1)
    a_cols.select_option("2")
    expect(status.locator("[role=alert]")).to_contain_text(
        "A is 2×2 and B is 3×2: A has 2 columns but B has 3 rows"
    )
    wait_equal(page, "text", product, "")
    # B still takes edits (the kernel writes 12/2 back as 6), and the slider
    # still moves j (the kernel tints B's column j); the reason stays.
    b11 = cell(page, ".lab01-B", "B[1,1]")
    commit(b11, "12/2")
    expect(b11).to_have_value("6")
    expect(cell(page, ".lab01-B", "B[1,2]")).to_have_css("background-color", HIGHLIGHT_RGB)
    page.locator(".lab01-step .noUi-handle").press("ArrowLeft")
    expect(j).to_have_value("1")
    expect(b11).to_have_css("background-color", HIGHLIGHT_RGB)
    expect(cell(page, ".lab01-B", "B[1,2]")).not_to_have_css("background-color", HIGHLIGHT_RGB)
    expect(status).to_contain_text("A has 2 columns but B has 3 rows")

    # A's third column comes back as zeros; its old entries and B's bring back AB.
    a_cols.select_option("3")
    expect(status).to_have_text("")
    for name, text in (("A[1,3]", "5"), ("A[2,3]", "4")):
        commit(cell(page, ".lab01-A", name), text)
    commit(b11, "5")
    wait_equal(page, "text", product, column_1)
    commit(j, "2")
    wait_equal(page, "text", product, both)
    assert_clean(page, problems)


# -- Lab 2 ----------------------------------------------------------------------

A2, B2 = np.asarray(LAB2.A, dtype=float), np.asarray(LAB2.B, dtype=float)


def product_labels(A, B) -> list[str]:
    return [format_number(v) for v in (A @ B).ravel()]


def test_lab_02_garbage_in_b_and_a_too_narrow(voila_server, page):
    """Lab 2, garbage and wrong shape: A and B are editors with size pickers.

    No slider case: the entry is picked with menus and heatmap clicks, which
    cannot be given an out-of-range value.  Garbage '2x' in B[3,3]; A's
    columns picked down to 2 while B keeps 3 rows.
    """
    # ?reveal=1: the product is held back until the activity is answered.
    problems = open_bad_input_lab(page, voila_server, "02-entry-dot-product.ipynb?reveal=1")
    heatmap, entry, status = ".lab02-product", ".lab02-sum", page.locator(".lab02-status")
    A, B = A2.copy(), B2.copy()
    assert read(page, "labels", heatmap) == product_labels(A, B)
    entry_11 = read(page, "text", entry)

    b33 = cell(page, ".lab02-B", "B[3,3]")
    b_alert = page.locator(".lab02-B [role=alert]")
    commit(b33, "2x")
    expect(b_alert).to_have_text("B[3,3]: '2x' is not a number")
    assert read(page, "labels", heatmap) == product_labels(A, B)
    assert read(page, "text", entry) == entry_11
    # The menus still pick an entry meanwhile.
    page.locator(".lab02-col select").select_option("3")
    entry_13 = wait_differ(page, "text", entry, entry_11)
    expect(b_alert).to_be_visible()

    # Fixed with a new number: AB and the written-out entry (1,3) follow it.
    commit(b33, "3")
    B[2, 2] = 3
    expect(b_alert).to_have_count(0)
    wait_equal(page, "labels", heatmap, product_labels(A, B))
    wait_differ(page, "text", entry, entry_13)

    # A with 2 columns: the reason, no entry, and the heatmap keeps the last AB.
    a_cols = page.locator(".lab02-A select").nth(1)
    a_cols.select_option("2")
    reason = "A is 3×2 and B is 3×3: A has 2 columns but B has 3 rows"
    expect(status.locator("[role=alert]")).to_contain_text(reason)
    wait_equal(page, "text", entry, "")
    assert read(page, "labels", heatmap) == product_labels(A, B)
    # A menu still answers (the kernel tints the new row of A), and still says why there is no entry.
    page.locator(".lab02-row select").select_option("2")
    expect(cell(page, ".lab02-A", "A[2,1]")).to_have_css("background-color", HIGHLIGHT_RGB)
    expect(cell(page, ".lab02-A", "A[1,1]")).not_to_have_css("background-color", HIGHLIGHT_RGB)
    expect(status).to_contain_text(reason)
    wait_equal(page, "text", entry, "")

    # Three columns again: the new one is zeros, then A's old entries return.
    a_cols.select_option("3")
    expect(status).to_have_text("")
    A[:, 2] = 0
    wait_equal(page, "labels", heatmap, product_labels(A, B))
    for name, text in (("A[1,3]", "1"), ("A[3,3]", "-5")):
        commit(cell(page, ".lab02-A", name), text)
    A = A2.copy()
    wait_equal(page, "labels", heatmap, product_labels(A, B))
    expect(page.locator(entry)).to_contain_text("Entry (2,3) of AB")
    assert_clean(page, problems)


# -- Lab 3 ----------------------------------------------------------------------


def test_lab_03_garbage_in_b_and_r_and_c_too_wide(voila_server, page):
    """Lab 3, garbage and wrong shape: A, B, C, R, S are resizable editors, r a text box.

    No slider case: the lab has no slider (its seed box only feeds
    Randomise).  Garbage 'nan' in B[2,1] and '=1+' in r; C's columns picked
    up to 3, which leaves only C(A + B) and CA + CB undefined.
    """
    # The identity cards wait for a prediction: the lecturer's link opens them.
    problems = open_bad_input_lab(page, voila_server, "03-product-properties.ipynb?reveal=1")
    panel = ".lab03-identities"
    cards = page.locator(f"{panel} .identity-card")
    start = read(page, "text", panel)
    b21 = cell(page, "", "B[2,1]")
    b_alert = page.get_by_role("alert").filter(has_text="B[2,1]")
    r_box = page.locator(".lab03-r input")
    r_message = page.get_by_text("r: '=1+' is not a number")

    commit(b21, "nan")
    expect(b_alert).to_have_text("B[2,1]: 'nan' is not a number")
    assert read(page, "text", panel) == start
    commit(r_box, "=1+")
    expect(r_message).to_be_visible()
    assert read(page, "text", panel) == start
    # r still works while B[2,1] is wrong: r = 3 redraws the scalar card.
    commit(r_box, "3")
    expect(r_message).to_have_count(0)
    wait_differ(page, "text", panel, start)
    expect(cards.nth(3)).to_contain_text("✓ holds")
    expect(b_alert).to_be_visible()
    # Both fixed: every card is as before.
    commit(b21, "1")
    expect(b_alert).to_have_count(0)
    commit(r_box, "2")
    wait_equal(page, "text", panel, start)

    # C with 3 columns: the left distributive law is undefined, and says why.
    c_cols = page.locator('.widget-vbox:has(> .widget-gridbox input[placeholder="C[1,1]"]) select').nth(1)
    c_cols.select_option("3")
    left = cards.nth(2)
    expect(left).to_contain_text(
        "C(A + B) is undefined: C is 2×3 and A + B is 2×2: C has 3 columns but A + B has 2 rows"
    )
    expect(left).to_contain_text("– undefined")
    for k in (0, 1, 3, 4):
        expect(cards.nth(k)).to_contain_text("✓ holds")
    # B still drives the cards that are defined.
    wide = read(page, "text", panel)
    b11 = cell(page, "", "B[1,1]")
    commit(b11, "1")
    wait_differ(page, "text", panel, wide)
    expect(cards.nth(0)).to_contain_text("✓ holds")
    expect(left).to_contain_text("C(A + B) is undefined")

    c_cols.select_option("2")
    commit(b11, "2")
    wait_equal(page, "text", panel, start)
    assert_clean(page, problems)


# -- Lab 4 ----------------------------------------------------------------------


def test_lab_04_empty_cell_in_a_and_out_of_range_sizes(voila_server, page):
    """Lab 4, garbage and out-of-range/wrong shape in the shape checker.

    A and B are fixed-size 2×2 editors (the lab is about 2×2 maps), so the
    wrong shape is made where the lab has its shape control: the m, n, p, q
    boxes, which also take the out-of-range number (below 1), as it has no
    slider.  Garbage: an emptied A[1,2].  The plots wait for a prediction:
    the lecturer's link opens them.
    """
    problems = open_bad_input_lab(page, voila_server, "04-composition.ipynb?reveal=1")
    at_once, ab = ".lab04-at-once", ".lab04-ab"
    agree = page.locator(".lab04-agree")
    a_alert = page.locator(".lab04-a [role=alert]")
    shape = page.get_by_label("shape X")
    house = read(page, "marks", at_once)
    ab_rs = read(page, "text", ab)
    a12 = cell(page, ".lab04-a", "A[1,2]")

    commit(a12, "")
    expect(a_alert).to_have_text("A[1,2]: '' is not a number")
    assert read(page, "marks", at_once) == house
    assert read(page, "text", ab) == ab_rs
    # The shape menu still redraws every plot meanwhile.
    shape.select_option("unit square")
    square = wait_differ(page, "marks", at_once, house)
    expect(agree).to_contain_text("differ by at most 0 in any coordinate")
    expect(a_alert).to_be_visible()

    # Fixed with a new number: AB and its plots follow, and still agree.
    commit(a12, "1/2")
    expect(a12).to_have_value("0.5")
    expect(a_alert).to_have_count(0)
    wait_differ(page, "marks", at_once, square)
    wait_differ(page, "text", ab, ab_rs)
    expect(agree).to_contain_text("differ by at most 0 in any coordinate")
    # And with the old one, and the house, the lab is as it started.
    commit(a12, "-1")
    shape.select_option("house")
    wait_equal(page, "marks", at_once, house)
    wait_equal(page, "text", ab, ab_rs)

    # The shape checker: n = 12 is taken as typed (not clamped), and then A has too many columns.
    n, result = page.locator(".lab04-n input"), page.locator(".lab04-shape-result")
    expect(result).to_contain_text("AB exists and is 2×1")
    commit(n, "12")
    expect(n).to_have_value("12")
    expect(result).to_contain_text("AB is undefined: A is 2×12 and B is 3×1: A has 12 columns but B has 3 rows")
    # A size below 1 is out of range: said so, in place.
    commit(n, "0")
    expect(result).to_contain_text("n = 0: a matrix has at least one row and one column")
    commit(n, "12")
    # The other boxes still answer.
    commit(page.locator(".lab04-q input"), "2")
    expect(result).to_contain_text("A is 2×12 and B is 3×2")
    commit(n, "3")
    expect(result).to_contain_text("AB exists and is 2×2")
    assert_clean(page, problems)


# -- Lab 5 ----------------------------------------------------------------------


def test_lab_05_out_of_range_shear_and_division_by_zero_in_the_free_map(voila_server, page):
    """Lab 5, slider and garbage: the gallery maps have sliders, the free map a 2×2 editor.

    No wrong-shape case: the free editor is fixed at 2×2 and X is picked
    from a menu.  The shear k typed as 9 (it runs from -2 to 2); '1/0' in the
    free map's A[1,1].
    """
    # ?reveal=1: the gallery is held back until Y is typed and the map named.
    problems = open_bad_input_lab(page, voila_server, "05-many-points.ipynb?reveal=1")
    y, plot = ".lab05-y", ".lab05-plot"
    menu = page.locator(".map-picker-menu select")
    k, k_alert = slider_entry(page, ".map-param-horizontal-shear-k")
    shape = page.get_by_label("shape X")
    # The gallery starts on a stretch of the house, not on the activity's shear: pick that by hand.
    y_before, plot_before = read(page, "text", y), read(page, "marks", plot)
    menu.select_option("horizontal shear")
    y_before = wait_differ(page, "text", y, y_before)
    plot_before = wait_differ(page, "marks", plot, plot_before)
    shape.select_option("unit square")
    wait_differ(page, "text", y, y_before)
    wait_differ(page, "marks", plot, plot_before)
    y_start, plot_start = read(page, "text", y), read(page, "marks", plot)

    # k = 9 is refused and said so; k stays 1, and so do Y and the plot.
    commit(k, "9")
    expect_refused(k, k_alert, "9", f"k must be between {MINUS}2 and 2; 9 is outside")
    assert read(page, "text", y) == y_start
    assert read(page, "marks", plot) == plot_start
    # The shape menu still redraws meanwhile.
    shape.select_option("house")
    wait_differ(page, "marks", plot, plot_start)
    shape.select_option("unit square")
    wait_equal(page, "marks", plot, plot_start)
    expect(k_alert).to_be_visible()
    # Fixed with k = 1/2: the message goes, and Y and the plot follow.  (A
    # smaller shear, so the plot keeps its view, and k = 1 later redraws it as at the start.)
    commit(k, "1/2")
    expect_accepted(k, k_alert, "0.5")
    wait_differ(page, "text", y, y_start)
    wait_differ(page, "marks", plot, plot_start)
    # A drag (here: a key) also clears a message that no longer applies.
    commit(k, "two")
    expect_refused(k, k_alert, "two", "k: 'two' is not a number")
    handle = page.locator(".map-param-horizontal-shear-k .noUi-handle")
    handle.scroll_into_view_if_needed()
    handle.press("ArrowRight")
    expect_accepted(k, k_alert, "0.6")
    commit(k, "1")
    expect(k).to_have_value("1")
    wait_equal(page, "text", y, y_start)
    wait_equal(page, "marks", plot, plot_start)

    # The free map starts as the identity.
    menu.select_option(label="free 2×2 matrix")
    identity = wait_differ(page, "marks", plot, plot_start)
    y_identity = wait_differ(page, "text", y, y_start)
    a11 = cell(page, ".lab05-picker", "A[1,1]")
    alert = page.locator(".lab05-picker [role=alert]")
    commit(a11, "1/0")
    expect(alert).to_have_text("A[1,1]: '1/0' is not a number: division by zero")
    assert read(page, "marks", plot) == identity
    assert read(page, "text", y) == y_identity
    # The shape menu still redraws meanwhile.
    shape.select_option("house")
    house = wait_differ(page, "marks", plot, identity)
    y_house = wait_differ(page, "text", y, y_identity)
    expect(alert).to_be_visible()

    # Fixed: the message goes and the house is drawn as before ...
    commit(a11, "1")
    expect(alert).to_have_count(0)
    expect(a11).to_have_value("1")
    assert read(page, "marks", plot) == house
    # ... and the next edit shears it by -1/2 ...
    a12 = cell(page, ".lab05-picker", "A[1,2]")
    commit(a12, "-1/2")
    expect(a12).to_have_value("-0.5")
    free_shear = wait_differ(page, "marks", plot, house)
    y_free = wait_differ(page, "text", y, y_house)
    # ... exactly as the gallery's shear with k = -0.5 draws it.
    menu.select_option("horizontal shear")
    commit(k, "-1/2")
    expect_accepted(k, k_alert, "-0.5")
    wait_equal(page, "marks", plot, free_shear)
    wait_equal(page, "text", y, y_free)
    assert_clean(page, problems)


# -- Lab 6 ----------------------------------------------------------------------


def test_lab_06_garbage_in_w_and_an_entry_too_large_for_the_picture(voila_server, page):
    """Lab 6, garbage and out-of-range: W, b and x are fixed-size editors.

    No slider and no wrong shape (W is 2×2, b and x 2×1, none resizable);
    the lab's range is its picture's: entries beyond ±10 are refused with a
    message.  Garbage '=1+' in W[1,2]; 100 in x[1,1].
    """
    # ?reveal=1: the picture is held back until the prediction about the origin and the exercises are answered.
    problems = open_bad_input_lab(page, voila_server, "06-dense-layer.ipynb?reveal=1")
    readout, plot = ".lab06-readout", ".lab06-plot"
    yhat, status = page.locator(".lab06-yhat"), page.locator(".lab06-status")
    w_alert = page.locator(".lab06-W [role=alert]")
    page.locator(plot).scroll_into_view_if_needed()
    readout_start, plot_start = read(page, "text", readout), read(page, "marks", plot)
    w12 = cell(page, ".lab06-W", "W[1,2]")

    commit(w12, "=1+")
    expect(w_alert).to_have_text("W[1,2]: '=1+' is not a number")
    assert read(page, "text", readout) == readout_start
    assert read(page, "marks", plot) == plot_start
    # ReLU still folds the picture meanwhile.
    page.click(".lab06-relu")
    expect(yhat).to_have_text("(0.75, 0)")
    page.click(".lab06-relu")
    expect(yhat).to_have_text("(0.75, -0.5)")
    expect(w_alert).to_be_visible()

    # Fixed with W[1,2] = 0: ŷ = (1·0.5 + 0 + 0.5, 0.25 + 0.25 - 1).
    commit(w12, "0")
    expect(w_alert).to_have_count(0)
    expect(yhat).to_have_text("(1, -0.5)")
    wait_differ(page, "marks", plot, plot_start)
    commit(w12, "-1")
    expect(yhat).to_have_text("(0.75, -0.5)")
    wait_equal(page, "marks", plot, plot_start)
    wait_equal(page, "text", readout, readout_start)

    # 100 is too large for the picture: refused, said so, the cell shows x's last value.
    x11 = cell(page, ".lab06-x", "x[1,1]")
    commit(x11, "100")
    expect(status).to_have_text(
        "x[1,1] = 100 is too large for this picture: keep entries between -10 and 10."
    )
    expect(x11).to_have_value("0.5")
    assert read(page, "text", readout) == readout_start
    assert read(page, "marks", plot) == plot_start
    # 9 fits: the message goes and x, ŷ = W x + b and the plot follow.
    commit(x11, "9")
    expect(status).to_have_text("")
    expect(page.locator(".lab06-xvalue")).to_have_text("(9, 0.25)")
    expect(yhat).to_have_text("(9.25, 3.75)")
    wait_differ(page, "marks", plot, plot_start)
    commit(x11, "0.5")
    wait_equal(page, "text", readout, readout_start)
    wait_equal(page, "marks", plot, plot_start)
    assert_clean(page, problems)


# -- Lab 7 ----------------------------------------------------------------------

X7, W_Q7, W_K7 = np.asarray(LAB7.X, dtype=float), LAB7.W_Q, LAB7.W_K


def score_labels(X, W_Q, W_K) -> list[str]:
    return [format_number(v) for v in ((X @ W_Q) @ (X @ W_K).T).ravel()]


def test_lab_07_empty_cell_in_x_and_w_k_too_narrow(voila_server, page):
    """Lab 7, garbage and wrong shape: X and the weights are editors, the W's resizable.

    No slider case: the lab has no slider (the mask and scaling are
    checkboxes).  Garbage: an emptied X[2,3]; W_K's columns picked down to 2
    while W_Q keeps 3.
    """
    # ?reveal=1: the matrices, shapes and scores are held back until the activity is answered.
    problems = open_bad_input_lab(page, voila_server, "07-queries-keys-scores.ipynb?reveal=1")
    scores, weights = ".attention-scores", ".attention-weights"
    status = page.locator(".attention-status")
    X = X7.copy()
    assert read(page, "labels", scores) == score_labels(X, W_Q7, W_K7)
    weights_start = read(page, "labels", weights)
    x23 = cell(page, ".attention-X", "X[2,3]")
    x_alert = page.locator(".attention-X [role=alert]")

    commit(x23, "")
    expect(x_alert).to_have_text("X[2,3]: '' is not a number")
    assert read(page, "labels", scores) == score_labels(X, W_Q7, W_K7)
    assert read(page, "labels", weights) == weights_start
    # The causal mask still works meanwhile.
    causal = page.locator(".attention-causal input")
    causal.click()
    masked = wait_differ(page, "labels", weights, weights_start)
    assert [masked[i * 5 + j] for i in range(5) for j in range(i + 1, 5)] == ["0"] * 10
    causal.click()
    wait_equal(page, "labels", weights, weights_start)
    expect(x_alert).to_be_visible()

    # Fixed with a new number: S follows it.
    commit(x23, "2")
    X[1, 2] = 2
    expect(x_alert).to_have_count(0)
    wait_equal(page, "labels", scores, score_labels(X, W_Q7, W_K7))

    # W_K with 2 columns cannot be dotted with W_Q's 3: the reason, and the last S stays.
    wk_cols = page.locator(".attention-WK select").nth(1)
    wk_cols.select_option("2")
    expect(status).to_contain_text("These shapes do not fit.")
    expect(status).to_contain_text(
        "W_Q is 4×3 and W_K is 4×2: W_Q and W_K must have the same number of columns"
    )
    expect(page.locator(".attention-shapes")).to_contain_text("—")
    assert read(page, "labels", scores) == score_labels(X, W_Q7, W_K7)
    # A click on S still writes the score out, from the last calculation that worked.
    click_cell(page, scores, 1, 3, 5, 5)
    expect(page.locator(".attention-expansion")).to_contain_text("S24 = q2 · k4")
    expect(status).to_contain_text("W_Q and W_K must have the same number of columns")

    # Three columns again (the new one zeros), then W_K's old third column: S is right again.
    wk_cols.select_option("3")
    expect(status).to_have_text("")
    W_K = W_K7.copy()
    W_K[:, 2] = 0
    wait_equal(page, "labels", scores, score_labels(X, W_Q7, W_K))
    for name, text in (("W_K[3,3]", "1"), ("W_K[4,3]", "0.5")):
        commit(cell(page, ".attention-WK", name), text)
    wait_equal(page, "labels", scores, score_labels(X, W_Q7, W_K7))
    expect(page.locator(".attention-shapes")).not_to_contain_text("—")
    assert_clean(page, problems)


# -- Lab 8 ----------------------------------------------------------------------

V8 = np.array([[1, 0], [2, 0], [0, 4], [4, 4]], dtype=float)


def test_lab_08_out_of_range_weights_garbage_in_w_v_and_w_k_too_narrow(voila_server, page):
    """Lab 8, all three cases: weights by hand on sliders, and resizable weight editors.

    v2's weight in row 2 typed as 5 and v1's as -1 (weights run from 0 to
    1), each into the entry beside its slider; garbage 'nan' in W_V[1,1];
    W_K's columns picked down to 1 while W_Q keeps 2.
    """
    # ?reveal=1: the explorer is held back until the shape questions are answered.
    problems = open_bad_input_lab(page, voila_server, "08-attention-weights.ipynb?reveal=1")
    average, plot = page.locator(".attention-average"), ".lab08-by-hand .values-plot"  # not h2's picture, open too
    row2 = page.locator(".attention-row-2")
    weight = row2.locator(".slider-entry")  # each weight's slider, entry and message
    v1, v2, v3 = (weight.nth(k).locator(".slider-entry-text input") for k in range(3))
    v1_alert, v2_alert = (weight.nth(k).locator("[role=alert]") for k in range(2))
    total = row2.locator(".widget-html", has_text="sum =")
    start = "h2 = 0 v1 + 0.25 v2 + 0.25 v3 + 0.5 v4 = (2.5, 3)"  # not the activity's h2: it is asked
    expect(average).to_have_text(start)
    plot_start = read(page, "marks", plot)

    # 5 is refused and said so: the weights, h2 and the plot stay.
    commit(v2, "5")
    expect_refused(v2, v2_alert, "5", "v2 must be between 0 and 1; 5 is outside")
    expect(average).to_have_text(start)
    assert read(page, "marks", plot) == plot_start
    expect(total).to_have_text("sum = 1.00")
    # -1 for v1 too; both messages stay on screen.
    commit(v1, "-1")
    expect_refused(v1, v1_alert, "-1", f"v1 must be between 0 and 1; {MINUS}1 is outside")
    expect(v2_alert).to_be_visible()
    expect(average).to_have_text(start)
    # Fixed: 1 puts all of h2's weight on v2 (v1, at 0, keeps its place and its message).
    commit(v2, "1")
    expect_accepted(v2, v2_alert, "1")
    expect(average).to_have_text("h2 = 0 v1 + 1 v2 + 0 v3 + 0 v4 = (2, 0)")
    expect(total).to_have_text("sum = 1.00")
    wait_differ(page, "marks", plot, plot_start)
    expect(v1_alert).to_be_visible()
    commit(v1, "0")
    expect_accepted(v1, v1_alert, "0")
    # A weight in range: the others share the rest equally (they were all 0).
    commit(v2, "0.5")
    expect(average).to_contain_text(" 0.5 v2 ")
    weights, h2 = read_average(page)
    np.testing.assert_allclose(weights, [1 / 6, 0.5, 1 / 6, 1 / 6], atol=1e-3)
    np.testing.assert_allclose(h2, weights @ V8, atol=5e-3)
    expect(total).to_have_text("sum = 1.00")

    # Garbage in W_V: named, and h2 keeps the last V.
    wv11 = cell(page, ".attention-WV", "W_V[1,1]")
    wv_alert = page.locator(".attention-WV [role=alert]")
    commit(wv11, "nan")
    expect(wv_alert).to_have_text("W_V[1,1]: 'nan' is not a number")
    before = average.inner_text()
    # The sliders still move h2 meanwhile.
    v1_handle = row2.locator(".noUi-handle").nth(0)
    v1_handle.scroll_into_view_if_needed()
    v1_handle.press("ArrowRight")
    expect(average).not_to_have_text(before)
    weights, h2 = read_average(page)
    np.testing.assert_allclose(h2, weights @ V8, atol=5e-3)
    # Fixed with W_V[1,1] = 2: V's first column doubles, and so does h2's.
    V = V8 * [2, 1]
    before = average.inner_text()
    commit(wv11, "2")
    expect(wv_alert).to_have_count(0)
    expect(average).not_to_have_text(before)
    weights, h2 = read_average(page)
    np.testing.assert_allclose(h2, weights @ V, atol=5e-3)

    # W_K one column wide: the reason, and the views keep the last calculation.
    status = page.locator(".attention-status")
    wk_cols = page.locator(".attention-WK select").nth(1)
    wk_cols.select_option("1")
    expect(status).to_contain_text("W_Q is 3×2 and W_K is 3×1")
    expect(status).to_contain_text("still shows the last calculation that worked")
    before = average.inner_text()
    # The sliders still take a weight (the kernel moves the others, keeping the sum at 1);
    # h2 waits for shapes that fit.
    v3_before = v3.input_value()
    commit(v2, "0.2")
    expect(v2).to_have_value("0.2")
    expect(v3).not_to_have_value(v3_before)
    expect(total).to_have_text("sum = 1.00")
    expect(status).to_contain_text("W_Q is 3×2 and W_K is 3×1")
    assert average.inner_text() == before
    # Two columns again: h2 uses the weights set meanwhile.
    wk_cols.select_option("2")
    expect(status).to_have_text("")
    expect(average).to_contain_text(" 0.2 v2 ")
    weights, h2 = read_average(page)
    assert abs(weights.sum() - 1) < 2e-3
    np.testing.assert_allclose(h2, weights @ V, atol=5e-3)
    assert_clean(page, problems)


# -- Lab 10 ---------------------------------------------------------------------


def test_lab_10_out_of_range_c_garbage_in_x_and_a_third_feature(voila_server, page):
    """Lab 10, all three cases: the scale factor c is a slider, X an editor with a features picker.

    c typed as 10 (it runs from -2 to 3); garbage '2x' in X[2,2]; d picked
    up to 3 features, which the dense layer's 2×2 W cannot take.
    """
    # ?reveal=1: the linearity comparison is held back until its two questions are answered.
    problems = open_bad_input_lab(page, voila_server, "10-adaptive-weights.ipynb?reveal=1")
    linearity, weights, dense_map = ".lab10-tables", ".attention-weights", ".lab10-dense"
    c, c_alert = slider_entry(page, ".lab10-c")
    verdict = {key: page.locator(f".lab10-verdict-{key}") for key in ("dense", "att", "fixed")}
    change = page.locator(".lab10-change")
    tables_start = read(page, "text", linearity)
    weights_start = read(page, "labels", weights)
    dense_start = read(page, "labels", dense_map)
    expect(c).to_have_value("2")

    # 10 is refused and said so: c stays 2, and so does every table.
    commit(c, "10")
    expect_refused(c, c_alert, "10", f"scale factor c must be between {MINUS}2 and 3; 10 is outside")
    assert read(page, "text", linearity) == tables_start
    expect(verdict["att"]).to_contain_text("different")
    # The editors still drive the tables meanwhile: W_V[1,1] = 3 scales H's first column.
    wv11 = cell(page, ".attention-WV", "W_V[1,1]")
    commit(wv11, "3")
    wait_differ(page, "text", linearity, tables_start)
    expect(verdict["fixed"]).to_have_text("equal")
    commit(wv11, "1")
    wait_equal(page, "text", linearity, tables_start)
    expect(c_alert).to_be_visible()
    # Fixed with c = 3: every table is redrawn for it; only attention is not linear.
    commit(c, "3")
    expect_accepted(c, c_alert, "3")
    wait_differ(page, "text", linearity, tables_start)
    expect(verdict["dense"]).to_have_text("equal")
    expect(verdict["fixed"]).to_have_text("equal")
    expect(verdict["att"]).to_contain_text("different")
    commit(c, "1")
    expect(c).to_have_value("1")
    expect(verdict["att"]).to_have_text("equal")
    commit(c, "2")
    wait_equal(page, "text", linearity, tables_start)

    # Garbage in X: named; the weights and tables keep the last X.
    x22 = cell(page, ".attention-X", "X[2,2]")
    x_alert = page.locator(".attention-X [role=alert]")
    commit(x22, "2x")
    expect(x_alert).to_have_text("X[2,2]: '2x' is not a number")
    assert read(page, "labels", weights) == weights_start
    expect(change).to_have_text("Change an entry of X to compare.")
    # c still works meanwhile.
    commit(c, "\N{MINUS SIGN}2")  # as the syllabus prints it, with a real minus sign
    expect_accepted(c, c_alert, "-2")
    wait_differ(page, "text", linearity, tables_start)
    expect(x_alert).to_be_visible()
    # Fixed with a new number: token 2 changed, the weights move, the dense W does not.
    commit(x22, "2")
    expect(x_alert).to_have_count(0)
    expect(change).to_contain_text("changed token 2 (like)")
    expect(change).to_contain_text("Dense layer: 0 of 4 entries of W moved")
    wait_differ(page, "labels", weights, weights_start)
    assert read(page, "labels", dense_map) == dense_start
    commit(x22, "1")
    commit(c, "2")
    wait_equal(page, "labels", weights, weights_start)
    wait_equal(page, "text", linearity, tables_start)

    # A third feature: the dense layer cannot take it, and says what to do.
    d = page.locator(".attention-d select")
    d.select_option("3")
    expect(change).to_contain_text("W is 2×2, so x needs 2 entries (rows), got 3. Set features d back to 2.")
    expect(verdict["att"]).to_contain_text("x needs 2 entries")
    # Attention still follows X meanwhile; the dense W stays.
    commit(cell(page, ".attention-X", "X[1,1]"), "2")
    wait_differ(page, "labels", weights, weights_start)
    assert read(page, "labels", dense_map) == dense_start
    expect(change).to_contain_text("Set features d back to 2.")

    # Two features again: the comparison and the tables are back.
    d.select_option("2")
    expect(change).to_contain_text("changed token 1 (I)")
    expect(verdict["dense"]).to_have_text("equal")
    commit(cell(page, ".attention-X", "X[1,1]"), "1")
    wait_equal(page, "labels", weights, weights_start)
    wait_equal(page, "text", linearity, tables_start)
    assert_clean(page, problems)
