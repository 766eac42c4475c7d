"""The turns a warmed pool's kernels take to preheat (`labserver.turns.Turns`): never more at once
than the slots, the neediest next as a slot frees (asked then, not when it began to wait), and a
holder that stops waiting neither keeps nor loses a slot."""
from __future__ import annotations

import asyncio

import pytest

from harness.loops import run_alone
from labserver.turns import Turns


def run(coroutine):
    return run_alone(lambda: asyncio.wait_for(coroutine, 10))


def test_never_more_holders_than_slots_and_every_one_gets_a_turn():
    async def scenario():
        turns, running, most = Turns(2), [0], [0]

        async def job():
            await turns.take()
            running[0] += 1
            most[0] = max(most[0], running[0])
            await asyncio.sleep(0.01)
            running[0] -= 1
            turns.give_back()

        await asyncio.gather(*(job() for _ in range(7)))
        return most[0], turns.running, turns.waiting

    assert run(scenario()) == (2, 0, 0)


def test_the_need_is_asked_when_a_slot_frees():
    async def scenario():
        turns, order, need = Turns(1), [], {"a": 1, "b": 2}
        await turns.take()
        waiters = [asyncio.create_task(turns.take(lambda name=name: need[name])) for name in need]
        for name, task in zip(need, waiters):
            task.add_done_callback(lambda _, name=name: order.append(name))
        await asyncio.sleep(0)
        need["b"] = 0  # say a visitor now waits for b's kernel
        turns.give_back()
        await waiters[1]
        turns.give_back()
        await waiters[0]
        return order

    assert run(scenario()) == ["b", "a"]


def test_a_cancelled_wait_leaves_the_queue_and_frees_nothing_it_never_had():
    async def scenario():
        turns = Turns(1)
        await turns.take()
        waiting = asyncio.create_task(turns.take())
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        state = (turns.running, turns.waiting)
        turns.give_back()
        await turns.take()  # the freed slot is still there to take
        return state, turns.running

    assert run(scenario()) == ((1, 0), 1)


def test_no_slot_is_refused():
    with pytest.raises(ValueError, match="Turns needs at least 1 slot, not 0"):
        Turns(0)
