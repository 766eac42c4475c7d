"""Lecture features: matrices preset by a link, and a presenter mode for projectors.

A lab shows a `LectureBar` under its title (a "Presenter mode" toggle and a
`PresetStatus` line) and, in its last code cell, calls `LectureBar.apply_url`
with its matrix editors.  That cell is the last one on purpose: under Voila's
preheated kernels, reading the page's query string waits for the page
request, so everything above it is computed before anyone asks for the page.
The parsing is in `widgets.core.presets` and the query string comes from
`widgets.lecture.query`; this module only shows and applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from ipywidgets import HTML, HBox, Layout, ToggleButton
from traitlets import Bool, List, TraitError, Unicode, link, observe, validate

from ..base.owned import OwnsChildren
from ..base.page_link import PageLink
from ..base.shared_models import steady
from ..base.traits import FiniteFloat
from ..controls.matrix_editor import MatrixEditor
from ..core.practice import MAX_SEED
from ..core.presets import (
    MAX_ABS,
    MAX_ENTRIES,
    parse_presets,
    query_flag,
    query_seed,
    refusal,
)
from ..core.shapes import format_shape
from ..core.wording import in_words
from ..text.bar_words import preset_status_html, style_html
from .lab_page import LabPage
from .progress import LabProgress
from .pulse import PulseRecorder
from .query import read_query_string
from .room import RoomFollower
from .self_check import SelfCheck, sections_of

__all__ = ["LectureBar", "PresetStatus", "apply_presets", "presenter_css"]

#: How much presenter mode enlarges the page.
_PRESENTER_ZOOM = 1.3


def presenter_css(zoom: float = _PRESENTER_ZOOM) -> str:
    """The style sheet of presenter mode: every cell of the page, `zoom` times larger.

    CSS ``zoom`` scales text, inputs and formulas alike, so fixed-width
    layouts keep their proportions, and it sets no colour, so the light and
    the dark theme both keep theirs.  Voila scrolls inside
    ``#rendered_cells``: zooming its children rather than the element itself
    keeps the scroll bar at its normal size.

    A bqplot figure is the exception.  It measures its box on screen (already
    `zoom` times larger) and draws that many pixels, which the zoom would
    enlarge once more: the drawing would outgrow its box and be cut off.  So
    the drawing (its SVG layers and its WebGL canvas) is zoomed back by
    ``1 / zoom``: it fills the enlarged box exactly, and its text (ticks,
    labels) is enlarged by `zoom` through bqplot's font variables.  bqplot
    redraws when its box changes size in CSS pixels, which a zoom does not
    do: a pixel of padding does, so a figure on the page when presenter mode
    is switched on or off redraws at its new size.
    (Chromium since 128 maps pointer positions through ``zoom``, so a click
    or a drag on a plot still lands under the mouse.)

    Examples
    --------
    >>> print(presenter_css(1.5))
    #rendered_cells > * { zoom: 1.5; }
    #rendered_cells .bqplot > svg, #rendered_cells .bqplot > canvas { zoom: 0.666667; }
    #rendered_cells .bqplot { padding-bottom: 1px; --bq-font: 18px sans-serif; --bq-axis-tick-text-font: 18px sans-serif; \
--bq-axislabel-font: 21px sans-serif; }
    """
    zoom = float(zoom)
    if not 0.5 <= zoom <= 3:
        raise ValueError(f"zoom must be between 0.5 and 3, got {zoom}")
    fonts = "; ".join(
        f"--bq-{name}: {size * zoom:.3g}px sans-serif" for name, size in _BQPLOT_FONTS.items()
    )
    return (
        f"#rendered_cells > * {{ zoom: {zoom:g}; }}\n"
        f"#rendered_cells .bqplot > svg, #rendered_cells .bqplot > canvas {{ zoom: {1 / zoom:.6g}; }}\n"
        f"#rendered_cells .bqplot {{ padding-bottom: 1px; {fonts}; }}"
    )


#: bqplot's font variables for the numbers and names on its axes, with their size in pixels at
#: zoom 1 (bqplot 0.13's style sheet, which sets them on ``:root``: the tick font there is
#: ``var(--bq-font)`` already resolved, so it is set too).  A title keeps its size: a long one
#: would not fit.
_BQPLOT_FONTS = {"font": 12, "axis-tick-text-font": 12, "axislabel-font": 14}


class PresetStatus(HTML):
    """A status line saying which matrices a link preset, and which it could not.

    Set `applied` and `errors`; `value` is rebuilt from them, with every
    piece of text HTML-escaped, since it may come from the URL.

    Examples
    --------
    >>> status = PresetStatus()
    >>> status.applied = ["A (2×2)"]
    >>> status.errors = ["B from the link: '<i>' — bad; using the lab's default"]
    >>> "&#x27;&lt;i&gt;&#x27;" in status.value, "<i>" in status.value
    (True, False)
    """

    applied = List(Unicode(), help="What the link set, e.g. ['A (3×3)'].")
    errors = List(Unicode(), help="One plain-text message per refused parameter.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("lecture-preset-status")
        self._render()

    @observe("applied", "errors")
    def _on_messages_change(self, change):
        self._render()

    def _render(self):
        self.value = preset_status_html(self.applied, self.errors)


def apply_presets(
    editors: Mapping[str, MatrixEditor],
    status: PresetStatus | None = None,
    *,
    query_string: str | None = None,
    shapes: Mapping[str, tuple[int | None, int | None]] | None = None,
    check: Callable[[], str] | None = None,
    max_size: int = MAX_ENTRIES,
    max_abs: float = MAX_ABS,
) -> dict[str, np.ndarray]:
    """Set the lab's matrix editors from the page's link, and report what happened.

    Parameters
    ----------
    editors : dict of str to MatrixEditor
        The matrices a link may preset, by the name the link uses, in the
        order to set them (for coupled editors, the one that drives the
        others' shapes first).
    status : PresetStatus, optional
        Where to report; its `applied` and `errors` are replaced.
    query_string : str, optional
        Default: `read_query_string` (which, under a preheated Voila kernel,
        waits for the page request: call this in the last code cell).
    shapes : dict, optional
        Shapes the lab needs, as in `parse_presets`.
    check : callable, optional
        Called with no argument after setting; a non-empty string it returns
        means the matrices do not fit together (e.g. an explorer's ``error``).
        Then every preset is undone and the message reported.
    max_size, max_abs : optional
        Limits on each matrix, as in `parse_presets`.

    Returns
    -------
    dict of str to numpy.ndarray
        The matrices applied.

    Examples
    --------
    >>> from widgets import MatrixEditor
    >>> A = MatrixEditor([[1, 2]], name="A", max_shape=(2, 2))
    >>> status = PresetStatus()
    >>> applied = apply_presets({"A": A}, status, query_string="A=1,2,3")
    >>> A.value
    array([[1., 2.]])
    >>> print(status.errors[0])
    A from the link — A must be between 1×1 and 2×2, got 1×3; using the lab's default
    >>> applied = apply_presets({"A": A}, status, query_string="A=5;6")
    >>> A.value.tolist(), status.applied
    ([[5.0], [6.0]], ['A (2×1)'])
    """
    if query_string is None:
        query_string = read_query_string()
    presets, errors = parse_presets(
        query_string, editors, max_size, shapes=shapes, max_abs=max_abs
    )
    originals = {name: editor.value for name, editor in editors.items()}
    applied = {}
    for name, editor in editors.items():
        if name not in presets:
            continue
        try:
            editor.value = presets[name]
        except TraitError as error:
            errors.append(refusal(name, str(error)))
            continue
        kept = editor.value
        if not (kept.shape == presets[name].shape and np.array_equal(kept, presets[name])):
            # The lab's own observer refused it (and says why in its own status).
            errors.append(refusal(name, "the lab did not accept these numbers"))
            continue
        applied[name] = presets[name]
    problem = check() if (check is not None and applied) else ""
    if problem:
        # Undo every editor in the same order, so coupled shapes follow as they
        # did (an explorer trims its weights when X loses a column).
        for name, editor in editors.items():
            editor.value = originals[name]
        names = list(applied)
        subject = (
            f"{names[0]} from the link does not fit the lab's other matrices"
            if len(names) == 1
            else f"{in_words(names)} from the link do not fit together"
        )
        errors.append(f"{subject} — {problem}; using the lab's defaults")
        applied = {}
    if status is not None:
        with status.hold_trait_notifications():
            status.applied = [f"{name} ({format_shape(m.shape)})" for name, m in applied.items()]
            status.errors = errors
    return applied


class LectureBar(OwnsChildren, HBox):
    """The strip under a lab's title: a presenter-mode toggle and the link's presets.

    Presenter mode (`presenter`) enlarges the whole page for a projector; a
    link turns it on with ``?presenter=1``.  ``?reveal=1`` opens every view
    that waits for an answer (`Reveal`), for a demonstration; ``?seed=N``
    starts every practice of the page on instance N (`Practice`) and shows every multiple choice's
    options in the same order to the whole room (`LabPage.choice_seed`).  Voila's own ``?theme=dark``
    still works, alone or with it.  `apply_url` reads the link: call it in
    the lab's last code cell.

    Parameters
    ----------
    presenter : bool, optional
        Start in presenter mode.  Default False.
    zoom : float, optional
        How much presenter mode enlarges the page.  Default 1.3.
    **kwargs
        Passed to `HBox`.

    Attributes
    ----------
    presenter : bool
        Whether presenter mode is on; linked to the toggle.
    status : PresetStatus
        The status line.
    toggle : ipywidgets.ToggleButton
        The "Presenter mode" button.
    room : RoomFollower or None
        Where the class pulse is on (from `apply_url`), what follows the question the lecturer asks the
        room; its notice (``room_notice``) is the bar's last line.
    link : PageLink
        What the link asked of the page's views: ``link.reveal``, whether to
        open every held-back view, and ``link.seed``, the seed it gave the
        practices and the order of choices (None if none).  Pass it to each `Reveal` and `Practice` (``link=``).

    Examples
    --------
    >>> bar = LectureBar()
    >>> bar.toggle.value = True            # what a click does
    >>> bar.presenter, "zoom: 1.3" in bar.style_sheet
    (True, True)
    >>> bar.apply_url(query_string="presenter=0")
    {}
    >>> bar.presenter, bar.style_sheet
    (False, '')
    """

    presenter = Bool(False, help="Presenter mode: the whole page enlarged for a projector.")
    zoom = FiniteFloat(_PRESENTER_ZOOM, help="How much presenter mode enlarges the page.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(self, presenter: bool = False, zoom: float = _PRESENTER_ZOOM, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.toggle = self._own(ToggleButton(
            description="Presenter mode",
            tooltip="Larger text and plots, for a projector (or add ?presenter=1 to the link)",
            layout=Layout(width="auto", flex="0 0 auto"),
        ).add_class("lecture-presenter"))
        self.status = self._own(PresetStatus(layout=Layout(flex="1 1 auto")))
        # What the lecturer asks the room, where the class pulse is on (`RoomFollower`, from `apply_url`).
        self.room_notice = self.room = None
        # A style sheet in an HTML widget applies to the whole page while the
        # widget is shown; emptying it switches presenter mode off again.
        self._style = self._own(HTML(layout=Layout(display="none")).add_class("lecture-style"))
        # What the link asks of the page's views (?reveal=, ?seed=): each Reveal and Practice follows it.
        self.link = PageLink()
        self.lab = LabPage(self.link)
        self.progress = self._own(LabProgress())
        # Shown where the lab puts it (near its end), filled once the checks are known.
        self.self_check = self._own(SelfCheck())
        link((self.toggle, "value"), (self, "presenter"))
        self.zoom = zoom
        self.presenter = presenter
        self.children = [self.toggle, self.status, self.progress, self._style]
        self.layout.align_items = "center"
        self.layout.grid_gap = "0 1em"
        self.layout.flex_flow = "row wrap"  # the notice of a question asked takes a line of its own
        self.add_class("lecture-bar")
        self._ready = True
        self._render()

    @property
    def style_sheet(self) -> str:
        """The CSS in force now: presenter mode's, or ``""``."""
        return self._style_css()

    @validate("zoom")
    def _validate_zoom(self, proposal):
        try:
            presenter_css(proposal["value"])
        except ValueError as error:
            raise TraitError(str(error)) from None
        return proposal["value"]

    @observe("presenter", "zoom")
    def _on_presenter_change(self, change):
        if self._ready:
            self._render()

    def apply_url(self, editors: Mapping[str, MatrixEditor] | None = None, **kwargs: Any) -> dict[str, np.ndarray]:
        """Read the page's link: presenter mode, reveal, seed, then the matrices it presets.

        Parameters
        ----------
        editors : dict of str to MatrixEditor, optional
            The matrices a link may preset (see `apply_presets`).
        **kwargs
            Passed to `apply_presets` (``shapes``, ``check``, ``query_string``...).

        Returns
        -------
        dict of str to numpy.ndarray
            The matrices applied.
        """
        query_string = kwargs.pop("query_string", None)
        if query_string is None:
            query_string = read_query_string()
        # The page has been requested: from now on its checks count in the class pulse (if on). The
        # question the room is asked, if any, is followed before the link is read: a ?reveal=1 must not
        # open what the question holds back.
        questions = self.lab.questions
        self.pulse = PulseRecorder.from_environment().watch_all(questions)
        if self.pulse.enabled and self.room is None:  # the question the lecturer asks the room, and each one after it
            # Across the bar's whole width, empty until a question is asked: a live region from the start.
            self.room_notice = self._own(steady(HTML, layout={"flex": "1 0 100%"}).add_class("room-notice-box"))
            self.children = [*self.children, self.room_notice]
            self.room = RoomFollower(self.pulse.store, self.pulse.lab, self.pulse.visitor, self.lab,
                                     self.room_notice).start()
            # A reload in a round: the learner's answers go on under the id the browser kept.
            link((self.progress, "room_vote"), (self.room, "voter"))
        flag_errors = []
        # Each setting a link may carry: the object it sets (this bar, or the page's link that
        # the reveals and practices follow), the setting's name, and how it is read.
        for target, name, read in (
            (self, "presenter", lambda: query_flag(query_string, "presenter")),
            (self.link, "reveal", lambda: query_flag(query_string, "reveal")),
            (self.link, "seed", lambda: query_seed(query_string, MAX_SEED)),
        ):
            try:
                value = read()
            except ValueError as error:
                flag_errors.append(str(error))
                continue
            if value is not None:
                setattr(target, name, value)
        applied = apply_presets(editors or {}, self.status, query_string=query_string, **kwargs)
        if flag_errors:
            self.status.errors = list(self.status.errors) + flag_errors
        # The learner's browser keeps the checks (restoring what it kept from a last visit).
        self.progress.watch_all(questions)
        self.self_check.watch(self.lab.checks, sections_of(f"{self.progress.store.key}.ipynb"))
        return applied

    def _style_css(self):
        return presenter_css(self.zoom) if self.presenter else ""

    def _render(self):
        self._style.value = style_html(self._style_css())
