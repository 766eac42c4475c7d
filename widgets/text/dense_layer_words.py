r"""Lab 6's words: its dense layer ``W x + b`` (then ReLU) written out, and its picture's key and readout.

The syllabus expands the ``2×2`` case of ``ŷ = W x + b`` row by row.
`affine_expansion_latex` writes that expansion in LaTeX, with symbols
(``w_{11} x_1 + w_{12} x_2 + b_1``) or with numbers, and
`affine_expansion_html` the same with numbers as HTML, for views redrawn at
every edit.  The picture (`widgets.views.dense_layer_view`) draws ``x``, its
output ``ŷ``, the route between them and where the origin lands in the
colours named here (`X_COLOR`, ...); the readout (`readout_html`) and the key
beside it (`KEY_HTML`) use the same colours as swatches.  The arithmetic is
`widgets.core.dense_layer`'s; this module only writes it down.  Strings only:
no widgets here.

>>> print(affine_expansion_latex([[2, -1], [0, 3]], [1, -1], [1, 2]).split(" = ")[-1])
\begin{bmatrix} 1 \\ 5 \end{bmatrix}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from numpy.typing import ArrayLike

from ..core.dense_layer import as_weights, dense_layer, relu
from ..core.parsing import format_number
from ..core.shapes import as_finite_array, format_shape
from .html_math import bracket_table, formula_html
from .latex_math import bmatrix
from .numbers import html_number, latex_number

__all__ = [
    "KEY_HTML",
    "ORIGIN_COLOR",
    "PATH_COLOR",
    "X_COLOR",
    "Y_COLOR",
    "affine_expansion_html",
    "affine_expansion_latex",
    "PLOT_TITLE",
    "RELU_TOGGLE",
    "RELU_TOOLTIP",
    "numeric_html",
    "readout_html",
    "symbolic_html",
    "too_large",
]

#: What the left-hand side of the expansion is called.
_AFFINE_LHS = r"W\mathbf{x} + \mathbf{b}"
_RELU_LHS = r"\hat{\mathbf{y}} = \operatorname{ReLU}(W\mathbf{x} + \mathbf{b})"


@dataclass(frozen=True)
class _Notation:
    """How the expansion is written: the pieces that differ between LaTeX and HTML."""

    number: Callable  # (x, digits) -> text
    symbol: Callable  # (letter, "1" or "12") -> text
    times: str  # between a factor and a number: 2 · 3
    minus: str  # how a negative number starts
    column: Callable  # [entries] -> a bracketed column
    matrix: Callable  # [[entries]] -> a bracketed matrix
    clamp: Callable  # entry -> max(0, entry)
    affine_lhs: str
    relu_lhs: str


def _latex_symbol(letter, index):
    # Braces keep two-digit indices together: w_{11}, w_{12}.
    return f"{letter}_{{{index}}}" if len(index) > 1 else f"{letter}_{index}"


_LATEX = _Notation(
    number=latex_number,
    symbol=_latex_symbol,
    times=r" \cdot ",
    minus="-",
    column=lambda entries: bmatrix(([e] for e in entries), spaced=True),
    matrix=lambda rows: bmatrix(rows, spaced=True),
    clamp=lambda t: rf"\max(0,\, {t})",
    affine_lhs=_AFFINE_LHS,
    relu_lhs=_RELU_LHS,
)
HTML = _Notation(
    number=html_number,
    symbol=lambda letter, index: f"<i>{letter}</i><sub>{index}</sub>",
    times=" · ",
    minus="\N{MINUS SIGN}",
    column=lambda entries: bracket_table([[e] for e in entries], label="column"),
    matrix=lambda rows: bracket_table(rows, label="matrix"),
    clamp=lambda t: f"max(0, {t})",
    affine_lhs="<b>W</b><b>x</b> + <b>b</b>",
    relu_lhs="<b>ŷ</b> = ReLU(<b>W</b><b>x</b> + <b>b</b>)",
)


def _factor(entry, notation):
    """An entry as a factor of a product: negative numbers in parentheses."""
    text, numeric = entry
    return f"({text})" if numeric and text.startswith(notation.minus) else text


def _product(w, x, notation):
    # A number after a factor needs a visible dot (2 · 3, w_11 · 3);
    # a symbol can stand next to its factor (2 x_1, w_11 x_1).
    sep = notation.times if x[1] else (" " if w[1] else "")
    return _factor(w, notation) + sep + _factor(x, notation)


def _add(total, term, notation):
    """Append `term` to a sum; a negative number is written as a subtraction."""
    text, numeric = term
    if numeric and text.startswith(notation.minus):
        return f"{total} {notation.minus} {text[len(notation.minus):]}"
    return f"{total} + {text}"


def _entries(value, shape, symbol, digits, name, notation):
    """Entries of `value` as ``(text, is_number)`` pairs, or symbols if None."""
    if value is None:
        if len(shape) == 1:
            return [(notation.symbol(symbol, f"{i + 1}"), False) for i in range(shape[0])]
        return [
            [(notation.symbol(symbol, f"{i + 1}{j + 1}"), False) for j in range(shape[1])]
            for i in range(shape[0])
        ]
    array = as_finite_array(value, name)
    if len(shape) == 1 and array.ndim == 2 and array.shape[1] == 1:
        array = array[:, 0]
    if array.shape != tuple(shape):
        raise ValueError(
            f"{name} must have shape {format_shape(shape) if len(shape) == 2 else shape[0]}"
            f", got shape {array.shape}"
        )
    if array.ndim == 1:
        return [(notation.number(v, digits), True) for v in array]
    return [[(notation.number(v, digits), True) for v in row] for row in array]


def _expansion(W, b, x, activation, digits, notation):
    """The expansion as lines ``(lhs, steps)``, each step a list of pieces."""
    if activation is not None and not (
        isinstance(activation, str) and activation.lower() == "relu"
    ):
        raise ValueError(f"activation must be None or 'relu', got {activation!r}")
    m = n = 2
    if W is not None:
        m, n = as_weights(W).shape
    else:
        if b is not None:
            m = as_finite_array(b, "b").reshape(-1).size
        if x is not None:
            n = as_finite_array(x, "x").reshape(-1).size
    w_ = _entries(W, (m, n), "w", digits, "W", notation)
    x_ = _entries(x, (n,), "x", digits, "x", notation)
    b_ = _entries(b, (m,), "b", digits, "b", notation)

    products = [
        " + ".join(_product(w_[i][j], x_[j], notation) for j in range(n)) for i in range(m)
    ]
    with_bias = [_add(products[i], b_[i], notation) for i in range(m)]
    b_column = notation.column([text for text, _ in b_])
    steps = [
        [notation.matrix([[t for t, _ in row] for row in w_]),
         notation.column([t for t, _ in x_]), "+", b_column],
        [notation.column(products), "+", b_column],
        [notation.column(with_bias)],
    ]
    numeric = W is not None and b is not None and x is not None
    z = dense_layer(W, x, b) if numeric else None
    if numeric:
        steps[-1] += ["=", notation.column([notation.number(v, digits) for v in z])]

    lines = [(notation.affine_lhs, steps)]
    if activation is not None:
        inside = [notation.number(v, digits) for v in z] if numeric else with_bias
        relu_steps = [[notation.column([notation.clamp(t) for t in inside])]]
        if numeric:
            relu_steps[-1] += ["=", notation.column([notation.number(v, digits) for v in relu(z)])]
        lines.append((notation.relu_lhs, relu_steps))
    return lines


def affine_expansion_latex(
    W: ArrayLike | None,
    b: ArrayLike | None,
    x: ArrayLike | None = None,
    *,
    activation: str | None = None,
    multiline: bool = False,
    digits: int = 3,
) -> str:
    r"""LaTeX for ``W x + b`` expanded entry by entry, with symbols or numbers.

    The chain follows the syllabus: the product written with the matrices,
    then the product expanded row by row plus ``b``, then one column with
    the bias inside each row.  When `W`, `b` and `x` are all numbers, the
    chain ends with the resulting vector.

    Parameters
    ----------
    W : array_like or None
        The ``m×n`` weight matrix, or None for the symbols ``w_{ij}``
        (then the shape is ``2×2``, or taken from `b` and `x` if they are
        numbers).
    b : array_like or None
        The ``m`` biases, or None for the symbols ``b_i``.
    x : array_like or None, optional
        The ``n`` inputs, or None (the default) for the symbols ``x_j``.
    activation : None or 'relu', optional
        With ``'relu'``, a last step writes ``ŷ = ReLU(W x + b)`` as
        ``max(0, ·)`` of each row (and its value, when everything is a
        number).
    multiline : bool, optional
        Put each step on its own line, aligned on ``=`` (a LaTeX
        ``aligned`` block).  Default False: one line.
    digits : int, optional
        Decimals shown, as in `widgets.format_number`.

    Returns
    -------
    str
        Math-mode LaTeX, without ``$`` delimiters.

    Raises
    ------
    ValueError
        If the shapes do not fit or an entry is not a finite number.

    Examples
    --------
    The syllabus expansion, with symbols:

    >>> print(affine_expansion_latex(None, None))  # doctest: +NORMALIZE_WHITESPACE
    W\mathbf{x} + \mathbf{b}
    = \begin{bmatrix} w_{11} & w_{12} \\ w_{21} & w_{22} \end{bmatrix}
    \begin{bmatrix} x_1 \\ x_2 \end{bmatrix} + \begin{bmatrix} b_1 \\ b_2 \end{bmatrix}
    = \begin{bmatrix} w_{11}x_1 + w_{12}x_2 \\ w_{21}x_1 + w_{22}x_2 \end{bmatrix}
    + \begin{bmatrix} b_1 \\ b_2 \end{bmatrix}
    = \begin{bmatrix} w_{11}x_1 + w_{12}x_2 + b_1 \\ w_{21}x_1 + w_{22}x_2 + b_2 \end{bmatrix}

    With numbers (negative factors in parentheses, a negative bias
    subtracted), ending with the value:

    >>> latex = affine_expansion_latex([[2, -1], [0, 3]], [1, -1], [1, 2])
    >>> print(latex.split(" = ")[-2])
    \begin{bmatrix} 2 \cdot 1 + (-1) \cdot 2 + 1 \\ 0 \cdot 1 + 3 \cdot 2 - 1 \end{bmatrix}
    >>> print(latex.split(" = ")[-1])
    \begin{bmatrix} 1 \\ 5 \end{bmatrix}

    Then ReLU, on its own line:

    >>> latex = affine_expansion_latex([[2, -1], [0, 3]], [1, -7], [1, 2],
    ...                                activation="relu", multiline=True)
    >>> print(latex.splitlines()[-2])
    \hat{\mathbf{y}} = \operatorname{ReLU}(W\mathbf{x} + \mathbf{b}) &= \begin{bmatrix} \max(0,\, 1) \\ \max(0,\, -1) \end{bmatrix} = \begin{bmatrix} 1 \\ 0 \end{bmatrix}
    """
    lines = [
        (lhs, [" ".join(step) for step in steps])
        for lhs, steps in _expansion(W, b, x, activation, digits, _LATEX)
    ]
    if not multiline:
        return r" \qquad ".join(lhs + " = " + " = ".join(s) for lhs, s in lines)
    rows = []
    for lhs, line_steps in lines:
        rows.append(f"{lhs} &= {line_steps[0]}")
        rows.extend(f"&= {step}" for step in line_steps[1:])
    return "\\begin{aligned}\n" + " \\\\\n".join(rows) + "\n\\end{aligned}"


def affine_expansion_html(
    W: ArrayLike | None,
    b: ArrayLike | None,
    x: ArrayLike | None = None,
    *,
    activation: str | None = None,
    digits: int = 3,
) -> str:
    """`affine_expansion_latex` with ``multiline=True``, as HTML the browser draws at once.

    For the numbers a learner edits, redrawn at every keystroke.  The steps sit in a grid, each starting with ``=`` under the
    one before, the left-hand side in front of the first.

    Examples
    --------
    >>> text = affine_expansion_html([[2, -1], [0, 3]], [1, -1], [1, 2])
    >>> "2 · 1 + (\N{MINUS SIGN}1) · 2 + 1" in text, "0 · 1 + 3 · 2 \N{MINUS SIGN} 1" in text
    (True, True)
    >>> text.count("<table")  # W, x, b; the products, b; with the bias, the value
    7
    """
    cells = []
    for lhs, steps in _expansion(W, b, x, activation, digits, HTML):
        for k, step in enumerate(steps):
            cells.append(f"<span>{lhs if k == 0 else ''}</span>")
            cells.append(f"<span>{formula_html('=', *step)}</span>")
    return (
        '<div style="display:inline-grid;grid-template-columns:auto auto;'
        'align-items:center;gap:0.3em 0.4em">' + "".join(cells) + "</div>"
    )


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
    """The layer expanded in symbols, under its heading (LaTeX, for `MathHTML`).

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


#: The picture's title, and the switch that applies ReLU after the layer.
PLOT_TITLE = "x ↦ W x + b"
RELU_TOGGLE, RELU_TOOLTIP = "ReLU after the layer", "Apply max(0, ·) to each output"


def too_large(where: str, value: float, limit: float) -> str:
    """Why an entry the picture cannot hold was refused (plain text: the composite puts it in an alert).

    >>> too_large("W[1,2]", 12, 10)
    'W[1,2] = 12 is too large for this picture: keep entries between -10 and 10.'
    """
    limit_text = format_number(limit)
    return (f"{where} = {format_number(value)} is too large for this picture: "
            f"keep entries between -{limit_text} and {limit_text}.")
