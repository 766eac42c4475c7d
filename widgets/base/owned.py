"""One way for a composite to close the child widgets it builds.

A composite (a box or figure that builds its own children) owns those children:
nobody else holds them, so when the composite closes they must close too, or
their comms stay open in the kernel and in the page.  Children the caller passed
in (a lecture bar, a slider to follow) are the caller's, and stay open.

Mix `OwnsChildren` in before the container class and pass each child through
`_own` as it is built::

    class Lab(OwnsChildren, VBox):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._editor = self._own(MatrixEditor(...))
            self._status = self._own(HTML())
            self.children = (self._editor, self._status)

``Lab().close()`` then closes the editor (which closes its own children in
turn), the status and last the box itself.  What a composite follows but does
not own (the caller's slider, a lecture bar, the checks a reveal waits for) it
follows through `_follow` (an observer) or `_keep_link` (a traitlets link);
closing stops following them all, once, before closing the children.  No
composite needs a `close` of its own for that.
"""

from __future__ import annotations

from traitlets import HasTraits, List

__all__ = ["OwnsChildren"]


class OwnsChildren(HasTraits):
    """A mixin that closes the widgets a composite owns, then the composite.

    >>> from ipywidgets import HTML, VBox
    >>> class Note(OwnsChildren, VBox):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self._text = self._own(HTML("hello"))
    ...         self.children = (self._text,)
    >>> note = Note()
    >>> note.close()
    >>> note._text.comm is None, note.comm is None
    (True, True)
    """

    _owned = List(help="The child widgets this composite built, closed with it.")
    _stops = List(help="How to stop following what this composite follows but does not own.")

    def _own(self, *widgets):
        """Record `widgets` as this composite's own and return them.

        Returns the one widget when given one (so ``self._x = self._own(X())``
        reads naturally), else the tuple of them.  Owned widgets already
        closed (children a composite replaced and closed itself, such as an
        editor's cells after a resize) are forgotten here.
        """
        self._owned[:] = [widget for widget in self._owned if widget.comm is not None]
        self._owned.extend(widgets)
        return widgets[0] if len(widgets) == 1 else widgets

    def _follow(self, other, handler, names):
        """``other.observe(handler, names=names)``, undone when this composite closes.

        >>> from ipywidgets import HTML, IntSlider, VBox
        >>> class Echo(OwnsChildren, VBox):
        ...     def __init__(self, slider):
        ...         super().__init__()
        ...         self._follow(slider, self._on_value, "value")
        ...     def _on_value(self, change):
        ...         self.seen = change["new"]
        >>> slider = IntSlider()
        >>> echo = Echo(slider)
        >>> slider.value = 3
        >>> echo.close()
        >>> slider.value = 4
        >>> echo.seen, slider.comm is not None  # no longer followed; the slider stays open
        (3, True)
        """
        other.observe(handler, names=names)
        self._stops.append(lambda: other.unobserve(handler, names=names))

    def _keep_link(self, link):
        """Keep a traitlets `link` or `dlink` until this composite closes; returns it."""
        self._stops.append(link.unlink)
        return link

    def close(self) -> None:
        """Stop following, then close every owned child, the latest built first, then this widget.

        Safe to call twice (ipywidgets closes again when a widget is deleted).
        """
        while self._stops:
            self._stops.pop()()
        for widget in reversed(self._owned):
            widget.close()
        self._owned.clear()
        super().close()
