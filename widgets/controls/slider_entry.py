"""A slider with a text entry whose typed values are checked in the kernel.

An ipywidgets slider's readout can be edited, but its browser code clamps an
out-of-range number to the nearest bound and ignores text that is not a
number, silently: the kernel never hears of it and the learner gets no word.
`SliderEntry` turns that readout off and puts a `Text` entry beside the
slider instead.  What the learner types there is parsed in the kernel with
`parse_number` (strict, never ``eval``): a valid value moves the slider, and
anything else is kept in the entry, marked, and explained underneath, while
the slider keeps its last valid value.

`read_slider_text` and `snap_to_step` (`widgets.core.slider_values`) are the
numpy-free checks behind it.
"""

from __future__ import annotations

import math
from typing import Any

from ipywidgets import HTML, FloatSlider, HBox, IntSlider, Layout, Text
from traitlets import Int, TraitError, Unicode, dlink, observe, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import shared_layout, shared_style, steady
from ..core.parsing import format_number
from ..core.slider_values import read_slider_text
from ..text.alerts import alert_html
from .matrix_editor import ERROR_BACKGROUND

__all__ = ["SliderEntry"]

#: CSS class of an entry that holds text the kernel did not accept, and the rule that paints it.
INVALID_CLASS = "slider-entry-invalid"
_INVALID_CSS = (f"<style>.{INVALID_CLASS}.widget-text input.widget-input "
               f"{{background-color: {ERROR_BACKGROUND}}}</style>")
_ENTRY_WIDTH = "5em"


class SliderEntry(OwnsChildren, HBox):
    """A slider with an entry beside it for typing its value, and a message line.

    Wraps an existing `IntSlider` or `FloatSlider`, whose own readout is
    turned off (``readout=False``): the `Text` entry takes its place and
    shows the slider's value.  The entry commits on Enter or when the
    learner leaves it.  What was typed is parsed in the kernel:

    * a valid number moves the slider (snapped to its step, as a drag
      would), is rewritten in display form and clears any message;
    * text that is not a number, a number outside the slider's range or,
      for an `IntSlider`, a fraction is kept in the entry, which turns red
      (CSS class ``slider-entry-invalid``), and is explained under the
      slider (``role="alert"``), naming the control.  The slider keeps its
      last valid value, so everything that observes it keeps working.

    Moving the slider (mouse, keyboard, a linked `Play`, or Python) writes
    its new value into the entry and clears a stale message.  The slider
    stays an ordinary slider: keep observing, linking and styling it.

    Parameters
    ----------
    slider : ipywidgets.IntSlider or ipywidgets.FloatSlider
        The slider to wrap.  Its ``readout`` is set to False.
    name : str, optional
        What messages and the entry's accessible name call the control.
        Default: the slider's ``description`` (kept in step with it), or
        ``"value"`` if that is empty.
    digits : int, optional
        Decimals shown in the entry (see `format_number`).  Default: 3, or
        as many as the slider's step needs if that is more.
    entry_width : str, optional
        CSS width of the entry.  Default ``"5em"``.
    **kwargs
        Passed to `HBox` (e.g. ``layout``).

    Attributes
    ----------
    slider : ipywidgets.IntSlider or ipywidgets.FloatSlider
        The wrapped slider.
    entry : ipywidgets.Text
        The `Text` entry beside the slider.  Setting its ``value`` is what
        typing and Enter do.
    message : ipywidgets.HTML
        The message line, hidden while there is no message (made at the
        first rejected entry).
    name : str
        The control's name in messages.
    error : str
        The message about the entry's text; empty when it was accepted.
    digits : int
        Decimals shown in the entry.

    Examples
    --------
    >>> from ipywidgets import FloatSlider, IntSlider
    >>> k = FloatSlider(value=1, min=-2, max=2, step=0.1, description="k")
    >>> box = SliderEntry(k)
    >>> k.readout, box.entry.value
    (False, '1')
    >>> box.entry.value = "9"                      # typed, then Enter
    >>> box.error, k.value
    ('k must be between −2 and 2; 9 is outside', 1.0)
    >>> box.entry.value                            # kept, to be fixed
    '9'
    >>> box.entry.value = "-1/2"
    >>> box.error, k.value, box.entry.value
    ('', -0.5, '-0.5')
    >>> box.entry.value = "9x"
    >>> box.error
    "k: '9x' is not a number"
    >>> k.value = 0.5                              # a drag clears it
    >>> box.error, box.entry.value
    ('', '0.5')
    >>> j = SliderEntry(IntSlider(value=1, min=1, max=3, description="j"))
    >>> j.entry.value = "2.5"
    >>> j.error
    'j must be a whole number; 2.5 is not'
    """

    name = Unicode(help="What messages call the control; default the slider's description.")
    error = Unicode(
        "", read_only=True, help="The message about the entry's text; empty if it was accepted."
    )
    digits = Int(3, help="Decimals shown in the entry.")

    def __init__(
        self,
        slider: IntSlider | FloatSlider,
        *,
        name: str | None = None,
        digits: int | None = None,
        entry_width: str = _ENTRY_WIDTH,
        **kwargs: Any,
    ) -> None:
        if not isinstance(slider, (IntSlider, FloatSlider)):
            raise TraitError(
                f"slider must be an IntSlider or a FloatSlider, got {type(slider).__name__}"
            )
        kwargs.setdefault("layout", shared_layout(flex_flow="row wrap", align_items="center"))
        super().__init__(**kwargs)
        self.slider = slider
        self._writing = Guard()  # up while the kernel writes the entry's text
        self._name_from_description = name is None
        slider.readout = False
        self.entry = self._own(steady(
            Text,
            continuous_update=False,
            # The description is the input's <label>, what a screen reader
            # announces; a zero width keeps it unseen (the slider shows it).
            style={"description_width": "0px"},
            layout={"width": entry_width, "flex": "0 0 auto"},
        ).add_class("slider-entry-text"))
        self._message = None  # made at the first rejected entry: most sliders never need one
        self.digits = _step_digits(slider.step) if digits is None else digits
        self.name = (slider.description if name is None else name) or "value"
        self._show_value()
        # The slider is the caller's, and stays open when this closes: followed, not owned.
        self._keep_link(dlink((slider, "disabled"), (self.entry, "disabled")))
        self._follow(slider, self._on_slider_value, "value")
        self._follow(slider, self._on_description, "description")
        self.entry.observe(self._on_text, names="value")
        self.children = [slider, self.entry]
        self.add_class("slider-entry")

    # -- public API ---------------------------------------------------------

    @property
    def message(self) -> HTML:
        """The `HTML` line under the slider that explains a rejected entry, made when first needed."""
        if self._message is None:
            # A full-width item of a wrapping row: the message goes on a line of its own.
            self._message = self._own(HTML(
                layout=Layout(display="none", width="100%"), style=shared_style(HTML)
            ).add_class("slider-entry-message"))
            self.children = [*self.children, self._message]
        return self._message

    # -- validation and observers -------------------------------------------

    @validate("digits")
    def _validate_digits(self, proposal):
        if proposal["value"] < 0:
            raise TraitError(f"digits must be nonnegative, got {proposal['value']}")
        return proposal["value"]

    @observe("name")
    def _on_name_change(self, change):
        name = change["new"]
        with self.entry.hold_sync():
            self.entry.description = name
            self.entry.placeholder = name
            self.entry.tooltip = f"Type {name} and press Enter"
        if self.error:  # say it again with the new name
            message = self._check(self.entry.value)[1]
            if message:
                self._set_error(message)

    @observe("digits")
    def _on_digits_change(self, change):
        if not self.error:
            self._show_value()

    def _on_description(self, change):
        if self._name_from_description:
            self.name = change["new"] or "value"

    def _on_slider_value(self, change):
        # A drag, a key, a linked Play or Python: the entry shows the new
        # value, and any message about an older text no longer applies.
        self._show_value()
        self._set_error("")

    def _check(self, text):
        """``(value, "")`` for a text the slider can take, else ``(None, message)``."""
        slider = self.slider
        try:
            value = read_slider_text(
                text, slider.min, slider.max, slider.step,
                integer=isinstance(slider, IntSlider), name=self.name,
            )
        except ValueError as error:
            return None, str(error)
        return value, ""

    def _on_text(self, change):
        if self._writing:
            return
        value, message = self._check(change["new"])
        if message:
            self._set_error(message)
            return
        slider = self.slider
        if value != slider.value:
            slider.value = value  # observers run, ours rewrites the entry
        # Also when nothing moved ("0.50" for 0.5) or an observer of the
        # slider changed it again (WeightSliders' locks): show where it is.
        self._show_value()
        self._set_error("")

    # -- drawing -------------------------------------------------------------

    def _show_value(self):
        with self._writing:
            self.entry.value = format_number(self.slider.value, self.digits)

    def _set_error(self, message):
        if message == self.error:
            return
        self.set_trait("error", message)
        if message:
            self.entry.add_class(INVALID_CLASS)
            # The entry's style is shared: the message brings the rule that turns it red.
            self.message.value = _INVALID_CSS + alert_html(message)
            self.message.layout.display = None
        else:
            self.entry.remove_class(INVALID_CLASS)
            self.message.layout.display = "none"
            self.message.value = ""


def _step_digits(step):
    """Decimals needed to write every multiple of `step`, at least 3.

    >>> _step_digits(0.1), _step_digits(1), _step_digits(0.0005), _step_digits(None)
    (3, 3, 4, 3)
    """
    if step is None or not step > 0 or not math.isfinite(step):
        return 3
    text = format(step, ".12f").rstrip("0")
    decimals = len(text.split(".")[1]) if "." in text else 0
    return max(3, decimals)
