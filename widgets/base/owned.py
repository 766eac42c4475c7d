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
turn), the status and last the box itself.  A composite that also follows
widgets it does not own overrides `close`, stops following them, and calls
``super().close()``.
"""

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

    def close(self):
        """Close every owned child, the latest built first, then this widget."""
        for widget in reversed(self._owned):
            widget.close()
        self._owned.clear()
        super().close()
