"""Running a test's async scenario in a fresh event loop, whatever the main thread already runs."""
from __future__ import annotations

import asyncio
import concurrent.futures


def run_alone(scenario):
    """Run the async `scenario()` in a fresh event loop on a thread of its own, as a kernel's
    loop would; the main thread may already run one (Playwright's sync API keeps a loop
    running there for the whole session once a browser test has started it, and
    ``asyncio.run`` then refuses to start).

    Examples
    --------
    >>> async def answer():
    ...     await asyncio.sleep(0)
    ...     return 42
    >>> run_alone(answer)
    42
    """
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()
