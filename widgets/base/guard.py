"""One re-entrancy guard for every widget that writes to what it observes.

A composite that copies a trait into a child (or a child's value back) sees its
own write come back as a change. `Guard` marks the section that writes, and the
observer that would echo asks whether the guard is up::

    self._writing = Guard()

    def _push(self, value):
        with self._writing:
            self._child.value = value

    def _on_child_change(self, change):
        if self._writing:
            return  # our own write coming back
        ...

Guards nest (a depth count), so a write inside a write keeps the guard up until
the outer one ends, and an exception inside the section still lowers it.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Guard"]


class Guard:
    """A context manager that is true while any ``with`` block over it runs.

    >>> writing = Guard()
    >>> bool(writing)
    False
    >>> with writing:
    ...     with writing:
    ...         pass
    ...     print(bool(writing))
    True
    >>> bool(writing)
    False
    """

    __slots__ = ("_depth",)

    def __init__(self) -> None:
        self._depth = 0

    def __enter__(self) -> Guard:
        self._depth += 1
        return self

    def __exit__(self, *exc_info: object) -> Literal[False]:
        self._depth -= 1
        return False

    def __bool__(self) -> bool:
        return self._depth > 0

    def __repr__(self) -> str:
        return f"Guard(depth={self._depth})"
