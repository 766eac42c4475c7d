"""One layout or style model for every control that never changes it.

ipywidgets gives each widget a layout and a style model of its own (a `Layout`
and a `TextStyle` per text box, a `ButtonStyle` per button), and a page builds,
sends and restores every model it holds: lab 8's 31 matrix cells carried 31
identical TextStyles, its 16 weight sliders 16 SliderStyles and 16 Layouts.  A
control whose layout or style never changes takes the kernel's one shared
instance instead: ``Text(layout=shared_layout(width="5em"), style=shared_style(Text))``,
or in short ``steady(Text, layout={"width": "5em"})``.

A shared model refuses changes, so a control cannot restyle every other one by
mistake; one that must look different gets its own model, or paints through CSS
classes (the red cell of a `MatrixEditor` or a `SliderEntry`).  Closing a widget
leaves its layout and style open (ipywidgets does not close them), so sharing
also ends that leak.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, TypeVar

from ipywidgets import DOMWidget, Layout, Style
from traitlets import TraitError

__all__ = ["shared_layout", "shared_style", "steady"]

_shared = {}  # (model class, its settings) -> the open shared instance

_W = TypeVar("_W", bound=DOMWidget)


def steady(
    widget_class: type[_W],
    *args: Any,
    layout: Mapping[str, Any] | None = None,
    style: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> _W:
    """A `widget_class` whose layout and style never change: both are the kernel's shared ones.

    `layout` and `style` are the settings, as dicts; the other arguments go to `widget_class`.

    >>> from ipywidgets import Button, HTML
    >>> HTML("a").layout is steady(HTML, "b").layout is steady(Button).layout
    False
    >>> steady(HTML, "b").layout is steady(Button).layout
    True
    >>> steady(Button, description="Go", layout={"width": "auto"}).layout.width
    'auto'
    """
    return widget_class(*args, layout=shared_layout(**(layout or {})),
                        style=shared_style(widget_class, **(style or {})), **kwargs)


def shared_layout(**settings: Any) -> Layout:
    """The kernel's shared, unchangeable `Layout` with `settings`.

    For a control whose layout never changes: one that is shown and hidden
    needs a layout of its own.

    >>> layout = shared_layout(width="auto")
    >>> layout is shared_layout(width="auto"), layout is shared_layout()
    (True, False)
    >>> layout.display = "none"
    Traceback (most recent call last):
    ...
    traitlets.traitlets.TraitError: this Layout is shared by many controls; give the control one of its own
    """
    return _instance(Layout, settings)


def shared_style(widget_class: type[DOMWidget], **settings: Any) -> Style:
    """The kernel's shared, unchangeable style for `widget_class` with `settings`.

    Parameters
    ----------
    widget_class : type
        An ipywidgets control class (`Text`, `Button`, `FloatSlider`, ...):
        the style is of the class its ``style`` expects.
    **settings
        The style's traits, as ``style=`` would take them.

    Examples
    --------
    >>> from ipywidgets import Text
    >>> style = shared_style(Text, description_width="0px")
    >>> style is shared_style(Text, description_width="0px")
    True
    >>> Text(style=style).style is Text(style=style).style
    True
    >>> style.background = "red"
    Traceback (most recent call last):
    ...
    traitlets.traitlets.TraitError: this TextStyle is shared by many controls; give the control one of its own
    """
    return _instance(widget_class.class_traits()["style"].klass, settings)


def _instance(model_class, settings):
    key = (model_class, tuple(sorted(settings.items())))
    model = _shared.get(key)
    if model is None or model.comm is None:  # first use, or every widget was closed
        model = _shared[key] = _unchangeable(model_class)(**settings)
        model._sealed = True
    return model


@functools.cache
def _unchangeable(model_class):
    """`model_class`, refusing new settings once sealed; the same model in the browser."""

    class Shared(model_class):
        _sealed = False

        def __setattr__(self, name, value):
            if self._sealed and not name.startswith("_") and name in self.keys:
                raise TraitError(
                    f"this {model_class.__name__} is shared by many controls; "
                    "give the control one of its own"
                )
            super().__setattr__(name, value)

    Shared.__name__ = Shared.__qualname__ = f"Shared{model_class.__name__}"
    return Shared
