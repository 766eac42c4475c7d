"""What lab 6's picture of a dense layer says in words: its colours' key, the readout, the expansion.

The picture (`widgets.views.dense_layer_view`) draws ``x``, its output
``ŷ``, the route between them and where the origin lands in the colours
named here; the readout and the key beside it use the same colours as
swatches.  Pure HTML strings; the expansions themselves are
`widgets.text.dense_steps`.
"""

from __future__ import annotations

from collections.abc import Iterable

from numpy.typing import ArrayLike

from ..core.parsing import format_number
from .dense_steps import affine_expansion_html, affine_expansion_latex

__all__ = [
    "ORIGIN_COLOR",
    "PATH_COLOR",
    "X_COLOR",
    "Y_COLOR",
    "KEY_HTML",
    "numeric_html",
    "readout_html",
    "symbolic_html",
]

#: The input x, its output ŷ, where the origin lands, and the route from x to ŷ.
X_COLOR, Y_COLOR, ORIGIN_COLOR, PATH_COLOR = "#ff7f0e", "#08519c", "#8e44ad", "#555555"


def _vec(v: Iterable[float]) -> str:
    return "(" + ", ".join(format_number(t) for t in v) + ")"


def _swatch(color: str) -> str:
    return f'<span style="color:{color}">●</span>'


#: The key to the picture's colours and grids, beside the editors.
KEY_HTML = (
    "<div style='color:#555; font-size:0.9em; line-height:1.5'>"
    f"{_swatch(X_COLOR)} drag the point x, or type it<br>"
    f"{_swatch(Y_COLOR)} ŷ, the output for x (dashed: from x to ŷ)<br>"
    f"{_swatch(ORIGIN_COLOR)} the arrow from 0 to where the origin lands<br>"
    "grey grid: the input plane; light blue grid: its image</div>"
)


def readout_html(
    x: ArrayLike, z: ArrayLike, y: ArrayLike, o: ArrayLike, *, activation: str | None, prefix: str
) -> str:
    """The values the picture shows: ``x``, ``W x + b``, ``ŷ`` and where the origin lands.

    Parameters
    ----------
    x, z, y, o : array_like
        The input, ``W x + b``, the output ``ŷ`` and the image of the origin.
    activation : {None, "relu"}
        The activation after the layer, which the formulas name.
    prefix : str
        Starts the CSS classes of the values tests read (``{prefix}-xvalue``,
        ``{prefix}-yhat``, ``{prefix}-origin``).

    Examples
    --------
    >>> text = readout_html([1, 0], [2, -1], [2, 0], [0.5, 0], activation="relu", prefix="lab06")
    >>> "ŷ = ReLU(W x + b) = <b class='lab06-yhat'>(2, 0)</b>" in text
    True
    """
    if activation:
        output = f"ŷ = ReLU(W x + b) = <b class='{prefix}-yhat'>{_vec(y)}</b>"
        origin = f"0 ↦ ReLU(b) = <b class='{prefix}-origin'>{_vec(o)}</b>"
    else:
        output = f"ŷ = W x + b = <b class='{prefix}-yhat'>{_vec(y)}</b>"
        origin = f"0 ↦ b = <b class='{prefix}-origin'>{_vec(o)}</b>"
    return (
        f"<div style='line-height:1.7'>{_swatch(X_COLOR)} x = <b class='{prefix}-xvalue'>{_vec(x)}</b><br>"
        f"{_swatch(PATH_COLOR)} W x + b = {_vec(z)}<br>"
        f"{_swatch(Y_COLOR)} {output}<br>"
        f"{_swatch(ORIGIN_COLOR)} origin: {origin}</div>"
    )


def symbolic_html(activation: str | None) -> str:
    """The layer expanded in symbols, under its heading (LaTeX, for `HTMLMath`).

    >>> symbolic_html(None).startswith("<b>In symbols</b>$$ ")
    True
    """
    return (
        "<b>In symbols</b>"
        f"$$ {affine_expansion_latex(None, None, activation=activation, multiline=True)} $$"
    )


def numeric_html(W: ArrayLike, b: ArrayLike, x: ArrayLike, activation: str | None) -> str:
    """The layer expanded with the learner's numbers, under its heading.

    >>> numeric_html([[1, 0], [0, 1]], [0, 0], [1, 2], None).startswith("<b>With your numbers</b>")
    True
    """
    return (
        "<b>With your numbers</b>"
        f"<div style='margin-top:0.8em'>{affine_expansion_html(W, b, x, activation=activation)}</div>"
    )
