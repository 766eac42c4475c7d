"""The one re-entrancy guard: up inside its blocks, down after, even after an error."""
import pytest

from widgets.base.guard import Guard


def test_a_guard_is_up_only_inside_its_block():
    guard = Guard()
    assert not guard
    with guard:
        assert guard
    assert not guard


def test_nested_blocks_keep_the_guard_up_until_the_outer_one_ends():
    guard = Guard()
    with guard:
        with guard:
            pass
        assert guard
    assert not guard


def test_an_error_inside_the_block_still_lowers_the_guard():
    guard = Guard()
    with pytest.raises(ValueError):
        with guard:
            raise ValueError("boom")
    assert not guard
