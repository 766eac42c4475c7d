"""The plumbing every widget of the package shares, controls and views alike.

Trait types (`traits`: matrices, finite floats, the highlight policy), the
re-entrancy guard (`guard`), closing what a composite built (`owned`), the
feedback colours and `alert_html` (`alerts`), one batched update per action
(`batching`) and the layouts and styles that never change (`shared_models`).
It imports only `widgets.core`.
"""
