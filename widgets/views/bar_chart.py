"""A bar chart of counts, sized for a projector: the lecturer's class pulse draws two per lab.

`BarChart` is a bqplot `Figure` with one `Bars` mark: labels along one axis,
counts along the other from 0 (`widgets.core.plot_frame.count_axis`), each
bar labelled with its count in 18 px type.  `show` draws new labels and
counts, sending only what changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from bqplot import Axis, Bars, Figure, LinearScale, OrdinalScale
from ipywidgets import Layout
from numpy.typing import ArrayLike

from ..base.batching import apply_changes
from ..base.owned import OwnsChildren
from ..core.plot_frame import count_axis

__all__ = ["BarChart"]

_TICKS = {"font-size": "18px"}


class BarChart(OwnsChildren, Figure):
    """Counts as bars, large enough to read on a projector (18 px ticks, 380 px tall).

    Parameters
    ----------
    title : str
        The chart's title (22 px).
    orientation : {"vertical", "horizontal"}, optional
        Horizontal bars list their labels down the left, in order from the
        top, with room for 30 characters.  Default ``"vertical"``.
    **mark
        Passed to the `bqplot.Bars` (``colors``, ``type="grouped"``, ``labels``, ...).

    Attributes
    ----------
    bars : bqplot.Bars
        The bars: ``x`` the labels, ``y`` the counts (one row per series).
    count_axis : bqplot.Axis
        The axis of the counts.

    Examples
    --------
    >>> chart = BarChart("mistakes", orientation="horizontal", colors=["#e45756"])
    >>> chart.show(["sign", "transpose"], [4, 12])
    >>> chart.bars.y.tolist(), chart.bars.scales["y"].max, chart.count_axis.tick_values.tolist()
    ([4.0, 12.0], 13.2, [0.0, 3.0, 6.0, 9.0, 12.0])
    """

    def __init__(self, title: str, *, orientation: str = "vertical", **mark: Any) -> None:
        horizontal = orientation == "horizontal"
        super().__init__(
            title=title,
            title_style={"font-size": "22px"},
            # Room on the left for a check's title and a mistake's name, 18 px each (cut at 30 characters).
            fig_margin={"top": 50, "bottom": 50, "left": 290 if horizontal else 60, "right": 20},
            layout=Layout(width="600px", height="380px"),
        )
        scales = {"x": OrdinalScale(reverse=horizontal), "y": LinearScale(min=0)}
        self.bars = Bars(scales=scales, orientation=orientation, label_display=True, label_display_format=".0f",
                         label_font_style={"font-size": "18px"}, **mark)
        # Horizontal bars put their labels (scale x) on the left and their counts along the bottom.
        labels_side, counts_side = ("left", "bottom") if horizontal else ("bottom", "left")
        self.count_axis = Axis(scale=scales["y"], side=counts_side, tick_style=_TICKS, tick_format="d")
        axes = [Axis(scale=scales["x"], side=labels_side, tick_style=_TICKS), self.count_axis]
        self._own(*scales.values(), self.bars, *axes, self.scale_x, self.scale_y)
        self.marks = [self.bars]
        self.axes = axes

    def show(self, labels: Sequence[str], counts: ArrayLike) -> None:
        """Draw one bar per label, or a group per label when `counts` has one row per series.

        The count axis runs from 0 to a tenth above the largest count.
        """
        counts = np.asarray(counts, dtype=float)
        top, ticks = count_axis(counts)
        apply_changes([
            (self.bars.scales["y"], {"max": top}),
            (self.count_axis, {"tick_values": ticks}),
            (self.bars, {"x": np.array(labels, dtype=object), "y": counts}),
        ])
