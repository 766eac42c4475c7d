"""Lab 5's tool that moves what a learner picks: the gallery (`gallery`, a menu of maps with a free
2×2 editor, and a menu of shapes) writes out A and Y = AX and draws both outlines.

Typed the activity's A into its free editor with the unit square, it writes out Y = AX, the answer
to "Type Y"; browsed until its A is the activity's A, its menu names the map, the answer to "which
kind of map is this?".
"""
from __future__ import annotations

import numpy as np

from widgets.controls.map_picker import FREE
from widgets.core.maps_gallery import GALLERY


def in_sight(page, widget) -> bool:
    """Whether `widget` can be used: it is not inside a held part that is still closed."""
    return not any(not held.reveal.opened and _holds(held.reveal.view, widget) for held in page.lab.held)


def _holds(root, widget) -> bool:
    if root is widget:
        return True
    return any(_holds(child, widget) for child in getattr(root, "children", ()))


def feed(page, key: str) -> None:
    """Type question `key`'s numbers into the gallery, if it is in sight and could compute its answer."""
    names = page.names
    gallery, A = names["gallery"], np.asarray(names["A_act"], dtype=float)
    if key not in ("y_check", "map_check") or not in_sight(page, gallery):
        return
    gallery.shape_menu.value = "unit square"
    if key == "y_check":
        # The activity's A typed into the free editor: the gallery writes out Y = AX.
        gallery.picker.map_name = FREE
        gallery.picker.editor.value = A
        return
    # Which map is it: a learner goes down the menu until the gallery's A is the activity's A.
    for name in GALLERY:
        gallery.picker.map_name = name
        if np.allclose(gallery.picker.value, A):
            return
