"""One attention calculation, laid out so every step can be changed and inspected.

`AttentionExplorer` edits the tokens ``X`` and the weights ``W_Q``, ``W_K``,
``W_V``, and shows what `attention` makes of them: the queries, keys and
values, the score matrix ``S = Q K^T`` and the attention weights ``A_att``
as heatmaps, the output ``H = A_att V`` and the shape of every matrix.
Clicking a score writes it out as a query-key dot product.  A temperature
slider sharpens or flattens the softmax, and a row of ``A_att`` can be drawn
token to token, as lines whose thickness is the weight (`TokenLines`).  Optionally the weights can
be set by hand with one row of sliders per token, and 2-D value vectors are
drawn with each output as their weighted average (`ValuesPlot`).

The state and its rules (the editors, the options, the picked score, computing
with `widgets.core.attention_math.attention`) are `attention_state`'s
`AttentionCalculation`; this module builds the parts asked for, lays them out
and hands each the same `Snapshot` to draw.  The parts are in
`attention_inputs` (editors, seed), `attention_options` (softmax options) and
`attention_panels` (every view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ipywidgets import HTML, HBox, Layout, VBox, Widget
from numpy.typing import ArrayLike
from traitlets import TraitError, Unicode, link

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.weight_sliders import WeightSliders
from ..core.attention_inputs import token_names
from ..text.alerts import alert_html
from ..text.attention_prose import stale_status_html
from ..text.attention_steps import score_expansion
from ..views.token_lines import TokenLines
from ..views.values_plot import ValuesPlot
from .attention_inputs import SeedBox, TokenEditors
from .attention_options import AttentionOptions, temperature_slider
from .attention_panels import (
    AttentionHeatmap,
    LinesPanel,
    OutputView,
    QKVViews,
    ScoreExplanation,
    ShapesTable,
    Snapshot,
    ValuesPanel,
    WeightRows,
)
from .attention_state import INPUTS, AttentionCalculation

__all__ = ["AttentionExplorer", "PARTS"]

#: Every part the explorer can show, in the order it lays them out.
PARTS = (
    "randomise",
    "editors",
    "options",
    "temperature",
    "shapes",
    "qkv",
    "scores",
    "weights",
    "output",
    "expansion",
    "sliders",
    "plot",
    "lines",
)
_DEFAULT_PARTS = ("editors", "options", "shapes", "qkv", "scores", "weights", "output", "expansion")
_DEFAULT_TOKENS = ("a", "cat", "sat", "on", "my", "mat")

#: The rows of the layout: parts in one row sit side by side, wrapping.
_ROWS = (("randomise",), ("editors",), ("options",), ("temperature",), ("qkv", "shapes"),
         ("scores", "weights", "output"), ("expansion",), ("sliders", "plot"), ("lines",))


class AttentionExplorer(AttentionCalculation, OwnsChildren, VBox):
    r"""Edit tokens and weight matrices and watch every step of attention.

    The tokens are the rows of ``X`` (``L×d``); ``W_Q`` and ``W_K`` are
    ``d×d_k`` and ``W_V`` is ``d×d_v``.  The explorer shows ``Q = X W_Q``,
    ``K = X W_K``, ``K^T``, ``V = X W_V``, the scores ``S = Q K^T`` and the
    attention weights ``A_att`` (heatmaps), the output ``H = A_att V`` and a
    table of every shape.  Clicking score ``S_ij`` (or weight ``A_att[i, j]``)
    picks out row ``i``
    of ``Q`` and row ``j`` of ``K`` and writes ``q_i · k_j`` out term by term.

    Changing the number of columns of ``X`` resizes the rows of the three
    weight matrices to match; any other shape that does not fit (a ``W``
    resized by hand, ``W_Q`` and ``W_K`` with different widths) shows the
    explanation in the status line while every view keeps the last valid
    calculation.

    Parameters
    ----------
    X : array_like, optional
        Tokens as rows.  Missing matrices are random (see `randomise`) with
        ``X`` 4×3 and the weights 3×2 unless given shapes imply others.
    W_Q, W_K, W_V : array_like, optional
        Weight matrices.
    tokens : sequence of str, optional
        Token names, used as row labels; rows past the end are named
        ``t7``, ``t8``, ....  Default ``a cat sat on my mat``.
    scaled : bool, optional
        Multiply the scores by ``1/sqrt(d_k)`` before the softmax.  Default
        True.
    temperature : float, optional
        Divide the scores by ``T`` too: the weights are
        ``softmax(S / (T sqrt(d_k)))``.  Clamped to 0.05 ... 20.  Default 1.
    causal : bool, optional
        Let token ``i`` attend only to tokens ``1..i``.  Default False.
    selected : tuple of int or None, optional
        The picked score ``(i, j)``, 0-based.
    parts : sequence of str, optional
        Which parts to build, from `PARTS`: ``"randomise"`` (seed box and
        button), ``"editors"``, ``"options"`` (scaling, mask and, with
        sliders, the weights mode), ``"temperature"`` (a slider for the
        softmax temperature, inside the options when both are built),
        ``"shapes"``, ``"qkv"``, ``"scores"``, ``"weights"``, ``"output"``,
        ``"expansion"``, ``"sliders"`` (one `WeightSliders` per row of
        ``A_att``), ``"plot"`` (a `ValuesPlot`, for 2-D values) and
        ``"lines"`` (a `TokenLines` of the picked row).  Default: all but
        randomise, temperature, sliders, plot and lines.
    seed : int, optional
        Seed for the random matrices and the initial seed box.  Default 0.
    max_tokens, max_features : int, optional
        Largest ``L`` and ``d`` (and ``d_k``) the pickers offer.  Default 6.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    result : AttentionResult
        Read-only: the last valid calculation.
    error : str
        Read-only: why the current inputs do not fit, or ``""``.
    expansion : str
        Read-only: the selected score written out, or ``""``.
    selected : tuple of int or None
        The picked cell ``(i, j)``.
    scaled, causal : bool
        The softmax options.
    temperature : float
        The softmax temperature ``T``.
    weights_mode : {"softmax", "sliders"}
        Where ``A_att`` comes from: the softmax of the scores, or the sliders
        (needs the ``"sliders"`` part).
    tokens : list of str
        Token names.
    parts : tuple of str
        The parts built, in layout order.

    Examples
    --------
    >>> X = [[1, 0, 1], [0, 2, 0], [1, 1, 1], [0, 0, 1]]
    >>> W = [[1, 0], [0, 1], [1, 1]]
    >>> ex = AttentionExplorer(X, W, W, W, scaled=False)
    >>> ex.result.S.shape, ex.shapes["K^T"]
    ((4, 4), (2, 4))
    >>> ex.selected = (1, 3)
    >>> print(ex.expansion)
    S_24 = q_2 · k_4 = q_21 k_41 + q_22 k_42 = 0(1) + 2(1) = 2
    >>> ex.X_editor.resize(4, 2)        # W's rows follow X's columns
    >>> ex.W_Q_editor.shape
    (2, 2)
    >>> ex.W_K_editor.resize(2, 3)      # W_Q is 2 wide: scores cannot be formed
    >>> ex.error.split(":")[0]
    'W_Q is 2×2 and W_K is 2×3'
    >>> ex.result.S.shape               # the last valid calculation stays
    (4, 4)
    """

    expansion = Unicode("", read_only=True, help="The selected score written out.")

    def __init__(
        self,
        X: ArrayLike | None = None,
        W_Q: ArrayLike | None = None,
        W_K: ArrayLike | None = None,
        W_V: ArrayLike | None = None,
        *,
        tokens: Sequence[str] = _DEFAULT_TOKENS,
        scaled: bool = True,
        causal: bool = False,
        temperature: float = 1.0,
        selected: tuple[int, int] | None = None,
        parts: Sequence[str] = _DEFAULT_PARTS,
        seed: int = 0,
        max_tokens: int = 6,
        max_features: int = 6,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        unknown = [p for p in parts if p not in PARTS]
        if unknown:
            raise TraitError(f"unknown parts {unknown!r}; choose from {PARTS!r}")
        self.parts = tuple(p for p in PARTS if p in parts)
        self._boxes = {}
        self._start(
            (X, W_Q, W_K, W_V), tokens=tokens, scaled=scaled, causal=causal,
            temperature=temperature, selected=selected, seed=seed,
            max_tokens=int(max_tokens), max_features=int(max_features),
        )
        self._own(*self._editors.values())
        self._status = self._own(steady(HTML).add_class("attention-status"))
        self._build_parts(seed, int(max_tokens), int(max_features))
        self.children = self._layout()
        self._ready = True
        self._render()

    # -- public API ---------------------------------------------------------

    @property
    def scores_heatmap(self) -> AttentionHeatmap:
        """The `MatrixHeatmap` of ``S`` (needs the ``"scores"`` part)."""
        return self._part_widget("scores")

    @property
    def weights_heatmap(self) -> AttentionHeatmap:
        """The `MatrixHeatmap` of ``A_att`` (needs the ``"weights"`` part)."""
        return self._part_widget("weights")

    @property
    def weight_sliders(self) -> tuple[WeightSliders, ...]:
        """One `WeightSliders` per row of ``A_att`` (needs the ``"sliders"`` part)."""
        return self._part_widget("sliders").rows

    @property
    def token_lines(self) -> TokenLines:
        """The `TokenLines` of the picked row (needs the ``"lines"`` part)."""
        return self._part_widget("lines").lines

    @property
    def values_plot(self) -> ValuesPlot:
        """The `ValuesPlot` (needs the ``"plot"`` part)."""
        return self._part_widget("plot").plot

    def part(self, name: str) -> Widget:
        """The box showing one part, to place it in a layout of your own.

        Parameters
        ----------
        name : str
            One of the parts given to the constructor.

        Returns
        -------
        ipywidgets.Widget
        """
        if name not in self._boxes:
            raise KeyError(f"part {name!r} was not built; this explorer has {self.parts!r}")
        return self._boxes[name]

    # -- construction -----------------------------------------------------

    def _part_widget(self, part):
        if part not in self.parts:
            raise AttributeError(f"this explorer has no {part!r} part (parts={self.parts!r})")
        return self._boxes[part]

    def _build_parts(self, seed, max_tokens, max_features):
        snapshot = self._snapshot()
        temperature = (temperature_slider(self)
                       if "temperature" in self.parts else None)
        builders = {
            "randomise": lambda: SeedBox(seed, self.randomise),
            "editors": lambda: TokenEditors(
                self.X_editor, [self._editors[n] for n in INPUTS[1:]], self._status,
                max_tokens=max_tokens, max_features=max_features,
            ),
            "options": lambda: AttentionOptions(
                self, temperature, with_mode="sliders" in self.parts
            ),
            "temperature": lambda: temperature,
            "shapes": ShapesTable,
            "qkv": lambda: QKVViews(snapshot.result),
            "scores": lambda: AttentionHeatmap(snapshot, "scores"),
            "weights": lambda: AttentionHeatmap(snapshot, "weights"),
            "output": lambda: OutputView(snapshot),
            "expansion": ScoreExplanation,
            "sliders": lambda: WeightRows(self._on_slider_move),
            "plot": lambda: ValuesPanel(snapshot),
            "lines": lambda: LinesPanel(snapshot),
        }
        for part in self.parts:
            self._boxes[part] = self._own(builders[part]())
        for kind in ("scores", "weights"):
            if kind in self._boxes:
                link((self, "selected"), (self._boxes[kind], "selected"))

    def _layout(self):
        rows = [] if "editors" in self._boxes else [self._status]
        for group in _ROWS:
            if group == ("temperature",) and "options" in self._boxes:
                continue  # the temperature slider sits among the options
            present = [self._boxes[p] for p in group if p in self._boxes]
            if len(present) == 1:
                rows.append(present[0])
            elif present:
                rows.append(self._own(HBox(present, layout=Layout(
                    flex_flow="row wrap", grid_gap="8px 24px", align_items="flex-start"))))
        return rows

    # -- reactions --------------------------------------------------------

    def _hand_weights(self, A):
        """The sliders' weights while they set them (rebuilt if the size of `A` changed)."""
        return self._boxes["sliders"].weights(A) if self._by_hand() else None

    def _by_hand(self):
        return self.weights_mode == "sliders" and "sliders" in self._boxes

    def _on_slider_move(self, i):
        if self.weights_mode != "sliders":
            return
        with self._batch():
            self._dirty = True
            if self.selected is None or self.selected[0] != i:
                self.selected = (i, self.selected[1] if self.selected else i)

    def _show_failure(self, error):
        self.set_trait("error", f"could not update the views: {error}")
        self._status.value = alert_html(f"Something went wrong: {error}")

    # -- drawing -----------------------------------------------------------

    def _snapshot(self):
        r, cell = self.result, self.selected
        return Snapshot(
            result=r,
            names=token_names(self.tokens, r.S.shape[0]),
            tokens=self.token_names(),
            selected=cell,
            expansion=score_expansion(r.Q, r.K, *cell) if cell is not None else "",
            shapes=self.shapes,
            fits=not self.error,
            by_hand=self._by_hand(),
            causal=self.causal,
        )

    def _render(self):
        if not self._ready:
            return
        snapshot = self._snapshot()
        self._status.value = stale_status_html(self.error, self._shape_error) if self.error else ""
        self.set_trait("expansion", snapshot.expansion)
        for name, part in self._boxes.items():
            if name not in ("randomise", "temperature"):  # nothing in them follows the result
                part.show(snapshot)
