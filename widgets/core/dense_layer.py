r"""A dense (fully connected) layer: ``ŷ = W x + b``, optionally followed by ReLU.

The syllabus writes the layer for one input as ``ŷ = W x + b`` and expands
the ``2×2`` case entry by entry.  This module holds that arithmetic and
nothing else (numpy only, no widgets):

- `dense_layer` applies the layer to one input vector or to many points
  stored as columns (the vertex-matrix convention of `widgets.core.geometry`);
- `relu` is the activation ``max(0, ·)``, taken entry by entry;
- `split_at_folds` adds the points where a polygon's edges cross a crease
  of the ReLU (a line where it starts clamping onto an axis), so that
  drawing the image vertex by vertex stays exact;
- `dense_mistakes` and `weight_shape_mistakes` list the usual wrong answers
  to the layer's output and to the shape of ``W`` (``W`` read as
  inputs×outputs, the bias left out or added after the ReLU, ...), for a
  `Check` to name.

The expansion written out in LaTeX or HTML is in `widgets.text.dense_steps`.

>>> W, b = [[2, -1], [0, 3]], [1, -1]
>>> dense_layer(W, [1, 2], b)
array([1., 5.])
>>> dense_layer(W, [1, 2], [1, -7], activation="relu")
array([1., 0.])
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from .diagnosis import Mistake
from .geometry import as_points
from .shapes import as_finite_array, format_shape

__all__ = [
    "as_weights", "dense_layer", "dense_rows", "dense_mistakes", "relu", "split_at_folds", "weight_shape_mistakes",
]


def relu(z: ArrayLike) -> np.ndarray:
    """The rectified linear unit ``max(0, z)``, entry by entry.

    Parameters
    ----------
    z : array_like
        Numbers of any shape.

    Returns
    -------
    numpy.ndarray
        A float array of the same shape, with every negative entry set to 0.

    Examples
    --------
    >>> relu([-2, 0, 3.5])
    array([0. , 0. , 3.5])
    >>> relu([[1, -1], [-0.5, 2]])
    array([[1., 0.],
           [0., 2.]])
    """
    # `+ 0.0` turns the -0.0 that np.maximum may keep into 0.0.
    return np.maximum(np.asarray(z, dtype=float), 0.0) + 0.0


def _activation(activation):
    if activation is None:
        return None
    if isinstance(activation, str):
        if activation.lower() == "relu":
            return relu
        raise ValueError(f"unknown activation {activation!r}: use None, 'relu' or a function")
    if callable(activation):
        return activation
    raise ValueError(
        f"activation must be None, 'relu' or a function, got {type(activation).__name__}"
    )


def as_weights(W: ArrayLike) -> np.ndarray:
    """Return the weight matrix `W` as a non-empty 2-D float array of finite numbers.

    The check `dense_layer` makes, for callers that need the layer's shape
    before computing anything (the written-out expansion).

    Raises
    ------
    ValueError
        If an entry is not a finite number or `W` is not a non-empty matrix.

    Examples
    --------
    >>> as_weights([[2, -1], [0, 3]]).shape
    (2, 2)
    >>> as_weights([1, 2])
    Traceback (most recent call last):
        ...
    ValueError: W must be a non-empty 2-D matrix, got shape (2,)
    """
    W = as_finite_array(W, "W")
    if W.ndim != 2 or 0 in W.shape:
        raise ValueError(f"W must be a non-empty 2-D matrix, got shape {W.shape}")
    return W


def dense_layer(
    W: ArrayLike,
    x_or_points: ArrayLike,
    b: ArrayLike,
    activation: str | Callable[[np.ndarray], ArrayLike] | None = None,
) -> np.ndarray:
    """Apply the dense layer ``ŷ = W x + b`` (then an optional activation).

    Parameters
    ----------
    W : array_like
        The ``m×n`` weight matrix.
    x_or_points : array_like
        One input: a vector of ``n`` numbers (1-D) or an ``n×1`` column.
        Or many inputs: an ``n×N`` array with one point per column, as the
        vertex matrices of `widgets.core.geometry`.
    b : array_like
        The bias: ``m`` numbers, as a 1-D vector or an ``m×1`` column.  It
        is added to every column.
    activation : None, 'relu' or callable, optional
        Applied entry by entry after ``W x + b``.  Default None (the affine
        map alone).

    Returns
    -------
    numpy.ndarray
        ``m`` numbers for a 1-D input, otherwise an ``m×N`` array whose
        column ``j`` is the output for column ``j`` of the input.

    Raises
    ------
    ValueError
        If a shape does not fit (the message names both shapes), an entry
        is not a finite number, or the activation is unknown.

    Examples
    --------
    The syllabus example, one input:

    >>> W = [[2, -1], [0, 3]]
    >>> dense_layer(W, [1, 2], [1, -1])
    array([1., 5.])

    Many points at once (columns), here the corners of the unit square.
    The origin lands on ``b``, so the map is affine, not linear:

    >>> dense_layer(W, [[0, 1, 1, 0], [0, 0, 1, 1]], [1, -1])
    array([[ 1.,  3.,  2.,  0.],
           [-1., -1.,  2.,  2.]])
    >>> dense_layer(W, [[0, 1, 1, 0], [0, 0, 1, 1]], [1, -1], activation="relu")
    array([[1., 3., 2., 0.],
           [0., 0., 2., 2.]])
    >>> dense_layer(W, [1, 2, 3], [1, -1])
    Traceback (most recent call last):
        ...
    ValueError: W is 2×2, so x needs 2 entries (rows), got 3
    """
    act = _activation(activation)
    W = as_weights(W)
    m, n = W.shape
    x = as_finite_array(x_or_points, "x")
    if x.ndim not in (1, 2):
        raise ValueError(f"x must be a vector or an n×N array of columns, got shape {x.shape}")
    if x.shape[0] != n:
        raise ValueError(
            f"W is {format_shape(W.shape)}, so x needs {n} entries (rows), got {x.shape[0]}"
        )
    b = as_finite_array(b, "b")
    if b.ndim == 2 and b.shape[1] == 1:
        b = b[:, 0]
    if b.shape != (m,):
        raise ValueError(
            f"W is {format_shape(W.shape)}, so b needs {m} entries, got shape {b.shape}"
        )
    z = W @ x + (b if x.ndim == 1 else b[:, None])
    return z + 0.0 if act is None else np.asarray(act(z), dtype=float)


# -- drawing a polygon bent by ReLU ----------------------------------------------


def split_at_folds(points: ArrayLike, W: ArrayLike, b: ArrayLike) -> np.ndarray:
    """Insert the points where the edges of a path cross a crease of ``ReLU(W x + b)``.

    ReLU clamps onto an axis every point where an entry of ``W x + b`` is
    negative, so a straight edge bends where it crosses a line on which
    that entry is 0 (a crease; the function keeps its historical name
    "folds").  A plot that joins the images of a polygon's vertices with
    straight segments would cut across those creases; with the crossing points added
    as extra vertices, every piece of every edge maps to a straight piece,
    so the joined images are the exact image of the polygon.

    Parameters
    ----------
    points : array_like
        ``2×N`` vertices as columns, joined in order (close the polygon by
        repeating the first column at the end, as `widgets.HOUSE` does).
    W : array_like
        The ``2×2`` weight matrix.
    b : array_like
        The 2 biases.

    Returns
    -------
    numpy.ndarray
        ``2×M`` with ``M >= N``: the same vertices in the same order, with
        each edge's crossings inserted in order along it.  The added points
        lie on the edges, so the polygon itself looks the same.

    Examples
    --------
    The segment from (-1, 0) to (1, 0) crosses the crease x = 0 of the
    identity layer:

    >>> split_at_folds([[-1, 1], [0, 0]], np.eye(2), [0, 0])
    array([[-1.,  0.,  1.],
           [ 0.,  0.,  0.]])
    >>> split_at_folds([[1, 2], [1, 1]], np.eye(2), [0, 0])  # no crossing
    array([[1., 2.],
           [1., 1.]])
    """
    points = as_points(points)
    z = dense_layer(W, points, b)
    columns = [points[:, :1]]
    for k in range(points.shape[1] - 1):
        z0, z1 = z[:, k], z[:, k + 1]
        crossings = []
        for i in range(z.shape[0]):
            # Strictly opposite signs: a segment that only touches a fold
            # at an end has nothing to insert.
            if z0[i] * z1[i] < 0:
                crossings.append(z0[i] / (z0[i] - z1[i]))
        p0, p1 = points[:, k], points[:, k + 1]
        for t in sorted(set(crossings)):
            columns.append((p0 + t * (p1 - p0))[:, None])
        columns.append(points[:, k + 1 : k + 2])
    return np.concatenate(columns, axis=1)


# -- the usual wrong answers ---------------------------------------------------------


def dense_mistakes(
    W: ArrayLike,
    x: ArrayLike,
    b: ArrayLike,
    activation: str | Callable[[np.ndarray], ArrayLike] | None = None,
) -> list[Mistake]:
    """The usual wrong answers for the output ``ŷ = W x + b`` (then ReLU), typed as a column.

    ``W`` is stored outputs×inputs: row ``i`` holds the weights of output
    ``i``.  The slips: ``W`` read as inputs×outputs (its columns used as
    rows, ``Wᵀx``), the bias left out, and with a ReLU the ReLU left out or
    the bias added after it; and the right numbers typed as a row.

    Parameters
    ----------
    W, x, b, activation
        As for `dense_layer`; `x` is one input.

    Returns
    -------
    list of Mistake
        Each with the value that slip gives, an ``m×1`` column (``1×m`` for
        ``"row"``).  None equals the answer.

    Examples
    --------
    Lab 6: ``W = [[2, -1], [0, 3]]``, ``x = (1, 2)``, ``b = (1, -1)``, so ``ŷ = (1, 5)``:

    >>> found = dense_mistakes([[2, -1], [0, 3]], [1, 2], [1, -1])
    >>> {m.name: m.value.ravel().tolist() for m in found}
    {'inputs-outputs': [3.0, 4.0], 'no-bias': [0.0, 6.0], 'row': [1.0, 5.0]}
    >>> print(found[0].message)
    you read W as inputs×outputs, its columns as the rows: W is stored outputs×inputs, so output i is row i of W times x, ŷᵢ = wᵢ₁x₁ + wᵢ₂x₂ + bᵢ.
    """
    W = as_weights(W)
    x = as_finite_array(x, "x").reshape(-1)
    b = as_finite_array(b, "b").reshape(-1)
    answer = dense_layer(W, x, b, activation)[:, None]
    relu_after = activation is not None
    act = _activation(activation) or (lambda z: z)
    terms = " + ".join(f"wᵢ{_subscript(k + 1)}x{_subscript(k + 1)}" for k in range(W.shape[1]))
    candidates = []
    if W.shape[0] == W.shape[1]:
        candidates.append(Mistake(
            "inputs-outputs", np.asarray(act(W.T @ x + b), dtype=float)[:, None],
            "you read W as inputs×outputs, its columns as the rows: W is stored outputs×inputs, "
            f"so output i is row i of W times x, ŷᵢ = {terms} + bᵢ.",
        ))
    candidates.append(Mistake(
        "no-bias", np.asarray(act(W @ x), dtype=float)[:, None],
        "you left out the bias: the layer adds b, one number per output"
        + (", before the ReLU." if relu_after else "."),
    ))
    if relu_after:
        candidates += [
            Mistake("no-relu", (W @ x + b)[:, None],
                    "that is Wx + b: the ReLU then sets every negative entry to 0."),
            Mistake("bias-after", (np.asarray(act(W @ x), dtype=float) + b)[:, None],
                    "you added b after the ReLU: the order is Wx, then + b, then ReLU."),
        ]
    candidates.append(Mistake(
        "row", answer.T,
        f"the right numbers, but as a row: ŷ is a column, one entry per output ({W.shape[0]}×1).",
    ))
    return [m for m in candidates if m.name == "row" or not np.allclose(m.value, answer)]


def _subscript(n: int) -> str:
    """1-based index as Unicode subscript digits: 12 -> '₁₂'."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def weight_shape_mistakes(n_inputs: int, n_outputs: int) -> list[Mistake]:
    """The usual wrong answer for the shape of ``W`` in a layer with these many inputs and outputs.

    ``W`` is ``n_outputs×n_inputs``: one row per output, one column per
    input, so that ``W x`` takes an input of ``n_inputs`` entries.  The
    slip stores it inputs×outputs.

    Examples
    --------
    >>> [(m.name, m.value) for m in weight_shape_mistakes(3, 2)]
    [('inputs-outputs', (3, 2))]
    >>> weight_shape_mistakes(2, 2)  # square: the slip cannot be seen in the shape
    []
    """
    if n_inputs == n_outputs:
        return []
    return [Mistake(
        "inputs-outputs", (n_inputs, n_outputs),
        f"that is inputs×outputs: W has one row per output ({n_outputs}) and one column per "
        f"input ({n_inputs}), so that Wx takes an input of {n_inputs} entries: "
        f"{n_outputs}×{n_inputs}.",
    )]


def dense_rows(W: ArrayLike, X: ArrayLike) -> np.ndarray:
    """The bias-free dense layer applied to every token: ``X Wᵀ``, tokens as rows.

    Raises `ValueError` (with `dense_layer`'s message) if a token does not fit ``W``.

    >>> dense_rows([[1, -1], [0.5, 2]], [[1, 0], [0, 1], [1, 1]]).tolist()
    [[1.0, 0.5], [-1.0, 2.0], [0.0, 2.5]]
    """
    W = np.asarray(W, dtype=float)
    X = np.asarray(X, dtype=float)
    return dense_layer(W, X.T, np.zeros(W.shape[0])).T
