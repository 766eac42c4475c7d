"""What the attention explorer and lab 8's output picture say in words: tables, notes, status lines.

Pure HTML strings from an `AttentionResult` and the token names; the explorer
(`widgets.labs.attention_explorer` and its parts) and `widgets.labs.attention_weights`
only put them in place.  Token numbers in the text count from 1, as the syllabus does.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..core.attention_math import AttentionResult
from ..core.parsing import format_number
from ..core.shapes import format_shape
from .alerts import alert_html
from .attention_steps import average_expansion
from .html_math import subscripts_html

__all__ = [
    "OUTPUT_NAME",
    "TOKENS_HEADING",
    "stale_status_html",
    "by_hand_note",
    "output_sum_html",
    "output_note",
    "shapes_explanation",
    "shapes_table_html",
    "score_explanation",
    "weights_row_title",
    "lines_note",
    "values_note",
    "average_html",
]

_GREY = "color:#666"

#: The rows of the shapes table: the input or result that has the shape, in HTML.
_SHAPE_ROWS = (
    ("X", "X", "tokens as rows", "L×d"),
    ("W_Q", "W<sub>Q</sub>", "query weights", "d×d<sub>k</sub>"),
    ("W_K", "W<sub>K</sub>", "key weights", "d×d<sub>k</sub>"),
    ("W_V", "W<sub>V</sub>", "value weights", "d×d<sub>v</sub>"),
    ("Q", "Q = XW<sub>Q</sub>", "queries", "L×d<sub>k</sub>"),
    ("K", "K = XW<sub>K</sub>", "keys", "L×d<sub>k</sub>"),
    ("V", "V = XW<sub>V</sub>", "values", "L×d<sub>v</sub>"),
    ("K^T", "K<sup>T</sup>", "keys as columns", "d<sub>k</sub>×L"),
    ("S", "S = QK<sup>T</sup>", "scores", "L×L"),
    ("A_att", "A<sub>att</sub>", "attention weights", "L×L"),
    ("H", "H = A<sub>att</sub>V", "output", "L×d<sub>v</sub>"),
)
_INPUTS = ("X", "W_Q", "W_K", "W_V")

#: The LaTeX name of the explorer's output view.
OUTPUT_NAME = r"H = A_{\mathrm{att}}V"
#: The heading of the column of token names beside ``X``.
TOKENS_HEADING = "<b>token</b>"


def stale_status_html(error: str, shapes: bool) -> str:
    """Why the explorer still shows its last calculation that worked, as an alert.

    Parameters
    ----------
    error : str
        What was wrong with the inputs.
    shapes : bool
        Whether it was their shapes (else their numbers, e.g. too large: they overflow).

    Examples
    --------
    >>> text = stale_status_html("W_Q is 2×2 and W_K is 2×3", shapes=True)
    >>> "<b>These shapes do not fit.</b> W_Q is 2×2 and W_K is 2×3.<br>Everything below" in text
    True
    """
    problem = "These shapes do not fit." if shapes else "These numbers cannot be used."
    return alert_html(
        f"<b>{problem}</b> {html.escape(error)}.<br>Everything below still shows the last "
        "calculation that worked.", escape=False,
    )


def by_hand_note(temperature: bool) -> str:
    """Why the softmax options are greyed out while the weights are set by hand.

    >>> by_hand_note(temperature=False)
    "<i style='color:#666'>(scaling and mask apply to the softmax)</i>"
    """
    what = "scaling, temperature and mask" if temperature else "scaling and mask"
    return f"<i style='{_GREY}'>({what} apply to the softmax)</i>"


def shapes_table_html(shapes: Mapping[str, tuple[int, ...]], fits: bool = True) -> str:
    """A table of every matrix's shape, with its letters (``L×d``).

    Parameters
    ----------
    shapes : dict of str to tuple
        Shapes by name: the inputs ``X``, ``W_Q``, ``W_K``, ``W_V`` and the
        results ``Q``, ``K``, ``V``, ``K^T``, ``S``, ``A_att``, ``H``.
    fits : bool, optional
        False when the inputs do not fit: the results' shapes show as "—".

    Examples
    --------
    >>> shapes = dict.fromkeys(["X", "W_Q", "W_K", "W_V", "Q", "K", "V", "K^T", "S", "A_att", "H"], (2, 2))
    >>> "<b>2×2</b>" in shapes_table_html(shapes)
    True
    >>> shapes_table_html(shapes, fits=False).count("<b>—</b>")
    7
    """
    body = "".join(
        f"<tr><td style='padding:0 10px 0 0'>{label}</td>"
        f"<td style='{_GREY};padding:0 10px 0 0'>{what}</td>"
        f"<td class='shape' style='text-align:right;padding:0 10px 0 0'><b>"
        f"{format_shape(shapes[key]) if fits or key in _INPUTS else '—'}</b></td>"
        f"<td style='{_GREY}'>{letters}</td></tr>"
        for key, label, what, letters in _SHAPE_ROWS
    )
    return (
        "<table style='border-collapse:collapse;line-height:1.5'>"
        "<tr><th style='text-align:left'>matrix</th><td></td><th>shape</th><td></td></tr>"
        f"{body}</table>"
    )


def score_explanation(
    result: AttentionResult,
    cell: tuple[int, int] | None,
    expansion: str,
    names: Sequence[str],
    *,
    softmax: bool = True,
    causal: bool = False,
) -> str:
    """Score ``S_ij`` written out, and what it means, for the picked `cell`.

    Parameters
    ----------
    result : AttentionResult
    cell : tuple of int or None
        The picked score ``(i, j)``, 0-based, or None.
    expansion : str
        That score written out by `widgets.text.attention_steps.score_expansion`
        (``""`` with no cell).
    names : sequence of str
        The token names.
    softmax : bool, optional
        Whether the weights are the softmax of the scores (not set by hand).
    causal : bool, optional
        Whether the causal mask is on.

    Returns
    -------
    str
        HTML: the expansion and what the score compares and becomes.

    Examples
    --------
    >>> from widgets.core.attention_math import attention
    >>> from widgets.text.attention_steps import score_expansion
    >>> I = np.eye(2)
    >>> r = attention(I, I, I, I)
    >>> markup = score_explanation(r, (0, 1), score_expansion(r.Q, r.K, 0, 1), ["a", "b"])
    >>> "the key of token 2 (“b”)" in markup
    True
    """
    if cell is None:
        return "<div style='line-height:1.7'><i>Click a cell of the score matrix to write it out.</i></div>"
    i, j = cell
    pieces = expansion.split(" = ")
    row = ", ".join(format_number(s) for s in result.S[i])
    lines = [
        subscripts_html(" = ".join(pieces[:3])),
        "&nbsp;&nbsp;&nbsp;&nbsp;= " + subscripts_html(" = ".join(pieces[3:])),
        f"It compares the query of token {i + 1} (“{html.escape(names[i])}”) "
        f"with the key of token {j + 1} (“{html.escape(names[j])}”).",
        f"Row {i + 1} of <i>S</i> holds the scores comparing token {i + 1}’s query "
        f"with all {result.S.shape[0]} keys: ({row}).",
    ]
    if softmax and causal and j > i:
        lines.append(
            f"The causal mask hides token {j + 1} from token {i + 1}: "
            f"<i>A</i><sub>att</sub>[{i + 1}, {j + 1}] = 0."
        )
    elif softmax:
        lines.append(
            f"After the softmax, token {i + 1} gives weight "
            f"<i>A</i><sub>att</sub>[{i + 1}, {j + 1}] = {format_number(result.A[i, j])} "
            f"to the value of token {j + 1}."
        )
    return "<div style='line-height:1.7'>" + "<br>".join(lines) + "</div>"


def weights_row_title(k: int, name: str) -> str:
    """The title of row `k` (0-based) of ``A_att``, above its sliders.

    >>> weights_row_title(0, "a")
    '<b>row 1</b> of <i>A</i><sub>att</sub>: token 1 (“a”)'
    """
    return f"<b>row {k + 1}</b> of <i>A</i><sub>att</sub>: token {k + 1} (“{html.escape(name)}”)"


def lines_note(focus: int, name: str) -> str:
    """What the token lines of row `focus` (0-based) show, and how to pick another row."""
    return (
        f"<span style='{_GREY}'>Row {focus + 1} of <i>A</i><sub>att</sub>: "
        f"token {focus + 1} (“{html.escape(name)}”) on the left, a line to every "
        "token on the right, as thick as its weight. Click a cell of the weights or the "
        "scores to pick another token.</span>"
    )


def values_note(V_shape: tuple[int, ...] | None = None, problem: Exception | str | None = None) -> str:
    """The note under the values plot: its legend, or why it cannot draw ``V``.

    >>> values_note((4, 3))
    '<i>The plot needs 2-D value vectors; V is 4×3.</i>'
    """
    if problem is not None:
        return f"<i>The plot cannot show V: {html.escape(str(problem))}.</i>"
    if V_shape is not None:
        return f"<i>The plot needs 2-D value vectors; V is {format_shape(V_shape)}.</i>"
    return (
        f"<span style='{_GREY}'>Blue dots: the values <i>v</i><sub>j</sub>. "
        "Diamonds: the outputs <i>h</i><sub>i</sub>, each a weighted average of the "
        "values, so each stays inside the shaded hull.</span>"
    )


def average_html(A: ArrayLike, V: ArrayLike, i: int) -> str:
    """Output ``h_i`` written out as the weighted average of the values."""
    return output_sum_html(average_expansion(np.round(A, 12), V, i))


def output_sum_html(expansion: str) -> str:
    """An output written out in plain text (`average_expansion`), with subscripts, a little larger.

    >>> output_sum_html("h_2 = 1 v_1 = (1, 0)")
    "<div style='font-size:1.1em'><i>h</i><sub>2</sub> = 1 <i>v</i><sub>1</sub> = (1, 0)</div>"
    """
    return f"<div style='font-size:1.1em'>{subscripts_html(expansion)}</div>"


def output_note(row: int) -> str:
    """The legend under lab 8's picture of output ``h_i``, row `row` (0-based) of ``A_att``.

    >>> "The diamond: <i>h</i><sub>2</sub>, joined to each value" in output_note(1)
    True
    """
    return (
        f"<div style='{_GREY};line-height:1.4'>Blue dots: the values <i>v</i><sub>j</sub>. "
        "The diamond: "
        f"<i>h</i><sub>{row + 1}</sub>, joined to each value by a line as strong as its "
        "weight. With weights that are nonnegative and add to 1 it lies in the shaded "
        "convex hull of the values.</div>"
    )


def shapes_explanation(tokens: int, features: int, size: int) -> str:
    r"""Why ``Q = XW_Q``, ``Kᵀ`` and ``S = QKᵀ`` have their shapes, in numbers (HTML with LaTeX).

    Parameters
    ----------
    tokens, features : int
        The shape of ``X``: one row per token, one column per feature.
    size : int
        The columns of ``W_Q``, ``W_K`` and ``W_V``: the size of a query, a key and a value.

    Examples
    --------
    >>> text = shapes_explanation(5, 4, 3)
    >>> text[:62]
    'A $5\\times 4$ matrix times a $4\\times 3$ matrix is $5\\times 3$'
    >>> r"the $3\times 5$ matrix $K^T$" in text, r"a $5\times 5$ score matrix" in text
    (True, True)
    """
    def by(rows, cols):
        return rf"${rows}\times {cols}$"

    return (
        f"A {by(tokens, features)} matrix times a {by(features, size)} matrix is {by(tokens, size)}: "
        r"<b>$Q$, $K$ and $V$ each have one row per token and one column per feature of the "
        r"query/key/value space</b>. "
        f"Transposing turns the {by(tokens, size)} matrix $K$ into the {by(size, tokens)} matrix $K^T$, "
        f"whose columns are the keys, and $({tokens}\\times {size})({size}\\times {tokens})$ gives a "
        f"{by(tokens, tokens)} score matrix: one score for every (query token, key token) pair. "
        "Change the shapes with the menus above and watch every line of the table follow."
    )
