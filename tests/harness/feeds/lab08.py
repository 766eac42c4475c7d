"""Lab 8: its weight sliders set a row of A_att by hand and write that row's output h out (the
explorer's average, its plot of H): set to row 2's weights of the activity, they compute h₂."""
from __future__ import annotations

from widgets.core.lab_numbers import LAB8_OUTPUT


def feed(page, key: str) -> None:
    """For check_h2, move row 2's sliders to the activity's weights α₂ = (0, 1/2, 1/4, 1/4), if in sight."""
    if key != "check_h2":
        return
    explorer = page.names["explorer"]
    if not any(held.reveal.opened and _holds(held.reveal.view, explorer.part("sliders")) for held in page.lab.held):
        return
    explorer.weight_sliders[LAB8_OUTPUT.row].value = tuple(float(w) for w in LAB8_OUTPUT.weights)


def _holds(root, widget) -> bool:
    if root is widget:
        return True
    return any(_holds(child, widget) for child in getattr(root, "children", ()))
