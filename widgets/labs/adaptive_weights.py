r"""Lab 10's two comparisons: a fixed dense layer against attention's adaptive weights.

`DenseVsAttention` puts the same tokens through a dense layer, whose matrix
``W`` never moves, and through attention, whose weights ``A_att(X)`` are
computed from the tokens, and says after each edit of ``X`` how many weights
moved.  `LinearityTables` scales the tokens by ``c`` and compares
``f(cX)`` with ``c f(X)`` for the dense layer, for attention with its weights
held fixed, and for attention as a whole.  Their words are
`widgets.text.adaptive_weights_words` (with `ROLES_HTML`, the table that reads
attention as the adaptive form ``W(x) U(x) + B(x) + b``, and `equality_verdict`).

Both follow an `AttentionExplorer` (its editors and its weights heatmap);
the arithmetic is `widgets.core.attention_math` (`attention`, and
`weight_shift` for what an edit moved) and `widgets.core.dense_layer`.  Their parts' CSS classes start
with a prefix, lab 10's (``lab10-...``) unless told, which tests read.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, FloatSlider, HBox, Layout, VBox
from numpy.typing import ArrayLike

from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.slider_entry import SliderEntry
from ..core.attention_math import attention, weight_shift
from ..core.dense_layer import dense_rows
from ..text.adaptive_weights_words import (
    LINEARITY_HTML,
    LINEARITY_TITLES,
    MATRIX_NAMES,
    VERSUS_HTML,
    WEIGHTS_CHANGE_HTML,
    equality_verdict,
    last_edit_html,
)
from ..text.alerts import alert_html
from ..views.heatmap import MatrixHeatmap
from ..views.matrix_view import MatrixView
from .attention_explorer import AttentionExplorer
from .naming import tag_parts

__all__ = ["DenseVsAttention", "LinearityTables"]


def _error(text):
    return alert_html(text, tag="span")


class DenseVsAttention(OwnsChildren, VBox):
    r"""The tokens of an `AttentionExplorer` through a fixed dense layer and through attention.

    Shows the explorer's editors, the dense layer's ``W`` beside attention's
    ``A_att(X)`` (heatmaps), the outputs ``Ŷ = X Wᵀ`` and ``H = A_att(X) V``,
    and a line that says, after an edit of ``X``, which tokens changed and
    how many weights moved: attention's, in every row; the dense layer's,
    none.

    Parameters
    ----------
    explorer : AttentionExplorer
        Built with the ``"editors"`` and ``"weights"`` parts.
    W : array_like
        The dense layer's fixed matrix (outputs × features).
    prefix : str, optional
        Starts the CSS class of each part (``{prefix}-compare``, ...).
        Default ``"lab10"``.
    outputs : bool, optional
        Show the outputs ``Ŷ`` and ``H`` under the two matrices (default).
        With False they are left out, in `outputs`, for a lab to hold back
        until its questions on the outputs are answered: typed ``2X``, they
        would say whether each output doubles.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    explorer : AttentionExplorer
        The `AttentionExplorer` followed.
    dense_map : MatrixHeatmap
        Heatmap of the dense layer's ``W``.
    Y_view : MatrixView
        The dense layer's output ``X Wᵀ``.
    H_view : MatrixView
        Attention's output ``A_att(X) V``.
    change : HTML
        The line that says what the last edit of ``X`` moved.

    Examples
    --------
    >>> from widgets import AttentionExplorer
    >>> ex = AttentionExplorer([[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 1]], [[1, 0.5], [-0.5, 1]],
    ...                        [[1, 0], [0, 1]], parts=("editors", "weights"))
    >>> panel = DenseVsAttention(ex, [[1, -1], [0.5, 2]])
    >>> panel.change.value
    '<i>Change an entry of X to compare.</i>'
    >>> ex.X_editor.cells[2][0].value = "3"
    >>> "changed token 3 (sat)" in panel.change.value, "0 of 4</b> entries of W moved" in panel.change.value
    (True, True)
    """

    def __init__(self, explorer: AttentionExplorer, W: ArrayLike, *, prefix: str = "lab10", outputs: bool = True,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.explorer = explorer
        self._W = np.array(W, dtype=float)
        self.dense_map = MatrixHeatmap(
            self._W,
            row_labels=[f"out {i + 1}" for i in range(self._W.shape[0])],
            col_labels=[f"in {j + 1}" for j in range(self._W.shape[1])],
            title="dense layer: W (fixed)", layout=Layout(width="300px", height="300px"),
        )
        self._weights_map = explorer.weights_heatmap
        self._weights_map.title = "attention: A_att(X)"
        L = explorer.result.H.shape[0]
        self.Y_view = MatrixView(np.zeros((L, self._W.shape[0])), name=MATRIX_NAMES["Y"])
        self.H_view = MatrixView(explorer.result.H, name=MATRIX_NAMES["H"])
        self.change = steady(HTML)
        self._own(self.dense_map, self.Y_view, self.H_view, self.change)
        self._previous = None  # (X, A_att) of the last calculation shown
        tag_parts(prefix, {
            "compare": self, "dense": self.dense_map, "Y": self.Y_view, "H": self.H_view, "change": self.change,
        })
        dense, att = ([self.dense_map, self.Y_view], [self._weights_map, self.H_view]) if outputs else (
            [self.dense_map], [self._weights_map])
        #: The outputs ``Ŷ`` and ``H`` side by side, when not shown here (``outputs=False``).
        self.outputs = None if outputs else self._own(HBox(
            [self.Y_view, self.H_view], layout=Layout(flex_flow="row wrap", grid_gap="8px 48px")))
        self.children = [
            explorer.part("editors"),  # the explorer's: it stays open when this closes
            self._own(HBox([
                self._own(VBox(dense, layout=Layout(align_items="center"))),
                self._own(VBox(att, layout=Layout(align_items="center"))),
            ], layout=Layout(flex_flow="row wrap", grid_gap="8px 48px"))),
            self.change,
        ]
        self._follow(explorer, self._on_result, "result")  # the explorer stays open when this closes
        self._on_result()

    @property
    def W(self) -> np.ndarray:
        """The dense layer's fixed matrix (a copy)."""
        return self._W.copy()

    def _on_result(self, change=None):
        r = self.explorer.result
        X = self.explorer.X_editor.value
        try:
            Y = dense_rows(self._W, X)
        except ValueError as error:  # e.g. X resized to 3 features: keep the last output
            self.change.value = _error(f"Dense layer: {error}. Set features d back to 2.")
            return
        self.Y_view.matrix = Y
        self.H_view.matrix = r.H
        shift = weight_shift(*self._previous, X, r.A) if self._previous is not None else None
        self.change.value = last_edit_html(shift, self.explorer.token_names(), self._W.size)
        self._previous = (X, r.A)


class LinearityTables(OwnsChildren, VBox):
    r"""Scale the tokens by ``c``: which layer gives ``f(cX) = c f(X)``?

    What each comparison shows, written out (`LINEARITY_HTML`), then three
    pairs, each with a verdict: the bias-free dense layer
    (``(cX) Wᵀ`` against ``c X Wᵀ``: equal), attention with its weights held
    fixed (``A_att(X)·(cV)`` against ``c·A_att(X)·V``: equal) and attention as
    a whole (``f_att(cX)`` against ``c f_att(X)``: different, because
    ``A_att(cX)`` is not ``A_att(X)``, shown last).  Attention is computed
    as the explorer computes it: with its scale (``1/√d_k`` and the
    temperature) and its causal mask.

    Parameters
    ----------
    explorer : AttentionExplorer
        Whose tokens and weights are used.
    W : array_like
        The dense layer's fixed matrix.
    c : float, optional
        The starting scale factor, between -2 and 3.  Default 2.
    prefix : str, optional
        Starts the CSS class of each part (``{prefix}-tables``, ...).
        Default ``"lab10"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    c_slider : FloatSlider
        The slider for ``c``.
    c_entry : SliderEntry
        The slider with its entry, for typing ``c``.
    views : dict of str to MatrixView
        ``dense_cX``, ``dense_c``, ``fixed_cV``, ``fixed_c``, ``att_cX``, ``att_c``.
    A_views : dict of str to MatrixView
        ``A_att`` and ``A_att_c``: the weights for ``X`` and for ``cX``.
    verdicts : dict of str to HTML
        ``dense``, ``fixed``, ``att``: "equal" or "different (largest gap ...)".
    tables : VBox
        The three pairs and the weights, without the slider.

    Examples
    --------
    >>> from widgets import AttentionExplorer
    >>> ex = AttentionExplorer([[1, 0], [0, 1], [1, 1]], [[1, 0], [0, 1]], [[1, 0.5], [-0.5, 1]],
    ...                        [[1, 0], [0, 1]], parts=("editors", "weights"))
    >>> tables = LinearityTables(ex, [[1, -1], [0.5, 2]])
    >>> [("equal" in tables.verdicts[k].value) for k in ("dense", "fixed", "att")]
    [True, True, False]
    >>> tables.c_slider.value = 1.0
    >>> "equal" in tables.verdicts["att"].value
    True
    """

    def __init__(
        self,
        explorer: AttentionExplorer,
        W: ArrayLike,
        c: float = 2.0,
        *,
        prefix: str = "lab10",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._explorer = explorer
        self._W = np.array(W, dtype=float)
        self.c_slider = FloatSlider(
            value=c, min=-2.0, max=3.0, step=0.5, description="scale factor c",
            style={"description_width": "initial"}, continuous_update=False,
        )
        self.c_entry = SliderEntry(self.c_slider)  # c can also be typed, checked against the range
        self._own(self.c_slider, self.c_entry)
        L, d_v = explorer.result.H.shape
        self._views = {
            key: MatrixView(np.zeros((L, d_v)), name=MATRIX_NAMES[key])
            for key in ("dense_cX", "dense_c", "att_cX", "att_c", "fixed_cV", "fixed_c")
        }
        self._A_views = {key: MatrixView(np.eye(L), name=MATRIX_NAMES[key]) for key in ("A_att", "A_att_c")}
        self._verdicts = {key: steady(HTML) for key in ("dense", "att", "fixed")}
        self._own(*self._views.values(), *self._A_views.values(), *self._verdicts.values())
        self.tables = self._own(VBox([
            self._row("dense", "dense_cX", "dense_c"),
            self._row("fixed", "fixed_cV", "fixed_c"),
            self._row("att", "att_cX", "att_c"),
            self._own(HBox([self._own(HTML(WEIGHTS_CHANGE_HTML)),
                            self._A_views["A_att"], self._A_views["A_att_c"]],
                           layout=Layout(align_items="center", grid_gap="0 16px"))),
        ], layout=Layout(grid_gap="10px")))
        tag_parts(prefix, {
            "c": self.c_slider, "tables": self.tables, **{f"verdict-{key}": box for key, box in self._verdicts.items()},
        })
        self.layout.grid_gap = "10px"
        self.children = [self._own(MathHTML(LINEARITY_HTML)), self.c_entry, self.tables]
        self.c_slider.observe(self._update, names="value")
        self._follow(explorer, self._update, "result")  # the explorer stays open when this closes
        self._update()

    @property
    def views(self) -> dict[str, MatrixView]:
        """The six outputs compared, by key."""
        return dict(self._views)

    @property
    def A_views(self) -> dict[str, MatrixView]:
        """The weights for ``X`` and for ``cX``."""
        return dict(self._A_views)

    @property
    def verdicts(self) -> dict[str, HTML]:
        """One verdict per pair: ``dense``, ``fixed``, ``att``."""
        return dict(self._verdicts)

    def _row(self, key, left, right):
        return self._own(VBox([
            self._own(HTML(LINEARITY_TITLES[key])),
            self._own(HBox([self._views[left], self._own(HTML(VERSUS_HTML)), self._views[right],
                            self._verdicts[key]],
                           layout=Layout(align_items="center", grid_gap="0 16px"))),
        ]))

    def _update(self, change=None):
        c = self.c_slider.value
        ex = self._explorer
        X = ex.X_editor.value
        W_Q, W_K, W_V = (e.value for e in (ex.W_Q_editor, ex.W_K_editor, ex.W_V_editor))
        try:
            # The explorer's scale, not the default: it carries its temperature (and 1/√d_k or not).
            scale, causal = ex.result.scale, ex.causal
            r = attention(X, W_Q, W_K, W_V, scale=scale, causal=causal)
            r_c = attention(c * X, W_Q, W_K, W_V, scale=scale, causal=causal)
            dense_pair = (dense_rows(self._W, c * X), c * dense_rows(self._W, X))
        except ValueError as error:  # shapes being edited: keep the last tables
            self._verdicts["att"].value = _error(str(error))
            return
        pairs = {
            "dense": (("dense_cX", "dense_c"), dense_pair),
            "att": (("att_cX", "att_c"), (r_c.H, c * r.H)),
            "fixed": (("fixed_cV", "fixed_c"), (r.A @ (c * r.V), c * (r.A @ r.V))),
        }
        for key, ((left_key, right_key), (left, right)) in pairs.items():
            self._views[left_key].matrix = left
            self._views[right_key].matrix = right
            self._verdicts[key].value = equality_verdict(left, right)
        self._A_views["A_att"].matrix, self._A_views["A_att_c"].matrix = r.A, r_c.A
