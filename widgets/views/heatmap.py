"""A heatmap for score and weight matrices, with each value written in its cell.

`MatrixHeatmap` shows a matrix the way it is printed: row 1 at the top,
column 1 at the left, rows labelled on the left (query tokens) and columns
at the bottom (key tokens).  Scores ``S = Q K^T`` get diverging colours
centred at 0; attention weights get a sequential 0-to-1 scale.  Clicking a
cell sets `selected`; `highlight_row` outlines one row (the token being
updated).

The cells are a bqplot `GridHeatMap` on linear scales where cell ``(i, j)``
spans ``[j, j+1] × [i, i+1]``; the numbers are a `Label` mark at the cell
centres, and the row outline a `Lines` mark on the same scales.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from bqplot import Axis, ColorScale, GridHeatMap, Label, LinearScale, Lines
from bqplot.traits import array_from_json, array_to_json
from ipywidgets import Layout
from numpy.typing import ArrayLike
from traitlets import Enum, Int, List, TraitError, Tuple, Unicode, default, observe, validate
from traittypes import Array

from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.traits import CELL, ROW, MatrixTrait, check_highlight, drop_lost_highlights
from ..core.parsing import format_number
from ..core.plot_frame import cell_centers
from ..text import alternatives
from .described import DescribedFigure

__all__ = ["MatrixHeatmap"]

_SELECTED_STYLE = {"stroke": "black", "stroke-width": "3px"}
HIGHLIGHT_COLOR = "#ff7f0e"
#: Above this fraction of the colour range a cell is dark: write in white.
_DARK_FROM = 0.6
#: The traits that mark a place of the matrix, and what each marks.
_HIGHLIGHTS = {"selected": CELL, "highlight_row": ROW}


def _color_limits(matrix, kind):
    """Return ``(scheme, min, mid, max)`` of the colour scale for `kind`."""
    if kind == "weights":
        return "Blues", 0.0, None, 1.0
    reach = float(np.max(np.abs(matrix)))
    if reach == 0.0:
        reach = 1.0  # an all-zero score matrix still needs a range
    return "RdBu", -reach, 0.0, reach


def _text_colors(matrix, kind, lo, hi):
    """One text colour per cell, row-major: white on dark cells."""
    values = np.asarray(matrix, dtype=float).ravel()
    if kind == "weights":
        depth = (values - lo) / (hi - lo)
    else:
        depth = np.abs(values) / hi  # RdBu is dark at both ends
    return ["white" if d > _DARK_FROM else "black" for d in depth]


def _boundaries(count):
    """Cell boundaries ``0..count``, padded to at least 2 cells.

    bqplot squeezes the colour array, so a heatmap with one row or column
    would reach the browser as 1-D and not draw; the padding adds a cell of
    zero size (both boundaries at `count`), which is never seen.
    """
    edges = np.arange(count + 1, dtype=float)
    if count < 2:
        edges = np.append(edges, [float(count)] * (2 - count))
    return edges


def _padded(matrix):
    rows, cols = matrix.shape
    padded = np.zeros((max(rows, 2), max(cols, 2)))
    padded[:rows, :cols] = matrix
    return padded


def _font_size(shape):
    biggest = max(shape)
    return 14.0 if biggest <= 4 else 12.0 if biggest <= 6 else 10.0


def _last_cell(selection):
    """The last ``(row, col)`` pair of a GridHeatMap selection, or None."""
    if selection is None:
        return None
    pairs = np.array(np.asarray(selection, dtype=object).tolist(), dtype=float)
    if pairs.size == 0:
        return None
    i, j = pairs.reshape(-1, 2)[-1]
    return int(i), int(j)


def _selection_from_json(value, obj=None):
    """Read a GridHeatMap selection sent by the browser as an int array.

    A click sends a plain JSON list of ``[row, column]`` pairs (a ctrl-click
    may mix in typed-array pairs); bqplot reads that as an object array it
    then cannot write back, and the click fails in the kernel
    (bqplot issue #1632).  Here every pair becomes a row of an int array.
    """
    if isinstance(value, list):
        pairs = [
            array_from_json(item) if isinstance(item, dict) else np.asarray(item)
            for item in value
        ]
        return np.array(pairs, dtype=np.int32).reshape(-1, 2)
    return array_from_json(value, obj)


class _GridCells(GridHeatMap):
    """A `GridHeatMap` whose click selection reaches Python (see above)."""

    selected = Array(None, allow_none=True).tag(
        sync=True, to_json=array_to_json, from_json=_selection_from_json
    )


class MatrixHeatmap(OwnsChildren, DescribedFigure):
    """A colour grid of a matrix with its entries written in the cells.

    Parameters
    ----------
    matrix : array_like
        A non-empty 2-D table of finite numbers.
    row_labels, col_labels : list of str or None, optional
        Names for the rows (left axis, top to bottom) and columns (bottom
        axis), e.g. the tokens.  Default: ``"1"``, ``"2"``, ...
    kind : {"scores", "weights"}, optional
        ``"scores"``: diverging colours, white at 0, symmetric range
        ``±max|entry|``.  ``"weights"``: light to dark blue over ``[0, 1]``.
    title : str, optional
        Figure title.
    selected : tuple of int or None, optional
        Initially selected cell ``(i, j)``, 0-based.
    highlight_row : int or None, optional
        0-based row to outline.
    **kwargs
        Passed to `bqplot.Figure` (e.g. ``layout``, ``fig_margin``).

    Notes
    -----
    To change the shape of `matrix` and the labels together, set them
    inside ``with heatmap.hold_trait_notifications():`` (checked together at
    the end), or set the labels to None first.  A `selected` cell or
    `highlight_row` past the edge is refused (TraitError), and a shrinking
    matrix drops one that no longer exists to None, as every highlight does
    (`widgets.base.traits.check_highlight`).

    Examples
    --------
    >>> S = [[2, -1, 0.5], [0, 3, -2]]
    >>> hm = MatrixHeatmap(S, col_labels=["the", "cat", "sat"], title="S")
    >>> hm.selected is None
    True
    >>> hm.selected = (1, 2)
    >>> hm.highlight_row = 0
    >>> with hm.hold_trait_notifications():
    ...     hm.matrix = [[0.2, 0.8]]
    ...     hm.col_labels = ["a", "b"]
    >>> hm.selected, hm.highlight_row
    (None, 0)
    >>> hm.matrix = [[1, 2, 3]]
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: matrix has 3 columns but col_labels has 2 names
    """

    matrix = MatrixTrait(help="The matrix shown, a read-only 2-D float array.")
    row_labels = List(
        Unicode(), default_value=None, allow_none=True,
        help="Row names, top to bottom; None for 1, 2, ...",
    )
    col_labels = List(
        Unicode(), default_value=None, allow_none=True,
        help="Column names, left to right; None for 1, 2, ...",
    )
    kind = Enum(
        ["scores", "weights"], default_value="scores",
        help="'scores' (diverging at 0) or 'weights' (sequential on [0, 1]).",
    )
    selected = Tuple(
        Int(), Int(), default_value=None, allow_none=True,
        help="The clicked cell (i, j), 0-based, or None.",
    )
    highlight_row = Int(
        None, allow_none=True, help="0-based row to outline, or None."
    )

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        matrix: ArrayLike,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        kind: Literal["scores", "weights"] = "scores",
        *,
        title: str = "",
        selected: tuple[int, int] | None = None,
        highlight_row: int | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("layout", Layout(width="380px", height="380px"))
        kwargs.setdefault("fig_margin", dict(top=40, bottom=35, left=70, right=15))
        kwargs.setdefault("display_toolbar", False)
        super().__init__(title=title, padding_x=0, padding_y=0, **kwargs)
        self._writing = Guard()
        self._own(self.scale_x, self.scale_y)  # the figure's own default scales

        self._x_scale = self._own(LinearScale(min=0.0, max=1.0, allow_padding=False))
        # reverse: row 0 at the top, as a matrix is printed.
        self._y_scale = self._own(LinearScale(min=0.0, max=1.0, reverse=True, allow_padding=False))
        self._color_scale = self._own(ColorScale(scheme="RdBu", min=-1.0, max=1.0, mid=0.0))
        positions = {"x": self._x_scale, "y": self._y_scale}

        self._cells = _GridCells(
            color=np.zeros((2, 2)),
            row=_boundaries(2),
            column=_boundaries(2),
            scales={
                "row": self._y_scale,
                "column": self._x_scale,
                "color": self._color_scale,
            },
            stroke="white",
            interactions={"click": "select"},
            selected_style=_SELECTED_STYLE,
        )
        # The numbers sit on top of the cells and would swallow clicks on
        # them, so they are selectable too and report the same cell.
        self._numbers = Label(
            scales=positions,
            align="middle",
            font_weight="normal",
            default_size=14.0,
            interactions={"click": "select"},
        )
        self._outline = Lines(
            scales=positions,
            colors=[HIGHLIGHT_COLOR],
            stroke_width=3,
            visible=False,
            apply_clip=False,  # the outline of an edge row would be half cut
        )
        self._col_axis = Axis(scale=self._x_scale, side="bottom", grid_lines="none")
        self._row_axis = Axis(scale=self._y_scale, side="left", grid_lines="none")
        self.marks = list(self._own(self._cells, self._numbers, self._outline))
        self.axes = list(self._own(self._col_axis, self._row_axis))
        self.add_class("matrix-heatmap")
        self._cells.observe(self._on_cells_selected, names="selected")
        self._numbers.observe(self._on_numbers_selected, names="selected")

        with self.hold_trait_notifications():
            self.matrix = matrix
            self.row_labels = row_labels
            self.col_labels = col_labels
            self.kind = kind
            self.selected = selected
            self.highlight_row = highlight_row
        self._ready = True
        self._render()

    # -- validation -------------------------------------------------------

    @default("matrix")
    def _default_matrix(self):
        return np.zeros((1, 1))

    @validate("matrix")
    def _validate_matrix(self, proposal):
        rows, cols = proposal.value.shape
        self._check_labels(self.row_labels, rows, "rows", "row_labels")
        self._check_labels(self.col_labels, cols, "columns", "col_labels")
        return proposal.value

    @validate("row_labels")
    def _validate_row_labels(self, proposal):
        self._check_labels(proposal.value, self.matrix.shape[0], "rows", "row_labels")
        return proposal.value

    @validate("col_labels")
    def _validate_col_labels(self, proposal):
        self._check_labels(proposal.value, self.matrix.shape[1], "columns", "col_labels")
        return proposal.value

    @staticmethod
    def _check_labels(labels, count, what, name):
        if labels is not None and len(labels) != count:
            raise TraitError(
                f"matrix has {count} {what} but {name} has {len(labels)} names"
            )

    @validate(*_HIGHLIGHTS)
    def _validate_highlight(self, proposal):
        return check_highlight(proposal, self.matrix.shape, _HIGHLIGHTS)

    # -- drawing ----------------------------------------------------------

    @observe("matrix")
    def _on_matrix_change(self, change):
        drop_lost_highlights(self, self.matrix.shape, _HIGHLIGHTS)
        if self._ready:
            self._render()

    @observe("row_labels", "col_labels", "kind", "selected", "highlight_row", "title")
    def _on_state_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        matrix = self.matrix
        rows, cols = matrix.shape
        scheme, lo, mid, hi = _color_limits(matrix, self.kind)
        x, y = cell_centers(rows, cols)
        row_names = self.row_labels or [str(i + 1) for i in range(rows)]
        col_names = self.col_labels or [str(j + 1) for j in range(cols)]
        row_ticks = np.arange(rows) + 0.5
        col_ticks = np.arange(cols) + 0.5
        if self.selected is None:
            cell_selection = label_selection = None
        else:
            i, j = self.selected
            cell_selection = np.array([[i, j]], dtype=np.int32)
            label_selection = np.array([i * cols + j], dtype=np.uint32)
        outline = {"visible": self.highlight_row is not None}
        if self.highlight_row is not None:
            top = float(self.highlight_row)
            outline["x"] = np.array([0.0, cols, cols, 0.0, 0.0])
            outline["y"] = np.array([top, top, top + 1, top + 1, top])
        self._apply([
            (self._x_scale, {"max": float(cols)}),
            (self._y_scale, {"max": float(rows)}),
            (self._color_scale, {"scheme": scheme, "min": lo, "mid": mid, "max": hi}),
            # color first: bqplot checks row/column lengths against it.
            (self._cells, {
                "color": _padded(matrix),
                "row": _boundaries(rows),
                "column": _boundaries(cols),
                "selected": cell_selection,
            }),
            (self._numbers, {
                "x": x,
                "y": y,
                "text": np.array([format_number(v) for v in matrix.ravel()]),
                "colors": _text_colors(matrix, self.kind, lo, hi),
                "default_size": _font_size(matrix.shape),
                "selected": label_selection,
            }),
            (self._outline, outline),
            (self._row_axis, {
                "tick_values": row_ticks,
                "tick_labels": {str(t): s for t, s in zip(row_ticks, row_names)},
            }),
            (self._col_axis, {
                "tick_values": col_ticks,
                "tick_labels": {str(t): s for t, s in zip(col_ticks, col_names)},
            }),
            (self, {"tooltip": alternatives.heatmap(matrix, row_names, col_names, self.title)}),
        ])

    def _apply(self, updates):
        """Apply `updates` in one batch, ignoring the echoes of our own changes."""
        with self._writing:
            apply_changes(updates)

    # -- clicks from the browser -------------------------------------------

    def _select_from_browser(self, cell):
        rows, cols = self.matrix.shape
        if cell is not None and not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            return  # a padding cell: not part of the matrix
        if cell == self.selected:
            self._render()  # normalise the marks' selections to this cell
        else:
            self.selected = cell

    def _on_cells_selected(self, change):
        if not self._writing:
            self._select_from_browser(_last_cell(change.new))

    def _on_numbers_selected(self, change):
        if self._writing:
            return
        if change.new is None or len(change.new) == 0:
            self._select_from_browser(None)
        else:
            self._select_from_browser(divmod(int(change.new[-1]), self.matrix.shape[1]))
