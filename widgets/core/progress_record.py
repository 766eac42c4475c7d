"""A learner's record of one lab, as kept in the browser: which checks were solved and which seen.

The record travels as JSON text through the browser's storage, which the
learner (or another page of the site) can change: `read_record` reads it
strictly, never evaluates it, and says why it sets one aside; `write_record`
writes what `read_record` accepts.  Pure Python: no widget, no numpy.

Examples
--------
>>> text = write_record({"activity": "solved", "row_check": "shown"})
>>> text
'{"v":1,"checks":{"activity":"solved","row_check":"shown"}}'
>>> read_record(text)
({'activity': 'solved', 'row_check': 'shown'}, '')
>>> read_record('{"v": 2, "checks": {}}')
({}, 'it was written by another version of the labs')
"""

import json
import re

__all__ = ["MAX_CHARS", "STATES", "VERSION", "read_record", "write_record"]

#: The version this code writes and reads; a record of another version is set aside.
VERSION = 1
#: The longest record read: far more than the checks of any lab need.
MAX_CHARS = 20_000
#: How a check ended: right (``solved``), or with its answer seen first (``shown``).
STATES = ("solved", "shown")
#: A check's name in a lab: a Python identifier, as the notebook names it.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
_MAX_CHECKS = 200


def read_record(text):
    """The checks a record holds, and why it was set aside (``""`` if it was read).

    Parameters
    ----------
    text : str
        What the browser's storage held for this lab; ``""`` for nothing.

    Returns
    -------
    (dict of str to str, str)
        Each check's name and its state (one of `STATES`), and a reason for
        the learner when the record cannot be read (then the dict is empty).

    Examples
    --------
    >>> read_record("")
    ({}, '')
    >>> read_record("not json")
    ({}, 'it is not a record of the labs')
    >>> read_record('{"v": 1, "checks": {"activity": "maybe"}}')
    ({}, 'it is not a record of the labs')
    >>> read_record("x" * (MAX_CHARS + 1))
    ({}, 'it is too large')
    """
    if not text:
        return {}, ""
    if len(text) > MAX_CHARS:
        return {}, "it is too large"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}, "it is not a record of the labs"
    if not isinstance(data, dict) or not isinstance(data.get("v"), int) or isinstance(data["v"], bool):
        return {}, "it is not a record of the labs"
    if data["v"] != VERSION:
        return {}, "it was written by another version of the labs"
    checks = data.get("checks")
    if (
        set(data) != {"v", "checks"}
        or not isinstance(checks, dict)
        or len(checks) > _MAX_CHECKS
        or not all(isinstance(name, str) and _NAME.match(name) and state in STATES
                   for name, state in checks.items())
    ):
        return {}, "it is not a record of the labs"
    return dict(checks), ""


def write_record(checks):
    """The record of `checks` (check name to one of `STATES`) as the text `read_record` reads."""
    for name, state in checks.items():
        if not _NAME.match(name) or state not in STATES:
            raise ValueError(f"cannot record check {name!r} as {state!r}")
    return json.dumps({"v": VERSION, "checks": dict(checks)}, separators=(",", ":"))
