"""The inputs of the attention explorer: the token and weight editors, and a seed box.

`TokenEditors` lays out ``X`` with a name beside each token row, two menus for
its shape (tokens ``L``, features ``d``) and the three weight editors, above the
explorer's status line.  `SeedBox` refills everything with random numbers from a
seed.  The explorer (`widgets.labs.attention_explorer`) owns the editors and
computes; these parts only lay them out and keep the menus and names in step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ipywidgets import HTML, BoundedIntText, Button, Dropdown, GridBox, HBox, Label, Layout, VBox

from ..base.guard import Guard
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..controls.matrix_editor import MatrixEditor
from ..text.attention_prose import TOKENS_HEADING
from .attention_panels import Snapshot

__all__ = ["TokenEditors", "SeedBox"]


def _menu(options, value, description, width, css_class):
    return Dropdown(
        options=list(options), value=value, description=description,
        layout=Layout(width=width), style={"description_width": "initial"},
    ).add_class(css_class)


class TokenEditors(OwnsChildren, VBox):
    """``X`` with its token names and shape menus, the weight editors, and a status line.

    Parameters
    ----------
    X_editor : MatrixEditor
        The tokens; the menus resize it.
    W_editors : sequence of MatrixEditor
        ``W_Q``, ``W_K``, ``W_V``, laid out beside ``X``.
    status : ipywidgets.HTML
        The explorer's status line, shown under the editors.
    max_tokens, max_features : int
        The largest ``L`` and ``d`` the menus offer.

    Examples
    --------
    >>> from widgets import MatrixEditor
    >>> X = MatrixEditor([[1, 0], [0, 1]], name="X")
    >>> editors = TokenEditors(X, [], steady(HTML), max_tokens=4, max_features=4)
    >>> editors.cols_picker.value = 3
    >>> X.shape
    (2, 3)
    >>> editors.show_tokens(["a", "cat"])
    >>> [label.value for label in editors.names.children]
    ['1 a', '2 cat']
    """

    def __init__(
        self,
        X_editor: MatrixEditor,
        W_editors: Sequence[MatrixEditor],
        status: HTML,
        *,
        max_tokens: int,
        max_features: int,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._X = X_editor
        self._showing_shape = Guard()
        L, d = X_editor.shape
        self.rows_picker, self.cols_picker = self._own(
            _menu(range(1, max_tokens + 1), L, "tokens L", "9.5em", "attention-L"),
            _menu(range(1, max_features + 1), d, "features d", "10.5em", "attention-d"),
        )
        for picker in (self.rows_picker, self.cols_picker):
            picker.observe(self._on_picker_change, names="value")
        # The names column repeats the editor's own layout (a one-line title,
        # then one row per cell, same gaps) so each name sits beside its row.
        self.names = self._own(
            GridBox(layout=Layout(grid_gap="2px 4px", grid_template_columns="auto"))
        )
        names_column = self._own(VBox(
            [self._own(steady(HTML, TOKENS_HEADING)), self.names], layout=Layout(flex="0 0 auto")
        ).add_class("attention-tokens"))
        X_editor.layout.flex = "0 0 auto"
        x_block = self._own(VBox(
            [self._own(HBox([self.rows_picker, self.cols_picker])),
             self._own(HBox([names_column, X_editor], layout=Layout(flex="0 0 auto")))],
            layout=Layout(flex="0 0 auto"),
        ))
        for editor in W_editors:
            editor.layout.flex = "0 0 auto"  # wrap to a new line rather than squeeze cells
        editors = self._own(HBox(
            [x_block, *W_editors],
            layout=Layout(flex_flow="row wrap", grid_gap="0 24px", align_items="flex-start"),
        ))
        self.children = [editors, status]

    def show(self, snapshot: Snapshot) -> None:
        """Show ``X``'s shape in the menus and its token names beside its rows."""
        self.show_tokens(snapshot.tokens)

    def show_tokens(self, names: Iterable[str]) -> None:
        """Show ``X``'s shape in the menus and `names` beside its rows."""
        # MatrixEditor's grid tracks are one cell wide but each cell has 2px
        # margins, so a grid nothing else widens clips its last column's right
        # edge; room for the margins avoids that.
        self._X.layout.min_width = f"calc({self._X.shape[1]} * (4.5em + 8px))"
        # Set both menus before either reacts: reacting to the first alone
        # would resize X to a mix of its old and new shape.
        with self._showing_shape:
            for picker, value in zip((self.rows_picker, self.cols_picker), self._X.shape):
                picker.value = value
        labels = [f"{k + 1} {name}" for k, name in enumerate(names)]
        old = list(self.names.children)
        if [label.value for label in old] != labels:
            for label in old:
                label.close()
            new = [steady(Label, text, layout={"height": "28px"}) for text in labels]
            self._own(*new)  # closed with the editors, or when the names change again
            self.names.children = new

    def _on_picker_change(self, change):
        if self._showing_shape:
            return
        shape = (self.rows_picker.value, self.cols_picker.value)
        if shape != self._X.shape:
            self._X.resize(*shape)


class SeedBox(OwnsChildren, HBox):
    """A seed and a Randomise button that calls ``on_randomise(seed)``.

    Examples
    --------
    >>> seeds = []
    >>> box = SeedBox(7, seeds.append)
    >>> box.button.click()
    >>> seeds
    [7]
    """

    def __init__(self, seed: int, on_randomise: Callable[[int], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Bounded: numpy's seeds are nonnegative, and the browser may send anything.
        self.seed = self._own(BoundedIntText(
            value=int(seed), min=0, max=2**32 - 1, description="seed", layout=Layout(width="9em"),
            style={"description_width": "initial"},
        ).add_class("attention-seed"))
        self.button = self._own(Button(
            description="Randomise", icon="random", tooltip="New random X and weights from the seed"
        ).add_class("attention-randomise"))
        self.button.on_click(lambda _: on_randomise(self.seed.value))
        self.children = [self.seed, self.button]
