"""Asking the room from the lecturer's board: pick a check, ask, round two, reveal (peer instruction).

`RoomPanel` sits at the top of the lecture server's `PulseBoard`.  The lecturer picks any check of
any lab the pulse knows (`Catalogue.askable`) and asks the room; every student with that lab open
follows (`widgets.lecture.room`).  The panel shows how the answers split in each round as they come
in, labelled by the answers themselves, until the lecturer shows which is right; then "Round two"
and "Reveal".  The store keeps the state (`PulseStore.ask_room`), so a restarted server carries on.
"""

from __future__ import annotations

from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, ToggleButton, VBox

from classpulse import CATALOGUE, Catalogue, PulseStore, Room

from ..base.owned import OwnsChildren
from ..base.shared_models import steady
from ..text.alerts import alert_html
from ..text.room_words import question_label, room_heading_html, split_table_html

__all__ = ["RoomPanel"]


class RoomPanel(OwnsChildren, VBox):
    """The lecturer's controls for asking the room one check, and how the room answers it.

    Parameters
    ----------
    store : PulseStore
    catalogue : Catalogue, optional
        The checks that may be asked; default the labs' (`CATALOGUE`).

    Attributes
    ----------
    question : ipywidgets.Dropdown
        The check to ask: its value is ``(lab, check)``.
    ask, next_round, reveal : ipywidgets.Button
    verdicts : ipywidgets.ToggleButton
        Show which answer is right and which slip each wrong one is (off: the answers only).

    Examples
    --------
    >>> import tempfile
    >>> store = PulseStore(tempfile.mkdtemp())
    >>> panel = RoomPanel(store)
    >>> panel.question.value = ("02-entry-dot-product", "activity")
    >>> panel.ask.click()
    >>> store.room().check, panel.next_round.disabled, panel.reveal.disabled
    ('activity', False, False)
    >>> panel.next_round.click(); panel.reveal.click(); store.room().revealed
    True
    """

    def __init__(self, store: PulseStore, catalogue: Catalogue = CATALOGUE, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._store, self._catalogue = store, catalogue
        askable = catalogue.askable()
        self.question = self._own(Dropdown(
            options=[(question_label(lab, title, after), (lab, check)) for lab, check, title, after in askable],
            description="Ask the room:", style={"description_width": "initial"},
            layout=Layout(width="auto", max_width="100%"),
        ).add_class("room-question"))
        self.ask = self._own(steady(Button, description="Ask", button_style="primary", layout={"width": "auto"}, icon="bullhorn",
                                    tooltip="Ask every student with this lab open (round one: alone)"))
        self.next_round = self._own(steady(Button, description="Round two", icon="comments", layout={"width": "auto"},
                                           tooltip="Talk it over with a neighbour, then answer again"))
        self.reveal = self._own(steady(Button, description="Reveal the answer", button_style="warning", layout={"width": "auto"}, icon="eye",
                                       tooltip="Every student's page opens what the question held back"))
        self.verdicts = self._own(steady(ToggleButton, description="Show which is right", icon="check", layout={"width": "auto"},
                                         tooltip="On the board only: the students' pages say nothing"))
        for button, act in ((self.ask, self._ask), (self.next_round, self._store.next_round),
                            (self.reveal, self._store.reveal_room)):
            button.on_click(lambda _button, act=act: self._act(act))
        self.verdicts.observe(lambda _change: self.refresh(), names="value")
        self._heading = self._own(steady(HTML).add_class("room-heading-box"))
        self._split = self._own(steady(HTML).add_class("room-split-box"))
        self._status = self._own(steady(HTML))
        self.children = [
            self._own(HBox([self.question, self.ask, self.next_round, self.reveal, self.verdicts],
                           layout=Layout(flex_flow="row wrap", align_items="center", grid_gap="0.5em 1em"))),
            self._status, self._heading, self._split,
        ]
        self.add_class("room-panel")
        self._shown = None
        self.refresh()

    def _ask(self):
        lab, check = self.question.value
        self.verdicts.value = False  # a new question: the room must not see which answer is right
        return self._store.ask_room(lab, check)

    def _act(self, act):
        if act() is None:
            self._status.value = alert_html(f"The room could not be asked: {self._store.error}.")
        else:
            self._status.value = ""
        self.refresh()

    def refresh(self) -> bool:
        """Read the room and how it answers, and redraw what changed; return whether anything did."""
        split = self._store.room_split()  # the latest ask's, read with it in one transaction
        room = split.room if split is not None else Room()
        shown = (room, split, self.verdicts.value)
        if shown == self._shown:
            return False
        self._shown = shown
        # One question at a time: reveal it before asking the next (a new one would reveal it unasked).
        self.ask.disabled = room.asking
        self.next_round.disabled = not (room.asking and room.round == 1)
        self.reveal.disabled = not room.asking
        self.reveal.button_style = "warning" if room.asking else ""  # an orange button looks pressable
        self.verdicts.disabled = not room.ask
        if split is None:
            self._heading.value, self._split.value = "", ""
            return True
        title = self._catalogue.title(room.lab, room.check) or room.check
        answered = (split.answered(1), split.answered(2))
        self._heading.value = room_heading_html(title, room.lab, room.round, room.revealed, answered)
        self._split.value = split_table_html(split.rounds, split.answers, split.moves,
                                             self.verdicts.value or room.revealed)
        return True

    @property
    def room(self) -> Room:
        """The room as last drawn."""
        return self._shown[0] if self._shown else Room()
