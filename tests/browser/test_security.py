"""Closed to outsiders: a visitor drives widgets, but never runs code or reads a notebook.

Voila serves the labs without a token (a lecture hall has no accounts), so
anyone who can reach the port can open a kernel's websocket: the page's own
JavaScript does, and so can a script that read the kernel id from the page.
What keeps them out is Voila's filter on that websocket (``allowed_message_types``
in ``voila/app.py``): it forwards widget (comm) and kernel-info messages to
the kernel and drops everything else, ``execute_request`` first of all.
These tests send an ``execute_request`` that would write a file, and check
that the file never appears, that an allowed message on the same socket is
still answered (so the filter, not a broken message, is what stopped it),
and that Voila logged the refusal.

Notebook sources stay on the server: ``/voila/files/`` refuses ``.ipynb``
and ``.py`` files and the contents API returns no content.  That with
``strip_sources`` each rendered page holds outputs only is checked on the
page as the learner's visit receives it (tests/browser/test_learner_visit.py).
"""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest
import websocket  # websocket-client, a dependency of jupyter_server
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)

from conftest import LABS
from harness.browser import open_lab
from harness.leaks import code_lines, leaked_code

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
# Shell requests a visitor must never get answered: running code, and reading
# the kernel's input history (which holds the notebook's code).
REFUSED = ("execute_request", "history_request", "inspect_request", "complete_request")
WAIT_FOR_FILE = 3.0  # seconds the refused code is given to (not) write its file
REPLY_TIMEOUT = 15.0


# --- notebook sources ------------------------------------------------------------------


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_code_lines_finds_the_imports():
    # The leak checks below look for these lines: they must not be empty.
    for lab in LABS:
        if lab.name != "index.ipynb":
            assert any("from widgets import" in line or "import" in line for line in code_lines(lab)), lab.name


@pytest.mark.parametrize("lab", LABS, ids=lambda p: p.stem)
def test_notebook_files_are_not_served(voila_server, lab):
    refused = [
        f"/voila/files/{lab.name}",
        f"/voila/files/labs/{lab.name}",
        f"/voila/files/./{lab.name}",
        f"/voila/files/{lab.name.upper()}",
        f"/voila/files/{lab.name}?download=1",
        f"/api/contents/{lab.name}",
        f"/api/contents/{lab.name}?content=1",
        f"/files/{lab.name}",
        f"/nbconvert/html/{lab.name}",
    ]
    for path in refused:
        status, body = get(voila_server.url + path)
        assert status in (403, 404), f"{path}: HTTP {status}"
        assert not leaked_code(body, lab), path
    # Voila's own contents API lists the notebook (for the script-drawn tree page, ?classic-tree=false), without content.
    status, body = get(f"{voila_server.url}/voila/api/contents/{lab.name}?content=1&format=text")
    assert status == 200 and json.loads(body)["content"] is None
    assert not leaked_code(body, lab)


def test_python_sources_are_not_served(voila_server):
    for path in ("/voila/files/../widgets/__init__.py", "/voila/files/%2e%2e/widgets/check.py",
                 "/voila/files/../voila.json", "/voila/files/../pyproject.toml"):
        status, body = get(voila_server.url + path)
        assert status in (403, 404), f"{path}: HTTP {status}"
        assert "import" not in body and "VoilaConfiguration" not in body, path


# --- code execution over the kernel websocket -------------------------------------------


def kernel_message(msg_type: str, content: dict, session: str) -> dict:
    """A Jupyter message (protocol 5.3) for the shell channel."""
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "outsider",
            "session": session,
            "date": datetime.now(timezone.utc).isoformat(),
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": "shell",
    }


def attack(target: Path, session: str) -> tuple[dict, list[dict], dict]:
    """The messages a test sends, in order: an allowed probe, the refused requests, a fence.

    Returns ``(probe, refused, fence)``. The kernel answers shell requests in
    order, so once the fence's ``kernel_info_reply`` is back, any
    ``execute_request`` that got through would have run already.
    """
    probe = kernel_message("comm_info_request", {}, session)
    code = f"open({str(target)!r}, 'w').write('x')"
    contents = {
        "execute_request": {
            "code": code, "silent": False, "store_history": False,
            "user_expressions": {}, "allow_stdin": False, "stop_on_error": True,
        },
        "history_request": {"output": False, "raw": True, "hist_access_type": "tail", "n": 100},
        "inspect_request": {"code": "open", "cursor_pos": 4, "detail_level": 1},
        "complete_request": {"code": "op", "cursor_pos": 2},
    }
    refused = [kernel_message(kind, contents[kind], session) for kind in REFUSED]
    fence = kernel_message("kernel_info_request", {}, session)
    return probe, refused, fence


def assert_refused(received: list[dict], probe: dict, refused: list[dict], fence: dict,
                   target: Path, server, log_start: int) -> None:
    """``received``: ``{"msg_type", "parent"}`` of every message that came back.

    ``log_start``: length of the server's log before the test sent anything.
    """
    replies = {(m["parent"], m["msg_type"]) for m in received}
    # Not vacuous: an allowed message sent on the same socket reached the kernel.
    assert (probe["header"]["msg_id"], "comm_info_reply") in replies, received
    assert (fence["header"]["msg_id"], "kernel_info_reply") in replies, received
    refused_ids = {m["header"]["msg_id"]: m["header"]["msg_type"] for m in refused}
    answered = [m for m in received if m["parent"] in refused_ids]
    assert not answered, f"the kernel saw refused requests: {answered}"
    deadline = time.monotonic() + WAIT_FOR_FILE
    while time.monotonic() < deadline:
        assert not target.exists(), "an execute_request from outside ran in the kernel"
        time.sleep(0.2)
    assert not target.exists(), "an execute_request from outside ran in the kernel"
    # What Voila did: it logged each refused request and dropped it.
    log = server.log()[log_start:]
    for kind in REFUSED:
        assert f'Received message of type "{kind}", which is not allowed. Ignoring.' in log, kind


PAGE_SOCKET_JS = """
async ({url, messages, fence, timeoutMs}) => {
  const received = [];
  let closeCode = null;
  const ws = new WebSocket(url);
  const done = new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    ws.onopen = () => messages.forEach(m => ws.send(JSON.stringify(m)));
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const msg = JSON.parse(event.data);
      const parent = (msg.parent_header || {}).msg_id || null;
      received.push({msg_type: msg.header.msg_type, parent});
      if (parent === fence && msg.header.msg_type === 'kernel_info_reply') {
        clearTimeout(timer); resolve('fenced');
      }
    };
    ws.onclose = (event) => { closeCode = event.code; clearTimeout(timer); resolve('closed'); };
  });
  const outcome = await done;
  const openAtEnd = ws.readyState === WebSocket.OPEN;
  ws.close();
  return {outcome, closeCode, openAtEnd, received};
}
"""


def test_page_cannot_execute_code_over_its_kernel_socket(voila_server, page, tmp_path):
    """A visitor's own browser, with the page's cookies and origin, sends execute_request."""
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    lab = "01-product-by-columns.ipynb"
    open_lab(page, f"{voila_server.url}/voila/render/{lab}", "security-page-socket")
    [channels] = [url for url in sockets if re.search(r"/api/kernels/[-0-9a-f]+/channels", url)]
    assert channels.startswith(voila_server.url.replace("http://", "ws://"))
    # A second connection of its own: reusing the page's session_id would replace the page's socket.
    session = str(uuid.uuid4())
    url = re.sub(r"session_id=[^&]+", f"session_id={session}", channels)
    target = tmp_path / "written-from-the-page"
    log_start = len(voila_server.log())
    probe, refused, fence = attack(target, session)
    result = page.evaluate(PAGE_SOCKET_JS, {
        "url": url, "messages": [probe, *refused, fence],
        "fence": fence["header"]["msg_id"], "timeoutMs": REPLY_TIMEOUT * 1000,
    })
    # The socket stays open: Voila drops refused messages silently, it does not hang up.
    assert result["outcome"] == "fenced" and result["openAtEnd"], result
    assert_refused(result["received"], probe, refused, fence, target, voila_server, log_start)


def python_client_exchange(url: str, protocol: str | None, messages: list[dict], fence: str) -> list[dict]:
    """Send ``messages`` over a kernel websocket from Python; collect replies until the fence's."""
    options = {"subprotocols": [protocol]} if protocol else {}
    ws = websocket.create_connection(url, timeout=REPLY_TIMEOUT, **options)
    received = []
    try:
        for message in messages:
            if protocol == V1_PROTOCOL:
                parts = [json.dumps(message[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
                ws.send_binary(serialize_msg_to_ws_v1(parts, message["channel"]))
            else:
                ws.send(json.dumps(message))
        deadline = time.monotonic() + REPLY_TIMEOUT
        while time.monotonic() < deadline:
            frame = ws.recv()
            if isinstance(frame, bytes) and protocol == V1_PROTOCOL:
                _, parts = deserialize_msg_from_ws_v1(frame)
                header, parent = json.loads(parts[0]), json.loads(parts[1])
            elif isinstance(frame, str):
                msg = json.loads(frame)
                header, parent = msg["header"], msg["parent_header"]
            else:
                continue
            received.append({"msg_type": header["msg_type"], "parent": parent.get("msg_id")})
            if parent.get("msg_id") == fence and header["msg_type"] == "kernel_info_reply":
                break
        assert ws.connected, "Voila closed the socket"
    finally:
        ws.close()
    return received


@pytest.mark.parametrize("protocol", [None, V1_PROTOCOL], ids=["json", "v1-binary"])
def test_script_without_cookies_cannot_execute_code(voila_server, tmp_path, protocol):
    """An outsider's script: no browser, no cookies, the kernel id read from the page's HTML."""
    status, body = get(f"{voila_server.url}/voila/render/index.ipynb")
    assert status == 200
    kernel_id = re.search(r'"kernelId": "([-0-9a-f]+)"', body).group(1)
    session = str(uuid.uuid4())
    url = f"ws://127.0.0.1:{voila_server.port}/api/kernels/{kernel_id}/channels?session_id={session}"
    target = tmp_path / "written-by-a-script"
    log_start = len(voila_server.log())
    probe, refused, fence = attack(target, session)
    received = python_client_exchange(url, protocol, [probe, *refused, fence], fence["header"]["msg_id"])
    assert_refused(received, probe, refused, fence, target, voila_server, log_start)


def test_kernel_list_is_not_served(voila_server):
    """Kernel ids are not enumerable: only the page that owns a kernel knows its id."""
    for path in ("/api/kernels", "/api/sessions", "/api/terminals", "/api/kernelspecs"):
        status, _ = get(voila_server.url + path)
        assert status == 404, f"{path}: HTTP {status}"
