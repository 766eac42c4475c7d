"""A learner's whole progress as one code to copy to another device, and read back strictly.

The code holds every record the browser keeps (each lab's, the mixed
review's), compressed: ``ML1-`` and URL-safe base64 letters, a few hundred
characters for a course.  `read_code` treats it as untrusted input, as a
record is: a size cap before and after decompression, only names a lab can
have, and every record readable by `widgets.core.progress_record`; it says
why it refuses one, and never runs anything.  Pure Python: no widget, no
numpy.

>>> code = write_code({"02-entry-dot-product": '{"v":1,"checks":{"activity":"solved"}}'})
>>> code.startswith("ML1-"), read_code(code)
(True, ({'02-entry-dot-product': '{"v":1,"checks":{"activity":"solved"}}'}, ''))
>>> read_code("hello")
({}, 'it is not a progress code of these labs')
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping

from .progress_record import MAX_CHARS, read_record

__all__ = ["MAX_CODE", "read_code", "write_code"]

_PREFIX = "ML1-"
#: The longest code read (a course of full records is far shorter).
MAX_CODE = 20_000
_MAX_LABS = 50
_MAX_INFLATED = _MAX_LABS * MAX_CHARS
_NAME = re.compile(r"(?:[0-9]{2}-[a-z0-9-]{1,60}|review)\Z")
_NOT_OURS = "it is not a progress code of these labs"


def write_code(records: Mapping[str, str]) -> str:
    """The code of `records` (a lab's name to the text the browser keeps for it)."""
    text = json.dumps(records, separators=(",", ":"), sort_keys=True).encode()
    return _PREFIX + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def read_code(code: str) -> tuple[dict[str, str], str]:
    """The records a code holds, and why it was refused (``""`` if it was read).

    Returns
    -------
    (dict of str to str, str)
        Each lab's name and its record's text; a reason for the learner
        when the code cannot be read (then the dict is empty).

    Examples
    --------
    >>> read_code("ML1-" + "A" * (MAX_CODE + 1))
    ({}, 'it is too long')
    >>> read_code(write_code({"02-x": "not a record"}))
    ({}, 'the record of 02-x in it cannot be read')
    """
    code = "".join(code.split())  # a code copied over several lines, or with a space
    if len(code) > MAX_CODE:
        return {}, "it is too long"
    if not code.startswith(_PREFIX):
        return {}, _NOT_OURS
    try:
        letters = code[len(_PREFIX):]
        packed = base64.urlsafe_b64decode(letters + "=" * (-len(letters) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, _MAX_INFLATED)
        if inflater.unconsumed_tail:
            return {}, "it is too long"
        if not inflater.eof:  # cut short: the checksum at its end is missing
            return {}, "it is incomplete or mistyped"
        records = json.loads(text)
    except (binascii.Error, ValueError, zlib.error, RecursionError):
        return {}, "it is incomplete or mistyped"
    if (not isinstance(records, dict) or len(records) > _MAX_LABS
            or not all(isinstance(name, str) and _NAME.match(name) and isinstance(record, str)
                       for name, record in records.items())):
        return {}, _NOT_OURS
    for name, record in records.items():
        if read_record(record)[1]:
            return {}, f"the record of {name} in it cannot be read"
    return records, ""
