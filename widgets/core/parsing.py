"""Reading and writing the numbers a learner types into a matrix cell.

`parse_number` accepts the forms a learner writes on paper (``-3``,
``0.25``, ``1.5e3``, ``3/4``, ``½``, ``1½``) and a small sum or product of
them (``2*3-4``, ``(1+2)/4``, ``2·3``), read by a tiny parser of its own,
never ``eval``.  Nothing that only a Python interpreter would understand
(``1_000``, ``0x10``, ``2**3``) and nothing that could be read two ways
(``1/2/3``, ``2(3)``, ``1,000``) is accepted: the message says why.
A decimal comma (``-0,25``) is read only where it asks for it
(``decimal_comma=True``: one number answer); in a matrix cell a comma might
separate two entries, so there it is refused with the point to use instead.
`parse_shape` reads ``4x2``, ``4-by-2``, ``ℝ^{4×2}`` and the like.
`format_number` produces the display form of a value, and every string it
returns for a finite value is accepted again by `parse_number`;
`widgets.text.numbers` writes it for a page, in LaTeX or HTML.
"""

from __future__ import annotations

import math
import re
import unicodedata
from fractions import Fraction

from .shapes import NO_PRODUCT

__all__ = ["parse_number", "parse_shape", "format_number"]

# Only ASCII digits: ``str.isdigit``/``float`` would also accept other scripts.
_DECIMAL = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
# The patterns below read text already stripped, and no two of their pieces can match the
# same spaces (as ``\s*-?\s*`` can): a long run of spaces then costs one pass, not one per split.
_NUMBER_RE = re.compile(rf"(?P<num>[+-]?{_DECIMAL}(?:[eE](?P<exp>[+-]?[0-9]+))?)(?:\s*/\s*(?P<den>{_DECIMAL}))?")
_SIZES = r"([0-9]+)\s*(?:[x×X*,]|(?:-\s*)?by(?:\s*-)?)\s*([0-9]+)"
_SHAPE_RE = re.compile(rf"[(\[]?\s*{_SIZES}\s*[)\]]?")
# ℝ^{4×2}, as the syllabus writes the set of 4×2 matrices: the brackets say where the
# exponent ends (ℝ^4×2 could be read as ℝ⁴ times 2).
_SPACE_RE = re.compile(rf"[ℝR]\s*\^\s*(?:\{{\s*{_SIZES}\s*\}}|\(\s*{_SIZES}\s*\)|\[\s*{_SIZES}\s*\])")
# What a learner copies from LaTeX or types on a phone, in the plain form read above.
_SHAPE_SPELLINGS = (
    (re.compile(r"\\mathbb\s*(?:\{\s*)?R(?:\s*\})?"), "ℝ"),
    (re.compile(r"\\times"), "×"),
    (re.compile(r"\\[,;: ]|\\left|\\right"), ""),
)
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹ˣ", "0123456789×")
_RAISED = re.compile(r"([ℝR])\s*([0-9×]+)")  # ℝ⁴ˣ², once the superscripts are plain
_POWER = re.compile(r"[ℝR]\s*\^")
# The syllabus prints negative numbers with a real minus sign (U+2212); a
# learner who copies "−12" from it means -12.
_UNICODE_MINUS = "\N{MINUS SIGN}"


def parse_number(text: str, *, decimal_comma: bool = False) -> float:
    """Parse the text of one matrix cell, or one number answer, into a finite float.

    Parameters
    ----------
    text : str
        An integer (``"-3"``), a decimal (``"0.25"``, ``".5"``), scientific
        notation (``"1.2e-3"``), a simple fraction (``"3/4"``, ``"-1/2"``),
        a Unicode fraction (``"½"``, ``"-1¾"``), or a sum, difference,
        product or quotient of these with brackets (``"2*3-4"``,
        ``"(1+2)/4"``; ``·``, ``×`` and ``÷`` also work), optionally
        surrounded by spaces.  A Unicode minus sign (``"−"``) or dash
        (``"–"``) is read as ``"-"``.  Read exactly (in fractions), then
        rounded once.
    decimal_comma : bool, optional
        Read ``"-0,25"`` as -0.25: for an answer that is one number, where
        a comma cannot separate two.  Even then ``"1,000"`` is refused (a
        thousands separator, or 1.0?).  Default False: a comma is refused
        with the decimal point to use instead, since in a matrix cell it
        might separate two entries.

    Returns
    -------
    float
        The value, always finite.  ``"-0"`` gives ``0.0``.

    Raises
    ------
    ValueError
        If the text is none of the forms above, could be read two ways
        (``"1/2/3"``, ``"1/2*3"``, ``"2(3)"``, ``"1,000"``), divides by zero,
        does not fit in a float, has an exponent beyond ±999, more than 20
        brackets inside each other or more than `MAX_ARITHMETIC` characters
        (refused before it is read, so no text makes this slow).  The message quotes the text, e.g.
        ``'abc' is not a number``, so a caller can prefix the cell name,
        and says why when it can.
    TypeError
        If `text` is not a string.

    Examples
    --------
    >>> parse_number(" -3 ")
    -3.0
    >>> parse_number("3/4"), parse_number("½"), parse_number("2·3 - 4")
    (0.75, 0.5, 2.0)
    >>> parse_number("1.5e3")
    1500.0
    >>> parse_number("-0,25", decimal_comma=True)
    -0.25
    >>> parse_number("abc")
    Traceback (most recent call last):
        ...
    ValueError: 'abc' is not a number
    >>> parse_number("1/0")
    Traceback (most recent call last):
        ...
    ValueError: '1/0' is not a number: division by zero
    >>> parse_number("1/2/3")
    Traceback (most recent call last):
        ...
    ValueError: '1/2/3' is not a number: it can be read two ways; add brackets to say which division comes first, e.g. (1/2)/3 or 1/(2/3)
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text, got {type(text).__name__} {text!r}")
    if len(text) > MAX_ARITHMETIC:  # before any pattern or arithmetic: a pasted page costs nothing
        raise ValueError(f"{_shortened(text)} is not a number: it is too long (over {MAX_ARITHMETIC} characters)")
    plain = text.strip()
    match = _NUMBER_RE.fullmatch(plain.replace(_UNICODE_MINUS, "-"))
    if match is None:
        try:
            value = _Arithmetic(plain, decimal_comma).value()
        except _Refused as refused:
            reason = f": {refused}" if str(refused) else ""
            raise ValueError(f"{text!r} is not a number{reason}") from None
        try:
            value = float(value)
        except OverflowError:
            value = math.inf
        if not math.isfinite(value):
            raise ValueError(f"{text!r} is not a number: it is too large")
        return value + 0.0
    num, den = match.group("num"), match.group("den")
    if not _exponent_in_range(match.group("exp")):
        raise ValueError(f"{text!r} is not a number: {_EXPONENT_OUT_OF_RANGE}")
    if den is None:
        value = float(num)
    else:
        try:
            numerator, denominator = Fraction(num), Fraction(den)
        except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
            raise ValueError(f"{text!r} is not a number: it has too many digits") from None
        if denominator == 0:
            raise ValueError(f"{text!r} is not a number: division by zero")
        # Exact rational arithmetic, then one correctly rounded conversion.
        try:
            value = float(numerator / denominator)
        except OverflowError:
            value = math.inf
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a number: it is too large")
    return value + 0.0  # turns -0.0 into 0.0


# -- arithmetic a learner types ------------------------------------------------------

#: Longest text read as a number: a sum of a few products, written out.
MAX_ARITHMETIC = 200
_MAX_DEPTH = 20
# Largest exponent read: 1e999 already overflows a float, and a larger one would
# have Python write out a number of that many digits (1e999999999 takes hours).
_MAX_EXPONENT = 999
_EXPONENT_OUT_OF_RANGE = "its exponent is out of range"
# How much of a text too long to read a message quotes.
_QUOTED_CHARS = 40
# Signs and operations as learners type them (copied from the syllabus, or on a phone).
_OPERATIONS = str.maketrans({
    _UNICODE_MINUS: "-", "\N{EN DASH}": "-", "\N{MIDDLE DOT}": "*", "\N{DOT OPERATOR}": "*",
    "\N{MULTIPLICATION SIGN}": "*", "\N{DIVISION SIGN}": "/", "\N{FRACTION SLASH}": "/",
    "\N{DIVISION SLASH}": "/",
})
_VULGAR = {
    c: Fraction(unicodedata.numeric(c)).limit_denominator(10) for c in "¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞"
}
_TOKEN_RE = re.compile(
    rf"""\s*(?:
    (?P<numeral>[0-9.,]+(?:[eE][+-]?[0-9]+)?)?(?P<vulgar>[{''.join(_VULGAR)}])
    |(?P<number>[0-9.,]+(?:[eE][+-]?[0-9]+)?)
    |(?P<op>[-+*/()])
    |(?P<other>\S))""",
    re.VERBOSE,
)
_DECIMAL_RE = re.compile(rf"{_DECIMAL}(?:[eE](?P<exp>[+-]?[0-9]+))?")
_FOREIGN_RE = re.compile(rf"[^0-9.,eE+\-*/()^\s{''.join(_VULGAR)}{''.join(map(chr, _OPERATIONS))}]")


def _exponent_in_range(exponent: str | None) -> bool:
    """Whether a number written with this exponent (None: none) is one to read."""
    return exponent is None or abs(int(exponent)) <= _MAX_EXPONENT


def _shortened(text: str) -> str:
    """Quote the start of a text too long to read, for a message."""
    return repr(text[:_QUOTED_CHARS] + "…")


class _Refused(Exception):
    """The text is not arithmetic we read; the message (maybe empty) says why."""


class _Arithmetic:
    """A tiny recursive-descent reader of ``+ - * / ( )`` over numbers, exact in fractions.

    ``expr := term (('+' | '-') term)*``, ``term := factor (('*' | '/') factor)*``,
    ``factor := ['+' | '-'] (number | '(' expr ')')``.  What could be read two
    ways is refused: a division followed by another ``*`` or ``/`` in the same
    term, two numbers or brackets side by side, two signs in a row.
    """

    def __init__(self, text, decimal_comma):
        if _FOREIGN_RE.search(text):
            raise _Refused("")  # a letter or symbol: no reason beyond "not a number"
        if "**" in text or "^" in text:
            raise _Refused("powers are not read here: write the product out, e.g. 2*2")
        self._decimal_comma = decimal_comma
        self._tokens = [self._token(m) for m in _TOKEN_RE.finditer(text.translate(_OPERATIONS))]
        self._at = 0
        self._depth = 0

    def value(self):
        if not self._tokens:
            raise _Refused("")
        result = self._expr()
        if self._at < len(self._tokens):
            kind, token = self._tokens[self._at]
            if kind == "op" and token == ")":
                raise _Refused("a ')' has no '(' to close")
            raise _Refused("")
        return result

    # -- tokens ----------------------------------------------------------------------

    def _token(self, match):
        if match.group("other") is not None:
            raise _Refused("")  # a letter or symbol: no reason beyond "not a number"
        if match.group("op") is not None:
            return "op", match.group("op")
        if match.group("vulgar") is not None:
            whole = match.group("numeral")
            fraction = _VULGAR[match.group("vulgar")]
            if whole is None:
                return "number", fraction
            if not whole.isdigit():
                raise _Refused(f"{whole}{match.group('vulgar')} mixes a decimal and a fraction")
            return "number", int(whole) + fraction
        return "number", self._numeral(match.group("number"))

    def _numeral(self, numeral):
        if "," in numeral:
            head, _, tail = numeral.partition(",")
            plain = (head + "." + tail) if head or tail else ""
            if not self._decimal_comma:
                hint = f" ({plain})" if head and tail and _DECIMAL_RE.fullmatch(plain) else ""
                raise _Refused(f"a comma could separate two numbers: type one number, "
                               f"with a decimal point{hint}")
            if "," in tail or "." in numeral or not tail[:1].isdigit():
                raise _Refused("a comma here separates numbers: type one number, "
                               "with a decimal point or a decimal comma")
            if len(tail.partition("e")[0].partition("E")[0]) == 3 and head.strip("0"):
                raise _Refused(f"the comma could group thousands or start the decimals: "
                               f"write {head}{tail[:3]} or {head}.{tail[:3]}")
            numeral = plain
        match = _DECIMAL_RE.fullmatch(numeral)
        if match is None:
            raise _Refused("")
        if not _exponent_in_range(match.group("exp")):
            raise _Refused(_EXPONENT_OUT_OF_RANGE)
        return Fraction(numeral)

    def _peek(self):
        return self._tokens[self._at] if self._at < len(self._tokens) else (None, None)

    def _take(self):
        token = self._peek()
        self._at += 1
        return token

    # -- grammar ---------------------------------------------------------------------

    def _expr(self):
        total = self._term()
        while self._peek() in (("op", "+"), ("op", "-")):
            _, sign = self._take()
            term = self._term()
            total = total + term if sign == "+" else total - term
        return total

    def _term(self):
        result, divided = self._factor(), False
        while self._peek() in (("op", "*"), ("op", "/")):
            _, operation = self._take()
            if divided:
                raise _Refused("it can be read two ways; add brackets to say which division "
                               "comes first, e.g. (1/2)/3 or 1/(2/3)")
            factor = self._factor()
            if operation == "*":
                result *= factor
            elif factor == 0:
                raise _Refused("division by zero")
            else:
                result, divided = result / factor, True
        return result

    def _factor(self):
        kind, token = self._take()
        if kind == "op" and token in "+-":
            if self._peek()[0] == "op" and self._peek()[1] in "+-":
                raise _Refused("two signs in a row")
            return -self._factor() if token == "-" else self._factor()
        if kind == "number":
            result = token
        elif (kind, token) == ("op", "("):
            self._depth += 1
            if self._depth > _MAX_DEPTH:
                raise _Refused("too many brackets inside each other")
            result = self._expr()
            if self._take() != ("op", ")"):
                raise _Refused("a '(' is not closed")
            self._depth -= 1
        elif kind is None:
            raise _Refused("something is missing at the end")
        else:
            raise _Refused(f"something is missing before '{token}'")
        if self._peek()[0] == "number" or self._peek() == ("op", "("):
            raise _Refused("write the operation between two numbers or brackets, e.g. 2*(3)")
        return result


#: Longest text read as a shape: ``\\mathbb{R}^{4 \\times 2}`` and "it does not exist" fit many times.
MAX_SHAPE = 100
# What "none" may be spelt with: read as spaces ("doesn't" as "doesn t").
_PUNCTUATION = re.compile(r"[\s'’.!-]+")
#: What a learner may type for a product that does not exist (lower case, spaces for punctuation).
_NONE = {"none", "no", "no product", "does not exist", "doesn t exist", "it does not exist", "not defined",
         "undefined", "dne", "no shape", "impossible"}


def parse_shape(text: str, none: bool = False) -> tuple[int, ...]:
    """Read a shape typed as ``4x2``, ``4×2``, ``4 by 2``, ``4-by-2``, ``(4, 2)`` or ``ℝ^{4×2}``.

    Parameters
    ----------
    text : str
        What the learner typed.  ``ℝ`` may be ``R``, the exponent in
        braces, parentheses or brackets (``R^(4x2)``), or in superscripts
        (``ℝ⁴ˣ²``); LaTeX's ``\\mathbb{R}`` and ``\\times`` are read too.
    none : bool, optional
        Also read "none" (or "does not exist", "undefined") as
        `widgets.core.shapes.NO_PRODUCT`: the answer where a product has no shape.

    Returns
    -------
    tuple of int
        ``(rows, columns)``.

    Raises
    ------
    ValueError
        If the text is not two whole numbers in one of those forms, or is
        longer than `MAX_SHAPE` characters (refused before it is read).

    Examples
    --------
    >>> parse_shape("4×2"), parse_shape(" (4, 2) "), parse_shape("4-by-2")
    ((4, 2), (4, 2), (4, 2))
    >>> parse_shape("ℝ^{4×2}"), parse_shape("R^(4x2)"), parse_shape("ℝ⁴ˣ²")
    ((4, 2), (4, 2), (4, 2))
    >>> parse_shape("None", none=True), parse_shape("does not exist", none=True)
    ((), ())
    >>> parse_shape("four by two")
    Traceback (most recent call last):
        ...
    ValueError: 'four by two' is not a shape: write it as rows×columns
    """
    if len(text) > MAX_SHAPE:  # before any pattern: a pasted page costs nothing
        raise ValueError(f"{_shortened(text)} is not a shape: it is too long to read as a shape "
                         f"(over {MAX_SHAPE} characters)")
    if none and _PUNCTUATION.sub(" ", text).strip().lower() in _NONE:
        return NO_PRODUCT
    plain = text.translate(_SUPERSCRIPTS)
    if plain != text:  # ℝ⁴ˣ²: the raised part is the exponent
        plain = _RAISED.sub(r"\1^{\2}", plain, count=1)
    for spelling, meaning in _SHAPE_SPELLINGS:
        plain = spelling.sub(meaning, plain)
    plain = plain.strip()
    match = _SHAPE_RE.fullmatch(plain) or _SPACE_RE.fullmatch(plain)
    if match is None:
        if _POWER.search(plain):
            raise ValueError(f"{text!r} is not a shape: write it as ℝ^{{rows×columns}}, in braces")
        raise ValueError(f"{text!r} is not a shape: write it as rows×columns"
                         + (", or none if there is no product" if none else ""))
    sizes = [size for size in match.groups() if size is not None]
    try:
        rows, columns = int(sizes[0]), int(sizes[1])
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        raise ValueError(f"{text!r} is not a shape: the numbers are too long") from None
    if min(rows, columns) < 1:
        raise ValueError(f"{text!r} is not a shape: a matrix has at least one row and one column")
    return rows, columns


def format_number(x: float, digits: int = 3) -> str:
    """Format a value for display in a cell or a worked sum.

    Parameters
    ----------
    x : float
        The value (anything `float` accepts, e.g. a numpy scalar).
    digits : int, optional
        Decimals kept for ordinary numbers, and significant digits for
        numbers shown in scientific notation.  Default 3.

    Returns
    -------
    str
        Integers without a trailing ``.0``; other numbers rounded to `digits`
        decimals with trailing zeros removed; magnitudes of at least ``1e6``
        or below ``1e-3`` (but not 0) in compact scientific notation.  Uses an
        ASCII ``-`` so the result round-trips through `parse_number`.
        Non-finite values give ``"nan"``, ``"inf"`` or ``"-inf"``.

    Examples
    --------
    >>> format_number(2.0)
    '2'
    >>> format_number(-0.0)
    '0'
    >>> format_number(0.25)
    '0.25'
    >>> format_number(1 / 3)
    '0.333'
    >>> format_number(2.0000001)
    '2'
    >>> format_number(-12)
    '-12'
    >>> format_number(123456789.0)
    '1.23e+08'
    >>> format_number(0.0002)
    '2e-04'
    >>> format_number(0.00097, 0)  # not 1e-03, which would read back as 0
    '9.7e-04'
    >>> parse_number(format_number(-7 / 4))
    -1.75
    """
    x = float(x)
    digits = int(digits)
    if digits < 0:
        raise ValueError(f"digits must be nonnegative, got {digits}")
    if not math.isfinite(x):
        return repr(x)
    magnitude = abs(x)
    if magnitude >= 1e6 or (0 < magnitude < 1e-3):
        # Rounding up can leave the range: near the float limit it overflows
        # ("1.8e+308"), and just under 1e-3 it reaches 1e-03, which reads back
        # as a number shown in fixed notation.  Keep more digits until the
        # text is a finite float in the range again.
        # (17 significant digits, places=16, always give back the float itself.)
        for places in range(min(max(digits - 1, 0), 16), 17):
            mantissa, exponent = f"{x:.{places}e}".split("e")
            text = _strip_zeros(mantissa) + "e" + exponent
            shown = abs(float(text))
            if math.isfinite(shown) and (magnitude >= 1e6 or shown < 1e-3):
                break
        return text
    text = _strip_zeros(f"{x:.{digits}f}")
    return "0" if text == "-0" else text


def _strip_zeros(text: str) -> str:
    """Drop trailing zeros after a decimal point, and the point itself."""
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text

