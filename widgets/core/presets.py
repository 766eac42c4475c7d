"""Matrices preset by a lecturer's link, read strictly from the page's query string.

A link such as ``.../voila/render/01-product-by-columns.ipynb?A=1,2;3,4&B=5;6``
presets the lab's matrices: rows are separated by ``;`` and entries by ``,``,
and every entry is read by `parse_number` (so ``3/4`` and ``-1.5e2`` work and
nothing is ever evaluated).  `parse_presets` returns the matrices it could
read and a message for each one it could not.  This module is numpy only and
talks to no server: `widgets.lecture.query` gets the query string from the
page, and `widgets.lecture.bar` shows the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import unquote

import numpy as np

from .parsing import format_number, parse_number
from .shapes import format_shape

__all__ = [
    "MAX_ABS",
    "MAX_ENTRIES",
    "parse_matrix_param",
    "parse_presets",
    "query_flag",
    "query_params",
    "query_seed",
    "refusal",
]

#: Most entries one matrix in a link may have (the labs' editors stop at 6×6).
MAX_ENTRIES = 36
#: Largest magnitude of an entry in a link: products of such numbers stay readable.
MAX_ABS = 1e6
# Longest text per entry ("-1.2345678901234567e-300" has 24 characters): a
# longer parameter is refused before it is split, so a huge link costs nothing.
_CHARS_PER_ENTRY = 32
# How much of a refused parameter the message quotes.
_ECHO_CHARS = 40

_TRUE = ("", "1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")

def query_params(query_string: str | None) -> list[tuple[str, str]]:
    """Split a query string into ``(name, value)`` pairs, percent-decoded.

    Only ``&`` separates parameters (``;`` separates matrix rows), and ``+``
    stays a plus sign (as in ``1e+3``).  A name without ``=`` has the value
    ``""``.

    Examples
    --------
    >>> query_params("A=1,2;3,4&theme=dark&presenter")
    [('A', '1,2;3,4'), ('theme', 'dark'), ('presenter', '')]
    >>> query_params("A=%3Cb%3E,1e+3")
    [('A', '<b>,1e+3')]
    """
    pairs = []
    for part in (query_string or "").split("&"):
        if part:
            name, _, value = part.partition("=")
            pairs.append((unquote(name, errors="replace"), unquote(value, errors="replace")))
    return pairs


def query_value(query_string: str, name: str, default: str = "") -> str:
    """The value of parameter `name` as `query_params` reads it (the last occurrence wins).

    Examples
    --------
    >>> query_value("token=a%2Bb&theme=dark&token=c+d", "token")
    'c+d'
    >>> query_value("theme=dark", "token")
    ''
    """
    found = default
    for key, value in query_params(query_string):
        if key == name:
            found = value
    return found


def query_flag(query_string: str, name: str) -> bool | None:
    """Read an on/off parameter such as ``presenter=1``.

    Returns
    -------
    bool or None
        True for ``name``, ``name=1``, ``=true``, ``=yes`` or ``=on``; False
        for ``=0``, ``=false``, ``=no`` or ``=off``; None if absent.  The last
        occurrence wins.

    Raises
    ------
    ValueError
        If the value is none of these.

    Examples
    --------
    >>> query_flag("presenter=1&theme=dark", "presenter")
    True
    >>> query_flag("theme=dark", "presenter") is None
    True
    >>> query_flag("presenter=maybe", "presenter")
    Traceback (most recent call last):
        ...
    ValueError: presenter='maybe' is not understood: use presenter=1 or presenter=0
    """
    found = None
    for key, value in query_params(query_string):
        if key != name:
            continue
        word = value.strip().lower()
        if word in _TRUE:
            found = True
        elif word in _FALSE:
            found = False
        else:
            raise ValueError(
                f"{name}={_echo(value)} is not understood: use {name}=1 or {name}=0"
            )
    return found


def query_seed(query_string: str, max_seed: int) -> int | None:
    """Read ``seed=N``, the instance a practice starts from.

    Returns
    -------
    int or None
        The seed, or None if the link has none.  The last occurrence wins.

    Raises
    ------
    ValueError
        If it is not a whole number from 0 to `max_seed`.

    Examples
    --------
    >>> query_seed("seed=42&theme=dark", 999), query_seed("", 999)
    (42, None)
    >>> query_seed("seed=4x", 999)
    Traceback (most recent call last):
        ...
    ValueError: seed='4x' is not understood: use a whole number from 0 to 999
    """
    found = None
    for key, value in query_params(query_string):
        if key != "seed":
            continue
        text = value.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) <= max_seed):
            raise ValueError(
                f"seed={_echo(value)} is not understood: use a whole number from 0 to {max_seed}"
            )
        found = int(text)
    return found


def parse_matrix_param(text: str, name: str, *, max_size: int = MAX_ENTRIES, max_abs: float = MAX_ABS) -> np.ndarray:
    """Read a matrix written as ``1,2;3,4`` (rows split by ``;``, entries by ``,``).

    Parameters
    ----------
    text : str
        The parameter's value, already percent-decoded.  Spaces around
        entries are allowed; each entry is read by `parse_number`.
    name : str
        The matrix's name, used in messages (``A[2,1]: 'x' is not a number``).
    max_size : int, optional
        Most entries allowed.  Longer text is refused before it is split.
    max_abs : float, optional
        Largest magnitude allowed for an entry.

    Returns
    -------
    numpy.ndarray
        A 2-D float array of finite numbers.

    Raises
    ------
    ValueError
        With a message that names the matrix (and the cell, for a bad
        entry) and says what was expected.

    Examples
    --------
    >>> parse_matrix_param("1,2;3,4", "A")
    array([[1., 2.],
           [3., 4.]])
    >>> parse_matrix_param("0.5; -1", "b")
    array([[ 0.5],
           [-1. ]])
    >>> parse_matrix_param("1,x;3,4", "A")
    Traceback (most recent call last):
        ...
    ValueError: A[1,2]: 'x' is not a number
    >>> parse_matrix_param("1,2;3", "A")
    Traceback (most recent call last):
        ...
    ValueError: A: row 2 has 1 entry but row 1 has 2
    """
    if not isinstance(text, str):
        raise ValueError(f"{name}: expected text, got {type(text).__name__}")
    if len(text) > max_size * _CHARS_PER_ENTRY:
        raise ValueError(f"{name}: the text is too long ({len(text)} characters)")
    if not text.strip():
        raise ValueError(f"{name} is empty: write rows separated by ';' and entries by ','")
    count = text.count(",") + text.count(";") + 1
    if count > max_size:
        raise ValueError(f"{name} has {count} entries; a link may give at most {max_size}")
    rows = []
    for i, row_text in enumerate(text.split(";")):
        row = []
        for j, entry in enumerate(row_text.split(",")):
            if not entry.strip():
                raise ValueError(f"{name}[{i + 1},{j + 1}] is empty")
            try:
                x = parse_number(entry)
            except ValueError as error:
                # parse_number quotes the entry (whole, or its start): quote it as the link's messages do.
                _, _, reason = str(error).rpartition(" is not a number")
                raise ValueError(f"{name}[{i + 1},{j + 1}]: {_echo(entry.strip())} is not a number{reason}") from None
            if abs(x) > max_abs:
                raise ValueError(
                    f"{name}[{i + 1},{j + 1}] = {format_number(x)} is too large: "
                    f"keep entries between -{format_number(max_abs)} and {format_number(max_abs)}"
                )
            row.append(x)
        if rows and len(row) != len(rows[0]):
            raise ValueError(
                f"{name}: row {i + 1} has {_entries(len(row))} but row 1 has {len(rows[0])}"
            )
        rows.append(row)
    return np.array(rows, dtype=float)


def parse_presets(
    query_string: str,
    allowed_names: Iterable[str],
    max_size: int = MAX_ENTRIES,
    *,
    shapes: Mapping[str, tuple[int | None, int | None]] | None = None,
    max_abs: float = MAX_ABS,
) -> tuple[dict[str, np.ndarray], list[str]]:
    """Read the matrices a link presets, and explain the ones it cannot.

    Parameters
    ----------
    query_string : str
        The raw query string (see `widgets.lecture.query.read_query_string`).
    allowed_names : iterable of str
        The matrices this lab lets a link preset.  Other parameters (Voila's
        own ``theme``, ``presenter``, ...) are ignored, except that a name
        differing only in case from an allowed one is reported.
    max_size : int, optional
        Most entries per matrix.
    shapes : dict, optional
        Required shapes by name, as ``(rows, columns)`` where either may be
        None for "any", e.g. ``{"W": (2, 2), "X": (None, 2)}``.
    max_abs : float, optional
        Largest magnitude allowed for an entry.

    Returns
    -------
    presets : dict of str to numpy.ndarray
        The matrices read, by name.
    errors : list of str
        One plain-text message per refused parameter (each message once),
        saying what arrived, why it was refused and that the lab's default stays.  The text comes
        from the URL: escape it before showing it as HTML.

    Examples
    --------
    >>> presets, errors = parse_presets("A=2,0;0,1&B=1,y&theme=dark", ["A", "B"])
    >>> presets["A"]
    array([[2., 0.],
           [0., 1.]])
    >>> errors
    ["B from the link: '1,y' — B[1,2]: 'y' is not a number; using the lab's default"]
    >>> parse_presets("W=1,2,3", ["W"], shapes={"W": (2, 2)})[1]
    ["W from the link: '1,2,3' — W must be 2×2 here, got 1×3; using the lab's default"]
    """
    allowed = list(dict.fromkeys(allowed_names))
    by_lower = {name.lower(): name for name in allowed}
    shapes = shapes or {}
    values = {}
    errors = []
    for key, value in query_params(query_string):
        if key in allowed:
            if key in values:
                errors.append(f"{key} is given more than once in the link; using the last one")
            values[key] = value
        elif key.lower() in by_lower:
            errors.append(
                f"{_echo(key)} in the link is not a matrix of this lab; "
                f"did you mean {by_lower[key.lower()]}? (names are case-sensitive)"
            )
    presets = {}
    for name in allowed:
        if name not in values:
            continue
        text = values[name]
        try:
            matrix = parse_matrix_param(text, name, max_size=max_size, max_abs=max_abs)
            _check_shape(matrix.shape, shapes.get(name), name)
        except ValueError as error:
            errors.append(refusal(name, str(error), text))
        else:
            presets[name] = matrix
    return presets, list(dict.fromkeys(errors))  # a link repeating a name 10,000 times gets one line


def refusal(name: str, reason: str, text: str | None = None) -> str:
    """The message for a matrix the link gives but the lab cannot use.

    Examples
    --------
    >>> refusal("A", "A[1,2]: 'x' is not a number", "1,x")
    "A from the link: '1,x' — A[1,2]: 'x' is not a number; using the lab's default"
    >>> refusal("A", "A must be at most 4×4, got 5×5")
    "A from the link — A must be at most 4×4, got 5×5; using the lab's default"
    """
    quoted = "" if text is None else f": {_echo(text)}"
    return f"{name} from the link{quoted} — {reason}; using the lab's default"


def _check_shape(shape, required, name):
    if required is None:
        return
    rows, cols = required
    if rows is not None and cols is not None:
        if shape != (rows, cols):
            raise ValueError(
                f"{name} must be {format_shape((rows, cols))} here, got {format_shape(shape)}"
            )
    elif rows is not None and shape[0] != rows:
        raise ValueError(f"{name} must have {_plural(rows, 'row')} here, got {format_shape(shape)}")
    elif cols is not None and shape[1] != cols:
        raise ValueError(
            f"{name} must have {_plural(cols, 'column')} here, got {format_shape(shape)}"
        )


def _echo(text):
    """Quote text from the URL for a message: shortened, one line, printable."""
    text = "".join(
        c if c.isprintable() else "\N{REPLACEMENT CHARACTER}" for c in text[: _ECHO_CHARS + 1]
    )
    if len(text) > _ECHO_CHARS:
        text = text[: _ECHO_CHARS - 1] + "…"
    return f"'{text}'"


def _plural(count, word):
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _entries(count):
    return _plural(count, "entry").replace("entrys", "entries")

