"""Taking turns for a scarce resource, the most needed first.

`Turns` lets at most ``slots`` holders run at once (``take``, then
``give_back``); when a slot frees, it goes to the waiting holder whose
``need`` is lowest at that moment, the earliest among equals.  The kernel
manager (``labserver.kernels``) preheats kernels through it, so a pool of
40 does not start 40 kernels at once on a 2-core machine.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable

__all__ = ["Turns"]


class Turns:
    """At most `slots` at once; a free slot goes to the waiter of lowest ``need()``, then the earliest.

    Parameters
    ----------
    slots : int
        How many holders may run at once (at least 1).

    Examples
    --------
    >>> async def demo():
    ...     turns, order = Turns(1), []
    ...     async def job(name, need):
    ...         await turns.take(lambda: need)
    ...         order.append(name)
    ...         await asyncio.sleep(0)
    ...         turns.give_back()
    ...     await asyncio.gather(job("first", 5), job("later", 2), job("sooner", 1))
    ...     return order
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever loop this thread runs
    ...     thread.submit(asyncio.run, demo()).result()
    ['first', 'sooner', 'later']
    """

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError(f"Turns needs at least 1 slot, not {slots}")
        self.slots = slots
        self.running = 0
        self._waiting = []  # [need, arrival, future]
        self._arrivals = itertools.count()

    @property
    def waiting(self) -> int:
        """How many holders wait for a slot."""
        return len(self._waiting)

    async def take(self, need: Callable[[], float] = lambda: 0) -> None:
        """Wait for a slot; `need` (no arguments, lower first) is asked each time one frees."""
        if self.running < self.slots and not self._waiting:
            self.running += 1
            return
        future = asyncio.get_running_loop().create_future()
        entry = [need, next(self._arrivals), future]
        self._waiting.append(entry)
        try:
            await future
        except asyncio.CancelledError:
            if entry in self._waiting:
                self._waiting.remove(entry)
            elif not future.cancelled():  # the slot came as the wait was cancelled
                self.give_back()
            raise

    def give_back(self) -> None:
        """Free a slot taken with `take`, and hand it to the neediest waiter."""
        self.running -= 1
        while self.running < self.slots and self._waiting:
            entry = min(self._waiting, key=lambda waiter: (waiter[0](), waiter[1]))
            self._waiting.remove(entry)
            if not entry[2].done():
                self.running += 1
                entry[2].set_result(None)
