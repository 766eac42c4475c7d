"""Lab 10's words: which part of attention plays which role, and what the linearity tables compare.

Pure HTML strings with LaTeX (for `HTMLMath`); the lab's notebook shows
`ROLES_HTML`, `widgets.labs.adaptive_weights.LinearityTables` shows
`LINEARITY_HTML` above its slider.
"""

from __future__ import annotations

from .html_math import html_table

__all__ = ["LINEARITY_HTML", "ROLES_HTML"]

#: Which part of the simplified attention ``H = A_att(X) V(X)`` plays which role of the adaptive
#: form, and what that means for linearity: the answers to lab 10's two questions on roles.
ROLES_HTML = html_table([
    ("adaptive form", "in this attention", "depends on the input?"),
    (r"$\mathbf{W}(\mathbf{x})$, the weights", r"$A_{\mathrm{att}}(X)$, the attention weights",
     "yes, through the scores; not linearly (softmax)"),
    (r"$\mathbf{U}(\mathbf{x})$, what gets weighted", r"$V(X) = XW_V$, the values", "yes, linearly"),
    (r"$\mathbf{B}(\mathbf{x})$, an input-dependent bias", r"$0$ here",
     "(a transformer block adds the input back, $X$, through its residual connection)"),
    (r"$\mathbf{b}$, a fixed bias", r"$0$ here", "(output projections usually carry one)"),
]) + (
    r"<p>The product $A_{\mathrm{att}}(X)\,V(X)$ is still a matrix product, a weighted average of value vectors as in Lab 8, "
    r"so for weights frozen at their current values it is linear in the values. "
    r"What a dense layer cannot do is choose the weights <b>per input</b>: attention lets each token decide, from the "
    r"sentence in front of it, which other tokens to draw on. That is the non-linearity the linearity test above "
    r"detects, and it is why these weights are called adaptive.</p>"
)

#: What the three comparisons of `LinearityTables` show, above its slider.
LINEARITY_HTML = (
    r"<ul>"
    r"<li>The bias-free dense layer is linear: $W(c\,\mathbf{x}) = c\,W\mathbf{x}$.</li>"
    r"<li><b>With the weights held fixed</b>, attention is linear in the values: "
    r"$A_{\mathrm{att}}\cdot(cV) = c\cdot A_{\mathrm{att}}\cdot V$ and "
    r"$A_{\mathrm{att}}\cdot(V + V') = A_{\mathrm{att}}\cdot V + A_{\mathrm{att}}\cdot V'$, "
    r"because it is a matrix product.</li>"
    r"<li>But the whole map $X \mapsto A_{\mathrm{att}}(X)\,XW_V$ is <b>not</b> linear in $X$. Scaling $X$ by $c$ scales "
    r"the values by $c$, yet it also scales every score by $c^2$, so the softmax produces <i>different</i> weights. "
    r"The output is $A_{\mathrm{att}}(cX)\,c\,V(X)$, not $c\,A_{\mathrm{att}}(X)\,V(X)$.</li>"
    r"</ul>Pick $c$ and compare, with the $X$ and weights from above:"
)
