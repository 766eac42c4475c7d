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

All the arithmetic is `widgets.core.attention_math.attention` and the text of
`widgets.text.attention_steps`; this module only keeps widgets in step with them.
"""

import contextlib
import html
import math

import numpy as np
from bqplot import Axis, Figure, LinearScale, Lines, Scatter
from ipywidgets import (
    HTML,
    BoundedIntText,
    Button,
    Checkbox,
    Dropdown,
    FloatLogSlider,
    GridBox,
    HBox,
    Label,
    Layout,
    ToggleButtons,
    VBox,
)
from traitlets import (
    Bool,
    Enum,
    Float,
    Instance,
    Int,
    List,
    TraitError,
    Tuple,
    Unicode,
    link,
    observe,
    validate,
)

from ..core.attention_math import (
    MAX_TEMPERATURE,
    MIN_TEMPERATURE,
    AttentionResult,
    attention,
    softmax_scale,
)
from ..text.attention_steps import average_expansion, convex_hull, score_expansion
from ..controls.batching import apply_changes
from ..core.geometry import fit_bounds
from ..views.heatmap import MatrixHeatmap
from ..text.html_math import subscripts_html
from ..controls.matrix_editor import MatrixEditor
from ..controls.alerts import alert_html
from ..controls.traits import MatrixTrait
from ..views.matrix_view import MatrixView
from ..core.parsing import format_number
from ..core.shapes import ShapeError, as_matrix, format_shape
from ..views.token_lines import TokenLines
from ..controls.weight_sliders import WeightSliders

__all__ = ["AttentionExplorer", "ValuesPlot", "PARTS"]

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
DEFAULT_PARTS = ("editors", "options", "shapes", "qkv", "scores", "weights", "output", "expansion")
DEFAULT_TOKENS = ("a", "cat", "sat", "on", "my", "mat")

VALUE_COLOR = "#1f77b4"
OUTPUT_COLOR = "#fdae6b"
FOCUS_COLOR = "#d94801"

class ValuesPlot(Figure):
    """2-D value vectors as points, and each output as their weighted average.

    Row ``j`` of `values` is drawn as the point ``v_j``; row ``i`` of
    ``weights @ values`` as the point ``h_i``.  The shaded polygon is the
    convex hull of the values: with weights that are nonnegative and add to
    1, every ``h_i`` stays inside it.  For the `focus` row, a line joins
    ``h_i`` to each ``v_j``, as opaque as the weight ``α_ij``.

    Parameters
    ----------
    values : array_like, shape (L, 2)
        The value vectors, one per row.
    weights : array_like, shape (m, L)
        The weights, one row per output.
    focus : int or None, optional
        0-based output row to pick out.
    output_names : sequence of str, optional
        Labels of the outputs; missing ones are ``h1``, ``h2``, ...
    **kwargs
        Passed to `bqplot.Figure`.

    Examples
    --------
    >>> V = [[1, 0], [2, 0], [0, 4], [4, 4]]
    >>> plot = ValuesPlot(V, [[0, 0.5, 0.25, 0.25]], focus=0)
    >>> plot.outputs
    array([[2., 2.]])
    >>> plot.values = [[1, 2, 3]]
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: values must have 2 columns (x, y) to be drawn, got 1×3
    """

    values = MatrixTrait(help="The value vectors v_j, one per row (L×2).")
    weights = MatrixTrait(help="The weights, one row per output (m×L).")
    outputs = MatrixTrait(read_only=True, help="weights @ values: the h_i, one per row.")
    focus = Int(None, allow_none=True, help="0-based output row to pick out, or None.")
    output_names = List(Unicode(), help="Labels of the outputs; missing ones are h1, h2, ...")

    def __init__(self, values, weights, focus=None, *, output_names=(), **kwargs):
        kwargs.setdefault("layout", Layout(width="360px", height="360px"))
        kwargs.setdefault("fig_margin", dict(top=30, bottom=30, left=35, right=25))
        kwargs.setdefault("display_toolbar", False)
        super().__init__(
            min_aspect_ratio=1, max_aspect_ratio=1, padding_x=0, padding_y=0, **kwargs
        )
        self._ready = False
        self._x_scale = LinearScale(min=-1.0, max=1.0, allow_padding=False)
        self._y_scale = LinearScale(min=-1.0, max=1.0, allow_padding=False)
        scales = {"x": self._x_scale, "y": self._y_scale}
        self._hull = Lines(
            scales=scales,
            colors=["#9e9e9e"],
            line_style="dashed",
            fill="inside",
            fill_colors=[VALUE_COLOR],
            fill_opacities=[0.08],
        )
        self._spokes = Lines(scales=scales, colors=[FOCUS_COLOR], stroke_width=2)
        self._values = Scatter(
            scales=scales,
            colors=[VALUE_COLOR],
            default_size=64,
            display_names=True,
            stroke="white",
        )
        self._outputs = Scatter(
            scales=scales, marker="diamond", default_size=80, display_names=True, stroke="white"
        )
        self.marks = [self._hull, self._spokes, self._values, self._outputs]
        self.axes = [
            Axis(scale=self._x_scale, grid_color="#eeeeee"),
            Axis(scale=self._y_scale, side="left", grid_color="#eeeeee"),
        ]
        self.add_class("values-plot")
        # One at a time (not held): a bad first value must fail with its own
        # message, not with a roll-back to the empty default.
        self.values = values
        self.weights = weights
        self.focus = focus
        self.output_names = [str(name) for name in output_names]
        self._ready = True
        self._render()

    @validate("focus")
    def _validate_focus(self, proposal):
        if proposal.value is None:
            return None
        if proposal.value < 0:
            raise TraitError(f"focus must be a 0-based row >= 0 or None, got {proposal.value}")
        return int(proposal.value)  # not a bool: numpy reads H[True] as a mask

    @validate("values")
    def _validate_values(self, proposal):
        value = proposal.value
        if value.shape[1] != 2:
            raise TraitError(
                f"values must have 2 columns (x, y) to be drawn, got {format_shape(value.shape)}"
            )
        if self.trait_has_value("weights"):
            self._check_fit(self.weights, value)
        return value

    @validate("weights")
    def _validate_weights(self, proposal):
        if self.trait_has_value("values"):
            self._check_fit(proposal.value, self.values)
        return proposal.value

    @staticmethod
    def _check_fit(weights, values):
        if weights.shape[1] != values.shape[0]:
            raise TraitError(
                f"weights have {weights.shape[1]} columns but there are "
                f"{values.shape[0]} values: one weight per value vector"
            )
        with np.errstate(over="ignore", invalid="ignore"):
            try:
                bounds = _plot_bounds(values, weights @ values)
            except ValueError:  # outputs that overflowed
                bounds = (np.inf,)
        if not np.all(np.isfinite(bounds)):
            raise TraitError("values are too large to draw: use smaller numbers")

    def show_weights(self, values, weights, focus=None):
        """Set `values`, `weights` and `focus` together, drawing once.

        Use this when the number of values changes (the traits must agree)
        or to move several marks with one redraw.

        Examples
        --------
        >>> plot = ValuesPlot([[0, 0], [2, 0]], [[0.5, 0.5]])
        >>> plot.show_weights([[0, 0], [2, 0], [0, 2]], [[0.5, 0.25, 0.25]], focus=0)
        >>> plot.outputs
        array([[0.5, 0.5]])
        """
        self._ready = False
        try:
            with self.hold_trait_notifications():
                self.values = values
                self.weights = weights
                self.focus = focus
        finally:
            self._ready = True
        self._render()

    @observe("values", "weights", "focus", "output_names")
    def _on_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        V, A = self.values, self.weights
        H = A @ V
        self.set_trait("outputs", H)
        xmin, xmax, ymin, ymax = _plot_bounds(V, H)
        hull = convex_hull(V)
        focus = self.focus if self.focus is not None and self.focus < len(H) else None
        spokes = {"visible": focus is not None}
        if focus is not None:
            spokes["x"] = np.array([[H[focus, 0], x] for x in V[:, 0]])
            spokes["y"] = np.array([[H[focus, 1], y] for y in V[:, 1]])
            spokes["opacities"] = [float(max(w, 0.0)) for w in A[focus]]
        apply_changes([
            (self._x_scale, {"min": xmin, "max": xmax}),
            (self._y_scale, {"min": ymin, "max": ymax}),
            (self._hull, {"x": hull[:, 0], "y": hull[:, 1]}),
            (self._spokes, spokes),
            (self._values, {
                "x": V[:, 0],
                "y": V[:, 1],
                "names": np.array([f"v{j + 1}" for j in range(len(V))]),
            }),
            (self._outputs, {
                "x": H[:, 0],
                "y": H[:, 1],
                "names": np.array([
                    self.output_names[i] if i < len(self.output_names) else f"h{i + 1}"
                    for i in range(len(H))
                ]),
                "colors": [FOCUS_COLOR if i == focus else OUTPUT_COLOR for i in range(len(H))],
            }),
        ])


def _plot_bounds(values, outputs):
    """The view of a `ValuesPlot`: every value and output, with some room."""
    return fit_bounds(values.T, outputs.T, margin=0.15, min_span=2.0)


def _random_inputs(rng, L, d, d_k, d_v):
    """Small friendly numbers: tokens in {-1, 0, 1}, weights in halves."""
    X = rng.integers(-1, 2, size=(L, d)).astype(float)
    Ws = [rng.integers(-2, 3, size=(d, k)) / 2.0 for k in (d_k, d_k, d_v)]
    return X, *Ws


class AttentionExplorer(VBox):
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

    result = Instance(AttentionResult, read_only=True, help="The last valid calculation.")
    error = Unicode("", read_only=True, help="Why the inputs do not fit, or ''.")
    expansion = Unicode("", read_only=True, help="The selected score written out.")
    selected = Tuple(
        Int(), Int(), default_value=None, allow_none=True,
        help="The picked score (i, j), 0-based, or None.",
    )
    scaled = Bool(True, help="Multiply the scores by 1/sqrt(d_k) before the softmax.")
    causal = Bool(False, help="Token i attends only to tokens 1..i.")
    temperature = Float(
        1.0, help="Softmax temperature T: the weights are softmax(S / (T sqrt(d_k))).",
    )
    weights_mode = Enum(
        ["softmax", "sliders"], default_value="softmax",
        help="Where the weights come from: softmax of the scores, or the sliders.",
    )
    tokens = List(Unicode(), help="Token names, used as row labels.")

    def __init__(
        self,
        X=None,
        W_Q=None,
        W_K=None,
        W_V=None,
        *,
        tokens=DEFAULT_TOKENS,
        scaled=True,
        causal=False,
        temperature=1.0,
        selected=None,
        parts=DEFAULT_PARTS,
        seed=0,
        max_tokens=6,
        max_features=6,
        **kwargs,
    ):
        super().__init__(**kwargs)
        unknown = [p for p in parts if p not in PARTS]
        if unknown:
            raise TraitError(f"unknown parts {unknown!r}; choose from {PARTS!r}")
        self._parts = tuple(p for p in PARTS if p in parts)
        self._max_tokens = int(max_tokens)
        self._max_features = int(max_features)
        self._batch_depth = 0
        self._dirty = False
        self._shape_error = True  # whether `error` is about shapes (else numbers)
        self._syncing_pickers = False  # True while the pickers are set to X's shape
        self._syncing_sliders = False
        self._boxes = {}

        X, W_Q, W_K, W_V = self._initial_matrices(X, W_Q, W_K, W_V, seed)
        bounds = (self._max_features, self._max_features)
        self._X = MatrixEditor(
            X, name="X", max_shape=(self._max_tokens, self._max_features)
        ).add_class("attention-X")
        self._W = {
            name: MatrixEditor(W, name=name, resizable=True, max_shape=bounds).add_class(
                f"attention-{name.replace('_', '')}"
            )
            for name, W in (("W_Q", W_Q), ("W_K", W_K), ("W_V", W_V))
        }
        self._status = HTML().add_class("attention-status")

        try:
            tokens = list(tokens)
        except TypeError:
            raise TraitError(f"tokens must be a list of names, got {tokens!r}") from None
        with self.hold_trait_notifications():
            self.tokens = tokens
            self.scaled = scaled
            self.causal = causal
            self.temperature = temperature
        self._compute()  # sets result (or raises: the first inputs must fit)
        if self.error:
            raise TraitError(self.error)
        self.selected = selected

        self._build_parts(seed)
        self._X.observe(self._on_x_change, names="value")
        for editor in self._W.values():
            editor.observe(lambda change: self._update(), names="value")
        self.children = self._layout()
        self._render()

    # -- public API ---------------------------------------------------------

    @property
    def X_editor(self):
        """The `MatrixEditor` of the tokens ``X``."""
        return self._X

    @property
    def W_Q_editor(self):
        """The `MatrixEditor` of ``W_Q``."""
        return self._W["W_Q"]

    @property
    def W_K_editor(self):
        """The `MatrixEditor` of ``W_K``."""
        return self._W["W_K"]

    @property
    def W_V_editor(self):
        """The `MatrixEditor` of ``W_V``."""
        return self._W["W_V"]

    @property
    def scores_heatmap(self):
        """The `MatrixHeatmap` of ``S`` (needs the ``"scores"`` part)."""
        return self._part_widget("scores", "_scores_map")

    @property
    def weights_heatmap(self):
        """The `MatrixHeatmap` of ``A_att`` (needs the ``"weights"`` part)."""
        return self._part_widget("weights", "_weights_map")

    @property
    def weight_sliders(self):
        """One `WeightSliders` per row of ``A_att`` (needs the ``"sliders"`` part)."""
        return self._part_widget("sliders", "_sliders")

    @property
    def token_lines(self):
        """The `TokenLines` of the picked row (needs the ``"lines"`` part)."""
        return self._part_widget("lines", "_lines_view")

    @property
    def values_plot(self):
        """The `ValuesPlot` (needs the ``"plot"`` part)."""
        return self._part_widget("plot", "_plot")

    @property
    def parts(self):
        """The parts built, in layout order."""
        return self._parts

    @property
    def shapes(self):
        """Shapes of the current inputs and of the last valid results, by name."""
        r = self.result
        return {
            "X": self._X.shape,
            "W_Q": self.W_Q_editor.shape,
            "W_K": self.W_K_editor.shape,
            "W_V": self.W_V_editor.shape,
            "Q": r.Q.shape,
            "K": r.K.shape,
            "V": r.V.shape,
            "K^T": r.K.T.shape,
            "S": r.S.shape,
            "A_att": r.A.shape,
            "H": r.H.shape,
        }

    def part(self, name):
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
            raise KeyError(f"part {name!r} was not built; this explorer has {self._parts!r}")
        return self._boxes[name]

    def token_names(self):
        """The name of every token (row of ``X``), padded past `tokens`."""
        return [
            self.tokens[i] if i < len(self.tokens) else f"t{i + 1}"
            for i in range(self._X.shape[0])
        ]

    def randomise(self, seed=None):
        """Fill ``X`` and the weights with small random numbers, keeping shapes.

        Parameters
        ----------
        seed : int or None, optional
            Seed of `numpy.random.default_rng`; the same seed gives the same
            matrices.
        """
        rng = np.random.default_rng(seed)
        L, d = self._X.shape
        d_k = self.W_Q_editor.shape[1]
        d_v = self.W_V_editor.shape[1]
        X, W_Q, W_K, W_V = _random_inputs(rng, L, d, d_k, d_v)
        with self._batch():
            self._X.value = X
            self.W_Q_editor.value = W_Q
            self.W_K_editor.value = W_K
            self.W_V_editor.value = W_V

    # -- construction -----------------------------------------------------

    def _initial_matrices(self, X, W_Q, W_K, W_V, seed):
        given = {}
        for k, v in (("X", X), ("W_Q", W_Q), ("W_K", W_K), ("W_V", W_V)):
            if v is not None:
                try:
                    given[k] = as_matrix(v, k)
                except ValueError as error:  # ShapeError included
                    raise TraitError(str(error)) from None
        L = given["X"].shape[0] if "X" in given else 4
        d = (given["X"].shape[1] if "X" in given
             else next((w.shape[0] for w in given.values()), 3))
        d_k = next((given[k].shape[1] for k in ("W_Q", "W_K") if k in given), 2)
        d_v = given["W_V"].shape[1] if "W_V" in given else 2
        rng = np.random.default_rng(seed)
        random = dict(zip(("X", "W_Q", "W_K", "W_V"), _random_inputs(rng, L, d, d_k, d_v)))
        return [given.get(k, random[k]) for k in ("X", "W_Q", "W_K", "W_V")]

    def _part_widget(self, part, attribute):
        if part not in self._parts:
            raise AttributeError(f"this explorer has no {part!r} part (parts={self._parts!r})")
        return getattr(self, attribute)

    def _build_parts(self, seed):
        r = self.result
        names = self.token_names()
        builders = {
            "randomise": lambda: self._build_randomise(seed),
            "editors": self._build_editors,
            "options": self._build_options,
            "temperature": self._build_temperature,
            "shapes": lambda: HTML().add_class("attention-shapes"),
            "qkv": self._build_qkv,
            "scores": lambda: self._build_heatmap("_scores_map", r.S, names, "scores"),
            "weights": lambda: self._build_heatmap("_weights_map", r.A, names, "weights"),
            "output": self._build_output,
            "expansion": lambda: HTML(layout=Layout(max_width="100%")).add_class(
                "attention-expansion"
            ),
            "sliders": self._build_sliders,
            "plot": self._build_plot,
            "lines": self._build_lines,
        }
        for part in self._parts:
            self._boxes[part] = builders[part]()

    def _build_randomise(self, seed):
        # Bounded: numpy's seeds are nonnegative, and the browser may send anything.
        self._seed = BoundedIntText(
            value=int(seed), min=0, max=2**32 - 1, description="seed", layout=Layout(width="9em"),
            style={"description_width": "initial"},
        ).add_class("attention-seed")
        button = Button(
            description="Randomise", icon="random", tooltip="New random X and weights from the seed"
        ).add_class("attention-randomise")
        button.on_click(lambda _: self.randomise(self._seed.value))
        return HBox([self._seed, button])

    def _build_editors(self):
        L, d = self._X.shape
        self._rows_picker = Dropdown(
            options=list(range(1, self._max_tokens + 1)), value=L,
            description="tokens L", layout=Layout(width="9.5em"),
            style={"description_width": "initial"},
        ).add_class("attention-L")
        self._cols_picker = Dropdown(
            options=list(range(1, self._max_features + 1)), value=d,
            description="features d", layout=Layout(width="10.5em"),
            style={"description_width": "initial"},
        ).add_class("attention-d")
        for picker in (self._rows_picker, self._cols_picker):
            picker.observe(self._on_picker_change, names="value")
        # The names column repeats the editor's own layout (a one-line title,
        # then one row per cell, same gaps) so each name sits beside its row.
        self._names = GridBox(layout=Layout(grid_gap="2px 4px", grid_template_columns="auto"))
        names_column = VBox(
            [HTML("<b>token</b>"), self._names], layout=Layout(flex="0 0 auto")
        ).add_class("attention-tokens")
        self._X.layout.flex = "0 0 auto"
        x_block = VBox([HBox([self._rows_picker, self._cols_picker]),
                        HBox([names_column, self._X], layout=Layout(flex="0 0 auto"))],
                       layout=Layout(flex="0 0 auto"))
        for editor in self._W.values():
            editor.layout.flex = "0 0 auto"  # wrap to a new line rather than squeeze cells
        editors = HBox(
            [x_block, *self._W.values()],
            layout=Layout(flex_flow="row wrap", grid_gap="0 24px", align_items="flex-start"),
        )
        return VBox([editors, self._status])

    def _build_options(self):
        self._scaled_box = Checkbox(
            description="scale the scores by 1/√dₖ", indent=False,
            layout=Layout(width="auto"),
        ).add_class("attention-scaled")
        self._causal_box = Checkbox(
            description="causal mask (token i sees only tokens 1…i)", indent=False,
            layout=Layout(width="auto"),
        ).add_class("attention-causal")
        link((self, "scaled"), (self._scaled_box, "value"))
        link((self, "causal"), (self._causal_box, "value"))
        self._options_note = HTML()
        children = [self._scaled_box, self._causal_box, self._options_note]
        if "temperature" in self._parts:
            children.insert(1, self._boxes.get("temperature") or self._build_temperature())
        if "sliders" in self._parts:
            self._mode = ToggleButtons(
                options=[("softmax of the scores", "softmax"), ("set by hand", "sliders")],
                description="weights:",
                style={"description_width": "initial", "button_width": "auto"},
            ).add_class("attention-mode")
            link((self, "weights_mode"), (self._mode, "value"))
            children.insert(0, self._mode)
        return HBox(children, layout=Layout(flex_flow="row wrap", grid_gap="0 24px"))

    def _build_temperature(self):
        if getattr(self, "_temperature_slider", None) is None:
            # A log scale: T = 0.5 sharpens as much as T = 2 flattens.
            self._temperature_slider = FloatLogSlider(
                value=self.temperature, base=10, min=math.log10(MIN_TEMPERATURE),
                max=math.log10(MAX_TEMPERATURE), step=0.01, readout_format=".2f",
                description="temperature T", continuous_update=False,
                style={"description_width": "initial"}, layout=Layout(width="22em"),
            ).add_class("attention-temperature")
            link((self, "temperature"), (self._temperature_slider, "value"))
        return self._temperature_slider

    def _build_qkv(self):
        r = self.result
        self._views = {
            "Q": MatrixView(r.Q, name="Q"),
            "K": MatrixView(r.K, name="K"),
            "K^T": MatrixView(r.K.T, name="K^T"),
            "V": MatrixView(r.V, name="V"),
        }
        for key, view in self._views.items():
            view.add_class("attention-" + key.replace("^", ""))
        return HBox(
            list(self._views.values()),
            layout=Layout(flex_flow="row wrap", grid_gap="8px 28px", align_items="center"),
        )

    def _build_heatmap(self, attribute, matrix, names, kind):
        title = "scores S = Q Kᵀ" if kind == "scores" else "weights A_att (rows add to 1)"
        heatmap = MatrixHeatmap(
            matrix, row_labels=names, col_labels=names, kind=kind, title=title,
            selected=self.selected,
        ).add_class(f"attention-{kind}")
        link((self, "selected"), (heatmap, "selected"))
        setattr(self, attribute, heatmap)
        return heatmap

    def _build_output(self):
        self._H_view = MatrixView(self.result.H, name=r"H = A_{\mathrm{att}}V").add_class(
            "attention-H"
        )
        return self._H_view

    def _build_sliders(self):
        self._sliders = ()
        self._slider_grid = GridBox(
            layout=Layout(grid_template_columns="repeat(2, max-content)", grid_gap="8px 32px")
        ).add_class("attention-sliders")
        self._rebuild_sliders()
        return self._slider_grid

    def _build_lines(self):
        self._lines_view = TokenLines(self.result.A, self.token_names(), row=self._focus_row())
        self._lines_note = HTML().add_class("attention-lines-note")
        return VBox([self._lines_view, self._lines_note],
                    layout=Layout(flex="0 0 auto")).add_class("attention-lines")

    def _build_plot(self):
        r = self.result
        self._average = HTML().add_class("attention-average")
        self._plot_note = HTML()
        values = r.V if r.V.shape[1] == 2 else np.zeros((r.V.shape[0], 2))
        self._plot = ValuesPlot(values, r.A, focus=self._focus_row())
        return VBox([self._plot, self._average, self._plot_note],
                    layout=Layout(width="380px", flex="0 0 auto"))

    def _layout(self):
        box = self._boxes.get
        rows = []
        # The temperature slider sits among the options when both are built.
        temperature = () if "options" in self._boxes else ("temperature",)
        for group in (("randomise",), ("editors",), ("options",), temperature, ("qkv", "shapes"),
                      ("scores", "weights", "output"), ("expansion",), ("sliders", "plot"),
                      ("lines",)):
            present = [box(p) for p in group if p in self._boxes]
            if len(present) == 1:
                rows.append(present[0])
            elif present:
                rows.append(HBox(present, layout=Layout(
                    flex_flow="row wrap", grid_gap="8px 24px", align_items="flex-start")))
        if "editors" not in self._boxes:
            rows.insert(0, self._status)
        return rows

    # -- reactions --------------------------------------------------------

    @contextlib.contextmanager
    def _batch(self):
        """Compute once at the end of a group of edits."""
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if self._batch_depth == 0 and self._dirty:
                self._dirty = False
                self._update()

    def _on_x_change(self, change):
        old, new = change["old"], change["new"]
        with self._batch():
            self._dirty = True
            if old is None or old.shape[1] != new.shape[1]:
                d = new.shape[1]
                for editor in self._W.values():
                    if editor.shape[0] != d:
                        editor.resize(d, editor.shape[1])

    def _on_picker_change(self, change):
        if self._syncing_pickers:
            return
        L, d = self._rows_picker.value, self._cols_picker.value
        if (L, d) != self._X.shape:
            self._X.resize(L, d)

    @validate("temperature")
    def _validate_temperature(self, proposal):
        T = float(proposal.value)
        if math.isnan(T):
            raise TraitError(f"temperature must be a number from {MIN_TEMPERATURE:g} to "
                             f"{MAX_TEMPERATURE:g}, got nan")
        return min(max(T, MIN_TEMPERATURE), MAX_TEMPERATURE)  # out of range: clamped

    @observe("scaled", "causal", "temperature", "weights_mode", "tokens")
    def _on_option_change(self, change):
        if self._boxes:
            self._update()

    @validate("selected")
    def _validate_selected(self, proposal):
        cell = proposal.value
        if cell is None or self.result is None:
            return cell
        L = self.result.S.shape[0]
        i, j = (int(v) for v in cell)
        if not (0 <= i < L and 0 <= j < L):
            raise TraitError(
                f"selected: expected a score (i, j) with 0 <= i, j < {L}, got {cell!r}"
            )
        return (i, j)

    @observe("selected")
    def _on_selected_change(self, change):
        if not self._boxes:
            return
        if self._batch_depth:
            self._dirty = True
            return
        try:
            self._render()
        except Exception as error:  # noqa: BLE001 - a message, never a traceback in Voila
            self._show_failure(error)

    def _show_failure(self, error):
        self.set_trait("error", f"could not update the views: {error}")
        self._status.value = alert_html(f"Something went wrong: {error}")

    def _update(self):
        """Recompute from the editors and redraw, unless inside a batch."""
        if self._batch_depth:
            self._dirty = True
            return
        try:
            self._compute()
            self._render()
        except Exception as error:  # noqa: BLE001 - a message, never a traceback in Voila
            self._show_failure(error)

    def _compute(self):
        scale = softmax_scale(self.W_K_editor.shape[1], self.scaled, self.temperature)
        try:
            r = attention(
                self._X.value, self.W_Q_editor.value, self.W_K_editor.value,
                self.W_V_editor.value, scale=scale, causal=self.causal,
            )
        except ValueError as error:  # ShapeError included
            self._shape_error = isinstance(error, ShapeError)
            self.set_trait("error", str(error))
            return
        if self.weights_mode == "sliders" and "sliders" in self._boxes:
            A = self._slider_weights(r)
            H = A @ r.V
            for array in (A, H):
                array.setflags(write=False)
            r = AttentionResult(Q=r.Q, K=r.K, V=r.V, S=r.S, A=A, H=H, scale=r.scale)
        L = r.S.shape[0]
        with self.hold_trait_notifications():
            if self.selected is not None and max(self.selected) >= L:
                self.set_trait("selected", None)
            self.set_trait("error", "")
            self.set_trait("result", r)

    def _slider_weights(self, r):
        L = r.S.shape[0]
        if len(self._sliders) != L or len(self._sliders[0].value) != L:
            self._rebuild_sliders(r.A)
        return np.array([s.value for s in self._sliders], dtype=float)

    def _rebuild_sliders(self, A=None):
        A = self.result.A if A is None else A
        L = A.shape[0]
        for sliders in self._sliders:
            sliders.close()
        self._sliders = tuple(
            WeightSliders(value=tuple(float(w) for w in A[i])).add_class(
                f"attention-row-{i + 1}"
            )
            for i in range(L)
        )
        for i, sliders in enumerate(self._sliders):
            sliders.observe(lambda change, i=i: self._on_slider_change(i), names="value")
        self._slider_titles = tuple(HTML() for _ in range(L))
        self._slider_grid.children = [
            VBox([title, sliders]) for title, sliders in zip(self._slider_titles, self._sliders)
        ]

    def _on_slider_change(self, i):
        if self._syncing_sliders or self.weights_mode != "sliders":
            return
        with self._batch():
            self._dirty = True
            if self.selected is None or self.selected[0] != i:
                self.selected = (i, self.selected[1] if self.selected else i)

    # -- drawing -----------------------------------------------------------

    def _focus_row(self):
        return self.selected[0] if self.selected is not None else 0

    def _render(self):
        if not self._boxes:
            return
        r = self.result
        names = self.token_names() if not self.error else self._result_names()
        sel = self.selected
        i, j = sel if sel is not None else (None, None)
        self._render_status()
        if "editors" in self._boxes:
            self._render_names()
        if "shapes" in self._boxes:
            self._boxes["shapes"].value = self._shapes_html()
        if "qkv" in self._boxes:
            v = self._views
            with contextlib.ExitStack() as stack:
                for view in v.values():
                    stack.enter_context(view.hold_sync())
                v["Q"].matrix, v["Q"].highlight_row = r.Q, i
                v["K"].matrix, v["K"].highlight_row = r.K, j
                v["K^T"].matrix, v["K^T"].highlight_col = r.K.T, j
                v["V"].matrix = r.V
        for part, heatmap, matrix in (("scores", "_scores_map", r.S),
                                      ("weights", "_weights_map", r.A)):
            if part in self._boxes:
                hm = getattr(self, heatmap)
                if hm.matrix.shape != matrix.shape or hm.row_labels != names:
                    with hm.hold_trait_notifications():
                        hm.row_labels = hm.col_labels = None
                        hm.matrix = matrix
                        hm.row_labels = hm.col_labels = names
                else:
                    hm.matrix = matrix
                hm.highlight_row = i
                hm.selected = sel
        if "output" in self._boxes:
            with self._H_view.hold_sync():
                self._H_view.matrix = r.H
                self._H_view.highlight_row = self._focus_row()
        self._render_expansion(names)
        if "sliders" in self._boxes:
            self._render_sliders(names)
        if "plot" in self._boxes:
            self._render_plot()
        if "lines" in self._boxes:
            self._render_lines(names)

    def _result_names(self):
        L = self.result.S.shape[0]
        return [self.tokens[k] if k < len(self.tokens) else f"t{k + 1}" for k in range(L)]

    def _render_status(self):
        if self.error:
            problem = ("These shapes do not fit." if self._shape_error
                       else "These numbers cannot be used.")  # e.g. too large: they overflow
            self._status.value = alert_html(
                f"<b>{problem}</b> {html.escape(self.error)}.<br>Everything below still shows the last "
                "calculation that worked.", escape=False,
            )
        else:
            self._status.value = ""

    def _render_names(self):
        # MatrixEditor's grid tracks are one cell wide but each cell has 2px
        # margins, so a grid nothing else widens clips its last column's right
        # edge; room for the margins avoids that.
        self._X.layout.min_width = f"calc({self._X.shape[1]} * (4.5em + 8px))"
        # Show X's shape in the pickers, both before either reacts: reacting to
        # the first alone would resize X to a mix of old and new shape.
        self._syncing_pickers = True
        try:
            for picker, value in ((self._rows_picker, self._X.shape[0]),
                                  (self._cols_picker, self._X.shape[1])):
                if picker.value != value:
                    picker.value = value
        finally:
            self._syncing_pickers = False
        names = self.token_names()
        old = list(self._names.children)
        if [w.value for w in old] == [f"{k + 1} {n}" for k, n in enumerate(names)]:
            return
        self._names.children = [
            Label(f"{k + 1} {n}", layout=Layout(height="28px")) for k, n in enumerate(names)
        ]
        for widget in old:
            widget.close()

    def _shapes_html(self):
        X, WQ, WK, WV = (self._X.shape, self.W_Q_editor.shape, self.W_K_editor.shape,
                         self.W_V_editor.shape)
        r = self.result
        ok = not self.error

        def shape(s):
            return format_shape(s) if ok else "—"

        rows = [
            ("X", "tokens as rows", format_shape(X), "L×d"),
            ("W<sub>Q</sub>", "query weights", format_shape(WQ), "d×d<sub>k</sub>"),
            ("W<sub>K</sub>", "key weights", format_shape(WK), "d×d<sub>k</sub>"),
            ("W<sub>V</sub>", "value weights", format_shape(WV), "d×d<sub>v</sub>"),
            ("Q = XW<sub>Q</sub>", "queries", shape(r.Q.shape), "L×d<sub>k</sub>"),
            ("K = XW<sub>K</sub>", "keys", shape(r.K.shape), "L×d<sub>k</sub>"),
            ("V = XW<sub>V</sub>", "values", shape(r.V.shape), "L×d<sub>v</sub>"),
            ("K<sup>T</sup>", "keys as columns", shape(r.K.T.shape), "d<sub>k</sub>×L"),
            ("S = QK<sup>T</sup>", "scores", shape(r.S.shape), "L×L"),
            ("A<sub>att</sub>", "attention weights", shape(r.A.shape), "L×L"),
            ("H = A<sub>att</sub>V", "output", shape(r.H.shape), "L×d<sub>v</sub>"),
        ]
        body = "".join(
            f"<tr><td style='padding:0 10px 0 0'>{name}</td>"
            f"<td style='color:#666;padding:0 10px 0 0'>{what}</td>"
            f"<td class='shape' style='text-align:right;padding:0 10px 0 0'><b>{s}</b></td>"
            f"<td style='color:#666'>{letters}</td></tr>"
            for name, what, s, letters in rows
        )
        return (
            "<table style='border-collapse:collapse;line-height:1.5'>"
            "<tr><th style='text-align:left'>matrix</th><th></th><th>shape</th><th></th></tr>"
            f"{body}</table>"
        )

    def _render_expansion(self, names):
        sel = self.selected
        r = self.result
        if sel is None:
            text = ""
            markup = "<i>Click a cell of the score matrix to write it out.</i>"
        else:
            i, j = sel
            text = score_expansion(r.Q, r.K, i, j)
            L = r.S.shape[0]
            row = ", ".join(format_number(s) for s in r.S[i])
            pieces = text.split(" = ")
            symbols, numbers = " = ".join(pieces[:3]), " = ".join(pieces[3:])
            lines = [
                subscripts_html(symbols),
                "&nbsp;&nbsp;&nbsp;&nbsp;= " + subscripts_html(numbers),
                f"It compares the query of token {i + 1} (“{html.escape(names[i])}”) "
                f"with the key of token {j + 1} (“{html.escape(names[j])}”).",
                f"Row {i + 1} of <i>S</i> holds the scores comparing token {i + 1}’s query "
                f"with all {L} keys: ({row}).",
            ]
            if self.weights_mode == "softmax":
                if self.causal and j > i:
                    lines.append(
                        f"The causal mask hides token {j + 1} from token {i + 1}: "
                        f"<i>A</i><sub>att</sub>[{i + 1}, {j + 1}] = 0."
                    )
                else:
                    lines.append(
                        f"After the softmax, token {i + 1} gives weight "
                        f"<i>A</i><sub>att</sub>[{i + 1}, {j + 1}] = {format_number(r.A[i, j])} "
                        f"to the value of token {j + 1}."
                    )
            markup = "<br>".join(lines)
        self.set_trait("expansion", text)
        if "expansion" in self._boxes:
            self._boxes["expansion"].value = f"<div style='line-height:1.7'>{markup}</div>"

    def _render_sliders(self, names):
        r = self.result
        if len(self._sliders) != r.A.shape[0] or len(self._sliders[0].value) != r.A.shape[0]:
            self._rebuild_sliders(r.A)
        by_hand = self.weights_mode == "sliders"
        self._syncing_sliders = True
        try:
            for k, (sliders, title) in enumerate(zip(self._sliders, self._slider_titles)):
                with sliders.hold_sync():
                    if not by_hand:
                        sliders.value = tuple(float(w) for w in r.A[k])
                    sliders.locked = () if by_hand else tuple(range(len(sliders.value)))
                title.value = (
                    f"<b>row {k + 1}</b> of <i>A</i><sub>att</sub>: token {k + 1} "
                    f"(“{html.escape(names[k])}”)"
                )
        finally:
            self._syncing_sliders = False
        if "options" in self._boxes:
            self._scaled_box.disabled = self._causal_box.disabled = by_hand
            if "temperature" in self._boxes:
                self._temperature_slider.disabled = by_hand
            what = ("scaling, temperature and mask" if "temperature" in self._boxes
                    else "scaling and mask")
            self._options_note.value = (
                f"<i style='color:#666'>({what} apply to the softmax)</i>"
                if by_hand else ""
            )

    def _render_plot(self):
        r = self.result
        if r.V.shape[1] != 2:
            self._plot.layout.visibility = "hidden"
            self._plot_note.value = (
                f"<i>The plot needs 2-D value vectors; V is {format_shape(r.V.shape)}.</i>"
            )
            self._average.value = ""
            return
        focus = self._focus_row()
        try:
            self._plot.show_weights(r.V, r.A, focus)
        except TraitError as error:  # e.g. values near 1e308: no room to draw them
            self._plot.layout.visibility = "hidden"
            self._plot_note.value = f"<i>The plot cannot show V: {html.escape(str(error))}.</i>"
            self._average.value = ""
            return
        self._plot.layout.visibility = "visible"
        self._plot_note.value = (
            "<span style='color:#666'>Blue dots: the values <i>v</i><sub>j</sub>. "
            "Diamonds: the outputs <i>h</i><sub>i</sub>, each a weighted average of the "
            "values, so each stays inside the shaded hull.</span>"
        )
        self._average.value = (
            f"<div style='font-size:1.1em'>{subscripts_html(average_expansion(np.round(r.A, 12), r.V, focus))}"
            "</div>"
        )

    def _render_lines(self, names):
        r = self.result
        focus = self._focus_row()
        self._lines_view.show(r.A, focus, names)
        self._lines_note.value = (
            f"<span style='color:#666'>Row {focus + 1} of <i>A</i><sub>att</sub>: "
            f"token {focus + 1} (“{html.escape(names[focus])}”) on the left, a line to every "
            "token on the right, as thick as its weight. Click a row of the weights, or move "
            "a slider, to pick another token.</span>"
        )
