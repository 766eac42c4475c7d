"""Tests for widgets.views.matrix_view: a name typeset once, the entries as an HTML table."""

import re

import numpy as np
import pytest
from traitlets import TraitError

from widgets.text.html_math import HIGHLIGHT_COLOR
from widgets.views.matrix_view import MatrixView

CELL = re.compile(r"<td[^>]*>(.*?)</td>")
ROW = re.compile(r"<tr>(.*?)</tr>")
TAG = re.compile(r"<[^>]+>")


def entries(view):
    """The view's table as rows of cell text."""
    return [[TAG.sub("", c) for c in CELL.findall(row)] for row in ROW.findall(view.table)]


def picked(view):
    """The texts shown in the highlight (bold, coloured)."""
    return re.findall(rf'<b style="color:{HIGHLIGHT_COLOR}">(.*?)</b>', view.table)


def test_view_shows_name_once_and_entries_as_a_table():
    view = MatrixView([[6, 19], [9, -3]], name="AB")
    label, table = view.children
    assert label.text == "$AB =$"
    assert entries(view) == [["6", "19"], ["9", "−3"]]
    assert table.get_state()["value"] == view.table
    assert 'aria-label="AB, 2 by 2"' in view.table


def test_without_name_and_number_formats():
    view = MatrixView([[0.5, 1 / 3, 2.0, 123456789.0]])
    assert len(view.children) == 1
    assert entries(view) == [["0.5", "0.333", "2", "1.23×108"]]
    assert "10<sup>8</sup>" in view.table
    view.digits = 1
    assert entries(view)[0][1] == "0.3"


def test_highlight_row_and_column():
    view = MatrixView([[1, 2], [3, 4]], highlight_row=1)
    assert picked(view) == ["3", "4"]
    view.highlight_row = None
    view.highlight_col = 0
    assert picked(view) == ["1", "3"]
    with pytest.raises(TraitError, match="highlight_col: expected a column from 0 to 1, or None; got 5"):
        view.highlight_col = 5  # past the edge: refused, the last one stays
    assert view.highlight_col == 0 and picked(view) == ["1", "3"]


def test_a_shrinking_matrix_drops_the_highlights_past_its_edge():
    view = MatrixView(np.zeros((3, 3)), highlight_row=2, highlight_col=1)
    view.matrix = np.ones((2, 2))
    assert (view.highlight_row, view.highlight_col) == (None, 1)
    assert picked(view) == ["1", "1"]


def test_matrix_change_redraws_only_the_table_once():
    view = MatrixView([[1]], name="M")
    label, table = view.children
    tables, labels = [], []
    table.observe(tables.append, names="value")
    label.observe(labels.append, names="value")
    view.matrix = [[1, 2], [3, 4]]
    assert len(tables) == 1 and labels == []
    assert entries(view) == [["1", "2"], ["3", "4"]]
    view.matrix = np.array([[1.0, 2.0], [3.0, 4.0]])  # equal: no redraw
    assert len(tables) == 1
    view.name = "N"
    assert label.text == "$N =$" and len(tables) == 1
    view.name = None
    assert view.children == (table,)


@pytest.mark.parametrize("bad", [[1, 2], [[np.nan]], [[np.inf, 1]], np.zeros((0, 2)), "x"])
def test_bad_matrix_raises_and_keeps_the_last(bad):
    with pytest.raises(TraitError):
        MatrixView(bad)
    view = MatrixView([[1]])
    with pytest.raises(TraitError):
        view.matrix = bad
    assert entries(view) == [["1"]]


def test_bad_highlight_or_digits_raise():
    with pytest.raises(TraitError):
        MatrixView([[1]], highlight_row=-1)
    with pytest.raises(TraitError):
        MatrixView([[1]], digits=-2)
    view = MatrixView([[1.5]])
    with pytest.raises(TraitError, match="digits must be 0 to 15"):
        view.digits = 16
    assert view.digits == 3


def test_error_names_the_matrix():
    with pytest.raises(TraitError, match=r"W\[1,1\] is nan"):
        MatrixView([[np.nan]], name="W")
