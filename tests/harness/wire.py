"""Jupyter messages on a kernel websocket: read back from any of its three encodings, written in the page's.

Shared by the benchmarks (which read the frames Playwright saw) and the
browserless visitors of `harness.hall` (which read and write their own).
"""
from __future__ import annotations

import json
import struct

#: The websocket subprotocol a lab's page asks for (jupyter_server 2): binary frames.
V1 = "v1.kernel.websocket.jupyter.org"


def decode_frame(payload) -> dict | None:
    """A kernel websocket frame as {channel, msg_type, msg_id, parent_id, content}.

    Handles the v1 binary protocol (``v1.kernel.websocket.jupyter.org``: a
    little-endian offset table, the channel, then header, parent header,
    metadata, content, buffers), the legacy binary frame (big-endian buffer
    offsets, the JSON message first) and plain JSON text frames.
    """
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return _fields(msg.get("channel"), msg["header"], msg.get("parent_header") or {}, msg.get("content") or {})
        data = bytes(payload)
        count = int.from_bytes(data[:8], "little")
        if 3 <= count and len(data) >= 8 * (count + 1):  # a message may carry hundreds of buffers
            offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
            if offsets[0] == 8 * (count + 1) and offsets == sorted(offsets) and offsets[-1] <= len(data):
                bounds = offsets + [len(data)]
                channel = data[bounds[0]:bounds[1]].decode()
                parts = [data[bounds[i]:bounds[i + 1]] for i in range(1, len(bounds) - 1)]
                header, parent, _metadata, content = (json.loads(p or b"{}") for p in parts[:4])
                return _fields(channel, header, parent, content)
        nbufs = struct.unpack(">I", data[:4])[0]
        offsets = struct.unpack(f">{nbufs}I", data[4:4 + 4 * nbufs])
        end = offsets[1] if nbufs > 1 else len(data)
        msg = json.loads(data[offsets[0]:end])
        return _fields(msg.get("channel"), msg["header"], msg.get("parent_header") or {}, msg.get("content") or {})
    except (ValueError, KeyError, IndexError, struct.error, UnicodeDecodeError):
        return None


def _fields(channel, header, parent, content) -> dict:
    return {
        "channel": channel,
        "date": header.get("date"),
        "msg_type": header.get("msg_type"),
        "msg_id": header.get("msg_id"),
        "parent_id": parent.get("msg_id"),
        "content": content,
    }


def encode_v1(channel: str, message: dict) -> bytes:
    """`message` (header, parent_header, metadata, content; no buffers) as a frame of the `V1` protocol.

    Examples
    --------
    >>> frame = encode_v1("shell", {"header": {"msg_type": "kernel_info_request", "msg_id": "1"},
    ...                             "parent_header": {}, "metadata": {}, "content": {}})
    >>> decoded = decode_frame(frame)
    >>> decoded["channel"], decoded["msg_type"], decoded["msg_id"]
    ('shell', 'kernel_info_request', '1')
    """
    parts = [channel.encode()] + [json.dumps(message[key]).encode()
                                  for key in ("header", "parent_header", "metadata", "content")]
    offsets = [8 * (len(parts) + 2)]  # the count and one offset per part, plus the end's
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    table = len(offsets).to_bytes(8, "little") + b"".join(offset.to_bytes(8, "little") for offset in offsets)
    return table + b"".join(parts)
