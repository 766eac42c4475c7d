"""The labs' checks as the class pulse knows them: each lab's name, its checks' ids, places and titles.

The pulse's store takes its lab names, check ids, places and titles from
here, not from what a page sends: on a JupyterHub a student's server can
post any line, and a board that listed what it was sent would project a
student's invented lab or title to the room.  The catalogue is
``pulse_catalogue.json`` beside this module, written by
``tools/pulse_catalogue.py`` from the labs themselves (every notebook of
``labs/``, each run as a page view runs it) and held equal to them by
``tests/classpulse/test_pulse_catalogue.py``.

A practice shows problems of one part or several; its first part is
recorded under the practice's own name, part *k* under ``"<name> part k"``
(`widgets.lecture.pulse.PulseRecorder.watch_practice`), so the catalogue
keeps how many parts each practice's problems can have.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["CATALOGUE", "Catalogue", "LabChecks"]

#: The generated catalogue, beside this module.
FILE = os.path.join(os.path.dirname(__file__), "pulse_catalogue.json")


@dataclass(frozen=True)
class LabChecks:
    """One lab's checks, in the lab's order.

    Attributes
    ----------
    checks : mapping of str to str
        Each check's title by its id (its name in the lab), in the lab's order.
    parts : mapping of str to int
        The most parts a problem of each practice has, by the practice's id.
    after : mapping of str to int
        How many earlier questions a follow-up waits for (its part of the lab opens once they are
        answered), by its id; a check in sight from the start is not here.
    """

    checks: Mapping[str, str] = field(default_factory=dict)
    parts: Mapping[str, int] = field(default_factory=dict)
    after: Mapping[str, int] = field(default_factory=dict)

    def place(self, check: str) -> int | None:
        """The place in the lab of `check` (a practice's part shares its practice's), None if unknown.

        Examples
        --------
        >>> lab = LabChecks({"activity": "AB by columns", "practice": "Practice"}, {"practice": 2})
        >>> lab.place("practice"), lab.place("practice part 2"), lab.place("practice part 3"), lab.place("x")
        (1, 1, None, None)
        """
        ids = list(self.checks)
        if check in ids:
            return ids.index(check)
        name, _, part = check.rpartition(" part ")
        if name in self.parts and part.isdigit() and part[0] != "0" and 2 <= int(part) <= self.parts[name]:
            return ids.index(name)
        return None


@dataclass(frozen=True)
class Catalogue:
    """The labs the pulse counts, by name (`widgets.lecture.pulse.lab_name`), and their checks.

    Parameters
    ----------
    labs : mapping of str to LabChecks

    Examples
    --------
    >>> CATALOGUE.place("01-product-by-columns", "activity"), CATALOGUE.place("01-product-by-columns", "x")
    (0, None)
    >>> CATALOGUE.title("01-product-by-columns", "activity")
    'AB by columns'
    >>> "index" in CATALOGUE.labs, "lab01" in CATALOGUE.labs
    (True, False)
    """

    labs: Mapping[str, LabChecks]

    @classmethod
    def read(cls, path: str = FILE) -> Catalogue:
        """The catalogue in the JSON file at `path` (as `to_json` writes it)."""
        with open(path, encoding="utf-8") as file:
            labs = json.load(file)
        return cls({name: LabChecks(lab["checks"], lab["parts"], lab["after"]) for name, lab in labs.items()})

    def to_json(self) -> str:
        """The catalogue as the JSON text `read` reads, labs by name."""
        return json.dumps({name: {"checks": dict(lab.checks), "parts": dict(lab.parts), "after": dict(lab.after)}
                           for name, lab in sorted(self.labs.items())}, ensure_ascii=False, indent=1) + "\n"

    def place(self, lab: str, check: str) -> int | None:
        """The place of `check` in `lab`, or None when the lab has no such check."""
        known = self.labs.get(lab)
        return None if known is None else known.place(check)

    def title(self, lab: str, check: str) -> str:
        """The title of `check` in `lab`, ``""`` for none (a practice's later part, an unknown check)."""
        return self.labs[lab].checks.get(check, "") if lab in self.labs else ""

    def listed(self, lab: str) -> tuple[tuple[str, int, str], ...]:
        """The checks of `lab` as the board lists them before anyone answers: (id, place, title) each."""
        known = self.labs.get(lab, LabChecks())
        return tuple((check, place, title) for place, (check, title) in enumerate(known.checks.items()))

    def askable(self) -> tuple[tuple[str, str, str, int], ...]:
        """Every check the lecturer may ask the room (`classpulse.pulse_room`), as (lab, check, title, how
        many earlier questions it opens after), labs by name: a practice is none, since each page view
        shows its own problem.

        >>> CATALOGUE.askable()[0], [ask for ask in CATALOGUE.askable() if ask[1] == "check_h2"]
        (('01-product-by-columns', 'activity', 'AB by columns', 0), [('08-attention-weights', 'check_h2', 'h₂ by hand', 4)])
        """
        return tuple((name, check, title, lab.after.get(check, 0)) for name, lab in sorted(self.labs.items())
                     for check, title in lab.checks.items() if check not in lab.parts)

#: Every lab of this project, as ``tools/pulse_catalogue.py`` last read them.
CATALOGUE = Catalogue.read()
