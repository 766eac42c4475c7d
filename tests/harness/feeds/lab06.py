"""Lab 6's tool that computes a layer: the picture (`layer`, a `DenseLayerPlot`), whose editors take
any W, b and x and whose readout and worked expansion write out ŷ = W x + b, with or without ReLU.

Typed the first exercise's W, x and b, it writes ŷ = (1, 5); with the second one's b and ReLU on,
ŷ = (1, 0) and max(0, −1). For the bridge to rows a learner types the W_Q and the first token the
question gives (the picture then computes W_Q x₁, the slip the question names, not q₁).
"""
from __future__ import annotations

import numpy as np

from .lab05 import in_sight

# The numbers the questions give (their texts in labs/06-dense-layer.ipynb).
W = [[2, -1], [0, 3]]
X = [[1], [2]]
TYPED = {
    "check_yhat": (W, X, [[1], [-1]], False),
    "check_relu": (W, X, [[1], [-7]], True),
    "check_bridge": ([[1, 0], [2, 1]], [[1], [2]], [[0], [0]], False),
}


def feed(page, key: str) -> None:
    """Type question `key`'s W, x and b into the picture's editors (ReLU on for check_relu), if in sight."""
    layer = page.names["layer"]
    if key not in TYPED or not in_sight(page, layer):
        return
    weights, x, b, relu = TYPED[key]
    layer.W_editor.value = np.array(weights, dtype=float)
    layer.x_editor.value = np.array(x, dtype=float)
    layer.b_editor.value = np.array(b, dtype=float)
    layer.relu_toggle.value = relu
