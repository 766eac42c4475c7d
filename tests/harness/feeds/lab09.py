"""Lab 9's tools as a calculator.

- The picture of q and k writes q·k as |q| |k| cos θ for any two arrows: drag q to (2, 0), k to
  length 3 and turn it 60° from q, and it writes the score of `check_cos`.
- The explorer's editors compute the softmax of any scores: type tokens whose first row of scores is
  (2 ln 2, 0, ln 2, 0) and its weights are the answer of `check_softmax`.
- The explorer's causal-mask switch writes row 1 of the masked weights, the answer of `check_mask`.
"""
from __future__ import annotations

import numpy as np

from harness.in_sight import _inside
from widgets.views.dot_product_plot import DotProductPlot


def in_sight(page, widget) -> bool:
    """Whether `widget` is on the page and not inside a held part still closed."""
    shown = any(_inside(widget, item) for kind, item in page.shown if kind == "widget")
    return shown and not any(not held.reveal.opened and _inside(widget, held.reveal.view) for held in page.lab.held)


def _plots(page):
    def walk(widget):
        if isinstance(widget, DotProductPlot):
            yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)
    for kind, item in page.shown:
        if kind == "widget":
            yield from walk(item)


def feed(page, key: str) -> None:
    explorer = page.names["explorer"]
    if key == "check_cos":
        for plot in _plots(page):
            if in_sight(page, plot):
                plot.q, plot.k = (2.0, 0.0), (0.0, 3.0)
                plot.angle_slider.value = 60
    elif key == "check_softmax":
        editors = explorer.part("editors")
        if in_sight(page, editors) and in_sight(page, explorer.weights_heatmap):
            ln2 = float(np.log(2))
            explorer.scaled = False
            explorer.W_Q_editor.value = np.eye(2)
            explorer.W_K_editor.value = np.array([[2 * ln2, 0.0], [0.0, 1.0]])
            explorer.X_editor.value = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.0], [0.0, 0.0]])
    elif key == "check_mask":
        if in_sight(page, explorer.part("options")) and in_sight(page, explorer.weights_heatmap):
            explorer.causal = True
