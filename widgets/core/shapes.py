"""The shape check of a matrix product, explained for a learner.

An ``m×n`` matrix times an ``n×k`` matrix is ``m×k``; any other pair of
shapes has no product.  `check_product_shapes` says which numbers disagree
in words a learner can act on, `as_matrix` turns user input into a 2-D
float array with errors that name the matrix, and `check_index` is the one
check that a row or column index lies inside a matrix.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "NO_PRODUCT", "ShapeError", "format_shape", "check_product_shapes", "as_finite_array", "as_matrix", "check_index",
]


#: The "shape" of a product that does not exist, as a shape question's answer ("none").
NO_PRODUCT = ()


class ShapeError(ValueError):
    """A matrix has the wrong shape, or two shapes do not fit together.

    A subclass of `ValueError`, so ``except ValueError`` also catches it.

    Examples
    --------
    >>> issubclass(ShapeError, ValueError)
    True
    """


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _check_shape(shape, name):
    """Return `shape` as a tuple of two positive ints, or raise ShapeError."""
    try:
        dims = tuple(shape)
    except TypeError:
        dims = None
    if dims is not None and len(dims) == 2:
        try:
            # operator.index accepts ints and numpy ints, not floats or bools
            # (bool is an int subclass, so reject it explicitly).
            if not any(isinstance(d, (bool, np.bool_)) for d in dims):
                rows, cols = (operator.index(d) for d in dims)
                if rows > 0 and cols > 0:
                    return rows, cols
        except TypeError:
            pass
    raise ShapeError(
        f"{name} must have a shape of two positive whole numbers "
        f"(rows, columns), got {shape!r}"
    )


def format_shape(shape: tuple[int, ...]) -> str:
    """Write a matrix shape the way the syllabus does.

    Parameters
    ----------
    shape : tuple of int
        ``(rows, columns)``.

    Returns
    -------
    str
        For example ``"2×3"`` (with the multiplication sign ×).

    Examples
    --------
    >>> format_shape((2, 3)), format_shape(NO_PRODUCT)
    ('2×3', 'none')
    """
    return "×".join(str(operator.index(d)) for d in shape) if shape != NO_PRODUCT else "none"


def check_product_shapes(
    a_shape: tuple[int, int],
    b_shape: tuple[int, int],
    names: tuple[str, str] = ("A", "B"),
) -> tuple[int, int]:
    """Return the shape of the product of two matrices, or explain why not.

    Parameters
    ----------
    a_shape, b_shape : tuple of int
        Shapes ``(rows, columns)`` of the left and right factors.
    names : tuple of str, optional
        What to call the two matrices in messages.  Default ``("A", "B")``.

    Returns
    -------
    tuple of int
        ``(rows of A, columns of B)``.

    Raises
    ------
    ShapeError
        If a shape is not two positive whole numbers, or if the number of
        columns of the left factor is not the number of rows of the right.

    Examples
    --------
    >>> check_product_shapes((4, 3), (3, 2))
    (4, 2)
    >>> check_product_shapes((2, 3), (2, 2))
    Traceback (most recent call last):
        ...
    widgets.core.shapes.ShapeError: A is 2×3 and B is 2×2: A has 3 columns but B has 2 rows
    >>> check_product_shapes((5, 4), (3, 3), names=("X", "W_Q"))
    Traceback (most recent call last):
        ...
    widgets.core.shapes.ShapeError: X is 5×4 and W_Q is 3×3: X has 4 columns but W_Q has 3 rows
    """
    a_name, b_name = names
    m, n = _check_shape(a_shape, a_name)
    n_b, k = _check_shape(b_shape, b_name)
    if n != n_b:
        raise ShapeError(
            f"{a_name} is {format_shape((m, n))} and {b_name} is "
            f"{format_shape((n_b, k))}: {a_name} has {_plural(n, 'column')} "
            f"but {b_name} has {_plural(n_b, 'row')}"
        )
    return m, k


def as_finite_array(value: ArrayLike, name: str) -> np.ndarray:
    """Return `value` as a float array whose every entry is a finite number.

    The one check of "numbers, and finite" on arrays of any shape, for the
    modules that take points, matrices or vectors from a learner; the shape
    is theirs to check.

    Parameters
    ----------
    value : array_like
        Numbers, nested to any depth.
    name : str
        What to call the array in messages.

    Returns
    -------
    numpy.ndarray
        A new float64 array.

    Raises
    ------
    ValueError
        If an entry is not a number, or is nan or infinite; the message
        names the first such entry (counting from 1).

    Examples
    --------
    >>> as_finite_array([[1, 2], [3, 4]], "W")
    array([[1., 2.],
           [3., 4.]])
    >>> as_finite_array([[1, 2], [3, float("nan")]], "W")
    Traceback (most recent call last):
        ...
    ValueError: W[2,2] is nan: every entry must be a finite number
    >>> as_finite_array([1, "x"], "b")
    Traceback (most recent call last):
        ...
    ValueError: b must hold numbers only: could not convert string to float: 'x'
    """
    try:
        array = np.array(value, dtype=float)
    except (TypeError, ValueError, OverflowError) as error:  # Overflow: ints past 1e308
        raise ValueError(f"{name} must hold numbers only: {error}") from None
    bad = np.argwhere(~np.isfinite(array))
    if len(bad):
        index = tuple(bad[0])
        where = f"[{','.join(str(i + 1) for i in index)}]" if index else ""
        raise ValueError(f"{name}{where} is {array[index]}: every entry must be a finite number")
    return array


def as_matrix(values: ArrayLike, name: str = "A") -> np.ndarray:
    """Convert input to a 2-D float array, with errors that name the matrix.

    Parameters
    ----------
    values : array_like
        Nested lists or an array with at least one row and one column.
    name : str, optional
        What to call the matrix in messages.  Default ``"A"``.

    Returns
    -------
    numpy.ndarray
        A new 2-D float64 array.

    Raises
    ------
    ShapeError
        If `values` is not a 2-D table with at least one row and column.
    ValueError
        If an entry is not a number.

    Examples
    --------
    >>> as_matrix([[1, 2], [3, 4]])
    array([[1., 2.],
           [3., 4.]])
    >>> as_matrix([1, 2], name="B")
    Traceback (most recent call last):
        ...
    widgets.core.shapes.ShapeError: B must be a matrix (2-D), got a 1-D array of shape (2,)
    """
    try:
        array = np.array(values, dtype=float)
    except (TypeError, ValueError, OverflowError) as error:  # Overflow: ints past 1e308
        raise ValueError(f"{name} must hold numbers only: {error}") from None
    if array.ndim != 2:
        raise ShapeError(
            f"{name} must be a matrix (2-D), got a {array.ndim}-D array "
            f"of shape {array.shape}"
        )
    _check_shape(array.shape, name)
    return array


def check_index(index: SupportsIndex, size: int, what: str = "row", of: str | None = None) -> int:
    """Return `index` as an int if it is one of `size` 0-based places, else raise.

    Every function that picks a row or column of a matrix checks its index
    here, so each one refuses the same indices with the same words.

    Parameters
    ----------
    index : int
        The index to check; any integer type (``operator.index``), not a float or a bool.
    size : int
        How many places there are (rows or columns of the matrix).
    what : str, optional
        What one place is called: ``"row"`` (the default), ``"column"``,
        ``"query row"``...
    of : str, optional
        The matrix's name, to say how many places it has.

    Returns
    -------
    int

    Raises
    ------
    IndexError
        If `index` is not a whole number, or not in ``0 .. size - 1``.  The
        message names the valid 0-based range.

    Examples
    --------
    >>> check_index(1, 2)
    1
    >>> check_index(2, 2, "row", of="A")
    Traceback (most recent call last):
    ...
    IndexError: row index 2 is out of range: A has 2 rows, so valid (0-based) row indices are 0 to 1
    >>> check_index(-1, 3, "column")
    Traceback (most recent call last):
    ...
    IndexError: column index -1 is out of range: valid (0-based) column indices are 0 to 2
    >>> check_index(1.0, 3, "column")
    Traceback (most recent call last):
    ...
    IndexError: column index must be a whole number, got 1.0
    >>> check_index(True, 3, "column")  # operator.index takes True for 1: a flag is not a place
    Traceback (most recent call last):
    ...
    IndexError: column index must be a whole number, got True
    """
    try:
        if isinstance(index, (bool, np.bool_)):
            raise TypeError
        index = operator.index(index)
    except TypeError:
        raise IndexError(f"{what} index must be a whole number, got {index!r}") from None
    if not 0 <= index < size:
        has = f"{of} has {_plural(size, what)}, so " if of is not None else ""
        raise IndexError(
            f"{what} index {index} is out of range: {has}valid (0-based) {what} "
            f"indices are 0 to {size - 1}"
        )
    return index
