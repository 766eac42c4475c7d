"""Tests for tools/thumbnails.py and tools/gallery_pictures.py: the gallery's pictures, from each lab's own
numbers (widgets.core.lab_numbers), in the gallery."""
import re
import xml.etree.ElementTree as ET

import nbformat
import numpy as np
import pytest

from harness.notebooks import lab_namespace, notebook_cells
from harness.recipe import INDEX
from harness.voila import REPO
from widgets.core.geometry import HOUSE
from widgets.core.lab_numbers import LAB1, LAB2, LAB3, LAB4, LAB5, LAB6, LAB7, LAB8, LAB9, LAB10
from widgets.core.maps_gallery import gallery_matrix

import gallery_pictures as tool
from thumbnails import gallery_pictures

PICTURES = gallery_pictures()
SVG = "{http://www.w3.org/2000/svg}"


def test_the_gallery_holds_the_pictures_and_alt_texts_made_now():
    notebook = nbformat.read(INDEX, as_version=4)
    assert tool.with_pictures(notebook) == [], "run: .venv/bin/python tools/gallery_pictures.py"
    shown = "".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert [int(n) for n in tool.PICTURE.findall(shown)] == sorted(PICTURES)
    # No markdown image: Voila under jupyter server never finishes a page with one (voila#1473).
    assert not re.search(r"!\[[^\]]*\]\(", shown)
    assert not any(cell.get("attachments") for cell in notebook.cells)


@pytest.mark.parametrize("number", sorted(PICTURES))
def test_each_picture_is_a_sized_svg_with_alt_text_that_fits_in_markdown(number):
    picture = PICTURES[number]
    root = ET.fromstring(picture.svg)
    assert root.tag == f"{SVG}svg" and float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert len(root) > 2  # a background and at least two marks
    assert len(picture.alt) > 40 and not set(picture.alt) & set("[]")


def value(editor):
    return np.asarray(editor.value, dtype=float)


def explorer_inputs(lab):
    explorer = lab["explorer"]
    return [value(getattr(explorer, f"{name}_editor")) for name in ("X", "W_Q", "W_K", "W_V")]


# Each lab as a learner opens it, and the numbers it and its picture start from (widgets.core.lab_numbers).
STARTS = {
    "01-product-by-columns": lambda lab: ((value(lab["A"]), value(lab["B"])), (LAB1.A, LAB1.B)),
    "02-entry-dot-product": lambda lab: ((value(lab["A"]), value(lab["B"])), (LAB2.A, LAB2.B)),
    "03-product-properties": lambda lab: ((value(lab["R"]), value(lab["S"]), *map(value, lab["explorer"].editors)),
                                          (LAB3.R, LAB3.S, LAB3.A, LAB3.B, LAB3.C)),
    "04-composition": lambda lab: ((lab["R"], lab["S"]), (LAB4.R, LAB4.S)),
    "05-many-points": lambda lab: ((lab["gallery"].matrix, lab["gallery"].points),
                                   (gallery_matrix(LAB5.map_name), HOUSE)),
    "06-dense-layer": lambda lab: ((value(lab["layer"].W_editor), value(lab["layer"].b_editor),
                                    value(lab["layer"].x_editor)), (LAB6.W, LAB6.b, LAB6.x)),
    "07-queries-keys-scores": lambda lab: (explorer_inputs(lab), LAB7.inputs),
    "08-attention-weights": lambda lab: (explorer_inputs(lab), LAB8.inputs),
    "09-softmax-weights": lambda lab: (explorer_inputs(lab), LAB9.inputs),
    "10-adaptive-weights": lambda lab: (explorer_inputs(lab), LAB10.inputs),
}


@pytest.mark.parametrize("name", sorted(STARTS))
def test_each_picture_starts_from_the_numbers_its_lab_starts_with(name):
    in_lab, in_picture = STARTS[name](lab_namespace(REPO / "labs" / f"{name}.ipynb"))
    assert len(in_lab) == len(in_picture)
    for lab_value, picture_value in zip(in_lab, in_picture):
        np.testing.assert_array_equal(lab_value, np.asarray(picture_value, dtype=float))


def test_attention_pictures_use_the_labs_softmax_options():
    """Labs 7, 8 and 10 start scaled by 1/sqrt(d_k), temperature 1, not causal: `attention`'s defaults;
    lab 9 starts unscaled (its scaling comes after a question), as its picture is drawn."""
    for name, scaled in (("07-queries-keys-scores", True), ("08-attention-weights", True),
                         ("09-softmax-weights", False), ("10-adaptive-weights", True)):
        explorer = lab_namespace(REPO / "labs" / f"{name}.ipynb")["explorer"]
        assert (explorer.scaled, explorer.temperature, explorer.causal) == (scaled, 1.0, False), name


def test_lab_8s_alt_text_calls_the_shaded_polygon_what_the_lab_calls_it():
    """Lab 8 says the outputs stay in the values' convex hull, "not their span" (the span is the whole plane)."""
    alt = PICTURES[8].alt
    assert "span" not in alt and "smallest convex polygon around them" in alt
    lab = notebook_cells(REPO / "labs" / "08-attention-weights.ipynb")
    assert "the smallest convex polygon around them" in "".join(cell.source for cell in lab)
    assert any(f'alt="{alt}" data-lab="08"' in cell.source for cell in notebook_cells(INDEX))
