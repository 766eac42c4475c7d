"""The lab's own names: what the class pulse and the learner's progress find in a notebook."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["named", "user_namespace"]


def user_namespace() -> dict[str, Any]:
    """The notebook's names (IPython's user namespace), or ``{}`` outside IPython."""
    from IPython import get_ipython

    shell = get_ipython()
    return shell.user_ns if shell is not None else {}


def named(namespace: Mapping[str, Any], kinds: type | tuple[type, ...]) -> list[tuple[str, Any]]:
    """Each object of `kinds` in `namespace` once, under its first public name, in the lab's order.

    >>> named({"a": 1, "_b": 2, "c": "x", "d": 1.5}, (int, float))
    [('a', 1), ('d', 1.5)]
    >>> shared = [1]
    >>> named({"first": shared, "again": shared}, list)  # a second name is not a second object
    [('first', [1])]
    """
    seen, found = set(), []
    for name, value in list(namespace.items()):
        if name.startswith("_") or not isinstance(value, kinds) or id(value) in seen:
            continue
        seen.add(id(value))
        found.append((name, value))
    return found
