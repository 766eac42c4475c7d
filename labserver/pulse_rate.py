"""How often each student's server may post to the hub's pulse service: a token bucket per sender.

A lab's kernel sends at most one batch per journal a second
(`classpulse.pulse_sender`), so an honest server never comes near the
bound; a student who posts in a loop is told to wait (the service answers
429 with ``Retry-After``) instead of holding the service's one thread.  A
refused sender loses nothing: its lines stay in its journal and go with its
next send.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

__all__ = ["SenderRate"]


class SenderRate:
    """Each sender's allowance of posts: `burst` at once, refilled at `rate` a second.

    Parameters
    ----------
    rate : float, optional
        Posts a second each sender earns back.
    burst : int, optional
        The most posts a sender may make at once (a server starting with
        many journals, each asked where the service has it).
    clock : callable, optional
        Seconds, never going back; default `time.monotonic`.

    Examples
    --------
    >>> now = [0.0]
    >>> senders = SenderRate(rate=1, burst=2, clock=lambda: now[0])
    >>> [senders.wait("ada") for _ in range(3)], senders.wait("grace")
    ([0, 0, 1], 0)
    >>> now[0] = 1.0
    >>> senders.wait("ada"), senders.wait("ada")
    (0, 1)
    """

    def __init__(self, rate: float = 10.0, burst: int = 60, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = float(rate), int(burst), clock
        self._buckets: dict[str, tuple[float, float]] = {}  # sender: (posts left, when counted)

    def wait(self, sender: str) -> int:
        """Count one post of `sender`: 0 if it may post now, else the whole seconds until it may."""
        now = self.clock()
        left, then = self._buckets.get(sender, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        if left < 1:
            self._buckets[sender] = (left, now)
            return max(1, math.ceil((1 - left) / self.rate))
        self._buckets[sender] = (left - 1, now)
        return 0
