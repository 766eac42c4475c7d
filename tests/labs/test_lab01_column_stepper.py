"""Lab 1's column stepper: j steps through B's columns, and shapes that do not fit are explained."""

import re

from widgets.labs.product_by_columns import ColumnStepper

A = [[1, -3, 5], [3, 1, 4]]
B = [[5, 1], [-2, -6], [-1, 0]]


def cells(markup):
    """The entries of the first HTML matrix, with an ASCII minus."""
    table = re.search(r"<table.*?</table>", markup).group(0)
    return [re.sub(r"<[^>]+>", "", c).replace("\N{MINUS SIGN}", "-")
            for c in re.findall(r"<td[^>]*>(.*?)</td>", table)]


def test_it_builds_ab_one_column_at_a_time():
    s = ColumnStepper(A, B, prefix="lab01")
    assert cells(s.product.value) == ["6", "?", "9", "?"]
    assert "lab01-product" in s.product._dom_classes and "lab01-step" in s.step._dom_classes
    s.step.value = 2
    assert cells(s.product.value) == ["6", "19", "9", "-3"] and s.B.highlight_col == 1
    assert "<i>A</i><b>b</b><sub>2</sub> = 1 <b>a</b><sub>1</sub> + (−6)" in s.combination.value
    s.B.value = [[6, 1], [-2, -6], [-1, 0]]  # b_11 from 5 to 6: column 1 gains a_1
    assert cells(s.product.value) == ["7", "19", "12", "-3"]


def test_shape_mismatch_shows_the_explanation_and_recovers():
    s = ColumnStepper(A, B)
    s.step.value = 2
    s.B.resize(2, 2)                          # B's 2 rows no longer match A's 3 columns
    assert "A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows" in s.status.value
    assert 'role="alert"' in s.status.value and s.product.value == s.combination.value == ""
    s.B.resize(3, 3)                          # fits again, with a third column
    assert s.status.value == "" and s.step.max == s.play.max == 3
    assert s.step.value == 2 and s.B.highlight_col == 1
    s.step.value = 3                          # B's new third column is zeros
    assert cells(s.product.value)[2::3] == ["0", "0"] and s.B.highlight_col == 2
    s.B.resize(3, 1)                          # fewer columns: j is pulled back into range
    assert (s.step.value, s.step.max, s.B.highlight_col, s.status.value) == (1, 1, 0, "")


def test_a_j_typed_out_of_range_is_refused_then_accepted():
    s = ColumnStepper(A, [[5, 1, 0], [-2, -6, 0], [-1, 0, 0]])
    s.step_entry.entry.value = "4"
    assert s.step_entry.error == "column j must be between 1 and 3; 4 is outside" and s.step.value == 1
    s.step_entry.entry.value = "3"
    assert s.step_entry.error == "" and s.step.value == 3 and s.B.highlight_col == 2
