"""The class pulse service on a JupyterHub under a class: N simulated students, each sending an event every few s.

    python bench/hub_pulse.py                        # 300 students, baseline 10, 60 s each
    python bench/hub_pulse.py --students 300 600 --every 3 --over 60

The hub is ``deploy/jupyterhub_config.py`` in its rehearsal mode (as tests/browser/test_jupyterhub.py
runs it), its pulse service started by the hub. Each simulated student logs in (no server is
started), gets a hub API token with the scope its server's token has (``custom:matmul-pulse:send``)
and then behaves as a lab kernel's `PulseSender`: every ``--every`` seconds (each student starting at
a random moment) it appends one event to its journal and posts the journal's unsent lines to the
service, going on from where the service says it has them. Meanwhile the instructor's board asks for
the counts every 3 s, with an instructor's token. Browserless: no kernel, no browser.

Reported per wave: events sent and events stored (the service's SQLite file, read after the wave:
none may be lost), the students whose events the file lacks (the first few named, with how far the
service said it had their journal), each post's latency (p50, p95, max), failed posts, the board's read time, and the
service's CPU seconds per 1000 events and its memory; then each wave's ratios against the baseline
wave (``--baseline`` students, first, on the same hub). Nothing is asserted.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sqlite3
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402

from classpulse import EVENTS_PATH  # noqa: E402
from harness.hub import Hub  # noqa: E402
from labserver.pulse_service import BOARD, SEND  # noqa: E402
from labserver.pulse_service import NAME as PULSE  # noqa: E402

INSTRUCTOR = "bench-instructor"
BOARD_EVERY = 3.0


def percentile(values: list[float], q: float) -> float:
    """The `q` quantile of `values` (nearest rank), 0 for none.

    >>> percentile([1, 2, 3, 4], 0.5), percentile([1, 2, 3, 4], 0.95), percentile([], 0.5)
    (2, 4, 0)
    """
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


async def token_for(client: AsyncHTTPClient, hub: Hub, name: str, scopes: list[str]) -> str:
    """Log `name` in on the hub's form (the rehearsal's dummy authenticator; no server started), then a token."""
    login = await client.fetch(f"{hub.url}/hub/login", raise_error=True)
    cookies = "; ".join(c.split(";", 1)[0] for c in login.headers.get_list("Set-Cookie"))
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', login.body.decode()).group(1)
    await client.fetch(HTTPRequest(
        f"{hub.url}/hub/login", method="POST", follow_redirects=False, headers={"Cookie": cookies},
        body=urlencode({"username": name, "password": "any", "_xsrf": xsrf}),
    ), raise_error=False)
    made = await client.fetch(HTTPRequest(
        f"{hub.url}/hub/api/users/{name}/tokens", method="POST",
        body=json.dumps({"auth": {"username": name, "password": "any"}, "scopes": scopes, "note": "bench"}),
    ))
    return json.loads(made.body)["token"]


class Student:
    """One simulated student's lab kernel: a journal of its own, sent as `PulseSender` sends it."""

    def __init__(self, token: str) -> None:
        self.token, self.journal = token, f"events-bench-{uuid.uuid4().hex}.jsonl"
        self.data, self.sent, self.events = b"", 0, 0

    def record(self) -> None:
        event = ["events", ["bench-lab", "check", 0, self.journal, self.events % 3 == 0, "", "", time.time()]]
        self.data += json.dumps(event).encode() + b"\n"
        self.events += 1

    async def send(self, client: AsyncHTTPClient, url: str, latencies: list[float], failures: list[str]) -> None:
        body = json.dumps({"journal": self.journal, "start": self.sent, "lines": self.data[self.sent:].decode()})
        start = time.perf_counter()
        try:
            response = await client.fetch(HTTPRequest(url, method="POST", body=body, request_timeout=30,
                                                      headers={"Authorization": f"token {self.token}"}))
            self.sent = json.loads(response.body)["gathered"]
            latencies.append(time.perf_counter() - start)
        except (HTTPClientError, OSError, asyncio.TimeoutError) as error:
            failures.append(type(error).__name__ + f" {getattr(error, 'code', '')}")


async def wave(hub: Hub, tokens: list[str], board_token: str, every: float, over: float) -> dict:
    """`len(tokens)` students sending for `over` seconds; the counts and timings of the wave."""
    # A client of the wave's own: tornado's default one is shared per event loop, with the
    # max_clients of whoever made it first, and would queue the wave's posts behind that limit.
    client = AsyncHTTPClient(force_instance=True, max_clients=len(tokens) + 10)
    url = f"http://127.0.0.1:{hub.pulse_port}/services/{PULSE}/{EVENTS_PATH}"
    students = [Student(token) for token in tokens]
    latencies, failures, board_reads = [], [], []
    service = hub.pulse_service()
    cpu_before = sum(service.cpu_times()[:2])
    end = time.monotonic() + over

    async def run(student):
        await asyncio.sleep(random.uniform(0, every))
        while time.monotonic() < end:
            student.record()
            await student.send(client, url, latencies, failures)
            await asyncio.sleep(every)
        for _ in range(10):  # what failed goes with a later send, as a kernel's does
            if student.sent >= len(student.data):
                break
            await asyncio.sleep(1)
            await student.send(client, url, latencies, failures)

    async def watch():
        while time.monotonic() < end:
            start = time.perf_counter()
            await client.fetch(HTTPRequest(f"http://127.0.0.1:{hub.pulse_port}/services/{PULSE}/board",
                                           headers={"Authorization": f"token {board_token}"}))
            board_reads.append(time.perf_counter() - start)
            await asyncio.sleep(BOARD_EVERY)

    await asyncio.gather(watch(), *(run(student) for student in students))
    client.close()
    cpu = sum(service.cpu_times()[:2]) - cpu_before
    db = sqlite3.connect(hub.state / "pulse" / "pulse.sqlite")
    try:
        rows = dict(db.execute("SELECT visitor, COUNT(*) FROM events GROUP BY visitor"))
        received = dict(db.execute("SELECT journal, gathered FROM received"))
    finally:
        db.close()
    short = [student for student in students if rows.get(student.journal, 0) != student.events]
    for student in short[:5]:  # what a loss looks like, to find its cause
        print(f"  short: {student.journal}: recorded {student.events}, stored {rows.get(student.journal, 0)}, "
              f"{len(student.data)} bytes, sent to {student.sent}, the service has {received.get(student.journal)}",
              flush=True)
    stored = sum(rows.get(student.journal, 0) for student in students)
    sent = sum(student.events for student in students)
    return {
        "students": len(tokens), "events sent": sent, "events stored": stored, "students short": len(short),
        "events/s": sent / over, "post p50 ms": 1000 * percentile(latencies, 0.5),
        "post p95 ms": 1000 * percentile(latencies, 0.95), "post max ms": 1000 * max(latencies, default=0),
        "failed posts": len(failures), "board read p50 ms": 1000 * percentile(board_reads, 0.5),
        "board read max ms": 1000 * max(board_reads, default=0),
        "service CPU s per 1000 events": 1000 * cpu / max(sent, 1),
        "service RSS MB": service.memory_info().rss / 2**20,
        "failures": {kind: failures.count(kind) for kind in set(failures)},
    }


async def log_in(client: AsyncHTTPClient, hub: Hub, names: list[str]) -> list[str]:
    """A token with the send scope for each student of `names`, logged in twenty at a time (the hub hashes
    nothing, but it logs each in)."""
    tokens = []
    for start in range(0, len(names), 20):
        tokens += await asyncio.gather(*(token_for(client, hub, name, [SEND]) for name in names[start:start + 20]))
    return tokens


async def measure(hub: Hub, waves: list[int], every: float, over: float) -> list[dict]:
    client = AsyncHTTPClient(force_instance=True, max_clients=50)  # the logins'
    board_token = await token_for(client, hub, INSTRUCTOR, [BOARD])
    results = []
    made = 0
    for size in waves:
        print(f"{size} students: logging in", flush=True)
        tokens = await log_in(client, hub, [f"bench-{made + k}" for k in range(size)])
        made += size
        print(f"{size} students: sending every {every} s for {over} s", flush=True)
        results.append(await wave(hub, tokens, board_token, every, over))
    return results


def report(results: list[dict]) -> str:
    """The waves side by side, then each against the first (the baseline)."""
    keys = [key for key in results[0] if key != "failures"]
    lines = [f"{'':32}" + "".join(f"{r['students']:>14} st." for r in results)]
    for key in keys[1:]:
        lines.append(f"{key:32}" + "".join(f"{r[key]:>18.1f}" for r in results))
    base = results[0]
    for r in results[1:]:
        lines.append(f"ratios, {r['students']} students against {base['students']}:")
        for key in ("post p50 ms", "post p95 ms", "board read p50 ms", "service CPU s per 1000 events"):
            lines.append(f"  {key:30} {r[key] / base[key] if base[key] else float('nan'):.2f}x")
    for r in results:
        if r["failures"]:
            lines.append(f"failures at {r['students']}: {r['failures']}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[300])
    parser.add_argument("--baseline", type=int, default=10)
    parser.add_argument("--every", type=float, default=3.0, help="seconds between a student's events")
    parser.add_argument("--over", type=float, default=60.0, help="seconds each wave sends")
    args = parser.parse_args()
    results = on_hub("matmul-hub-pulse-bench-",
                     lambda hub: measure(hub, [args.baseline, *args.students], args.every, args.over))
    print(report(results))


def on_hub(prefix: str, measure: Callable[[Hub], Awaitable[list[dict]]]) -> list[dict]:
    """Start the rehearsal hub (its state in a new folder named from `prefix`), wait for its pulse service,
    run ``measure(hub)``, stop the hub; return what `measure` returned."""
    state = Path(tempfile.mkdtemp(prefix=prefix))
    hub = Hub(state=state, instructors=(INSTRUCTOR,), cull_timeout=3600).start(state, timeout=120)
    try:
        deadline = time.monotonic() + 60
        while hub.pulse_service() is None:
            assert time.monotonic() < deadline, hub.log()[-2000:]
            time.sleep(0.5)
        time.sleep(2)  # the service listening
        return asyncio.run(measure(hub))
    finally:
        hub.stop()


if __name__ == "__main__":
    main()
