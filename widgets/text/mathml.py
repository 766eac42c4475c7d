r"""Formulas as MathML, which Chromium, Firefox and WebKit draw themselves: LaTeX turned into
markup once, in Python, so that no page runs a typesetter.

MathJax typeset a lab's ~90 formulas on every visit: 855 ms of a mid-range phone's main thread on
lab 8 (issue 42's trace).  Here `latex2mathml` writes each formula as MathML Core, the browser
lays it out as it does text, and screen readers read it natively.  Each ``<math>`` keeps its
LaTeX as an annotation, which the page's copy handler pastes as ``$…$`` (the template's
``matmul_formulas.html``).

Two callers: Voila's rendering of a lab's Markdown cells (`labserver.formulas`), and `MathHTML`,
the text layer's widget, which converts what the labs write between dollars.  Strings only: no
widgets here.

>>> print(mathml("x_1"))  # doctest: +ELLIPSIS
<math display="inline" style="font-family:..."><semantics><mrow><msub><mi>x</mi><mn>1</mn></msub></mrow><annotation encoding="application/x-tex">x_1</annotation></semantics></math>
"""

from __future__ import annotations

import functools
import html
import re

from latex2mathml.converter import convert

__all__ = ["formulas_to_mathml", "mathml"]

# $$display$$ first, then $inline$; a dollar after a backslash is text.  nbconvert's own rules.
_FORMULA = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$|(?<![$\\])\$([^$]+?)(?<![$\\])\$", re.DOTALL)
_BODY = re.compile(r"^<math[^>]*>(<mrow>.*</mrow>)</math>$", re.DOTALL)  # latex2mathml's one <mrow>
# A minus or plus first in a row or cell, or after an operator other than a closing bracket or
# dots, is a sign (TeX's rule): without saying so MathML Core spaces it as a binary one, "( − 1)".
_SIGN = re.compile(r"(<mrow>|<mtd>|<mo(?: [^>]*)?>(?!&#x00029;|&#x0005D;|&#x0007D;|&#x022EF;|&#x02026;)[^<]*</mo>)"
                   r"<mo>(&#x02212;|&#x0002B;)</mo>")
# A named operator (\operatorname{softmax}, \max) is a word, set upright and spaced as a letter is;
# as an operator (latex2mathml's <mo>) MathML Core spaces it off its argument, "softmax (z)".
_NAME = re.compile(r"<mo>([A-Za-z]{2,})</mo>")
# A function's name (ln 2, cos θ, softmax x) is followed by a thin space, as in TeX, unless a
# bracket follows (softmax(z)): MathML Core sets the two side by side, "ln2".
_FUNCTION = re.compile(r"(<mi>[A-Za-z]{2,}</mi>)(?=<m)(?!<mo[^>]*>&#x00028;)")
# A bar (|q|, ‖x‖) is ordinary in TeX, a letter's spacing; MathML Core spaces it as a fence, "| q |".
_BAR = re.compile(r'<mo((?: fence="false")? stretchy="false")>(&#x0007C;|&#x02016;)</mo>')
# A font with a MATH table, or brackets do not stretch around a matrix: the template's webfont
# (Matmul Math: STIX Two Math, local or served), then the fonts systems carry (JupyterLab's case);
# a size that gives its small letters the height of the prose's, as MathJax scaled its own.
FONTS = ("font-family:'Matmul Math','STIX Two Math','Cambria Math','Latin Modern Math','DejaVu Math TeX Gyre',math;"
         "font-size:1.15em")


@functools.lru_cache(maxsize=4096)
def mathml(latex: str, display: bool = False) -> str:
    r"""One LaTeX formula as a ``<math>`` element, its LaTeX kept as an annotation.

    Parameters
    ----------
    latex : str
        The formula without its dollars, e.g. ``\frac{QK^T}{\sqrt{d_k}}``.
    display : bool, optional
        A displayed formula (a block, centred) rather than one in the line of text.

    Returns
    -------
    str
        ``<math display="inline|block"><semantics>…<annotation encoding="application/x-tex">…``;
        a displayed one inside ``<span class="display-formula">``, which the matmul template
        lets scroll sideways when it is wider than the column (a phone).

    A formula the converter cannot read (``x_``, a ``\begin`` without its ``\end``) is shown as
    its LaTeX, in ``<code>``, rather than breaking the text around it.

    Examples
    --------
    >>> mathml("x_")
    '<code>$x_$</code>'
    >>> mathml(r"\begin{bmatrix}1 & 2\end{bmatrix}", display=True)[:51]
    '<span class="display-formula"><math display="block"'
    >>> [mathml(tex).count('form="prefix"') for tex in ("(-1)", "= -2", "a - 1", r"\cdots + b")]
    [1, 1, 0, 0]
    >>> "<mi>softmax</mi>" in mathml(r"\operatorname{softmax}(z)")
    True
    >>> mathml("|q|").count('lspace="0" rspace="0"')
    2
    >>> [mathml(tex).count("<mspace") for tex in (r"\ln 2", r"\cos\theta", r"\operatorname{softmax}(z)", r"\ln")]
    [1, 1, 0, 0]
    >>> mathml("a < b").endswith('<annotation encoding="application/x-tex">a &lt; b</annotation></semantics></math>')
    True
    """
    mode, latex = ("block" if display else "inline"), latex.strip()
    try:
        body = _BODY.match(convert(latex, display=mode)).group(1)
    except Exception:  # latex2mathml's errors share no base class: a formula it cannot read
        fence = "$$" if display else "$"
        return f"<code>{html.escape(fence + latex + fence, quote=False)}</code>"  # shows its source
    body = _NAME.sub(r"<mi>\1</mi>", _SIGN.sub(r'\1<mo form="prefix">\2</mo>', body))
    body = _BAR.sub(r'<mo\1 lspace="0" rspace="0">\2</mo>', body)
    body = _FUNCTION.sub(r'\1<mspace width="0.167em"></mspace>', body)
    tex = html.escape(latex, quote=False)
    math = (f'<math display="{mode}" style="{FONTS}"><semantics>{body}'
            f'<annotation encoding="application/x-tex">{tex}</annotation></semantics></math>')
    return f'<span class="display-formula">{math}</span>' if display else math


def formulas_to_mathml(text: str) -> str:
    r"""HTML with LaTeX between dollars (``$…$`` in the line, ``$$…$$`` displayed), each formula
    turned into `mathml`; the HTML around them is left as it is.

    A formula inside HTML may hold entities (``$a &lt; b$``): they are read as the characters
    they stand for, as the browser would before a typesetter saw them.

    >>> formulas_to_mathml("<p>Row $i$ &amp; more</p>")  # doctest: +ELLIPSIS
    '<p>Row <math display="inline" ...><semantics><mrow><mi>i</mi></mrow>...</math> &amp; more</p>'
    >>> formulas_to_mathml("no formula here")
    'no formula here'
    """
    return _FORMULA.sub(
        lambda m: mathml(html.unescape(m.group(1) or m.group(2)), display=m.group(1) is not None), text
    )
