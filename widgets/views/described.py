"""A bqplot figure that carries a text alternative for screen readers.

A view puts what it draws into words (`widgets.text.alternatives`) and sets
them as the figure's ``tooltip`` at each redraw; the page's template
(``matmul_access.html``) makes that text the figure's accessible name.
"""

from bqplot import Figure
from traitlets import Unicode

__all__ = ["DescribedFigure"]


class DescribedFigure(Figure):
    """A `bqplot.Figure` whose ``tooltip`` reaches the page.

    ipywidgets' front end writes a widget's tooltip into its element's
    ``title`` only when the widget's ``description`` is empty, and reads that
    description even on a widget that has none, such as a bqplot figure,
    where the read fails.  This figure has one, always empty.

    Examples
    --------
    >>> figure = DescribedFigure(tooltip="Arrows q to (2, 1) and k to (1, 2).")
    >>> figure.get_state()["description"], figure.get_state()["tooltip"]
    ('', 'Arrows q to (2, 1) and k to (1, 2).')
    """

    description = Unicode(
        "", help="Always empty: the front end then shows the tooltip (the text alternative)."
    ).tag(sync=True)
