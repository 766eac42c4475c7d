r"""An `AttentionExplorer`'s parts held back until predicted: lab 7's shapes and scores, lab 8's panels.

`ShapesReveal` opens on ``Q``, ``K``, ``Kᵀ``, ``V`` and the table of shapes,
with a paragraph that says why each shape is what it is
(`widgets.text.attention_prose.shapes_explanation`), once the learner has typed the shapes.
`ScoresReveal` opens on the score matrix ``S = QKᵀ``, its weights and the
written-out score of the clicked cell, once the learner has worked out one
score by hand.  `PartsReveal` holds back any parts, laid out in rows (lab 8
keeps every view of its explorer, each drawing a shape it asks for, until
its shape questions are answered).  All place the explorer's parts through
its public `AttentionExplorer.part`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ipywidgets import HBox, Layout, VBox

from ..base.math_html import MathHTML
from ..base.page_link import PageLink
from ..controls.check import Check
from ..controls.reveal import Reveal
from ..text.attention_prose import shapes_explanation
from .attention_explorer import AttentionExplorer

__all__ = ["PartsReveal", "ScoresReveal", "ShapesReveal"]


class ShapesReveal(Reveal):
    r"""The explorer's ``Q``, ``K``, ``Kᵀ``, ``V`` and table of shapes, opened once the shapes are answered.

    Above them, `shapes_explanation` for the shapes the explorer has when
    this is built (those of the activity).

    Parameters
    ----------
    explorer : AttentionExplorer
        Built with the ``"qkv"`` and ``"shapes"`` parts, with ``W_Q``, ``W_K``
        and ``W_V`` of one shape.
    after : iterable of Check, optional
        The shape questions; open once each is answered.
    link : PageLink, optional
        Open with the lecturer's ``?reveal=1``.
    **kwargs
        Passed to `Reveal`.

    Examples
    --------
    >>> import numpy as np
    >>> from widgets import AttentionExplorer, Check
    >>> ex = AttentionExplorer(np.ones((5, 4)), np.ones((4, 3)), np.ones((4, 3)), np.ones((4, 3)),
    ...                        parts=("qkv", "shapes"))
    >>> check = Check("Shape of Q?", (5, 3))
    >>> panel = ShapesReveal(ex, after=[check])
    >>> panel.opened, ex.part("shapes") in panel.view.children[1].children
    (False, True)
    >>> check.answer_input.value = "5x3"
    >>> check.submit(), panel.opened
    (True, True)
    """

    def __init__(
        self,
        explorer: AttentionExplorer,
        after: Iterable[Check] = (),
        *,
        link: PageLink | None = None,
        **kwargs: Any,
    ) -> None:
        (tokens, features), size = explorer.shapes["X"], explorer.shapes["W_Q"][1]
        text = MathHTML(shapes_explanation(tokens, features, size))
        row = HBox([explorer.part("qkv"), explorer.part("shapes")],
                   layout=Layout(flex_flow="row wrap", grid_gap="12px 40px", align_items="center"))
        view = VBox([text, row])
        super().__init__(
            view, after, what="the matrices Q, K, Kᵀ, V and the table of shapes", link=link, **kwargs
        )
        self._own(text, row, view)  # built here, so closed with this; the explorer's parts stay open


class PartsReveal(Reveal):
    r"""Some of the explorer's parts, in rows, opened once the questions they would answer are answered.

    Parameters
    ----------
    explorer : AttentionExplorer
        Built with every part named in `rows`.
    rows : list of list of str
        The parts' names (`AttentionExplorer.part`), row by row; a row of
        several wraps on a narrow screen.
    after : iterable of Check, optional
        Open once each is answered.
    what : str
        What the parts show, for the note beside the Reveal button.
    view_class : str, optional
        A CSS class for the laid-out parts (the view once open).
    link : PageLink, optional
        Open with the lecturer's ``?reveal=1``.
    **kwargs
        Passed to `Reveal`.

    Examples
    --------
    >>> import numpy as np
    >>> from widgets import AttentionExplorer
    >>> ex = AttentionExplorer(np.eye(3), np.eye(3), np.eye(3), np.eye(3), parts=("options", "scores", "weights"))
    >>> panel = PartsReveal(ex, [["options"], ["scores", "weights"]], what="S and its weights")
    >>> panel.opened, ex.part("options") in panel.view.children
    (False, True)
    >>> panel.opened = True  # the Reveal button
    >>> panel.view in panel.children
    True
    """

    def __init__(
        self,
        explorer: AttentionExplorer,
        rows: Sequence[Sequence[str]],
        after: Iterable[Check] = (),
        *,
        what: str,
        view_class: str = "",
        link: PageLink | None = None,
        **kwargs: Any,
    ) -> None:
        boxes = [
            HBox([explorer.part(name) for name in row],
                 layout=Layout(flex_flow="row wrap", grid_gap="12px 32px", align_items="flex-start"))
            for row in rows if len(row) > 1
        ]
        wide = iter(boxes)
        view = VBox([next(wide) if len(row) > 1 else explorer.part(row[0]) for row in rows])
        if view_class:
            view.add_class(view_class)
        super().__init__(view, after, what=what, link=link, **kwargs)
        self._own(*boxes, view)  # built here, so closed with this; the explorer's parts stay open


class ScoresReveal(PartsReveal):
    r"""The explorer's score matrix and weights, with the clicked score written out, opened once predicted.

    The options (scaling, causal mask) above, the heatmaps of ``S = QKᵀ``
    and of the weights ``A_att`` side by side, and the expansion of the
    clicked score ``S_ij = q_i · k_j`` below.

    Parameters
    ----------
    explorer : AttentionExplorer
        Built with the ``"options"``, ``"scores"``, ``"weights"`` and
        ``"expansion"`` parts.
    after : iterable of Check, optional
        The questions on one score; open once each is answered.
    link : PageLink, optional
        Open with the lecturer's ``?reveal=1``.
    **kwargs
        Passed to `PartsReveal`.

    Examples
    --------
    >>> import numpy as np
    >>> from widgets import AttentionExplorer
    >>> ex = AttentionExplorer(np.eye(3), np.eye(3), np.eye(3), np.eye(3),
    ...                        parts=("options", "scores", "weights", "expansion"))
    >>> panel = ScoresReveal(ex)
    >>> panel.opened, ex.part("expansion") in panel.view.children
    (False, True)
    >>> panel.opened = True  # the Reveal button
    >>> panel.view in panel.children
    True
    """

    def __init__(
        self,
        explorer: AttentionExplorer,
        after: Iterable[Check] = (),
        *,
        link: PageLink | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(explorer, [["options"], ["scores", "weights"], ["expansion"]], after,
                         what="the score matrix S and its weights", link=link, **kwargs)
