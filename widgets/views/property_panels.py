"""Panels that show the properties of the matrix product on live matrices.

`IdentityPanel` evaluates both sides of every identity of Theorem 1.4.3 for
its matrices ``A``, ``B``, ``C`` and scalar ``r`` and shows them with a
verdict, and beside them two look-alikes that are not rules (``(AB)ᵀ =
AᵀBᵀ``, ``(A + B)² = A² + 2AB + B²``), each saying why it fails; `OrderPanel` sets ``XY`` beside ``YX`` (Warning 1.4.4).  Both are
thin views over `widgets.core.identities`: set their traits (or `traitlets.dlink`
editors to them) and they redraw.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import numpy as np
from ipywidgets import HTML, GridBox, HBox, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Instance, TraitError, Tuple, Unicode, observe, validate

from ..base.batching import apply_changes
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..base.traits import FiniteFloat, MatrixTrait
from ..core.identities import (
    OrderComparison,
    check_false_identities,
    check_identities,
    compare_orders,
)
from ..core.shapes import format_shape
from ..text.alerts import ERROR_COLOR, SUCCESS_COLOR, WARNING_COLOR, alert_html, feedback_html
from ..text.html_math import formula_html, matrix_html, symbols_html

__all__ = ["IdentityPanel", "OrderPanel"]

_VERDICT_STYLE = {
    "equal": (SUCCESS_COLOR, "✓ holds"),
    "undefined": (WARNING_COLOR, "– undefined"),
    "too large": (WARNING_COLOR, "– too large to compare"),
    "different": (ERROR_COLOR, "✗ the sides differ"),
    "commute": (SUCCESS_COLOR, "✓ same result"),
    "entries differ": (ERROR_COLOR, "✗ different entries"),
    "shapes differ": (ERROR_COLOR, "✗ different shapes"),
    "one undefined": (WARNING_COLOR, "– only one order works"),
    "both undefined": (WARNING_COLOR, "– neither order works"),
}
_TITLES = {
    "associativity": "Associativity",
    "distributivity on the right": "Distributivity (on the right)",
    "distributivity on the left": "Distributivity (on the left)",
    "scalars move freely": "Scalars move freely",
    "transpose of a product": "Transpose of a product",
}
_FALSE_TITLES = {
    "transpose in the same order": "Not a rule: transposing without reversing",
    "square of a sum": "Not a rule: the square of a sum as for numbers",
}
# A look-alike that fails is the expected outcome: say "fails", not "the sides differ".
_FALSE_VERDICT_STYLE = {
    **_VERDICT_STYLE,
    "equal": (WARNING_COLOR, "✓ holds here, but not in general"),
    "different": (ERROR_COLOR, "✗ fails"),
}


def _side_html(side, digits):
    if side.defined:
        matrix = matrix_html(side.value, digits=digits, label=side.label)
        return (
            '<span style="display:inline-block;margin:2px 14px 2px 0">'
            f"{formula_html(symbols_html(side.label) + ' =', matrix)}</span>"
        )
    return feedback_html(side.reason, WARNING_COLOR, tag="span", style="display:inline-block;margin:2px 14px 2px 0")


def _status_html(message):
    if not message:
        return ""
    return alert_html(message)


def _card():
    return HTML(layout=Layout(padding="4px 10px", margin="0")).add_class("identity-card")


def _grid(cards):
    return GridBox(
        list(cards),
        layout=Layout(
            grid_template_columns="repeat(auto-fill, minmax(520px, 1fr))",
            grid_gap="8px 16px",
            width="100%",
        ),
    )


def _finite_number(proposal):
    value = proposal["value"]
    if not np.isfinite(value):
        raise TraitError(f"{proposal['trait'].name} must be a finite number, got {value}")
    return value


class IdentityPanel(OwnsChildren, VBox):
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
    look_alikes : bool, optional
        Also show the look-alikes that are not rules (``(AB)ᵀ = AᵀBᵀ``,
        ``(A + B)² = A² + 2AB + B²``), each with why it fails on ``A`` and
        ``B``.  Default True.
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
    false_results : tuple of IdentityResult
        The look-alikes, evaluated (``rule`` is False).
    false_cards : tuple of ipywidgets.HTML
        One per look-alike (CSS classes ``identity-card`` and
        ``identity-card-false``), after the theorem's cards.

    Examples
    --------
    >>> panel = IdentityPanel(np.eye(2), [[1, 2], [3, 4]], [[0, 1], [1, 0]])
    >>> [res.verdict for res in panel.results]
    ['equal', 'equal', 'equal', 'equal', 'equal']
    >>> [res.verdict for res in panel.false_results]  # I commutes with every B
    ['equal', 'equal']
    >>> panel.A = [[1, 2], [0, -1]]
    >>> "✗ fails" in panel.false_cards[1].value
    True
    >>> panel.B = [[1, 2, 3]]
    >>> panel.results[0].sides[0].reason
    'A(BC) is undefined because BC is undefined: B is 1×3 and C is 2×2: B has 3 columns but C has 2 rows'
    """

    A = MatrixTrait(help="The matrix A.")
    B = MatrixTrait(help="The matrix B.")
    C = MatrixTrait(help="The matrix C.")
    r = FiniteFloat(2.0, help="The scalar r.")
    results = Tuple(read_only=True, help="The evaluated identities, as shown: tuple of IdentityResult.")
    false_results = Tuple(
        read_only=True,
        help="The look-alikes that are not rules, evaluated as shown (empty without them): tuple of IdentityResult.",
    )

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        C: ArrayLike,
        r: float = 2.0,
        *,
        look_alikes: bool = True,
        digits: int = 3,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._digits = int(digits)
        self.cards = tuple(self._own(_card()) for _ in _TITLES)
        self.false_cards = tuple(
            self._own(_card().add_class("identity-card-false")) for _ in (_FALSE_TITLES if look_alikes else ())
        )
        children = [self._own(_grid(self.cards))]
        if look_alikes:
            children += self._own(
                HTML("<b>Look-alikes that are not rules</b>: each holds only for some matrices. "
                     "Beside each one, what its left side really equals.").add_class("identity-false-heading"),
                _grid(self.false_cards),
            )
        self._status = self._own(steady(HTML))
        with self.hold_trait_notifications():
            self.A, self.B, self.C, self.r = A, B, C, r
        self.add_class("identity-panel")
        self.children = [*children, self._status]
        self._ready = True
        self._render()

    @validate("r")
    def _validate_r(self, proposal):
        return _finite_number(proposal)

    @observe("A", "B", "C", "r")
    def _on_matrices_change(self, change):
        if self._ready:
            self._render()

    def _render(self):
        try:
            results = check_identities(self.A, self.B, self.C, self.r)
            false_results = check_false_identities(self.A, self.B) if self.false_cards else ()
            texts = [self._card_html(result) for result in (*results, *false_results)]
        except Exception as error:  # shown in the panel, never a traceback
            self._status.value = _status_html(f"Could not evaluate the identities: {error}")
            return
        with self.hold_trait_notifications():
            self.set_trait("results", results)
            self.set_trait("false_results", false_results)
        cards = (*self.cards, *self.false_cards)
        updates = [(card, {"value": text}) for card, text in zip(cards, texts)]
        apply_changes([*updates, (self._status, {"value": ""})])

    def _card_html(self, result):
        styles, titles = (_VERDICT_STYLE, _TITLES) if result.rule else (_FALSE_VERDICT_STYLE, _FALSE_TITLES)
        color, mark = styles[result.verdict]
        statement = symbols_html(result.statement)
        if not result.rule:
            statement = statement.replace(" = ", " ≟ ", 1)  # a claim to test, not a fact
        sides = "".join(_side_html(side, self._digits) for side in result.sides)
        extra = ""
        if result.true_side is not None:
            left = result.sides[0].label
            truth = _side_html(result.true_side, self._digits)
            extra += (
                f'<div style="margin:4px 0">What {symbols_html(left)} really equals: {truth}</div>'
            )
        if result.evidence:
            shown = "".join(_side_html(side, self._digits) for side in result.evidence)
            extra += f'<div style="margin:4px 0">Here: {shown}</div>'
        verdict = feedback_html(f"<b>{mark}</b>: {html.escape(result.message)}", color, escape=False)
        return (
            f'<div style="border-left:4px solid {color};padding-left:10px">'
            f"<b>{titles.get(result.name, result.name)}</b>: {statement}"
            f'<div style="margin:4px 0">{sides}</div>{extra}{verdict}</div>'
        )


class OrderPanel(OwnsChildren, VBox):
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
    comparison : OrderComparison or None
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
    comparison = Instance(OrderComparison, allow_none=True, read_only=True, help="The `OrderComparison` shown.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        left: ArrayLike,
        right: ArrayLike,
        names: Sequence[str] = ("A", "B"),
        *,
        digits: int = 3,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._digits = int(digits)
        self._forward, self._backward, self._verdict = self._own(
            HTML(layout=Layout(min_width="12em")).add_class("order-forward"),
            HTML(layout=Layout(min_width="12em")).add_class("order-backward"),
            steady(HTML).add_class("order-verdict").add_class("check-feedback"),
        )
        with self.hold_trait_notifications():
            self.left, self.right = left, right
            self.left_name, self.right_name = names
        self.add_class("order-panel")
        self.children = [
            self._own(HBox([self._forward, self._backward], layout=Layout(grid_gap="24px"))),
            self._verdict,
        ]
        self._ready = True
        self._render()

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
        self.set_trait("comparison", comparison)
        color, mark = _VERDICT_STYLE[comparison.verdict]
        for view, side in ((self._forward, comparison.forward), (self._backward, comparison.backward)):
            text = _side_html(side, self._digits)
            if side.defined:
                text += f"<div>({format_shape(side.value.shape)})</div>"
            view.value = text
        self._verdict.value = feedback_html(f"<b>{mark}</b>: {html.escape(comparison.message)}", color, escape=False)
