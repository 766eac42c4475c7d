"""Lab 8's own composite: one output of attention drawn as the weighted average it is.

`OutputPicture` shows the value vectors, their convex hull and the single
output ``h_i`` that one row of ``A_att`` makes of them, with the sum written
out beside it.  Lab 8 holds it back until the learner has computed ``h_2``
of Activity 1.4.6, then shows it as the picture of the answer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, Layout, VBox
from numpy.typing import ArrayLike

from ..base.owned import OwnsChildren
from ..base.traits import validate_matrix
from ..text.attention_prose import output_note, output_sum_html
from ..text.attention_steps import output_expansion
from ..views.values_plot import ValuesPlot
from .naming import tag_parts

__all__ = ["OutputPicture"]


class OutputPicture(OwnsChildren, VBox):
    """The output ``h_i = sum_j A_att[i, j] v_j`` of one row of weights, drawn and written out.

    Parameters
    ----------
    values : array_like, shape (L, 2)
        The value vectors ``v_j``, one per row.
    weights : array_like, shape (L,)
        Row ``i`` of ``A_att``: one weight per value, nonnegative, adding to 1.
    row : int
        0-based index ``i`` of that row, used in the names (``h_2`` for 1).
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-plot`` and ``PREFIX-sum``.  Default ``"output-picture"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    text : str
        The weighted sum written out in plain text.
    plot : ValuesPlot
        The plot drawing the values, their hull and ``h_i``.

    Examples
    --------
    Activity 1.4.6:

    >>> picture = OutputPicture([[1, 0], [2, 0], [0, 4], [4, 4]], [0, 1/2, 1/4, 1/4], row=1)
    >>> picture.output
    array([2., 2.])
    >>> picture.text
    'h_2 = 0 v_1 + 0.5 v_2 + 0.25 v_3 + 0.25 v_4 = (2, 2)'
    """

    def __init__(
        self, values: ArrayLike, weights: ArrayLike, row: int, *, prefix: str = "output-picture", **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        V = validate_matrix(values, name="V")
        w = validate_matrix(np.atleast_2d(np.asarray(weights, dtype=float)), name="A_att row")
        self._row = int(row)
        self.plot = self._own(ValuesPlot(V, w, focus=0, output_names=[f"h{self._row + 1}"]))
        self.text = output_expansion(w, V, self._row)
        self._sum = self._own(HTML(output_sum_html(self.text)))
        tag_parts(prefix, {"plot": self.plot, "sum": self._sum})
        note = self._own(HTML(output_note(self._row)))
        self.add_class("output-picture")
        self.layout = Layout(width="380px")
        self.children = [self.plot, self._sum, note]

    @property
    def output(self) -> np.ndarray:
        """The output ``h_i``, as a 1-D array."""
        return self.plot.outputs[0].copy()
