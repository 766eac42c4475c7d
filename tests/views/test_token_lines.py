"""TokenLines: a row of A_att as lines from a query token to every key token, thick as the weight."""
from __future__ import annotations

import numpy as np
import pytest
from bqplot import Label, Lines, Scatter
from hypothesis import given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.comm import sent_messages
from harness.shown import mark
from widgets.views.token_lines import TokenLines, token_line_widths

TOKENS = ["the", "cat", "sat", "down"]
A_ATT = np.array([
    [1, 0, 0, 0],
    [0, 0.5, 0.25, 0.25],
    [0.25, 0.25, 0.25, 0.25],
    [0.1, 0.2, 0.3, 0.4],
])


def lines(view):
    """The view's line marks, one per key token, in order."""
    return [drawn for drawn in view.marks if isinstance(drawn, Lines)]


def drawn(view):
    """For each line mark: (visible, stroke width, its two y ends)."""
    return [(line.visible, line.stroke_width, tuple(line.y)) for line in lines(view)]


def queries(view):
    """The query tokens' names, on the left (their right ends at the dots)."""
    return mark(view, Label, align="end")


def keys(view):
    """The key tokens' names and weights, on the right."""
    return mark(view, Label, align="start")


def test_one_line_per_key_token_as_thick_as_its_weight():
    view = TokenLines(A_ATT, TOKENS, row=1, max_width=12)
    assert view.widths == (0.0, 6.0, 3.0, 3.0)
    lines = drawn(view)
    assert len(lines) == 4
    # From the query "cat" (second from the top, y = 2) to each key (y = 3, 2, 1, 0).
    assert [y for _, _, y in lines] == [(2, 3), (2, 2), (2, 1), (2, 0)]
    # A weight of 0 draws no line; the others are as wide as their weight.
    assert [visible for visible, _, _ in lines] == [False, True, True, True]
    assert [width for _, width, _ in lines][1:] == [6.0, 3.0, 3.0]
    assert list(keys(view).text) == ["the  0", "cat  0.5", "sat  0.25", "down  0.25"]
    assert queries(view).colors[1] != queries(view).colors[0]  # the query token is picked out
    assert view.summary == "cat → the 0, cat 0.5, sat 0.25, down 0.25"


def test_changing_the_row_moves_the_lines_in_one_batch():
    view = TokenLines(A_ATT, TOKENS, row=1)
    y_scale = mark(view, Scatter).scales["y"]
    widgets = [*lines(view), mark(view, Scatter), queries(view), keys(view), y_scale, view]
    marks = list(view.marks)
    with sent_messages(widgets) as counts:
        view.row = 3
    assert view.summary.startswith("down → ")
    np.testing.assert_allclose(view.widths, 14 * A_ATT[3])
    assert all(counts[w] <= 1 for w in widgets), counts
    assert view.marks == marks  # the marks are updated in place, not replaced
    assert counts[view] == 1 and view.tooltip.startswith("Lines from down to every token")
    assert counts[y_scale] == 0  # same number of tokens: same scale


def test_more_tokens_add_marks_fewer_hide_them():
    view = TokenLines(A_ATT, TOKENS, row=0)
    first = lines(view)
    view.show(np.full((6, 6), 1 / 6), 5, TOKENS + ["on", "mat"])
    assert lines(view)[:4] == first and len(lines(view)) == 6
    assert view.marks[:6] == lines(view)  # drawn under the dots and names
    assert list(queries(view).text) == TOKENS + ["on", "mat"]
    view.show([[0.5, 0.5], [1, 0]], 1)
    assert [line.visible for line in lines(view)] == [True, False, False, False, False, False]
    assert view.names() == ["the", "cat"]


def test_missing_token_names_are_numbered():
    view = TokenLines(np.eye(3), ["a"], row=2)
    assert view.names() == ["a", "t2", "t3"]
    assert view.summary == "t3 → a 0, t2 0, t3 1"


def test_a_row_out_of_range_is_refused_and_the_view_keeps_its_row():
    view = TokenLines(A_ATT, TOKENS, row=2)
    with pytest.raises(TraitError, match=r"row: query row index 4 is out of range: valid \(0-based\) query row indices are 0 to 3"):
        view.row = 4
    with pytest.raises(TraitError, match="query row indices are 0 to 0"):
        view.weights = [[0.5, 0.5]]
    assert view.row == 2 and view.weights.shape == (4, 4)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=6), st.floats(1, 30))
def test_widths_are_proportional_and_never_negative(row, max_width):
    widths = token_line_widths(row, max_width)
    assert np.all(widths >= 0) and np.all(widths <= max_width + 1e-9)
    for w, width in zip(row, widths):
        assert width == 0 if w < 1e-3 else np.isclose(width, max_width * w)
