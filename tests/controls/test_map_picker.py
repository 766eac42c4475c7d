"""Tests for widgets.controls.map_picker: the gallery menu with parameter sliders."""
from unittest import mock

import numpy as np
import pytest
from traitlets import TraitError

from harness.shown import classes
from widgets.controls.map_picker import FREE, MapPicker
from widgets.core.maps_gallery import GALLERY, gallery_matrix


def test_starts_on_the_syllabus_shear():
    picker = MapPicker()
    assert picker.map_name == "horizontal shear"
    np.testing.assert_array_equal(picker.value, [[1, 1], [0, 1]])
    assert "map-picker" in classes(picker)


def test_each_map_shows_its_sliders_and_matrix():
    picker = MapPicker()
    for key in GALLERY:
        picker.map_name = key
        np.testing.assert_allclose(picker.value, gallery_matrix(key))
        shown = picker.children[2].children[0]
        assert list(shown.children) == list(picker.entries[key].values())
        assert [e.slider for e in shown.children] == list(picker.sliders[key].values())
        assert GALLERY[key].rule in picker.children[1].value


def test_slider_classes_for_the_browser():
    picker = MapPicker()
    slider = picker.sliders["horizontal shear"]["k"]
    assert {"map-param", "map-param-horizontal-shear-k"} <= set(classes(slider))
    assert (slider.min, slider.max, slider.step, slider.value) == (-2, 2, 0.1, 1)


def test_a_slider_moves_the_matrix_with_one_notification():
    picker = MapPicker("stretch")
    observer = mock.Mock()
    picker.observe(observer, names="value")
    picker.sliders["stretch"]["sy"].value = -1.5
    assert observer.call_count == 1
    np.testing.assert_array_equal(picker.value, [[2, 0], [0, -1.5]])
    # Sliders of a map not shown do not touch the value.
    picker.sliders["rotation"]["degrees"].value = 45
    assert observer.call_count == 1


def test_menu_and_trait_stay_in_step():
    picker = MapPicker()
    picker.children[0].value = "rotation"  # what choosing from the menu does
    assert picker.map_name == "rotation"
    picker.map_name = "projection"
    assert picker.children[0].value == "projection"


def test_free_editor():
    picker = MapPicker(FREE, free_matrix=[[1, 2], [3, 4]])
    np.testing.assert_array_equal(picker.value, [[1, 2], [3, 4]])
    picker.editor.cells[1][0].value = "x"
    assert "A[2,1]: 'x' is not a number" in picker.editor.error
    np.testing.assert_array_equal(picker.value, [[1, 2], [3, 4]])
    picker.editor.cells[1][0].value = "1/4"
    assert picker.value[1, 0] == 0.25
    with pytest.raises(TraitError):
        picker.editor.value = np.eye(3)  # the free matrix stays 2×2


def test_unknown_map_is_refused():
    with pytest.raises(TraitError, match="map_name must be one of"):
        MapPicker("twist")
    picker = MapPicker()
    with pytest.raises(TraitError):
        picker.map_name = "twist"
    assert picker.map_name == "horizontal shear"


def test_a_typed_parameter_is_checked_and_a_bad_one_changes_nothing():
    picker = MapPicker("stretch")
    observer = mock.Mock()
    picker.observe(observer, names="value")
    sx, sy = picker.entries["stretch"]["sx"], picker.entries["stretch"]["sy"]
    assert not sx.slider.readout and sx.entry.value == "2"
    sx.entry.value = "7"
    assert sx.error == "sx must be between \N{MINUS SIGN}3 and 3; 7 is outside"
    assert 'role="alert"' in sx.message.value and sx.message.layout.display is None
    sx.entry.value = "two"
    assert sx.error == "sx: 'two' is not a number"
    assert observer.call_count == 0
    # The other parameter still moves the map meanwhile; sx's message stays.
    sy.entry.value = "-1.5"
    np.testing.assert_array_equal(picker.value, [[2, 0], [0, -1.5]])
    assert sx.error and sx.entry.value == "two"
    # Fixed: the map follows, snapped to the 0.1 step as a drag would be.
    sx.entry.value = "1/3"
    assert sx.error == "" and sx.message.layout.display == "none"
    assert sx.entry.value == "0.3"
    np.testing.assert_allclose(picker.value, [[0.3, 0], [0, -1.5]])
    assert observer.call_count == 2
