"""Lab 5's rows-or-columns panel: the same points as rows, ``P = Xᵀ``, moved by ``PAᵀ = (AX)ᵀ``.

`RowsOrColumns` shows ``P``, ``PAᵀ`` and ``(AX)ᵀ`` side by side and says
whether the two agree, and why ``AP`` is undefined: with points as rows the
matrix goes on the right, transposed.  The math is
`widgets.core.points_as_rows`, the sentence `widgets.text.verdicts`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, HBox, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import observe

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import MatrixTrait
from ..core.geometry import UNIT_SQUARE
from ..core.points_as_rows import points_as_rows
from ..text.verdicts import rows_verdict
from ..views.matrix_view import MatrixView
from .naming import tag_parts

__all__ = ["RowsOrColumns"]


class RowsOrColumns(OwnsChildren, VBox):
    r"""``P = Xᵀ``, ``PAᵀ`` and ``(AX)ᵀ`` side by side, with a sentence comparing them.

    Parameters
    ----------
    points : array_like, optional
        The ``2×N`` points ``X``, as columns.  Default the unit square.
    matrix : array_like, optional
        The ``2×2`` map ``A``.  Default the identity.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-p``, ``PREFIX-pat``, ``PREFIX-axt`` and
        ``PREFIX-rows-status``.  Default ``"rows-or-columns"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    matrix, points : numpy.ndarray
        ``A`` and ``X``; assign them (or `dlink` a `MapGallery`'s) to redraw.
    views : tuple of MatrixView
        The views of ``P``, ``PAᵀ`` and ``(AX)ᵀ``.
    status : ipywidgets.HTML
        Whether ``PAᵀ`` and ``(AX)ᵀ`` agree, and why ``AP`` is undefined.

    Examples
    --------
    >>> rows = RowsOrColumns(matrix=[[1, 1], [0, 1]])
    >>> rows.views[1].matrix[2].tolist()
    [2.0, 1.0]
    >>> "They agree" in rows.status.value
    True
    """

    matrix = MatrixTrait(help="The 2×2 map A.")
    points = MatrixTrait(help="The 2×N points X, as columns.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        points: ArrayLike = UNIT_SQUARE,
        matrix: ArrayLike = ((1, 0), (0, 1)),
        *,
        prefix: str = "rows-or-columns",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.views = tuple(
            MatrixView(np.asarray(points, dtype=float).T, name=name) for name in (r"P = X^T", r"PA^T", r"(AX)^T")
        )
        self.status = steady(HTML)
        self._own(*self.views, self.status)
        tag_parts(prefix, {**dict(zip(("p", "pat", "axt"), self.views)), "rows-status": self.status})
        self.add_class("rows-or-columns")
        self.layout.grid_gap = "8px"
        self.children = [
            self._own(HBox(list(self.views), layout=Layout(grid_gap="40px", flex_flow="row wrap"))),
            self.status,
        ]
        with self.hold_trait_notifications():
            self.points = points
            self.matrix = matrix
        self._ready = True
        self._render()

    @observe("matrix", "points")
    def _on_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        rows = points_as_rows(self.matrix, self.points)
        for view, matrix in zip(self.views, (rows.P, rows.moved, rows.columns_moved)):
            view.matrix = matrix
        self.status.value = rows_verdict(rows)
