r"""Lab 5's words: the titles and labels of its gallery, morph, rows panel and grid view, and the rows verdict.

What a learner reads on lab 5's composites (`widgets.labs.many_points`), in
one place: the plot titles, the names of the matrices shown, the labels of
its sliders, menu and buttons, and `rows_verdict`, the sentence that compares
``PAᵀ`` with ``(AX)ᵀ`` (from `widgets.core.many_points.points_as_rows`).
Strings only: no widgets here.
"""

from __future__ import annotations

import html

from ..core.many_points import PointsAsRows

__all__ = [
    "GALLERY_TITLE", "GRID_TOGGLE", "GRID_TOOLTIP", "MATRIX_GRID_TITLE", "MORPH_NAME", "MORPH_PLAY", "MORPH_TITLE",
    "ROWS_NAMES", "RULE_GRID_TITLE", "SHAPE_MENU", "rows_verdict",
]

#: The gallery's menu of shapes, and the title of its plot of ``X`` and ``Y = AX``.
SHAPE_MENU = "shape X"
GALLERY_TITLE = "X (dashed) and Y = AX"

#: The matrix the morph shows as `t` goes from 0 to 1, its plot's title and its Play button.
MORPH_NAME = r"(1 - t)\,I + t\,A"
MORPH_TITLE = "X (dashed) and (1 − t) I + t A applied to X"
MORPH_PLAY = "Play the morph"

#: The rows panel's three matrices: the points as rows, moved on the right, and ``AX`` laid on its side.
ROWS_NAMES = (r"P = X^T", r"PA^T", r"(AX)^T")

#: The grid view: its two plots' titles, and the toggle that shows the grid in both.
MATRIX_GRID_TITLE = "matrix: (x, y) ↦ (x, y + 2c x)"
RULE_GRID_TITLE = "rule: (x, y) ↦ (x, y + c x²)"
GRID_TOGGLE = "show the grid"
GRID_TOOLTIP = "Draw a grid of input points and its image"


def rows_verdict(rows: PointsAsRows) -> str:
    """The HTML sentence comparing ``PAᵀ`` (points as rows) with ``(AX)ᵀ``.

    Parameters
    ----------
    rows : PointsAsRows
        From `widgets.core.many_points.points_as_rows`.

    Returns
    -------
    str
        Whether the two agree, and (when it is) why ``AP`` is undefined.

    Examples
    --------
    >>> from widgets.core.geometry import UNIT_SQUARE
    >>> from widgets.core.many_points import points_as_rows
    >>> text = rows_verdict(points_as_rows([[1, 0], [0, 1]], UNIT_SQUARE))
    >>> text.startswith("<b>✓ They agree:</b>"), "AP is undefined" in text
    (True, True)
    """
    trap = (
        f" Note that AP is undefined ({html.escape(rows.why_not_AP)}): with points as rows, "
        "the matrix goes on the right, transposed."
    ) if rows.why_not_AP else ""
    return (
        f"<b>{'✓ They agree' if rows.agree else '✗ They differ'}:</b> row <i>j</i> of PAᵀ is the image of point "
        f"<i>j</i>, exactly column <i>j</i> of AX laid on its side.{trap}"
    )
