r"""A query and a key as arrows, and their score read two ways.

`DotProductPlot` draws ``q`` and ``k`` from the origin and writes their dot
product as the sum of products of entries and as ``|q| |k| cos θ``, so a
learner sees why a score measures a match: it grows with the lengths, is
largest when the arrows point the same way, zero when they are
perpendicular and negative when they point apart.  Either tip can be
dragged; a slider turns ``k`` to a chosen angle from ``q``, keeping its
length, and always shows the angle the readout writes (to 0.1°).  The numbers come from `widgets.core.dot_product`.
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np
from bqplot import Axis, LinearScale, Lines, Scatter
from ipywidgets import HTML, FloatSlider, Layout, VBox
from traitlets import Float, TraitError, Tuple, observe, validate

from ..base.batching import apply_changes
from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..core.dot_product import dot_match, projection, rotate_to
from ..core.parsing import format_number
from ..core.slider_values import snap_to_grid
from ..text import alternatives
from .described import DescribedFigure

__all__ = ["DotProductPlot"]

_Q_COLOR = "#d94801"
_K_COLOR = "#1f77b4"
#: Half the width of the drawing: tips are kept inside [-_REACH, _REACH].
_REACH = 3.0
#: Whole numbers only: bqplot's own ticks fall on halves and read "2, 2, 3" when rounded.
_TICKS = np.arange(-3, 4)


def _describe(angle):
    if angle is None:
        return "a zero vector has no direction: the score is 0 whatever the other vector"
    if angle < 1e-9:
        return "same direction: the largest score these lengths allow"
    if angle < 90:
        return "less than 90° apart: a positive score, a match"
    if angle == 90:
        return "perpendicular: score 0, no match at all"
    if angle < 180:
        return "more than 90° apart: a negative score, a mismatch"
    return "opposite directions: the most negative score these lengths allow"


class DotProductPlot(OwnsChildren, VBox):
    r"""Two arrows, ``q`` and ``k``, with their dot product and angle.

    Parameters
    ----------
    q, k : tuple of float, optional
        The query and the key, 2-D.  Each entry is kept within ±3.
    snap : float, optional
        A dragged tip lands on multiples of this.  Default 0.5.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    q, k : tuple of float
        The two vectors; set them, drag their tips, or turn `k` with the
        slider.
    score : float
        Read-only: ``q · k``.
    cosine, angle : float or None
        Read-only: ``cos θ`` and ``θ`` in degrees; None when a vector is zero.
    figure : DescribedFigure
        The bqplot drawing.
    angle_slider : ipywidgets.FloatSlider
        Turns `k` to this many degrees from `q`; dragged, it moves in whole
        degrees, and it follows the tips to 0.1°, as the readout writes θ.
    readout : ipywidgets.HTML
        The HTML that writes the score out both ways.

    Examples
    --------
    >>> plot = DotProductPlot(q=(2, 1), k=(1, 2))
    >>> plot.score, round(plot.cosine, 3), round(plot.angle, 1), plot.angle_slider.value
    (4.0, 0.8, 36.9, 36.9)
    >>> plot.angle_slider.value = 90      # turn k to 90° from q
    >>> plot.score, plot.angle
    (0.0, 90.0)
    >>> plot.q = (5, 0)
    Traceback (most recent call last):
        ...
    traitlets.traitlets.TraitError: q = (5, 0): each entry must be between -3 and 3
    """

    q = Tuple(Float(), Float(), default_value=(2.0, 1.0), help="The query, 2-D.")
    k = Tuple(Float(), Float(), default_value=(1.0, 2.0), help="The key, 2-D.")
    score = Float(0.0, read_only=True, help="q · k.")
    cosine = Float(None, allow_none=True, read_only=True, help="cos θ, or None for a zero vector.")
    angle = Float(None, allow_none=True, read_only=True, help="θ in degrees, or None.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        q: tuple[float, float] = (2.0, 1.0),
        k: tuple[float, float] = (1.0, 2.0),
        *,
        snap: float = 0.5,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._snap = float(snap)
        self._writing = Guard()  # up while we set the tips or the slider: their observers hold back
        x_scale, y_scale = self._own(
            LinearScale(min=-_REACH - 0.5, max=_REACH + 0.5, allow_padding=False),
            LinearScale(min=-_REACH - 0.5, max=_REACH + 0.5, allow_padding=False),
        )
        scales = {"x": x_scale, "y": y_scale}
        self._foot, self._arrows, self._tips = self._own(
            Lines(scales=scales, colors=["#9e9e9e"], line_style="dashed"),
            Lines(scales=scales, colors=[_Q_COLOR, _K_COLOR], stroke_width=3),
            Scatter(
                scales=scales, colors=[_Q_COLOR, _K_COLOR], default_size=110, stroke="white",
                names=["q", "k"], display_names=True, enable_move=True,
            ),
        )
        self.figure = self._own(DescribedFigure(
            marks=[self._foot, self._arrows, self._tips],
            axes=list(self._own(
                Axis(scale=x_scale, grid_color="#eeeeee", tick_values=_TICKS, tick_format="d"),
                Axis(scale=y_scale, side="left", grid_color="#eeeeee", tick_values=_TICKS,
                     tick_format="d"),
            )),
            display_toolbar=False,
            min_aspect_ratio=1, max_aspect_ratio=1, padding_x=0, padding_y=0,
            fig_margin=dict(top=15, bottom=30, left=35, right=15),
            layout=Layout(width="320px", height="320px"),
        ).add_class("dot-product-figure"))
        self._own(self.figure.scale_x, self.figure.scale_y)  # the figure's own default scales
        # Its value is θ to 0.1°, as the readout writes it; a learner's drag moves in whole degrees
        # (the browser snaps to the step), so 90° and 180° are easy to reach.
        self.angle_slider = self._own(FloatSlider(
            value=0, min=0, max=180, step=1, readout_format=".1f", description="angle θ of k from q",
            style={"description_width": "initial"}, continuous_update=False,
            layout=Layout(width="320px"),
        ).add_class("dot-product-angle"))
        self.readout = self._own(steady(HTML).add_class("dot-product-readout"))
        self._tips.observe(self._on_tips_moved, names=["x", "y"])
        self.angle_slider.observe(self._on_slider_change, names="value")
        self.add_class("dot-product-plot")
        self.children = [self.figure, self.angle_slider, self.readout]
        with self.hold_trait_notifications():
            self.q = q
            self.k = k
        self._ready = True
        self._render()

    @validate("q", "k")
    def _validate_vector(self, proposal):
        name = proposal.trait.name
        vector = tuple(float(v) + 0.0 for v in proposal.value)
        if not all(np.isfinite(vector)):
            raise TraitError(f"{name} = {proposal.value}: every entry must be a finite number")
        if max(abs(v) for v in vector) > _REACH:
            shown = "(" + ", ".join(format_number(v) for v in vector) + ")"
            raise TraitError(
                f"{name} = {shown}: each entry must be between -{_REACH:g} and {_REACH:g}"
            )
        return vector

    @observe("q", "k")
    def _on_vectors_change(self, change):
        if self._ready:
            self._render()

    def _on_tips_moved(self, change):
        if self._writing:
            return
        x = np.asarray(self._tips.x, dtype=float)
        y = np.asarray(self._tips.y, dtype=float)
        if x.shape != (2,) or y.shape != (2,):
            return  # a partial update from the browser: wait for the rest
        x, y = (np.clip(snap_to_grid(a, self._snap), -_REACH, _REACH) + 0.0 for a in (x, y))
        with self.hold_trait_notifications():
            self.q = (x[0], y[0])
            self.k = (x[1], y[1])
        self._render()  # put the tips back on the snapped points even if nothing changed

    def _on_slider_change(self, change):
        if self._writing:
            return
        turned = rotate_to(self.q, self.k, change["new"])
        if np.max(np.abs(turned)) > _REACH:  # a long k turned towards a corner
            turned = turned * _REACH / np.max(np.abs(turned))
        self.k = tuple(np.round(turned, 6))

    def _render(self):
        m = dot_match(self.q, self.k)
        with self.hold_trait_notifications():
            self.set_trait("score", m.score)
            self.set_trait("cosine", m.cosine)
            self.set_trait("angle", m.angle)
        q, k = np.array(self.q), np.array(self.k)
        foot = projection(k, q)
        updates = [
            (self._arrows, {"x": np.array([[0.0, q[0]], [0.0, k[0]]]),
                            "y": np.array([[0.0, q[1]], [0.0, k[1]]])}),
            (self._tips, {"x": np.array([q[0], k[0]]), "y": np.array([q[1], k[1]])}),
            (self._foot, {"x": np.array([k[0], foot[0]]), "y": np.array([k[1], foot[1]]),
                          "visible": bool(m.q_length > 0 and m.k_length > 0)}),
            (self.figure, {"tooltip": alternatives.dot_product(q, k, m.score, m.angle)}),
        ]
        with self._writing:
            apply_changes(updates)
            if m.angle is not None:
                self.angle_slider.value = round(m.angle, 1)
        self.readout.value = self._readout_html(m)

    def _readout_html(self, m):
        f = format_number
        q, k = self.q, self.k
        terms = " + ".join(f"({f(a)})({f(b)})" for a, b in zip(q, k))
        q_name = f"<b style='color:{_Q_COLOR}'>q</b>"
        k_name = f"<b style='color:{_K_COLOR}'>k</b>"
        lines = [
            f"{q_name} = ({f(q[0])}, {f(q[1])}), {k_name} = ({f(k[0])}, {f(k[1])})",
            f"{q_name}·{k_name} = {terms} = <b>{f(m.score)}</b>",
        ]
        if m.cosine is None:
            lines.append(f"|{q_name}| = {f(m.q_length)}, |{k_name}| = {f(m.k_length)}: no angle")
        else:
            lines.append(
                f"|{q_name}| = {f(m.q_length)}, |{k_name}| = {f(m.k_length)}, "
                f"θ = {f(m.angle, 1)}°, cos θ = {f(m.cosine)}"
            )
            lines.append(
                f"|{q_name}| |{k_name}| cos θ = {f(m.q_length)} × {f(m.k_length)} × "
                f"{f(m.cosine)} = <b>{f(m.q_length * m.k_length * m.cosine)}</b>"
            )
        lines.append(f"<i>{html.escape(_describe(m.angle))}</i>")
        return "<div style='line-height:1.6'>" + "<br>".join(lines) + "</div>"
