"""Practice of a dense layer: ReLU(Wx + b) by hand."""

from __future__ import annotations

import numpy as np

from ..dense_layer import relu
from ..mistakes import Mistake
from .problems import Part, Problem, latex_matrix, redrawn_until_every_slip_tells, sizes, small

__all__ = ["dense_problem"]


@redrawn_until_every_slip_tells
def dense_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A dense layer ReLU(Wx + b) with small integers, where the ReLU matters; 2 or 3 outputs
    from 2 or 3 inputs."""
    outputs, inputs = sizes(rng, (2, 3), (2, 3))
    while True:
        W, x, b = small(rng, (outputs, inputs)), small(rng, (inputs, 1)), small(rng, (outputs, 1), -2, 2)
        z = W @ x + b
        if (z > 0).any() and (z < 0).any():
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
    solution = (
        rf"Each entry of $W\mathbf{{x}}$ is a row of $W$ dotted with $\mathbf{{x}}$: "
        rf"$$W\mathbf{{x}} = {latex_matrix(W @ x)}.$$"
        "\n\n"
        rf"Add $\mathbf{{b}}$: $$W\mathbf{{x}} + \mathbf{{b}} = {latex_matrix(W @ x)} + {latex_matrix(b)} "
        rf"= {latex_matrix(z)}.$$"
        "\n\n"
        rf"ReLU sets each negative entry to 0: $$\operatorname{{ReLU}}(W\mathbf{{x}} + \mathbf{{b}}) = "
        rf"{latex_matrix(answer)}.$$"
    )
    given = (
        rf"$W = {latex_matrix(W)}$, $\quad \mathbf{{x}} = {latex_matrix(x)}$, "
        rf"$\quad \mathbf{{b}} = {latex_matrix(b)}$"
    )
    part = Part(
        r"Compute $\operatorname{ReLU}(W\mathbf{x} + \mathbf{b})$ (a column).",
        answer, tuple(mistakes), solution, name="y",
    )
    return Problem("dense", seed, given, (part,), dict(W=W, x=x, b=b))
