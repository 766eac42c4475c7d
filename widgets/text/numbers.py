r"""A number written for a page: in math-mode LaTeX, or in HTML.

Both start from `widgets.core.parsing.format_number`, the display form a cell
shows and reads back, and write what only a page needs: LaTeX's ``\times 10^{8}``
for scientific notation, HTML's real minus sign and superscript.

>>> latex_number(2.5e-5), html_number(-2.5e-5)
('2.5 \\times 10^{-5}', '−2.5×10<sup>−5</sup>')
"""

from __future__ import annotations

import re

from ..core.parsing import format_number

__all__ = ["html_number", "latex_number"]

# Leading zeros go to ``0*`` alone (the exponent starts at a nonzero digit): no run of zeros
# is split two ways.
_EXPONENT = re.compile(r"^(-?[0-9.]+)e([+-])0*([1-9][0-9]*|0)$")


def _scientific(text: str) -> tuple[str, str] | None:
    """``(mantissa, exponent)`` of a `format_number` text in scientific notation, else None."""
    match = _EXPONENT.match(text)
    if not match:
        return None
    mantissa, sign, exponent = match.groups()
    return mantissa, ("-" if sign == "-" else "") + exponent


def latex_number(x: float, digits: int = 3) -> str:
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


def html_number(x: float, digits: int = 3) -> str:
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
    return text.replace("-", "\N{MINUS SIGN}")
