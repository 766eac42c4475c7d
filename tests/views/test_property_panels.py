"""Tests for widgets.views.property_panels: IdentityPanel and OrderPanel."""
import re
from unittest import mock

import numpy as np
import pytest
from traitlets import TraitError, dlink

from harness.shown import classes
from widgets.controls.matrix_editor import MatrixEditor
from widgets.views.property_panels import IdentityPanel, OrderPanel

R = [[0, -1], [1, 0]]
S = [[2, 0], [0, 1]]


def plain(markup):
    """HTML as the words and numbers a reader sees, single-spaced."""
    text = re.sub(r"</?(?:i|b|sub|sup)\b[^>]*>", "", markup)
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def test_identity_panel_shows_every_identity():
    panel = IdentityPanel(R, S, [[1, 2], [3, 4]], r=3)
    assert [res.verdict for res in panel.results] == ["equal"] * 5
    assert len(panel.cards) == 5
    assert all("identity-card" in classes(card) for card in panel.cards)
    assert "Associativity" in panel.cards[0].value and "A(BC) = (AB)C" in plain(panel.cards[0].value)
    assert "r(AB) =" in plain(panel.cards[3].value) and 'aria-label="r(AB), 2 by 2"' in panel.cards[3].value
    assert "(<i>AB</i>)<sup>T</sup>" in panel.cards[4].value and "✓ holds" in panel.cards[4].value


def test_identity_panel_follows_linked_editors():
    A = MatrixEditor(R, name="A", resizable=True)
    B = MatrixEditor(S, name="B", resizable=True)
    panel = IdentityPanel(A.value, B.value, np.eye(2))
    dlink((A, "value"), (panel, "A"))
    dlink((B, "value"), (panel, "B"))
    A.resize(2, 3)
    B.resize(3, 2)
    card = panel.cards[1].value
    assert "A + B is undefined: A is 2×3 and B is 3×2" in card and "– undefined" in card
    assert panel.results[0].verdict == "equal"
    A.cells[0][0].value = "oops"  # a bad cell changes nothing downstream
    assert panel.results[0].verdict == "equal"


def test_identity_panel_redraws_only_changed_cards():
    panel = IdentityPanel(R, S, np.eye(2))
    observers = [mock.Mock() for _ in panel.cards]
    for card, observer in zip(panel.cards, observers):
        card.observe(observer, names="value")
    panel.r = 5  # only the scalar card mentions r's value
    assert [o.call_count for o in observers] == [0, 0, 0, 1, 0]


def test_identity_panel_rejects_a_non_finite_scalar():
    panel = IdentityPanel(R, S, np.eye(2))
    with pytest.raises(TraitError, match="r must be a finite number"):
        panel.r = float("nan")
    with pytest.raises(TraitError):
        panel.A = [[1, float("inf")]]
    assert panel.r == 2 and panel.results[0].verdict == "equal"


def test_identity_panel_escapes_html():
    panel = IdentityPanel(np.ones((2, 3)), np.ones((3, 2)), np.eye(2))
    assert "<script" not in panel.cards[1].value


def test_order_panel_warning_1_4_4():
    panel = OrderPanel(R, S, names=("R", "S"))
    assert panel.comparison.verdict == "entries differ"
    forward = panel.children[0].children[0].value
    backward = panel.children[0].children[1].value
    assert plain(forward).startswith("RS = 0 −1 2 0")
    assert plain(backward).startswith("SR = 0 −2 1 0")
    verdict = panel.children[1].value
    assert "✗ different entries" in verdict and "entries (1,2) and (2,1) differ" in verdict


def test_panels_say_when_products_are_too_large_to_compare():
    huge = np.full((2, 2), 1e200)
    panel = IdentityPanel(huge, huge, huge)
    assert all("– too large to compare" in card.value for card in panel.cards)
    assert "✓ holds" not in "".join(card.value for card in panel.cards)
    order = OrderPanel(huge, huge)
    assert "– too large to compare" in order.children[1].value


def test_order_panel_updates_and_explains():
    panel = OrderPanel(R, S, names=("R", "S"))
    panel.right = 2 * np.eye(2)
    assert panel.comparison.verdict == "commute"
    assert "✓ same result" in panel.children[1].value
    panel.left = np.ones((2, 3))
    assert panel.comparison.verdict == "one undefined"
    forward = panel.children[0].children[0].value
    assert "RS is undefined: R is 2×3 and S is 2×2" in forward
    panel.left_name = "P"
    assert panel.comparison.forward.label == "PS"


def test_identity_panel_shows_the_look_alikes_beside_the_rules():
    panel = IdentityPanel([[1, 2], [0, -1]], [[2, 0], [1, 3]], np.eye(2))
    assert len(panel.false_cards) == 2 and [res.verdict for res in panel.false_results] == ["different"] * 2
    assert all({"identity-card", "identity-card-false"} <= set(classes(card)) for card in panel.false_cards)
    transpose, square = (plain(card.value) for card in panel.false_cards)
    assert "Not a rule: transposing without reversing" in transpose
    assert "(AB)T ≟ ATBT" in transpose and "What (AB)T really equals: BTAT =" in transpose
    assert "✗ fails: Entries (1,1), (1,2), (2,1) and (2,2) differ." in transpose
    assert "(A + B)² ≟ A² + 2AB + B²" in square
    assert "A² + AB + BA + B² =" in square and "Here: AB = 4 6 −1 −3 BA = 2 4 1 −1" in square
    # The look-alikes follow A and B: with B = 2I they hold, but say it is only here.
    panel.B = 2 * np.eye(2)
    assert [res.verdict for res in panel.false_results] == ["equal"] * 2
    assert "✓ holds here, but not in general" in panel.false_cards[0].value
    assert "only because these A and B commute" in panel.false_cards[1].value
    # C does not enter them, and r neither: their cards do not redraw.
    observers = [mock.Mock() for _ in panel.false_cards]
    for card, observer in zip(panel.false_cards, observers):
        card.observe(observer, names="value")
    panel.C, panel.r = np.ones((2, 3)), 7
    assert [o.call_count for o in observers] == [0, 0]


def test_identity_panel_without_look_alikes():
    panel = IdentityPanel(R, S, np.eye(2), look_alikes=False)
    assert panel.false_cards == () and panel.false_results == ()
    assert len(panel.children) == 2  # the theorem's grid and the status line
