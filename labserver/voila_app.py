"""Voila as ``make serve`` runs it: Voila 0.5 with its responses compressed.

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
"""

from __future__ import annotations

from typing import Any

from voila.app import Voila

__all__ = ["CompressingVoila", "main"]


class CompressingVoila(Voila):
    """Voila, its every response compressed for a browser that accepts it; configured as Voila is
    (``voila.json``'s ``Voila`` and ``VoilaConfiguration`` sections)."""

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        settings["compress_response"] = True
        return settings


main = CompressingVoila.launch_instance

if __name__ == "__main__":
    main()
