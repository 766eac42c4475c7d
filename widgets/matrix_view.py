"""A read-only matrix typeset with LaTeX, optionally with a row or column picked out.

`matrix_latex` builds the ``bmatrix`` source (pure string work, no widgets);
`MatrixView` is an `HTMLMath` whose `value` is that source, redrawn whenever
the matrix, the name or the highlight changes.
"""


from ipywidgets import HTMLMath
from traitlets import Int, TraitError, Unicode, observe, validate

from .matrix_editor import MatrixTrait, validate_matrix
from .parsing import latex_number

__all__ = ["MatrixView", "matrix_latex"]

#: Highlight colour.  ``{\color{c}{x}}`` typesets the same in MathJax 2 and 3.
HIGHLIGHT_COLOR = "#c0392b"

def matrix_latex(matrix, name=None, highlight_row=None, highlight_col=None, digits=3):
    r"""LaTeX source for a matrix as a ``bmatrix``.

    Parameters
    ----------
    matrix : array_like
        A non-empty 2-D matrix of finite numbers.
    name : str or None, optional
        LaTeX for the name; when given the result reads ``name = [...]``.
    highlight_row, highlight_col : int or None, optional
        0-based row and column whose entries are coloured and bold (bold so
        the highlight does not rely on colour alone).
    digits : int, optional
        Decimals shown, as in `format_number`.

    Returns
    -------
    str
        Math-mode LaTeX, without ``$`` delimiters.

    Raises
    ------
    traitlets.TraitError
        If `matrix` is not a non-empty 2-D matrix of finite numbers.

    Examples
    --------
    >>> print(matrix_latex([[6, 19], [9, -3]], name="AB"))
    AB = \begin{bmatrix} 6 & 19 \\ 9 & -3 \end{bmatrix}
    >>> print(matrix_latex([[1, 0.5]], highlight_col=1))
    \begin{bmatrix} 1 & {\color{#c0392b}{\mathbf{0.5}}} \end{bmatrix}
    """
    array = validate_matrix(matrix, name=name or "matrix")
    rows = []
    for i, row in enumerate(array):
        entries = []
        for j, x in enumerate(row):
            entry = latex_number(x, digits)
            if i == highlight_row or j == highlight_col:
                entry = rf"{{\color{{{HIGHLIGHT_COLOR}}}{{\mathbf{{{entry}}}}}}}"
            entries.append(entry)
        rows.append(" & ".join(entries))
    body = r"\begin{bmatrix} " + r" \\ ".join(rows) + r" \end{bmatrix}"
    return f"{name} = {body}" if name else body


class MatrixView(HTMLMath):
    r"""A read-only LaTeX rendering of a matrix.

    Parameters
    ----------
    matrix : array_like
        A non-empty 2-D matrix of finite numbers.
    name : str or None, optional
        LaTeX for the name (``"A"``, ``"W_Q"``); shown as ``name = [...]``.
    highlight_row, highlight_col : int or None, optional
        0-based row and column to colour (an index past the edge colours
        nothing, so a shrinking matrix never makes a linked highlight fail).
    digits : int, optional
        Decimals shown.  Default 3.
    **kwargs
        Passed to `HTMLMath` (e.g. ``layout``).

    Attributes
    ----------
    matrix : numpy.ndarray
        The matrix shown (read-only float array); assign to redraw.
    value : str
        The HTML/LaTeX sent to the browser.

    Examples
    --------
    >>> view = MatrixView([[6, 19], [9, -3]], name="AB")
    >>> view.value
    '$AB = \\begin{bmatrix} 6 & 19 \\\\ 9 & -3 \\end{bmatrix}$'
    >>> view.highlight_row = 0
    >>> "\\color" in view.value
    True
    """

    matrix = MatrixTrait(help="The matrix shown, a read-only 2-D float array.")
    name = Unicode(None, allow_none=True, help="LaTeX name shown before '=', or None.")
    highlight_row = Int(None, allow_none=True, help="0-based row to colour, or None.")
    highlight_col = Int(None, allow_none=True, help="0-based column to colour, or None.")
    digits = Int(3, help="Decimals shown for each entry.")

    _ready = False

    def __init__(
        self, matrix, name=None, highlight_row=None, highlight_col=None, digits=3, **kwargs
    ):
        super().__init__(**kwargs)
        self.name = name
        self.highlight_row = highlight_row
        self.highlight_col = highlight_col
        self.digits = digits
        self.matrix = matrix
        self._ready = True
        self._render()

    @validate("highlight_row", "highlight_col", "digits")
    def _validate_index(self, proposal):
        index = proposal["value"]
        if index is not None and index < 0:
            raise TraitError(f"{proposal['trait'].name} must be >= 0, got {index}")
        return index

    @observe("matrix", "name", "highlight_row", "highlight_col", "digits")
    def _on_matrix_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        latex = matrix_latex(
            self.matrix, self.name, self.highlight_row, self.highlight_col, self.digits
        )
        self.value = f"${latex}$"
