"""Lab 1's composite, the stepper: build AB one column at a time, each column a mix of the columns of A.

Two editable factors, a slider for the column j (with ▶ and a box to type j
in), the product with its columns not reached yet shown as a grey "?", and
a line that writes ``A b_j`` out as a combination of the columns of A.  The
slider has one step per column of B; when the shapes stop fitting, a
message says why instead of a product.
"""

from __future__ import annotations

from typing import Any

from ipywidgets import HTML, HBox, IntSlider, Layout, Play, VBox, jslink
from numpy.typing import ArrayLike

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..controls.slider_entry import SliderEntry
from ..text.product_by_columns_words import (
    PLAY_TOOLTIP,
    column_combination_html,
    column_problem_html,
    partial_product_html,
)
from .naming import tag_parts

__all__ = ["ColumnStepper"]

_BIG = {"font_size": "1.3em"}  # read from the back of a lecture room


class ColumnStepper(OwnsChildren, VBox):
    """Step through AB column by column: column j of AB is A times column j of B.

    Parameters
    ----------
    A, B : array_like
        The factors shown first.
    prefix : str, optional
        When given, the parts get CSS classes ``{prefix}-A``, ``-B``,
        ``-step``, ``-play``, ``-combination``, ``-product`` and ``-status``.
    interval : int, optional
        Milliseconds per step when ▶ plays.  Default 1500.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    A : MatrixEditor
        The left factor's `MatrixEditor` (edit its value).
    B : MatrixEditor
        The right factor's `MatrixEditor` (edit its value).
    step : ipywidgets.IntSlider
        The "column j" `IntSlider` (1-based); its maximum follows B's columns.
    step_entry : SliderEntry
        The `SliderEntry` beside the slider, where j can be typed.
    play : ipywidgets.Play
        The ▶ `Play` button: moves the slider in the browser.
    combination : ipywidgets.HTML
        The `HTML` line writing ``A b_j`` out.
    product : ipywidgets.HTML
        The `HTML` product: AB with the columns done so far, columns after j
        still a grey "?".
    status : ipywidgets.HTML
        The `HTML` message shown when the shapes do not fit: why there is no
        product.

    Examples
    --------
    Activity 1.4.1:

    >>> s = ColumnStepper([[1, -3, 5], [3, 1, 4]], [[5, 1], [-2, -6], [-1, 0]])
    >>> s.step.max, s.B.highlight_col, s.product.value.count(">?<")   # column 2 not reached yet
    (2, 0, 2)
    >>> s.step.value = 2
    >>> s.B.highlight_col, ">19<" in s.combination.value
    (1, True)
    """

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        *,
        prefix: str | None = None,
        interval: int = 1500,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.A = MatrixEditor(A, name="A", resizable=True)
        self.B = MatrixEditor(B, name="B", resizable=True, highlight_col=0)
        k = self.B.shape[1]
        self.step = IntSlider(value=1, min=1, max=k, description="column j", layout=Layout(width="18em"))
        self.step_entry = SliderEntry(self.step)  # a j that B does not have is explained
        self.play = Play(value=1, min=1, max=k, interval=interval, tooltip=PLAY_TOOLTIP)
        self._own(jslink((self.play, "value"), (self.step, "value")))  # cosmetic pair: both only move j
        self.combination = HTML(style=_BIG, layout=Layout(min_height="6.5em"))
        self.product = HTML(style=_BIG, layout=Layout(min_width="12em"))
        self.status = steady(HTML)
        self._own(self.A, self.B, self.step, self.step_entry, self.play,
                  self.combination, self.product, self.status)
        tag_parts(prefix, {
            "A": self.A, "B": self.B, "step": self.step, "play": self.play,
            "combination": self.combination, "product": self.product, "status": self.status,
        })
        self.add_class("column-stepper")
        self.layout.grid_gap = "0.6em"
        self.children = [
            self._own(HBox(
                [self.A, self.B, self._own(VBox([self.product, self.status], layout=Layout(max_width="36em")))],
                layout=Layout(grid_gap="2.5em", align_items="flex-start", flex_flow="row wrap"),
            )),
            self._own(HBox([self.play, self.step_entry], layout=Layout(align_items="center"))),
            self.combination,
        ]
        self.B.observe(self._fit_steps, names="value")  # before _show_step, so j is in range when it runs
        for control in (self.A, self.B, self.step):
            control.observe(self._show_step, names="value")
        self._show_step()

    def _fit_steps(self, change):
        # One step per column of B; shrinking the max also pulls j back in range.
        k = self.B.shape[1]
        if self.step.max != k:
            with self.play.hold_sync(), self.step.hold_sync():
                self.play.max = self.step.max = k

    def _show_step(self, change=None):
        # Redraw column j of the product for the current A and B.
        j = min(self.step.value, self.B.shape[1]) - 1
        self.B.highlight_col = j
        try:
            self.combination.value = column_combination_html(self.A.value, self.B.value, j)
            self.product.value = partial_product_html(self.A.value, self.B.value, j + 1)
            self.status.value = ""
        except Exception as error:  # ShapeError above all; nothing may escape as a traceback
            self.combination.value = self.product.value = ""
            self.status.value = column_problem_html(error)
