"""Visitors without a browser: what a lab's page asks of its server, spoken over the page's own protocol.

In a lecture hall the browsers run on the students' devices; the server sees
only their requests. Recorded from Chromium on lab 8 (Voila 0.5, ipywidgets 8),
a visit is:

1. GET the page: Voila hands the visitor a preheated kernel and sends the
   notebook's outputs.
2. Open the kernel's websocket (``/api/kernels/<id>/channels?session_id=<new
   id>``, Jupyter's binary ``v1`` subprotocol) and send ``kernel_info_request``.
3. Once it is answered, ask for every widget's state at once: ``comm_open`` on
   the ``jupyter.widget.control`` target and one ``comm_msg``
   ``{"method": "request_states"}``, answered by one ``update_states``; then
   ``comm_close``.
4. Every slider the page shows draws its value rounded to its step and sends
   the rounded value back where it differs (an ``update``). Shown: reachable
   through ``children`` from the widget outputs in the page's HTML; a slider
   held back (a `Reveal`'s content) is not drawn and sends nothing, nor does
   a FloatLogSlider (whose bounds and step are exponents). On lab 8 no shown
   slider is off its step today, so the page sends no snap.
5. The learner's move (`Move`): one ``update`` of one slider, as the front
   end sends it, done when the kernel is idle again after it, that is when
   every view that depends on it has been sent its update.

`visit` does this for one visitor and `wave` for many arriving over a span of
time, each keeping its connection open until all are done (then they leave
together, as a class does). `ServerCPU` reads the CPU time of the server
and its kernels, so a wave's cost per visitor can be compared with a wave of
real browsers (bench/validate.py).

Written with asyncio and Tornado's HTTP and websocket clients, which every
Jupyter server already installs: a visitor is a coroutine, so 200 of them cost
this side a few MB and a little CPU, and the script sees every frame it sends
and receives (Locust would run the same steps in gevent greenlets, with a
websocket client of its own and a dependency more).
"""
from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone

import psutil

from .kernels import page_kernel_id
from .main_moves import MAIN_MOVES
from .wire import V1, decode_frame, encode_v1

PROTOCOL_VERSION = "5.3"  # Jupyter's messaging protocol
CONTROL_PROTOCOL_VERSION = "1.0.0"  # ipywidgets 8's jupyter.widget.control comm
WIDGET_PROTOCOL_VERSION = "2.1.0"  # ipywidgets 8's widget comms
# Sliders whose page draws the value on the step (a FloatLogSlider's min, max and step are exponents).
SNAPPING = {"FloatSliderModel", "IntSliderModel"}
OUTPUT_MODEL = re.compile(r'"model_id":\s*"([^"]+)"')  # a widget output's model in the page's HTML


@dataclass(frozen=True)
class Move:
    """The learner's move: the first ``model`` inside the box with DOM class ``within``, ``steps`` steps on.

    ``within=None`` takes any such model: for a page that has one only.
    """

    within: str | None = None
    model: str = "FloatSliderModel"
    steps: int = 1


#: The move of each page a wave can open: its main move (harness.main_moves, the bench's and the
#: engines' too), where that is a slider's; one step of it.
MOVES = {move.notebook: Move(move.box or None) for move in MAIN_MOVES.values() if move.control == ".noUi-handle"}


@dataclass
class Visit:
    """What one visitor saw, in seconds from the start of its wave (None: it never got there)."""

    arrived: float
    kernel: str | None = None  # the id of the kernel its page was given
    page: float | None = None  # the page's HTML received in full
    states: float | None = None  # every widget's state received: the page could draw itself
    moved: float | None = None  # the kernel answered the learner's move
    sent: int = 0  # websocket frames
    received: int = 0
    kinds: Counter = field(default_factory=Counter)  # frames by direction and type: "sent kernel_info_request"
    problem: str | None = None


# --- one visitor ----------------------------------------------------------------------------

def _message(msg_type: str, content: dict, session: str, metadata: dict) -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "",
            "date": datetime.now(timezone.utc).isoformat(), "version": PROTOCOL_VERSION,
        },
        "parent_header": {}, "metadata": metadata, "content": content,
    }


def _children(state: dict) -> list[str]:
    return [child[len("IPY_MODEL_"):] for child in state.get("children", ())
            if isinstance(child, str) and child.startswith("IPY_MODEL_")]


def shown(states: dict, html: str) -> set[str]:
    """The models a page draws: its widget outputs' models and their children, children's children...

    Examples
    --------
    >>> states = {"box": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_s1"]}},
    ...           "s1": {"model_name": "FloatSliderModel", "state": {}},
    ...           "s2": {"model_name": "FloatSliderModel", "state": {}}}
    >>> sorted(shown(states, '<script type="application/vnd.jupyter.widget-view+json">'
    ...                      '{"version_major": 2, "version_minor": 0, "model_id": "box"}</script>'))
    ['box', 's1']
    """
    seen: set[str] = set()
    stack = OUTPUT_MODEL.findall(html)
    while stack:
        key = stack.pop()
        if key in seen or key not in states:
            continue
        seen.add(key)
        stack.extend(_children(states[key]["state"]))
    return seen


def find_model(states: dict, move: Move) -> str:
    """The id of the model `move` acts on, among ``update_states``' states (a depth-first search).

    Examples
    --------
    >>> states = {
    ...     "box": {"model_name": "VBoxModel", "state": {"_dom_classes": ["attention-row-2"],
    ...                                                    "children": ["IPY_MODEL_s2"]}},
    ...     "s1": {"model_name": "FloatSliderModel", "state": {"value": 0.5}},
    ...     "s2": {"model_name": "FloatSliderModel", "state": {"value": 0.1}},
    ... }
    >>> find_model(states, Move("attention-row-2"))
    's2'
    >>> find_model(states, Move("attention-row-3"))
    Traceback (most recent call last):
    ...
    LookupError: no FloatSliderModel inside .attention-row-3
    """
    if move.within is None:
        roots = list(states)
    else:
        roots = [key for key, model in states.items() if move.within in model["state"].get("_dom_classes", ())]
    seen = set()
    stack = list(reversed(roots))
    while stack:
        key = stack.pop()
        if key in seen or key not in states:
            continue
        seen.add(key)
        if states[key]["model_name"] == move.model:
            return key
        stack.extend(reversed(_children(states[key]["state"])))
    raise LookupError(f"no {move.model} inside .{move.within}")


def snapped(state: dict) -> float | None:
    """The value a slider's page shows and sends back, when it is not the kernel's: rounded to the step.

    Examples
    --------
    >>> snapped({"value": 0.2567, "min": 0.0, "step": 0.01}), snapped({"value": 0.25, "min": 0.0, "step": 0.01})
    (0.26, None)
    """
    value, low, step = state.get("value"), state.get("min", 0.0), state.get("step")
    if not isinstance(value, (int, float)) or not step:
        return None
    decimals = max(0, -int(f"{step:e}".split("e")[1]))
    shown = round(low + round((value - low) / step) * step, decimals + 1)
    return shown if abs(shown - value) > 1e-9 else None


class _Channel:
    """One page's kernel websocket: sends messages, counts frames, waits for what the page waits for."""

    def __init__(self, connection, session: str):
        self.connection, self.session = connection, session
        self.sent = self.received = 0
        self.kinds = Counter()

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        message = _message(msg_type, content, self.session, metadata or {})
        self.connection.write_message(encode_v1("shell", message), binary=True)
        self.sent += 1
        self.kinds[f"sent {msg_type}"] += 1
        return message["header"]["msg_id"]

    async def until(self, done) -> dict:
        """Read frames until ``done(message)`` holds for one; return that message."""
        while True:
            frame = await self.connection.read_message()
            if frame is None:
                raise ConnectionError("the kernel websocket closed")
            self.received += 1
            message = decode_frame(frame)
            self.kinds[f"received {message['msg_type'] if message else 'undecoded'}"] += 1
            if message is not None and done(message):
                return message

    async def idle_after(self, *msg_ids: str) -> None:
        """Wait until the kernel has finished handling every one of `msg_ids` (its ``idle`` status)."""
        waiting = set(msg_ids)

        def answered(message):
            if message["msg_type"] == "status" and message["content"].get("execution_state") == "idle":
                waiting.discard(message["parent_id"])
            return not waiting

        if waiting:
            await self.until(answered)


class Hall:
    """The clock of a wave and the moment its visitors leave: once the last of them is done (and `stay` returned)."""

    def __init__(self, visitors: int, stay: Callable[[], Awaitable] | None = None):
        self.start = time.monotonic()
        self.waiting = visitors
        self.leave = asyncio.Event()
        self.stay = stay
        self._staying = None

    def now(self) -> float:
        return time.monotonic() - self.start

    def done(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            if self.stay is None:
                self.leave.set()
            else:
                self._staying = asyncio.get_running_loop().create_task(self._stay())

    async def _stay(self) -> None:
        try:
            await self.stay()
        finally:
            self.leave.set()


async def visit(base_url: str, path: str, move: Move, hall: Hall, *, timeout: float = 300.0) -> Visit:
    """One visitor: the page, its widgets' states, the slider snaps, then `move`; stays until the hall leaves."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    seen = Visit(arrived=hall.now())
    channel = None
    try:
        async with asyncio.timeout(timeout):
            client = AsyncHTTPClient(force_instance=True)
            try:
                response = await client.fetch(base_url + path, request_timeout=timeout)
            finally:
                client.close()
            seen.page = hall.now()
            html = response.body.decode()
            seen.kernel = page_kernel_id(html)
            session = uuid.uuid4().hex
            ws_url = base_url.replace("http", "ws", 1) + f"/api/kernels/{seen.kernel}/channels?session_id={session}"
            channel = _Channel(await websocket_connect(ws_url, max_message_size=1 << 30, subprotocols=[V1]), session)
            info = channel.send("kernel_info_request", {})
            await channel.until(lambda m: m["msg_type"] == "kernel_info_reply" and m["parent_id"] == info)
            comm = str(uuid.uuid4())  # the page's form, dashes included
            channel.send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                         {"version": CONTROL_PROTOCOL_VERSION})
            ask = channel.send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
            reply = await channel.until(lambda m: m["msg_type"] == "comm_msg" and m["parent_id"] == ask
                                        and m["content"].get("data", {}).get("method") == "update_states")
            seen.states = hall.now()
            channel.send("comm_close", {"comm_id": comm, "data": {}})
            states = reply["content"]["data"]["states"]
            snaps = []
            for key in shown(states, html):
                model = states[key]
                value = snapped(model["state"]) if model["model_name"] in SNAPPING else None
                if value is not None:
                    model["state"]["value"] = value
                    snaps.append(_update(channel, key, value))
            await channel.idle_after(*snaps)
            key = find_model(states, move)
            slider = states[key]["state"]
            await channel.idle_after(_update(channel, key, round(slider["value"] + move.steps * slider["step"], 10)))
            seen.moved = hall.now()
    except Exception as error:  # a visitor's failure is a result, not a crash of the wave
        seen.problem = f"{type(error).__name__}: {str(error).splitlines()[0][:120] if str(error) else ''}"
    hall.done()
    try:
        if seen.problem is None:
            await hall.leave.wait()
    finally:
        if channel is not None:
            seen.sent, seen.received, seen.kinds = channel.sent, channel.received, channel.kinds
            channel.connection.close()
    return seen


def _update(channel: _Channel, model: str, value: float) -> str:
    """Send a slider's new value as the page does (ipywidgets 8's ``update``)."""
    return channel.send("comm_msg", {"comm_id": model, "data": {
        "method": "update", "state": {"value": value}, "buffer_paths": []}}, {"version": WIDGET_PROTOCOL_VERSION})


# --- a wave of them -------------------------------------------------------------------------

async def wave(base_url: str, path: str, visitors: int, *, over: float = 0.0,
               move: Move | None = None, timeout: float = 300.0,
               stop: Callable[[], str | None] | None = None,
               stay: Callable[[], Awaitable] | None = None) -> list[Visit]:
    """`visitors` visitors arriving evenly over `over` seconds; all leave once every one is done.

    With `stay`, they leave only once it returns, say when the server is
    quiet again (`ServerCPU.quiet`), so that what their visits cost can be
    read while their kernels are still theirs.

    `stop`, asked at each arrival, may turn the rest of the wave away: a visitor
    arriving while it returns a reason (say ``"memory guard"``) does not come,
    and that reason is its problem. Visitors already in stay until done.
    """
    move = move or MOVES[path.rsplit("/", 1)[-1].split("?")[0]]
    hall = Hall(visitors, stay)

    async def one(index: int) -> Visit:
        await asyncio.sleep(over * index / visitors)
        reason = stop() if stop else None
        if reason:
            hall.done()
            return Visit(arrived=hall.now(), problem=reason)
        return await visit(base_url, path, move, hall, timeout=timeout)

    return list(await asyncio.gather(*(one(index) for index in range(visitors))))


# --- what it costs the server ---------------------------------------------------------------

@dataclass
class ServerCPU:
    """CPU seconds used by a server process and all its descendants (kernels) since `begin`.

    A process that exits takes its CPU time with it: `sample` now and then
    (say every second during a wave) keeps the last reading of each, so a
    kernel culled later still counts up to its last sample.
    """

    pid: int
    before: dict = field(default_factory=dict)
    last: dict = field(default_factory=dict)

    def _now(self) -> dict:
        times = {}
        try:
            root = psutil.Process(self.pid)
            processes = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return times
        for process in processes:
            try:
                cpu = process.cpu_times()
                times[(process.pid, process.create_time())] = cpu.user + cpu.system
            except psutil.NoSuchProcess:
                pass
        return times

    def begin(self) -> ServerCPU:
        self.before = self._now()
        self.last = dict(self.before)
        return self

    def sample(self) -> None:
        """Read every process alive now, keeping the last reading of those that exited."""
        self.last.update(self._now())

    def seconds(self) -> float:
        """CPU seconds since `begin`: processes alive now, and those that exited up to their last `sample`."""
        self.sample()
        return sum(cpu - self.before.get(key, 0.0) for key, cpu in self.last.items())

    async def quiet(self, window: float = 1.0, timeout: float = 300.0,
                    stop: Callable[[], str | None] | None = None) -> float:
        """Wait until two windows in a row used little CPU (the pool refilled, every kernel idle); seconds waited.

        Little: 0.05 CPU-s per second, plus 1 ms per process (idle kernels wake now and then).
        Returns early once `stop()` gives a reason (say, memory running out while the pool refills).
        """
        start = time.monotonic()
        before, calm = self.seconds(), 0
        while calm < 2 and time.monotonic() - start < timeout and not (stop and stop()):
            await asyncio.sleep(window)
            now = self.seconds()
            calm = calm + 1 if now - before < window * (0.05 + 0.001 * len(self._now())) else 0
            before = now
        return time.monotonic() - start
