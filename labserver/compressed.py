"""A Jupyter Server extension that compresses the server's responses (gzip), as Voila standalone's
``labserver.voila_app`` does.

Under ``jupyter server`` (Binder's route, and each server of a JupyterHub)
Voila is an extension of the server, and a first visit to a lab downloads
several megabytes of JavaScript, CSS and fonts uncompressed.  Tornado
compresses a response when its application's output transforms include
``GZipContentEncoding``, which it adds while the application is built if
``compress_response`` is set; ``ServerApp.tornado_settings`` would set it,
but the package can only enable extensions from
``etc/jupyter/jupyter_server_config.d`` (only ``jpserver_extensions`` is read
there, ``ServerApp.find_server_extensions``).  So this extension, enabled
there, adds the transform to the application already built: Tornado reads
the list at every request (``tornado/web.py``, ``_HandlerDelegate.execute``).
tests/browser/test_offline.py checks both servers' responses.
"""
from __future__ import annotations

from tornado.web import Application, GZipContentEncoding

__all__ = []


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds this extension's loader: this module."""
    return [{"module": __name__}]


def _compress_responses(application: Application) -> None:
    """Have a built Tornado `application` gzip every response whose client accepts it, once.

    Examples
    --------
    >>> import tornado.web
    >>> application = tornado.web.Application()
    >>> _compress_responses(application); _compress_responses(application)
    >>> application.transforms.count(GZipContentEncoding)
    1
    """
    if GZipContentEncoding not in application.transforms:
        application.transforms.append(GZipContentEncoding)


def _load_jupyter_server_extension(server_app) -> None:
    """Jupyter Server's hook: apply `_compress_responses` to the running server's application."""
    _compress_responses(server_app.web_app)
    server_app.log.info("matmul-labs: responses compressed for browsers that accept gzip")
