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
- `dense_mistakes` lists the usual wrong answers to the layer's output
  (``W`` used by its columns, the bias left out or added after the ReLU,
  a slip inside one output, ...), for lab 6's check and the practice to name.

The expansion written out in LaTeX or HTML is in `widgets.text.dense_layer_words`.

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
from .parsing import format_number
from .shapes import as_finite_array, format_shape

__all__ = [
    "as_weights", "dense_layer", "dense_mistakes", "dense_rows", "relu", "split_at_folds",
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
    *,
    terms: bool = True,
) -> list[Mistake]:
    """The usual wrong answers for the output ``ŷ = W x + b`` (then ReLU), typed as a column.

    ``W`` is stored outputs×inputs: row ``i`` holds the weights of output
    ``i``.  The slips of the whole layer: the bias left out, subtracted or
    (with two outputs) its entries swapped, ``W`` used by its columns
    (``Wᵀx``), and with a ReLU the ReLU left out or the bias added after it.
    The slips inside one output ``i``: ``bᵢ`` left out or its sign lost, a
    product ``wᵢₖxₖ`` left out or its sign slipped.  And the right numbers
    typed as a row.  Lab 6's check and the dense practice use it.

    Parameters
    ----------
    W, x, b, activation
        As for `dense_layer`; `x` is one input.
    terms : bool, optional
        Add the slips inside one product's sum (a product left out or its
        sign slipped).  Default True; the practice leaves them out, as
        `product_mistakes` does for points: with a ReLU so many collide that
        a draw where each has its own answer is rare.

    Returns
    -------
    list of Mistake
        Each with the value that slip gives, an ``m×1`` column (``1×m`` for
        ``"row"``).  A slip inside one output that gives the answer or a
        whole-layer slip's value is left out; a slip of the whole layer may give the answer itself (`diagnose`
        skips it, a practice draws again).  Two slips may give one value
        (lab 6's ``b`` swapped is ``−b``): `diagnose` then says both.

    Examples
    --------
    Lab 6: ``W = [[2, -1], [0, 3]]``, ``x = (1, 2)``, ``b = (1, -1)``, so ``ŷ = (1, 5)``:

    >>> found = dense_mistakes([[2, -1], [0, 3]], [1, 2], [1, -1])
    >>> {m.name: m.value.ravel().tolist() for m in found if m.name.startswith("bias")}
    {'bias-subtracted': [-1.0, 7.0], 'bias-swapped': [-1.0, 7.0], 'bias-one': [1.0, 6.0], 'bias-sign': [1.0, 7.0]}
    >>> print(next(m for m in found if m.name == "sign").message)
    a sign slip in ŷ₁: w₁₁x₁ = 2·1 went in with the wrong sign; the other products are right.
    """
    W = as_weights(W)
    x = as_finite_array(x, "x").reshape(-1)
    b = as_finite_array(b, "b").reshape(-1)
    m, n = W.shape
    act = _activation(activation) or (lambda z: z)
    relu_after = activation is not None

    def out(z):
        return np.asarray(act(z), dtype=float)[:, None]

    def entry(i, change):
        """The answer with `change` subtracted from output i before the activation, or None where that
        is the answer or a slip of the whole layer's value (the ReLU sets the other outputs to 0 either way)."""
        z = W @ x + b
        z[i] -= change
        return None if any(np.allclose(out(z), value) for value in layer) else out(z)

    answer = out(W @ x + b)
    row_i = " + ".join(f"wᵢ{_subscript(k + 1)}x{_subscript(k + 1)}" for k in range(n))
    candidates = [Mistake(
        "no-bias", out(W @ x),
        "you left out the bias: the layer adds b, one number per output" + (", before the ReLU." if relu_after else "."),
    ), Mistake(
        "bias-subtracted", out(W @ x - b),
        "you subtracted b: the layer adds it, Wx + b, and a negative entry of b lowers its output.",
    )]
    if m == 2:
        candidates.append(Mistake(
            "bias-swapped", out(W @ x + b[::-1]),
            "you swapped the entries of b, b₂ into ŷ₁ and b₁ into ŷ₂: output i adds bᵢ.",
        ))
    layer = [answer, *(m.value for m in candidates)]  # with a ReLU, b₁ left out may be b left out
    for i in range(m) if m > 1 else ():
        y, bi = f"ŷ{_subscript(i + 1)}", f"b{_subscript(i + 1)} = {_signed(b[i])}"
        candidates += [
            Mistake("bias-one", entry(i, b[i]), f"you left {bi} out of {y}: each output adds its own entry of b."),
            Mistake("bias-sign", entry(i, 2 * b[i]), f"{bi} lost its sign in {y}: " + (
                "adding a negative entry of b lowers that output." if b[i] < 0 else "the layer adds it as it is.")),
        ]
    for i in range(m) if terms else ():
        y = f"ŷ{_subscript(i + 1)}"
        products = {}  # equal products give one wrong value: named together
        for k in range(n):
            if W[i, k] * x[k] != 0:
                products.setdefault(float(W[i, k] * x[k]), []).append(
                    f"w{_subscript(i + 1)}{_subscript(k + 1)}x{_subscript(k + 1)} = {_factor(W[i, k])}·{_factor(x[k])}")
        for t, said in products.items():
            said = " or ".join(said)
            candidates += [
                Mistake("dropped-term", entry(i, t), f"you left out {said} from {y}: each output adds "
                        f"{'both' if n == 2 else f'all {n}'} products of its row of W with x."),
                Mistake("sign", entry(i, 2 * t),
                        f"a sign slip in {y}: {said} went in with the wrong sign; the other products are right."),
            ]
    if m == n:  # only a square W fits x by its columns
        candidates.append(Mistake(
            "transpose", out(W.T @ x + b),
            f"you used the columns of W as its rows (Wᵀx): output i takes row i of W, {row_i} + bᵢ"
            + (", then the ReLU." if relu_after else "."),
        ))
    if relu_after:
        candidates += [
            Mistake("no-relu", (W @ x + b)[:, None], "that is Wx + b: the ReLU then sets every negative entry to 0."),
            Mistake("bias-after", out(W @ x) + b[:, None],
                    "you added b after the ReLU: the order is Wx, then + b, then ReLU."),
        ]
    candidates.append(Mistake(
        "row", answer.T,
        f"the right numbers, but as a row: ŷ is a column, one entry per output ({m}×1).",
    ))
    return [m for m in candidates if m.value is not None]


def _subscript(n: int) -> str:
    """1-based index as Unicode subscript digits: 12 -> '₁₂'."""
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _signed(v: float) -> str:
    """A number as the words write it, with a true minus sign: −1, 2."""
    return format_number(v).replace("-", "−")


def _factor(v: float) -> str:
    """A factor of a product: a negative one in parentheses, (−1)."""
    return f"({_signed(v)})" if v < 0 else _signed(v)


def dense_rows(W: ArrayLike, X: ArrayLike) -> np.ndarray:
    """The bias-free dense layer applied to every token: ``X Wᵀ``, tokens as rows.

    Raises `ValueError` (with `dense_layer`'s message) if a token does not fit ``W``.

    >>> dense_rows([[1, -1], [0.5, 2]], [[1, 0], [0, 1], [1, 1]]).tolist()
    [[1.0, 0.5], [-1.0, 2.0], [0.0, 2.5]]
    """
    W = np.asarray(W, dtype=float)
    X = np.asarray(X, dtype=float)
    return dense_layer(W, X.T, np.zeros(W.shape[0])).T
