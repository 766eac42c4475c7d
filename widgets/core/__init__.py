"""The math of the labs, numpy only: what a lab computes, judges and generates.

Nothing here imports ipywidgets or bqplot (a test imports every module of this
package with both made unimportable), so it can be used and tested without
the widget stack.
"""
