"""The page's query string, read wherever the notebook runs.

`read_query_string` returns the query string of the page a kernel renders:
under a preheated Voila kernel it waits for the page request, under a fresh
one it is in the environment, and outside Voila there is none.  This is the
one module that talks to the Voila server; `widgets.core.presets` parses what
it returns and `widgets.lecture.bar` shows the result.
"""

from __future__ import annotations

import json
import os

__all__ = ["read_query_string"]

_preheat_query = None  # the query string once a preheated kernel has received it


def read_query_string() -> str:
    """Return the query string of the page this kernel renders, or ``""``.

    Under a preheated Voila kernel (``VOILA_PREHEAT=True``) the kernel runs
    the notebook before anyone asks for the page, so this waits, through
    Voila's ``/voila/query`` socket, until the page request arrives; call it
    in the notebook's last code cell, so that everything before it is ready
    in advance.  Under a fresh Voila kernel (``VOILA_PREHEAT=False``) the
    query string is in ``QUERY_STRING`` from the start.  Outside Voila
    (JupyterLab, nbclient) there is no page and it returns ``""`` at once.

    Returns
    -------
    str
        The raw query string without the ``?``, e.g. ``"A=1,2;3,4&theme=dark"``.

    Examples
    --------
    >>> import os
    >>> "VOILA_PREHEAT" in os.environ  # not in Voila: nothing to wait for
    False
    >>> read_query_string()
    ''
    """
    global _preheat_query
    mode = os.environ.get("VOILA_PREHEAT")
    if mode == "True":
        # A pooled kernel serves exactly one page, and Voila sends its request
        # info only once: remember it, since waiting again would never end.
        if _preheat_query is None:
            try:
                os.environ.update(_request_info_from_voila())
                _preheat_query = os.environ.get("QUERY_STRING", "")
            except Exception:  # no Voila server to ask: render with the defaults
                _preheat_query = ""
        return _preheat_query
    if mode == "False":
        return os.environ.get("QUERY_STRING", "")
    return ""


def _request_info_from_voila():
    """Wait for the page request and return what Voila tells a preheated kernel about it.

    Voila answers on ``/voila/query/<kernel id>`` with the request's variables
    (``QUERY_STRING`` among them) once the page is requested. This is what
    ``voila.utils.get_query_string`` does; importing ``voila.utils`` would load
    Jupyter Server into every kernel (about 50 MB each, measured by
    ``bench/``), so the few lines live here.
    """
    from websockets.sync.client import connect

    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = "{}://{}:{}{}voila/query/{}".format(
        os.environ.get("VOILA_WS_PROTOCOL", "ws"),
        os.environ.get("VOILA_APP_IP", "127.0.0.1"),
        os.environ.get("VOILA_APP_PORT", "8866"),
        base,
        os.environ["VOILA_KERNEL_ID"],
    )
    with connect(url, open_timeout=5) as websocket:
        return {str(k): str(v) for k, v in json.loads(websocket.recv()).items()}
