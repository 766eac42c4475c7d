"""widgets.text.latex_math: matrices as LaTeX."""

from widgets.text.latex_math import latex_matrix


def test_latex_matrix():
    assert latex_matrix([[1, -2]]) == r"\begin{bmatrix}1 & -2\end{bmatrix}"
    assert latex_matrix([[0.5], [1e8]]) == r"\begin{bmatrix}0.5 \\ 1 \times 10^{8}\end{bmatrix}"


def test_one_writer_for_every_latex_matrix():
    from widgets.text.dense_layer_words import affine_expansion_latex
    from widgets.text.latex_math import bmatrix

    assert bmatrix([["a", "b"], ["c", "d"]]) == r"\begin{bmatrix}a & b \\ c & d\end{bmatrix}"
    assert bmatrix([["1"], ["5"]], spaced=True) in affine_expansion_latex([[2, -1], [0, 3]], [1, -1], [1, 2])
