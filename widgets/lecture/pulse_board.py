"""The lecturer's class pulse: how the room answers each lab's checks, live.

`PulseBoard` reads a `PulseStore` every few seconds and shows, per lab, how
many visitors opened it and, per check, how many attempted it and solved it
(one `BarChart`, from `widgets.views.bar_chart`) and the most common mistakes
with their counts (another), large enough for a projector, with a table of the same numbers, a Reset for
a new session and the counts as a CSV download.  `pulse_page` is what the
lecturer's notebook shows: the board, on a server that lets only the
lecturer's link reach this page (``labserver.pulse_gate``), or a refusal.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Mapping
from typing import Any

import numpy as np
from ipywidgets import HTML, Button, HBox, Layout, VBox
from traitlets import Float, Int, TraitError, Unicode, validate

from classpulse import CATALOGUE, LabPulse, PulseStore

from ..base.batching import apply_changes
from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..core.environment import PULSE_DIR, PULSE_GATE
from ..text.alerts import alert_html
from ..text.pulse_words import ERASE_QUESTION_HTML, NO_ANSWERS_HTML, csv_link_html, lab_heading_html, pulse_table_html
from ..views.bar_chart import BarChart
from .query import read_query_string
from .room_board import RoomPanel

__all__ = ["LabPanel", "PulseBoard", "pulse_page", "refusal"]

_ATTEMPTED, _SOLVED, _MISTAKE = "#4c78a8", "#54a24b", "#e45756"


def _label(text, most=30):
    """`text` cut to `most` characters for a bar's label (the table below gives it in full).

    >>> _label("Shape of H = A_att V: swapped"), _label("Shape of H = A_att V: inner sizes kept")
    ('Shape of H = A_att V: swapped', 'Shape of H = A_att V: inner s…')
    """
    return text if len(text) <= most else text[:most - 1] + "…"


class LabPanel(OwnsChildren, VBox):
    """One lab on the board: its visitors, then attempted/solved and the top mistakes per check.

    Attributes
    ----------
    progress_bars : bqplot.Bars
        The attempted/solved `Bars` (two rows of y, one column per check).
    mistake_bars : bqplot.Bars
        The top-mistakes `Bars`: one bar per "check: mistake".

    Examples
    --------
    >>> from classpulse import CheckPulse, LabPulse
    >>> panel = LabPanel("lab01")
    >>> panel.show(LabPulse("lab01", 3, (CheckPulse("activity", 0, 2, 1, 4, (("sign", 2),)),)))
    >>> panel.progress_bars.y.tolist(), panel.mistake_bars.x.tolist()
    ([[2.0], [1.0]], ['activity: sign'])
    """

    def __init__(self, lab: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._heading = self._own(steady(HTML).add_class("pulse-lab-heading"))
        self._progress = self._own(BarChart(
            # No legend: inside the plot it would cover the bars.
            "attempted (blue), solved (green)",
            # Horizontal, in the lab's order from the top: the checks' titles read across, in full.
            orientation="horizontal", type="grouped", colors=[_ATTEMPTED, _SOLVED],
            labels=["attempted", "solved"],
        ))
        self._mistakes = self._own(BarChart(
            "most common mistakes (answers)", orientation="horizontal", colors=[_MISTAKE],
        ))
        self.progress_bars, self.mistake_bars = self._progress.bars, self._mistakes.bars
        self._table = self._own(steady(HTML).add_class("pulse-table"))
        self.lab = lab
        self.children = [
            self._heading,
            self._own(HBox([self._progress, self._mistakes], layout=Layout(flex_flow="row wrap"))),
            self._table,
        ]
        self.add_class("pulse-lab")

    def show(self, pulse: LabPulse) -> None:
        """Draw `pulse` (a `LabPulse`), sending only what changed."""
        checks = pulse.checks
        names = [_label(check.label) for check in checks]
        top = [(_label(f"{check.label}: {name}"), count) for check in checks for name, count in check.mistakes]
        attempted = [check.attempted for check in checks]
        solved = [check.solved for check in checks]
        self._progress.show(names, np.array([attempted, solved], dtype=float).reshape(2, -1))
        self._mistakes.show([label for label, _ in top], [count for _, count in top])
        apply_changes([
            # Room for every check's name, and for every mistake's bar, on a projector.
            (self._progress.layout, {"width": f"{max(600, 120 * len(names))}px"}),
            (self._mistakes.layout, {"height": f"{max(380, 100 + 40 * len(top))}px"}),
            (self._heading, {"value": lab_heading_html(pulse.lab, pulse.visitors)}),
            (self._table, {"value": pulse_table_html(
                (check.label, check.attempted, check.solved, check.attempts, check.mistakes) for check in checks
            )}),
        ])


class PulseBoard(OwnsChildren, VBox):
    """The lecturer's live view of a `PulseStore`: a panel per lab, Reset, CSV export.

    Parameters
    ----------
    store : PulseStore
    interval : float, optional
        Seconds between refreshes once `start` is called.  Default 3.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    status : str
        Why the pulse is unavailable, or ``""``.
    refreshes : int
        How many times the board has read the store.
    panels : dict of str to LabPanel
        One per lab seen, by name (read-only).
    reset, erase, keep : ipywidgets.Button
        Reset asks whether to erase every count and round (`ERASE_QUESTION`); Erase does, Keep does not.
    room : RoomPanel
        Asking the room one check, in two rounds (peer instruction).

    Examples
    --------
    >>> import tempfile
    >>> store = PulseStore(tempfile.mkdtemp())
    >>> _ = store.record("lab08", "check_h", "v1", right=False, mistake="inner")
    >>> board = PulseBoard(store)
    >>> board.panels["lab08"].mistake_bars.y.tolist(), board.status
    ([1.0], '')
    >>> board.reset.click()
    >>> board.panels["lab08"].layout.display, board.erase.description
    (None, 'Erase them')
    >>> board.erase.click()
    >>> board.panels["lab08"].layout.display
    'none'
    """

    status = Unicode("", read_only=True, help="Why the pulse is unavailable, or ''.")
    refreshes = Int(0, read_only=True, help="How many times the board has read the store.")
    interval = Float(3.0, help="Seconds between refreshes once started (0.5 to 60).")

    def __init__(self, store: PulseStore, interval: float = 3.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._store = store
        self._task = None  # before the interval, which may be refused: a refused board still closes
        self.interval = interval
        self._shown = None  # the (status, summary) drawn last
        self._panels = {}
        self._status = self._own(steady(HTML).add_class("pulse-status"))
        self.reset = self._own(steady(Button, description="Reset for a new session", button_style="danger",
                                      layout={"width": "auto"}).add_class("pulse-reset"))
        self.erase = self._own(steady(Button, description="Erase them", button_style="danger", icon="trash",
                                      layout={"width": "auto"}).add_class("pulse-erase"))
        self.keep = self._own(steady(Button, description="Keep them", layout={"width": "auto"}).add_class("pulse-keep"))
        # Reset asks first: the counts and the room's rounds are a session's only record.
        self._confirm = self._own(HBox([self._own(steady(HTML, ERASE_QUESTION_HTML)),
                                        self.erase, self.keep],
                                       layout=Layout(display="none", align_items="center", flex_flow="row wrap",
                                                     grid_gap="0 1em")).add_class("pulse-confirm"))
        self.reset.on_click(lambda _button: self._ask_to_erase(True))
        self.keep.on_click(lambda _button: self._ask_to_erase(False))
        self.erase.on_click(lambda _button: self._on_reset())
        self._export = self._own(steady(HTML).add_class("pulse-export"))
        self._updated = self._own(steady(HTML).add_class("pulse-updated"))
        self._labs = self._own(VBox().add_class("pulse-labs"))
        self.room = self._own(RoomPanel(store))
        self.children = [
            self._own(HBox([self.reset, self._export, self._updated],
                           layout=Layout(align_items="center", grid_gap="0 1.5em"))),
            self._confirm,
            self._status,
            self.room,
            self._labs,
        ]
        self.add_class("pulse-board")
        self.refresh()

    @property
    def panels(self) -> dict[str, LabPanel]:
        """The `LabPanel` of each lab seen, by name."""
        return dict(self._panels)

    @validate("interval")
    def _validate_interval(self, proposal):
        seconds = proposal["value"]
        if not 0.5 <= seconds <= 60:
            raise TraitError(f"interval must be from 0.5 to 60 seconds, got {seconds}")
        return seconds

    def refresh(self) -> None:
        """Read the store and redraw: the status, each lab's panel and the CSV link."""
        status = self._store.status()
        summary = [] if status else self._store.summary()
        status = status or self._store.error
        self.set_trait("refreshes", self.refreshes + 1)
        if not self.room.refresh() and (status, summary) == self._shown:
            # Nothing to send: a board that sends nothing lets Voila cull its kernel once the
            # lecturer's tab is closed (every message from a kernel counts as activity).
            return
        self._shown = (status, summary)
        self.set_trait("status", status)
        self._status.value = alert_html(
            f"The pulse is unavailable: {status}. The labs still check answers.", style="font-size: 1.3em"
        ) if status else ""
        shown = set()
        for pulse in summary:
            panel = self._panels.get(pulse.lab)
            if panel is None:
                panel = self._panels[pulse.lab] = self._own(LabPanel(pulse.lab))
                self._labs.children = [self._panels[lab] for lab in sorted(self._panels)]
            panel.show(pulse)
            panel.layout.display = None
            shown.add(pulse.lab)
        for lab, panel in self._panels.items():
            if lab not in shown:
                panel.layout.display = "none"  # erased by a Reset
        if not summary and not status:
            self._updated.value = NO_ANSWERS_HTML
        else:
            self._updated.value = f"last change {time.strftime('%H:%M:%S')}"
        self._export.value = csv_link_html(self._store.csv(summary)) if summary else ""

    def start(self) -> asyncio.Task[None]:
        """Refresh every `interval` seconds from now on, in the kernel's event loop.

        Returns
        -------
        asyncio.Task
            Cancel it, or call `stop`, to stop refreshing.
        """
        self.stop()
        self._task = asyncio.get_running_loop().create_task(self._refresh_forever())
        return self._task

    def stop(self) -> None:
        """Stop refreshing."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _refresh_forever(self):
        while True:
            await asyncio.sleep(self.interval)
            try:
                self.refresh()
            except Exception as error:  # noqa: BLE001 - shown, and the next refresh tries again
                self._shown = None  # so that the next refresh draws everything again
                self._status.value = alert_html(f"The board could not refresh: {error}")

    def _ask_to_erase(self, asking):
        self._confirm.layout.display = None if asking else "none"
        self.reset.disabled = asking

    def _on_reset(self):
        self._ask_to_erase(False)
        if not self._store.reset():
            self.set_trait("status", self._store.error)
        self.refresh()

    def close(self) -> None:
        """Stop refreshing, then close."""
        self.stop()
        super().close()


def refusal(environ: Mapping[str, str] | None = None) -> str:
    """Why the lecturer's page shows no board on this server, or ``""`` when it may.

    The lecturer's link is checked by the lecture server before this page is
    rendered (``labserver.pulse_gate``, which sets ``MATMUL_PULSE_GATE``);
    the kernel never sees the lecturer's token.  Where no server checks the
    link, the page shows nothing of the store.

    Examples
    --------
    >>> refusal({"MATMUL_PULSE_DIR": "/srv/pulse", "MATMUL_PULSE_GATE": "1"})
    ''
    >>> refusal({"MATMUL_PULSE_DIR": "/srv/pulse"})
    "This server does not check the lecturer's link (MATMUL_PULSE_GATE is not set): start it with make serve."
    >>> refusal({})
    'The class pulse is off on this server: start it with make serve (MATMUL_PULSE_DIR is not set).'
    """
    environ = os.environ if environ is None else environ
    if not environ.get(PULSE_DIR):
        return f"The class pulse is off on this server: start it with make serve ({PULSE_DIR} is not set)."
    if not environ.get(PULSE_GATE):
        return f"This server does not check the lecturer's link ({PULSE_GATE} is not set): start it with make serve."
    return ""


def pulse_page(environ: Mapping[str, str] | None = None, *, start: bool = True) -> PulseBoard | HTML:
    """What the lecturer's notebook shows: the live board, or why this server shows none.

    Parameters
    ----------
    environ : mapping, optional
        Default ``os.environ`` (``MATMUL_PULSE_DIR``, ``MATMUL_PULSE_GATE``),
        once the page's request has arrived: a preheated kernel waits here
        (`read_query_string`), so no board refreshes in Voila's pool.
    start : bool, optional
        Refresh the board every few seconds (needs a running event loop, as
        in a kernel).

    Returns
    -------
    PulseBoard or ipywidgets.HTML
        The board; or a refusal, which shows nothing of the store.

    Examples
    --------
    >>> pulse_page({}).value.count("is off on this server")
    1
    """
    if environ is None:
        read_query_string()
        environ = os.environ
    reason = refusal(environ)
    if reason:
        return HTML(alert_html(reason, style="font-size: 1.3em")).add_class("pulse-refused")
    board = PulseBoard(PulseStore(environ[PULSE_DIR], catalogue=CATALOGUE))
    if start:
        board.start()
    return board
