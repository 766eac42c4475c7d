"""The class pulse's counts as CSV, safe to open in a spreadsheet.

The board's export (`PulseStore.csv`) writes one row per check.  Every text
in it (a lab, a check, a mistake's name) reached the store from a page, so a
cell that a spreadsheet would run as a formula is written with a ``'`` first
(OWASP's list of CSV injection starts); numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .pulse_room import RoomSplit
    from .pulse_store import LabPulse

__all__ = ["counts_csv", "rounds_csv"]

#: What a spreadsheet runs at the start of a cell (OWASP's CSV injection list): such a text cell gets a ' first.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def counts_csv(summary: Iterable[LabPulse], top: int) -> str:
    """The counts as CSV text: one row per check, with its lab's visitors and its `top` mistakes.

    Examples
    --------
    >>> from classpulse.pulse_store import CheckPulse, LabPulse
    >>> lab = LabPulse("lab08", 1, (CheckPulse("check_s", 0, 1, 0, 1, (("=HYPERLINK(1)", 1),)),))
    >>> print(counts_csv([lab], 1), end="")
    lab,check,visitors,attempted,solved,attempts,mistake 1,count 1
    lab08,check_s,1,1,0,1,'=HYPERLINK(1),1
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["lab", "check", "visitors", "attempted", "solved", "attempts"]
                    + [f"{what} {k}" for k in range(1, top + 1) for what in ("mistake", "count")])
    for lab in summary:
        for check in lab.checks:
            cells = [c for pair in check.mistakes for c in pair]
            cells += [""] * (2 * top - len(cells))
            writer.writerow([_cell(cell) for cell in (lab.lab, check.check, lab.visitors, check.attempted,
                                                      check.solved, check.attempts, *cells)])
    return out.getvalue()


def rounds_csv(splits: Iterable[RoomSplit]) -> str:
    """The room's rounds as CSV text: per ask and round, each verdict's answers; then who moved between rounds.

    Examples
    --------
    >>> from classpulse.pulse_room import Room, RoomSplit
    >>> split = RoomSplit(Room(5, "lab08", "check_s", 2, True), ((("sign", 2), ("right", 1)), (("right", 3),)),
    ...                   {"right": "-1", "sign": "1"}, (("sign", "right", 2),))
    >>> print(rounds_csv([split]), end="")
    ask,lab,check,round,verdict,answer,count
    5,lab08,check_s,1,sign,1,2
    5,lab08,check_s,1,right,'-1,1
    5,lab08,check_s,2,right,'-1,3
    5,lab08,check_s,1 to 2,sign to right,,2
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["ask", "lab", "check", "round", "verdict", "answer", "count"])
    for split in splits:
        room = split.room
        rows = [(turn, verdict, split.answers.get(verdict, ""), count)
                for turn, votes in enumerate(split.rounds, start=1) for verdict, count in votes]
        rows += [("1 to 2", f"{before} to {after}", "", count) for before, after, count in split.moves]
        for row in rows:
            writer.writerow([_cell(cell) for cell in (room.ask, room.lab, room.check, *row)])
    return out.getvalue()


def _cell(value):
    """A CSV cell a spreadsheet shows as it is: a text a spreadsheet would run as a formula starts with a ' .

    Examples
    --------
    >>> [_cell(value) for value in ("=1+1", "-1 off", -1, "transpose")]
    ["'=1+1", "'-1 off", -1, 'transpose']
    """
    return "'" + value if isinstance(value, str) and value.startswith(_FORMULA_STARTS) else value
