"""The math of the labs, numpy only: what a lab computes, judges and generates.

Nothing here imports ipywidgets or bqplot, so it can be used and tested
without the widget stack.  (The older numpy-only modules still sit beside
the widgets in `widgets/`; they move here as the layout issue proceeds.)
"""
