"""Lab 5's MapGallery, RowsOrColumns and CornersOrGrid, driven as a learner's edits do."""
import numpy as np
from traitlets import dlink

from widgets.core.geometry import HOUSE
from widgets.core.many_points import SQUARE_2
from widgets.core.maps_gallery import GALLERY
from widgets.labs.many_points import CornersOrGrid, MapGallery, RowsOrColumns


def linked():
    gallery = MapGallery("stretch", "house", prefix="lab05")
    rows = RowsOrColumns(gallery.points, gallery.matrix, prefix="lab05")
    dlink((gallery, "matrix"), (rows, "matrix"))
    dlink((gallery, "points"), (rows, "points"))
    return gallery, rows


def test_starts_on_a_stretch_of_the_house_with_its_parts_named():
    gallery, rows = linked()
    assert gallery.picker.map_name == "stretch" and gallery.shape_menu.value == "house"
    np.testing.assert_allclose(gallery.y_view.matrix, [[2, 0], [0, 1]] @ HOUSE)
    np.testing.assert_allclose(gallery.plot.image, gallery.y_view.matrix)
    np.testing.assert_array_equal(gallery.points, HOUSE)
    for part, name in [(gallery.picker, "lab05-picker"), (gallery.a_view, "lab05-a"), (gallery.y_view, "lab05-y"),
                       (gallery.plot, "lab05-plot"), (rows.views[1], "lab05-pat"), (rows.views[2], "lab05-axt"),
                       (rows.status, "lab05-rows-status")]:
        assert name in part._dom_classes


def test_the_activity_shear_picked_by_hand():
    gallery, _ = linked()
    gallery.picker.map_name = "horizontal shear"
    gallery.shape_menu.value = "unit square"
    assert gallery.matrix.tolist() == [[1, 1], [0, 1]]
    assert gallery.y_view.matrix.tolist() == [[0, 1, 2, 1, 0], [0, 0, 1, 1, 0]]
    assert gallery.plot.image.tolist() == gallery.y_view.matrix.tolist()
    assert gallery.a_view.matrix.tolist() == [[1, 1], [0, 1]]


def test_points_as_rows_agree_for_every_gallery_map():
    gallery, rows = linked()
    for key in GALLERY:
        gallery.picker.map_name = key
        P_view, PAT_view, AXT_view = rows.views
        np.testing.assert_allclose(P_view.matrix, HOUSE.T)
        np.testing.assert_allclose(PAT_view.matrix, AXT_view.matrix)
        assert "They agree" in rows.status.value and "AP is undefined" in rows.status.value


def test_a_typo_in_the_free_map_keeps_the_last_good_picture():
    gallery, rows = linked()
    gallery.picker.map_name = "free"
    gallery.picker.editor.cells[0][1].value = "1/0"
    assert "A[1,2]" in gallery.picker.editor.error
    np.testing.assert_allclose(gallery.plot.matrix, np.eye(2))
    gallery.picker.editor.cells[0][1].value = "-1/2"
    assert gallery.plot.matrix[0, 1] == -0.5 and gallery.status.value == ""
    np.testing.assert_allclose(rows.views[1].matrix, HOUSE.T @ gallery.matrix.T)


def test_one_notification_of_matrix_per_map_change():
    gallery, _ = linked()
    seen = []
    gallery.observe(seen.append, names="matrix")
    gallery.shape_menu.value = "unit square"  # the shape moves, A stays
    assert seen == []
    gallery.picker.map_name = "rotation"
    assert len(seen) == 1


def test_only_the_grid_tells_the_rule_from_the_matrix():
    grid = CornersOrGrid(0.3, prefix="lab05")
    assert "lab05-c" in grid.c._dom_classes and "lab05-grid-toggle" in grid.show_grid._dom_classes
    assert "lab05-matrix-grid" in grid.matrix_grid._dom_classes and "lab05-rule-grid" in grid.rule_grid._dom_classes
    np.testing.assert_allclose(grid.matrix_grid.image, grid.rule_grid.image)
    grid.show_grid.value = True
    assert grid.matrix_grid.show_grid and grid.rule_grid.show_grid
    grid.c.value = 0.5
    np.testing.assert_allclose(grid.matrix_grid.image, grid.rule_grid.image)
    np.testing.assert_allclose(grid.rule_grid.image[1], SQUARE_2[1] + 0.5 * SQUARE_2[0] ** 2)
    middle = np.array([[1.0], [0.0]])
    assert grid.rule_grid.rule(middle)[1, 0] == 0.5 and (grid.matrix_grid.matrix @ middle)[1, 0] == 1.0
