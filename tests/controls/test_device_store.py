"""widgets.controls.device_store: a store whose view never answers the kernel turns deaf, one that answers
does not (in-process, the kernel's event loop played by asyncio); tests/browser/test_progress.py makes a
real page's store deaf and sees the lab's record kept all the same."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from widgets.controls import device_store
from widgets.controls.device_store import DeviceStore


def judged(answers: bool) -> bool:
    """Whether a store whose view reports, and answers the kernel or not, is judged deaf."""
    async def report():
        store = DeviceStore(key="02-entry-dot-product")
        store.set_state({"status": "ready", "loaded": ""})  # the view drew: the kernel asks it
        if answers:
            store._handle_custom_msg({"pong": 1}, [])
        await asyncio.sleep(0.1)
        return store.deaf
    return asyncio.run(report())


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(device_store, "ANSWER_WITHIN", 0.02)


def test_a_view_that_never_answers_is_deaf_and_one_that_answers_is_not(quick):
    assert judged(answers=False)
    assert not judged(answers=True)


def test_outside_a_kernel_a_store_is_never_judged():
    store = DeviceStore(key="lab")
    store.set_state({"status": "ready"})  # no event loop: nobody could judge it, so nobody asks
    assert not store.deaf


def test_every_store_the_package_builds_is_kept_so_that_it_is_renewed():
    """A store observed directly would stay deaf: each is built inside `KeepsStore._keep_store`."""
    package = Path(device_store.__file__).parents[1]
    built = [(path.name, line.strip()) for path in package.rglob("*.py") if path.name != "device_store.py"
             for line in path.read_text().splitlines() if "DeviceStore(" in line]
    assert built and all("self._keep_store(DeviceStore(" in line for _, line in built), built
