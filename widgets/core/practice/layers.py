"""Practice of layers: a dense layer ReLU(Wx + b) by hand, and what a dense layer and attention give for cX."""

from __future__ import annotations

import numpy as np

from ..dense_layer import dense_mistakes, relu
from ..mistakes import Mistake
from .problems import Part, Problem, redrawn_until_every_slip_tells, sizes, small

__all__ = ["dense_problem", "linearity_problem"]


@redrawn_until_every_slip_tells
def dense_problem(rng: np.random.Generator, seed: int) -> Problem:
    """A dense layer ReLU(Wx + b) with small integers, where the ReLU matters; 2 or 3 outputs
    from 2 or 3 inputs; Wx is not all 0.  Its slips are lab 6's (`dense_mistakes`)."""
    outputs, inputs = sizes(rng, (2, 3), (2, 3))
    while True:
        W, x, b = small(rng, (outputs, inputs)), small(rng, (inputs, 1)), small(rng, (outputs, 1), -2, 2)
        z = W @ x + b
        if (z > 0).any() and (z < 0).any() and (W @ x).any():  # Wx not all 0: the first step shows one
            break
    answer = relu(z)
    mistakes = dense_mistakes(W, x, b, "relu", terms=False)
    part = Part(answer, tuple(mistakes), name="y")
    return Problem("dense", seed, (part,), dict(W=W, x=x, b=b))


#: For a weight p of attention's row for cX (the first of two, the other 1 - p), weights that row
#: may have had for X: flatter ones, since the scores of cX are c²S with c² = 4 or 9 (equal scores
#: stay equal).  Made up, and told so: the softmax of c²S would be sharper still (2:1 becomes 16:1),
#: but the learner's task is what changes with X, with numbers small enough to multiply by hand.
_FLATTER = {1 / 2: (1 / 2,), 2 / 3: (3 / 5,), 1 / 3: (2 / 5,), 3 / 4: (2 / 3, 3 / 5), 1 / 4: (1 / 3, 2 / 5)}


def _dense_output(rng, c):
    """Ŷ for X, 2 or 3 tokens, 2 outputs each; in half the problems a bias b is added to each row."""
    (tokens,) = sizes(rng, (2, 3))
    Y = small(rng, (tokens, 2), -4, 4)
    b = small(rng, (1, 2), -2, 2) if rng.integers(2) else None
    if b is None:
        answer = c * Y
        mistakes = (
            Mistake("unchanged", Y, "W did not change, but the input did: each output entry is a sum of "
                    f"terms w·x, and every x is multiplied by c = {c}."),
            Mistake("c-squared", c * c * Y, f"you multiplied by c = {c} twice: X enters XWᵀ once, so c "
                    "comes out once."),
            Mistake("plus-c", Y + c, f"you added c = {c}: scaling X multiplies each output entry by c."),
        )
    else:
        answer = c * (Y - b) + b
        mistakes = (
            Mistake("bias-scaled", c * Y, "you scaled the bias too: only XWᵀ scales with X, b stays, "
                    "so the output is c(Ŷ − b) + b."),
            Mistake("unchanged", Y, f"W and b did not change, but the input did: XWᵀ is multiplied by "
                    f"c = {c}."),
            Mistake("no-bias", c * (Y - b), "you left out the bias: it is still added, c·XWᵀ + b."),
        )
    return answer, mistakes, dict(Y=Y, b=b)


def _attention_output(rng, c):
    """H(cX) = A_att(cX)·cV for 2 tokens of 2 features, with the weights for X and for cX given."""
    denominator = int(rng.choice([2, 3, 4, 4]))
    rows = [p / denominator for p in range(1, denominator)]
    A_c = np.array([[p, 1 - p] for p in rng.choice(rows, size=2)])
    A_x = np.array([[q, 1 - q] for q in (float(rng.choice(_FLATTER[p])) for p in A_c[:, 0])])
    V = denominator * small(rng, (2, 2), -(8 // denominator), 8 // denominator)
    answer = (A_c @ (c * V)).round(9)  # whole numbers: V is a multiple of the denominator
    mistakes = (
        Mistake("weights-fixed", c * (A_x @ V),
                "that is c·H(X), as if the weights did not change: they are computed from cX, so use "
                "A_att(cX) with the values c·V."),
        Mistake("values-fixed", A_c @ V, f"you kept the values of X: V(cX) = cXW_V = {c}·V(X)."),
        Mistake("values-c-squared", A_c @ (c * c * V), f"you scaled the values by c² = {c * c}, as the scores "
                f"are: the scores QKᵀ hold X twice, but the values XW_V once, V(cX) = {c}·V(X)."),
        Mistake("unchanged", A_x @ V, "that is H(X): both the weights and the values change with X."),
    )
    return answer, mistakes, dict(A_x=A_x, A_c=A_c, V=V)


@redrawn_until_every_slip_tells
def linearity_problem(rng: np.random.Generator, seed: int) -> Problem:
    """The output for cX (c from ±2, 3) from what a layer gave for X: half the problems a dense layer
    (Ŷ = XWᵀ given, with a bias b in half of those: then c(Ŷ − b) + b), half attention (its weights
    and values for X and its weights for cX given: H(cX) = A_att(cX)·cV, not c·H(X))."""
    c = int(rng.choice([-2, 2, 3]))
    layer = "dense" if rng.integers(2) else "attention"
    answer, mistakes, data = (_dense_output if layer == "dense" else _attention_output)(rng, c)
    part = Part(answer, mistakes, name="Ŷ(cX)" if layer == "dense" else "H(cX)")
    return Problem("linearity", seed, (part,), dict(layer=layer, c=c, **data))
