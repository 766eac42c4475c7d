"""Pick a 2×2 map from the gallery and set its parameters with sliders.

`MapPicker` is a menu of the maps in `widgets.core.maps_gallery` (shear,
rotation, stretch, reflection, projection) plus a free 2×2 editor; its one
public `value` is the chosen map's matrix, ready to `dlink` into a
`VertexPlot`.  All the math is in `maps_gallery`.  Each slider has an entry
beside it (a `SliderEntry`) for typing the parameter, checked in the kernel.
"""

from __future__ import annotations

import html
from typing import Any

from ipywidgets import HTML, Dropdown, FloatSlider, Layout, VBox
from numpy.typing import ArrayLike
from traitlets import TraitError, Unicode, observe, validate

from ..base.owned import OwnsChildren
from ..base.traits import MatrixTrait
from ..core.maps_gallery import GALLERY
from ..text.alerts import alert_html
from .matrix_editor import MatrixEditor
from .slider_entry import SliderEntry

__all__ = ["MapPicker", "FREE"]

#: The menu key of the free 2×2 editor.
FREE = "free"
_FREE_TITLE = "free 2×2 matrix"


def _css_name(text):
    return "-".join(text.split())


class MapPicker(OwnsChildren, VBox):
    """A menu of gallery maps, each with sliders for its parameters.

    Each slider has an entry beside it for typing the parameter: a number
    outside the slider's range, or text that is not a number, is explained
    under the slider and leaves the map as it was.

    Parameters
    ----------
    map_name : str, optional
        The map chosen first: a key of `GALLERY` or ``"free"``.  Default
        ``"horizontal shear"``.
    free_matrix : array_like, optional
        The free editor's starting 2×2 matrix.  Default the identity.
    name : str, optional
        Name of the matrix in the free editor.  Default ``"A"``.
    **kwargs
        Passed to `VBox`.

    Attributes
    ----------
    value : numpy.ndarray
        The chosen map's 2×2 matrix (read-only array).
    map_name : str
        The chosen map; assigning it picks another map.
    sliders : dict of str to dict of str to ipywidgets.FloatSlider
        ``{map name: {parameter name: FloatSlider}}``.  Each slider has the
        CSS classes ``map-param`` and ``map-param-<map>-<parameter>`` (spaces
        as dashes, e.g. ``map-param-horizontal-shear-k``).
    entries : dict of str to dict of str to SliderEntry
        ``{map name: {parameter name: SliderEntry}}``: each slider with the
        entry for typing it, as shown.
    editor : MatrixEditor
        The free 2×2 editor.

    Examples
    --------
    >>> picker = MapPicker()
    >>> picker.value
    array([[1., 1.],
           [0., 1.]])
    >>> picker.sliders["horizontal shear"]["k"].value = 0.5
    >>> picker.value[0, 1]
    np.float64(0.5)
    >>> k = picker.entries["horizontal shear"]["k"]
    >>> k.entry.value = "9"                  # typed: outside the range
    >>> k.error, picker.value[0, 1]
    ('k must be between −2 and 2; 9 is outside', np.float64(0.5))
    >>> k.entry.value = "-1/2"
    >>> k.error, picker.value[0, 1]
    ('', np.float64(-0.5))
    >>> picker.map_name = "rotation"
    >>> picker.value
    array([[ 0., -1.],
           [ 1.,  0.]])
    >>> picker.map_name = "free"
    >>> picker.editor.cells[0][0].value = "3"
    >>> picker.value
    array([[3., 0.],
           [0., 1.]])
    """

    value = MatrixTrait(help="The chosen map's 2×2 matrix.")
    map_name = Unicode("horizontal shear", help="The chosen map: a gallery key or 'free'.")

    _ready = False  # until the end of __init__, which draws once; observers draw only after

    def __init__(
        self,
        map_name: str = "horizontal shear",
        free_matrix: ArrayLike = ((1, 0), (0, 1)),
        *,
        name: str = "A",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        options = [(spec.title, key) for key, spec in GALLERY.items()] + [(_FREE_TITLE, FREE)]
        self._menu = self._own(Dropdown(
            options=options, description="map", style={"description_width": "initial"},
            layout=Layout(width="16em"),
        ).add_class("map-picker-menu"))
        self.sliders = {}
        self.entries = {}
        self._boxes = {}
        for key, spec in GALLERY.items():
            sliders, entries = {}, {}
            for param in spec.params:
                slider = self._own(FloatSlider(
                    value=param.default, min=param.min, max=param.max, step=param.step,
                    description=param.label, continuous_update=True,
                    style={"description_width": "initial"}, layout=Layout(width="17em"),
                ))
                slider.add_class("map-param").add_class(f"map-param-{_css_name(key)}-{param.name}")
                slider.observe(self._on_param_change, names="value")
                sliders[param.name] = slider
                entries[param.name] = self._own(SliderEntry(slider))
            self.sliders[key] = sliders
            self.entries[key] = entries
            self._boxes[key] = self._own(VBox(list(entries.values())))
        # min_width: a 2-column editor otherwise clips the margin of its last column.
        self.editor = self._own(MatrixEditor(free_matrix, name=name, min_shape=(2, 2), max_shape=(2, 2),
                                             layout=Layout(min_width="9.5em")))
        self.editor.observe(self._on_param_change, names="value")
        self._boxes[FREE] = self.editor
        self._rule = self._own(HTML().add_class("map-picker-rule"))
        self._params = self._own(VBox())
        self._status = self._own(HTML())

        self.map_name = map_name
        self._menu.value = self.map_name
        self._menu.observe(self._on_menu_change, names="value")
        self.add_class("map-picker")
        self.children = [self._menu, self._rule, self._params, self._status]
        self._ready = True
        self._show()

    @validate("map_name")
    def _validate_map_name(self, proposal):
        key = proposal["value"]
        if key != FREE and key not in GALLERY:
            raise TraitError(
                f"map_name must be one of {', '.join(GALLERY)} or {FREE!r}, got {key!r}"
            )
        return key

    @observe("map_name")
    def _on_map_name_change(self, change):
        if self._ready:
            self._menu.value = change["new"]
            self._show()

    def _on_menu_change(self, change):
        self.map_name = change["new"]

    def _on_param_change(self, change):
        if self._ready:
            self._update_value()

    def _show(self):
        key = self.map_name
        self._params.children = [self._boxes[key]]
        if key == FREE:
            self._rule.value = "<i>type any 2×2 matrix</i>"
        else:
            self._rule.value = f"<i>{html.escape(GALLERY[key].rule)}</i>"
        self._update_value()

    def _update_value(self):
        key = self.map_name
        try:
            if key == FREE:
                matrix = self.editor.value
            else:
                values = {name: s.value for name, s in self.sliders[key].items()}
                matrix = GALLERY[key].matrix(**values)
            self.value = matrix
        except (ValueError, TraitError) as error:  # shown, never a traceback
            self._status.value = alert_html(str(error))
        else:
            self._status.value = ""
