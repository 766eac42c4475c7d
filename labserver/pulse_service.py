"""The class pulse on a JupyterHub: one service that gathers every student's answers, for the instructors.

On a hub every student has a server of their own; their labs' kernels send
their events here (`classpulse.pulse_sender`), each with its server's
own hub API token, and this service keeps them in one `PulseStore` for the
course.  JupyterHub starts it (a managed service of
``deploy/jupyterhub_config.py``, ``python -m labserver.pulse_service``),
restarts it if it stops, routes ``/services/matmul-pulse/`` to it and checks
every token and login for it: there is no secret of its own.

Who may do what is two custom scopes, given by the hub's roles:

- `SEND` (every user's role, and their servers' tokens): post events, nothing else;
- `BOARD` (the course's instructor group): open the board, read its counts,
  export them, reset them.

Routes, under the service's prefix:

- ``""`` (GET, `BOARD`): the board, logged in through the hub (OAuth): live
  counts per lab and check, the common mistakes, Reset, CSV, sized for a projector;
- ``board`` (GET, `BOARD`): the board's counts as HTML, which the page fetches every few seconds;
- ``pulse.csv`` (GET, `BOARD`): the counts as CSV;
- ``reset`` (POST, `BOARD`): erase the counts for a new session;
- ``room`` (POST, `BOARD`): ask the room a check (``action=ask``, ``question=<lab>/<check>``),
  start round two (``action=round``) or reveal it (``action=reveal``): peer instruction,
  `classpulse.pulse_room`;
- ``api/events`` (POST, `SEND`): ``{"journal", "start", "lines"}`` from a
  kernel's journal; answers ``{"gathered": n, "room": {...}}``, how far that
  journal is stored and what the room is asked now.  So a student's server
  learns the room over the route it already sends on (its sender asks every
  `classpulse.pulse_sender.POLL` seconds when it has nothing to send): no new
  route, port or open endpoint for students.

What a sender can cost is bounded before its body is read: the token and
the sender's rate (`SenderRate`: 429 with ``Retry-After`` beyond it) are
checked first, then the body's size (`MAX_BODY`, 413 beyond it); every other
route takes at most `MAX_FORM` bytes, and a request without a token is refused
unread.  What a student sent is kept under their hub name, so one cannot
post under another's journal.  The board, its counts and the CSV answer even
when the store holds a row they cannot read.

The store's folder is ``MATMUL_PULSE_DIR`` (made for this user only).  The
service listens on every interface of its host by default (``--ip`` names
one): the URL the hub gives it (``JUPYTERHUB_SERVICE_URL``) is where the
proxy reaches it, which on Kubernetes is a Service's name that no interface of
the hub's pod holds.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import time
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import httpserver, ioloop, web
from tornado.log import app_log

from classpulse import CATALOGUE, EVENTS_PATH, MAX_BATCH, PulseStore, Room
from widgets.core.environment import PULSE_DIR
from widgets.text.alerts import alert_html
from widgets.text.pulse_words import (
    ERASE_QUESTION,
    NO_ANSWERS_HTML,
    lab_heading_html,
    pulse_bars_html,
    pulse_table_html,
)
from widgets.text.room_words import question_label, room_heading_html, split_table_html

from .pulse_rate import SenderRate

__all__ = ["BOARD", "MAX_BODY", "MAX_FORM", "NAME", "SEND", "listen", "make_app", "main"]

#: The service's name on the hub: its URL is ``/services/matmul-pulse/``.
NAME = "matmul-pulse"
#: The scope to send events (students' servers).
SEND = f"custom:{NAME}:send"
#: The scope to see, export and reset the board (the instructors).
BOARD = f"custom:{NAME}:board"
#: Seconds between the board page's refreshes.
_REFRESH = 3
#: The largest events body: a batch of `MAX_BATCH` bytes of lines, each byte at most 6 once
#: JSON-escaped (a control character's ``\u0001``), and the journal's name.
MAX_BODY = 6 * MAX_BATCH + 1024
#: The largest body of any other route (the Reset form's ``_xsrf``).
MAX_FORM = 4096
#: The largest ``start`` of a batch: SQLite's integers are 64-bit.
_MAX_START = 2**63 - 1

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Class pulse</title>
<style>
body {{ font-family: system-ui, sans-serif; font-size: 1.3em; margin: 1em 2em; color: #1a1a1a; }}
.pulse-actions {{ display: flex; flex-wrap: wrap; gap: 0.5em 1.5em; align-items: center; }}
button {{ font-size: 1em; padding: 0.3em 0.8em; background: #b3261e; color: white; border: 0; border-radius: 4px; }}
.pulse-lab {{ display: flex; flex-wrap: wrap; gap: 0 3em; }}
/* The bars share the projector's width, their text as large as the table's. */
.pulse-bars {{ flex: 1 1 24em; min-width: min(24em, 100%); font-size: 1.3em; }}
.pulse-bars h3 {{ font-size: 1em; font-weight: normal; margin: 0.6em 0 0.2em; }}
.pulse-bar {{ display: grid; grid-template-columns: minmax(8em, 14em) 1fr 2.5em; gap: 0.5em; align-items: center; }}
.pulse-bar-label {{ overflow-wrap: anywhere; }}
.pulse-bar-track {{ display: block; height: 0.9em; background: #eee; }}
.pulse-bar-fill {{ display: block; height: 100%; }}
table {{ max-width: 100%; overflow-x: auto; display: block; }}
.room-form {{ display: flex; flex-wrap: wrap; gap: 0.5em 1em; align-items: center; margin: 0.8em 0; }}
.room-form select {{ font-size: 0.9em; max-width: 100%; }}
.room-form button {{ background: #1565c0; }}
.room-form button:disabled {{ background: #9e9e9e; }}
</style></head>
<body>
<h1>Class pulse</h1>
<div class="pulse-actions">
<form method="post" action="{reset}" onsubmit="return confirm({erase_question})">{xsrf}<button class="pulse-reset" type="submit"
 title="Erase every count (export the CSV first to keep them)">Reset for a new session</button></form>
<a class="pulse-export" href="{csv}" download="pulse.csv">Export the counts (CSV)</a>
<span class="pulse-updated" aria-live="polite"></span>
</div>
<form class="room-form" method="post" action="{room}">{xsrf}<label>Ask the room:
<select name="question">{questions}</select></label>
<button type="submit" name="action" value="ask"{asking}>Ask</button>
<button type="submit" name="action" value="round">Round two</button>
<button type="submit" name="action" value="reveal">Reveal the answer</button>
<a class="room-verdicts" href="{verdicts_link}">{verdicts_words}</a></form>
<main id="board" class="pulse-labs">{board}</main>
<script>
async function refresh() {{
  try {{
    // The hub accepts a login cookie on a script's request only with the page's XSRF token.
    const response = await fetch("{fragment}", {{credentials: "same-origin", redirect: "manual",
                                                 headers: {{"X-XSRFToken": "{xsrf_token}"}}}});
    if (response.type === "opaqueredirect" || response.status === 403) {{ location.reload(); return; }}
    if (!response.ok) throw new Error("HTTP " + response.status);
    const board = await response.text();
    if (document.getElementById("board").innerHTML !== board) {{
      document.getElementById("board").innerHTML = board;
    }}
    document.querySelector(".pulse-updated").textContent = "updated " + new Date().toLocaleTimeString();
  }} catch (error) {{
    document.querySelector(".pulse-updated").textContent = "The board could not refresh: " + error.message;
  }}
}}
setInterval(refresh, {refresh_ms});
</script>
</body></html>
"""


#: The Reset form's question, as a script string inside the form's attribute: Reset asks first, as on the
#: lecture server's board.
_ERASE_JS = html.escape(json.dumps(ERASE_QUESTION))

#: The checks an instructor may ask the room, by ``<lab>/<check>`` (the form's value), with their titles.
_ASKABLE = {f"{lab}/{check}": (lab, check, title, after) for lab, check, title, after in CATALOGUE.askable()}


def _questions_html(room):
    """The form's choice of checks to ask the room, labs by name, the one `room` asks chosen."""
    chosen = f"{room.lab}/{room.check}"
    return "".join(f'<option value="{html.escape(key)}"{" selected" if key == chosen else ""}>'
                   f"{html.escape(question_label(lab, title, after))}</option>"
                   for key, (lab, _, title, after) in _ASKABLE.items())


def _room_html(store, room, verdicts):
    """The question asked and how the room answers it, or ``""`` when nothing was asked."""
    split = store.room_split(room) if room.ask else None
    if split is None:
        return ""
    title = CATALOGUE.title(room.lab, room.check) or room.check
    heading = room_heading_html(title, room.lab, room.round, room.revealed, (split.answered(1), split.answered(2)))
    table = split_table_html(split.rounds, split.answers, split.moves, verdicts or room.revealed)
    return f'<section class="room-section">{heading}{table}</section>'


def _board_html(store: PulseStore, room: Room, verdicts: bool) -> str:
    """The board: the question the room is asked, then per lab its heading, bars and table; or why the
    pulse is unavailable.  `verdicts` shows which of the room's answers is right."""
    try:
        summary = store.summary()
        if store.error:
            return alert_html(f"The pulse is unavailable: {store.error}. The labs still check answers.")
        return _room_html(store, room, verdicts) + _counts_html(summary)
    except Exception:  # noqa: BLE001 - a row nobody foresaw must not take the board down
        app_log.exception("the pulse board could not show the counts")
        return alert_html("The board could not read the counts (the service's log says why). "
                          "The labs still check answers; Reset starts the counts again.")


def _counts_html(summary):
    if not summary:
        return f"<p>{NO_ANSWERS_HTML}</p>"
    return "".join(
        f'<section class="pulse-lab-section">{lab_heading_html(lab.lab, lab.visitors)}'
        '<div class="pulse-lab">'
        + pulse_bars_html((c.label, c.attempted, c.solved, c.mistakes) for c in lab.checks)
        + "</div>"
        + pulse_table_html((c.label, c.attempted, c.solved, c.attempts, c.mistakes) for c in lab.checks)
        + "</section>"
        for lab in summary
    )


class _Handler(HubOAuthenticated, web.RequestHandler):
    """A route of the service: the hub identifies the token or login, `scope` says who may use it."""

    scope = BOARD
    #: A route a page opens sends a login cookie's visitor to the hub's login page;
    #: one a script calls (an API, the board's fetch) is refused with 403 instead.
    api = False

    def initialize(self, store: PulseStore, prefix: str, senders: SenderRate | None = None,
                   now: _RoomNow | None = None) -> None:
        # senders None: every post goes through (a test's service of the events route alone).
        self.store, self.prefix, self.senders = store, prefix, senders
        self.now = now or _RoomNow(store)

    @property
    def hub_scopes(self):
        return {self.scope}

    def get_login_url(self) -> str:
        if self.api or self.request.headers.get("Authorization"):
            raise web.HTTPError(403)  # a script, or a token without the scope: never sent to a login page
        return super().get_login_url()

    def url(self, path=""):
        return url_path_join(self.prefix, path)


class _RoomNow:
    """What the room is asked now, kept in memory for every events answer (a few hundred a second at most):
    read from the store when the service starts, set by each change the instructor makes."""

    def __init__(self, store: PulseStore) -> None:
        self.room = store.room()


class _BoardPage(_Handler):
    """The instructors' board."""

    @web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        verdicts = self.get_query_argument("verdicts", "") == "1"
        self.finish(_PAGE.format(
            reset=self.url("reset"), csv=self.url("pulse.csv"),
            fragment=self.url("board") + ("?verdicts=1" if verdicts else ""), room=self.url("room"),
            xsrf=self.xsrf_form_html(), xsrf_token=self.xsrf_token.decode(), questions=_questions_html(self.now.room),
            verdicts_link="?" if verdicts else "?verdicts=1",
            # One question at a time: the one out is revealed before the next is asked.
            asking=' disabled title="Reveal the answer first"' if self.now.room.asking else "",
            verdicts_words="Hide which is right" if verdicts else "Show which is right (on the board only)",
            board=_board_html(self.store, self.now.room, verdicts), refresh_ms=_REFRESH * 1000,
            erase_question=_ERASE_JS,
        ))


class _BoardCounts(_Handler):
    """The board's counts alone, fetched by the page every few seconds."""

    api = True  # a fetch, not a page: the page logs in again

    @web.authenticated
    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.finish(_board_html(self.store, self.now.room, self.get_query_argument("verdicts", "") == "1"))


class _AskTheRoom(_Handler):
    """Ask the room a check, start round two, or reveal (the board's form), then show the board again."""

    @web.authenticated
    def post(self) -> None:
        action = self.get_body_argument("action", "")
        if action == "ask":
            question = _ASKABLE.get(self.get_body_argument("question", ""))
            if question is None:
                raise web.HTTPError(400, "no such check to ask")
            if self.now.room.asking:
                raise web.HTTPError(409, "reveal the answer of the question out before asking another")
            room = self.store.ask_room(*question[:2])
        elif action in ("round", "reveal"):
            room = self.store.next_round() if action == "round" else self.store.reveal_room()
        else:
            raise web.HTTPError(400, "the action is ask, round or reveal")
        if room is None:
            raise web.HTTPError(503, self.store.error)
        self.now.room = room
        self.redirect(self.url(), status=303)


class _CountsCsv(_Handler):
    """The counts as a CSV download."""

    @web.authenticated
    def get(self) -> None:
        try:
            summary = self.store.summary()
            why = self.store.error
            counts = "" if why else self.store.csv(summary)
        except Exception:  # noqa: BLE001 - as the board: a row nobody foresaw is a refusal, not a crash
            app_log.exception("the pulse CSV could not be made")
            why = "the counts could not be read (the service's log says why)"
        if why:
            self.set_status(503)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"The counts could not be exported: {why}.\n")
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="pulse-{time.strftime("%Y%m%d-%H%M")}.csv"')
        self.finish(counts)


class Reset(_Handler):
    """Erase the counts (the board's Reset), then show the board again."""

    @web.authenticated
    def post(self) -> None:
        if not self.store.reset():
            raise web.HTTPError(503, self.store.error)
        self.now.room = Room()  # the question out ends with the session
        self.redirect(self.url(), status=303)


@web.stream_request_body
class Events(_Handler):
    """Journal lines from a lab's kernel on a student's server, kept under the student's hub name.

    The body streams in only once the sender's token, rate and the body's
    declared size are accepted (`prepare`).
    """

    scope = SEND
    api = True

    @web.authenticated
    def prepare(self) -> None:
        if self.senders is not None and (wait := self.senders.wait(self.current_user["name"])):
            self.set_status(429)
            self.set_header("Retry-After", str(wait))
            self.finish({"error": f"too many posts: send again in {wait} s"})
            return
        length = self.request.headers.get("Content-Length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            raise web.HTTPError(413, f"a batch is at most {MAX_BODY} bytes")
        self.request.connection.set_max_body_size(MAX_BODY)  # a chunked body is cut there
        self.request.body = bytearray()  # as tornado would have read it, without holding more

    def data_received(self, chunk: bytes) -> None:
        self.request.body += chunk

    def post(self) -> None:
        try:
            body = json.loads(self.request.body)
            journal, start, lines = body["journal"], body["start"], body["lines"]
            data = lines.encode()
            if not (isinstance(journal, str) and 0 < len(journal) <= 200 and type(start) is int
                    and 0 <= start <= _MAX_START and len(data) <= MAX_BATCH):
                raise ValueError(body)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
            raise web.HTTPError(400, "expected {journal, start, lines}") from error
        gathered = self.store.receive(journal, start, data, sender=self.current_user["name"])
        if gathered is None:
            raise web.HTTPError(503, self.store.error)
        self.finish({"gathered": gathered, "room": self.now.room.as_dict()})


def make_app(store: PulseStore, prefix: str, senders: SenderRate | None = None) -> web.Application:
    """The service's tornado application, its routes under `prefix` (``/services/matmul-pulse/``).

    Each sender's posts are bounded by `senders` (default `SenderRate`'s).
    """
    routes = [("", _BoardPage), ("board", _BoardCounts), ("pulse.csv", _CountsCsv), ("reset", Reset),
              ("room", _AskTheRoom), (EVENTS_PATH, Events)]
    given = {"store": store, "prefix": prefix, "senders": SenderRate() if senders is None else senders,
             "now": _RoomNow(store)}
    return web.Application(
        [(url_path_join(prefix, path), handler, given) for path, handler in routes]
        + [(url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler)],
        # A restart only asks the hub for the instructor's login again.
        cookie_secret=os.urandom(32),
        # No xsrf_cookies: HubOAuthenticated accepts a login cookie on a POST only with the
        # form's _xsrf (the Reset form has it), and a hub token (the kernels') needs none.
    )


def listen(app: web.Application, port: int, address: str = "") -> httpserver.HTTPServer:
    """Serve `app` on `port` of `address` (default every interface), no body read beyond `MAX_FORM`.

    The events route raises its own bound (`MAX_BODY`) once it knows who sends.
    """
    return app.listen(port, address, max_body_size=MAX_FORM)


def main(argv: list[str] | None = None) -> None:
    """Serve on the port of the URL the hub gave (``JUPYTERHUB_SERVICE_URL``), the store in ``MATMUL_PULSE_DIR``."""
    parser = argparse.ArgumentParser(prog="python -m labserver.pulse_service", description=__doc__.split("\n")[0])
    parser.add_argument("--ip", default="", help="the address to listen on (default: every interface)")
    ip = parser.parse_args(argv).ip
    folder = os.environ[PULSE_DIR]
    os.makedirs(folder, mode=0o700, exist_ok=True)
    store = PulseStore(folder, catalogue=CATALOGUE)  # only this project's labs and checks count
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    listen(make_app(store, prefix), url.port, ip)
    print(f"class pulse service on {ip or 'every interface'}:{url.port}, reached at {url.geturl()}{prefix},"
          f" its store in {folder}", flush=True)
    ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
