"""Every composite closes the widgets it built, then itself (`widgets.base.owned`).

Each one is built, then closed; every widget that building it opened must be
closed after.  Layouts and styles are left out: ipywidgets' own `close` leaves
them open too.  Widgets the caller passed in (a slider to follow, a view to
reveal) are built before the composite, so they are not counted, and must stay
open.
"""
import importlib
import inspect
import pkgutil
import tempfile

import numpy as np
import pytest
from ipywidgets import HTML, FloatSlider, Layout, Widget
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_style import Style

from classpulse import PulseStore
from widgets.base.owned import OwnsChildren
from widgets.base.page_link import PageLink
from widgets.controls.check import Check
from widgets.controls.hint_ladder import HintLadder
from widgets.controls.map_picker import MapPicker
from widgets.controls.matrix_editor import MatrixEditor
from widgets.controls.practice import Practice
from widgets.controls.reveal import Reveal
from widgets.controls.slider_entry import SliderEntry
from widgets.controls.weight_sliders import WeightSliders
from widgets.core.geometry import HOUSE
from widgets.labs.adaptive_weights import DenseVsAttention, LinearityTables
from widgets.labs.attention_explorer import PARTS, AttentionExplorer
from widgets.labs.attention_reveals import PartsReveal, ScoresReveal, ShapesReveal
from widgets.labs.attention_weights import OutputPicture
from widgets.labs.composition import CompositionSteps, ShapeChecker
from widgets.labs.dense_layer import DenseLayerPlot
from widgets.labs.entry_dot_product import EntryExplorer, RowPicture
from widgets.labs.many_points import CornersOrGrid, MapGallery, MapMorph, RowsOrColumns
from widgets.labs.product_by_columns import ColumnStepper
from widgets.labs.product_properties import IdentityExplorer
from widgets.lecture.bar import LectureBar
from widgets.lecture.course_progress import CourseProgress
from widgets.lecture.progress import LabProgress
from widgets.lecture.pulse_board import LabPanel
from widgets.lecture.review import MixedReview
from widgets.lecture.room_board import RoomPanel
from widgets.lecture.self_check import SelfCheck
from widgets.views.bar_chart import BarChart
from widgets.views.dense_layer_view import DenseLayerView
from widgets.views.dot_product_plot import DotProductPlot
from widgets.views.heatmap import MatrixHeatmap
from widgets.views.matrix_view import MatrixView
from widgets.views.property_panels import IdentityPanel, OrderPanel
from widgets.views.token_lines import TokenLines
from widgets.views.values_plot import ValuesPlot
from widgets.views.vertex_plot import VertexPlot

A = [[1.0, 2.0], [3.0, 4.0]]
B = [[0.0, 1.0], [1.0, 0.0]]

def with_solution_open(check):
    """A check whose worked solution was opened, and its next step: the widgets that shows are built then."""
    check._solution_toggle.value = True
    check._next_step.click()
    return check


def practised(practice):
    """A practice started, a hint opened and moved on: the parts it replaced must be closed too."""
    practice.start()
    practice.hints[0].open_next()
    practice.new_numbers()
    return practice


def reviewed(review):
    """A mixed review whose first round was drawn, then replaced by another."""
    lab = '{"v":2,"checks":{},"practice":{"p":{"seed":1,"history":"r","solved":1,"skill":"entry"}},"total":1}'
    with review.store.hold_trait_notifications():
        review.store.peeked = {"02-entry": lab}
        review.store.status = "ready"
    review.new_round()
    return review


def watching(self_check, check):
    """A self-check following `check`, as a lab's last cell makes it follow the lab's checks."""
    self_check.watch({"sum_check": check}, {"sum_check": "Sums"})
    return self_check


def asking(panel):
    """A room panel that has asked the room a question, as a lecturer's click does."""
    panel.ask.click()
    return panel


# name: build(given) -> the composite; `given` holds what the caller passes in.
COMPOSITES = {
    "MatrixView": lambda given: MatrixView(A, name="A"),
    "MatrixHeatmap": lambda given: MatrixHeatmap(A),
    "DotProductPlot": lambda given: DotProductPlot(),
    "IdentityPanel": lambda given: IdentityPanel(A, B, A),
    "OrderPanel": lambda given: OrderPanel(A, B),
    "TokenLines": lambda given: TokenLines([[0.5, 0.5], [1.0, 0.0]], ["a", "b"]),
    "VertexPlot": lambda given: VertexPlot(),
    "DenseLayerView": lambda given: DenseLayerView(HOUSE),
    "BarChart": lambda given: BarChart("counts"),
    "Check": lambda given: with_solution_open(Check("Compute $AB$.", np.eye(2), hint="Rows.",
                                                    solution="Rows first.\n\n$AB$")),
    "HintLadder": lambda given: HintLadder(["Row 1.", "Dot it."], ["a nudge", "the method"]),
    "MapPicker": lambda given: MapPicker(),
    "MatrixEditor": lambda given: MatrixEditor(A, resizable=True),
    "Practice": lambda given: practised(Practice("entry", seed=1, link=given["link"])),
    "Reveal": lambda given: Reveal(given["view"], link=given["link"]),
    "SliderEntry": lambda given: SliderEntry(given["slider"]),
    "WeightSliders": lambda given: WeightSliders(3),
    "ColumnStepper": lambda given: ColumnStepper(A, B),
    "CompositionSteps": lambda given: CompositionSteps(A, B),
    "CornersOrGrid": lambda given: CornersOrGrid(),
    "DenseLayerPlot": lambda given: DenseLayerPlot(),
    "EntryExplorer": lambda given: EntryExplorer(A, B),
    "IdentityExplorer": lambda given: IdentityExplorer(A, B, A),
    "MapGallery": lambda given: MapGallery(),
    "MapMorph": lambda given: MapMorph(),
    "OutputPicture": lambda given: OutputPicture([[1, 0], [0, 1]], [0.5, 0.5], 0),
    "RowPicture": lambda given: RowPicture(A, B),
    "RowsOrColumns": lambda given: RowsOrColumns(),
    "ShapeChecker": lambda given: ShapeChecker(),
    "LectureBar": lambda given: LectureBar(),
    "LabProgress": lambda given: LabProgress().watch_all({"sum_check": given["check"], "drill": given["practice"]},
                                                         lab="demo"),
    "CourseProgress": lambda given: CourseProgress([("01-columns", "The product by columns")]),
    "MixedReview": lambda given: reviewed(MixedReview([("02-entry", "One entry")])),
    "SelfCheck": lambda given: watching(SelfCheck(), given["check"]),
    "LabPanel": lambda given: LabPanel("lab01"),
    "RoomPanel": lambda given: asking(RoomPanel(PulseStore(tempfile.mkdtemp()))),
    "ValuesPlot": lambda given: ValuesPlot([[1, 0], [0, 1]], [[0.5, 0.5]], focus=0),
    "AttentionExplorer": lambda given: AttentionExplorer(parts=PARTS),
    "ShapesReveal": lambda given: ShapesReveal(given["explorer"]),
    "PartsReveal": lambda given: PartsReveal(given["explorer"], [["scores"], ["qkv", "weights"]], what="S"),
    "ScoresReveal": lambda given: ScoresReveal(given["explorer"]),
    "DenseVsAttention": lambda given: DenseVsAttention(given["explorer"], B),
    "LinearityTables": lambda given: LinearityTables(given["explorer"], B),
}


# Composites not built here, and why.
_ATTENTION_PART = "a part of AttentionExplorer: built and closed by it, checked with it"
EXEMPT = {
    "TokenEditors": _ATTENTION_PART,
    "SeedBox": _ATTENTION_PART,
    "AttentionOptions": _ATTENTION_PART,
    "QKVViews": _ATTENTION_PART,
    "AttentionHeatmap": _ATTENTION_PART,
    "OutputView": _ATTENTION_PART,
    "WeightRows": _ATTENTION_PART,
    "ValuesPanel": _ATTENTION_PART,
    "LinesPanel": _ATTENTION_PART,
    "PulseBoard": "reads a pulse store on a timer: tests/lecture/test_pulse_board.py closes it"
    " and checks that its refresh stops and every widget it built is closed",
    "KeepsStore": "a mixin, not a widget: LabProgress, CourseProgress and MixedReview, which mix it in, are here",
}


def _owning_classes():
    """Every `OwnsChildren` subclass defined in the package, by name."""
    import widgets

    found = {}
    for module in pkgutil.walk_packages(widgets.__path__, "widgets."):
        for name, value in vars(importlib.import_module(module.name)).items():
            if (inspect.isclass(value) and issubclass(value, OwnsChildren)
                    and value is not OwnsChildren and value.__module__ == module.name):
                found[name] = module.name
    return found


def test_every_composite_of_the_package_is_closed_here_or_exempt_with_a_reason():
    found = _owning_classes()
    assert "AttentionExplorer" in found and "MatrixEditor" in found
    missing = sorted(f"{found[name]}.{name}" for name in found if name not in {*COMPOSITES, *EXEMPT})
    assert missing == [], "add these to COMPOSITES (or to EXEMPT, saying why)"
    assert sorted(set(EXEMPT) - set(found)) == [], "EXEMPT names a class that is gone"
    assert not set(EXEMPT) & set(COMPOSITES)


def _open_widgets():
    return {key: widget for key, widget in _instances.items() if not isinstance(widget, (Layout, Style))}


def _observers(widget):
    """How many handlers observe `widget`'s traits (bound methods, lambdas and partials alike)."""
    return sum(len(handlers) for by_type in widget._trait_notifiers.values() for handlers in by_type.values())


# Composites whose children are checked one level down only, and why.
ONE_LEVEL = {}


@pytest.mark.parametrize("name", COMPOSITES)
def test_close_closes_every_widget_the_composite_built(name):
    given = {"link": PageLink(), "view": HTML("the view"), "slider": FloatSlider(),
             "explorer": AttentionExplorer([[1, 0], [0, 1], [1, 1]], parts=PARTS),
             "check": Check("2 + 2?", 4.0), "practice": Practice("entry", seed=1)}
    observers = {key: _observers(widget) for key, widget in given.items()}
    before = set(_instances)
    composite = COMPOSITES[name](given)
    built = {key: widget for key, widget in _open_widgets().items() if key not in before}
    assert composite.model_id in built
    if name in ONE_LEVEL:
        built = {child.model_id: child for child in (composite, *composite.children)}
    composite.close()
    still_open = sorted(type(widget).__name__ for widget in built.values() if widget.comm is not None)
    assert still_open == []
    assert all(widget.comm is not None for widget in given.values() if isinstance(widget, Widget))
    left = {key: _observers(widget) - observers[key] for key, widget in given.items()}
    assert {key: count for key, count in left.items() if count} == {}, "still followed after close"
    composite.close()  # again, as ipywidgets' __del__ does: nothing left to stop, no error
