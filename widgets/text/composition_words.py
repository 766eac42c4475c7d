"""Lab 4's words: its plots' titles, the shape checker's verdict and the line under the composition's plots.

`sizes_verdict` marks what `widgets.core.composition.describe_sizes` said
with a green ✓ or a red ✗; `composition_verdict` says by how much ``A(BX)``
and ``(AB)X`` differ and whether ``AB = BA``.  The composites
(`widgets.labs.composition`) put them in place.  Pure HTML strings: no
widgets here.
"""

from __future__ import annotations

from .alerts import ERROR_COLOR, SUCCESS_COLOR, feedback_html

__all__ = ["PLOT_TITLES", "SHAPE_MENU", "composition_verdict", "sizes_verdict"]

_COLORS = {True: SUCCESS_COLOR, False: ERROR_COLOR}

#: The titles of the four plots: B acting, then A, AB at once, and the other order BA.
PLOT_TITLES = ("1. B acts: X → BX", "2. then A: BX → A(BX)", "at once: X → (AB)X", "other order: X → (BA)X")

#: The menu of shapes X.
SHAPE_MENU = "shape X"


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
