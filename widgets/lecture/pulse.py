"""Recording how a lab's checks are answered, for the lecturer's class pulse.

A `PulseRecorder` watches a lab's `Check` widgets from the outside, through
their ``attempts`` trait, and stores one event per checked answer in a
`PulseStore`: the lab, the check's name in the lab, an anonymous visitor id
(random, one per page view), right or wrong, the diagnosed mistake (for a wrong
choice, the option picked, in quotes: learners shown the options in different
orders are counted by option, never by place) and the answer in its short
normalised form.  Each question is recorded under the key
its lab gave it (`LabPage.ask`: ``activity``, ``check_qkv``, ``practice``...):
keys that are the same on every page view of a lab, and that the lecturer
recognises.

Recording is on only on a lecture server, where the pulse folder comes from
the environment variable ``MATMUL_PULSE_DIR``, and on a JupyterHub whose
servers have ``MATMUL_PULSE_URL``, the course's pulse service: there the
events wait in the student's outbox (`pulse_sender.outbox`) and a
`PulseSender` sends them on.  Without either (a plain notebook, nbclient,
the tests) `PulseRecorder.from_environment` gives a recorder that records
nothing.
"""

from __future__ import annotations

import os
import posixpath
import uuid
import weakref
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from traitlets import HasTraits, Int, Unicode

from classpulse import PulseSender, PulseStore, outbox

from ..controls.check import Check
from ..controls.practice import Practice
from ..core.environment import PULSE_DIR, PULSE_URL

__all__ = ["PulseRecorder", "lab_name", "slip"]

#: The mistake recorded for a right answer given after the answer was shown (`Check.shown`).
SHOWN = "answer seen first"


def slip(mistake: str, answer: object) -> str:
    """The mistake the board counts for an answer: a wrong choice by the option picked, in quotes.

    >>> slip("choice", "the rows"), slip("sign", -7.0)
    ('“the rows”', 'sign')
    """
    return f"“{answer}”" if mistake == "choice" else mistake


def lab_name(environ: Mapping[str, str] | None = None, folder: str | os.PathLike[str] | None = None) -> str:
    """The name of the notebook this kernel renders, or ``""`` when it is not one in `folder`.

    Voila gives a kernel the page's path as it was sent, ``SCRIPT_NAME``
    (``/voila/render/01-product-by-columns.ipynb``; a preheated kernel has it
    once `read_query_string` has returned), and starts it in the notebook's
    folder.  A path can name one notebook many ways (``%30%31-…``,
    ``…%2eipynb``, ``//``, ``./``): the name is taken from the path as Voila
    resolved it, decoded and normalised, and only if that notebook is in the
    folder, so every way of asking for a lab counts under its one name, and a
    path that names no notebook here under none.

    Parameters
    ----------
    environ : mapping, optional
        Default ``os.environ``.
    folder : str or os.PathLike, optional
        Where the notebook must be; default the kernel's working directory.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> labs = tempfile.mkdtemp()
    >>> pathlib.Path(labs, "01-product-by-columns.ipynb").touch()
    >>> lab_name({"SCRIPT_NAME": "/voila/render/%30%31-product-by-columns%2eipynb"}, labs)
    '01-product-by-columns'
    >>> lab_name({"SCRIPT_NAME": "/voila/render/.//01-product-by-columns.ipynb"}, labs)
    '01-product-by-columns'
    >>> lab_name({"SCRIPT_NAME": "/voila/render/01-made-up.ipynb"}, labs), lab_name({}, labs)
    ('', '')
    """
    environ = os.environ if environ is None else environ
    name = posixpath.basename(posixpath.normpath(unquote(environ.get("SCRIPT_NAME", ""))))
    notebook = os.path.join(os.getcwd() if folder is None else folder, name)
    # isfile is False, not an error, for a name no file can have (too long, a NUL byte).
    return name[: -len(".ipynb")] if name.endswith(".ipynb") and os.path.isfile(notebook) else ""


class PulseRecorder(HasTraits):
    """Records every checked answer of a lab's checks in a `PulseStore`, anonymously.

    Parameters
    ----------
    store : PulseStore or None
        Where to record; None records nothing.
    lab : str
        The lab's name, the same on every page view.
    visitor : str, optional
        This page view's anonymous id; default a fresh random one.

    Attributes
    ----------
    recorded : int
        Answers stored so far.
    error : str
        Why the last event could not be stored, or ``""``.

    Examples
    --------
    >>> import tempfile
    >>> from widgets import Check
    >>> store = PulseStore(tempfile.mkdtemp())
    >>> shape = Check("What is the shape of $AB$?", (4, 2))
    >>> recorder = PulseRecorder(store, "lab08").watch_all({"shape": shape})
    >>> shape.answer_input.value = "2 x 4"
    >>> shape.submit(), recorder.recorded
    (False, 1)
    >>> lab = store.summary()[0]
    >>> lab.visitors, lab.checks[0].check, lab.checks[0].mistakes
    (1, 'shape', (('shape', 1),))
    """

    lab = Unicode("", help="The lab's name, the same on every page view.")
    visitor = Unicode(help="This page view's anonymous id (random; no name, no address).")
    recorded = Int(0, read_only=True, help="Answers stored so far.")
    error = Unicode("", read_only=True, help="Why the last event was not stored, or ''.")

    def __init__(self, store: PulseStore | None, lab: str, visitor: str | None = None, **kwargs: Any) -> None:
        super().__init__(lab=lab, visitor=visitor or uuid.uuid4().hex, **kwargs)
        self._store = store
        self._checks = weakref.WeakKeyDictionary()  # Check -> (its name in the lab, position)
        self._watched = {}  # name in the lab -> Check or Practice
        self._visited = False

    @classmethod
    def from_environment(cls, lab: str | None = None, environ: Mapping[str, str] | None = None) -> PulseRecorder:
        """A recorder for this page, on when ``MATMUL_PULSE_DIR`` or ``MATMUL_PULSE_URL`` is set
        and the page is a notebook of its folder (`lab_name`).

        Parameters
        ----------
        lab : str, optional
            Default: the page's notebook name (`lab_name`).
        environ : mapping, optional
            Default ``os.environ``.

        Examples
        --------
        >>> PulseRecorder.from_environment("lab01", environ={}).enabled
        False
        """
        environ = os.environ if environ is None else environ
        lab = lab or lab_name(environ)
        folder = environ.get(PULSE_DIR, "") if lab else ""  # a page that is no lab here records nothing
        if lab and environ.get(PULSE_URL):
            folder = folder or outbox(environ)
            try:
                os.makedirs(folder, mode=0o700, exist_ok=True)
            except OSError:
                folder = ""  # no outbox: this page records nothing, the lab goes on
            else:
                PulseSender.from_environment(folder, environ)
        store = PulseStore(folder) if folder else None
        return cls(store, lab)

    @property
    def store(self) -> PulseStore | None:
        """Where this recorder records (None: nowhere)."""
        return self._store

    @property
    def enabled(self) -> bool:
        """Whether this recorder stores anything."""
        return self._store is not None

    @property
    def watched(self) -> dict[str, Check | Practice]:
        """The checks and practices watched, by their names in the lab, in the lab's order."""
        return dict(self._watched)

    def watch_all(self, questions: Mapping[str, Check | Practice]) -> PulseRecorder:
        """Count this page view, and record each of `questions` (a lab's `LabPage.questions`).

        Parameters
        ----------
        questions : dict
            Each question by its key in the lab: a `Check` is recorded under its
            key; a `Practice` under its key, its checks following the problem shown.

        Returns
        -------
        PulseRecorder
            This recorder, so that one line makes and starts it.
        """
        if not self.enabled:
            return self
        known = {id(value) for value in self._watched.values()}
        for name, value in questions.items():
            if not isinstance(value, Check | Practice):
                raise TypeError(f"{name!r} is not a Check or a Practice but a {type(value).__name__}")
            if id(value) in known:
                continue
            self._watched[name] = value
            position = len(self._watched) - 1  # the lab's order, the same on every page view
            if isinstance(value, Check):
                self.watch(value, name, position)
            else:
                self.watch_practice(value, name, position)
        if not self._visited:
            self._visited = True
            checks = [(name, position, getattr(self._watched[name], "title", ""))
                      for position, name in enumerate(self._watched)]
            self._report(self._store.record_visit(self.lab, self.visitor, checks))
        return self

    def watch(self, check: Check, name: str, position: int = 0) -> None:
        """Record each answer `check` judges, under `name` at `position` in the lab."""
        if self.enabled and check not in self._checks:
            self._checks[check] = (name, position)
            check.observe(self._on_attempt, names="attempts")

    def watch_practice(self, practice: Practice, name: str, position: int = 0) -> None:
        """Record the answers to `practice`'s checks, whichever problem it shows, under `name`."""
        if not self.enabled:
            return

        def follow(change=None):
            checks = practice.checks
            for part, check in enumerate(checks, start=1):
                # The first part goes by the practice's own name, the one the board lists from the start.
                self.watch(check, name if part == 1 else f"{name} part {part}", position)

        # Practice builds its checks before these fire: on Start (children) and on new numbers (seed).
        practice.observe(follow, names=["children", "seed"])
        follow()

    def _on_attempt(self, change):
        if change["new"] <= change["old"]:
            return
        check = change["owner"]
        try:  # a lab must never break because its pulse cannot be recorded
            name, position = self._checks[check]
            right = check.mistake == ""
            # A right answer typed after the answer was seen counts as shown, not solved.
            stored = self._store.record(
                self.lab, name, self.visitor, right=right and not check.shown,
                mistake=SHOWN if right and check.shown else slip(check.mistake, check.answer_read),
                answer=check.answer_read, position=position,
            )
        except Exception as error:  # noqa: BLE001 - reported, never raised into the lab
            self.set_trait("error", f"the pulse could not record this answer: {error}")
            return
        if stored:
            self.set_trait("recorded", self.recorded + 1)
        self._report(stored)

    def _report(self, stored):
        self.set_trait("error", "" if stored else self._store.error)
