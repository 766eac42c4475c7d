"""What a slider or a dragged point can take: its grid of steps, and a typed value read against it.

A slider's handle lands on ``low, low + step, ...`` and stays within its
bounds; `snap_to_step` computes that point and `read_slider_text` reads what a
learner typed for a slider into a value it can take, or says why not.  A point
dragged on a plot (a vertex, an arrow's tip) lands on the multiples of its
plot's step: `snap_to_grid`.  Plain Python and numpy, so `SliderEntry`
(`widgets.controls.slider_entry`) and the plots stay thin views.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from .parsing import format_number, parse_number

__all__ = ["read_slider_text", "snap_to_grid", "snap_to_step"]

#: Digits kept when a number is quoted in a message.
_MESSAGE_DIGITS = 15


def _quote(x: float) -> str:
    """A number for a message: exact enough to tell apart, with a real minus sign."""
    return format_number(x, _MESSAGE_DIGITS).replace("-", "\N{MINUS SIGN}")


def snap_to_step(x: float, low: float, high: float, step: float | None) -> float:
    """The point of the grid ``low, low + step, ...`` nearest to `x`, kept within ``[low, high]``.

    This is where a slider's handle lands when it is set to `x`: as in the
    browser, `high` is reachable even when it is not on the grid.

    Parameters
    ----------
    x : float
        The value, within ``[low, high]``.
    low, high : float
        The slider's bounds, ``low <= high``.
    step : float or None
        The grid spacing; None or a nonpositive step means no grid.

    Returns
    -------
    float
        The grid point, cleaned of rounding noise (``-2 + 23 * 0.1`` is
        ``0.3``, not ``0.2999999999999998``).

    Examples
    --------
    >>> snap_to_step(0.333, 0.0, 1.0, 0.01)
    0.33
    >>> snap_to_step(0.3, -2.0, 2.0, 0.1)
    0.3
    >>> snap_to_step(100.0, -180.0, 180.0, 15.0)
    105.0
    >>> snap_to_step(0.95, 0.0, 1.0, 0.6)  # 1.2 is past the end
    1.0
    """
    if step is None or not step > 0 or not math.isfinite(step):
        return min(max(x, low), high)
    count = (x - low) / step
    if not math.isfinite(count):  # more steps than a float counts: no grid to speak of
        return min(max(x, low), high)
    k = max(math.floor(count + 0.5), 0)  # halves up, as noUiSlider rounds
    value = float(f"{low + k * step:.12g}")
    return min(max(value, low), high)


def snap_to_grid(values: ArrayLike, step: float) -> np.ndarray:
    """Each of `values` on the nearest multiple of `step` (a plot's grid; none if `step` is not positive).

    Rounded twice, so that ``0.30000000000000004`` is ``0.3``, and never ``-0.0``: the point
    drawn and the point stored hold the same bits.

    >>> snap_to_grid([0.26, -0.03, 1.0], 0.1).tolist()
    [0.3, 0.0, 1.0]
    >>> snap_to_grid([0.26, -0.0], 0).tolist()
    [0.26, 0.0]
    """
    points = np.asarray(values, dtype=float)
    if step > 0:
        points = np.round(np.round(points / step) * step, 10)
    return points + 0.0


def read_slider_text(
    text: str,
    low: float,
    high: float,
    step: float | None = None,
    *,
    integer: bool = False,
    name: str = "value",
) -> int | float:
    """Parse what a learner typed for a slider into a value it can take.

    Parameters
    ----------
    text : str
        The typed text (see `parse_number` for the accepted forms).
    low, high : float
        The slider's bounds.
    step : float or None, optional
        The slider's step: the value is snapped to its grid, as the browser
        snaps a dragged handle.
    integer : bool, optional
        Whether the slider holds whole numbers (an `IntSlider`).
    name : str, optional
        What to call the control in messages.

    Returns
    -------
    float or int
        The value to give the slider (an int when `integer`).

    Raises
    ------
    ValueError
        With the message to show: the text is not a number, the number is
        outside ``[low, high]``, or it is not whole when `integer`.

    Examples
    --------
    >>> read_slider_text("1/2", -2, 2, 0.1, name="k")
    0.5
    >>> read_slider_text("9x", -2, 2, 0.1, name="k")
    Traceback (most recent call last):
        ...
    ValueError: k: '9x' is not a number
    >>> read_slider_text("9", -2, 2, 0.1, name="k")
    Traceback (most recent call last):
        ...
    ValueError: k must be between −2 and 2; 9 is outside
    >>> read_slider_text("1.5", 1, 3, 1, integer=True, name="j")
    Traceback (most recent call last):
        ...
    ValueError: j must be a whole number; 1.5 is not
    >>> read_slider_text("2.0", 1, 3, 1, integer=True, name="j")
    2
    """
    try:
        x = parse_number(text)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    if not low <= x <= high:
        raise ValueError(
            f"{name} must be between {_quote(low)} and {_quote(high)}; {_quote(x)} is outside"
        )
    if integer:
        if x != math.floor(x):
            raise ValueError(f"{name} must be a whole number; {_quote(x)} is not")
        return int(snap_to_step(x, low, high, step))
    return snap_to_step(x, low, high, step)
