"""A hub server's pulse events reach the course's service: sent in the background, each counted once,
kept while the service is away, and the outbox emptied once everything is received.

The service here is `labserver.pulse_service`'s own events route in a Tornado server on loopback,
with the hub's token check replaced by a fixed token (the hub itself is rehearsed in
tests/browser/test_jupyterhub.py)."""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
import urllib.error
import urllib.request

import pytest
from tornado import web

from classpulse import Room, read_room
from classpulse.pulse_journal import journals
from classpulse.pulse_sender import EVENTS_PATH, PulseSender
from classpulse.pulse_store import PulseStore
from labserver.pulse_service import Events

TOKEN = "a server's token"
PREFIX = "/services/matmul-pulse/"


class FixedTokenEvents(Events):
    """The service's events route, its caller known by `TOKEN` instead of by asking a hub."""

    def get_current_user(self):
        return {"name": "server"} if self.request.headers.get("Authorization") == f"token {TOKEN}" else None


class Service:
    """The events route on a free loopback port, in a thread of its own; `stop` and `start` again."""

    def __init__(self, store: PulseStore, lose_answers: int = 0) -> None:
        self.store, self.lose_answers = store, lose_answers
        self.port = None
        self._loop = self._server = None

    def start(self) -> Service:
        ready = threading.Event()

        def serve():
            async def main():
                app = web.Application([(PREFIX + EVENTS_PATH, Lossy, {"store": self.store, "prefix": PREFIX,
                                                                        "service": self})])
                self._server = app.listen(self.port or 0, "127.0.0.1")
                self.port = next(iter(self._server._sockets.values())).getsockname()[1]
                self._loop = asyncio.get_running_loop()
                self._stopped = asyncio.Event()
                ready.set()
                await self._stopped.wait()
                self._server.stop()
            asyncio.run(main())

        self._thread = threading.Thread(target=serve, daemon=True)
        self._thread.start()
        assert ready.wait(10)
        return self

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{PREFIX}"


class Lossy(FixedTokenEvents):
    """Stores the batch, then answers 500 for the service's first `lose_answers` batches (an answer lost)."""

    def initialize(self, store, prefix, service):
        super().initialize(store, prefix)
        self.service = service

    def finish(self, chunk=None):
        if self.get_status() == 200 and self.service.lose_answers and json.loads(self.request.body)["lines"]:
            self.service.lose_answers -= 1
            self.set_status(500)
            return super().finish("lost")
        return super().finish(chunk)


def wait_for(condition, timeout=15.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def attempts(store: PulseStore) -> int:
    return sum(check.attempts for lab in store.summary() for check in lab.checks)


@pytest.fixture
def outbox(tmp_path):
    folder = tmp_path / "outbox"
    folder.mkdir()
    return folder


@pytest.fixture
def course(tmp_path):
    (tmp_path / "course").mkdir()
    return PulseStore(tmp_path / "course")


def test_answers_reach_the_service_and_a_batch_sent_twice_counts_once(outbox, course):
    service = Service(course, lose_answers=1).start()
    student = PulseStore(outbox)
    sender = PulseSender(str(outbox), service.url, TOKEN, interval=0.05, most=0.2).start()
    try:
        assert student.record_visit("lab02", "v1", [("check", 0)])
        for k in range(5):
            assert student.record("lab02", "check", "v1", right=k == 4, mistake="" if k == 4 else "sign")
        wait_for(lambda: attempts(course) == 5)
        time.sleep(0.3)  # more sends: still five
        (lab,) = course.summary()
        assert (lab.lab, lab.visitors, lab.checks[0].attempts, lab.checks[0].solved) == ("lab02", 1, 5, 1)
        assert service.lose_answers == 0  # the lost answer happened, and its batch counted once
    finally:
        sender.stop()
        service.stop()


def test_events_wait_while_the_service_is_away_and_arrive_when_it_is_back(outbox, course):
    service = Service(course).start()
    student = PulseStore(outbox)
    sender = PulseSender(str(outbox), service.url, TOKEN, interval=0.05, most=0.2).start()
    try:
        assert student.record("lab08", "check_h", "v1", right=False, mistake="inner")
        wait_for(lambda: attempts(course) == 1)
        service.stop()
        for _ in range(3):
            assert student.record("lab08", "check_h", "v1", right=False, mistake="swapped")
        wait_for(lambda: sender.error.startswith("the class pulse could not be sent"))
        assert attempts(course) == 1
        service.start()  # the same port, as the hub restarts its service
        wait_for(lambda: attempts(course) == 4)
        wait_for(lambda: sender.error == "")
    finally:
        sender.stop()
        service.stop()


def _record_and_exit(folder):
    assert PulseStore(folder).record("lab01", "activity", "v9", right=True)


def test_an_ended_kernels_journal_is_sent_then_deleted_and_one_kernel_sends_at_a_time(outbox, course):
    process = multiprocessing.get_context("fork").Process(target=_record_and_exit, args=(str(outbox),))
    process.start()
    process.join(10)
    assert len(journals(outbox)) == 1
    service = Service(course).start()
    first = PulseSender(str(outbox), service.url, TOKEN)
    second = PulseSender(str(outbox), service.url, TOKEN)
    try:
        assert first.send_once() and second.send_once()
        assert attempts(course) == 1
        assert journals(outbox) == []  # the kernel had ended and the service has all of it
        PulseStore(outbox).record("lab01", "activity", "v1", right=True)
        assert second.send_once() and attempts(course) == 1  # second waits: first holds the outbox
        first.stop()  # first's kernel ends: its lock goes with it
        assert second.send_once() and attempts(course) == 2
    finally:
        second.stop()
        service.stop()


def test_the_service_refuses_a_request_without_the_token_or_with_a_malformed_body(course):
    service = Service(course).start()
    url = service.url + EVENTS_PATH

    def post(body, token=TOKEN):
        request = urllib.request.Request(url, data=body, method="POST", headers={"Authorization": f"token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    try:
        good = json.dumps({"journal": "events-1-a.jsonl", "start": 0, "lines": ""}).encode()
        assert post(good) == 200
        assert post(good, token="a guess") == 403
        assert post(b"not json") == 400
        assert post(json.dumps({"journal": "", "start": 0, "lines": ""}).encode()) == 400
        assert post(json.dumps({"journal": "j", "start": -1, "lines": ""}).encode()) == 400
        assert os.listdir(os.path.dirname(course.path))  # the store is there, and nothing was counted
        assert attempts(course) == 0
    finally:
        service.stop()


def test_the_room_reaches_the_outbox_with_nothing_to_send(outbox, course):
    """The lecturer's question reaches every lab kernel of a student's server through the sender's answers,
    asked again every POLL seconds while it has nothing to send: the outbox's room file follows."""
    service = Service(course).start()
    student = PulseStore(outbox)
    sender = PulseSender(str(outbox), service.url, TOKEN, interval=0.05, most=0.2).start()
    try:
        assert student.record_visit("lab02", "v1", [("check", 0)])  # a page open: its journal is live
        wait_for(lambda: sender.room == Room())
        asked = course.ask_room("lab02", "check")
        wait_for(lambda: read_room(outbox) == asked)
        revealed = course.reveal_room()
        wait_for(lambda: read_room(outbox) == revealed)
    finally:
        sender.stop()
        service.stop()
