"""How Voila's pages get their formulas: each Markdown cell's LaTeX written as MathML when Voila
renders the lab, so that no page loads or runs a typesetter.

`MathMLMarkdownRenderer` is Voila's Markdown renderer with the three math hooks of nbconvert's
`IPythonRenderer` (``$…$``, ``$$…$$``, a bare ``\\begin{…}…\\end{…}``) writing
`widgets.text.mathml.mathml` instead of the LaTeX MathJax would have typeset in the browser. The
notebook keeps its LaTeX: JupyterLab shows it as always. The widgets' formulas take the same road
(`widgets.base.math_html.MathHTML`), and the matmul template leaves MathJax out of the page.

Voila standalone (``make serve``, the benches, the tests) takes the renderer from ``voila.json``
(``VoilaExporter.markdown_renderer_class``). Under ``jupyter server`` with the Voila extension
(Binder's route, and each JupyterHub student's server) Voila gives its exporter the server's own
configuration, which never reads ``voila.json``'s other sections: this module is also a Jupyter
Server extension that sets the renderer there. Installing the package enables it
(``etc/jupyter/jupyter_server_config.d/matmul_labs.json``, copied into the prefix: only
``jpserver_extensions`` is read from that folder). tests/browser/test_offline.py renders a lab
that way.
"""
from __future__ import annotations

from voila.exporter import VoilaMarkdownRenderer

from widgets.text.mathml import mathml

__all__ = ["MathMLMarkdownRenderer"]

_RENDERER = f"{__name__}.MathMLMarkdownRenderer"


class MathMLMarkdownRenderer(VoilaMarkdownRenderer):
    r"""Voila's Markdown renderer (images inlined) with its formulas as MathML.

    >>> renderer = MathMLMarkdownRenderer(contents_manager=None)
    >>> renderer.inline_math("x_1").startswith('<math display="inline" style=')
    True
    >>> renderer.latex_environment("bmatrix", "1 & 2").count("<mtd>")
    2
    """

    def inline_math(self, body: str) -> str:
        """``$body$``: a formula in the line."""
        return mathml(body)

    def block_math(self, body: str) -> str:
        """``$$body$$``: a displayed formula."""
        return mathml(body, display=True)

    def latex_environment(self, name: str, body: str) -> str:
        r"""``\begin{name}body\end{name}`` outside dollars: displayed."""
        return mathml(rf"\begin{{{name}}}{body}\end{{{name}}}", display=True)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds this extension's loader: this module."""
    return [{"module": __name__}]


def _load_jupyter_server_extension(server_app) -> None:
    """Jupyter Server's hook: Voila's exporter, which reads the server's configuration, renders
    Markdown with `MathMLMarkdownRenderer`."""
    server_app.config.VoilaExporter.markdown_renderer_class = _RENDERER
    server_app.log.info("matmul-labs: Voila's pages get their formulas as MathML")
