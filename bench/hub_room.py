"""Asking the room on a JupyterHub under a class: N simulated students answering two rounds, then the reveal.

    python bench/hub_room.py                         # 300 students, baseline 10
    python bench/hub_room.py --students 300 --round 20

The hub is ``deploy/jupyterhub_config.py`` in its rehearsal mode, as for ``bench/hub_pulse.py``, whose
browserless students these are: each logs in, gets a token with its server's scope and then does what
its server does, in one asyncio task each: a sender that posts the journal's new lines, or an empty
batch every `POLL` seconds when there are none, and keeps the room the service answers; a lab kernel
that reads that room every second (`RoomFollower`'s interval) and, asked, answers after a few seconds'
thought (round one: right, one slip or another; round two: most move to right), as a vote line.
The instructor, with a board token, asks lab 1's activity, starts round two and reveals, ``--round``
seconds apart.

Reported per wave: how long after each of the instructor's three moves each student's kernel knew of
it (p50, p95, max, and how many never did), the votes the service's store counts in each round
against the students (none may be lost), each post's latency, failed posts, and the service's CPU
seconds; then the ratios against the baseline wave (``--baseline`` students, first, on the same hub).
Nothing is asserted.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from hub_pulse import INSTRUCTOR, log_in, on_hub, percentile, token_for  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402

from classpulse import EVENTS_PATH, PulseStore, Room  # noqa: E402
from classpulse.pulse_sender import POLL  # noqa: E402
from harness.hub import Hub  # noqa: E402
from labserver.pulse_service import BOARD  # noqa: E402
from labserver.pulse_service import NAME as PULSE  # noqa: E402

LAB, CHECK = "01-product-by-columns", "activity"
#: How often a lab's kernel reads its room file (`widgets.lecture.room.RoomFollower`'s interval).
KERNEL_EVERY = 1.0
#: The moves, by the room each makes.
MOVES = ("ask", "round", "reveal")


class Student:
    """One simulated student's server: its sender and one lab kernel, a journal of their own."""

    def __init__(self, token: str, number: int) -> None:
        self.token, self.journal = token, f"events-room-{number}.jsonl"
        self.visitor = f"v{number}"
        self.data, self.sent = b"", 0
        self.room = Room()  # what the sender last heard (the outbox's room file)
        self.seen = Room()  # what the kernel last read
        self.knew: dict[str, float] = {}  # move -> when the kernel knew of it
        self.votes = {1: 0, 2: 0}
        self.asked = 0.0  # when the service last answered

    def vote(self, turn: int) -> None:
        """Answer round `turn`: right, or one of two slips (in round two most move to right)."""
        right = random.random() < (0.4 if turn == 1 else 0.8)
        mistake = "" if right else random.choice(("transpose", "sign"))
        line = ["votes", [LAB, CHECK, self.visitor, self.seen.ask, turn, right, mistake, "", time.time()]]
        self.data += json.dumps(line).encode() + b"\n"
        self.votes[turn] += 1

    async def send(self, client, url, latencies, failures) -> None:
        body = json.dumps({"journal": self.journal, "start": self.sent, "lines": self.data[self.sent:].decode()})
        start = time.perf_counter()
        try:
            response = await client.fetch(HTTPRequest(url, method="POST", body=body, request_timeout=30,
                                                      headers={"Authorization": f"token {self.token}"}))
            answer = json.loads(response.body)
            self.sent, self.room = answer["gathered"], Room.from_dict(answer["room"])
            self.asked = time.monotonic()
            latencies.append(time.perf_counter() - start)
        except (HTTPClientError, OSError, asyncio.TimeoutError) as error:
            failures.append(type(error).__name__ + f" {getattr(error, 'code', '')}")


def _move(room: Room) -> str:
    """Which of the instructor's moves `room` shows."""
    return "reveal" if room.revealed else "round" if room.round == 2 else "ask"


async def wave(hub: Hub, tokens: list[str], board_token: str, seconds: float) -> dict:
    """`len(tokens)` students through one ask, two rounds and the reveal; the counts and timings."""
    client = AsyncHTTPClient(force_instance=True, max_clients=len(tokens) + 10)
    base = f"http://127.0.0.1:{hub.pulse_port}/services/{PULSE}/"
    students = [Student(token, number) for number, token in enumerate(tokens)]
    latencies, failures, made = [], [], {}
    # A new session: the last wave's question (revealed) and its answers go.
    await client.fetch(HTTPRequest(base + "reset", method="POST", body="", follow_redirects=False,
                                   headers={"Authorization": f"token {board_token}"}), raise_error=False)
    service = hub.pulse_service()
    cpu_before = sum(service.cpu_times()[:2])
    done = asyncio.Event()

    async def sender(student):
        await asyncio.sleep(random.uniform(0, 1))
        while not done.is_set():
            if student.sent < len(student.data) or time.monotonic() - student.asked >= POLL:
                await student.send(client, base + EVENTS_PATH, latencies, failures)
            await asyncio.sleep(1.0)  # PulseSender's interval

    async def kernel(student):
        await asyncio.sleep(random.uniform(0, KERNEL_EVERY))
        while not done.is_set():
            if student.room != student.seen:
                student.seen = student.room
                if student.seen.ask:
                    student.knew.setdefault(_move(student.seen), time.monotonic())
                if student.seen.asking:
                    turn = student.seen.round
                    asyncio.get_running_loop().call_later(random.uniform(1, 4), student.vote, turn)
            await asyncio.sleep(KERNEL_EVERY)

    async def instructor():
        await asyncio.sleep(3)  # every student's sender has answered once (the Reset's empty room)
        for move in MOVES:
            body = urlencode({"action": move, "question": f"{LAB}/{CHECK}"})
            await client.fetch(HTTPRequest(base + "room", method="POST", body=body, follow_redirects=False,
                                           headers={"Authorization": f"token {board_token}"}), raise_error=False)
            made[move] = time.monotonic()
            await asyncio.sleep(seconds)
        done.set()

    await asyncio.gather(instructor(), *(sender(s) for s in students), *(kernel(s) for s in students))
    for student in students:  # what is left goes with a last send, as a kernel's does
        if student.sent < len(student.data):
            await student.send(client, base + EVENTS_PATH, latencies, failures)
    client.close()
    cpu = sum(service.cpu_times()[:2]) - cpu_before
    store = PulseStore(hub.state / "pulse")
    split = store.room_split()
    store.close()
    result = {"students": len(tokens)}
    for move in MOVES:
        told = [student.knew[move] - made[move] for student in students if move in student.knew]
        result[f"{move}: told p50 s"] = percentile(told, 0.5)
        result[f"{move}: told p95 s"] = percentile(told, 0.95)
        result[f"{move}: told max s"] = max(told, default=0)
        result[f"{move}: never told"] = len(students) - len(told)
    for turn in (1, 2):
        result[f"round {turn}: students who voted"] = sum(1 for student in students if student.votes[turn])
        result[f"round {turn}: counted"] = split.answered(turn) if split else 0
    result.update({
        "post p50 ms": 1000 * percentile(latencies, 0.5), "post p95 ms": 1000 * percentile(latencies, 0.95),
        "posts": len(latencies), "failed posts": len(failures), "service CPU s": cpu,
        "failures": {kind: failures.count(kind) for kind in set(failures)},
    })
    return result


async def measure(hub: Hub, waves: list[int], seconds: float) -> list[dict]:
    client = AsyncHTTPClient(force_instance=True, max_clients=50)  # the logins'
    board_token = await token_for(client, hub, INSTRUCTOR, [BOARD])
    results, made = [], 0
    for size in waves:
        print(f"{size} students: logging in", flush=True)
        tokens = await log_in(client, hub, [f"room-{made + k}" for k in range(size)])
        made += size
        print(f"{size} students: ask, round two, reveal, {seconds} s apart", flush=True)
        results.append(await wave(hub, tokens, board_token, seconds))
    return results


def report(results: list[dict]) -> str:
    """The waves side by side, then each against the first (the baseline)."""
    keys = [key for key in results[0] if key not in ("students", "failures")]
    lines = [f"{'':34}" + "".join(f"{r['students']:>12} st." for r in results)]
    lines += [f"{key:34}" + "".join(f"{r[key]:>16.2f}" for r in results) for key in keys]
    base = results[0]
    for r in results[1:]:
        lines.append(f"ratios, {r['students']} students against {base['students']}:")
        for key in ("ask: told p95 s", "round: told p95 s", "reveal: told p95 s", "post p95 ms"):
            lines.append(f"  {key:32} {r[key] / base[key] if base[key] else float('nan'):.2f}x")
    lines += [f"failures at {r['students']}: {r['failures']}" for r in results if r["failures"]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[300])
    parser.add_argument("--baseline", type=int, default=10)
    parser.add_argument("--round", type=float, default=15.0, help="seconds between the instructor's moves")
    args = parser.parse_args()
    print(report(on_hub("matmul-hub-room-bench-", lambda hub: measure(hub, [args.baseline, *args.students],
                                                                      args.round))))


if __name__ == "__main__":
    main()
