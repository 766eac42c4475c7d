"""How the package says a list in words: names joined as a sentence, entries by position.

Feedback, identity checks and the lecture bar all name several things in one
sentence; they say it the same way through these two functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["in_words", "entries_in_words"]


def in_words(names: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as a sentence writes it.

    >>> in_words(["A"]), in_words(["A", "B"]), in_words(["A", "B", "C"])
    ('A', 'A and B', 'A, B and C')
    """
    names = [str(name) for name in names]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def entries_in_words(cells: Iterable[Sequence[int]], most: int = 4) -> str:
    """The entries at `cells` (0-based ``(i, j)`` pairs), 1-based and briefly.

    Up to `most` entries are named; past that only counted.

    >>> entries_in_words([(1, 1)]), entries_in_words([(0, 0), (1, 0)])
    ('entry (2,2)', 'entries (1,1) and (2,1)')
    >>> entries_in_words([(0, j) for j in range(5)])
    '5 entries'
    """
    names = [f"({i + 1},{j + 1})" for i, j in cells]
    if len(names) > most:
        return f"{len(names)} entries"
    return f"{'entry' if len(names) == 1 else 'entries'} {in_words(names)}"
