"""Lab 3's tools that multiply what a learner types: the identity cards (`explorer`, editors A, B, C)
and the live panel of the two orders (`R`, `S`, the `order` panel).

Typed R into A and S into B, the cards show AB = RS (and BA = SR beside the look-alike of a square);
typed a 2×4 A and a 4×2 B, they say which shapes AB and BA have. The panel of the two orders
does the same with its own R and S.
"""
from __future__ import annotations

import numpy as np

from widgets.core.lab_numbers import LAB3


def _open(page, name: str) -> bool:
    """Whether the held part named `name` in the lab is open (a tool inside a closed part cannot be used)."""
    return bool(page.names[name].opened)


def feed(page, key: str) -> None:
    """Type question `key`'s numbers into each open tool of lab 3 that could compute its answer."""
    names = page.names
    A, B, _C = names["explorer"].editors
    wide = np.arange(1, 9).reshape(2, 4)   # any 2×4 A and 4×2 B: the shapes are the question
    tall = np.arange(1, 9).reshape(4, 2)
    pairs = {"rs_check": (LAB3.R, LAB3.S), "sr_check": (LAB3.S, LAB3.R), "shape_check": (wide, tall)}
    if key not in pairs:
        return
    left, right = pairs[key]
    if _open(page, "identities_reveal"):
        A.value, B.value = left, right
    if _open(page, "order_reveal"):
        # The panel shows RS and SR: a learner puts the question's left factor in R, its right one in S.
        names["R"].value, names["S"].value = left, right
