"""DotProductPlot: arrows, readout and slider follow q and k; a dragged tip snaps and stays in range."""

import numpy as np
import pytest
from traitlets import TraitError

from widgets.views.dot_product_plot import DotProductPlot


def arrows(plot):
    lines = plot.figure.marks[1]
    return np.asarray(lines.x).tolist(), np.asarray(lines.y).tolist()


def test_starts_on_its_vectors_and_writes_the_score_both_ways():
    plot = DotProductPlot(q=(2, 1), k=(1, 2))
    assert plot.score == 4.0 and plot.cosine == pytest.approx(0.8)
    assert arrows(plot) == ([[0, 2], [0, 1]], [[0, 1], [0, 2]])
    text = plot.readout.value
    assert "= (2)(1) + (1)(2) = <b>4</b>" in text
    assert "cos θ = 0.8" in text and "θ = 36.9°" in text
    assert "= <b>4</b></div>" not in text  # the verdict line ends the readout
    assert "a positive score, a match" in text
    assert plot.angle_slider.value == 36.9  # the angle the readout writes, not a rounded step


def test_dragging_a_tip_moves_that_vector_snapped():
    plot = DotProductPlot(q=(2, 1), k=(1, 2))
    tips = plot.figure.marks[2]
    tips.x = np.array([2.0, -1.1])  # the browser moves k's tip in two messages
    tips.y = np.array([1.0, 2.2])
    assert plot.k == (-1.0, 2.0) and plot.q == (2.0, 1.0)
    assert plot.score == 0.0 and plot.angle == 90.0
    assert np.asarray(tips.x).tolist() == [2.0, -1.0]  # the tip lands on the snapped point
    assert "perpendicular: score 0" in plot.readout.value
    tips.x, tips.y = np.array([2.0, 9.0]), np.array([1.0, -9.0])  # dragged off the plot
    assert plot.k == (3.0, -3.0)


def test_slider_turns_k_keeping_its_length():
    plot = DotProductPlot(q=(2, 0), k=(0, 3))
    plot.angle_slider.value = 180
    assert plot.k == (-3.0, 0.0) and plot.score == -6.0 and plot.cosine == -1.0
    assert "opposite directions" in plot.readout.value
    plot.angle_slider.value = 60
    assert np.linalg.norm(plot.k) == pytest.approx(3.0)
    assert plot.score == pytest.approx(3.0)  # 2 · 3 · cos 60°
    assert plot.angle_slider.value == 60 and "θ = 60°" in plot.readout.value


def test_the_slider_and_the_readout_agree_after_a_drag():
    plot = DotProductPlot(q=(2, 1), k=(1, 2))
    tips = plot.figure.marks[2]
    tips.x, tips.y = np.array([2.0, 0.5]), np.array([1.0, 2.0])  # k to (0.5, 2): 49.4° from q
    assert f"θ = {plot.angle_slider.value:g}°" in plot.readout.value
    assert plot.angle_slider.value == pytest.approx(plot.angle, abs=0.05)


def test_setting_q_updates_everything_once_per_change():
    plot = DotProductPlot(q=(1, 0), k=(1, 1))
    seen = []
    plot.observe(lambda change: seen.append(change["new"]), names="score")
    plot.q = (0, 1)
    assert plot.score == 1.0 and seen == []  # same score, no notification
    plot.q = (2, 1)
    assert seen == [3.0]


def test_zero_vector_has_no_angle():
    plot = DotProductPlot(q=(0, 0), k=(1, 2))
    assert plot.cosine is None and plot.angle is None and plot.score == 0.0
    assert "no angle" in plot.readout.value and "has no direction" in plot.readout.value
    assert plot.figure.marks[0].visible is False


@pytest.mark.parametrize("q, words", [((5, 0), "between -3 and 3"), ((np.nan, 0), "finite")])
def test_out_of_range_q_is_refused(q, words):
    plot = DotProductPlot()
    with pytest.raises(TraitError, match=words):
        plot.q = q
    assert plot.q == (2.0, 1.0)


def test_state_reaches_the_browser():
    plot = DotProductPlot(q=(1, 2), k=(2, -1))
    state = plot.figure.marks[2].get_state()
    assert state["enable_move"] is True and state["names"] == ["q", "k"]
