"""Reusable ipywidgets controls for the matmul-labs notebooks."""
