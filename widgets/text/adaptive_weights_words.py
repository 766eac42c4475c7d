"""Lab 10's words: which part of attention plays which role, what an edit moved, what the linearity tables compare.

Pure HTML strings (with LaTeX, for `MathHTML`); the lab's notebook shows
`ROLES_HTML`, `widgets.labs.adaptive_weights.DenseVsAttention` says what
the last edit moved (`last_edit_html`) and `LinearityTables` shows
`LINEARITY_HTML` above its slider and titles its tables with `LINEARITY_TITLES`,
`VERSUS_HTML` and `WEIGHTS_CHANGE_HTML`, and says whether two results agree with `equality_verdict`; both
name their matrices from `MATRIX_NAMES`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from numpy.typing import ArrayLike

from ..core.attention_math import WeightShift
from ..core.identities import EQUAL_GAP, largest_gap
from ..core.parsing import format_number
from .alerts import ERROR_COLOR, SUCCESS_COLOR, feedback_html
from .html_math import html_table

__all__ = [
    "LINEARITY_HTML", "LINEARITY_TITLES", "MATRIX_NAMES", "ROLES_HTML", "VERSUS_HTML", "WEIGHTS_CHANGE_HTML",
    "equality_verdict", "last_edit_html",
]

#: Which part of the simplified attention ``H = A_att(X) V(X)`` plays which role of the adaptive
#: form, and what that means for linearity: the answers to lab 10's two questions on roles.
ROLES_HTML = html_table([
    ("adaptive form", "in this attention", "depends on the input?"),
    (r"$W(\mathbf{x})$, the weights", r"$A_{\mathrm{att}}(X)$, the attention weights",
     "yes, through the scores; not linearly (softmax)"),
    (r"$U(\mathbf{x})$, what gets weighted", r"$V(X) = XW_V$, the values", "yes, linearly"),
    (r"$B(\mathbf{x})$, an input-dependent bias", r"$0$ here",
     "(a transformer block adds the input back, $X$, through its residual connection)"),
    (r"$\mathbf{b}$, a fixed bias", r"$0$ here", "(output projections usually carry one)"),
]) + (
    r"<p>The product $A_{\mathrm{att}}(X)\,V(X)$ is still a matrix product, a weighted average of value vectors as in Lab 8, "
    r"so for weights frozen at their current values it is linear in the values. "
    r"What a dense layer cannot do is choose the weights <b>per input</b>: attention lets each token decide, from the "
    r"sentence in front of it, which other tokens to draw on. That is the non-linearity the linearity test above "
    r"detects, and it is why these weights are called adaptive.</p>"
)

#: What the three comparisons of `LinearityTables` show, above its slider.
LINEARITY_HTML = (
    r"<ul>"
    r"<li>The bias-free dense layer is linear: $W(c\,\mathbf{x}) = c\,W\mathbf{x}$.</li>"
    r"<li><b>With the weights held fixed</b>, attention is linear in the values: "
    r"$A_{\mathrm{att}}\cdot(cV) = c\cdot A_{\mathrm{att}}\cdot V$ and "
    r"$A_{\mathrm{att}}\cdot(V + V') = A_{\mathrm{att}}\cdot V + A_{\mathrm{att}}\cdot V'$, "
    r"because it is a matrix product.</li>"
    r"<li>But the whole map $X \mapsto A_{\mathrm{att}}(X)\,XW_V$ is <b>not</b> linear in $X$. Scaling $X$ by $c$ scales "
    r"the values by $c$, yet it also scales every score by $c^2$, so the softmax produces <i>different</i> weights. "
    r"The output is $A_{\mathrm{att}}(cX)\,c\,V(X)$, not $c\,A_{\mathrm{att}}(X)\,V(X)$.</li>"
    r"</ul>Pick $c$ and compare, with the $X$ and weights from above:"
)

#: The title of each of `LinearityTables`' three comparisons, by the key of its verdict.
LINEARITY_TITLES = {
    "dense": "<b>Dense layer (no bias): f(X) = XWᵀ</b>",
    "fixed": "<b>Attention with the weights held fixed: linear in V</b>",
    "att": "<b>Attention as a whole: f(X) = A_att(X) X W_V</b>",
}
#: The LaTeX names of lab 10's matrices, by the key each composite keeps its view under:
#: `DenseVsAttention`'s two outputs, then `LinearityTables`' six sides and two weights.
MATRIX_NAMES = {
    "Y": r"\hat Y = XW^T",
    "H": r"H = A_{\mathrm{att}}(X)\,XW_V",
    "dense_cX": r"f_{\mathrm{dense}}(cX)",
    "dense_c": r"c\,f_{\mathrm{dense}}(X)",
    "att_cX": r"f_{\mathrm{att}}(cX)",
    "att_c": r"c\,f_{\mathrm{att}}(X)",
    "fixed_cV": r"A_{\mathrm{att}}(X)\cdot(cV)",
    "fixed_c": r"c\,A_{\mathrm{att}}(X)\,V",
    "A_att": r"A_{\mathrm{att}}(X)",
    "A_att_c": r"A_{\mathrm{att}}(cX)",
}
#: Between the two sides of a comparison.
VERSUS_HTML = "&nbsp;vs&nbsp;"
#: Beside the weights for X and for cX, under the comparisons: why attention's pair differs.
WEIGHTS_CHANGE_HTML = "<b>Why:</b> the weights themselves change with c"


def last_edit_html(shift: WeightShift | None, names: Sequence[str], dense_entries: int) -> str:
    """What the last edit of ``X`` moved: attention's weights in every row, none of the dense layer's.

    Parameters
    ----------
    shift : WeightShift or None
        From `widgets.core.attention_math.weight_shift`; None before any edit.
    names : sequence of str
        The tokens' names, in order.
    dense_entries : int
        How many entries the dense layer's fixed ``W`` has.

    Examples
    --------
    >>> last_edit_html(None, ["the", "cat"], 4)
    '<i>Change an entry of X to compare.</i>'
    >>> from widgets.core.attention_math import WeightShift
    >>> text = last_edit_html(WeightShift((2,), 2, 0.4, 1, (2, 2)), ["the", "cat"], 4)
    >>> text.startswith("<b>Last edit</b> changed token 2 (cat). Attention: <b>2 of 4</b> weights moved")
    True
    """
    if shift is None:
        return "<i>Change an entry of X to compare.</i>"
    who = ", ".join(f"{i} ({html.escape(names[i - 1])})" for i in shift.tokens)
    rows, columns = shift.shape
    return (
        f"<b>Last edit</b> changed token{'s' if len(shift.tokens) > 1 else ''} {who}. "
        f"Attention: <b>{shift.moved} of {rows * columns}</b> weights moved "
        f"(the largest by {format_number(shift.largest)}), in {shift.rows} of {rows} rows. "
        f"Dense layer: <b>0 of {dense_entries}</b> entries of W moved."
    )


def equality_verdict(left: ArrayLike, right: ArrayLike) -> str:
    """"equal" in green, or "different" in red with the largest gap: two results compared.

    Examples
    --------
    >>> equality_verdict([[1, 2]], [[1, 2]])
    '<span style="color:var(--matmul-success, #1e7e34)"><b>equal</b></span>'
    >>> equality_verdict([[1, 2]], [[1, 2.25]])
    '<span style="color:var(--matmul-error, #a94442)"><b>different</b></span> (largest gap 0.25)'
    """
    gap = largest_gap(left, right)
    if gap < EQUAL_GAP:
        return feedback_html("<b>equal</b>", SUCCESS_COLOR, escape=False, tag="span")
    different = feedback_html("<b>different</b>", ERROR_COLOR, escape=False, tag="span")
    return f"{different} (largest gap {format_number(gap)})"
