"""Tests for widgets.matrix_view: LaTeX rendering and highlights."""

import numpy as np
import pytest
from traitlets import TraitError

from widgets.matrix_view import HIGHLIGHT_COLOR, MatrixView, matrix_latex


def test_renders_bmatrix_with_name():
    view = MatrixView([[6, 19], [9, -3]], name="AB")
    assert view.value == r"$AB = \begin{bmatrix} 6 & 19 \\ 9 & -3 \end{bmatrix}$"
    assert view.get_state()["value"] == view.value


def test_without_name_and_number_formats():
    view = MatrixView([[0.5, 1 / 3, 2.0]])
    assert view.value == r"$\begin{bmatrix} 0.5 & 0.333 & 2 \end{bmatrix}$"
    view.digits = 1
    assert "0.3 " in view.value


def test_scientific_notation_is_typeset():
    assert r"1.23 \times 10^{8}" in matrix_latex([[123456789.0]])
    assert r"2 \times 10^{-4}" in matrix_latex([[0.0002]])


def test_highlight_row_and_column():
    view = MatrixView([[1, 2], [3, 4]], highlight_row=1)
    mark = r"{\color{%s}{\mathbf{%s}}}"
    assert mark % (HIGHLIGHT_COLOR, 3) in view.value
    assert mark % (HIGHLIGHT_COLOR, 4) in view.value
    assert mark % (HIGHLIGHT_COLOR, 1) not in view.value
    view.highlight_row = None
    view.highlight_col = 0
    assert mark % (HIGHLIGHT_COLOR, 1) in view.value
    assert mark % (HIGHLIGHT_COLOR, 3) in view.value
    assert view.value.count(r"\color") == 2
    view.highlight_col = 5  # past the edge: nothing coloured
    assert r"\color" not in view.value


def test_rerenders_on_matrix_change_once():
    view = MatrixView([[1]])
    changes = []
    view.observe(changes.append, names="value")
    view.matrix = [[1, 2], [3, 4]]
    assert len(changes) == 1
    assert r"1 & 2 \\ 3 & 4" in view.value
    view.matrix = np.array([[1.0, 2.0], [3.0, 4.0]])  # equal: no redraw
    assert len(changes) == 1
    view.name = "M"
    assert view.value.startswith("$M = ")


@pytest.mark.parametrize("bad", [[1, 2], [[np.nan]], [[np.inf, 1]], np.zeros((0, 2)), "x"])
def test_bad_matrix_raises(bad):
    with pytest.raises(TraitError):
        MatrixView(bad)
    view = MatrixView([[1]])
    with pytest.raises(TraitError):
        view.matrix = bad
    assert view.value == r"$\begin{bmatrix} 1 \end{bmatrix}$"


def test_bad_highlight_or_digits_raise():
    with pytest.raises(TraitError):
        MatrixView([[1]], highlight_row=-1)
    with pytest.raises(TraitError):
        MatrixView([[1]], digits=-2)


def test_error_names_the_matrix():
    with pytest.raises(TraitError, match=r"W\[1,1\] is nan"):
        MatrixView([[np.nan]], name="W")
