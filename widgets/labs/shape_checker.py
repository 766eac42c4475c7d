"""Lab 4's shape checker: type the sizes of A and B, read whether AB and x ↦ A(Bx) exist.

Four whole-number boxes, ``m × n`` for ``A`` and ``p × q`` for ``B``, and one
line that says what `describe_composition` says: the shape of ``AB`` and the
spaces the composed map runs between, or why the product does not exist.  A
number is taken as typed, never clamped to a range behind the learner's back;
a size below 1 is explained in the line.
"""

from __future__ import annotations

import operator
from typing import Any

from ipywidgets import HTML, HBox, IntText, Label, Layout, VBox
from traitlets import Bool, TraitError, Tuple, Unicode, validate

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..core.composition import describe_sizes
from ..text.verdicts import sizes_verdict
from .naming import tag_parts

__all__ = ["ShapeChecker"]


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
