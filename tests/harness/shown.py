"""What a widget shows, found as the page finds it: through its children, its CSS classes and its buttons' words.

A test that reads a composite's feedback or presses its "Show solution" button through these names
what the learner sees (and what the template's CSS and the browser tests select), not the composite's
private attributes, so a change inside the composite that keeps the page the same keeps the test.
"""
from __future__ import annotations

from collections.abc import Iterator

from ipywidgets import Widget


def parts(widget: Widget) -> Iterator[Widget]:
    """`widget` and every widget it shows, depth first, in the order of its ``children``."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from parts(child)


def classes(widget: Widget) -> tuple[str, ...]:
    """The CSS classes of `widget` (`add_class`), which the template styles and the browser tests select.

    Examples
    --------
    >>> from ipywidgets import HTML
    >>> classes(HTML().add_class("check-feedback"))
    ('check-feedback',)
    """
    return tuple(widget._dom_classes)  # ipywidgets keeps them under this name, with no public reader


def part(widget: Widget, css_class: str) -> Widget:
    """The first widget `widget` shows that carries `css_class`; an AssertionError if none does.

    Examples
    --------
    >>> from ipywidgets import HTML, VBox
    >>> part(VBox([HTML("a"), HTML("b").add_class("note")]), "note").value
    'b'
    """
    found = next((shown for shown in parts(widget) if css_class in classes(shown)), None)
    assert found is not None, f"{type(widget).__name__} shows nothing of class {css_class!r}"
    return found


def controls(widget: Widget) -> dict[str, Widget]:
    """The widgets `widget` shows under words of their own (a ``description``: its buttons, toggles and
    menus), by those words; the first one shown when two carry the same.

    Examples
    --------
    >>> from ipywidgets import Button, Dropdown, HBox
    >>> sorted(controls(HBox([Button(description="Check"), Dropdown(description="rows", options=[1, 2])])))
    ['Check', 'rows']
    """
    found: dict[str, Widget] = {}
    for shown in parts(widget):
        if getattr(shown, "description", ""):
            found.setdefault(shown.description, shown)
    return found


def button(widget: Widget, description: str) -> Widget:
    """The button (or toggle) `widget` shows with the words `description`; an AssertionError if none.

    Examples
    --------
    >>> from ipywidgets import Button, HBox, ToggleButton
    >>> type(button(HBox([Button(description="Check"), ToggleButton(description="Show solution")]), "Show solution"))
    <class 'ipywidgets.widgets.widget_bool.ToggleButton'>
    """
    found = controls(widget).get(description)
    assert hasattr(found, "button_style"), f"{type(widget).__name__} shows no button {description!r}"
    return found


def mark(figure: Widget, kind: type, *, label: str | None = None, color: str | None = None, **traits: object) -> Widget:
    """The one mark of type `kind` (a bqplot ``GridHeatMap``, ``Lines``...) among what `figure` draws
    (its ``marks``), told from the others of its type by its name in the legend (`label`), the
    colour it is drawn in (`color`, its first) or the values of other `traits` (``align="end"``);
    an AssertionError if it draws none or several.

    Examples
    --------
    >>> from bqplot import Figure, LinearScale, Lines
    >>> scales = {"x": LinearScale(), "y": LinearScale()}
    >>> shape, image = Lines(scales=scales, labels=["shape"]), Lines(scales=scales, labels=["image"], colors=["red"])
    >>> mark(Figure(marks=[shape, image]), Lines, label="image") is mark(Figure(marks=[shape, image]), Lines, color="red")
    True
    """
    found = [drawn for drawn in figure.marks if isinstance(drawn, kind)
             and (label is None or label in drawn.labels) and (color is None or drawn.colors[:1] == [color])
             and all(getattr(drawn, name) == value for name, value in traits.items())]
    which = label or color or traits
    assert len(found) == 1, f"{type(figure).__name__} draws {len(found)} marks of type {kind.__name__} ({which})"
    return found[0]


def axis(figure: Widget, side: str) -> Widget:
    """The axis `figure` draws on `side` (``"bottom"``, the default side, or ``"left"``); its ``scale``
    is the scale of that direction."""
    found = [drawn for drawn in figure.axes if (drawn.side or "bottom") == side]
    assert len(found) == 1, f"{type(figure).__name__} draws {len(found)} axes on the {side}"
    return found[0]
