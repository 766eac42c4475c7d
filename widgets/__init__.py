"""Reusable ipywidgets controls for the matmul-labs notebooks, laid out by layer.

- `widgets.core`: the math, numpy only (importable without ipywidgets or bqplot);
- `widgets.text`: HTML and LaTeX for matrices and worked expansions;
- `widgets.controls`: what a learner operates (editors, sliders, checks, practice);
- `widgets.views`: what draws the results (matrix views, heatmaps, plots, panels);
- `widgets.labs`: one composite per lab whose wiring is more than layout;
- `widgets.lecture`: the link's presets and presenter mode.

`widgets.__all__` is the public API: what an instructor needs to build a lab
(controls, views, checks and their mistake catalogues, the lecture's pieces,
the math and the words behind them).  The rest is the labs' own (`widgets.labs`,
`widgets.core.lab_numbers`, lab 10's words in `widgets.text.adaptive_weights_words`) or
the layers' inner workings, which may change; `tests/project/test_public_api.py`
holds every name the labs import to one of the two.  The import is lazy:
`import widgets` loads nothing else, and a name's module is imported the first
time the name is used, so the math can be used without the widget stack.

>>> from widgets import MatrixEditor
>>> MatrixEditor([[1, 2], [3, 4]], name="A").shape
(2, 2)
"""

import importlib

#: Where each public name lives, relative to this package.
_LOCATIONS = {
    "Check": "controls.check",
    "MapPicker": "controls.map_picker",
    "MatrixEditor": "controls.matrix_editor",
    "MathHTML": "base.math_html",
    "PageLink": "base.page_link",
    "Practice": "controls.practice",
    "Reveal": "controls.reveal",
    "SliderEntry": "controls.slider_entry",
    "WeightSliders": "controls.weight_sliders",
    "AttentionResult": "core.attention_math",
    "attention": "core.attention_math",
    "causal_mask": "core.attention_math",
    "softmax_rows": "core.attention_math",
    "composition_shapes": "core.composition",
    "describe_composition": "core.composition",
    "dense_layer": "core.dense_layer",
    "relu": "core.dense_layer",
    "HOUSE": "core.geometry",
    "UNIT_SQUARE": "core.geometry",
    "check_identities": "core.identities",
    "compare_orders": "core.identities",
    "GALLERY": "core.maps_gallery",
    "bend_rule": "core.maps_gallery",
    "projection": "core.maps_gallery",
    "reflection": "core.maps_gallery",
    "rotation": "core.maps_gallery",
    "shear": "core.maps_gallery",
    "stretch": "core.maps_gallery",
    "format_number": "core.parsing",
    "html_number": "text.numbers",
    "latex_number": "text.numbers",
    "parse_number": "core.parsing",
    "parse_matrix_param": "core.presets",
    "parse_presets": "core.presets",
    "entry_sum_text": "core.products",
    "entry_terms": "core.products",
    "product_by_columns": "core.products",
    "ShapeError": "core.shapes",
    "as_matrix": "core.shapes",
    "check_index": "core.shapes",
    "check_product_shapes": "core.shapes",
    "format_shape": "core.shapes",
    "normalise_weights": "core.simplex",
    "rebalance_weights": "core.simplex",
    "AttentionExplorer": "labs.attention_explorer",
    "PartsReveal": "labs.attention_reveals",
    "ScoresReveal": "labs.attention_reveals",
    "ShapesReveal": "labs.attention_reveals",
    "ValuesPlot": "views.values_plot",
    "LectureBar": "lecture.bar",
    "PresetStatus": "lecture.bar",
    "apply_presets": "lecture.bar",
    "read_query_string": "lecture.query",
    "PulseBoard": "lecture.pulse_board",
    "pulse_page": "lecture.pulse_board",
    "PulseRecorder": "lecture.pulse",
    "average_expansion": "text.attention_steps",
    "convex_hull": "core.geometry",
    "score_expansion": "text.attention_steps",
    "column_combination_html": "text.product_by_columns_words",
    "partial_product_html": "text.product_by_columns_words",
    "affine_expansion_latex": "text.dense_layer_words",
    "MatrixHeatmap": "views.heatmap",
    "MatrixView": "views.matrix_view",
    "IdentityPanel": "views.property_panels",
    "OrderPanel": "views.property_panels",
    "VertexPlot": "views.vertex_plot",
    # What a check names: the usual wrong answers of each skill, and the filter that keeps those told apart.
    "Mistake": "core.mistakes",
    "entry_mistakes": "core.mistakes",
    "factor_mistakes": "core.mistakes",
    "product_mistakes": "core.mistakes",
    "shape_mistakes": "core.mistakes",
    "points_mistakes": "core.mistakes",
    "space_mistakes": "core.mistakes",
    "row_mistakes": "core.entry_dot_product",
    "attention_shape_mistakes": "core.attention_mistakes",
    "masked_row_mistakes": "core.attention_mistakes",
    "output_mistakes": "core.attention_mistakes",
    "query_mistakes": "core.attention_mistakes",
    "score_mistakes": "core.attention_mistakes",
    "softmax_mistakes": "core.attention_mistakes",
    "dense_mistakes": "core.dense_layer",
    "told_apart": "core.diagnosis",
    "CourseProgress": "lecture.course_progress",
    "lab_titles": "lecture.course_progress",
    "MixedReview": "lecture.review",
    "average_sum_latex": "text.attention_steps",
    "score_sum_latex": "text.attention_steps",
    "weight_latex": "text.attention_steps",
    "latex_matrix": "text.latex_math",
    "DotProductPlot": "views.dot_product_plot",
}

__all__ = sorted(_LOCATIONS)


def __getattr__(name):
    try:
        module = _LOCATIONS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
