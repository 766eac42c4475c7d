"""Sentences that give a verdict: lab 4's sizes and orders, lab 10's pairs.

Pure HTML strings from what `widgets.core` computed (`describe_sizes`,
`largest_gap`); the composites only put them in place.
"""

from __future__ import annotations

from numpy.typing import ArrayLike

from ..core.identities import EQUAL_GAP, largest_gap
from ..core.parsing import format_number
from .alerts import ERROR_COLOR, SUCCESS_COLOR, feedback_html

__all__ = ["composition_verdict", "equality_verdict", "sizes_verdict"]

_COLORS = {True: SUCCESS_COLOR, False: ERROR_COLOR}


def sizes_verdict(ok: bool, message: str) -> str:
    """Lab 4's shape checker: a green ✓ or a red ✗ before what `describe_sizes` said.

    Examples
    --------
    >>> sizes_verdict(False, "n = 0: a matrix has at least one row & one column.")
    '<div style="color:var(--matmul-error, #a94442)">✗ n = 0: a matrix has at least one row &amp; one column.</div>'
    """
    mark = "✓" if ok else "✗"
    return feedback_html(f"{mark} {message}", _COLORS[ok])


def composition_verdict(gap: float, same: bool) -> str:
    """Lab 4's line under its plots: how far ``A(BX)`` is from ``(AB)X``, and whether ``AB = BA``.

    Parameters
    ----------
    gap : float
        The largest difference of a coordinate (0 when it is rounding dust).
    same : bool
        Whether ``AB`` and ``BA`` are equal.

    Examples
    --------
    >>> composition_verdict(0.000123456, False)[:52]
    'A(BX) and (AB)X differ by at most <b>0.000123</b> in'
    >>> composition_verdict(0, True).endswith("Here AB and BA are <b>the same</b>.")
    True
    """
    return (
        f"A(BX) and (AB)X differ by at most <b>{gap:.3g}</b> in any coordinate: "
        f"one matrix does the work of two. Here AB and BA are <b>{'the same' if same else 'not the same'}</b>."
    )


def equality_verdict(left: ArrayLike, right: ArrayLike) -> str:
    """"equal" in green, or "different" in red with the largest gap: two results compared.

    Examples
    --------
    >>> equality_verdict([[1, 2]], [[1, 2]])
    '<span style="color:var(--matmul-success, #1e7e34)"><b>equal</b></span>'
    >>> equality_verdict([[1, 2]], [[1, 2.25]])
    '<span style="color:var(--matmul-error, #a94442)"><b>different</b></span> (largest gap 0.25)'
    """
    gap = largest_gap(left, right)
    if gap < EQUAL_GAP:
        return feedback_html("<b>equal</b>", SUCCESS_COLOR, escape=False, tag="span")
    different = feedback_html("<b>different</b>", ERROR_COLOR, escape=False, tag="span")
    return f"{different} (largest gap {format_number(gap)})"
