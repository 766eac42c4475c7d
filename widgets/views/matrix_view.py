"""A read-only matrix, optionally with a row or column picked out.

`MatrixView`'s name is a formula, written once (`MathHTML`); its entries are an HTML
table (`widgets.text.html_math`) that the browser redraws at once whenever the
matrix or the highlight changes, so a view that follows a slider keeps up.
"""

from __future__ import annotations

from typing import Any

from ipywidgets import HTML, HBox
from numpy.typing import ArrayLike
from traitlets import Int, TraitError, Unicode, observe, validate

from ..base.math_html import MathHTML
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import COLUMN, ROW, MatrixTrait, check_highlight, drop_lost_highlights
from ..text.html_math import matrix_html

__all__ = ["MatrixView"]

#: The most decimals a view shows.
_MAX_DIGITS = 15
#: The traits that mark a place of the matrix, and what each marks.
_HIGHLIGHTS = {"highlight_row": ROW, "highlight_col": COLUMN}


class MatrixView(OwnsChildren, HBox):
    r"""A read-only matrix: its LaTeX name, then its entries between brackets.

    Parameters
    ----------
    matrix : array_like
        A non-empty 2-D matrix of finite numbers.
    name : str or None, optional
        LaTeX for the name (``"A"``, ``"W_Q"``); shown as ``name =`` before
        the entries.
    highlight_row, highlight_col : int or None, optional
        0-based row and column to colour.  One past the edge is refused
        (TraitError); a shrinking matrix drops one that no longer exists to
        None (`widgets.base.traits.check_highlight`).
    digits : int, optional
        Decimals shown.  Default 3.
    **kwargs
        Passed to `HBox` (e.g. ``layout``).

    Attributes
    ----------
    matrix : numpy.ndarray
        The matrix shown (read-only float array); assign to redraw.
    table : str
        The HTML of the entries, as sent to the browser.

    Examples
    --------
    >>> view = MatrixView([[6, 19], [9, -3]], name="AB")
    >>> view.children[0].text
    '$AB =$'
    >>> view.highlight_row = 0
    >>> view.table.count("<b ")
    2
    """

    matrix = MatrixTrait(help="The matrix shown, a read-only 2-D float array.")
    name = Unicode(None, allow_none=True, help="LaTeX name shown before '=', or None.")
    highlight_row = Int(None, allow_none=True, help="0-based row to colour, or None.")
    highlight_col = Int(None, allow_none=True, help="0-based column to colour, or None.")
    digits = Int(3, help="Decimals shown for each entry.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        matrix: ArrayLike,
        name: str | None = None,
        highlight_row: int | None = None,
        highlight_col: int | None = None,
        digits: int = 3,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._label = self._own(steady(MathHTML).add_class("matrix-view-name"))
        self._entries = self._own(steady(HTML).add_class("matrix-view-entries"))
        self.layout.align_items = "center"
        self.add_class("matrix-view")
        self.name = name
        self.matrix = matrix
        self.highlight_row = highlight_row
        self.highlight_col = highlight_col
        self.digits = digits
        self._ready = True
        self._render_name()
        self._render()

    @property
    def table(self) -> str:
        """The HTML table of the entries."""
        return self._entries.value

    @validate(*_HIGHLIGHTS)
    def _validate_highlight(self, proposal):
        return check_highlight(proposal, self.matrix.shape, _HIGHLIGHTS)

    @validate("digits")
    def _validate_digits(self, proposal):
        # A float carries about 16 significant digits: more would show noise.
        if not 0 <= proposal["value"] <= _MAX_DIGITS:
            raise TraitError(f"digits must be 0 to {_MAX_DIGITS}, got {proposal['value']}")
        return proposal["value"]

    @observe("name")
    def _on_name_change(self, change):
        if self._ready:
            self._render_name()

    @observe("matrix")
    def _on_matrix_change(self, change):
        drop_lost_highlights(self, self.matrix.shape, _HIGHLIGHTS)
        if self._ready:
            self._render()

    @observe("highlight_row", "highlight_col", "digits")
    def _on_look_change(self, change):
        if self._ready:
            self._render()

    def _render_name(self):
        # The name is typeset once; only the table changes as the matrix does.
        self._label.text = f"${self.name} =$" if self.name else ""
        self.children = (self._label, self._entries) if self.name else (self._entries,)

    def _render(self):
        self._entries.value = matrix_html(
            self.matrix, self.highlight_row, self.highlight_col, self.digits,
            label=self.name or "matrix",
        )
