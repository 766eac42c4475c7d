"""What the page's link asks of a lab's views: every held-back view open, the practice's numbers.

A lecturer's ``?reveal=1`` opens every `Reveal` of the page and ``?seed=N`` gives every
`Practice` the same problem.  The link is read in a lab's last cell, once the page is
requested (`LectureBar.apply_url`), after the views were built: so a view takes the
page's `PageLink` and follows it, and the lecture bar sets it.  The views need nothing
else of the lecture bar, and the controls layer imports none of it.
"""

from __future__ import annotations

from traitlets import Bool, HasTraits, Int

__all__ = ["PageLink"]


class PageLink(HasTraits):
    """The page's ``?reveal=`` and ``?seed=``, as `LectureBar.apply_url` read them.

    Examples
    --------
    >>> link = PageLink()
    >>> link.reveal, link.seed
    (False, None)
    >>> link.seed = 1234
    """

    reveal = Bool(False, help="Open every view that waits for an answer (?reveal=1).")
    seed = Int(None, allow_none=True, help="Seed for every practice of the page (?seed=N).")
