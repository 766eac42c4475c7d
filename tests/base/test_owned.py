"""A composite closes the children it owns, the latest first, then itself."""
from ipywidgets import HTML, Button, VBox

from widgets.base.owned import OwnsChildren


class _Pair(OwnsChildren, VBox):
    """Owns a button and a note; follows (does not own) a caller's widget."""

    def __init__(self, theirs, **kwargs):
        super().__init__(**kwargs)
        self._button, self._note = self._own(Button(), HTML())
        self.children = (self._button, self._note, theirs)


def test_close_closes_every_owned_child_and_the_composite():
    theirs = HTML()
    pair = _Pair(theirs)
    pair.close()
    assert pair._button.comm is None
    assert pair._note.comm is None
    assert pair.comm is None


def test_close_leaves_the_callers_widgets_open():
    theirs = HTML()
    _Pair(theirs).close()
    assert theirs.comm is not None


def test_own_returns_the_one_widget_it_is_given():
    pair = _Pair(HTML())
    child = HTML()
    assert pair._own(child) is child


def test_closing_twice_is_harmless():
    pair = _Pair(HTML())
    pair.close()
    pair.close()
    assert pair.comm is None


def test_owned_is_not_synced_to_the_browser():
    assert "_owned" not in _Pair(HTML()).get_state()


def test_children_closed_and_replaced_are_forgotten():
    pair = _Pair(HTML())
    pair._note.close()
    pair._note = pair._own(HTML())
    assert pair._owned == [pair._button, pair._note]
