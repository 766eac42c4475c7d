"""Tests for widgets.views.values_plot: values, outputs, hull and spokes in the plane."""
from unittest import mock

import numpy as np
import pytest
from traitlets import TraitError

from widgets import ValuesPlot


def counter(widget, name):
    observer = mock.Mock()
    widget.observe(observer, names=name)
    return observer


def test_values_plot_draws_values_outputs_and_spokes():
    V = np.array([[1, 0], [2, 0], [0, 4], [4, 4]], dtype=float)
    A = np.array([[1, 0, 0, 0], [0, 0.5, 0.25, 0.25]])
    plot = ValuesPlot(V, A, focus=1)
    np.testing.assert_allclose(plot.outputs, A @ V)
    values, outputs = plot.marks[2], plot.marks[3]
    assert list(values.names) == ["v1", "v2", "v3", "v4"]
    np.testing.assert_array_equal(outputs.x, [1, 2])
    spokes = plot.marks[1]
    assert spokes.visible and spokes.opacities == [0, 0.5, 0.25, 0.25]
    hull = plot.marks[0]
    assert list(zip(hull.x, hull.y)) == [(1, 0), (2, 0), (4, 4), (0, 4), (1, 0)]
    messages = counter(outputs, "x")
    with plot.hold_trait_notifications():
        plot.weights = [[0.25, 0.25, 0.25, 0.25], [0, 1, 0, 0]]
    assert messages.call_count == 1
    plot.focus = None
    assert not spokes.visible


def test_values_plot_rejects_bad_shapes():
    with pytest.raises(TraitError, match="2 columns"):
        ValuesPlot(np.ones((3, 3)), np.eye(3))
    plot = ValuesPlot(np.ones((3, 2)), np.eye(3))
    with pytest.raises(TraitError, match="one weight per value vector"):
        plot.weights = np.eye(2)


def test_values_plot_redraws_once_per_change():
    plot = ValuesPlot([[0, 0], [2, 0]], [[0.5, 0.5]])
    renders = mock.Mock(wraps=plot._render)
    plot._render = renders
    plot.show_weights([[0, 0], [2, 0], [0, 2]], [[0.5, 0.25, 0.25], [0, 0, 1]], focus=1)
    assert renders.call_count == 1
    np.testing.assert_allclose(plot.outputs, [[0.5, 0.5], [0, 2]])
