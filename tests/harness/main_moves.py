"""Each page's main move, once: what a learner does most on it, and the view it changes.

The bench (``bench/interactions.py``) repeats it to time it, the smoke test of Firefox and
WebKit (``harness.engines.SMOKE``) makes it once in each engine and waits for its view to
change, and the lecture hall (``harness.hall``) sends a slider's move over the widget
protocol. The controls are named by the CSS classes the labs give their parts.
"""
from __future__ import annotations

from dataclasses import dataclass

# A lab keeps a view that would give an activity's answer away closed until the learner answers;
# the lecturer's ?reveal=1 opens them all, so every main move's control is on the page.
REVEAL = "?reveal=1"


@dataclass(frozen=True)
class MainMove:
    """A page's main move: ``steps`` applied in turn, one per move (the bench alternates them).

    kind "keys": focus the control (its ``nth`` match) and press the step's key.
    kind "type": type the step's text into the control (its ``nth`` match) and press Enter.
    kind "click": click cell ``step`` = (row, column), 0-based, of the heatmap `box`, whose
    size is ``cells``, near its top-left corner (away from the number in its middle).

    Examples
    --------
    >>> MAIN_MOVES["08"].selector
    '.attention-row-2 .noUi-handle'
    >>> MAIN_MOVES["07"].cell_index((1, 3))  # S24, row-major among the heatmap's cells
    8
    """

    notebook: str
    kind: str
    box: str  # the CSS class of the part that holds the control ("" for the whole page)
    control: str  # the control, a CSS selector inside the box
    steps: tuple
    changes: str  # a CSS selector of the view the move redraws
    what: str
    nth: int = 0
    cells: tuple[int, int] | None = None
    query: str = REVEAL

    @property
    def selector(self) -> str:
        """The control, from the page: the box's class, then the control inside it."""
        return f".{self.box} {self.control}" if self.box else self.control

    def cell_index(self, step: tuple[int, int]) -> int:
        """A click's cell among the heatmap's cells, row by row (``rect.heatmapcell``'s order)."""
        return step[0] * self.cells[1] + step[1]


MAIN_MOVES: dict[str, MainMove] = {
    "baseline": MainMove("baseline.ipynb", "keys", "", ".noUi-handle", ("ArrowRight", "ArrowLeft"),
                         ".widget-readout", "slope slider handle: ArrowRight / ArrowLeft → the line", query=""),
    "01": MainMove("01-product-by-columns.ipynb", "type", "lab01-B", ".widget-text input", ("6", "5"),
                   ".lab01-product", "B[1,1]: type 6 / 5 + Enter → column 1 of AB and its combination"),
    "02": MainMove("02-entry-dot-product.ipynb", "click", "lab02-product", "rect.heatmapcell", ((1, 2), (0, 0)),
                   ".lab02-sum", "AB heatmap: click (2,3) / (1,1) → menus, highlights, the written-out sum",
                   cells=(3, 3)),
    "03": MainMove("03-product-properties.ipynb", "type", "lab03-identities-reveal",
                   'input[placeholder="A[1,1]"]', ("2", "1"), ".lab03-identities",
                   "A[1,1]: type 2 / 1 + Enter → the identities panel"),
    "04": MainMove("04-composition.ipynb", "type", "lab04-a", 'input[placeholder="A[1,1]"]', ("1", "0"),
                   ".lab04-ab", "A[1,1]: type 1 / 0 + Enter → four plots, AB, BA"),
    "05": MainMove("05-many-points.ipynb", "keys", "map-param-stretch-sx", ".noUi-handle",
                   ("ArrowRight", "ArrowLeft"), ".lab05-y",
                   "stretch sx slider handle: ArrowRight / ArrowLeft → A, Y, the plot, the rows views"),
    "06": MainMove("06-dense-layer.ipynb", "type", "lab06-W", 'input[placeholder="W[1,1]"]', ("2", "1"),
                   ".lab06-yhat", "W[1,1]: type 2 / 1 + Enter → plot, readout, expansions"),
    "07": MainMove("07-queries-keys-scores.ipynb", "click", "attention-scores", "rect.heatmapcell",
                   ((1, 3), (0, 0)), ".attention-expansion", "S heatmap: click S24 / S11 → the written-out score",
                   cells=(5, 5)),
    "08": MainMove("08-attention-weights.ipynb", "keys", "attention-row-2", ".noUi-handle",
                   ("ArrowRight", "ArrowLeft"), ".attention-average",
                   "row-2 weight slider 1: ArrowRight / ArrowLeft → weights, H, the plot"),
    "09": MainMove("09-softmax-weights.ipynb", "type", "attention-X", ".widget-text input", ("3", "1"),
                   ".attention-average", "X[2,2] (token 2, cat): type 3 / 1 + Enter → A_att, H, Y, both comparisons",
                   nth=4),
    "10": MainMove("10-adaptive-weights.ipynb", "type", "attention-X", ".widget-text input", ("3", "1"),
                   ".lab10-change", "X[3,1] (token 3, tea): type 3 / 1 + Enter → the weights, H, what changed",
                   nth=4),
}
