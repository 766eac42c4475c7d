"""The plumbing every widget of the package shares, controls and views alike.

Trait types (`traits`: matrices, finite floats, the highlight policy), the
re-entrancy guard (`guard`), closing what a composite built (`owned`), one
batched update per action (`batching`), the layouts and styles that never
change (`shared_models`) and what the page's link asks of the views
(`page_link`), and `MathHTML` (`math_html`), the text widget whose LaTeX reaches the page
as MathML.  The feedback colours and `alert_html` are strings, in `widgets.text.alerts`.
It imports `widgets.core`, and `widgets.text` for `MathHTML`'s formulas.
"""
