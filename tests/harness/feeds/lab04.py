"""Lab 4's tool that computes from what a learner types: the shape checker (`checker`).

Typed the sizes of the worked example (A 4×3, B 3×2), it says "AB exists and is 4×2" and
the spaces "ℝ² → ℝ⁴": the answers of the three shape questions.
"""
from __future__ import annotations

SHAPES = {"ab_shape_check": ((4, 3), (3, 2)), "domain_check": ((4, 3), (3, 2)),
          "codomain_check": ((4, 3), (3, 2))}


def _in_sight(page, widget) -> bool:
    """Whether `widget` is on the page now: not inside a held part still closed."""
    return not any(not held.reveal.opened and _inside(widget, held.reveal.view) for held in page.lab.held)


def _inside(widget, root) -> bool:
    return widget is root or any(_inside(widget, child) for child in getattr(root, "children", ()))


def feed(page, key: str) -> None:
    """Type question `key`'s sizes into the shape checker, if it is in sight."""
    checker = page.names["checker"]
    if key in SHAPES and _in_sight(page, checker):
        checker.value = SHAPES[key]
