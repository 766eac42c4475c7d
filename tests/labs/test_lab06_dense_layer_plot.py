"""DenseLayerPlot (lab 6): the picture follows W, b, x and ReLU, refuses what it cannot draw, and takes a drag."""

from unittest import mock

import numpy as np

from widgets.core.dense_layer import dense_layer
from widgets.core.geometry import HOUSE
from widgets.labs.dense_layer import DenseLayerPlot

W0 = np.array([[1, -1], [0.5, 1]])


def test_b_moves_the_origin_and_lines_stay_straight():
    layer = DenseLayerPlot()
    layer.b_editor.cells[0][0].value = "2"
    layer.b_editor.cells[1][0].value = "1"
    assert "<b class='lab06-origin'>(2, 1)</b>" in layer.readout.value, layer.readout.value
    assert (layer.plot.origin_dot.x[0], layer.plot.origin_dot.y[0]) == (2, 1)
    arrow = layer.plot.origin_arrow
    assert (arrow.x[0], arrow.y[0], arrow.x[1], arrow.y[1]) == (0, 0, 2, 1)
    np.testing.assert_allclose(layer.plot.image, W0 @ HOUSE + [[2], [1]])
    assert "+ 2</td>" in layer.numeric.value and "+ 1</td>" in layer.numeric.value
    assert r"w_{11}x_1 + w_{12}x_2 + b_1" in layer.symbolic.text


def test_too_large_is_refused_in_place_and_a_typo_clears_the_message():
    layer = DenseLayerPlot(b=[[2], [1]])
    layer.b_editor.cells[0][0].value = "100"
    assert "b[1,1] = 100 is too large" in layer.status.value, layer.status.value
    assert layer.b_editor.value.tolist() == [[2], [1]] and layer.b_editor.cells[0][0].value == "2"
    assert "(2, 1)" in layer.readout.value
    layer.b_editor.cells[1][0].value = "abc"  # the editor explains a typo; the old message goes
    assert layer.status.value == ""
    assert layer.b_editor.error == "b[2,1]: 'abc' is not a number"
    layer.b_editor.cells[1][0].value = "1"
    assert layer.status.value == "" and layer.b_editor.error == ""


def test_relu_clamps_onto_the_axes():
    layer = DenseLayerPlot()
    assert "(0.75, -0.5)</b>" in layer.readout.value
    path_before = (list(layer.plot.path.x), list(layer.plot.path.y))
    layer.relu_toggle.value = True
    assert "ŷ = ReLU(W x + b) = <b class='lab06-yhat'>(0.75, 0)</b>" in layer.readout.value
    assert "0 ↦ ReLU(b) = <b class='lab06-origin'>(0.5, 0)</b>" in layer.readout.value
    assert (layer.plot.image >= 0).all() and layer.plot.points.shape[1] > HOUSE.shape[1]
    np.testing.assert_allclose(layer.plot.image,
                               dense_layer(W0, layer.plot.points, [0.5, -1], activation="relu"))
    assert (list(layer.plot.path.x), list(layer.plot.path.y)) != path_before  # x -> W x + b -> ŷ
    assert "max(0, \N{MINUS SIGN}0.5)" in layer.numeric.value and layer.plot.title == "x ↦ ReLU(W x + b)"
    layer.relu_toggle.value = False
    assert "(0.75, -0.5)</b>" in layer.readout.value and layer.plot.points.shape == HOUSE.shape


def test_a_drag_snaps_and_drives_the_x_editor():
    layer = DenseLayerPlot()
    with layer.plot.x_dot.hold_trait_notifications():
        layer.plot.x_dot.x, layer.plot.x_dot.y = [1.234], [-0.51]
    assert layer.x_editor.value.ravel().tolist() == [1.25, -0.5]
    assert (layer.plot.x_dot.x[0], layer.plot.x_dot.y[0]) == (1.25, -0.5)
    assert "x = <b class='lab06-xvalue'>(1.25, -0.5)</b>" in layer.readout.value
    # Dropped where it already was (after snapping): the dot goes back onto x.
    with layer.plot.x_dot.hold_trait_notifications():
        layer.plot.x_dot.x, layer.plot.x_dot.y = [1.26], [-0.49]
    assert (layer.plot.x_dot.x[0], layer.plot.x_dot.y[0]) == (1.25, -0.5)


def test_the_view_always_shows_x_and_yhat():
    layer = DenseLayerPlot()
    layer.x_editor.value = [[9], [-9]]
    y = dense_layer(W0, [9, -9], [0.5, -1])
    x_scale, y_scale = layer.plot.axes[0].scale, layer.plot.axes[1].scale
    for value, scale in [(9, x_scale), (-9, y_scale), (y[0], x_scale), (y[1], y_scale)]:
        assert scale.min <= value <= scale.max, (value, scale.min, scale.max)


def test_an_edit_sends_one_message_per_widget():
    layer = DenseLayerPlot()
    x_scale = layer.plot.axes[0].scale
    sent = mock.patch.object(type(x_scale), "send_state", autospec=True).start()
    try:
        layer.x_editor.value = [[9], [-9]]  # moves the view: the plot and the layer both touch the scale
        assert sum(call.args[0] is x_scale for call in sent.call_args_list) == 1
    finally:
        mock.patch.stopall()


def test_the_parts_classes_start_with_the_prefix():
    layer = DenseLayerPlot(prefix="demo")
    parts = {"W": layer.W_editor, "relu": layer.relu_toggle, "plot": layer.plot, "status": layer.status}
    assert all(f"demo-{name}" in part._dom_classes for name, part in parts.items())
    assert "demo-dashboard" in layer._dom_classes
    assert "<b class='demo-origin'>" in layer.readout.value and "lab06" not in layer.readout.value
    assert "lab06-W" in DenseLayerPlot().W_editor._dom_classes
