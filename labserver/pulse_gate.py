"""The lecture server's gate to the class pulse: the lecturer's link is checked by the server, and
the token in the address is swapped for a cookie.

The board used to check the link's token in its own kernel, so every kernel
held the token (``MATMUL_PULSE_TOKEN`` in the environment Voila's kernels
inherit, and a refilled pool kernel ``VOILA_REQUEST_URL``, the lecturer's full
link).  Here the server holds it, in memory only: `PulseVoila`'s page handlers
go through a `_PulseGate` first, which for ``lecturer/pulse.ipynb``

- on the link with the right ``?token=`` sets a cookie derived from it
  (HttpOnly, SameSite=Strict, for the board's path only) and sends the
  browser on to the address without it, so the projected address bar shows
  no token and no kernel ever sees the request that held it;
- renders the board for a request with that cookie (a reload, the next
  visit in the same browser session);
- refuses anything else with 403 and a message, before any kernel starts.

`PulseVoila` tells its kernels that the board's links are checked by setting
``MATMUL_PULSE_GATE`` (`widgets.lecture.pulse_board.refusal` shows the board
only then).  Whatever path a request names the board by (``lecturer/%70ulse.ipynb``,
``lecturer//pulse.ipynb``) it goes through the gate: it is compared as the
file it resolves to.  The landing page sends the browser on itself (a
``<meta http-equiv="refresh">``), not with a redirect: a SameSite=Strict
cookie set in answer to a link followed from another site (a slide, a chat)
is withheld along that navigation's redirects, but sent on a navigation the
page starts.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jupyter_server.utils import url_path_join
from markupsafe import Markup
from traitlets import Unicode
from voila.handler import VoilaHandler

from labserver.voila_app import CompressingVoila
from widgets.core.environment import PULSE_GATE, PULSE_TOKEN
from widgets.text.alerts import alert_html

__all__ = ["PULSE_PAGE", "PulseVoila", "board_cookie"]

#: The lecturer's page, under the served folder.
PULSE_PAGE = "lecturer/pulse.ipynb"
#: The cookie that stands for the token once the link has been opened.
_COOKIE = "matmul_pulse"

_NO_TOKEN = "This page is for the lecturer: open it with the pulse link that make serve printed (it ends in ?token=…)."
_WRONG_TOKEN = "This link's token is not the lecturer's: open the pulse link that make serve printed."
# The gate's own pages: {head} for a refresh, {kind} the main element's class, {body}.
_PAGE = Markup(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">{head}<title>Class pulse</title></head>'
    '<body><main class="{kind}">{body}</main></body></html>'
)


def board_cookie(token: str) -> str:
    """The cookie's value for the lecturer's `token`: derived from it, so the token itself is never stored.

    Examples
    --------
    >>> board_cookie("s3cret") == board_cookie("s3cret") != board_cookie("s3cres")
    True
    >>> "s3cret" in board_cookie("s3cret")
    False
    """
    return hmac.new(token.encode(), b"matmul-labs pulse board", hashlib.sha256).hexdigest()


class _PulseGate:
    """What a Voila page handler does first when it is gated: the board's page is let through only for
    the lecturer (see the module); every other page goes on to the handler.  `_gated` makes the handler.

    Parameters
    ----------
    pulse_token : str
        The lecturer's token; ``""`` refuses every request for the board.
    root : pathlib.Path
        The served folder, resolved.
    """

    def initialize(self, pulse_token: str, root: Path, **kwargs: Any) -> None:
        super().initialize(**kwargs)  # the handler's own
        self._token = pulse_token
        self._cookie = board_cookie(pulse_token) if pulse_token else ""
        self._root = root

    async def get(self, path: str | None = None) -> None:
        if not self._names_board(self.notebook_path or path or ""):
            await super().get(path)
        elif (given := self.get_query_argument("token", None)) is not None:
            if self._token and hmac.compare_digest(given.encode(), self._token.encode()):
                self._swap_token()
            else:
                self._refuse(_WRONG_TOKEN)
        elif self._cookie and hmac.compare_digest(self.get_cookie(_COOKIE, "").encode(), self._cookie.encode()):
            await super().get(path)
        else:
            self._refuse(_NO_TOKEN)

    def _names_board(self, path):
        """Whether `path` (decoded, as Voila resolves it) is the board's notebook; a path that
        cannot be resolved counts as the board, so that the gate fails closed."""
        try:
            named = os.path.realpath(os.path.join(self._root, path.lstrip("/")))
            return named == os.path.realpath(os.path.join(self._root, PULSE_PAGE))
        except (ValueError, OSError):
            return True

    def _swap_token(self):
        """Set the cookie, and send the browser on to the board's address without the token."""
        board = url_path_join(self.base_url, "voila/render", PULSE_PAGE)
        kept = [(key, value.decode(errors="replace")) for key, values in self.request.query_arguments.items()
                for value in values if key != "token"]
        target = board + (f"?{urlencode(kept)}" if kept else "")
        self.set_cookie(_COOKIE, self._cookie, path=board, httponly=True, samesite="Strict")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the next page is not told the address with the token
        self.finish(_PAGE.format(head=Markup('<meta http-equiv="refresh" content="0; url={}">').format(target),
                                 kind="pulse-opening",
                                 body=Markup('<a href="{}">Open the class pulse</a>').format(target)))

    def _refuse(self, reason):
        self.set_status(403)
        self.set_header("Cache-Control", "no-store")
        self.finish(_PAGE.format(head="", kind="pulse-refused", body=Markup(alert_html(reason))))


def _gated(handler: type[VoilaHandler]) -> type[VoilaHandler]:
    """Voila's page `handler` with the `_PulseGate` before it.

    Examples
    --------
    >>> from voila.tornado.handler import TornadoVoilaHandler
    >>> _gated(TornadoVoilaHandler).__mro__[1:3] == (_PulseGate, TornadoVoilaHandler)
    True
    """
    return type(f"Gated{handler.__name__}", (_PulseGate, handler), {})


class PulseVoila(CompressingVoila):
    """``make serve``'s Voila (`CompressingVoila`), its page handlers `_gated`.

    Examples
    --------
    >>> PulseVoila(pulse_token="s3cret").pulse_token
    's3cret'
    """

    pulse_token = Unicode("", help="The lecturer's token: held in this process, never in a kernel's environment.")

    def init_settings(self) -> dict[str, Any]:
        # Before the kernel manager is built: its pool copies the environment for its kernels.
        os.environ.pop(PULSE_TOKEN, None)
        os.environ[PULSE_GATE] = "1"
        return super().init_settings()

    def init_handlers(self) -> list[tuple]:
        root = Path(os.path.realpath(self.root_dir))
        return [(route[0], _gated(route[1]), {**route[2], "pulse_token": self.pulse_token, "root": root})
                if issubclass(route[1], VoilaHandler) else route
                for route in super().init_handlers()]
