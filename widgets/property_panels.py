"""Panels that show the properties of the matrix product on live matrices.

`IdentityPanel` evaluates both sides of every identity of Theorem 1.4.3 for
its matrices ``A``, ``B``, ``C`` and scalar ``r`` and shows them with a
verdict; `OrderPanel` sets ``XY`` beside ``YX`` (Warning 1.4.4).  Both are
thin views over `widgets.identities`: set their traits (or `traitlets.dlink`
editors to them) and they redraw.
"""

import html

import numpy as np
from ipywidgets import HTML, GridBox, HBox, Layout, VBox
from traitlets import TraitError, Unicode, observe, validate

from .html_math import formula_html, matrix_html, symbols_html
from .identities import check_identities, compare_orders
from .matrix_editor import FiniteFloat, MatrixTrait
from .shapes import format_shape

__all__ = ["IdentityPanel", "OrderPanel"]

_VERDICT_STYLE = {
    "equal": ("#1e7e34", "✓ holds"),
    "undefined": ("#8a6d3b", "– undefined"),
    "too large": ("#8a6d3b", "– too large to compare"),
    "different": ("#a94442", "✗ the sides differ"),
    "commute": ("#1e7e34", "✓ same result"),
    "entries differ": ("#a94442", "✗ different entries"),
    "shapes differ": ("#a94442", "✗ different shapes"),
    "one undefined": ("#8a6d3b", "– only one order works"),
    "both undefined": ("#8a6d3b", "– neither order works"),
}
_TITLES = {
    "associativity": "Associativity",
    "distributivity on the right": "Distributivity (on the right)",
    "distributivity on the left": "Distributivity (on the left)",
    "scalars move freely": "Scalars move freely",
    "transpose of a product": "Transpose of a product",
}


def _side_html(side, digits):
    if side.defined:
        matrix = matrix_html(side.value, digits=digits, label=side.label)
        return (
            '<span style="display:inline-block;margin:2px 14px 2px 0">'
            f"{formula_html(symbols_html(side.label) + ' =', matrix)}</span>"
        )
    return (
        '<span style="display:inline-block;margin:2px 14px 2px 0;color:#8a6d3b">'
        f"{html.escape(side.reason)}</span>"
    )


def _status_html(message):
    if not message:
        return ""
    return f'<div role="alert" style="color:#a94442">{html.escape(message)}</div>'


def _finite_number(proposal):
    value = proposal["value"]
    if not np.isfinite(value):
        raise TraitError(f"{proposal['trait'].name} must be a finite number, got {value}")
    return value


class IdentityPanel(VBox):
    r"""Both sides of each identity of Theorem 1.4.3, with a verdict.

    One card per identity: its statement, every side computed (or, when the
    shapes make a side undefined, which sub-expression fails and why) and
    whether the sides agree.

    Parameters
    ----------
    A, B, C : array_like
        The matrices; any shapes.
    r : float, optional
        The scalar.  Default 2.
    digits : int, optional
        Decimals shown for entries.  Default 3.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    A, B, C : numpy.ndarray
        The matrices (read-only arrays); assign (or `dlink` an editor) to
        redraw.
    r : float
        The scalar.
    results : tuple of IdentityResult
        What the cards show, in the order of the theorem.
    cards : tuple of ipywidgets.HTML
        One per identity (CSS class ``identity-card``).

    Examples
    --------
    >>> panel = IdentityPanel(np.eye(2), [[1, 2], [3, 4]], [[0, 1], [1, 0]])
    >>> [res.verdict for res in panel.results]
    ['equal', 'equal', 'equal', 'equal', 'equal']
    >>> panel.B = [[1, 2, 3]]
    >>> panel.results[0].sides[0].reason
    'A(BC) is undefined because BC is undefined: B is 1×3 and C is 2×2: B has 3 columns but C has 2 rows'
    """

    A = MatrixTrait(help="The matrix A.")
    B = MatrixTrait(help="The matrix B.")
    C = MatrixTrait(help="The matrix C.")
    r = FiniteFloat(2.0, help="The scalar r.")

    def __init__(self, A, B, C, r=2.0, *, digits=3, **kwargs):
        super().__init__(**kwargs)
        self._ready = False
        self._digits = int(digits)
        self._results = ()
        self._cards = tuple(
            HTML(layout=Layout(padding="4px 10px", margin="0"))
            .add_class("identity-card")
            for _ in _TITLES
        )
        self._grid = GridBox(
            list(self._cards),
            layout=Layout(
                grid_template_columns="repeat(auto-fill, minmax(520px, 1fr))",
                grid_gap="8px 16px",
                width="100%",
            ),
        )
        self._status = HTML()
        with self.hold_trait_notifications():
            self.A, self.B, self.C, self.r = A, B, C, r
        self.add_class("identity-panel")
        self.children = [self._grid, self._status]
        self._ready = True
        self._render()

    @property
    def results(self):
        """The evaluated identities, as shown."""
        return self._results

    @property
    def cards(self):
        """The `HTML` card of each identity."""
        return self._cards

    @validate("r")
    def _validate_r(self, proposal):
        return _finite_number(proposal)

    @observe("A", "B", "C", "r")
    def _on_matrices_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        try:
            self._results = check_identities(self.A, self.B, self.C, self.r)
            texts = [self._card_html(result) for result in self._results]
        except Exception as error:  # shown in the panel, never a traceback
            self._status.value = _status_html(f"Could not evaluate the identities: {error}")
            return
        for card, text in zip(self._cards, texts):
            if card.value != text:
                card.value = text
        self._status.value = ""

    def _card_html(self, result):
        color, mark = _VERDICT_STYLE[result.verdict]
        statement = symbols_html(result.statement)
        sides = "".join(_side_html(side, self._digits) for side in result.sides)
        return (
            f'<div style="border-left:4px solid {color};padding-left:10px">'
            f"<b>{_TITLES.get(result.name, result.name)}</b>: {statement}"
            f'<div style="margin:4px 0">{sides}</div>'
            f'<div style="color:{color}"><b>{mark}</b>: {html.escape(result.message)}</div>'
            "</div>"
        )


class OrderPanel(VBox):
    r"""The products ``XY`` and ``YX`` side by side, and whether they agree.

    Parameters
    ----------
    left, right : array_like
        ``X`` and ``Y``; any shapes.
    names : tuple of str, optional
        Their names.  Default ``("A", "B")``.
    digits : int, optional
        Decimals shown.  Default 3.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    left, right : numpy.ndarray
        The two matrices; assign (or `dlink` editors) to redraw.
    comparison : OrderComparison
        What is shown.

    Examples
    --------
    Warning 1.4.4:

    >>> panel = OrderPanel([[0, -1], [1, 0]], [[2, 0], [0, 1]], names=("R", "S"))
    >>> panel.comparison.verdict
    'entries differ'
    >>> panel.comparison.forward.value.tolist(), panel.comparison.backward.value.tolist()
    ([[0.0, -1.0], [2.0, 0.0]], [[0.0, -2.0], [1.0, 0.0]])
    """

    left = MatrixTrait(help="The first matrix X.")
    right = MatrixTrait(help="The second matrix Y.")
    left_name = Unicode("A", help="Name of the first matrix.")
    right_name = Unicode("B", help="Name of the second matrix.")

    def __init__(self, left, right, names=("A", "B"), *, digits=3, **kwargs):
        super().__init__(**kwargs)
        self._ready = False
        self._digits = int(digits)
        self._comparison = None
        self._forward = HTML(layout=Layout(min_width="12em")).add_class("order-forward")
        self._backward = HTML(layout=Layout(min_width="12em")).add_class("order-backward")
        self._verdict = HTML().add_class("order-verdict")
        with self.hold_trait_notifications():
            self.left, self.right = left, right
            self.left_name, self.right_name = names
        self.add_class("order-panel")
        self.children = [
            HBox([self._forward, self._backward], layout=Layout(grid_gap="24px")),
            self._verdict,
        ]
        self._ready = True
        self._render()

    @property
    def comparison(self):
        """The `OrderComparison` shown."""
        return self._comparison

    @observe("left", "right", "left_name", "right_name")
    def _on_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        try:
            comparison = compare_orders(
                self.left, self.right, names=(self.left_name, self.right_name)
            )
        except Exception as error:  # shown in the panel, never a traceback
            self._verdict.value = _status_html(f"Could not compare the products: {error}")
            return
        self._comparison = comparison
        color, mark = _VERDICT_STYLE[comparison.verdict]
        for view, side in ((self._forward, comparison.forward), (self._backward, comparison.backward)):
            text = _side_html(side, self._digits)
            if side.defined:
                text += f"<div>({format_shape(side.value.shape)})</div>"
            view.value = text
        self._verdict.value = (
            f'<div role="status" style="color:{color}"><b>{mark}</b>: '
            f"{html.escape(comparison.message)}</div>"
        )
