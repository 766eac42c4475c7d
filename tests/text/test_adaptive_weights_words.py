"""Tests for widgets.text.adaptive_weights_words: lab 10's table of roles."""
from widgets.text.adaptive_weights_words import ROLES_HTML


def test_roles_table_has_a_header_and_four_roles():
    assert ROLES_HTML.count("<tr>") == 5 and ROLES_HTML.count("<th ") == 3
    assert "yes, through the scores" in ROLES_HTML and "residual connection" in ROLES_HTML
