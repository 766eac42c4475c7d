"""The softmax options of the attention explorer: scaling, temperature, causal mask, weights mode.

Each control is linked to the explorer's trait of the same meaning (`scaled`,
`temperature`, `causal`, `weights_mode`), so setting either side moves the
other.  While the weights are set by hand, the softmax options do nothing:
`AttentionOptions.show` greys them out and says so.
"""

from __future__ import annotations

import math
from typing import Any

from ipywidgets import HTML, Checkbox, FloatLogSlider, HBox, Layout, ToggleButtons, Widget
from traitlets import HasTraits, link

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..core.attention_math import MAX_TEMPERATURE, MIN_TEMPERATURE
from ..text.attention_prose import by_hand_note
from .attention_panels import Snapshot
from .attention_state import AttentionCalculation

__all__ = ["temperature_slider", "AttentionOptions"]


def temperature_slider(owner: AttentionCalculation) -> FloatLogSlider:
    """A log-scale slider for the softmax temperature, linked to ``owner.temperature``.

    A log scale: T = 0.5 sharpens as much as T = 2 flattens.
    """
    slider = FloatLogSlider(
        value=owner.temperature, base=10, min=math.log10(MIN_TEMPERATURE),
        max=math.log10(MAX_TEMPERATURE), step=0.01, readout_format=".2f",
        description="temperature T", continuous_update=False,
        style={"description_width": "initial"}, layout=Layout(width="22em"),
    ).add_class("attention-temperature")
    link((owner, "temperature"), (slider, "value"))
    return slider


class AttentionOptions(OwnsChildren, HBox):
    """Checkboxes for scaling and the causal mask, and optionally the temperature and mode.

    Parameters
    ----------
    owner : HasTraits
        Has the traits ``scaled``, ``causal`` (and ``weights_mode``).
    temperature : ipywidgets.Widget or None
        The owner's temperature slider, placed after the scaling; the caller keeps it.
    with_mode : bool
        Add a toggle between the softmax's weights and weights set by hand.

    Examples
    --------
    >>> from traitlets import Bool, HasTraits, Unicode
    >>> class Owner(HasTraits):
    ...     scaled = Bool(True)
    ...     causal = Bool(False)
    ...     weights_mode = Unicode("softmax")
    >>> owner = Owner()
    >>> options = AttentionOptions(owner, None, with_mode=True)
    >>> options.causal_box.value = True
    >>> owner.causal
    True
    >>> from types import SimpleNamespace
    >>> options.show(SimpleNamespace(by_hand=True))
    >>> options.scaled_box.disabled, "apply to the softmax" in options.note.value
    (True, True)
    """

    def __init__(
        self,
        owner: HasTraits,
        temperature: Widget | None = None,
        *,
        with_mode: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            layout=Layout(flex_flow="row wrap", grid_gap="0 24px"), **kwargs
        )
        self.scaled_box = self._own(Checkbox(
            description="scale the scores by 1/√dₖ", indent=False, layout=Layout(width="auto"),
        ).add_class("attention-scaled"))
        self.causal_box = self._own(Checkbox(
            description="causal mask (token i sees only tokens 1…i)", indent=False,
            layout=Layout(width="auto"),
        ).add_class("attention-causal"))
        self._keep_link(link((owner, "scaled"), (self.scaled_box, "value")))
        self._keep_link(link((owner, "causal"), (self.causal_box, "value")))
        self.temperature = temperature
        self.note = self._own(steady(HTML))
        self.mode = None
        children = [self.scaled_box, self.causal_box, self.note]
        if temperature is not None:
            children.insert(1, temperature)
        if with_mode:
            self.mode = self._own(ToggleButtons(
                options=[("softmax of the scores", "softmax"), ("set by hand", "sliders")],
                description="weights:",
                style={"description_width": "initial", "button_width": "auto"},
            ).add_class("attention-mode"))
            self._keep_link(link((owner, "weights_mode"), (self.mode, "value")))
            children.insert(0, self.mode)
        self.children = children

    def show(self, snapshot: Snapshot) -> None:
        """Grey out the softmax options while the weights are set by hand, and say why."""
        by_hand = snapshot.by_hand
        controls = [self.scaled_box, self.causal_box]
        if self.temperature is not None:
            controls.append(self.temperature)
        for control in controls:
            control.disabled = by_hand
        self.note.value = by_hand_note(self.temperature is not None) if by_hand else ""
