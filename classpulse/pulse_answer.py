"""What the class pulse keeps of an answer: a short normalised form, never more than 64 characters.

The pulse stores answers only to show which mistakes the room makes, so an
answer is kept as a shape, a number or a small matrix, and any other text is
cut: no free text beyond `MAX_ANSWER` characters reaches the store.
"""

from __future__ import annotations

import numpy as np

from widgets.core.shapes import format_shape

__all__ = ["MAX_ANSWER", "clip", "normalise_answer"]

#: The longest answer kept, in characters.
MAX_ANSWER = 64


def clip(text: object) -> str:
    """Whitespace collapsed, at most `MAX_ANSWER` characters (an ellipsis marks a cut)."""
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_ANSWER else text[: MAX_ANSWER - 1] + "…"


def _number(x):
    return f"{float(x):.6g}"


def normalise_answer(value: object) -> str:
    """The short form of an answer that the store keeps: never more than 64 characters.

    A matrix is written row by row (``[[6,19],[9,-3]]``), or as its shape
    alone when that would be too long; a number with six significant
    digits; a shape ``(rows, columns)`` as ``4×2``; anything else (a typed
    text, a choice) with its whitespace collapsed and cut at `MAX_ANSWER`.

    Parameters
    ----------
    value : numpy.ndarray, float, tuple of int, str or None

    Returns
    -------
    str

    Examples
    --------
    >>> normalise_answer(np.array([[6, 19], [9, -3.0]]))
    '[[6,19],[9,-3]]'
    >>> normalise_answer(np.zeros((6, 6)))
    'a 6×6 matrix'
    >>> normalise_answer((4, 2)), normalise_answer(0.1 + 0.2), normalise_answer(None)
    ('4×2', '0.3', '')
    >>> len(normalise_answer("x" * 500))
    64
    """
    if value is None:
        return ""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(d, int) for d in value):
        return format_shape(value)
    if isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        return _number(value)
    if isinstance(value, np.ndarray):
        matrix = np.atleast_2d(value)
        if matrix.ndim == 2:
            text = "[" + ",".join(
                "[" + ",".join(_number(x) for x in row) + "]" for row in matrix
            ) + "]"
            if len(text) <= MAX_ANSWER:
                return text
            return f"a {format_shape(matrix.shape)} matrix"
    return clip(value)
