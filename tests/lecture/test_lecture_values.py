"""Property tests for the state of the lecture widgets: whatever is set, nothing breaks.

LectureBar and PresetStatus; the rules, the strategies and the checks are in `harness.any_values`.
"""

import html

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from traitlets import TraitError

from harness.any_values import (
    SETTINGS,
    WRONG_SCALAR,
    assert_matrix,
    frozen,
    refused_or_done,
    same_bits,
)
from widgets import LectureBar, MatrixEditor, PresetStatus

# Overflow in products of huge entries is expected; the widgets report it.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


# -- LectureBar and PresetStatus -----------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@given(ops=st.lists(st.one_of(
    st.tuples(st.just("presenter"), st.one_of(st.booleans(), WRONG_SCALAR)),
    st.tuples(st.just("zoom"), st.one_of(st.floats(), WRONG_SCALAR, st.integers())),
    st.tuples(st.just("toggle"), st.booleans()),
    st.tuples(st.just("url"), st.one_of(st.text(max_size=30), st.from_regex(
        r"(presenter=[a-z0-9]{0,4}|A=[-0-9,;./e]{0,12}|theme=dark)(&(presenter|A)=[^&]{0,8}){0,2}",
        fullmatch=True))),
    st.tuples(st.just("applied"), st.one_of(st.lists(st.text(max_size=8), max_size=3),
                                            WRONG_SCALAR)),
    st.tuples(st.just("errors"), st.one_of(st.lists(st.text(max_size=8), max_size=3),
                                           WRONG_SCALAR)),
), max_size=8))
@example(ops=[("zoom", 10**400)])  # OverflowError from traitlets' Float
def test_lecture_bar_and_status_any_set(ops):
    bar = LectureBar()
    status = bar.status
    editor = MatrixEditor([[1, 2], [3, 4]], name="A", max_shape=(3, 3))
    for kind, value in ops:
        before = frozen((bar.presenter, bar.zoom, status.applied, status.errors, status.value,
                         bar._style.value))
        if kind == "toggle":  # the browser
            bar.toggle.set_state({"value": value})
            assert bar.presenter == value
        elif kind == "url":  # the page's link: anything at all, never an exception
            old = editor.value
            applied = bar.apply_url({"A": editor}, query_string=value)
            if "A" in applied:
                assert same_bits(editor.value, applied["A"])
            else:
                assert editor.value is old
            assert_matrix(editor.value)
        else:
            target = status if kind in ("applied", "errors") else bar
            if not refused_or_done(lambda: setattr(target, kind, value), kind, "zoom"):
                assert frozen((bar.presenter, bar.zoom, status.applied, status.errors,
                               status.value, bar._style.value)) == before
        assert 0.5 <= bar.zoom <= 3
        assert bar.toggle.value == bar.presenter
        assert bool(bar._style.value) == bar.presenter
        for text in [*status.applied, *status.errors]:
            assert html.escape(text) in status.value
        if "<" in "".join(status.applied + status.errors):
            assert "<script" not in status.value.replace("<span", "").replace("<br>", "")


def test_preset_status_on_its_own_refuses_non_text():
    status = PresetStatus()
    with pytest.raises(TraitError):
        status.errors = [1]
    assert status.value == ""
