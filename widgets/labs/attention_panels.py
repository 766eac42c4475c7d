"""The views of the attention explorer, each drawing itself from one `Snapshot`.

The explorer (`widgets.labs.attention_explorer`) computes, then hands every
part it built the same `Snapshot`: the last valid calculation, the token names,
the picked score and the options.  Each part here knows what it shows of it:
`QKVViews` the queries, keys and values; `AttentionHeatmap` the scores or the
weights; `OutputView` ``H``; `ShapesTable` every shape; `ScoreExplanation` the
picked score in words; `WeightRows` one row of sliders per token; `ValuesPanel`
the value vectors and outputs in the plane; `LinesPanel` one row of weights as
lines from token to token.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from ipywidgets import HTML, GridBox, HBox, Layout, VBox
from traitlets import TraitError

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.weight_sliders import WeightSliders
from ..core.attention_math import AttentionResult
from ..text.attention_prose import (
    OUTPUT_NAME,
    average_html,
    lines_note,
    score_explanation,
    shapes_table_html,
    values_note,
    weights_row_title,
)
from ..views.heatmap import MatrixHeatmap
from ..views.matrix_view import MatrixView
from ..views.token_lines import TokenLines
from ..views.values_plot import ValuesPlot

__all__ = [
    "Snapshot",
    "QKVViews",
    "AttentionHeatmap",
    "OutputView",
    "ShapesTable",
    "ScoreExplanation",
    "WeightRows",
    "ValuesPanel",
    "LinesPanel",
]


@dataclass(frozen=True)
class Snapshot:
    """What every part of the explorer draws from, at one moment.

    Attributes
    ----------
    result : AttentionResult
        The last valid calculation.
    names : list of str
        The names of its tokens (its rows).
    tokens : list of str
        The names of the current rows of ``X`` (more or fewer when the inputs do not fit).
    selected : tuple of int or None
        The picked score ``(i, j)``, 0-based.
    expansion : str
        That score written out (``S_24 = q_2 · k_4 = ...``), or ``""``.
    shapes : dict of str to tuple
        The inputs' current shapes and the result's, by name (see `ShapesTable`).
    fits : bool
        Whether the current inputs fit (else the result is an older one).
    by_hand : bool
        Whether the weights are set by hand with sliders (not the softmax).
    causal : bool
        Whether the causal mask is on.
    """

    result: AttentionResult
    names: list[str]
    tokens: list[str] | None = None
    selected: tuple[int, int] | None = None
    expansion: str = ""
    shapes: dict[str, tuple[int, ...]] | None = None
    fits: bool = True
    by_hand: bool = False
    causal: bool = False

    @property
    def focus(self) -> int:
        """The token whose row of weights is drawn: the picked score's row, else the first."""
        return self.selected[0] if self.selected is not None else 0


class QKVViews(OwnsChildren, HBox):
    """``Q``, ``K``, ``K^T`` and ``V``, with the picked query row and key highlighted."""

    def __init__(self, result: AttentionResult, **kwargs: Any) -> None:
        super().__init__(
            layout=Layout(flex_flow="row wrap", grid_gap="8px 28px", align_items="center"),
            **kwargs,
        )
        self.views = {
            key: self._own(MatrixView(matrix, name=key).add_class("attention-" + key.replace("^", "")))
            for key, matrix in (("Q", result.Q), ("K", result.K), ("K^T", result.K.T), ("V", result.V))
        }
        self.children = list(self.views.values())

    def show(self, snapshot: Snapshot) -> None:
        r, v = snapshot.result, self.views
        i, j = snapshot.selected if snapshot.selected is not None else (None, None)
        with contextlib.ExitStack() as stack:
            for view in v.values():
                stack.enter_context(view.hold_sync())
            v["Q"].matrix, v["Q"].highlight_row = r.Q, i
            v["K"].matrix, v["K"].highlight_row = r.K, j
            v["K^T"].matrix, v["K^T"].highlight_col = r.K.T, j
            v["V"].matrix = r.V


class AttentionHeatmap(MatrixHeatmap):
    """The scores ``S`` or the weights ``A_att`` as a heatmap, the picked row outlined."""

    def __init__(self, snapshot: Snapshot, kind: str, **kwargs: Any) -> None:
        title = "scores S = Q Kᵀ" if kind == "scores" else "weights A_att (rows add to 1)"
        super().__init__(
            self._matrix(snapshot.result, kind), row_labels=snapshot.names,
            col_labels=snapshot.names, kind=kind, title=title, selected=snapshot.selected,
            **kwargs,
        )
        self.add_class(f"attention-{kind}")

    @staticmethod
    def _matrix(result, kind):
        return result.S if kind == "scores" else result.A

    def show(self, snapshot: Snapshot) -> None:
        matrix, names = self._matrix(snapshot.result, self.kind), snapshot.names
        if self.matrix.shape != matrix.shape or self.row_labels != names:
            with self.hold_trait_notifications():
                self.row_labels = self.col_labels = None
                self.matrix = matrix
                self.row_labels = self.col_labels = names
        else:
            self.matrix = matrix
        self.highlight_row = snapshot.selected[0] if snapshot.selected is not None else None
        self.selected = snapshot.selected


class OutputView(MatrixView):
    """The output ``H = A_att V``, the focused token's row highlighted."""

    def __init__(self, snapshot: Snapshot, **kwargs: Any) -> None:
        super().__init__(snapshot.result.H, name=OUTPUT_NAME, **kwargs)
        self.add_class("attention-H")

    def show(self, snapshot: Snapshot) -> None:
        with self.hold_sync():
            self.matrix = snapshot.result.H
            self.highlight_row = snapshot.focus


class ShapesTable(HTML):
    """Every matrix's shape, with its letters (``L×d``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("attention-shapes")

    def show(self, snapshot: Snapshot) -> None:
        self.value = shapes_table_html(snapshot.shapes, snapshot.fits)


class ScoreExplanation(HTML):
    """The picked score written out term by term, and what it compares and becomes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=Layout(max_width="100%"), **kwargs)
        self.add_class("attention-expansion")

    def show(self, snapshot: Snapshot) -> None:
        self.value = score_explanation(
            snapshot.result, snapshot.selected, snapshot.expansion, snapshot.names,
            softmax=not snapshot.by_hand, causal=snapshot.causal,
        )


class WeightRows(OwnsChildren, GridBox):
    """One `WeightSliders` per row of ``A_att``: locked to the softmax, or free by hand.

    A learner's move of row ``i`` calls ``on_move(i)``; the rows' own updates do not.
    """

    def __init__(self, on_move: Callable[[int], object], **kwargs: Any) -> None:
        super().__init__(
            layout=Layout(grid_template_columns="repeat(2, max-content)", grid_gap="8px 32px"),
            **kwargs,
        )
        self.add_class("attention-sliders")
        self._on_move = on_move
        self._writing = Guard()
        self.rows = ()
        self.titles = ()

    def weights(self, A: np.ndarray) -> list[tuple[float, ...]]:
        """The rows' weights, as a list of rows; rebuilt from `A` if its size changed."""
        self._fit(A)
        return [sliders.value for sliders in self.rows]

    def show(self, snapshot: Snapshot) -> None:
        A = snapshot.result.A
        self._fit(A)
        with self._writing:
            for k, (sliders, title) in enumerate(zip(self.rows, self.titles)):
                with sliders.hold_sync():
                    if not snapshot.by_hand:
                        sliders.value = tuple(float(w) for w in A[k])
                    sliders.locked = () if snapshot.by_hand else tuple(range(len(sliders.value)))
                title.value = weights_row_title(k, snapshot.names[k])

    def _fit(self, A):
        L = A.shape[0]
        if len(self.rows) == L and len(self.rows[0].value) == L:
            return
        self._clear()
        self.rows = tuple(
            WeightSliders(value=tuple(float(w) for w in A[i])).add_class(f"attention-row-{i + 1}")
            for i in range(L)
        )
        for i, sliders in enumerate(self.rows):
            sliders.observe(lambda change, i=i: self._moved(i), names="value")
        self.titles = tuple(steady(HTML) for _ in range(L))
        self.children = [VBox([title, sliders]) for title, sliders in zip(self.titles, self.rows)]
        self._own(*self.rows, *self.titles, *self.children)  # closed with the panel, or at the next refit

    def _clear(self):
        for widget in (*self.children, *self.rows, *self.titles):
            widget.close()

    def _moved(self, i):
        if not self._writing:
            self._on_move(i)


class ValuesPanel(OwnsChildren, VBox):
    """The `ValuesPlot` of 2-D values and outputs, the focused output written out, a legend."""

    def __init__(self, snapshot: Snapshot, **kwargs: Any) -> None:
        super().__init__(layout=Layout(width="380px", flex="0 0 auto"), **kwargs)
        r = snapshot.result
        self.average = self._own(steady(HTML).add_class("attention-average"))
        self.note = self._own(steady(HTML))
        values = r.V if r.V.shape[1] == 2 else [[0.0, 0.0]] * r.V.shape[0]
        self.plot = self._own(ValuesPlot(values, r.A, focus=snapshot.focus))
        self.children = [self.plot, self.average, self.note]

    def show(self, snapshot: Snapshot) -> None:
        r, focus = snapshot.result, snapshot.focus
        problem = values_note(V_shape=r.V.shape) if r.V.shape[1] != 2 else None
        if problem is None:
            try:
                self.plot.show_weights(r.V, r.A, focus)
            except TraitError as error:  # e.g. values near 1e308: no room to draw them
                problem = values_note(problem=error)
        self.plot.layout.visibility = "hidden" if problem else "visible"
        self.note.value = problem or values_note()
        self.average.value = "" if problem else average_html(r.A, r.V, focus)


class LinesPanel(OwnsChildren, VBox):
    """One row of ``A_att`` as lines from a token to every token (`TokenLines`), with a note."""

    def __init__(self, snapshot: Snapshot, **kwargs: Any) -> None:
        super().__init__(layout=Layout(flex="0 0 auto"), **kwargs)
        self.add_class("attention-lines")
        self.lines = self._own(TokenLines(snapshot.result.A, snapshot.names, row=snapshot.focus))
        self.note = self._own(steady(HTML).add_class("attention-lines-note"))
        self.children = [self.lines, self.note]

    def show(self, snapshot: Snapshot) -> None:
        self.lines.show(snapshot.result.A, snapshot.focus, snapshot.names)
        self.note.value = lines_note(snapshot.focus, snapshot.names[snapshot.focus])
