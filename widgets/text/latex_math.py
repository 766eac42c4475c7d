r"""Matrices in LaTeX, for text that MathJax typesets once: a worked solution, a practice problem.

The LaTeX counterpart of `widgets.text.html_math`, which writes what is redrawn
at every edit.  Strings only: no widgets here.

>>> latex_matrix([[1, -2]])
'\\begin{bmatrix}1 & -2\\end{bmatrix}'
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .numbers import latex_number

__all__ = ["latex_matrix"]


def latex_matrix(M: ArrayLike) -> str:
    r"""A matrix as LaTeX ``bmatrix``.

    >>> latex_matrix([[1, -2], [0.5, 3]])
    '\\begin{bmatrix}1 & -2 \\\\ 0.5 & 3\\end{bmatrix}'
    """
    rows = np.atleast_2d(np.asarray(M, dtype=float))
    body = r" \\ ".join(" & ".join(latex_number(x) for x in row) for row in rows)
    return rf"\begin{{bmatrix}}{body}\end{{bmatrix}}"
