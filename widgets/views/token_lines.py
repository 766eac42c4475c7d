"""One row of attention weights drawn token to token, as lines whose thickness is the weight.

The tokens are listed twice, as queries on the left and as keys on the
right (the way BertViz draws attention).  For the picked query token ``i``
a line joins it to every key token ``j``, as thick as ``A_att[i, j]``: a
weight of 0 draws no line, a weight of 1 the thickest.  The numbers come
from the caller (`widgets.core.attention_math`); this view only draws them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from bqplot import Label, LinearScale, Lines, Scatter
from ipywidgets import Layout
from numpy.typing import ArrayLike
from traitlets import Float, Int, List, TraitError, Tuple, Unicode, observe, validate

from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.traits import MatrixTrait
from ..core.attention_inputs import token_names
from ..core.parsing import format_number
from ..core.shapes import check_index
from ..text import alternatives
from .described import DescribedFigure

__all__ = ["TokenLines", "token_line_widths"]

_QUERY_COLOR = "#d94801"
_KEY_COLOR = "#1f77b4"
_MUTED_COLOR = "#9e9e9e"
#: Weights below this draw no line: at the width they would have, nothing shows.
_MIN_DRAWN = 1e-3


def token_line_widths(weights: ArrayLike, max_width: float) -> np.ndarray:
    """Stroke widths for a row of weights: proportional, 0 for (near) zero weights.

    Parameters
    ----------
    weights : array_like, shape (L,)
        One row of attention weights, each from 0 to 1.
    max_width : float
        The width of a line of weight 1.

    Returns
    -------
    numpy.ndarray
        ``max_width * w`` for each weight, 0 where ``w < _MIN_DRAWN``.

    Examples
    --------
    >>> token_line_widths([0, 0.5, 0.25, 0.25], 12)
    array([0., 6., 3., 3.])
    """
    w = np.clip(np.asarray(weights, dtype=float), 0.0, 1.0)
    return np.where(w < _MIN_DRAWN, 0.0, max_width * w)


class TokenLines(OwnsChildren, DescribedFigure):
    """Row `row` of the attention weights, as lines from a query token to every key token.

    Parameters
    ----------
    weights : array_like, shape (m, L)
        The attention weights ``A_att``: row ``i`` holds the weights query
        token ``i`` gives to the ``L`` key tokens.
    tokens : sequence of str, optional
        Token names; missing ones are ``t1``, ``t2``, ...
    row : int, optional
        0-based query row to draw.  Default 0.
    max_width : float, optional
        Width in pixels of a line of weight 1.  Default 14.
    **kwargs
        Passed to `bqplot.Figure`.

    Attributes
    ----------
    widths : tuple of float
        Read-only: the stroke width of the line to each key token.
    summary : str
        Read-only: the row in words, e.g. ``cat → the 0, cat 0.5, ...``.

    Examples
    --------
    >>> view = TokenLines([[0.5, 0.5, 0], [0, 0.5, 0.5]], ["the", "cat", "sat"], row=1)
    >>> view.widths
    (0.0, 7.0, 7.0)
    >>> view.summary
    'cat → the 0, cat 0.5, sat 0.5'
    >>> view.row = 5
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: row: query row index 5 is out of range: valid (0-based) query row indices are 0 to 1
    """

    weights = MatrixTrait(help="The attention weights A_att, one row per query token.")
    tokens = List(Unicode(), help="Token names; missing ones are t1, t2, ...")
    row = Int(0, help="0-based query row whose weights are drawn.")
    max_width = Float(14.0, min=1.0, help="Width in pixels of a line of weight 1.")
    widths = Tuple(read_only=True, help="Stroke width of the line to each key token.")
    summary = Unicode("", read_only=True, help="The drawn row in words.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        weights: ArrayLike,
        tokens: Iterable[str] = (),
        row: int = 0,
        *,
        max_width: float = 14.0,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("layout", Layout(width="400px", height="260px"))
        kwargs.setdefault("fig_margin", dict(top=20, bottom=20, left=90, right=120))
        kwargs.setdefault("display_toolbar", False)
        super().__init__(padding_x=0, padding_y=0, **kwargs)
        self._writing = Guard()
        self._own(self.scale_x, self.scale_y)  # the figure's own default scales
        self._x = self._own(LinearScale(min=0.0, max=1.0, allow_padding=False))
        self._y = self._own(LinearScale(min=-0.5, max=0.5, allow_padding=False))
        scales = {"x": self._x, "y": self._y}
        self._scales = scales
        self._lines = []  # one Lines mark per key token: bqplot has one width per mark
        # The labels and dots sit on the edges of the plot area: no clipping.
        self._dots, self._queries, self._keys = self._own(
            Scatter(scales=scales, default_size=40, stroke="white", apply_clip=False),
            Label(scales=scales, align="end", x_offset=-10, y_offset=0,
                  default_size=14, font_unit="px", apply_clip=False),
            Label(scales=scales, align="start", x_offset=10, y_offset=0,
                  default_size=14, font_unit="px", apply_clip=False),
        )
        self.add_class("token-lines")
        with self.hold_trait_notifications():
            self.max_width = max_width
            self.tokens = [str(t) for t in tokens]
            self.weights = weights
            self.row = row
        self._ready = True
        self._render()

    @validate("row")
    def _validate_row(self, proposal):
        row = int(proposal.value)
        if self.trait_has_value("weights"):
            self._check_row(row, self.weights)
        return row

    @validate("weights")
    def _validate_weights(self, proposal):
        if self.trait_has_value("row"):
            self._check_row(self.row, proposal.value)
        return proposal.value

    @staticmethod
    def _check_row(row, weights):
        try:
            check_index(row, weights.shape[0], "query row")
        except IndexError as error:
            raise TraitError(f"row: {error}") from None

    def show(self, weights: ArrayLike, row: int, tokens: Iterable[str] | None = None) -> None:
        """Set `weights`, `row` (and `tokens`) together and draw once.

        Use it when the number of tokens changes: the row must fit the new
        weights.

        Examples
        --------
        >>> view = TokenLines([[1.0]], ["a"])
        >>> view.show([[0.25, 0.75], [1, 0]], 0, ["a", "b"])
        >>> view.widths
        (3.5, 10.5)
        """
        with self._writing, self.hold_trait_notifications():
            self.weights = weights
            self.row = row
            if tokens is not None:
                self.tokens = [str(t) for t in tokens]
        self._render()

    def names(self) -> list[str]:
        """The name of every key token, padded past `tokens` with ``t1``, ``t2``, ..."""
        return token_names(self.tokens, self.weights.shape[1])

    @observe("weights", "tokens", "row", "max_width")
    def _on_change(self, change):
        if self._ready and not self._writing:  # `show` draws once, after its writes
            self._render()

    def _render(self):
        A, i = self.weights, self.row
        m, L = A.shape
        names = self.names()
        query_names = token_names(names, m)
        n = max(m, L)
        y_query = np.array([n - 1 - k for k in range(m)], dtype=float)
        y_key = np.array([n - 1 - k for k in range(L)], dtype=float)
        row = A[i]
        widths = token_line_widths(row, self.max_width)
        new_lines = [
            self._own(Lines(scales=self._scales, colors=[_QUERY_COLOR], stroke_width=1.0,
                            apply_clip=False))
            for _ in range(L - len(self._lines))
        ]
        self._lines += new_lines
        changes = [(self._y, {"min": -0.6, "max": n - 0.4})]
        for j, line in enumerate(self._lines):
            if j < L:
                changes.append((line, {
                    "x": np.array([0.0, 1.0]),
                    "y": np.array([y_query[i], y_key[j]]),
                    "stroke_width": float(max(widths[j], 0.5)),
                    "opacities": [0.35 + 0.65 * float(np.clip(row[j], 0, 1))],
                    "visible": bool(widths[j] > 0),
                }))
            else:
                changes.append((line, {"visible": False}))
        changes += [
            (self._dots, {
                "x": np.r_[np.zeros(m), np.ones(L)],
                "y": np.r_[y_query, y_key],
                "colors": [_QUERY_COLOR if k == i else _MUTED_COLOR for k in range(m)]
                + [_KEY_COLOR] * L,
            }),
            (self._queries, {
                "x": np.zeros(m),
                "y": y_query,
                "text": query_names,
                "colors": [_QUERY_COLOR if k == i else _MUTED_COLOR for k in range(m)],
                "font_weight": "bold",
            }),
            (self._keys, {
                "x": np.ones(L),
                "y": y_key,
                "text": [f"{names[j]}  {format_number(row[j], 2)}" for j in range(L)],
                "colors": [_KEY_COLOR] * L,
            }),
        ]
        marks = [*self._lines, self._dots, self._queries, self._keys]
        if new_lines or list(self.marks) != marks:
            changes.append((self, {"marks": marks}))
        changes.append((self, {"tooltip": alternatives.token_lines(query_names[i], names, row)}))
        apply_changes(changes)
        self.set_trait("widths", tuple(float(w) for w in widths))
        self.set_trait(
            "summary",
            f"{query_names[i]} → " + ", ".join(
                f"{names[j]} {format_number(row[j])}" for j in range(L)
            ),
        )
