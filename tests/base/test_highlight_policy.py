"""One highlight policy for every view and control that marks a place of its matrix.

A place outside the matrix is refused with a TraitError naming the valid range,
and the last highlight stays; a matrix that shrinks drops a highlight that no
longer exists to None and keeps the ones that still do.
"""
import numpy as np
import pytest
from traitlets import TraitError

from widgets.controls.matrix_editor import MatrixEditor
from widgets.views.heatmap import MatrixHeatmap
from widgets.views.matrix_view import MatrixView

# Each widget: how to build a 3×3 one, and the trait that holds its matrix.
WIDGETS = {
    "MatrixView": (lambda: MatrixView(np.zeros((3, 3))), "matrix"),
    "MatrixEditor": (lambda: MatrixEditor(np.zeros((3, 3)), resizable=True), "value"),
    "MatrixHeatmap": (lambda: MatrixHeatmap(np.zeros((3, 3))), "matrix"),
}
# (widget, highlight trait, a place inside, a place past the edge, the valid places)
HIGHLIGHTS = [
    ("MatrixView", "highlight_row", 2, 3, "a row from 0 to 2"),
    ("MatrixView", "highlight_col", 2, -1, "a column from 0 to 2"),
    ("MatrixEditor", "highlight_row", 2, -1, "a row from 0 to 2"),
    ("MatrixEditor", "highlight_col", 2, 3, "a column from 0 to 2"),
    ("MatrixHeatmap", "highlight_row", 2, 3, "a row from 0 to 2"),
    ("MatrixHeatmap", "selected", (2, 1), (1, 3), "a cell (i, j) with i from 0 to 2 and j from 0 to 2"),
]


@pytest.mark.parametrize("widget, trait, inside, outside, expected", HIGHLIGHTS)
def test_a_place_outside_the_matrix_is_refused_and_the_last_one_stays(widget, trait, inside, outside, expected):
    view = WIDGETS[widget][0]()
    setattr(view, trait, inside)
    with pytest.raises(TraitError) as info:
        setattr(view, trait, outside)
    assert str(info.value) == f"{trait}: expected {expected}, or None; got {outside!r}"
    assert getattr(view, trait) == inside


@pytest.mark.parametrize("widget, trait, inside, outside, expected", HIGHLIGHTS)
def test_a_shrinking_matrix_drops_a_highlight_it_no_longer_has(widget, trait, inside, outside, expected):
    build, matrix = WIDGETS[widget]
    view = build()
    setattr(view, trait, inside)
    setattr(view, matrix, np.ones((2, 2)))
    assert getattr(view, trait) is None


@pytest.mark.parametrize("widget, trait", [(w, t) for w, t, *_ in HIGHLIGHTS])
def test_a_shrinking_matrix_keeps_a_highlight_it_still_has(widget, trait):
    build, matrix = WIDGETS[widget]
    view = build()
    kept = (1, 1) if trait == "selected" else 1
    setattr(view, trait, kept)
    setattr(view, matrix, np.ones((2, 2)))
    assert getattr(view, trait) == kept


@pytest.mark.parametrize("widget, trait", [(w, t) for w, t, *_ in HIGHLIGHTS])
def test_none_is_always_allowed(widget, trait):
    view = WIDGETS[widget][0]()
    setattr(view, trait, None)
    assert getattr(view, trait) is None


def test_a_new_matrix_and_a_highlight_inside_it_may_be_set_together():
    view = MatrixView(np.zeros((1, 1)))
    with view.hold_trait_notifications():
        view.matrix = np.zeros((3, 3))
        view.highlight_row = 2
    assert view.highlight_row == 2
