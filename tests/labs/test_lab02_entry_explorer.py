"""Lab 2's entry explorer: clicks, menus and edits pick and write out one entry of AB."""

import re

import numpy as np
import pytest
from traitlets import TraitError

from widgets.labs.entry_dot_product import EntryExplorer

A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]


def plain(markup):
    return re.sub(r"<[^>]+>", "", markup).replace("\N{MINUS SIGN}", "-")


def state(ex):
    return dict(
        selected=ex.selected, menus=(ex.row_menu.value, ex.col_menu.value), heatmap=ex.heatmap.selected,
        tints=(ex.A.highlight_row, ex.B.highlight_col), entry=plain(ex.entry.value), status=ex.status.value,
    )


def test_it_opens_on_entry_1_1_with_the_classes_a_lab_gives_it():
    ex = EntryExplorer(A, B, prefix="lab02")
    got = state(ex)
    assert got["selected"] == (0, 0) and got["menus"] == (0, 0) and got["heatmap"] == (0, 0)
    assert got["tints"] == (0, 0) and got["entry"].endswith("= 23") and got["status"] == ""
    assert np.array_equal(ex.heatmap.matrix, np.array(A) @ np.array(B))
    assert "lab02-product" in ex.heatmap._dom_classes and "lab02-sum" in ex.entry._dom_classes


def test_a_click_the_menus_and_the_trait_pick_the_same_entry():
    ex = EntryExplorer(A, B)
    ex.heatmap.selected = (1, 2)             # a click on entry (2,3)
    got = state(ex)
    assert got["selected"] == (1, 2) and got["menus"] == (1, 2) and got["tints"] == (1, 2)
    assert "(AB)23 = (2, 4, 0) · (-4, -1, 1) = 2(-4) + 4(-1) + 0(1) = -12" in got["entry"]
    ex.col_menu.value = 0                    # the menu moves the heatmap too
    assert state(ex)["heatmap"] == (1, 0) and state(ex)["entry"].endswith("= -18")
    ex.heatmap.selected = None               # a second click clears it: the entry stays
    assert state(ex)["selected"] == (1, 0) and state(ex)["heatmap"] == (1, 0)
    ex.selected = (2, 1)                     # the trait, as `link` would set it
    assert state(ex)["menus"] == (2, 1) and state(ex)["tints"] == (2, 1)
    with pytest.raises(TraitError, match=r"selected: expected a cell \(i, j\) with i from 0 to 2 and j from 0 to 2"):
        ex.selected = (9, -1)                # past the edges: refused, as every highlight is
    assert ex.selected == (2, 1) and state(ex)["menus"] == (2, 1)


def test_one_pick_notifies_selected_once():
    ex = EntryExplorer(A, B)
    seen = []
    ex.observe(seen.append, names="selected")
    ex.row_menu.value = 2
    assert [c["new"] for c in seen] == [(2, 0)]


def test_shapes_that_do_not_fit_keep_the_heatmap_and_say_why_then_recover():
    ex = EntryExplorer(A, B, selected=(1, 0))
    before = ex.heatmap.matrix
    ex.B.resize(2, 3)                        # 3 columns of A, 2 rows of B
    got = state(ex)
    assert "A is 3×3 and B is 2×3: A has 3 columns but B has 2 rows" in got["status"]
    assert "The heatmap keeps the last product that worked" in got["status"] and got["entry"] == ""
    assert np.array_equal(ex.heatmap.matrix, before)
    ex.row_menu.value = 2                    # the menus still answer, the reason stays
    assert state(ex)["status"] == got["status"] and state(ex)["entry"] == "" and ex.A.highlight_row == 2
    ex.A.resize(2, 2)                        # fits again: AB is 2×3 and row 2 is still there
    got = state(ex)
    assert got["status"] == "" and (len(ex.row_menu.options), len(ex.col_menu.options)) == (2, 3)
    assert got["selected"] == (1, 0) and "2(-1) + 4(-4) = -18" in got["entry"]
