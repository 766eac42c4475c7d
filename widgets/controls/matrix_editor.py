"""A grid of text cells for typing a matrix, with per-cell error messages.

`MatrixEditor` is the input every lab uses: one `Text` per entry, committed on
Enter or when the learner leaves the cell.  A bad entry marks its cell and is
explained under the grid, while `value` keeps the last valid matrix, so code
observing `value` only ever sees real matrices.

`value` is a `MatrixTrait` (see `widgets.base.traits`): a read-only float
copy that notifies only when the entries really change.
"""

from __future__ import annotations

import functools
import html
import operator
from typing import Any

import numpy as np
from ipywidgets import HTML, Dropdown, GridBox, HBox, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Bool, Int, TraitError, Tuple, Unicode, observe, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import shared_layout, steady
from ..base.traits import COLUMN, ROW, MatrixTrait, check_highlight, drop_lost_highlights
from ..core.parsing import format_number, parse_number
from ..core.shapes import format_shape
from ..text.alerts import alert_html

# The colours are named here too: they are the editor's, as other controls and tests read them.
from .matrix_cells import (  # noqa: F401
    CROSS_BACKGROUND,
    ERROR_BACKGROUND,
    HIGHLIGHT_BACKGROUND,
    cell_background,
    make_cell,
    tint_css,
)

__all__ = ["MatrixEditor"]

#: The traits that mark a place of the matrix, and what each marks.
_HIGHLIGHTS = {"highlight_row": ROW, "highlight_col": COLUMN}


def _bounds(shape, name):
    """Return `shape` as a pair of positive ints, or None."""
    if shape is None:
        return None
    try:
        rows, cols = (operator.index(d) for d in shape)
    except (TypeError, ValueError):
        rows = cols = 0
    if rows < 1 or cols < 1:
        raise TraitError(f"{name} must be (rows, columns) with both >= 1, got {shape!r}")
    return rows, cols


class MatrixEditor(OwnsChildren, VBox):
    """An editable grid of matrix entries.

    Each entry is a `Text` cell that commits on Enter or when focus leaves it.
    A valid entry (``-3``, ``0.25``, ``1e-3``, ``3/4``) updates `value` and is
    rewritten in display form (``3/4`` becomes ``0.75``).  A bad entry turns
    its cell red and is named under the grid (``A[2,3]: 'abc' is not a
    number``); `value` keeps the last valid matrix until the cell is fixed.

    Parameters
    ----------
    value : array_like
        The initial matrix: nested lists or a 2-D array of finite numbers.
    name : str, optional
        The matrix's name, used in the title, cell labels and messages.
    resizable : bool, optional
        Show row and column pickers so the learner can change the shape.
        Existing entries are kept; new ones start at 0.
    min_shape, max_shape : tuple of int, optional
        Bounds on the shape, enforced on every assignment of `value`.  By
        default at least 1×1, and at most 6×6 when `resizable` (no upper
        bound otherwise).
    read_only : bool, optional
        Disable the cells, for showing a computed result.
    highlight_row, highlight_col : int or None, optional
        0-based row and column whose cells are tinted.  One past the edge is
        refused (TraitError); a shrinking matrix drops one that no longer
        exists to None (`widgets.base.traits.check_highlight`).
    **kwargs
        Passed to `VBox` (e.g. ``layout``).

    Attributes
    ----------
    value : numpy.ndarray
        The current matrix (read-only float array).  Setting it rewrites all
        cells and clears any error.
    error : str
        Messages for the cells that do not hold a number, one per line in
        reading order; empty when every cell is valid.
    cells : tuple of tuple of ipywidgets.Text
        The cells, row by row.  Setting a cell's ``value`` is what typing does.
    shape : tuple of int
        ``value.shape``.
    min_shape : tuple of int
        The smallest allowed shape.
    max_shape : tuple of int or None
        The largest allowed shape, or None for no limit.

    Examples
    --------
    >>> A = MatrixEditor([[1, -3, 5], [3, 1, 4]], name="A")
    >>> A.shape
    (2, 3)
    >>> A.cells[0][1].value
    '-3'
    >>> A.cells[1][2].value = "abc"
    >>> A.error
    "A[2,3]: 'abc' is not a number"
    >>> A.value[1, 2]
    np.float64(4.0)
    >>> A.cells[1][2].value = "3/4"
    >>> A.cells[1][2].value, A.value[1, 2], A.error
    ('0.75', np.float64(0.75), '')
    >>> A.resize(3, 3)
    >>> A.value
    array([[ 1.  , -3.  ,  5.  ],
           [ 3.  ,  1.  ,  0.75],
           [ 0.  ,  0.  ,  0.  ]])
    """

    value = MatrixTrait(help="The current matrix, a read-only 2-D float array.")
    name = Unicode("A", help="Name of the matrix, used in labels and messages.")
    error = Unicode(
        "", read_only=True, help="Messages for cells that are not numbers; empty if none."
    )
    read_only = Bool(False, help="Disable the cells (for computed results).")
    cells = Tuple(read_only=True, help="The cell `Text` widgets as a tuple of rows: tuple of tuple of Text.")
    highlight_row = Int(None, allow_none=True, help="0-based row to tint, or None.")
    highlight_col = Int(None, allow_none=True, help="0-based column to tint, or None.")

    _ready = False  # until the end of __init__, which builds the cells with their names

    def __init__(
        self,
        value: ArrayLike,
        name: str = "A",
        *,
        resizable: bool = False,
        min_shape: tuple[int, int] | None = None,
        max_shape: tuple[int, int] | None = None,
        read_only: bool = False,
        highlight_row: int | None = None,
        highlight_col: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.min_shape = _bounds(min_shape, "min_shape") or (1, 1)
        max_default = (6, 6) if resizable else None
        self.max_shape = _bounds(max_shape, "max_shape") or max_default
        if self.max_shape is not None and (
            self.min_shape[0] > self.max_shape[0] or self.min_shape[1] > self.max_shape[1]
        ):
            raise TraitError(
                f"min_shape {self.min_shape} is larger than max_shape {self.max_shape}"
            )
        self._resizable = bool(resizable)
        self._bad = {}  # (i, j) -> parse error message, without the cell name
        self._writing = Guard()  # up while Python writes cell texts
        self._edited_cell = None  # (i, j) while a cell edit assigns `value`
        self._sheet = ""  # the style sheet that paints the cells, written with the title

        # The title also carries the highlight and the red of bad entries: a
        # style sheet for this editor's cells (each carries its row and column
        # as classes), so moving the highlight is one update of the title rather
        # than one per cell tinted or cleared, and needs no widget of its own.
        self._title = self._own(steady(HTML))
        self._grid = self._own(GridBox(layout=Layout(grid_gap="2px 4px")))
        self._error_html = self._own(steady(HTML))
        self.add_class(f"matrix-editor-{self.model_id}")
        self._size_controls = None
        if self._resizable:
            self._rows_picker = self._make_picker("rows", 0)
            self._cols_picker = self._make_picker("columns", 1)
            self._size_controls = self._own(
                HBox([self._rows_picker, self._cols_picker], layout=shared_layout())
            )

        self.name = name
        self.read_only = read_only
        self.value = value  # builds the cells, via _on_value_change
        self.highlight_row = highlight_row
        self.highlight_col = highlight_col

        children = [self._title, self._grid, self._error_html]
        if self._size_controls is not None:
            children.insert(1, self._size_controls)
        self.children = children
        # Beside other widgets in an HBox, keep every column visible rather
        # than shrinking the grid under its cells.
        self.layout.flex = "0 0 auto"
        self._ready = True

    # -- public API ---------------------------------------------------------

    @property
    def shape(self) -> tuple[int, int]:
        """The shape ``(rows, columns)`` of `value`."""
        return self.value.shape

    def resize(self, rows: int, cols: int) -> None:
        """Change the shape, keeping the entries that still fit; new ones are 0.

        Parameters
        ----------
        rows, cols : int
            The new shape, within `min_shape` and `max_shape`.

        Raises
        ------
        traitlets.TraitError
            If the shape is outside the bounds.

        Examples
        --------
        >>> B = MatrixEditor([[1, 2], [3, 4]], name="B")
        >>> B.resize(1, 3)
        >>> B.value
        array([[1., 2., 0.]])
        """
        name = self.name or "the matrix"
        rows, cols = _bounds((rows, cols), f"{name} shape")
        self._check_shape((rows, cols))  # before allocating: resize(10**9, 10**9)
        try:
            new = np.zeros((rows, cols))
        except (ValueError, MemoryError) as error:
            raise TraitError(f"{name} cannot be {rows}×{cols}: {error}") from None
        r, c = min(rows, self.shape[0]), min(cols, self.shape[1])
        new[:r, :c] = self.value[:r, :c]
        self.value = new

    # -- validation and observers -------------------------------------------

    @validate("value")
    def _validate_value(self, proposal):
        matrix = proposal["value"]
        self._check_shape(matrix.shape)
        if (self._bad and self._edited_cell is None and matrix.shape == self.value.shape
                and np.array_equal(matrix, self.value)):
            # A Python set of the same matrix sends no change, but it still
            # rewrites the cells and clears their errors, as any Python set does.
            self._bad.clear()
            self._write_cells()
            self._show_error()
        return matrix

    def _check_shape(self, shape):
        """Raise TraitError if `shape` is outside `min_shape` and `max_shape`."""
        low, high = self.min_shape, self.max_shape
        rows, cols = shape
        too_small = rows < low[0] or cols < low[1]
        too_big = high is not None and (rows > high[0] or cols > high[1])
        if too_small or too_big:
            limits = f"at least {format_shape(low)}"
            if high is not None:
                limits = f"between {format_shape(low)} and {format_shape(high)}"
            name = self.name or "the matrix"
            raise TraitError(f"{name} must be {limits}, got {format_shape(shape)}")

    @validate(*_HIGHLIGHTS)
    def _validate_highlight(self, proposal):
        return check_highlight(proposal, self.value.shape, _HIGHLIGHTS)

    @observe("value")
    def _on_value_change(self, change):
        drop_lost_highlights(self, self.value.shape, _HIGHLIGHTS)
        if self._edited_cell is not None:
            # Our own cell edit: only that cell needs redrawing.
            i, j = self._edited_cell
            self._edited_cell = None
            self._finish_cell_edit(i, j)
            return
        self._bad.clear()
        old = change["old"]
        if not isinstance(old, np.ndarray) or old.shape != change["new"].shape:
            self._build_cells()
        else:
            self._write_cells()
        self._show_error()

    @observe("name")
    def _on_name_change(self, change):
        if not self._ready:  # the cells are built with their names
            return
        for i, row in enumerate(self.cells):
            for j, cell in enumerate(row):
                with cell.hold_sync():
                    name, cell.placeholder = self._cell_labels(i, j)
                    cell.description = cell.tooltip = name
        self._update_title()
        self._show_error()

    @observe("read_only")
    def _on_read_only_change(self, change):
        for row in self.cells:
            for cell in row:
                cell.disabled = change["new"]
        if self._size_controls is not None:
            self._rows_picker.disabled = change["new"]
            self._cols_picker.disabled = change["new"]

    @observe("highlight_row", "highlight_col")
    def _on_highlight_change(self, change):
        self._paint()

    def _on_cell_change(self, i, j, change):
        if self._writing:
            return
        try:
            x = parse_number(change["new"])
        except ValueError as err:
            self._bad[(i, j)] = str(err)
            self._paint()
            self._show_error()
            return
        self._bad.pop((i, j), None)
        new = np.array(self.value)
        new[i, j] = x
        self._edited_cell = (i, j)
        try:
            self.value = new
        finally:
            if self._edited_cell is not None:
                # No notification (same number, e.g. "0.50" for 0.5): still
                # reformat the cell and clear its error.
                self._edited_cell = None
                self._finish_cell_edit(i, j)

    def _on_picker_change(self, change):
        if self._writing:
            return
        self.resize(self._rows_picker.value, self._cols_picker.value)

    # -- drawing -------------------------------------------------------------

    def _make_picker(self, label, axis):
        high = self.max_shape[axis]
        picker = self._own(steady(
            Dropdown,
            options=list(range(self.min_shape[axis], high + 1)),
            description=label,
            style={"description_width": "initial"},
            layout={"width": "auto"},
        ))
        picker.observe(self._on_picker_change, names="value")
        return picker

    def _cell_labels(self, i, j):
        """Accessible name (description and tooltip) and placeholder of cell (i, j)."""
        where = f"row {i + 1}, column {j + 1}"
        tooltip = f"{self.name}, {where}" if self.name else where
        return tooltip, f"{self.name}[{i + 1},{j + 1}]"

    def background(self, i: int, j: int) -> str | None:
        """The colour cell ``(i, j)`` shows: a bad entry's, a highlight's, or None."""
        return cell_background(i, j, self._bad, self.highlight_row, self.highlight_col)

    def _paint(self):
        """Write the style sheet that tints the highlights and turns bad entries red."""
        self._sheet = tint_css(
            f".matrix-editor-{self.model_id}", self.highlight_row, self.highlight_col, self._bad
        )
        self._update_title()

    def _set_text(self, cell, text):
        with self._writing:
            cell.value = text

    def _finish_cell_edit(self, i, j):
        self._set_text(self.cells[i][j], format_number(self.value[i, j]))
        self._paint()
        self._show_error()

    def _build_cells(self):
        rows, cols = self.value.shape
        old_cells = [cell for row in self.cells for cell in row]
        cells = []
        for i in range(rows):
            row = []
            for j in range(cols):
                cell = make_cell(
                    i, j, format_number(self.value[i, j]), *self._cell_labels(i, j),
                    disabled=self.read_only,
                )
                cell.observe(functools.partial(self._on_cell_change, i, j), names="value")
                row.append(cell)
            cells.append(tuple(row))
        self.set_trait("cells", tuple(cells))
        self._paint()  # and the title, with the new shape
        with self._grid.hold_sync():
            self._grid.layout.grid_template_columns = f"repeat({cols}, max-content)"
            self._grid.children = [cell for row in self.cells for cell in row]
        for cell in old_cells:
            cell.close()
        self._own(*(cell for row in self.cells for cell in row))  # forgets the old ones
        if self._size_controls is not None:
            with self._writing:
                self._rows_picker.value, self._cols_picker.value = rows, cols

    def _write_cells(self):
        for i, row in enumerate(self.cells):
            for j, cell in enumerate(row):
                self._set_text(cell, format_number(self.value[i, j]))
        self._paint()

    def _update_title(self):
        self._title.value = (
            f"<b>{html.escape(self.name)}</b> ({format_shape(self.value.shape)}){self._sheet}"
        )

    def _show_error(self):
        messages = [
            f"{self.name}[{i + 1},{j + 1}]: {self._bad[i, j]}" for i, j in sorted(self._bad)
        ]
        self.set_trait("error", "\n".join(messages))
        if messages:
            lines = "<br>".join(html.escape(m) for m in messages)
            self._error_html.value = alert_html(lines, escape=False)
        else:
            self._error_html.value = ""
