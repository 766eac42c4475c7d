"""Reading and writing the numbers a learner types into a matrix cell.

`parse_number` is deliberately strict: it accepts the forms a learner writes
on paper (``-3``, ``0.25``, ``1.5e3``, ``3/4``) and nothing that only a Python
interpreter would understand (``1_000``, ``0x10``, ``2+3``).  It never calls
``eval``.  `format_number` produces the display form of a value, and every
string it returns for a finite value is accepted again by `parse_number`.
"""

import math
import re
from fractions import Fraction

__all__ = ["parse_number", "parse_shape", "format_number", "latex_number", "html_number"]

# Only ASCII digits: ``str.isdigit``/``float`` would also accept other scripts.
_DECIMAL = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_NUMBER_RE = re.compile(
    rf"""
    \s*
    (?P<num>[+-]?{_DECIMAL}(?:[eE][+-]?[0-9]+)?)
    (?:\s*/\s*(?P<den>{_DECIMAL}))?
    \s*
    """,
    re.VERBOSE,
)
_SHAPE_RE = re.compile(
    r"\s*[(\[]?\s*([0-9]+)\s*(?:[x×X*,]|by)\s*([0-9]+)\s*[)\]]?\s*"
)
# The syllabus prints negative numbers with a real minus sign (U+2212); a
# learner who copies "−12" from it means -12.
_UNICODE_MINUS = "\N{MINUS SIGN}"


def parse_number(text):
    """Parse the text of one matrix cell into a finite float.

    Parameters
    ----------
    text : str
        An integer (``"-3"``), a decimal (``"0.25"``, ``".5"``), scientific
        notation (``"1.2e-3"``) or a simple fraction (``"3/4"``, ``"-1/2"``),
        optionally surrounded by spaces.  A Unicode minus sign (``"−"``) is
        read as ``"-"``.

    Returns
    -------
    float
        The value, always finite.  ``"-0"`` gives ``0.0``.

    Raises
    ------
    ValueError
        If the text is not one of the forms above, divides by zero or does
        not fit in a float.  The message quotes the text, e.g.
        ``'abc' is not a number``, so a caller can prefix the cell name.
    TypeError
        If `text` is not a string.

    Examples
    --------
    >>> parse_number(" -3 ")
    -3.0
    >>> parse_number("3/4")
    0.75
    >>> parse_number("1.5e3")
    1500.0
    >>> parse_number("abc")
    Traceback (most recent call last):
        ...
    ValueError: 'abc' is not a number
    >>> parse_number("1/0")
    Traceback (most recent call last):
        ...
    ValueError: '1/0' is not a number: division by zero
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text, got {type(text).__name__} {text!r}")
    match = _NUMBER_RE.fullmatch(text.replace(_UNICODE_MINUS, "-"))
    if match is None:
        raise ValueError(f"{text!r} is not a number")
    num, den = match.group("num"), match.group("den")
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


def parse_shape(text):
    """Read a shape typed as ``4x2``, ``4×2``, ``4 x 2``, ``4 by 2`` or ``(4, 2)``.

    Parameters
    ----------
    text : str
        What the learner typed.

    Returns
    -------
    tuple of int
        ``(rows, columns)``.

    Raises
    ------
    ValueError
        If the text is not two whole numbers in one of those forms.

    Examples
    --------
    >>> parse_shape("4×2"), parse_shape(" (4, 2) "), parse_shape("4 x 2")
    ((4, 2), (4, 2), (4, 2))
    >>> parse_shape("four by two")
    Traceback (most recent call last):
        ...
    ValueError: 'four by two' is not a shape: write it as rows×columns
    """
    match = _SHAPE_RE.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a shape: write it as rows×columns")
    try:
        return int(match.group(1)), int(match.group(2))
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        raise ValueError(f"{text!r} is not a shape: the numbers are too long") from None


def format_number(x, digits=3):
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


def _strip_zeros(text):
    """Drop trailing zeros after a decimal point, and the point itself."""
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


_EXPONENT = re.compile(r"^(-?[0-9.]+)e([+-])0*([0-9]+)$")


def _scientific(text):
    """``(mantissa, exponent)`` of a `format_number` text in scientific notation, else None."""
    match = _EXPONENT.match(text)
    if not match:
        return None
    mantissa, sign, exponent = match.groups()
    return mantissa, ("-" if sign == "-" else "") + exponent


def latex_number(x, digits=3):
    r"""`format_number` for math mode: ``1.2e+08`` becomes ``1.2 \times 10^{8}``.

    Examples
    --------
    >>> latex_number(-0.25)
    '-0.25'
    >>> print(latex_number(123456789))
    1.23 \times 10^{8}
    >>> print(latex_number(0.0001))
    1 \times 10^{-4}
    """
    text = format_number(x, digits)
    parts = _scientific(text)
    if parts:
        return rf"{parts[0]} \times 10^{{{parts[1]}}}"
    return text


def html_number(x, digits=3):
    """`format_number` for HTML: a real minus sign, and ``1.2e+08`` as 1.2×10<sup>8</sup>.

    Examples
    --------
    >>> html_number(-0.25)
    '−0.25'
    >>> html_number(123456789)
    '1.23×10<sup>8</sup>'
    >>> html_number(0.0001)
    '1×10<sup>−4</sup>'
    """
    text = format_number(x, digits)
    parts = _scientific(text)
    if parts:
        text = f"{parts[0]}\N{MULTIPLICATION SIGN}10<sup>{parts[1]}</sup>"
    return text.replace("-", _UNICODE_MINUS)
