"""Voila as ``make serve`` runs it: Voila 0.5 with its responses compressed, and its pages
refused while too many kernels wait for theirs.

A first visit to a lab downloads its front end, several megabytes of
JavaScript, CSS and fonts (6.2 MB for lab 8), which Voila sends uncompressed:
over a hall's one Wi-Fi that is most of what 200 students wait for.  Tornado
compresses a response (gzip, for a browser that accepts it) when its
application is built with ``compress_response``; Voila builds its application
from `Voila.init_settings` and only then applies its ``tornado_settings``
(``voila/app.py``, ``Voila.start``: ``tornado.web.Application(**settings)``,
then ``self.app.settings.update(self.tornado_settings)``), too late for
Tornado, which picks its output transforms while it is built
(``tornado/web.py``, ``Application.__init__``).  So the setting goes in here,
among the settings the application is built with.

Under ``jupyter server`` (Binder, a JupyterHub's servers) Voila is an
extension of the server, and the extension ``labserver.compressed`` does the
same.

Every page request hands out a kernel; `PoolAwareKernelManager.admit_visitor`
says when the server already holds as many kernels no page has connected to as
it may. Voila's page handler hands out a preheated kernel without starting one,
so `_AdmittingVoilaHandler` asks before it, and answers 503 with ``Retry-After``
(the ``matmul`` template's ``503.html``).
"""

from __future__ import annotations

from typing import Any

from tornado.web import authenticated
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from labserver.kernels import ServerBusy

__all__ = ["CompressingVoila", "main"]


class _AdmittingVoilaHandler(TornadoVoilaHandler):
    """Voila's page handler, which answers `ServerBusy` (503, ``Retry-After``) instead of handing out a kernel
    while the kernel manager admits no visitor."""

    _place = None  # held for this request until its kernel is counted

    @authenticated
    async def get(self, path: str | None = None) -> None:
        self._place = self.kernel_manager.admit_visitor()
        try:
            await super().get(path)
        finally:
            self.kernel_manager.arrived(self._place)

    def flush(self, *args: Any, **kwargs: Any) -> Any:
        # The page's first bytes: its kernel, from a pool or started, is counted now.
        if self._place is not None:
            self.kernel_manager.arrived(self._place)
        return super().flush(*args, **kwargs)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        if isinstance(error, ServerBusy):
            self.set_header("Retry-After", str(error.retry_after))
        super().write_error(status_code, **kwargs)


class CompressingVoila(Voila):
    """Voila, its every response compressed for a browser that accepts it, its pages served by
    `_AdmittingVoilaHandler`; configured as Voila is (``voila.json``'s ``Voila`` and ``VoilaConfiguration``
    sections)."""

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        settings["compress_response"] = True
        return settings

    def init_handlers(self) -> list:
        return [(route, _AdmittingVoilaHandler, *rest) if handler is TornadoVoilaHandler else (route, handler, *rest)
                for route, handler, *rest in super().init_handlers()]


main = CompressingVoila.launch_instance

if __name__ == "__main__":
    main()
