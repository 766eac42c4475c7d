"""The state of the attention explorer: its inputs and options, the picked score, the last valid result.

`AttentionCalculation` is what an `AttentionExplorer` knows before it draws
anything: the four editors, the softmax options, the picked score and the
last calculation that worked, with the rules that keep them consistent (the
weights' rows follow ``X``'s columns, a group of edits computes once, a shape
that does not fit keeps the last result and says why).  The explorer
(`widgets.labs.attention_explorer`) adds the parts that draw it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from types import MappingProxyType

import numpy as np
from traitlets import (
    Bool,
    Enum,
    Float,
    HasTraits,
    Instance,
    Int,
    List,
    TraitError,
    Tuple,
    Unicode,
    observe,
    validate,
)

from ..base.guard import Guard
from ..base.traits import CELL, check_highlight, drop_lost_highlights
from ..controls.matrix_editor import MatrixEditor
from ..core.attention_inputs import random_inputs, starting_inputs, token_names
from ..core.attention_math import (
    MAX_TEMPERATURE,
    MIN_TEMPERATURE,
    AttentionResult,
    attention,
    softmax_scale,
    with_weights,
)
from ..core.shapes import ShapeError

__all__ = ["AttentionCalculation", "INPUTS"]

#: The inputs, in order: the tokens and the three weight matrices.
INPUTS = ("X", "W_Q", "W_K", "W_V")
_HIGHLIGHTS = {"selected": CELL}  # the picked score, a cell of S


class AttentionCalculation(HasTraits):
    """The inputs, options, picked score and last valid result of one attention calculation.

    A mixin for a widget that draws them: call `_start` from its ``__init__``,
    and define `_render` (draw the current state), `_show_failure(error)` (say
    that drawing failed) and `_hand_weights(A)` (the weights set by hand, or
    None to use the softmax's).  Until the subclass sets `_ready` (the package's init idiom) nothing is drawn.
    """

    result = Instance(AttentionResult, read_only=True, help="The last valid calculation.")
    error = Unicode("", read_only=True, help="Why the inputs do not fit, or ''.")
    selected = Tuple(
        Int(), Int(), default_value=None, allow_none=True,
        help="The picked score (i, j), 0-based, or None.",
    )
    scaled = Bool(True, help="Multiply the scores by 1/sqrt(d_k) before the softmax.")
    causal = Bool(False, help="Token i attends only to tokens 1..i.")
    temperature = Float(
        1.0, help="Softmax temperature T, clamped to 0.05 ... 20: the weights are "
        "softmax(S / (T sqrt(d_k))).",
    )
    weights_mode = Enum(
        ["softmax", "sliders"], default_value="softmax",
        help="Where the weights come from: softmax of the scores, or the sliders.",
    )
    tokens = List(Unicode(), help="Token names, used as row labels.")

    _ready = False  # observers draw only once the subclass has built its parts

    def _start(self, matrices, *, tokens, scaled, causal, temperature, selected, seed,
               max_tokens, max_features):
        """Build the editors from the given matrices (random where None) and compute once.

        Raises
        ------
        TraitError
            If a matrix or the token names are not usable, or the first inputs do not fit.
        """
        self._batching = Guard()
        self._dirty = False  # an edit inside a batch: compute when it ends
        self._shape_error = True  # whether `error` is about shapes (else numbers)
        try:
            matrices = starting_inputs(*matrices, seed=seed)
            tokens = list(tokens)
        except ValueError as error:  # ShapeError included
            raise TraitError(str(error)) from None
        except TypeError:
            raise TraitError(f"tokens must be a list of names, got {tokens!r}") from None
        self._editors = {
            name: MatrixEditor(
                matrix, name=name, resizable=name != "X",
                max_shape=(max_tokens if name == "X" else max_features, max_features),
            ).add_class(f"attention-{name.replace('_', '')}")
            for name, matrix in zip(INPUTS, matrices)
        }
        with self.hold_trait_notifications():
            self.tokens = tokens
            self.scaled = scaled
            self.causal = causal
            self.temperature = temperature
        self._compute()  # sets result (or an error: the first inputs must fit)
        if self.error:
            raise TraitError(self.error)
        self.selected = selected
        self._editors["X"].observe(self._on_x_change, names="value")
        for name in INPUTS[1:]:
            self._editors[name].observe(lambda change: self._update(), names="value")

    @property
    def editors(self) -> Mapping[str, MatrixEditor]:
        """The four editors by name, ``X``, ``W_Q``, ``W_K`` and ``W_V`` (a read-only mapping), as a lab
        hands them to `LectureBar.apply_url`."""
        return MappingProxyType(self._editors)

    @property
    def X_editor(self) -> MatrixEditor:
        """The `MatrixEditor` of the tokens ``X``."""
        return self._editors["X"]

    @property
    def W_Q_editor(self) -> MatrixEditor:
        """The `MatrixEditor` of ``W_Q``."""
        return self._editors["W_Q"]

    @property
    def W_K_editor(self) -> MatrixEditor:
        """The `MatrixEditor` of ``W_K``."""
        return self._editors["W_K"]

    @property
    def W_V_editor(self) -> MatrixEditor:
        """The `MatrixEditor` of ``W_V``."""
        return self._editors["W_V"]

    @property
    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Shapes of the current inputs and of the last valid results, by name."""
        r = self.result
        shapes = {name: editor.shape for name, editor in self._editors.items()}
        shapes.update({"Q": r.Q.shape, "K": r.K.shape, "V": r.V.shape, "K^T": r.K.T.shape,
                       "S": r.S.shape, "A_att": r.A.shape, "H": r.H.shape})
        return shapes

    def token_names(self) -> list[str]:
        """The name of every token (row of ``X``), padded past `tokens`."""
        return token_names(self.tokens, self.X_editor.shape[0])

    def randomise(self, seed: int | None = None) -> None:
        """Fill ``X`` and the weights with small random numbers, keeping shapes.

        Parameters
        ----------
        seed : int or None, optional
            Seed of `numpy.random.default_rng`; the same seed gives the same
            matrices.
        """
        L, d = self.X_editor.shape
        d_k, d_v = self.W_Q_editor.shape[1], self.W_V_editor.shape[1]
        matrices = random_inputs(np.random.default_rng(seed), L, d, d_k, d_v)
        with self._batch():
            for editor, matrix in zip(self._editors.values(), matrices):
                editor.value = matrix

    @contextlib.contextmanager
    def _batch(self):
        """Compute once at the end of a group of edits."""
        try:
            with self._batching:
                yield
        finally:
            if not self._batching and self._dirty:
                self._dirty = False
                self._update()

    def _on_x_change(self, change):
        old, new = change["old"], change["new"]
        with self._batch():
            self._dirty = True
            if old is None or old.shape[1] != new.shape[1]:
                d = new.shape[1]
                for name in INPUTS[1:]:
                    editor = self._editors[name]
                    if editor.shape[0] != d:
                        editor.resize(d, editor.shape[1])

    @validate("temperature")
    def _validate_temperature(self, proposal):
        T = float(proposal.value)
        if T != T:  # nan
            raise TraitError(f"temperature must be a number from {MIN_TEMPERATURE:g} to "
                             f"{MAX_TEMPERATURE:g}, got nan")
        return min(max(T, MIN_TEMPERATURE), MAX_TEMPERATURE)  # out of range: clamped

    @observe("scaled", "causal", "temperature", "weights_mode", "tokens")
    def _on_option_change(self, change):
        if self._ready:
            self._update()

    @validate("selected")
    def _validate_selected(self, proposal):
        if self.result is None:
            return proposal.value
        return check_highlight(proposal, self.result.S.shape, _HIGHLIGHTS)

    @observe("selected")
    def _on_selected_change(self, change):
        if not self._ready:
            return
        if self._batching:
            self._dirty = True
            return
        try:
            self._render()
        except Exception as error:  # noqa: BLE001 - a message, never a traceback in Voila
            self._show_failure(error)

    def _update(self):
        """Recompute from the editors and redraw, unless inside a batch."""
        if self._batching:
            self._dirty = True
            return
        try:
            self._compute()
            self._render()
        except Exception as error:  # noqa: BLE001 - a message, never a traceback in Voila
            self._show_failure(error)

    def _compute(self):
        inputs = [editor.value for editor in self._editors.values()]
        scale = softmax_scale(self.W_K_editor.shape[1], self.scaled, self.temperature)
        try:
            r = attention(*inputs, scale=scale, causal=self.causal)
        except ValueError as error:  # ShapeError included
            self._shape_error = isinstance(error, ShapeError)
            self.set_trait("error", str(error))
            return
        by_hand = self._hand_weights(r.A)
        if by_hand is not None:
            r = with_weights(r, by_hand)
        with self.hold_trait_notifications():
            drop_lost_highlights(self, r.S.shape, _HIGHLIGHTS)
            self.set_trait("error", "")
            self.set_trait("result", r)
