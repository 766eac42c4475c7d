"""The shape check of a composition of matrix maps (Activity 1.4.3).

``x ↦ A(Bx)`` first applies ``B`` (``p×q``: it takes vectors in ``ℝ^q``
to ``ℝ^p``) and then ``A`` (``m×n``: ``ℝ^n`` to ``ℝ^m``).  It exists exactly
when ``B``'s outputs fit ``A``'s inputs, ``p = n``, and is then the map of
the ``m×q`` matrix ``AB`` from ``ℝ^q`` to ``ℝ^m``.  Pure Python: no widgets.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

from .shapes import ShapeError, check_product_shapes, format_shape

__all__ = ["CompositionShapes", "composition_shapes", "describe_composition", "describe_sizes", "space"]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def space(n: int) -> str:
    """Write ``ℝ^n`` with a superscript, as plain text.

    Examples
    --------
    >>> space(2), space(12)
    ('ℝ²', 'ℝ¹²')
    """
    return "ℝ" + str(int(n)).translate(_SUPERSCRIPTS)


class CompositionShapes(NamedTuple):
    """The shapes involved in ``x ↦ A(Bx)``.

    Attributes
    ----------
    product : tuple of int
        The shape of ``AB``, ``(m, q)``.
    domain : int
        ``q``: inputs ``x`` live in ``ℝ^q``.
    middle : int
        ``n = p``: ``Bx`` lives in ``ℝ^n``, where ``A`` takes its inputs.
    codomain : int
        ``m``: outputs live in ``ℝ^m``.
    """

    product: tuple
    domain: int
    middle: int
    codomain: int


def composition_shapes(a_shape: tuple[int, int], b_shape: tuple[int, int]) -> CompositionShapes:
    """Return the shapes of the composition ``x ↦ A(Bx)``, or explain why it fails.

    Parameters
    ----------
    a_shape, b_shape : tuple of int
        ``(m, n)`` for ``A`` and ``(p, q)`` for ``B``.

    Returns
    -------
    CompositionShapes

    Raises
    ------
    ShapeError
        If a shape is not two positive whole numbers, or ``n != p``.  The
        message says where ``B`` sends its inputs and what ``A`` accepts.

    Examples
    --------
    Activity 1.4.3:

    >>> composition_shapes((4, 3), (3, 2))
    CompositionShapes(product=(4, 2), domain=2, middle=3, codomain=4)
    >>> composition_shapes((4, 3), (2, 2))
    Traceback (most recent call last):
        ...
    widgets.core.shapes.ShapeError: AB is undefined: A is 4×3 and B is 2×2: A has 3 columns but B has 2 rows. B sends vectors to ℝ², but A only accepts vectors in ℝ³.
    """
    m, n = _dims(a_shape, "A")
    p, q = _dims(b_shape, "B")
    try:
        check_product_shapes((m, n), (p, q))
    except ShapeError as error:
        raise ShapeError(
            f"AB is undefined: {error}. B sends vectors to {space(p)}, "
            f"but A only accepts vectors in {space(n)}."
        ) from None
    return CompositionShapes((m, q), q, n, m)


def _dims(shape, name):
    """`shape` as two positive ints, or ShapeError (as `check_product_shapes` says it)."""
    try:
        rows, cols = (operator.index(d) for d in shape)
        valid = rows > 0 and cols > 0 and not any(isinstance(d, bool) for d in shape)
    except (TypeError, ValueError):
        valid = False
    if not valid:
        raise ShapeError(
            f"{name} must have a shape of two positive whole numbers "
            f"(rows, columns), got {shape!r}"
        )
    return rows, cols


def describe_composition(a_shape: tuple[int, int], b_shape: tuple[int, int]) -> tuple[bool, str]:
    """Describe ``AB`` and ``x ↦ A(Bx)`` for a learner, in one short paragraph.

    Never raises for a shape mismatch: the explanation is the description.

    Parameters
    ----------
    a_shape, b_shape : tuple of int
        ``(m, n)`` for ``A`` and ``(p, q)`` for ``B``.

    Returns
    -------
    tuple of (bool, str)
        Whether the product exists, and the plain-text description.

    Examples
    --------
    >>> ok, text = describe_composition((4, 3), (3, 2))
    >>> ok
    True
    >>> print(text)
    AB exists and is 4×2. x ↦ A(Bx) maps ℝ² → ℝ⁴: B takes x in ℝ² to Bx in ℝ³, then A takes that to ℝ⁴.
    >>> describe_composition((2, 2), (3, 1))[0]
    False
    """
    try:
        shapes = composition_shapes(a_shape, b_shape)
    except ShapeError as error:
        return False, str(error)
    q, n, m = shapes.domain, shapes.middle, shapes.codomain
    return True, (
        f"AB exists and is {format_shape(shapes.product)}. "
        f"x ↦ A(Bx) maps {space(q)} → {space(m)}: B takes x in {space(q)} to Bx in "
        f"{space(n)}, then A takes that to {space(m)}."
    )


def describe_sizes(m: int, n: int, p: int, q: int) -> tuple[bool, str]:
    """Judge ``A`` of size ``m×n`` times ``B`` of size ``p×q``, sizes as typed.

    Parameters
    ----------
    m, n, p, q : int
        The sizes; any integers (one below 1 is explained, not refused).

    Returns
    -------
    tuple of (bool, str)
        Whether ``AB`` exists, and the plain-text explanation.

    Examples
    --------
    >>> describe_sizes(4, 3, 3, 2)[1][:22]
    'AB exists and is 4×2. '
    >>> describe_sizes(2, 0, 3, -1)
    (False, 'n = 0, q = -1: a matrix has at least one row and one column.')
    """
    small = [f"{name} = {value}" for name, value in zip("mnpq", (m, n, p, q)) if value < 1]
    if small:
        return False, f"{', '.join(small)}: a matrix has at least one row and one column."
    return describe_composition((m, n), (p, q))
