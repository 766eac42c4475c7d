r"""`MathHTML`: the text layer's widget, HTML whose formulas reach the page as MathML.

The labs write their words with LaTeX between dollars, as a notebook's Markdown does.
ipywidgets' `HTMLMath` sent that LaTeX to the page for MathJax to typeset on every visit
(most of lab 8's main thread on a phone, issue 42); this widget sends each formula as
MathML instead (`widgets.text.mathml`), which the browser draws at once, in Voila and in
JupyterLab alike.  Python reads back what was written, LaTeX and all, from `text`.

>>> note = MathHTML("Row $i$")
>>> note.text, note.value.startswith('Row <math display="inline" style=')
('Row $i$', True)
"""

from __future__ import annotations

from typing import Any

from ipywidgets import HTML
from traitlets import Unicode, observe

from ..text.mathml import formulas_to_mathml

__all__ = ["MathHTML"]


class MathHTML(HTML):
    """An `HTML` written through `text`: HTML with ``$…$`` and ``$$…$$`` LaTeX, shown as MathML.

    Parameters
    ----------
    text : str, optional
        The HTML, formulas in LaTeX between dollars; the widget's `value` is the same HTML
        with each formula turned into MathML.
    **kwargs
        Passed to `HTML` (layout, style).
    """

    text = Unicode("", help="The HTML as written, formulas in LaTeX between dollars (not sent to the page).")

    def __init__(self, text: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = text

    @observe("text")
    def _write(self, change) -> None:
        self.value = formulas_to_mathml(change.new)
