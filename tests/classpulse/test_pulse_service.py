"""The hub's pulse service, its routes as a student and an instructor reach them: nothing a student
posts stalls the service or breaks the board.

The service is `labserver.pulse_service.make_app` served by its own `listen` on a free loopback port,
in a thread; only the hub's answer to "whose token is this?" is replaced (`TokenTable`), so the
routes' own scope checks decide: a student's token holds the SEND scope, an instructor's BOARD.
The hub itself is rehearsed in tests/browser/test_jupyterhub.py."""
from __future__ import annotations

import asyncio
import csv
import http.client
import io
import json
import os
import threading
import time
import urllib.parse

import pytest
from jupyterhub.services.auth import HubOAuth

from classpulse.pulse_journal import journals
from classpulse.pulse_sender import EVENTS_PATH, MAX_BATCH, PulseSender
from classpulse.pulse_store import PulseStore
from harness.voila import free_port
from labserver.pulse_rate import SenderRate
from labserver.pulse_service import BOARD, MAX_BODY, MAX_FORM, SEND, listen, make_app

PREFIX = "/services/matmul-pulse/"
LAB = "02-entry-dot-product"
ADA, GRACE, IRIS = "ada's server token", "grace's server token", "iris's login token"
IDENTITIES = {
    ADA: {"kind": "user", "name": "ada", "groups": [], "scopes": [SEND]},
    GRACE: {"kind": "user", "name": "grace", "groups": [], "scopes": [SEND]},
    IRIS: {"kind": "user", "name": "iris", "groups": ["instructors"], "scopes": [BOARD]},
}
BOARD_ROUTES = ("", "board", "pulse.csv")


class TokenTable(HubOAuth):
    """The hub's identity lookup, answered from `IDENTITIES` instead of the hub's API."""

    def user_for_token(self, token, use_cache=True, session_id="", *, sync=True):
        model = json.loads(json.dumps(IDENTITIES.get(token)))  # a fresh copy, as from the hub

        async def found():
            return model

        return model if sync else found()


class Service:
    """The pulse service on a free loopback port, in a thread of its own."""

    def __init__(self, store: PulseStore, senders: SenderRate | None = None) -> None:
        self.store, self.port = store, free_port()
        ready = threading.Event()

        async def serve():
            server = listen(make_app(store, PREFIX, senders), self.port, "127.0.0.1")
            self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
            ready.set()
            await self._stopped.wait()
            server.stop()

        self._thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
        self._thread.start()
        assert ready.wait(10)

    def stop(self) -> None:
        if self._thread.is_alive():  # (a test may stop it first, as a restart does)
            self._loop.call_soon_threadsafe(self._stopped.set)
            self._thread.join(10)

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def call(self, method, path, token=None, body=None, headers=()):
        """(status, headers, body text) of `method` on the service's `path` with a hub token (and `headers`)."""
        connection = self.connect()
        connection.request(method, PREFIX + path, body=body,
                           headers={**({"Authorization": f"token {token}"} if token else {}), **dict(headers)})
        response = connection.getresponse()
        return response.status, response.headers, response.read().decode()

    def post(self, token, journal="events-1-a.jsonl", start=0, lines="", **body):
        """Post `lines` of a journal as a lab's kernel does, or `body` as given (its raw JSON text if ``raw``)."""
        raw = body.pop("raw", None)
        text = raw if raw is not None else json.dumps({"journal": journal, "start": start, "lines": lines, **body})
        return self.call("POST", EVENTS_PATH, token, text.encode() if isinstance(text, str) else text)


@pytest.fixture
def hub():
    HubOAuth.clear_instance()
    table = TokenTable.instance(api_url="http://127.0.0.1:9/hub/api", api_token="the service's token",
                                oauth_client_id="service-matmul-pulse", base_url=PREFIX)
    yield table
    TokenTable.clear_instance()


@pytest.fixture
def course(tmp_path):
    (tmp_path / "course").mkdir()
    return PulseStore(tmp_path / "course")


@pytest.fixture
def service(hub, course):
    service = Service(course)
    yield service
    service.stop()


def honest_lines(tmp_path, *mistakes: str, right: bool = True) -> str:
    """A kernel's journal after a page view of lab 2 and an answer per mistake (then a right one)."""
    outbox = tmp_path / f"outbox-{len(os.listdir(tmp_path))}"
    outbox.mkdir()
    student = PulseStore(outbox)
    assert student.record_visit(LAB, "v1", [("activity", 0)])
    for mistake in mistakes:
        assert student.record(LAB, "activity", "v1", right=False, mistake=mistake)
    if right:
        assert student.record(LAB, "activity", "v1", right=True)
    [journal] = journals(str(outbox))
    with open(journal) as file:
        return file.read()


def board_answers(service) -> dict[str, str]:
    """The board, its counts and the CSV, as the instructor reads them: each must answer 200."""
    answers = {}
    for path in BOARD_ROUTES:
        status, _, text = service.call("GET", path, IRIS)
        assert status == 200, (path, status, text[-500:])
        answers[path] = text
    return answers


def csv_rows(service) -> list[list[str]]:
    return list(csv.reader(io.StringIO(board_answers(service)["pulse.csv"], newline="")))


# -- who may do what ------------------------------------------------------------------------------


def test_a_student_sends_and_only_an_instructor_sees(tmp_path, service):
    lines = honest_lines(tmp_path, "sign")
    status, _, text = service.post(ADA, lines=lines)
    assert (status, json.loads(text)["gathered"]) == (200, len(lines.encode()))
    for path in BOARD_ROUTES:
        assert service.call("GET", path, ADA)[0] == 403, path  # SEND only: no board, counts or CSV
    assert service.call("POST", "reset", ADA)[0] == 403
    assert service.post(IRIS, lines=lines)[0] == 403  # BOARD only: no sending
    assert service.post(None, lines=lines)[0] == 403
    assert service.post("a token the hub does not know", lines=lines)[0] == 403
    rows = csv_rows(service)
    assert rows[1][:6] == [LAB, "activity", "1", "1", "1", "2"]


def test_each_students_journal_is_kept_under_their_name(tmp_path, service, course):
    # grace's journal is named as ada's was: it is grace's, so neither drops the other's answers.
    ada, grace = honest_lines(tmp_path, "sign", "sign"), honest_lines(tmp_path)
    assert service.post(ADA, "events-1-a.jsonl", lines=ada)[0] == 200
    status, _, text = service.post(GRACE, "events-1-a.jsonl", lines=grace)
    assert (status, json.loads(text)["gathered"]) == (200, len(grace.encode()))
    [lab] = course.summary()
    assert (lab.visitors, lab.checks[0].attempts) == (2, 4)  # two students (a hub counts students), both students' attempts


# -- what a student can post ----------------------------------------------------------------------

NESTED = "[" * 100_000 + "]" * 100_000
HOSTILE_BODIES = {
    "not JSON": "{journal",
    "not an object": "[1, 2, 3]",
    "nested deeper than Python's recursion": NESTED,
    "lines nested deep": json.dumps({"journal": "j", "start": 0, "lines": None})[:-5] + NESTED + "}",
    "a lone surrogate": '{"journal": "j", "start": 0, "lines": "\\ud800\\n"}',
    "a start past SQLite's integers": json.dumps({"journal": "j", "start": 2**70, "lines": ""}),
    "a start that is true": json.dumps({"journal": "j", "start": True, "lines": ""}),
    "a start below 0": json.dumps({"journal": "j", "start": -1, "lines": ""}),
    "lines as a list": json.dumps({"journal": "j", "start": 0, "lines": ["a"]}),
    "no journal": json.dumps({"journal": "", "start": 0, "lines": ""}),
    "a journal name of 100 kB": json.dumps({"journal": "j" * 100_000, "start": 0, "lines": ""}),
    "lines over a batch": json.dumps({"journal": "j", "start": 0, "lines": "x" * MAX_BATCH + "\n"}),
    "lines over a batch once encoded": json.dumps({"journal": "j", "start": 0, "lines": "é" * MAX_BATCH + "\n"}),
}


@pytest.mark.parametrize("body", HOSTILE_BODIES.values(), ids=HOSTILE_BODIES.keys())
def test_a_malformed_post_is_refused_and_the_board_still_answers(service, body):
    status, _, text = service.post(ADA, raw=body)
    assert status == 400, text
    board_answers(service)


FALSIFIED = {
    # The lines of the security review (issue 44): each broke the board or lied in its counts.
    "a check's position that is not a number": [["checks", [LAB, "x", "not a number"]]],
    "a title that is a list": [["titles", [LAB, "activity", ["a"]]]],
    "an event of three fields": [["events", [LAB, "activity", 0]]],
    "an event whose fields are objects": [["events", [{}, [], {}, None, "yes", 7, {}, "soon"]]],
    "an unknown table": [["sqlite_master", ["x"]]],
    "503 visitors from one batch": [["visits", [LAB, f"v{k}", 0.0]] for k in range(503)],
    "a mistake of 100,000 characters": [["events", [LAB, "activity", 0, "v1", 0, "m" * 100_000, "", 0.0]]],
    "a line that is not JSON": "[[\n",
    "a position past SQLite's integers": [["events", [LAB, "activity", 2**70, "v1", 0, "", "", 0.0]]],
    "a number of 5,000 digits": f'["events", ["{LAB}", "activity", 1{"0" * 5000}, "v1", 0, "", "", 0.0]]\n',
}


def jsonl(lines) -> str:
    return lines if isinstance(lines, str) else "".join(json.dumps(line) + "\n" for line in lines)


@pytest.mark.parametrize("lines", FALSIFIED.values(), ids=FALSIFIED.keys())
def test_falsified_lines_never_break_the_board(tmp_path, service, lines):
    text = jsonl(lines)
    if len(text.encode()) > MAX_BATCH:  # sent as the kernel would: in batches
        text = text[:MAX_BATCH][: text[:MAX_BATCH].rfind("\n") + 1]
    status, _, answer = service.post(ADA, "events-9-z.jsonl", lines=text)
    assert status < 500, answer
    board_answers(service)
    # The store still takes an honest student's answers, and the board shows them.
    honest = honest_lines(tmp_path, "sign")
    assert service.post(GRACE, lines=honest)[0] == 200
    answers = board_answers(service)
    assert LAB in answers["board"] and any(row[0] == LAB for row in csv_rows(service))


def test_csv_cells_never_start_a_formula(tmp_path, service):
    formulas = ['=HYPERLINK("http://evil.example/","click")', "+1+1", "-1+1", "@SUM(A1)", "\tx", "\rx"]
    lines = "".join(json.dumps(["events", [LAB, "activity", 0, f"v{k}", 0, formula, formula, 0.0]]) + "\n"
                    for k, formula in enumerate(formulas))
    assert service.post(ADA, "events-9-z.jsonl", lines=lines)[0] < 500
    assert service.post(GRACE, lines=honest_lines(tmp_path, "sign"))[0] == 200
    rows = csv_rows(service)
    assert any(row[0] == LAB for row in rows[1:])
    risky = [cell for row in rows for cell in row if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert not risky


# -- what a body can cost ------------------------------------------------------------------------

NINETY_MIB = 90 * 2**20


def declared_post(service, path, token, length, *, first=b"{"):
    """Send a request's headers declaring `length` bytes and only `first` of them: (status, text).

    A service that read the body before answering would wait for the rest (and time out here). One
    that answers without reading it closes a socket with unread bytes, which TCP ends with a reset: that
    may reach us before the answer's text is read (ci50), so the text is then "" and the status stands.
    """
    connection = service.connect()
    connection.putrequest("POST", PREFIX + path)
    connection.putheader("Content-Length", str(length))
    connection.putheader("Content-Type", "application/json")
    if token:
        connection.putheader("Authorization", f"token {token}")
    connection.endheaders(first)
    response = connection.getresponse()
    try:
        return response.status, response.read().decode(errors="replace")
    except ConnectionResetError:
        return response.status, ""


def test_a_body_is_refused_before_it_is_read(service, course):
    assert declared_post(service, EVENTS_PATH, None, NINETY_MIB)[0] == 403  # no token: nothing read
    assert declared_post(service, EVENTS_PATH, IRIS, NINETY_MIB)[0] == 403  # no SEND scope: nothing read
    assert declared_post(service, EVENTS_PATH, ADA, NINETY_MIB)[0] == 413  # a student's: refused by its size, unread
    assert declared_post(service, EVENTS_PATH, ADA, MAX_BODY + 1)[0] == 413
    # The other routes take a form at most, whoever asks.
    for token in (None, IRIS):
        assert declared_post(service, "reset", token, NINETY_MIB)[0] == 400
        assert declared_post(service, "reset", token, MAX_FORM + 1)[0] == 400
    board_answers(service)


def test_a_chunked_body_is_cut_at_the_bound(service):
    connection = service.connect()
    connection.putrequest("POST", PREFIX + EVENTS_PATH)
    connection.putheader("Transfer-Encoding", "chunked")
    connection.putheader("Authorization", f"token {ADA}")
    connection.endheaders()
    chunk = b"x" * 2**16
    sent = 0
    with pytest.raises((ConnectionError, http.client.HTTPException)):
        while sent < NINETY_MIB:  # the service closes the connection once past MAX_BODY
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
        connection.send(b"0\r\n\r\n")
        connection.getresponse()
    assert sent < NINETY_MIB
    board_answers(service)


def test_the_largest_batch_is_read(service):
    # MAX_BATCH bytes of lines whose every byte JSON escapes to six (a control character: \u0001),
    # under the longest journal name and start: the body is read and judged, never refused for its size.
    lines = "\x01" * (MAX_BATCH - 1) + "\n"
    body = json.dumps({"journal": "j" * 200, "start": 2**63 - 1, "lines": lines}).encode()
    assert len(body) > 6 * MAX_BATCH
    status, _, text = service.post(ADA, raw=body)
    assert status != 413 and status < 500, text


# -- how often ----------------------------------------------------------------------------------


def test_a_sender_over_its_rate_is_told_when_to_come_back(hub, course):
    service = Service(course, SenderRate(rate=0.5, burst=3))
    try:
        assert [service.post(ADA)[0] for _ in range(3)] == [200] * 3
        status, headers, _ = service.post(ADA)
        assert status == 429 and int(headers["Retry-After"]) >= 1
        assert service.post(GRACE)[0] == 200  # another student's allowance is their own
        assert declared_post(service, EVENTS_PATH, ADA, 2**20)[0] == 429  # refused unread too
        board_answers(service)  # the board is never rate-limited
    finally:
        service.stop()


class CountingRate(SenderRate):
    """A sender's allowance that counts the posts it refused."""

    refused = 0

    def wait(self, sender):
        wait = super().wait(sender)
        self.refused += wait > 0
        return wait


def test_an_honest_sender_refused_for_its_rate_loses_nothing(hub, tmp_path, course):
    senders = CountingRate(rate=4, burst=2)
    service = Service(course, senders)
    outbox = tmp_path / "outbox"
    outbox.mkdir()
    kernels = [PulseStore(outbox) for _ in range(4)]  # four page views: four journals, more posts than allowed
    for k, kernel in enumerate(kernels):
        assert kernel.record_visit(LAB, f"v{k}", [("activity", 0)])
        assert kernel.record(LAB, "activity", f"v{k}", right=False, mistake="sign")
        assert kernel.record(LAB, "activity", f"v{k}", right=True)
    sender = PulseSender(str(outbox), f"http://127.0.0.1:{service.port}{PREFIX}", ADA, interval=0.05, most=0.5)
    sender.start()
    try:
        deadline = time.monotonic() + 20
        while sum(check.attempts for lab in course.summary() for check in lab.checks) < 8:
            assert time.monotonic() < deadline, (course.summary(), sender.error)
            time.sleep(0.1)
        [lab] = course.summary()
        # One student (a hub counts students, not page views), every one of the eight answers kept.
        assert (lab.visitors, lab.checks[0].attempted, lab.checks[0].solved, lab.checks[0].attempts) == (1, 1, 1, 8)
        assert senders.refused > 0  # it was refused, and came back
    finally:
        sender.stop()
        service.stop()


# -- a store that cannot read a row ---------------------------------------------------------------


class UnreadableStore(PulseStore):
    """A store holding a row nothing foresaw: reading its counts raises."""

    def summary(self):
        raise TypeError("'<' not supported between instances of 'str' and 'int'")


def test_the_board_answers_when_a_row_cannot_be_read(hub, tmp_path):
    (tmp_path / "course").mkdir()
    service = Service(UnreadableStore(tmp_path / "course"))
    try:
        for path in ("", "board"):
            status, _, text = service.call("GET", path, IRIS)
            assert status == 200 and "could not read the counts" in text, path
        status, _, text = service.call("GET", "pulse.csv", IRIS)
        assert status == 503 and "could not be read" in text  # refused, said why: never a 500
        assert service.call("POST", "reset", IRIS)[0] == 303  # and Reset still works
    finally:
        service.stop()


# -- asking the room ------------------------------------------------------------------------------


def ask(service, token, action, question=""):
    """The board's form: ask, round two or reveal, as the instructor's browser posts it."""
    body = urllib.parse.urlencode({"action": action, "question": question}).encode()
    return service.call("POST", "room", token, body, {"Content-Type": "application/x-www-form-urlencoded"})[0]


def room_of(service, token=ADA):
    """What a student's server hears of the room in answer to an empty batch (the sender's poll)."""
    status, _, text = service.post(token)
    assert status == 200
    return json.loads(text)["room"]


def test_only_an_instructor_asks_the_room_and_every_server_hears_it(hub, service, course, tmp_path):
    assert room_of(service)["ask"] == 0
    assert ask(service, ADA, "ask", f"{LAB}/activity") == 403  # a student may not ask
    assert ask(service, IRIS, "ask", f"{LAB}/nothing") == 400  # no such check
    assert ask(service, IRIS, "ask", f"{LAB}/practice") == 400  # a practice differs on every page: not asked
    assert ask(service, IRIS, "jump", "") == 400
    assert ask(service, IRIS, "ask", f"{LAB}/activity") == 303
    assert ask(service, IRIS, "ask", f"{LAB}/row_check") == 409  # one at a time: the one out is revealed first
    heard = room_of(service)
    assert (heard["lab"], heard["check"], heard["round"], heard["revealed"]) == (LAB, "activity", 1, False)
    vote = json.dumps(["votes", [LAB, "activity", "v1", heard["ask"], 1, 0, "sign", "12", time.time()]]) + "\n"
    assert service.post(ADA, "events-2-b.jsonl", lines=vote)[0] == 200
    board = board_answers(service)
    assert "round one: 1 answer so far" in board[""] and "sign" not in board["board"]  # no verdicts shown
    assert "sign: 12" in service.call("GET", "board?verdicts=1", IRIS)[2]

    # The service restarts between the rounds: the round goes on where it was.
    service.stop()
    again = Service(course)
    try:
        assert room_of(again)["ask"] == heard["ask"]
        assert ask(again, IRIS, "round") == 303
        assert room_of(again)["round"] == 2
        assert ask(again, IRIS, "reveal") == 303
        assert room_of(again, GRACE)["revealed"] is True
        rows = csv_rows(again)
        assert [heard["ask"], LAB, "activity", "1", "sign", "12", "1"] == [int(rows[-1][0]), *rows[-1][1:]]
        assert again.call("POST", "reset", IRIS)[0] == 303
        assert room_of(again)["ask"] == 0
    finally:
        again.stop()
