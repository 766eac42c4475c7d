"""What large bodies cost the hub's pulse service: its memory before and after three 90 MiB posts.

    python bench/pulse_bodies.py                # the service of this working tree
    python bench/pulse_bodies.py --at f85e3ec   # the service as a commit had it (before issue 44)

The service runs as the hub starts it (``python -m labserver.pulse_service``, on loopback); the hub's
API that it asks "whose token is this?" is a stand-in here, which knows one student's token (holding
``custom:matmul-pulse:send``, as a server's token does). Each post declares and sends its whole body,
a JSON batch of 90 MiB, as a hostile client does whether or not the service has answered. Three posts
go without a token, then three with the student's. Reported: the service's resident memory (RSS)
and its peak so far (Linux's VmHWM: a body held while it is read or parsed is given back after),
before, after the three posts without a token and after the three with one, and each post's answer
and time. Nothing is asserted (tests/classpulse/test_pulse_service.py holds the bounds).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.error
import urllib.request
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from tornado import web  # noqa: E402

from classpulse import EVENTS_PATH  # noqa: E402
from harness.voila import free_port  # noqa: E402
from labserver.pulse_service import NAME, SEND  # noqa: E402

PREFIX = f"/services/{NAME}/"
STUDENT = "a student's server token"
MIB = 2**20


class User(web.RequestHandler):
    """The hub's ``/hub/api/user``: the student for `STUDENT`, nobody for any other token."""

    def get(self):
        if self.request.headers.get("Authorization") != f"token {STUDENT}":
            raise web.HTTPError(403)
        self.finish({"kind": "user", "name": "bench-student", "groups": [], "scopes": [SEND]})


def stand_in_hub(port: int) -> None:
    """Answer the hub's API on `port`, in a daemon thread."""
    ready = threading.Event()

    async def serve():
        web.Application([("/hub/api/user", User)]).listen(port, "127.0.0.1")
        ready.set()
        await asyncio.Event().wait()

    threading.Thread(target=asyncio.run, args=(serve(),), daemon=True).start()
    assert ready.wait(10)


def checkout(rev: str, into: Path) -> Path:
    """The service's packages (labserver, widgets) as `rev` had them, under `into`."""
    archive = subprocess.run(["git", "archive", rev, "labserver", "widgets"], cwd=REPO, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def start_service(code: Path, state: Path, port: int, hub_port: int) -> subprocess.Popen:
    """The service from `code`'s packages, as the hub starts it, once it answers."""
    env = {
        **os.environ,
        "MATMUL_PULSE_DIR": str(state / "pulse"),
        "JUPYTERHUB_SERVICE_NAME": NAME,
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub_port}/hub/api",
        "JUPYTERHUB_API_TOKEN": "the service's token",
        "JUPYTERHUB_CLIENT_ID": f"service-{NAME}",
    }
    # -m puts the working folder first on the path: the packages of `code`.
    process = subprocess.Popen([sys.executable, "-m", "labserver.pulse_service"], cwd=code, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{PREFIX}board", timeout=5)
        except urllib.error.HTTPError:
            return process  # it answers (refusing a request without a token)
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the pulse service did not start") from None
            time.sleep(0.2)


def post(port: int, size: int, token: str | None) -> tuple[str, float]:
    """Post a JSON batch of `size` bytes, all of it whatever the service answers: (its answer, seconds)."""
    head = b'{"journal": "events-1-a.jsonl", "start": 0, "lines": "'
    tail = b'\\n"}'
    filler = b"x" * MIB
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        connection.sendall(
            f"POST {PREFIX}{EVENTS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {size}\r\n".encode()
            + (f"Authorization: token {token}\r\n".encode() if token else b"") + b"\r\n")
        try:
            connection.sendall(head)
            left = size - len(head) - len(tail)
            while left > 0:
                connection.sendall(filler[:left])
                left -= len(filler)
            connection.sendall(tail)
        except OSError:
            pass  # the service closed the connection: it read no more
        try:
            answer = connection.recv(4096).split(b"\r\n", 1)[0].decode() or "connection closed"
        except OSError as error:
            answer = f"connection closed ({error.__class__.__name__})"
    return answer, time.perf_counter() - started


def memory(pid: int) -> tuple[int, int]:
    """The process's resident memory now and its peak so far, bytes."""
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return tuple(int(status[name].split()[0]) * 1024 for name in ("VmRSS", "VmHWM"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--at", help="a commit whose service to measure (default: this working tree)")
    parser.add_argument("--mib", type=int, default=90, help="each post's body, MiB (default 90)")
    args = parser.parse_args()
    hub_port, port = free_port(), free_port()
    stand_in_hub(hub_port)
    with tempfile.TemporaryDirectory() as tmp:
        code = checkout(args.at, Path(tmp) / "code") if args.at else REPO
        service = start_service(code, Path(tmp), port, hub_port)
        try:
            rss = [("before", *memory(service.pid))]
            for who, token in (("without a token", None), ("with a student's token", STUDENT)):
                for _ in range(3):
                    answer, seconds = post(port, args.mib * MIB, token)
                    print(f"{args.mib} MiB {who}: {answer} in {seconds:.2f} s")
                time.sleep(0.5)
                rss.append((f"after three {who}", *memory(service.pid)))
        finally:
            service.terminate()
            service.wait(10)
    print(f"service {'at ' + args.at if args.at else 'of the working tree'}, RSS (peak): "
          + ", ".join(f"{label} {now / MIB:.0f} MiB ({peak / MIB:.0f})" for label, now, peak in rss))


if __name__ == "__main__":
    main()
