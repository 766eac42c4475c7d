"""Lab 4's composites: the composition step by step and all at once, and the shape checker.

`CompositionSteps`: B moves X, then A; AB in one go; BA.  Four plots of one
shape ``X``: ``B`` acting (``X → BX``), then ``A`` acting on the result
(``BX → A(BX)``), the product ``AB`` in one go (``X → (AB)X``), and the other
order ``BA``.  Beside them the editors for ``A`` and ``B``, a menu of shapes,
buttons that load chosen pairs (Warning 1.4.4's two orders) and the two
products.  A line under the plots says by how much ``A(BX)`` and ``(AB)X``
differ (nothing, up to rounding) and whether ``AB = BA``.

`ShapeChecker`: type the sizes of A and B, read whether AB and x ↦ A(Bx)
exist.  Four whole-number boxes, ``m × n`` for ``A`` and ``p × q`` for ``B``,
and one line that says what `describe_composition` says: the shape of ``AB``
and the spaces the composed map runs between, or why the product does not
exist.  A number is taken as typed, never clamped to a range behind the
learner's back; a size below 1 is explained in the line.

The math is `widgets.core.composition` (shared with the practice), the words
`widgets.text.composition_words`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
from ipywidgets import HTML, Button, Dropdown, GridBox, HBox, IntText, Label, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import Bool, TraitError, Tuple, Unicode, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..core.composition import describe_sizes
from ..core.geometry import HOUSE, UNIT_SQUARE
from ..core.identities import largest_gap
from ..text.alerts import alert_html
from ..text.composition_words import PLOT_TITLES, SHAPE_MENU, composition_verdict, sizes_verdict
from ..views.matrix_view import MatrixView
from ..views.vertex_plot import VertexPlot
from .naming import tag_parts

__all__ = ["CompositionSteps", "ShapeChecker"]


#: Below this, a gap between A(BX) and (AB)X is floating-point dust, not a difference.
_DUST = 1e-9


class CompositionSteps(OwnsChildren, VBox):
    r"""Apply ``B`` then ``A`` step by step, beside ``AB`` at once and ``BA``.

    Parameters
    ----------
    A, B : array_like
        The two 2×2 matrices shown first.
    shapes : dict of str to array_like, optional
        The shapes to pick ``X`` from (``2×N`` vertex matrices); the first
        is shown first.  Default: the house and the unit square.
    orders : sequence of (str, array_like, array_like, str), optional
        Buttons that load a pair: ``(label, A, B, tooltip)``.
    prefix : str, optional
        Prefix of the CSS classes of the parts (``PREFIX-a``, ``PREFIX-b``,
        ``PREFIX-ab``, ``PREFIX-ba``, ``PREFIX-then-a``, ``PREFIX-at-once``,
        ``PREFIX-agree``; the buttons get ``PREFIX-`` and their label with
        dashes).  Default ``"composition"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    a_editor, b_editor : MatrixEditor
        The editors of ``A`` and ``B``.
    shape_menu : ipywidgets.Dropdown
        The menu of shapes ``X``.
    buttons : tuple of ipywidgets.Button
        The buttons that load a pair: one per order, in the order given.
    first_b, then_a, at_once, other_order : VertexPlot
        The four plots: 1. ``X → BX``, 2. ``BX → A(BX)``, 3. ``X → (AB)X``
        and 4. ``X → (BA)X``.
    ab_view, ba_view : MatrixView
        The products ``AB`` and ``BA``.
    agree : ipywidgets.HTML
        The comparison line, or why nothing could be drawn.

    Examples
    --------
    >>> R, S = [[0, -1], [1, 0]], [[2, 0], [0, 1]]
    >>> steps = CompositionSteps(R, S, orders=[("rotate, then stretch", S, R, "")])
    >>> np.allclose(steps.then_a.image, steps.at_once.image)
    True
    >>> steps.buttons[0].click()
    >>> steps.ab_view.matrix.tolist()
    [[0.0, -2.0], [1.0, 0.0]]
    >>> "not the same" in steps.agree.value
    True
    """

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        *,
        shapes: Mapping[str, ArrayLike] | None = None,
        orders: Iterable[tuple[str, ArrayLike, ArrayLike, str]] = (),
        prefix: str = "composition",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._shapes = dict(shapes) if shapes is not None else {"house": HOUSE, "unit square": UNIT_SQUARE}
        # min_width: the editor would otherwise clip the right margin of its last column.
        self.a_editor = MatrixEditor(A, name="A", layout=Layout(min_width="9.5em"))
        self.b_editor = MatrixEditor(B, name="B", layout=Layout(min_width="9.5em"))
        self.shape_menu = Dropdown(
            options=list(self._shapes), description=SHAPE_MENU,
            style={"description_width": "initial"}, layout=Layout(width="14em"),
        )
        self.buttons = tuple(self._order_button(order) for order in orders)
        a, b = self.a_editor.value, self.b_editor.value
        self.ab_view = MatrixView(a @ b, name="AB")
        self.ba_view = MatrixView(b @ a, name="BA")
        self.agree = steady(HTML)
        # Drawn by `redraw` below, which shows what fails instead of raising.
        self.first_b, self.then_a, self.at_once, self.other_order = (_plot(title) for title in PLOT_TITLES)
        self._own(self.a_editor, self.b_editor, self.shape_menu, *self.buttons, self.ab_view, self.ba_view,
                  self.agree, self.first_b, self.then_a, self.at_once, self.other_order)
        tag_parts(prefix, {
            "a": self.a_editor, "b": self.b_editor, "ab": self.ab_view, "ba": self.ba_view, "agree": self.agree,
            "then-a": self.then_a, "at-once": self.at_once,
            # An order's button by its words: "B, then A" is {prefix}-B-then-A.
            **{"-".join(button.description.replace(",", "").split()): button for button in self.buttons},
        })
        for control in (self.a_editor, self.b_editor, self.shape_menu):
            control.observe(self._on_input_change, names="value")
        controls = self._own(VBox(
            [self._own(HBox([self.b_editor, self.a_editor], layout=Layout(grid_gap="24px"))), self.shape_menu,
             *self.buttons, self.ab_view, self.ba_view],
            layout=Layout(grid_gap="8px", min_width="330px"),
        ))
        plots = self._own(GridBox(
            [self.first_b, self.then_a, self.at_once, self.other_order],
            layout=Layout(grid_template_columns="repeat(2, 330px)", grid_gap="4px 12px"),
        ))
        self.add_class("composition-steps")
        self.children = [
            self._own(HBox([controls, plots], layout=Layout(grid_gap="24px", flex_flow="row wrap"))),
            self.agree,
        ]
        self.redraw()

    def _order_button(self, order):
        label, a, b, tooltip = order
        button = Button(description=label, tooltip=tooltip, layout=Layout(width="15em"))
        button.on_click(lambda _button: self.load(a, b))
        return button

    def load(self, A: ArrayLike, B: ArrayLike) -> None:
        """Show the pair `A`, `B` (as the order buttons do)."""
        self.a_editor.value, self.b_editor.value = A, B

    def _on_input_change(self, change):
        self.redraw()

    def redraw(self) -> None:
        """Bring every plot, both products and the comparison line up to date."""
        try:
            X, a, b = self._shapes[self.shape_menu.value], self.a_editor.value, self.b_editor.value
            for plot, points, matrix in (
                (self.first_b, X, b), (self.then_a, b @ X, a),
                (self.at_once, X, a @ b), (self.other_order, X, b @ a),
            ):
                with plot.hold_trait_notifications():
                    plot.points, plot.matrix = points, matrix
            self.ab_view.matrix, self.ba_view.matrix = a @ b, b @ a
            gap = largest_gap(self.then_a.image, self.at_once.image)
            self.agree.value = composition_verdict(0 if gap < _DUST else gap, np.allclose(a @ b, b @ a))
        except Exception as error:  # shown in place, never a traceback
            self.agree.value = alert_html(f"Could not draw: {error}", tag="span")


def _plot(title):
    return VertexPlot(title=title, layout=Layout(width="330px", height="330px"))


class ShapeChecker(OwnsChildren, VBox):
    """Boxes for the sizes of ``A`` (m×n) and ``B`` (p×q), and what they make.

    Parameters
    ----------
    a_shape, b_shape : tuple of int, optional
        The sizes shown first.  Default 2×3 and 3×1.
    prefix : str, optional
        Prefix of the CSS classes: ``PREFIX-m`` ... ``PREFIX-q`` for the
        boxes, ``PREFIX-shape-result`` for the line.  Default
        ``"shape-checker"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    value : tuple
        ``((m, n), (p, q))`` as typed; set it to fill the boxes.
    ok : bool
        Whether ``AB`` exists for these sizes (read-only).
    message : str
        The explanation shown, as plain text (read-only).
    boxes : tuple of ipywidgets.IntText
        The four boxes m, n, p, q.

    Examples
    --------
    >>> checker = ShapeChecker()
    >>> checker.ok, checker.message[:22]
    (True, 'AB exists and is 2×1. ')
    >>> checker.boxes[1].value = 12   # taken as typed, not clamped
    >>> checker.value, checker.ok
    (((2, 12), (3, 1)), False)
    >>> checker.value = ((4, 3), (3, 2))
    >>> "ℝ² → ℝ⁴" in checker.message
    True
    """

    value = Tuple(((2, 3), (3, 1)), help="((m, n), (p, q)): the sizes of A and B as typed.")
    ok = Bool(True, read_only=True, help="Whether AB exists for these sizes.")
    message = Unicode("", read_only=True, help="The explanation shown, as plain text.")

    def __init__(
        self,
        a_shape: tuple[int, int] = (2, 3),
        b_shape: tuple[int, int] = (3, 1),
        *,
        prefix: str = "shape-checker",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._writing = Guard()
        self.boxes = tuple(
            self._own(IntText(value=int(v), description=name, style={"description_width": "initial"},
                              layout=Layout(width="6.5em")))
            for name, v in zip("mnpq", (*a_shape, *b_shape))
        )
        self._result = self._own(steady(HTML).add_class("check-feedback"))
        tag_parts(prefix, {**dict(zip("mnpq", self.boxes)), "shape-result": self._result})
        for box in self.boxes:
            box.observe(self._on_box_change, names="value")
        self.observe(self._on_value_change, names="value")
        m, n, p, q = self.boxes
        self.add_class("shape-checker")
        self.children = [
            self._own(HBox([self._own(Label("A is")), m, self._own(Label("×")), n,
                            self._own(Label("      B is")), p, self._own(Label("×")), q],
                           layout=Layout(align_items="center", grid_gap="6px"))),
            self._result,
        ]
        self.value = ((m.value, n.value), (p.value, q.value))
        self._render()

    @validate("value")
    def _validate_value(self, proposal):
        try:
            (m, n), (p, q) = proposal["value"]
            sizes = tuple(operator.index(v) for v in (m, n, p, q))
        except (TypeError, ValueError):
            raise TraitError(
                f"value must be ((m, n), (p, q)) in whole numbers, got {proposal['value']!r}"
            ) from None
        return sizes[:2], sizes[2:]

    def _on_box_change(self, change):
        if self._writing:  # the boxes are being filled from `value`: it is already set
            return
        m, n, p, q = (box.value for box in self.boxes)
        self.value = ((m, n), (p, q))

    def _on_value_change(self, change):
        (m, n), (p, q) = change["new"]
        with self._writing:
            for box, v in zip(self.boxes, (m, n, p, q)):
                if box.value != v:  # a box's own edit comes back here: leave it be
                    box.value = v
        self._render()

    def _render(self):
        (m, n), (p, q) = self.value
        ok, text = describe_sizes(m, n, p, q)
        self.set_trait("ok", ok)
        self.set_trait("message", text)
        self._result.value = sizes_verdict(ok, text)
