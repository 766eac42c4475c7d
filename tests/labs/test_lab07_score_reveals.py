"""Lab 7's held-back views: ShapesReveal and ScoresReveal place the explorer's parts, open when answered, and
close only what they built."""
import numpy as np
import pytest
from ipywidgets import Layout
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_style import Style

from harness.checks import answer
from widgets import AttentionExplorer, Check, LectureBar
from widgets.labs.attention_reveals import ScoresReveal, ShapesReveal

PARTS = ("qkv", "shapes", "options", "scores", "weights", "expansion")


@pytest.fixture
def explorer():
    return AttentionExplorer(np.ones((4, 3)), np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)), parts=PARTS)


def test_the_shapes_paragraph_is_written_from_the_explorers_shapes(explorer):
    check = Check("Shape of Q?", (4, 2))
    panel = ShapesReveal(explorer, after=[check])
    assert not panel.opened and explorer.part("qkv") not in panel.children
    answer(check, "2x4")  # a wrong prediction opens it too
    text, row = panel.view.children
    assert panel.opened and row.children == (explorer.part("qkv"), explorer.part("shapes"))
    assert text.text.startswith(r"A $4\times 3$ matrix times a $3\times 2$ matrix is $4\times 2$")
    assert r"gives a $4\times 4$ score matrix" in text.text


def test_the_scores_open_with_the_lecturers_link(explorer):
    lecture = LectureBar()
    panel = ScoresReveal(explorer, after=[Check("?", 1.0)], link=lecture.link)
    assert not panel.opened
    lecture.link.reveal = True
    options, heatmaps, expansion = panel.view.children
    assert panel.opened and (options, expansion) == (explorer.part("options"), explorer.part("expansion"))
    assert heatmaps.children == (explorer.part("scores"), explorer.part("weights"))


@pytest.mark.parametrize("build", [ShapesReveal, ScoresReveal])
def test_close_closes_what_it_built_and_leaves_the_explorers_parts_open(explorer, build):
    before = set(_instances)
    panel = build(explorer)
    built = [w for key, w in _instances.items() if key not in before and not isinstance(w, (Layout, Style))]
    panel.close()
    assert [type(w).__name__ for w in built if w.comm is not None] == []
    assert all(explorer.part(name).comm is not None for name in PARTS)
