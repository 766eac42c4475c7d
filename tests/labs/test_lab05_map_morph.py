"""MapMorph (lab 5): the shape under (1 − t) I + t A, one batched plot update per step of t."""

from unittest import mock

import numpy as np
import pytest
from traitlets import TraitError

from widgets.core.geometry import HOUSE, UNIT_SQUARE
from widgets.core.many_points import morph_view
from widgets.labs.many_points import STEPS, MapMorph
from widgets.views.vertex_plot import VertexPlot

SHEAR = np.array([[1.0, 1.0], [0.0, 1.0]])


def test_starts_at_the_identity_and_ends_on_the_map():
    morph = MapMorph(UNIT_SQUARE, SHEAR)
    np.testing.assert_array_equal(morph.plot.image, UNIT_SQUARE)
    morph.slider.value = 1.0
    np.testing.assert_array_equal(morph.plot.image, SHEAR @ UNIT_SQUARE)
    np.testing.assert_array_equal(morph.current, SHEAR)
    assert morph._current_view.matrix.tolist() == SHEAR.tolist()


def test_the_view_holds_still_and_holds_every_frame():
    morph = MapMorph(HOUSE, [[-2, 0], [0, 1.5]])
    view = morph_view(HOUSE, [[-2, 0], [0, 1.5]])
    for step in range(STEPS + 1):
        morph.slider.value = step / STEPS
        scale_x, scale_y = morph.plot.axes[0].scale, morph.plot.axes[1].scale
        assert (scale_x.min, scale_x.max, scale_y.min, scale_y.max) == view


def test_one_plot_update_per_step():
    morph = MapMorph(HOUSE, SHEAR)
    image_mark = morph.plot.marks[3]
    sent = mock.Mock()
    image_mark.observe(sent, names="y")  # the shear moves x only; y stays
    x_sent = mock.Mock()
    image_mark.observe(x_sent, names="x")
    morph.t = 0.5
    assert x_sent.call_count == 1 and sent.call_count == 0


def test_play_and_slider_move_together():
    morph = MapMorph(UNIT_SQUARE, SHEAR)
    morph.play.value = STEPS // 2
    assert morph.t == 0.5 and morph.slider.value == 0.5
    morph.slider.value = 0.25
    assert morph.play.value == STEPS // 4


def test_a_new_map_or_shape_refits_the_view_and_keeps_t():
    morph = MapMorph(UNIT_SQUARE, SHEAR, t=0.5)
    morph.matrix = [[3, 0], [0, 1]]
    np.testing.assert_allclose(morph.plot.image, [[2, 0], [0, 1]] @ UNIT_SQUARE)
    assert morph.plot.view == morph_view(UNIT_SQUARE, [[3, 0], [0, 1]])
    morph.points = HOUSE
    np.testing.assert_allclose(morph.plot.image, [[2, 0], [0, 1]] @ HOUSE)


def test_t_is_clamped_and_bad_input_refused():
    morph = MapMorph()
    morph.t = -3
    assert morph.t == 0.0
    with pytest.raises(TraitError):
        morph.matrix = [[1, 2, 3]]
    with pytest.raises(TraitError):
        morph.t = float("nan")


def test_vertex_plot_view_option():
    plot = VertexPlot(UNIT_SQUARE, SHEAR)
    plot.view = (-5, 5, -4, 6)
    x, y = plot.axes[0].scale, plot.axes[1].scale
    assert (x.min, x.max, y.min, y.max) == (-5, 5, -4, 6)
    plot.matrix = np.eye(2)  # the view stays put whatever is drawn
    assert (x.min, x.max, y.min, y.max) == (-5, 5, -4, 6)
    for bad in [(1, 0, 0, 1), (0, 1, 0, np.inf), (0, 1)]:
        with pytest.raises(TraitError):
            plot.view = bad
    plot.view = None  # back to fitting the data
    assert x.max < 5


def test_a_half_turn_collapses_to_the_origin_halfway_and_still_draws():
    # The Try this of lab 5: (1 − t) I + t(−I) is the zero matrix at t = 1/2.
    morph = MapMorph(HOUSE, -np.eye(2), t=0.5)
    np.testing.assert_array_equal(morph.plot.image, np.zeros_like(HOUSE))
    assert morph._status.value == ""
    morph.t = 1.0
    np.testing.assert_array_equal(morph.plot.image, -HOUSE)
