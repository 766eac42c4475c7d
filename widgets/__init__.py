"""Reusable ipywidgets controls for the matmul-labs notebooks.

The math lives in numpy-only modules (`parsing`, `shapes`, `products`,
`attention_math`, `simplex`, `geometry`); the widgets are thin views over it.

>>> from widgets import MatrixEditor
>>> MatrixEditor([[1, 2], [3, 4]], name="A").shape
(2, 2)
"""

from .attention_math import AttentionResult, attention, causal_mask, softmax_rows
from .check import Check
from .column_steps import column_combination_latex, partial_product_latex
from .dense_layer import affine_expansion_latex, dense_layer, relu
from .geometry import HOUSE, UNIT_SQUARE
from .heatmap import MatrixHeatmap
from .matrix_editor import MatrixEditor
from .matrix_view import MatrixView
from .parsing import format_number, parse_number
from .products import entry_sum_text, entry_terms, product_by_columns
from .shapes import ShapeError, as_matrix, check_product_shapes, format_shape
from .simplex import normalise_weights, rebalance_weights
from .vertex_plot import VertexPlot
from .weight_sliders import WeightSliders

__all__ = [
    "AttentionResult",
    "Check",
    "HOUSE",
    "MatrixEditor",
    "MatrixHeatmap",
    "MatrixView",
    "ShapeError",
    "UNIT_SQUARE",
    "VertexPlot",
    "WeightSliders",
    "affine_expansion_latex",
    "as_matrix",
    "attention",
    "causal_mask",
    "check_product_shapes",
    "column_combination_latex",
    "dense_layer",
    "entry_sum_text",
    "entry_terms",
    "format_number",
    "format_shape",
    "normalise_weights",
    "parse_number",
    "partial_product_latex",
    "product_by_columns",
    "rebalance_weights",
    "relu",
    "softmax_rows",
]
