"""Tests for widgets.text.dense_layer_words: the dense layer W x + b (then ReLU) written out, in LaTeX and HTML."""

import re

import pytest

from widgets.text.dense_layer_words import affine_expansion_html, affine_expansion_latex

# The syllabus example (seed 000): W x + b with the numbers of the lab's exercise.
W = [[2, -1], [0, 3]]
X = [1, 2]
B = [1, -1]


# -- affine_expansion_latex --------------------------------------------------------


def test_symbolic_expansion_is_the_syllabus_one():
    latex = affine_expansion_latex(None, None)
    steps = latex.split(" = ")
    assert steps[0] == r"W\mathbf{x} + \mathbf{b}"
    assert steps[1] == (
        r"\begin{bmatrix} w_{11} & w_{12} \\ w_{21} & w_{22} \end{bmatrix} "
        r"\begin{bmatrix} x_1 \\ x_2 \end{bmatrix} + \begin{bmatrix} b_1 \\ b_2 \end{bmatrix}"
    )
    assert steps[2] == (
        r"\begin{bmatrix} w_{11}x_1 + w_{12}x_2 \\ w_{21}x_1 + w_{22}x_2 \end{bmatrix}"
        r" + \begin{bmatrix} b_1 \\ b_2 \end{bmatrix}"
    )
    assert steps[3] == (
        r"\begin{bmatrix} w_{11}x_1 + w_{12}x_2 + b_1 \\ w_{21}x_1 + w_{22}x_2 + b_2 \end{bmatrix}"
    )
    assert len(steps) == 4  # no value: nothing is a number


def test_numeric_expansion_of_the_exercise():
    latex = affine_expansion_latex(W, B, X)
    assert r"\begin{bmatrix} 2 & -1 \\ 0 & 3 \end{bmatrix} \begin{bmatrix} 1 \\ 2 \end{bmatrix}" in latex
    assert r"2 \cdot 1 + (-1) \cdot 2 \\ 0 \cdot 1 + 3 \cdot 2" in latex
    assert r"2 \cdot 1 + (-1) \cdot 2 + 1 \\ 0 \cdot 1 + 3 \cdot 2 - 1" in latex
    assert latex.endswith(r"= \begin{bmatrix} 1 \\ 5 \end{bmatrix}")


def test_numbers_for_w_and_b_with_symbolic_x():
    latex = affine_expansion_latex(W, B)
    assert r"2 x_1 + (-1) x_2 + 1 \\ 0 x_1 + 3 x_2 - 1" in latex
    assert latex.count(" = ") == 3  # no value: x is a symbol


def test_relu_step():
    latex = affine_expansion_latex(W, [1, -7], X, activation="relu")
    assert r"\operatorname{ReLU}(W\mathbf{x} + \mathbf{b}) = " in latex
    assert r"\max(0,\, 1) \\ \max(0,\, -1)" in latex
    assert latex.endswith(r"\begin{bmatrix} 1 \\ 0 \end{bmatrix}")
    symbolic = affine_expansion_latex(None, None, activation="relu")
    assert r"\max(0,\, w_{11}x_1 + w_{12}x_2 + b_1)" in symbolic


def test_multiline_is_one_aligned_block():
    latex = affine_expansion_latex(W, B, X, activation="relu", multiline=True)
    assert latex.startswith("\\begin{aligned}\n") and latex.endswith("\n\\end{aligned}")
    assert latex.count("&=") == 4  # three steps of W x + b, one of ReLU
    assert latex.count("\\\\\n") == 3


def test_other_shapes_and_number_formats():
    latex = affine_expansion_latex([[1, 0.5], [0, 1], [2, 2]], [0, 0, 1e8], [1 / 3, 2])
    assert r"1 \cdot 0.333 + 0.5 \cdot 2" in latex
    assert r"1 \times 10^{8}" in latex
    assert affine_expansion_latex(None, [1, 2, 3], [4]).count("w_{31}") == 3


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((W, [1, 2, 3], X), {}, r"b must have shape 2"),
        ((W, B, [1, 2, 3]), {}, r"x must have shape 2"),
        ((W, B, X), {"activation": "tanh"}, r"activation must be None or 'relu'"),
        (([[1, float("inf")], [0, 1]], B), {}, r"W\[1,2\] is inf: every entry must be a finite number"),
        (([1, 2], B), {}, r"W must be a non-empty 2-D matrix, got shape \(2,\)"),
    ],
)
def test_expansion_rejects_bad_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        affine_expansion_latex(*args, **kwargs)


def _html_cells(markup):
    """Cell texts of every bracketed table in `markup`, table by table."""
    tables = re.findall(r"<table.*?</table>", markup)
    return [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", t)] for t in tables]


def test_html_expansion_matches_the_latex_one():
    cells = _html_cells(affine_expansion_html(W, B, X))
    minus = "\N{MINUS SIGN}"
    assert cells == [
        ["2", f"{minus}1", "0", "3"], ["1", "2"], ["1", f"{minus}1"],
        [f"2 · 1 + ({minus}1) · 2", "0 · 1 + 3 · 2"], ["1", f"{minus}1"],
        [f"2 · 1 + ({minus}1) · 2 + 1", f"0 · 1 + 3 · 2 {minus} 1"], ["1", "5"],
    ]
    relu_cells = _html_cells(affine_expansion_html(W, [1, -7], X, activation="relu"))
    assert relu_cells[-2:] == [["max(0, 1)", f"max(0, {minus}1)"], ["1", "0"]]
    assert "ReLU(<b>W</b><b>x</b> + <b>b</b>)" in affine_expansion_html(W, B, X, activation="relu")
    with pytest.raises(ValueError, match="b must have shape 2"):
        affine_expansion_html(W, [1, 2, 3], X)
