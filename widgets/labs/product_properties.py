"""Lab 3's composite, the identity explorer: editors for A, B, C and r, Randomise, and the identity cards.

The learner types (or resizes) ``A``, ``B`` and ``C``, types the scalar ``r``
(fractions such as ``1/2`` included) or presses Randomise for fresh integer
entries from a seed, and the `IdentityPanel` below re-evaluates every
identity of Theorem 1.4.3 and the look-alikes beside them.  A typo in ``r``
or a seed below 0 is explained in place and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ipywidgets import HTML, Button, HBox, IntText, Layout, Text, VBox
from numpy.typing import ArrayLike
from traitlets import TraitError, dlink

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..core.parsing import format_number, parse_number
from ..text.alerts import alert_html
from ..views.property_panels import IdentityPanel
from .naming import tag_parts

__all__ = ["IdentityExplorer"]

#: How far Randomise's integers reach: from minus this to this.
_LOW_HIGH = 3


def _error(text):
    return alert_html(text, tag="span")


class IdentityExplorer(OwnsChildren, VBox):
    """Editors for ``A``, ``B``, ``C`` and ``r`` driving the identity cards.

    Parameters
    ----------
    A, B, C : array_like
        The matrices shown first (each resizable up to `max_shape`).
    r : float, optional
        The scalar shown first.  Default 2.
    seed : int, optional
        The seed of the next Randomise.  Default 1.
    max_shape : tuple of int, optional
        Largest shape the editors allow.  Default 4×4.
    prefix : str, optional
        Prefix of CSS classes: ``PREFIX-r`` (the r box), ``PREFIX-seed``,
        ``PREFIX-randomise`` and ``PREFIX-identities`` (the cards).  Default
        ``"identity-explorer"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    editors : tuple of MatrixEditor
        The editors of ``A``, ``B`` and ``C``.
    panel : IdentityPanel
        The identity cards.
    r_box, seed_box : ipywidgets.Text, ipywidgets.IntText
        The scalar ``r``, as typed, and the seed of the next Randomise.
    randomise_button : ipywidgets.Button
        The Randomise button.
    r_status, seed_status : ipywidgets.HTML
        Why the typed ``r`` was not taken, or why the seed cannot be used
        (below 0); empty otherwise.

    Examples
    --------
    >>> ex = IdentityExplorer([[1, 2], [0, -1]], [[2, 0], [1, 3]], [[0, 1], [1, 1]])
    >>> [res.verdict for res in ex.panel.results]
    ['equal', 'equal', 'equal', 'equal', 'equal']
    >>> ex.r_box.value = "1/2"
    >>> ex.panel.r
    0.5
    >>> ex.seed_box.value = 7
    >>> ex.randomise()
    >>> ex.seed_box.value, ex.editors[0].shape
    (8, (2, 2))
    """

    def __init__(
        self,
        A: ArrayLike,
        B: ArrayLike,
        C: ArrayLike,
        r: float = 2.0,
        *,
        seed: int = 1,
        max_shape: tuple[int, int] = (4, 4),
        prefix: str = "identity-explorer",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.editors = tuple(
            MatrixEditor(value, name=name, resizable=True, max_shape=max_shape)
            for name, value in zip("ABC", (A, B, C))
        )
        self.r_box = Text(
            value=format_number(r), description="r =", continuous_update=False,
            style={"description_width": "initial"}, layout=Layout(width="8em"),
        )
        self.seed_box = IntText(
            value=int(seed), description="seed", style={"description_width": "initial"},
            layout=Layout(width="9em"),
        )
        self.randomise_button = Button(
            description="Randomise", icon="random",
            tooltip=f"New random integers from -{_LOW_HIGH} to {_LOW_HIGH}",
        )
        self.r_status, self.seed_status = steady(HTML), steady(HTML)
        self.panel = IdentityPanel(*(e.value for e in self.editors), r=r)
        self._own(*self.editors, self.r_box, self.seed_box, self.randomise_button, self.r_status,
                  self.seed_status, self.panel)
        tag_parts(prefix, {
            "r": self.r_box, "seed": self.seed_box, "randomise": self.randomise_button, "identities": self.panel,
        })
        for editor, trait in zip(self.editors, "ABC"):
            dlink((editor, "value"), (self.panel, trait))
        self.r_box.observe(self._on_r_change, names="value")
        self.seed_box.observe(self._on_seed_change, names="value")
        self.randomise_button.on_click(lambda _button: self.randomise())
        self.add_class("identity-explorer")
        self.children = [
            self._own(HBox(list(self.editors), layout=Layout(grid_gap="32px", flex_flow="row wrap"))),
            self._own(HBox([self.r_box, self.seed_box, self.randomise_button, self.r_status, self.seed_status],
                           layout=Layout(grid_gap="12px", align_items="center"))),
            self.panel,
        ]

    def randomise(self) -> None:
        """Fresh integer entries for A, B and C (shapes kept) from the seed; the seed moves on.

        A seed below 0 is refused with a message, and nothing changes.
        """
        seed = self.seed_box.value
        if seed < 0:  # already said by _on_seed_change
            return
        rng = np.random.default_rng(seed)
        for editor in self.editors:
            editor.value = rng.integers(-_LOW_HIGH, _LOW_HIGH + 1, size=editor.shape)
        self.seed_box.value = seed + 1

    def _on_r_change(self, change):
        try:
            self.panel.r = parse_number(change["new"])
        except (ValueError, TraitError) as error:
            self.r_status.value = _error(f"r: {error}")
        else:
            self.r_status.value = ""

    def _on_seed_change(self, change):
        below = change["new"] < 0
        self.seed_status.value = (
            _error(f"seed: {change['new']} is below 0; use a whole number from 0 up") if below else ""
        )
