"""What a `Check`'s answer is (a matrix, a number, a shape or a choice) and how a typed one is read
(``4x2`` and ``4 by 2`` alike): the reading side of a check, without its widgets."""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

import numpy as np
from ipywidgets import Widget
from traitlets import TraitError

from ..base.traits import validate_matrix
from ..core.parsing import format_number, parse_number, parse_shape
from ..core.shapes import NO_PRODUCT, format_shape


def reading_words(got: float | tuple[int, ...] | np.ndarray, mode: str) -> str:
    """How an answer was read, in a few words: ``Read as −0.25.``, ``Read as a 2×3 matrix.``

    >>> reading_words(-0.25, "number"), reading_words(1 / 3, "number"), reading_words((4, 2), "shape")
    ('Read as −0.25.', 'Read as ≈ 0.333.', 'Read as the shape 4×2.')
    """
    if mode == "matrix":
        return f"Read as a {format_shape(np.shape(got))} matrix."
    if mode == "shape":
        return "Read as: no product." if got == NO_PRODUCT else f"Read as the shape {format_shape(got)}."
    shown = format_number(got)
    about = "" if float(shown) == got else "≈ "  # rounded for display: say so
    return f"Read as {about}{shown.replace('-', chr(0x2212))}."


def classify_answer(answer: object, choices: Iterable[str] | None, name: str) -> tuple[str, object]:
    """The kind of input an answer needs (matrix, number, shape or choice) and the answer, checked."""
    if choices is not None:
        try:
            choices = list(choices)
        except TypeError:
            raise TraitError(f"choices must be a list of options, got {choices!r}") from None
        try:
            found = answer in choices
        except (TypeError, ValueError):  # e.g. an array answer: `==` is elementwise
            found = False
        if not found:
            raise TraitError(f"answer {answer!r} is not one of the choices {choices!r}")
        return "choice", answer
    if isinstance(answer, tuple) and all(
        isinstance(d, numbers.Integral) and not isinstance(d, bool) for d in answer
    ):
        if answer != NO_PRODUCT and (len(answer) != 2 or min(answer) < 1):
            raise TraitError(f"a shape answer must be (rows, columns) >= 1, or (), got {answer!r}")
        return "shape", tuple(int(d) for d in answer)
    if isinstance(answer, numbers.Real) and not isinstance(answer, bool):
        try:
            finite = math.isfinite(answer)
        except OverflowError:  # an int past 1e308
            finite = False
        if not finite:
            raise TraitError(f"a number answer must be finite, got {answer!r}")
        return "number", float(answer)
    return "matrix", validate_matrix(answer, name=name)


def read_typed(mode: str, box: Widget) -> tuple[object, str]:
    """The answer in a check's input `box` (a `MatrixEditor` or a text box) as a value `diagnose` compares,
    and ``""``; or None and a message saying why it cannot be read."""
    if mode == "matrix":
        return box.value, box.error
    text = box.value
    if not text.strip():
        return None, "type your answer first"
    try:
        if mode == "number":  # one number: a comma cannot separate two, so "-0,25" is a decimal comma
            return parse_number(text, decimal_comma=True), ""
        return parse_shape(text, none=True), ""
    except ValueError as err:
        return None, str(err)
