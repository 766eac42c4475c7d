"""Tests for widgets.controls.matrix_editor: typing in cells, Python sets, resizing."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.shown import classes, controls
from widgets.base.traits import MatrixTrait, validate_matrix
from widgets.controls.matrix_editor import (
    ERROR_BACKGROUND,
    HIGHLIGHT_BACKGROUND,
    MatrixEditor,
)
from widgets.core.parsing import parse_number

A0 = [[1, -3, 5], [3, 1, 4]]


class Recorder:
    """Collects the change notifications of one trait."""

    def __init__(self, widget, name="value"):
        self.changes = []
        widget.observe(self.changes.append, names=name)

    def __len__(self):
        return len(self.changes)


def painted_red(editor, i, j):
    """The editor's style sheet turns cell (i, j) red."""
    return f".mx-r{i}.mx-c{j} input.widget-input {{background-color: {ERROR_BACKGROUND}}}" in editor._title.value


def texts(editor):
    return [[cell.value for cell in row] for row in editor.cells]


def test_builds_cells_from_value():
    A = MatrixEditor(A0, name="A")
    assert A.shape == (2, 3)
    assert A.value.dtype == float
    np.testing.assert_array_equal(A.value, A0)
    assert texts(A) == [["1", "-3", "5"], ["3", "1", "4"]]
    assert A.error == ""
    assert "(2×3)" in A._title.value and "A" in A._title.value
    assert all(cell.continuous_update is False for row in A.cells for cell in row)


def test_non_integers_use_format_number():
    A = MatrixEditor([[0.5, 1 / 3, -2.0]])
    assert texts(A) == [["0.5", "0.333", "-2"]]


def test_cells_are_a_tuple_of_rows_in_grid_order():
    A = MatrixEditor(A0)
    assert isinstance(A.cells, tuple) and all(isinstance(r, tuple) for r in A.cells)
    assert list(A._grid.children) == [c for row in A.cells for c in row]
    assert A._grid.layout.grid_template_columns.startswith("repeat(3,")


def test_accessible_names():
    A = MatrixEditor(A0, name="A")
    cell = A.cells[1][2]
    assert cell.tooltip == "A, row 2, column 3"
    assert cell.get_state()["tooltip"] == "A, row 2, column 3"
    assert cell.placeholder == "A[2,3]"
    A.name = "W"
    assert A.cells[0][0].tooltip == "W, row 1, column 1"
    assert "W" in A._title.value


def test_valid_edit_updates_value_once_and_reformats():
    A = MatrixEditor(A0)
    rec = Recorder(A)
    A.cells[1][2].value = "3/4"
    assert len(rec) == 1
    assert A.value[1, 2] == 0.75
    assert A.cells[1][2].value == "0.75"
    assert A.cells[1][2].get_state()["value"] == "0.75"
    assert A.error == ""


def test_observer_that_resets_value_during_a_cell_edit_wins():
    A = MatrixEditor([[1, 2]])
    A.observe(lambda change: setattr(A, "value", np.clip(change["new"], -5, 5)), names="value")
    A.cells[0][1].value = "10"
    np.testing.assert_array_equal(A.value, [[1, 5]])
    assert texts(A) == [["1", "5"]]
    assert A.error == ""


def test_edit_to_same_number_reformats_without_notification():
    A = MatrixEditor([[0.5]])
    rec = Recorder(A)
    A.cells[0][0].value = " 1/2 "
    assert len(rec) == 0
    assert A.cells[0][0].value == "0.5"


def test_edit_touches_only_that_cell():
    A = MatrixEditor(A0)
    seen = []
    for row in A.cells:
        for cell in row:
            cell.observe(lambda c, cell=cell: seen.append(cell), names="value")
    A.cells[0][0].value = "7"
    assert seen == [A.cells[0][0]]
    assert A.cells[0][0] is A._grid.children[0]  # grid not rebuilt


def test_bad_edit_marks_cell_and_keeps_value():
    A = MatrixEditor(A0, name="A")
    rec = Recorder(A)
    A.cells[1][2].value = "abc"
    assert len(rec) == 0
    np.testing.assert_array_equal(A.value, A0)
    assert A.error == "A[2,3]: 'abc' is not a number"
    assert painted_red(A, 1, 2) and A.background(1, 2) == ERROR_BACKGROUND
    assert A.cells[1][2].style.background is None  # the style is every cell's: the sheet paints
    assert "A[2,3]: &#x27;abc&#x27; is not a number" in A._error_html.value
    assert A.cells[1][2].value == "abc"  # the learner's text stays to be fixed


def test_fixing_the_cell_clears_the_error():
    A = MatrixEditor(A0, name="A")
    A.cells[1][2].value = "abc"
    rec = Recorder(A)
    A.cells[1][2].value = "9"
    assert len(rec) == 1
    assert A.value[1, 2] == 9
    assert A.error == ""
    assert A._error_html.value == ""
    assert not painted_red(A, 1, 2)


def test_several_bad_cells_are_listed_in_reading_order():
    A = MatrixEditor(A0, name="A")
    A.cells[1][0].value = "x"
    A.cells[0][2].value = ""
    assert A.error.splitlines() == ["A[1,3]: '' is not a number", "A[2,1]: 'x' is not a number"]
    A.cells[0][2].value = "2"  # a valid edit elsewhere keeps the other error
    assert A.error == "A[2,1]: 'x' is not a number"
    assert A.cells[1][0].value == "x"
    assert A.value[0, 2] == 2


def test_renaming_updates_error_messages():
    A = MatrixEditor(A0, name="A")
    A.cells[0][0].value = "?"
    A.name = "B"
    assert A.error == "B[1,1]: '?' is not a number"


def test_python_set_updates_cells_with_one_notification():
    A = MatrixEditor(A0)
    rec = Recorder(A)
    A.value = [[0, 0, 0], [1, 2, 2.5]]
    assert len(rec) == 1
    assert texts(A) == [["0", "0", "0"], ["1", "2", "2.5"]]
    assert isinstance(A.value, np.ndarray) and A.value.dtype == float


def test_python_set_of_equal_matrix_is_silent():
    A = MatrixEditor(A0)
    rec = Recorder(A)
    A.value = np.array(A0, dtype=float)
    A.value = A0
    assert len(rec) == 0


def test_python_set_clears_bad_cells():
    A = MatrixEditor(A0)
    A.cells[0][0].value = "abc"
    A.value = np.zeros((2, 3))
    assert A.error == ""
    assert A.cells[0][0].value == "0"
    assert not painted_red(A, 0, 0)


def test_python_set_of_new_shape_rebuilds_grid():
    A = MatrixEditor(A0)
    old = A.cells[0][0]
    rec = Recorder(A)
    A.value = [[1], [2], [3]]
    assert len(rec) == 1
    assert A.shape == (3, 1)
    assert texts(A) == [["1"], ["2"], ["3"]]
    assert len(A._grid.children) == 3
    assert old.comm is None  # closed
    assert "(3×1)" in A._title.value


def test_value_is_read_only_array():
    A = MatrixEditor(A0)
    with pytest.raises(ValueError):
        A.value[0, 0] = 99


@pytest.mark.parametrize(
    "bad, match",
    [
        ([1, 2, 3], "2-D"),
        ([[[1]]], "2-D"),
        (np.zeros((0, 3)), "A must"),
        ([[1, float("nan")]], r"A\[1,2\] is nan: every entry must be a finite number"),
        ([[1], [float("inf")]], r"A\[2,1\] is inf"),
        ([["a", 1]], "numbers"),
        ([[1, 2], [3]], "A"),
    ],
)
def test_bad_python_values_raise(bad, match):
    A = MatrixEditor(A0, name="A")
    rec = Recorder(A)
    with pytest.raises(TraitError, match=match):
        A.value = bad
    assert len(rec) == 0
    np.testing.assert_array_equal(A.value, A0)
    with pytest.raises(TraitError, match=match):
        MatrixEditor(bad, name="A")


def test_shape_bounds():
    A = MatrixEditor([[1, 2]], max_shape=(2, 2))
    with pytest.raises(TraitError, match="between 1×1 and 2×2, got 1×3"):
        A.value = [[1, 2, 3]]
    with pytest.raises(TraitError, match="at least 2×1"):
        MatrixEditor([[1, 2]], min_shape=(2, 1))
    with pytest.raises(TraitError):
        MatrixEditor([[1]], min_shape=(3, 3), max_shape=(2, 2))
    # Not resizable and no max given: no upper bound.
    assert MatrixEditor(np.zeros((2, 9))).shape == (2, 9)
    # Resizable: 6×6 by default.
    with pytest.raises(TraitError, match="6×6"):
        MatrixEditor(np.zeros((7, 2)), resizable=True)


def test_resize_keeps_entries_and_pads_with_zeros():
    A = MatrixEditor([[1, 2], [3, 4]])
    rec = Recorder(A)
    A.resize(3, 3)
    assert len(rec) == 1
    np.testing.assert_array_equal(A.value, [[1, 2, 0], [3, 4, 0], [0, 0, 0]])
    A.resize(1, 2)
    np.testing.assert_array_equal(A.value, [[1, 2]])
    assert texts(A) == [["1", "2"]]
    A.resize(1, 2)
    assert len(rec) == 2
    with pytest.raises(TraitError):
        A.resize(0, 2)


def test_resize_out_of_bounds_raises():
    A = MatrixEditor([[1]], resizable=True)
    with pytest.raises(TraitError):
        A.resize(7, 1)
    assert A.shape == (1, 1)


def test_resize_pickers():
    A = MatrixEditor([[1, 2], [3, 4]], resizable=True, max_shape=(4, 5))
    rows_picker, cols_picker = controls(A)["rows"], controls(A)["columns"]
    assert rows_picker.options == (1, 2, 3, 4)
    assert cols_picker.options == (1, 2, 3, 4, 5)
    assert (rows_picker.value, cols_picker.value) == (2, 2)
    rec = Recorder(A)
    rows_picker.value = 3  # what the learner's pick does
    assert len(rec) == 1 and A.shape == (3, 2)
    np.testing.assert_array_equal(A.value[:2], [[1, 2], [3, 4]])
    A.value = np.ones((1, 4))  # Python set moves the pickers, no extra change
    assert len(rec) == 2
    assert (rows_picker.value, cols_picker.value) == (1, 4)
    assert controls(A)["rows"] is rows_picker  # still shown


def test_not_resizable_has_no_pickers():
    A = MatrixEditor(A0)
    assert len(A.children) == 3 and not {"rows", "columns"} & set(controls(A))


def test_read_only_disables_cells():
    A = MatrixEditor(A0, read_only=True)
    assert all(cell.disabled for row in A.cells for cell in row)
    assert A.cells[0][0].get_state()["disabled"] is True
    A.read_only = False
    assert not any(cell.disabled for row in A.cells for cell in row)
    A.read_only = True
    A.value = [[1]]  # rebuilt cells stay disabled
    assert A.cells[0][0].disabled


def test_highlight_row_and_column():
    A = MatrixEditor(np.zeros((3, 3)), highlight_row=1)
    colors = [[A.background(i, j) for j in range(3)] for i in range(3)]
    assert colors[1] == [HIGHLIGHT_BACKGROUND] * 3
    assert colors[0] == [None] * 3
    A.highlight_col = 2
    assert A.background(0, 2) == HIGHLIGHT_BACKGROUND
    assert A.background(1, 2) not in (None, HIGHLIGHT_BACKGROUND)  # crossing
    A.highlight_row = None
    assert A.background(1, 0) is None
    with pytest.raises(TraitError, match="highlight_col: expected a column from 0 to 2, or None; got 10"):
        A.highlight_col = 10  # past the edge: refused, the last one stays
    assert A.highlight_col == 2
    with pytest.raises(TraitError, match="highlight_row: expected a row from 0 to 2"):
        A.highlight_row = -1


def test_a_resize_drops_the_highlights_past_the_new_edge():
    A = MatrixEditor(np.zeros((3, 3)), resizable=True, highlight_row=2, highlight_col=2)
    A.resize(2, 3)
    assert (A.highlight_row, A.highlight_col) == (None, 2)
    assert ".mx-r" not in A._title.value and ".mx-c2" in A._title.value


def test_highlight_is_one_style_sheet_update_not_one_per_cell():
    A = MatrixEditor(np.zeros((3, 3)), highlight_row=0, highlight_col=0)
    sent = []
    for row in A.cells:
        for cell in row:
            cell.style.observe(sent.append, names="background")
    sheets = []
    A._title.observe(sheets.append, names="value")
    A.highlight_row, A.highlight_col = 2, 1
    assert sent == [] and len(sheets) == 2
    css = A._title.value
    editor = f".matrix-editor-{A.model_id}"
    assert f"{editor} .mx-r2 input.widget-input {{background-color: {HIGHLIGHT_BACKGROUND}}}" in css
    assert f"{editor} .mx-c1 input.widget-input" in css and ".mx-r2.mx-c1" in css
    assert {"mx-r2", "mx-c1"} <= set(classes(A.cells[2][1]))
    A.highlight_row = A.highlight_col = None
    assert "<style>" not in A._title.value


def test_error_colour_wins_over_highlight():
    A = MatrixEditor(np.zeros((2, 2)), highlight_row=0)
    A.cells[0][0].value = "bad"
    assert painted_red(A, 0, 0) and A.background(0, 0) == ERROR_BACKGROUND
    css = A._title.value
    assert css.index(HIGHLIGHT_BACKGROUND) < css.index(ERROR_BACKGROUND)  # the later rule wins
    A.cells[0][0].value = "1"
    assert not painted_red(A, 0, 0)
    assert A.background(0, 0) == HIGHLIGHT_BACKGROUND


def test_children_assigned_once_layout():
    A = MatrixEditor(A0)
    assert A.children == (A._title, A._grid, A._error_html)
    assert A.cells[0][0].layout.width == "4.5em"


def test_validate_matrix_and_trait():
    m = validate_matrix([[1, 2]])
    assert m.flags.writeable is False
    with pytest.raises(TraitError, match="B"):
        validate_matrix([1], name="B")
    assert MatrixTrait().info_text


# -- property tests ----------------------------------------------------------

cell_text = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"-?[0-9]{1,4}(\.[0-9]{1,3})?(/[0-9]{1,3})?", fullmatch=True),
)


@settings(max_examples=60, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 2), cell_text), max_size=8))
def test_typing_never_raises_and_value_is_last_valid(edits):
    A = MatrixEditor(A0, name="A")
    expected = np.array(A0, dtype=float)
    for i, j, text in edits:
        A.cells[i][j].value = text
        try:
            expected[i, j] = parse_number(text)
        except ValueError:
            pass
        np.testing.assert_array_equal(A.value, expected)
        assert A.value.shape == (2, 3) and np.isfinite(A.value).all()
    bad_cells = len(A.error.splitlines()) if A.error else 0
    assert bad_cells == sum(
        painted_red(A, i, j) for i, row in enumerate(A.cells) for j in range(len(row))
    )


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda r: st.integers(1, 4).flatmap(
            lambda c: st.lists(
                st.lists(st.floats(-1e5, 1e5, allow_nan=False), min_size=c, max_size=c),
                min_size=r,
                max_size=r,
            )
        )
    )
)
def test_python_set_round_trips_through_cells(matrix):
    A = MatrixEditor([[0]])
    rec = Recorder(A)
    A.value = matrix
    np.testing.assert_array_equal(A.value, np.array(matrix, dtype=float))
    assert len(rec) == (0 if np.array_equal(matrix, [[0]]) else 1)
    assert A.shape == np.shape(matrix)
    assert A.error == ""


def test_a_cell_reads_fractions_and_arithmetic_and_refuses_a_comma_that_could_split_it():
    """Issue 21: the forms a learner writes on paper; a comma in a cell might separate two entries."""
    A = MatrixEditor([[0, 0]], name="A")
    A.cells[0][0].value = "½"
    A.cells[0][1].value = "2*(-4) + 4*(-1)"
    assert A.value.tolist() == [[0.5, -12.0]] and A.error == ""
    assert (A.cells[0][0].value, A.cells[0][1].value) == ("0.5", "-12")  # shown as read
    A.cells[0][1].value = "6,19"
    assert A.error == ("A[1,2]: '6,19' is not a number: a comma could separate two numbers: "
                       "type one number, with a decimal point (6.19)")
    assert A.value.tolist() == [[0.5, -12.0]]
    A.cells[0][1].value = "1/2/3"
    assert "can be read two ways" in A.error
