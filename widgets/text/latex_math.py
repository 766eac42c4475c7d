r"""Matrices in LaTeX, for text written once and shown as MathML (`widgets.text.mathml`): a worked
solution, a practice problem, the dense layer's expansion.

The LaTeX counterpart of `widgets.text.html_math`, which writes what is redrawn
at every edit.  `bmatrix` is the one writer of a LaTeX matrix: the cells may be
numbers already written (`latex_matrix`), symbols or sums.  Strings only: no
widgets here.

>>> latex_matrix([[1, -2]])
'\\begin{bmatrix}1 & -2\\end{bmatrix}'
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike

from .numbers import latex_number

__all__ = ["bmatrix", "latex_matrix"]


def bmatrix(rows: Iterable[Iterable[str]], *, spaced: bool = False) -> str:
    r"""Rows of LaTeX cells between square brackets, as a ``bmatrix``.

    Parameters
    ----------
    rows : iterable of iterable of str
        The cells, row by row, already LaTeX.
    spaced : bool, optional
        A space between each bracket and the cells, as the dense layer's
        expansions are written.  Default False.

    Examples
    --------
    >>> bmatrix([["w_{11}", "w_{12}"], ["w_{21}", "w_{22}"]])
    '\\begin{bmatrix}w_{11} & w_{12} \\\\ w_{21} & w_{22}\\end{bmatrix}'
    >>> bmatrix([["x_1"], ["x_2"]], spaced=True)
    '\\begin{bmatrix} x_1 \\\\ x_2 \\end{bmatrix}'
    """
    pad = " " if spaced else ""
    body = r" \\ ".join(" & ".join(row) for row in rows)
    return rf"\begin{{bmatrix}}{pad}{body}{pad}\end{{bmatrix}}"


def latex_matrix(M: ArrayLike) -> str:
    r"""A matrix of numbers (a number, a row, a 2-D array) as a LaTeX ``bmatrix``.

    >>> latex_matrix([[1, -2], [0.5, 3]])
    '\\begin{bmatrix}1 & -2 \\\\ 0.5 & 3\\end{bmatrix}'
    """
    rows = np.atleast_2d(np.asarray(M, dtype=float))
    return bmatrix([latex_number(x) for x in row] for row in rows)
