"""widgets.text.latex_math: matrices as LaTeX."""

from widgets.text.latex_math import latex_matrix


def test_latex_matrix():
    assert latex_matrix([[1, -2]]) == r"\begin{bmatrix}1 & -2\end{bmatrix}"
    assert latex_matrix([[0.5], [1e8]]) == r"\begin{bmatrix}0.5 \\ 1 \times 10^{8}\end{bmatrix}"
