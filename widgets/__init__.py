"""Reusable ipywidgets controls for the matmul-labs notebooks.

The math lives in numpy-only modules (`parsing`, `shapes`, `products`,
`attention_math`, `simplex`, `geometry`); the widgets are thin views over it.

>>> from widgets import MatrixEditor
>>> MatrixEditor([[1, 2], [3, 4]], name="A").shape
(2, 2)
"""

from .attention_explorer import AttentionExplorer, ValuesPlot
from .attention_math import AttentionResult, attention, causal_mask, softmax_rows
from .attention_steps import average_expansion, convex_hull, score_expansion
from .check import Check
from .controls.practice import Practice
from .controls.reveal import Reveal
from .composition import composition_shapes, describe_composition
from .column_steps import column_combination_html, partial_product_html
from .dense_layer import affine_expansion_latex, dense_layer, relu
from .geometry import HOUSE, UNIT_SQUARE
from .heatmap import MatrixHeatmap
from .identities import check_identities, compare_orders
from .lecture import LectureBar, PresetStatus, apply_presets
from .map_picker import MapPicker
from .maps_gallery import GALLERY, bend_rule, projection, reflection, rotation, shear, stretch
from .matrix_editor import MatrixEditor
from .matrix_view import MatrixView
from .parsing import format_number, html_number, latex_number, parse_number
from .property_panels import IdentityPanel, OrderPanel
from .presets import parse_matrix_param, parse_presets, read_query_string
from .products import entry_sum_text, entry_terms, product_by_columns
from .shapes import ShapeError, as_matrix, check_product_shapes, format_shape
from .simplex import normalise_weights, rebalance_weights
from .slider_entry import SliderEntry
from .vertex_plot import VertexPlot
from .weight_sliders import WeightSliders

__all__ = [
    "AttentionExplorer",
    "AttentionResult",
    "Check",
    "GALLERY",
    "HOUSE",
    "IdentityPanel",
    "LectureBar",
    "MapPicker",
    "MatrixEditor",
    "MatrixHeatmap",
    "MatrixView",
    "OrderPanel",
    "Practice",
    "PresetStatus",
    "Reveal",
    "ShapeError",
    "SliderEntry",
    "UNIT_SQUARE",
    "ValuesPlot",
    "VertexPlot",
    "WeightSliders",
    "affine_expansion_latex",
    "apply_presets",
    "as_matrix",
    "attention",
    "average_expansion",
    "bend_rule",
    "causal_mask",
    "check_identities",
    "check_product_shapes",
    "column_combination_html",
    "compare_orders",
    "convex_hull",
    "composition_shapes",
    "dense_layer",
    "describe_composition",
    "entry_sum_text",
    "entry_terms",
    "format_number",
    "html_number",
    "format_shape",
    "latex_number",
    "normalise_weights",
    "parse_matrix_param",
    "parse_number",
    "parse_presets",
    "partial_product_html",
    "product_by_columns",
    "projection",
    "read_query_string",
    "rebalance_weights",
    "reflection",
    "relu",
    "rotation",
    "score_expansion",
    "shear",
    "softmax_rows",
    "stretch",
]
