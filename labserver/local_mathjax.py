"""A Jupyter Server extension that keeps Voila's pages on the MathJax they bundle.

Voila 0.5 chooses how its pages typeset from the server's ``mathjax_url`` and
``mathjax_config`` settings. Voila standalone (``make serve``) sets both to
None, and its front end then uses the MathJax 3 it bundles, served by Voila
itself. Under ``jupyter server`` with the Voila extension (Binder's route) the
settings are absent, so Voila points each page at MathJax on cdnjs: on a hall
network that drops outside traffic, no formula gets typeset.

This extension sets both to None, as Voila standalone does. The package
enables it under ``jupyter server`` with
``etc/jupyter/jupyter_server_config.d/matmul_labs.json``, which every install
copies into the prefix (pyproject's shared-data): only ``jpserver_extensions``
is read from that folder, so the settings themselves are set here.
tests/browser/test_offline.py checks that a lab served this way asks for nothing
outside its server.
"""
from __future__ import annotations

__all__ = []


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds this extension's loader: this module."""
    return [{"module": __name__}]


def _bundled_mathjax(settings: dict) -> None:
    """Make Voila's pages use the MathJax their front end bundles, not a CDN's.

    Parameters
    ----------
    settings : dict
        The Tornado application settings Voila's handlers read.

    Examples
    --------
    >>> settings = {"base_url": "/"}
    >>> _bundled_mathjax(settings)
    >>> settings
    {'base_url': '/', 'mathjax_url': None, 'mathjax_config': None}
    """
    settings.update(mathjax_url=None, mathjax_config=None)


def _load_jupyter_server_extension(server_app) -> None:
    """Jupyter Server's hook: apply `_bundled_mathjax` to the running server's settings."""
    _bundled_mathjax(server_app.web_app.settings)
    server_app.log.info("matmul-labs: Voila pages typeset with the MathJax Voila bundles")
