"""Sliders for one row of attention weights, kept adding to 1.

Each slider has a `SliderEntry` beside it, so a weight can also be typed: a
valid one goes through the same rebalance as a drag, anything else (text that
is not a number, a weight outside [0, 1]) is explained under the slider.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
from ipywidgets import HTML, FloatSlider, VBox
from numpy.typing import ArrayLike
from traitlets import TraitError, Tuple, observe, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..core.attention_math import softmax_rows
from ..core.shapes import check_index
from ..core.simplex import SUM_TOLERANCE, normalise_weights, rebalance_weights, weights_on_steps
from .slider_entry import SliderEntry

__all__ = ["WeightSliders"]

_DEFAULT_N = 4


class _Sequence(Tuple):
    """A Tuple trait that also takes lists, sets and 1-D numpy arrays."""

    _cast_types = (list, set, frozenset, np.ndarray)

    def validate(self, obj, value):
        if isinstance(value, np.ndarray) and value.ndim == 0:
            self.error(obj, value)  # tuple() of it would raise a TypeError
        return super().validate(obj, value)


class WeightSliders(OwnsChildren, VBox):
    """Attention-weight sliders that always add up to 1.

    Dragging one slider moves the unlocked others so that the weights stay
    nonnegative and add to 1: they share what is left in proportion to
    their current values (equally if they are all 0).  Locked sliders never
    move and cannot be dragged.  Each drag changes `value` once.

    Each slider has an entry beside it (a `SliderEntry`) for typing its
    weight.  A valid weight moves the slider, and so rebalances the others
    exactly as a drag does; text that is not a number or a weight outside
    [0, 1] is kept in the entry and explained under the slider, and changes
    nothing.  A locked slider's entry is disabled.

    Parameters
    ----------
    n : int, optional
        Number of weights.  Defaults to ``len(labels)`` or ``len(value)``,
        or 4 if neither is given.
    labels : sequence of str, optional
        One name per slider (shown as its description).  Default
        ``"v1", ..., "vn"``: the weight multiplies that value vector.
    value : sequence of float, optional
        Initial weights; normalised to add to 1.  Default: all equal.
    locked : sequence of int, optional
        0-based indices of sliders the learner cannot move.
    **kwargs
        Passed to `ipywidgets.VBox` (e.g. ``layout``).

    Attributes
    ----------
    value : tuple of float
        The weights.  Setting it from Python normalises nonnegative finite
        numbers with a positive sum (locks do not apply); anything else
        raises `traitlets.TraitError` and changes nothing.
    locked : tuple of int
        Sorted indices of locked sliders.
    labels : tuple of str
        Slider descriptions.
    sliders : tuple of ipywidgets.FloatSlider
        The sliders, read-only.  Setting a slider's ``value`` is what a
        drag does.
    entries : tuple of SliderEntry
        Each slider with its entry, in order; these are the
        children shown.  Setting ``entries[k].entry.value`` is what typing
        a weight and Enter do.

    Examples
    --------
    >>> w = WeightSliders(labels=["the", "cat", "sat"], value=[2, 1, 1])
    >>> w.value
    (0.5, 0.25, 0.25)
    >>> w.sliders[0].value = 0.0        # the learner drags "the" to 0
    >>> w.value
    (0.0, 0.5, 0.5)
    >>> w.locked = (2,)
    >>> w.sliders[1].value = 0.9        # the lock leaves at most 0.5
    >>> w.value, w.sliders[1].value
    ((0.0, 0.5, 0.5), 0.5)
    >>> w.sliders[0].value = 0.25
    >>> w.value
    (0.25, 0.25, 0.5)
    >>> w.entries[0].entry.value = "5"      # typed: outside [0, 1]
    >>> w.entries[0].error, w.value
    ('the must be between 0 and 1; 5 is outside', (0.25, 0.25, 0.5))
    >>> w.entries[0].entry.value = "0"      # typed: as a drag to 0
    >>> w.value, w.entries[0].error
    ((0.0, 0.5, 0.5), '')
    """

    value = _Sequence(help="The weights: nonnegative, adding to 1.")
    locked = _Sequence(help="Sorted 0-based indices of sliders that cannot move.")
    labels = Tuple(help="One description per slider.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        n: int | np.integer | None = None,
        labels: Sequence[str] | None = None,
        value: Sequence[float] | np.ndarray | None = None,
        locked: Collection[int] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        sizes = {
            name: size
            for name, size in (
                ("n", n),
                ("len(labels)", None if labels is None else len(labels)),
                ("len(value)", None if value is None else len(value)),
            )
            if size is not None
        }
        if len(set(sizes.values())) > 1:
            given = ", ".join(f"{name} = {size}" for name, size in sizes.items())
            raise TraitError(f"the number of weights is ambiguous: {given}")
        n = next(iter(sizes.values()), _DEFAULT_N)
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 1:
            raise TraitError(f"n must be a positive whole number, got {n!r}")
        n = int(n)

        self._writing = Guard()
        self._sliders = tuple(
            self._own(steady(
                FloatSlider,
                value=1.0 / n,
                min=0.0,
                max=1.0,
                step=0.01,
                readout_format=".2f",
                continuous_update=True,
            ))
            for _ in range(n)
        )
        for k, slider in enumerate(self._sliders):
            slider.observe(
                lambda change, k=k: self._on_slider_change(k, change), names="value"
            )
        self.entries = tuple(self._own(SliderEntry(slider)) for slider in self._sliders)
        self._sum = self._own(steady(HTML))

        self.labels = tuple(f"v{k + 1}" for k in range(n)) if labels is None else labels
        self.value = (1.0,) * n if value is None else value
        self.locked = locked

        self.children = (*self.entries, self._sum)
        self._ready = True
        self._render()

    @property
    def sliders(self) -> tuple[FloatSlider, ...]:
        """tuple of FloatSlider: the sliders, in order."""
        return self._sliders

    # --- validation -------------------------------------------------------

    @validate("value")
    def _validate_value(self, proposal):
        n = len(self._sliders)
        new = proposal["value"]
        if isinstance(new, str) or len(new) != n:
            raise TraitError(f"value must be {n} numbers, got {new!r}")
        try:
            weights = normalise_weights(new, tol=SUM_TOLERANCE)
        except ValueError as error:
            raise TraitError(f"value: {error}") from None
        return tuple(float(x) for x in weights)

    @validate("locked")
    def _validate_locked(self, proposal):
        n = len(self._sliders)
        indices = []
        for i in proposal["value"]:
            try:
                indices.append(check_index(i, n, "weight"))
            except IndexError as error:
                raise TraitError(f"locked: {error}") from None
        return tuple(sorted(set(indices)))

    @validate("labels")
    def _validate_labels(self, proposal):
        labels = tuple(proposal["value"])
        n = len(self._sliders)
        if len(labels) != n:
            raise TraitError(f"labels must be {n} names, got {len(labels)}: {labels!r}")
        for label in labels:
            if not isinstance(label, str):
                raise TraitError(f"labels must be strings, got {label!r}")
        return labels

    # --- reactions --------------------------------------------------------

    def _on_slider_change(self, k, change):
        if self._writing:
            return
        if k in self.locked:
            # A locked weight cannot be dragged: put the slider back.
            self._show_sliders()
            return
        weights = rebalance_weights(self.value, k, change["new"], self.locked)
        # Setting value once gives one notification; _on_value_change then
        # moves the other sliders (and this one, if a lock clamped it).
        self.value = tuple(float(x) for x in weights)
        self._show_sliders()  # this one too, if a lock clamped it or the value did not change

    @observe("value")
    def _on_value_change(self, change):
        if self._ready:
            self._render()

    @observe("locked")
    def _on_locked_change(self, change):
        for k, slider in enumerate(self._sliders):
            slider.disabled = k in change["new"]

    @observe("labels")
    def _on_labels_change(self, change):
        for slider, label in zip(self._sliders, change["new"]):
            slider.description = label

    def _show_sliders(self):
        """Make the sliders show the weights on their step, adding to 1, without reacting to it.

        A slider's page draws its value on the step and sends the drawn value
        back when the kernel's was off it: lab 8 sent 12 such updates, each
        answered with an echo and a redraw, per visitor before any move. Shown
        on the step here (`weights_on_steps`), a page has nothing to send, and
        any value that comes back is a learner's move.
        """
        step = self._sliders[0].step
        with self._writing:
            for slider, shown in zip(self._sliders, weights_on_steps(self.value, step)):
                if slider.value != shown:
                    slider.value = shown

    def _render(self):
        self._show_sliders()
        self._sum.value = f"sum = {math.fsum(self.value):.2f}"

    # --- public API -------------------------------------------------------

    def set_scores(self, scores: ArrayLike, scale: float = 1.0, mask: ArrayLike | None = None) -> None:
        """Set the weights to the softmax of a row of scores.

        Locks do not apply: this is a Python assignment of `value`.

        Parameters
        ----------
        scores : array_like, shape (n,) or (1, n)
            One score per slider.
        scale : float, optional
            Multiplies the scores first (see `softmax_rows`).  Default 1.
        mask : array_like of bool, optional
            ``True`` where attention is allowed; masked weights become 0.

        Raises
        ------
        ValueError
            If the number of scores is not the number of sliders, or the
            scores, scale or mask are invalid.

        Examples
        --------
        >>> w = WeightSliders(n=2)
        >>> w.set_scores([0.0, 0.0])
        >>> w.value
        (0.5, 0.5)
        >>> w.set_scores([3.0, 1.0], mask=[True, False])
        >>> w.value
        (1.0, 0.0)
        """
        n = len(self._sliders)
        try:
            row = np.array(scores, dtype=float).reshape(-1)
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"expected {n} scores (numbers), got {scores!r}") from None
        if row.size != n:
            raise ValueError(f"expected {n} scores, one per slider, got {row.size}")
        if mask is not None:
            try:
                mask = np.asarray(mask).reshape(-1)
            except ValueError:  # ragged
                raise ValueError(f"mask must be {n} True/False values, got {mask!r}") from None
        self.value = tuple(float(x) for x in softmax_rows(row, scale=scale, mask=mask))
