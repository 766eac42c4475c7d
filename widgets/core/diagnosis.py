"""Judging one answer: right, one of the usual slips named, or what is off.

`diagnose` compares what a learner typed with the answer and with the usual
wrong answers of the exercise (`Mistake`: a name, the value that slip gives,
the words for it), then with the slips that are a pattern rather than one
value (a single sign slip, one column right and one wrong).  The lists of
usual wrong answers are built in `widgets.core.mistakes` (the product, an
entry, a shape) and beside each skill's math.  Numpy only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .parsing import format_number
from .shapes import NO_PRODUCT, format_shape
from .wording import entries_in_words

__all__ = ["Diagnosis", "Mistake", "compare_matrices", "describe_positions", "diagnose", "same_value", "told_apart"]


@dataclass(frozen=True)
class Mistake:
    """One usual wrong answer: what it is called, what it looks like, what to say.

    Attributes
    ----------
    name : str
        A short identifier, e.g. ``"BA"``, ``"transpose"``, ``"sign"``:
        stable, for tests and for counting which mistakes a class makes.
    value : numpy.ndarray, float or tuple of int
        The answer this slip produces.
    message : str
        Plain text that says what the learner did and what to do instead.
    """

    name: str
    value: object
    message: str


@dataclass(frozen=True)
class Diagnosis:
    """The verdict on one answer.

    Attributes
    ----------
    right : bool
    mistake : str
        The `Mistake.name` recognised, ``"sign"``, ``"columns"``, ``"rows"``,
        ``"shape"``, ``"entries"`` for a plain miss, or ``""`` when right.
    message : str
        What to tell the learner (plain text), ``""`` when right.
    """

    right: bool
    mistake: str = ""
    message: str = ""


def same_value(a: object, b: object) -> bool:
    """Whether two answers are one: arrays of the same shape and entries, or equal shapes, numbers, choices.

    >>> same_value(np.array([[1, 2]]), np.array([[1, 2]])), same_value(np.array([[1, 2]]), np.array([1, 2]))
    (True, False)
    >>> same_value((4, 2), (4, 2)), same_value("yes", "no")
    (True, False)
    """
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.shape(a) == np.shape(b) and bool(np.array_equal(a, b))
    return a == b


def told_apart(mistakes: Iterable[Mistake], *answers: object) -> list[Mistake]:
    """`mistakes` without those whose value is one of `answers` or an earlier mistake's: on a square or a
    1-row product some slips give the right answer, or each other's, and a learner is told the slip
    listed first (the most specific), once.

    >>> [m.name for m in told_apart([Mistake("a", (2, 2), ""), Mistake("b", (2, 2), ""),
    ...                              Mistake("c", (1, 2), "")], (1, 2))]
    ['a']
    """
    kept: list[Mistake] = []
    seen = list(answers)
    for mistake in mistakes:
        if not any(same_value(mistake.value, value) for value in seen):
            seen.append(mistake.value)
            kept.append(mistake)
    return kept


def _as_value(value: ArrayLike) -> tuple[int, ...] | float | np.ndarray:
    """A shape stays a tuple, a number becomes a float, a matrix a 2-D array."""
    if isinstance(value, tuple):
        return value
    array = np.asarray(value, dtype=float)
    return float(array) if array.ndim == 0 else np.atleast_2d(array)


def _same(a, b, tol):
    """Whether two values (`_as_value`) are equal within `tol`, as ``np.isclose(a, b, rtol=tol, atol=tol)``
    judges each entry, written out: a practice sweep calls this 700,000 times, and numpy's general
    function took 30 µs a call, the arithmetic 3."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return a == b
    if isinstance(a, float) or isinstance(b, float):
        if not (isinstance(a, float) and isinstance(b, float)):
            return False
        return a == b or (math.isfinite(b) and abs(a - b) <= tol + tol * abs(b))
    if a.shape != b.shape:
        return False
    with np.errstate(invalid="ignore"):  # inf - inf: equal infinities are caught by a == b
        return bool(((a == b) | (np.isfinite(b) & (np.abs(a - b) <= tol + tol * np.abs(b)))).all())


def describe_positions(cells: Iterable[Sequence[int]]) -> str:
    """Say which entries (0-based ``(i, j)`` pairs) are off, 1-based, briefly.

    >>> describe_positions([(1, 1)]), describe_positions([(0, 0), (1, 0)])
    ('entry (2,2) is off', 'entries (1,1) and (2,1) are off')
    """
    cells = [tuple(cell) for cell in cells]
    if len(cells) > 4:
        i, j = cells[0]
        return f"{len(cells)} entries are off, starting with ({i + 1},{j + 1})"
    return f"{entries_in_words(cells)} {'is' if len(cells) == 1 else 'are'} off"


def compare_matrices(got: ArrayLike, expected: ArrayLike, tol: float = 1e-9) -> str:
    """Say what is wrong with a matrix answer, or return ``""`` if it is right.

    Parameters
    ----------
    got, expected : numpy.ndarray
        The learner's matrix and the answer, both 2-D.
    tol : float, optional
        Relative and absolute tolerance per entry.

    Returns
    -------
    str
        ``""`` when every entry matches; otherwise the shape mismatch or the
        1-based positions of the entries that are off.

    Examples
    --------
    >>> compare_matrices(np.ones((2, 3)), np.ones((2, 2)))
    'wrong shape: expected 2×2, got 2×3'
    >>> compare_matrices(np.array([[6, 19], [9, 3]]), np.array([[6, 19], [9, -3]]))
    'entry (2,2) is off'
    >>> compare_matrices(np.eye(2), np.eye(2))
    ''
    """
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape:
        expected_shape, got_shape = format_shape(expected.shape), format_shape(got.shape)
        return f"wrong shape: expected {expected_shape}, got {got_shape}"
    off = np.argwhere(~np.isclose(got, expected, rtol=tol, atol=tol))
    return describe_positions(off.tolist()) if len(off) else ""


def _matrix_pattern(got, answer, tol):
    """Slips seen only by comparing entry by entry: one sign, whole columns or rows."""
    close = np.isclose(got, answer, rtol=tol, atol=tol)
    off = np.argwhere(~close)
    if len(off) == 1:
        i, j = off[0]
        if not np.isclose(answer[i, j], 0, atol=tol) and np.isclose(
            got[i, j], -answer[i, j], rtol=tol, atol=tol
        ):
            return Diagnosis(
                False,
                "sign",
                f"a sign slip: entry ({i + 1},{j + 1}) has the right size but the wrong sign; "
                "the rest is right. Recheck the signs of the products in that entry.",
            )
    rows, cols = answer.shape
    good_cols = [j for j in range(cols) if close[:, j].all()]
    # A single row has no columns worth redoing on their own: its entries are named below.
    if rows > 1 and cols > 1 and 0 < len(good_cols) < cols:
        bad = [j + 1 for j in range(cols) if j not in good_cols]
        good = ", ".join(str(j + 1) for j in good_cols)
        return Diagnosis(
            False,
            "columns",
            f"column{'s' if len(good_cols) > 1 else ''} {good} right, "
            f"column{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))} not: "
            f"{describe_positions(off.tolist())}. Redo the wrong column on its own: "
            "it uses only the matching column of the right-hand factor.",
        )
    good_rows = [i for i in range(rows) if close[i, :].all()]
    if rows > 1 and 0 < len(good_rows) < rows:
        bad = [i + 1 for i in range(rows) if i not in good_rows]
        return Diagnosis(
            False,
            "rows",
            f"row{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))} off, the others right: "
            f"{describe_positions(off.tolist())}.",
        )
    return Diagnosis(False, "entries", describe_positions(off.tolist()))


def diagnose(got: ArrayLike, answer: ArrayLike, mistakes: Iterable[Mistake] = (), tol: float = 1e-9) -> Diagnosis:
    """Judge an answer: right, one of the named `mistakes`, or what is off.

    Parameters
    ----------
    got, answer : array_like, float or tuple of int
        The learner's answer and the right one: matrices (2-D), numbers or
        shapes ``(rows, columns)``.
    mistakes : iterable of Mistake, optional
        The usual wrong answers for this exercise; the first one `got`
        matches names the slip.  One that equals the answer is skipped.
        When slips with different words give the same value, the message
        names each of them: which one the learner made cannot be told.
    tol : float, optional
        Relative and absolute tolerance per entry.

    Returns
    -------
    Diagnosis

    Examples
    --------
    Activity 1.4.1, and what the learner might type instead:

    >>> A = [[1, -3, 5], [3, 1, 4]]
    >>> B = [[5, 1], [-2, -6], [-1, 0]]
    >>> AB = np.array([[6, 19], [9, -3]])
    >>> diagnose([[6, 19], [9, -3]], AB).right
    True
    >>> from widgets.core.mistakes import product_mistakes
    >>> diagnose([[6, 9], [19, -3]], AB, product_mistakes(A, B)).mistake
    'transpose'
    >>> diagnose([[6, 19], [9, 3]], AB).mistake
    'sign'
    >>> diagnose([[6, 20], [9, 4]], AB).message[:24]
    'column 1 right, column 2'
    >>> diagnose([[6, 19, 0]], AB).message[:45]
    'wrong shape: 1×3 is not the shape of the answ'
    >>> diagnose([[19, 6], [9, -3]], AB).mistake
    'places'
    """
    got, answer = _as_value(got), _as_value(answer)
    if _same(got, answer, tol):
        return Diagnosis(True)
    found = []
    for mistake in mistakes:
        value = _as_value(mistake.value)
        if (
            not _same(value, answer, tol)
            and _same(got, value, tol)
            and all(mistake.message != m.message for m in found)
        ):
            found.append(mistake)
    if found:
        return Diagnosis(False, found[0].name, _either(found))
    if isinstance(answer, tuple):
        return _shape_pattern(got, answer)
    if isinstance(answer, float):
        if isinstance(got, float) and answer != 0 and np.isclose(got, -answer, rtol=tol, atol=tol):
            return Diagnosis(
                False, "sign", "right size, wrong sign: recheck the signs of the products."
            )
        return Diagnosis(False, "entries", f"not quite: {format_number(got)} is not the answer")
    if got.shape != answer.shape:
        # Not the answer's shape: saying it would hand over half the answer (the size is asked too).
        return _turned_vector(got, answer, tol) or Diagnosis(
            False,
            "shape",
            f"wrong shape: {format_shape(got.shape)} is not the shape of the answer. Work out how many rows "
            "and columns it has before its entries.",
        )
    off = ~np.isclose(got, answer, rtol=tol, atol=tol)
    if off.sum() > 1 and np.allclose(np.sort(got, axis=None), np.sort(answer, axis=None), rtol=tol, atol=tol):
        return Diagnosis(False, "places", "the right numbers, in the wrong places: work out which row and "
                         "column each entry belongs to.")
    return _matrix_pattern(got, answer, tol)


def _turned_vector(got, answer, tol):
    """A row answered as a column or a column as a row, with the right numbers: say so, or None."""
    if 1 not in answer.shape or got.shape != answer.shape[::-1] or not _same(got.T, answer, tol):
        return None
    rows, cols = answer.shape
    wanted, given = ("row", "column") if rows == 1 else ("column", "row")
    return Diagnosis(
        False,
        "turned",
        f"the right numbers, written as a {given}: this answer is a {wanted}, "
        f"{format_shape(answer.shape)} ({rows} row{'s' * (rows > 1)} and {cols} column{'s' * (cols > 1)}). "
        f"Set the pickers to that shape and type them again.",
    )


def _either(found):
    """One slip's words, or each of several that give the same answer, numbered."""
    if len(found) == 1:
        return found[0].message
    ways = " ".join(f"({k}) {m.message.strip()}" for k, m in enumerate(found, 1))
    return f"{len(found)} different slips give this answer: {ways}"


def _shape_pattern(got, answer):
    if got == NO_PRODUCT:
        return Diagnosis(False, "none", "not quite: compare the inner sizes again.")
    if answer == NO_PRODUCT:
        return Diagnosis(False, "shape", "not quite: before the outer sizes, compare the inner ones.")
    rows_off, cols_off = (g != a for g, a in zip(got, answer))
    if rows_off and cols_off:
        return Diagnosis(False, "shape", f"not quite: in {format_shape(got)} both numbers are off")
    part = "rows" if rows_off else "columns"
    return Diagnosis(
        False, "shape", f"not quite: in {format_shape(got)} the number of {part} is off"
    )
