"""Lab 2's row picture: row i of AB as the rows of B weighted by row i of A, and its usual mistakes."""

import re

import numpy as np
import pytest
from traitlets import TraitError

from harness.checks import answer
from widgets.controls.check import Check
from widgets.core.entry_dot_product import row_combination, row_mistakes
from widgets.core.mistakes import diagnose
from widgets.labs.entry_dot_product import RowPicture
from widgets.text.entry_dot_product_words import row_picture_html

A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
ROW_2 = [[-18, -8, -12]]  # row 2 of AB; its third entry is Activity 1.4.2's -12


def plain(markup):
    return re.sub(r"<[^>]+>", " ", markup).replace("\N{MINUS SIGN}", "-")


def numbers(markup):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", plain(markup))]


def test_every_row_is_the_rows_of_b_weighted_by_a_row_of_a():
    rng = np.random.default_rng(3)
    for _ in range(20):
        m, n, k = rng.integers(1, 5, size=3)
        a, b = rng.integers(-5, 6, size=(m, n)), rng.integers(-5, 6, size=(n, k))
        for i in range(m):
            rc = row_combination(a, b, i)
            assert np.array_equal(rc.result, (a @ b)[i])
            assert np.array_equal(rc.scaled, a[i][:, None] * b)
            assert np.array_equal(rc.weights, a[i])


def test_row_combination_explains_bad_shapes_and_rows():
    with pytest.raises(ValueError, match="A has 3 columns but B has 2 rows"):
        row_combination(A, [[1, 2], [3, 4]], 0)
    with pytest.raises(IndexError, match="A has 3 rows"):
        row_combination(A, B, 3)


def test_the_picture_writes_out_row_2_with_its_numbers():
    text = row_picture_html(A, B, 1)
    words = plain(text)
    assert "Row 2 of A is" in " ".join(words.split())
    assert "row 2 of AB = 2 · (row 1 of B ) + 4 · (row 2 of B ) + 0 · (row 3 of B )" in " ".join(words.split())
    # weights (2, 4, 0), then per row: weight, row of B, weighted row; then the sum.
    assert numbers(text)[-3:] == [-18, -8, -12]
    assert 'aria-label="row 2 of AB, 1 by 3"' in text
    assert "(−3)" in row_picture_html(A, B, 0)  # a negative weight in parentheses


def test_the_menu_the_row_and_new_factors_stay_in_step():
    p = RowPicture(A, B, row=1)
    assert [label for label, _ in p.menu.options] == ["1", "2", "3"]
    assert p.menu.value == 1 and numbers(p.picture.value)[-3:] == [-18, -8, -12]
    p.menu.value = 2                         # the learner picks row 3
    assert p.row == 2
    assert numbers(p.picture.value)[-3:] == list((np.array(A) @ np.array(B))[2])
    with pytest.raises(TraitError, match="row: expected a row from 0 to 2"):
        p.row = 7                            # past the edge: refused, as every highlight is
    assert p.row == 2 and p.menu.value == 2
    p.A = [[1, 0, 0], [0, 1, 0]]             # A loses a row: the row follows, the menu too
    assert p.row == 1 and [v for _, v in p.menu.options] == [0, 1] and p.menu.value == 1
    assert numbers(p.picture.value)[-3:] == [-4, -3, -1]  # row 2 of B itself
    state = p.menu.get_state()
    assert state["index"] == 1 and state["_options_labels"] == ("1", "2")


def test_shapes_that_do_not_fit_are_said_not_raised():
    p = RowPicture(A, B)
    p.B = [[1, 2], [3, 4]]
    assert p.picture.value == ""
    assert 'role="alert"' in p._status.value and "A has 3 columns but B has 2 rows" in p._status.value
    p.B = B
    assert p._status.value == "" and p.picture.value


def test_bad_matrices_are_refused_with_their_name():
    with pytest.raises(TraitError, match="nan"):
        RowPicture(A, [[float("nan")]])


@pytest.mark.parametrize(
    "typed, mistake, words",
    [
        ([[9, -8, -1]], "column", "column 2 of AB"),
        ([[5, 8, 1]], "BA", "row 2 of BA"),
        ([[6, -20, 20]], "columns-of-B", "columns of B"),
        ([[-18], [-8], [-12]], "as-column", "written as a column"),
        ([[-18, -8, 12]], "sign", "sign slip"),
    ],
)
def test_each_usual_mistake_is_named(typed, mistake, words):
    verdict = diagnose(typed, ROW_2, row_mistakes(A, B, 1))
    assert not verdict.right and verdict.mistake == mistake and words in verdict.message


def test_a_check_on_row_2_names_the_mistake_and_accepts_the_row():
    check = Check("Row 2 of AB?", ROW_2, mistakes=row_mistakes(A, B, 1), name="row 2")
    assert not answer(check, [[6, -20, 20]]) and check.mistake == "columns-of-B"
    assert answer(check, ROW_2) and check.solved
