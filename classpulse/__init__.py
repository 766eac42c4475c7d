"""The class pulse without a widget: its store, journals, line reader, catalogue and sender.

A lab's kernel records how its checks are answered (the recorder,
`widgets.lecture.pulse`), the lecturer's board shows the counts
(`widgets.lecture.pulse_board`), and on a JupyterHub the course's pulse
service receives them (`labserver.pulse_service`).  What those three share,
the storage and the traffic, is here, and imports no widget: the standard
library, numpy and the math layer `widgets.core` (a shape written as the
syllabus writes it, the environment variables' names) only, never
ipywidgets, bqplot or any other layer of `widgets` (held by
``tests/project/test_layers.py`` and ``tests/classpulse/test_imports_alone.py``).
So the hub's service runs without the widget stack.

The widgets and the servers use these names, and no module of the package
directly:

- `PulseStore`: the store in a folder (one SQLite file and the kernels'
  journals), which records, counts (`LabPulse`, `CheckPulse`), exports and resets;
- `CATALOGUE`: the labs and checks the pulse counts, made from the labs by
  ``tools/pulse_catalogue.py``;
- `Room`, `RoomSplit`, `read_room`, `write_room`: the question the lecturer asks
  the room, in rounds (`PulseStore.ask_room`), and how a lab's kernel learns it;
- `PulseSender`, `outbox`, `EVENTS_PATH`, `MAX_BATCH`: how a student's server on
  a JupyterHub sends its journals to the course's pulse service.
"""

from .pulse_catalogue import CATALOGUE, Catalogue
from .pulse_room import ROOM_FILE, Room, RoomSplit, read_room, write_room
from .pulse_sender import EVENTS_PATH, MAX_BATCH, PulseSender, outbox
from .pulse_store import CheckPulse, LabPulse, PulseStore

__all__ = ["CATALOGUE", "EVENTS_PATH", "ROOM_FILE", "Catalogue", "MAX_BATCH", "CheckPulse", "LabPulse", "PulseSender", "PulseStore", "Room",
           "RoomSplit", "outbox", "read_room", "write_room"]
