"""Pulse stores broken as a lecture server may find them (missing, read-only, corrupt), for the tests
that every lab still checks answers and that the lecturer's board explains why the pulse is unavailable.

The tests run as root, whom file modes do not stop: `as_store_user` runs a read-only case as the user
nobody, in a forked child, as a kernel of a server that may not write the store would.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import tempfile
import traceback
from pathlib import Path

from classpulse.pulse_store import PulseStore

BREAKAGES = ("missing", "read-only", "corrupt")
#: What the lecturer is told for each.
SAYS = {"missing": "does not exist", "read-only": "is read-only", "corrupt": "is damaged"}
NOBODY = 65534


@contextlib.contextmanager
def broken_store(kind: str):
    """A pulse folder broken as `kind` says (one of `BREAKAGES`); yields its path."""
    # Not under tmp_path: pytest keeps that where only its owner may enter.
    with tempfile.TemporaryDirectory() as top:
        folder = Path(top) / "pulse"
        if kind != "missing":
            folder.mkdir()
        if kind == "corrupt":
            (folder / "pulse.sqlite").write_bytes(b"this is not SQLite at all " * 200)
        elif kind == "read-only":
            assert PulseStore(folder).status() == ""  # a working store that its reader may not write
            for path in (folder, *folder.iterdir()):
                path.chmod(0o555 if path.is_dir() else 0o444)
        Path(top).chmod(0o755)
        try:
            yield folder
        finally:
            if folder.exists():
                folder.chmod(0o755)


def _child(queue, function, args) -> None:
    os.setuid(NOBODY)
    try:
        queue.put((True, function(*args)))
    except BaseException:  # noqa: BLE001 - sent to the test, which raises it
        queue.put((False, traceback.format_exc()))


def as_store_user(kind: str, function, *args):
    """``function(*args)``, run as a user who may not write the store when `kind` is "read-only"."""
    if kind != "read-only" or os.geteuid() != 0:
        return function(*args)
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child, args=(queue, function, args))
    child.start()
    ok, result = queue.get(timeout=120)
    child.join(30)
    assert ok, f"as the user nobody:\n{result}"
    return result
