"""Practice of a dense layer: ReLU(Wx + b) by hand."""

from __future__ import annotations

import numpy as np

from ..dense_layer import relu
from ..mistakes import Mistake
from .problems import Part, Problem, redrawn_until_every_slip_tells, sizes, small

__all__ = ["dense_problem"]


@redrawn_until_every_slip_tells
def dense_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A dense layer ReLU(Wx + b) with small integers, where the ReLU matters; 2 or 3 outputs
    from 2 or 3 inputs; Wx is not all 0."""
    outputs, inputs = sizes(rng, (2, 3), (2, 3))
    while True:
        W, x, b = small(rng, (outputs, inputs)), small(rng, (inputs, 1)), small(rng, (outputs, 1), -2, 2)
        z = W @ x + b
        if (z > 0).any() and (z < 0).any() and (W @ x).any():  # Wx not all 0: the first step shows one
            break
    answer = relu(z)
    mistakes = [
        Mistake("no-relu", z, "that is Wx + b: the ReLU then sets every negative entry to 0."),
        Mistake("no-bias", relu(W @ x), "you left out b: add it before the ReLU."),
        Mistake("bias-after", relu(W @ x) + b,
                "you added b after the ReLU: the order is Wx, then + b, then ReLU."),
    ]
    if outputs == inputs:  # only a square W can be used the wrong way round and still fit x
        mistakes.append(Mistake(
            "transpose", relu(W.T @ x + b),
            "you used the columns of W where its rows go: entry i of Wx is row i of W dotted with x.",
        ))
    part = Part(answer, tuple(mistakes), name="y")
    return Problem("dense", seed, (part,), dict(W=W, x=x, b=b))
