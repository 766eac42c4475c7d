"""Naming a learner's mistake: the usual wrong answers to a product, an entry, a shape.

A wrong answer teaches most when the feedback says what the learner did
("you multiplied B by A").  The functions here list, for one exercise, the
answers each common slip produces (`Mistake`: a name, the value, the words
for it), and `diagnose` compares what was typed with the answer and with
those, then with the slips that are a pattern rather than one value (a
single sign slip, one column right and one wrong).  Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .parsing import format_number
from .shapes import format_shape
from .wording import entries_in_words

__all__ = [
    "Diagnosis",
    "Mistake",
    "compare_matrices",
    "describe_positions",
    "diagnose",
    "entry_mistakes",
    "product_mistakes",
    "shape_mistakes",
]


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


def _as_value(value):
    """A shape stays a tuple, a number becomes a float, a matrix a 2-D array."""
    if isinstance(value, tuple):
        return value
    array = np.asarray(value, dtype=float)
    return float(array) if array.ndim == 0 else np.atleast_2d(array)


def _same(a, b, tol):
    if isinstance(a, tuple) or isinstance(b, tuple):
        return a == b
    if isinstance(a, float) or isinstance(b, float):
        if not (isinstance(a, float) and isinstance(b, float)):
            return False
        return bool(np.isclose(a, b, rtol=tol, atol=tol))
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=tol, atol=tol))


def describe_positions(cells):
    """Say which entries (0-based ``(i, j)`` pairs) are off, 1-based, briefly.

    >>> describe_positions([(1, 1)]), describe_positions([(0, 0), (1, 0)])
    ('entry (2,2) is off', 'entries (1,1) and (2,1) are off')
    """
    cells = [tuple(cell) for cell in cells]
    if len(cells) > 4:
        i, j = cells[0]
        return f"{len(cells)} entries are off, starting with ({i + 1},{j + 1})"
    return f"{entries_in_words(cells)} {'is' if len(cells) == 1 else 'are'} off"


def compare_matrices(got, expected, tol=1e-9):
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


def diagnose(got, answer, mistakes=(), tol=1e-9):
    """Judge an answer: right, one of the named `mistakes`, or what is off.

    Parameters
    ----------
    got, answer : array_like, float or tuple of int
        The learner's answer and the right one: matrices (2-D), numbers or
        shapes ``(rows, columns)``.
    mistakes : iterable of Mistake, optional
        The usual wrong answers for this exercise; the first one `got`
        matches names the slip.  One that equals the answer is skipped.
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
    >>> diagnose([[6, 9], [19, -3]], AB, product_mistakes(A, B)).mistake
    'transpose'
    >>> diagnose([[6, 19], [9, 3]], AB).mistake
    'sign'
    >>> diagnose([[6, 20], [9, 4]], AB).message[:24]
    'column 1 right, column 2'
    >>> diagnose([[6, 19, 0]], AB).message
    'wrong shape: expected 2×2, got 1×3'
    """
    got, answer = _as_value(got), _as_value(answer)
    if _same(got, answer, tol):
        return Diagnosis(True)
    for mistake in mistakes:
        value = _as_value(mistake.value)
        if not _same(value, answer, tol) and _same(got, value, tol):
            return Diagnosis(False, mistake.name, mistake.message)
    if isinstance(answer, tuple):
        return _shape_pattern(got, answer)
    if isinstance(answer, float):
        if isinstance(got, float) and answer != 0 and np.isclose(got, -answer, rtol=tol, atol=tol):
            return Diagnosis(
                False, "sign", "right size, wrong sign: recheck the signs of the products."
            )
        return Diagnosis(False, "entries", f"not quite: {format_number(got)} is not the answer")
    if got.shape != answer.shape:
        return Diagnosis(
            False,
            "shape",
            f"wrong shape: expected {format_shape(answer.shape)}, got {format_shape(got.shape)}",
        )
    return _matrix_pattern(got, answer, tol)


def _shape_pattern(got, answer):
    rows_off, cols_off = (g != a for g, a in zip(got, answer))
    if rows_off and cols_off:
        return Diagnosis(False, "shape", f"not quite: in {format_shape(got)} both numbers are off")
    part = "rows" if rows_off else "columns"
    return Diagnosis(
        False, "shape", f"not quite: in {format_shape(got)} the number of {part} is off"
    )


def _shapes(A, B):
    A, B = np.atleast_2d(np.asarray(A, float)), np.atleast_2d(np.asarray(B, float))
    return A, B, A.shape[1] == B.shape[0]


def product_mistakes(A, B, names=("A", "B")):
    """The usual wrong answers for the product of `A` and `B`.

    BA instead of AB, the transpose of AB, the entrywise product, rows of A
    dotted with rows of B, and columns of A dotted with columns of B: each
    where its shapes allow it.

    Parameters
    ----------
    A, B : array_like
        The factors, in the order of the question.
    names : tuple of str, optional
        What the question calls them.

    Returns
    -------
    list of Mistake

    Examples
    --------
    >>> [m.name for m in product_mistakes([[1, 2], [3, 4]], [[0, 1], [1, 0]])]
    ['BA', 'transpose', 'entrywise', 'row-row', 'column-column']
    """
    A, B, fits = _shapes(A, B)
    a, b = names
    found = []
    if B.shape[1] == A.shape[0]:
        found.append(Mistake(
            "BA", B @ A,
            f"you computed {b}{a}, not {a}{b}: the order matters. In {a}{b} the rows come "
            f"from {a} and the columns from {b}.",
        ))
    if fits:
        found.append(Mistake(
            "transpose", (A @ B).T,
            f"rows and columns swapped: that is the transpose of {a}{b}. Entry (i, j) is row i "
            f"of {a} with column j of {b}, written in row i, column j.",
        ))
    if A.shape == B.shape:
        found.append(Mistake(
            "entrywise", A * B,
            f"you multiplied entry by entry: that is not the matrix product. Entry (i, j) of "
            f"{a}{b} sums row i of {a} times column j of {b}.",
        ))
    if A.shape[1] == B.shape[1]:
        found.append(Mistake(
            "row-row", A @ B.T,
            f"you dotted rows of {a} with rows of {b}: use the columns of {b}, reading down.",
        ))
    if A.shape[0] == B.shape[0]:
        found.append(Mistake(
            "column-column", A.T @ B,
            f"you dotted columns of {a} with columns of {b}: use the rows of {a}, reading across.",
        ))
    return found


def entry_mistakes(A, B, i, j, names=("A", "B")):
    """The usual wrong answers for entry ``(i, j)`` (0-based) of the product.

    Entry (j, i) instead of (i, j), the entry of BA, a row dotted with a row,
    a column with a column, the product of the two (i, j) entries alone, and
    every single-term sign slip.

    Examples
    --------
    Activity 1.4.2, entry (2,3) of AB:

    >>> A = [[-3, -4, 1], [2, 4, 0], [1, -4, -5]]
    >>> B = [[-1, 2, -4], [-4, -3, -1], [4, 3, 1]]
    >>> [(m.name, m.value) for m in entry_mistakes(A, B, 1, 2)][:3]
    [('swapped', -1.0), ('BA', 1.0), ('row-row', 20.0)]
    """
    A, B, fits = _shapes(A, B)
    a, b = names
    row, col = f"row {i + 1} of {a}", f"column {j + 1} of {b}"
    found = []
    if fits and j < A.shape[0] and i < B.shape[1]:
        found.append(Mistake(
            "swapped", float(A[j] @ B[:, i]),
            f"that is entry ({j + 1},{i + 1}): the first index picks the row of {a}, "
            f"the second the column of {b}. Use {row} and {col}.",
        ))
    if A.shape[0] == B.shape[1] == B.shape[0] == A.shape[1] and j < A.shape[0]:
        found.append(Mistake(
            "BA", float(B[i] @ A[:, j]),
            f"that is entry ({i + 1},{j + 1}) of {b}{a}: take the row from {a} and the column from {b}.",
        ))
    if A.shape[1] == B.shape[1] and j < B.shape[0]:
        found.append(Mistake(
            "row-row", float(A[i] @ B[j]),
            f"you dotted {row} with row {j + 1} of {b}: use {col}, reading down.",
        ))
    if A.shape[0] == B.shape[0] and i < A.shape[1]:
        found.append(Mistake(
            "column-column", float(A[:, i] @ B[:, j]),
            f"you dotted column {i + 1} of {a} with {col}: use {row}, reading across.",
        ))
    if i < B.shape[0] and j < A.shape[1]:
        found.append(Mistake(
            "entrywise", float(A[i, j] * B[i, j]),
            f"you multiplied only {a}[{i + 1},{j + 1}] by {b}[{i + 1},{j + 1}]: the entry is the sum "
            f"of {row} times {col}, term by term.",
        ))
    if fits:
        terms = A[i] * B[:, j]
        total = float(terms.sum())
        # Terms of one value give one wrong total: name them all, not the first.
        for value in dict.fromkeys(float(t) for t in terms if t != 0):
            where = " or ".join(
                f"term {k + 1}, {a}[{i + 1},{k + 1}]·{b}[{k + 1},{j + 1}],"
                for k, t in enumerate(terms) if t == value
            )
            found.append(Mistake(
                "sign", total - 2 * value,
                f"a sign slip in {where} which is {format_number(value)}; the other terms are right.",
            ))
    return found


def shape_mistakes(a_shape, b_shape, names=("A", "B")):
    """The usual wrong answers for the shape of the product ``AB``.

    The outer sizes the wrong way round, and an inner size kept where it
    cancels.

    Examples
    --------
    Activity 1.4.3: A is 4×3 and B is 3×2, so AB is 4×2.

    >>> [(m.name, m.value) for m in shape_mistakes((4, 3), (3, 2))]
    [('swapped', (2, 4)), ('inner', (4, 3)), ('inner', (3, 2)), ('inner', (3, 3))]
    >>> shape_mistakes((5, 5), (5, 2), names=("A_att", "V"))[0].message[:37]
    'rows and columns swapped: A_att V has'
    """
    (m, n), (_, k) = a_shape, b_shape
    a, b = names
    ab = f"{a}{b}" if len(a) == 1 else f"{a} {b}"  # XW_Q, but A_att V
    inner = (
        f"the inner sizes ({n} and {n}) must match and then drop out: {ab} has the rows of "
        f"{a} and the columns of {b}."
    )
    return [
        Mistake(
            "swapped", (k, m),
            f"rows and columns swapped: {ab} has as many rows as {a} ({m}) and as many "
            f"columns as {b} ({k}), written rows×columns.",
        ),
        Mistake("inner", (m, n), inner),
        Mistake("inner", (n, k), inner),
        Mistake("inner", (n, n), inner),
    ]
