"""Trait types shared by the controls and views: matrices, finite floats, highlights.

`MatrixTrait` holds a read-only float copy of a matrix and notifies only when
the entries really change; `FiniteFloat` is a `traitlets.Float` that refuses
nan and ±inf.  `validate_matrix` is the check behind `MatrixTrait`, for code
that validates a matrix outside a trait.  `check_highlight` and
`drop_lost_highlights` are the one policy for a trait that marks a row, column
or cell of a matrix: a place outside the matrix is refused, and a matrix that
shrinks drops a mark that no longer exists to None.  (ipywidgets keeps its shared trait
types in ``trait_types.py``, bqplot in ``traits.py``.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import traitlets
from numpy.typing import ArrayLike
from traitlets import Bunch, HasTraits, TraitError

from ..core.shapes import as_finite_array, as_matrix
from .batching import same_value

__all__ = [
    "FiniteFloat", "MatrixTrait", "validate_matrix",
    "ROW", "COLUMN", "CELL", "check_highlight", "drop_lost_highlights",
]


def validate_matrix(value: ArrayLike, name: str = "A") -> np.ndarray:
    """Return `value` as a read-only 2-D float array, or raise TraitError.

    Parameters
    ----------
    value : array_like
        Nested lists or an array with at least one row and one column.
    name : str, optional
        What to call the matrix in messages.  Default ``"A"``.

    Returns
    -------
    numpy.ndarray
        A new float64 array with ``writeable=False``, so that editing it in
        place (which no observer would see) fails loudly.  A -0.0 is stored
        as 0.0: it prints as "0" anyway, and a matrix that differed from
        another only in the sign of a zero would change without notifying.

    Raises
    ------
    traitlets.TraitError
        If `value` is not a non-empty 2-D table of finite numbers.

    Examples
    --------
    >>> validate_matrix([[1, 2], [3, 4]])
    array([[1., 2.],
           [3., 4.]])
    >>> validate_matrix([[-0.0]])
    array([[0.]])
    >>> validate_matrix([[1, float("nan")]], name="B")
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: B[1,2] is nan: every entry must be a finite number
    """
    try:
        array = as_finite_array(as_matrix(value, name=name), name)
    except ValueError as error:  # includes ShapeError
        raise TraitError(str(error)) from None
    array += 0.0  # -0.0 becomes 0.0
    array.flags.writeable = False
    return array


class FiniteFloat(traitlets.Float):
    """A `traitlets.Float` that refuses nan, ±inf and ints too large for a float.

    (traitlets' own `Float` lets ``10**400`` escape as an OverflowError.)

    Examples
    --------
    >>> import traitlets
    >>> class Holder(traitlets.HasTraits):
    ...     x = FiniteFloat(1.0)
    >>> Holder(x=2).x
    2.0
    >>> Holder(x=float("inf"))
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: x must be a finite number, got inf
    """

    info_text = "a finite number"

    def validate(self, obj: HasTraits, value: Any) -> float:
        try:
            value = super().validate(obj, value)
        except OverflowError:
            raise TraitError(
                f"{self.name} must be a finite number, got an integer too large for a float"
            ) from None
        if not math.isfinite(value):
            raise TraitError(f"{self.name} must be a finite number, got {value}")
        return value


class MatrixTrait(traitlets.TraitType):
    """A trait holding a non-empty 2-D float matrix of finite numbers.

    Lists are converted to float arrays.  Assigning a matrix equal to the
    current one (same shape and entries) sends no change notification, so
    `traitlets.link` and observers never see spurious updates.  Error messages
    use the owner's ``name`` trait when it has one.

    Examples
    --------
    >>> import traitlets
    >>> class Holder(traitlets.HasTraits):
    ...     m = MatrixTrait()
    >>> h = Holder(m=[[1, 2]])
    >>> changes = []
    >>> h.observe(changes.append, "m")
    >>> h.m = [[1.0, 2.0]]
    >>> len(changes)
    0
    """

    default_value = None
    info_text = "a non-empty 2-D matrix of finite numbers"

    def validate(self, obj: HasTraits, value: ArrayLike) -> np.ndarray:
        name = getattr(obj, "name", None) or self.name
        return validate_matrix(value, name=name)

    def set(self, obj: HasTraits, value: ArrayLike) -> None:
        # As traittypes.Array does: `==` on arrays is elementwise, so compare
        # by value (the one array equality, `same_value`) instead of traitlets' default test.
        new_value = self._validate(obj, value)
        old_value = obj._trait_values.get(self.name, self.default_value)
        obj._trait_values[self.name] = new_value
        if not same_value(old_value, new_value):
            obj._notify_trait(self.name, old_value, new_value)


#: What a highlight trait marks: one row, one column, or one cell ``(i, j)``.
ROW, COLUMN, CELL = "row", "column", "cell"


def _inside(value, shape, kind):
    """Whether `value` (None, or a place of `kind`) lies inside a matrix of `shape`."""
    if value is None:
        return True
    if kind == CELL:
        return len(value) == 2 and all(0 <= v < n for v, n in zip(value, shape))
    return 0 <= value < shape[0 if kind == ROW else 1]


def check_highlight(
    proposal: Bunch, shape: tuple[int, int], highlights: Mapping[str, str]
) -> int | tuple[int, ...] | None:
    """Validate a highlight trait: return its value, as plain ints, if it is None or inside `shape`.

    Use it as the whole body of the ``@validate`` of every trait that marks a
    row, column or cell of the widget's matrix, so that all of them refuse the
    same places with the same words.

    Parameters
    ----------
    proposal : traitlets.Bunch
        The proposal ``@validate`` receives.
    shape : tuple of int
        The shape of the matrix the highlight marks.
    highlights : dict
        Trait name to what it marks (`ROW`, `COLUMN` or `CELL`).

    Returns
    -------
    int, tuple of int, or None

    Raises
    ------
    traitlets.TraitError
        If the place is outside the matrix; the message names the valid range.

    Examples
    --------
    >>> import traitlets
    >>> class Grid(traitlets.HasTraits):
    ...     _HIGHLIGHTS = {"row": ROW, "cell": CELL}
    ...     row = traitlets.Int(None, allow_none=True)
    ...     cell = traitlets.Tuple(None, allow_none=True)
    ...     @traitlets.validate("row", "cell")
    ...     def _validate_highlight(self, proposal):
    ...         return check_highlight(proposal, (2, 3), self._HIGHLIGHTS)
    >>> Grid(row=1).row
    1
    >>> Grid(cell=(True, False)).cell  # bools are ints to traitlets, masks to numpy
    (1, 0)
    >>> Grid(row=2)
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: row: expected a row from 0 to 1, or None; got 2
    >>> Grid(cell=(0, 3))
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: cell: expected a cell (i, j) with i from 0 to 1 and j from 0 to 2, or None; got (0, 3)
    """
    name, value = proposal.trait.name, proposal.value
    kind = highlights[name]
    if not _inside(value, shape, kind):
        rows, cols = shape
        places = {
            ROW: f"a row from 0 to {rows - 1}",
            COLUMN: f"a column from 0 to {cols - 1}",
            CELL: f"a cell (i, j) with i from 0 to {rows - 1} and j from 0 to {cols - 1}",
        }
        raise TraitError(f"{name}: expected {places[kind]}, or None; got {value!r}")
    # Plain ints: numpy reads an index True as a mask, not as row 1.
    if value is None:
        return None
    return tuple(int(v) for v in value) if kind == CELL else int(value)


def drop_lost_highlights(widget: HasTraits, shape: tuple[int, int], highlights: Mapping[str, str]) -> None:
    """Set to None each highlight of `widget` that a matrix of `shape` no longer has.

    Call it from the observer of the widget's matrix, so that shrinking the
    matrix clears a row, column or cell past its new edge instead of failing.

    Parameters
    ----------
    widget : traitlets.HasTraits
        The widget whose highlight traits to check.
    shape : tuple of int
        The new shape of its matrix.
    highlights : dict
        Trait name to what it marks (`ROW`, `COLUMN` or `CELL`), as for
        `check_highlight`.

    Examples
    --------
    >>> import traitlets
    >>> class Grid(traitlets.HasTraits):
    ...     row = traitlets.Int(None, allow_none=True)
    ...     col = traitlets.Int(None, allow_none=True)
    >>> grid = Grid(row=2, col=1)
    >>> drop_lost_highlights(grid, (2, 2), {"row": ROW, "col": COLUMN})
    >>> grid.row, grid.col
    (None, 1)
    """
    with widget.hold_trait_notifications():
        for name, kind in highlights.items():
            if not _inside(getattr(widget, name), shape, kind):
                setattr(widget, name, None)
