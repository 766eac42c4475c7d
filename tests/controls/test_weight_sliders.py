"""Tests for widgets.controls.weight_sliders.WeightSliders."""
import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets import HTML, FloatSlider
from traitlets import TraitError

from widgets.controls.weight_sliders import WeightSliders


def counter(widget):
    observer = mock.Mock()
    widget.observe(observer, names="value")
    return observer


def check_invariants(w):
    assert all(x >= 0 for x in w.value)
    assert abs(math.fsum(w.value) - 1) <= 1e-12
    # The sliders show the weights on their step and add to 1, as the weights do.
    assert all(abs(s.value - x) < s.step + 1e-12 for s, x in zip(w.sliders, w.value))
    assert all(abs(s.value / s.step - round(s.value / s.step)) < 1e-9 for s in w.sliders)
    assert round(math.fsum(s.value for s in w.sliders), 9) == 1
    assert all(type(x) is float for x in w.value)


def test_the_sliders_show_the_weights_on_their_step_so_a_page_sends_nothing_back():
    w = WeightSliders(value=(0.5, 0.25, 0.125, 0.125))
    seen = []
    w.observe(seen.append, "value")
    # 0.125 on a 0.01 step: one goes up and one down, so the four still add to 1.
    assert [s.value for s in w.sliders] == [0.5, 0.25, 0.13, 0.12]
    w.sliders[2].value = 0.13  # where it stands: a page sending it back changes nothing
    assert seen == [] and w.value == (0.5, 0.25, 0.125, 0.125)
    w.sliders[2].value = 0.14  # one step further: the learner's move
    assert len(seen) == 1 and w.value[2] == 0.14
    check_invariants(w)


def test_defaults():
    w = WeightSliders()
    assert len(w.sliders) == 4
    assert w.value == (0.25,) * 4
    assert w.labels == ("v1", "v2", "v3", "v4")
    assert [s.description for s in w.sliders] == ["v1", "v2", "v3", "v4"]
    assert w.locked == ()
    assert w.children[:4] == w.entries
    assert [e.slider for e in w.entries] == list(w.sliders)
    assert isinstance(w.children[4], HTML) and w.children[4].value == "sum = 1.00"
    s = w.sliders[0]
    assert isinstance(s, FloatSlider)
    assert (s.min, s.max, s.step, s.readout_format) == (0.0, 1.0, 0.01, ".2f")
    # The entry beside each slider replaces its readout (which clamps silently).
    assert not s.readout
    assert [e.entry.value for e in w.entries] == ["0.25"] * 4
    assert [e.name for e in w.entries] == ["v1", "v2", "v3", "v4"]


def test_sizes_from_labels_or_value():
    assert len(WeightSliders(labels=["a", "b"]).sliders) == 2
    w = WeightSliders(value=[1, 1, 2])
    assert w.value == (0.25, 0.25, 0.5)
    assert w.labels == ("v1", "v2", "v3")
    assert WeightSliders(n=3, labels=list("abc"), value=(1, 1, 1)).labels == ("a", "b", "c")


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(n=3, labels=["a", "b"]),
        dict(n=2, value=[1, 1, 1]),
        dict(labels=["a"], value=[1, 1]),
        dict(n=0),
        dict(n=2.5),
        dict(value=[0, 0]),
        dict(value=[1, -1, 1]),
        dict(n=2, locked=[2]),
        dict(n=2, labels=[1, 2]),
        dict(n=3, labels="abc"),
    ],
)
def test_bad_setup(kwargs):
    with pytest.raises(TraitError):
        WeightSliders(**kwargs)


def test_slider_is_not_sliders_property_settable():
    w = WeightSliders(n=2)
    with pytest.raises(AttributeError):
        w.sliders = ()


def test_move_rebalances_proportionally_with_one_notification():
    w = WeightSliders(value=[0.5, 0.25, 0.25])
    observer = counter(w)
    w.sliders[0].value = 0.0
    assert w.value == (0.0, 0.5, 0.5)
    assert observer.call_count == 1
    change = observer.call_args[0][0]
    assert change["old"] == (0.5, 0.25, 0.25) and change["new"] == (0.0, 0.5, 0.5)
    w.sliders[1].value = 0.8
    assert w.value == pytest.approx((0.0, 0.8, 0.2))
    assert observer.call_count == 2
    check_invariants(w)
    assert w.children[-1].value == "sum = 1.00"


def test_proportional_shares():
    w = WeightSliders(value=[0.2, 0.2, 0.6])
    w.sliders[0].value = 0.6
    assert w.value == pytest.approx((0.6, 0.1, 0.3))
    check_invariants(w)


def test_all_zero_others_share_equally():
    w = WeightSliders(value=[1, 0, 0, 0])
    w.sliders[0].value = 0.4
    assert w.value == pytest.approx((0.4, 0.2, 0.2, 0.2))
    check_invariants(w)


def test_locks():
    w = WeightSliders(value=[0.25, 0.25, 0.5], locked=[2])
    assert [s.disabled for s in w.sliders] == [False, False, True]
    observer = counter(w)
    w.sliders[0].value = 0.9  # only 0.5 is left beside the lock
    assert w.value == (0.5, 0.0, 0.5)
    assert w.sliders[0].value == 0.5  # the slider is put back to the clamp
    assert observer.call_count == 1
    w.sliders[2].value = 0.1  # a locked slider cannot be dragged
    assert w.value == (0.5, 0.0, 0.5) and w.sliders[2].value == 0.5
    assert observer.call_count == 1
    w.locked = ()
    assert not any(s.disabled for s in w.sliders)
    assert w.value == (0.5, 0.0, 0.5)


def test_only_free_slider_cannot_move():
    w = WeightSliders(value=[0.2, 0.3, 0.5], locked=(1, 2))
    observer = counter(w)
    w.sliders[0].value = 0.7
    assert w.value == (0.2, 0.3, 0.5) and w.sliders[0].value == 0.2
    assert observer.call_count == 0


def test_locked_validation():
    w = WeightSliders(n=3)
    w.locked = [2, 0, 2]
    assert w.locked == (0, 2)
    for bad in ([3], [-1], [True], ["0"]):
        with pytest.raises(TraitError):
            w.locked = bad
    with pytest.raises(TraitError, match=r"locked: weight index 3 is out of range: valid \(0-based\) weight indices are 0 to 2"):
        w.locked = [3]
    assert w.locked == (0, 2)


def test_python_set_normalises():
    w = WeightSliders(n=3)
    observer = counter(w)
    w.value = (1, 2, 1)
    assert w.value == (0.25, 0.5, 0.25)
    assert observer.call_count == 1
    check_invariants(w)
    w.value = np.array([0.0, 0.0, 3.0])
    assert w.value == (0.0, 0.0, 1.0)
    w.value = [0.5, 0.5, 0.0]
    assert w.value == (0.5, 0.5, 0.0)
    assert observer.call_count == 3


def test_python_set_ignores_locks():
    w = WeightSliders(n=2, locked=[0])
    w.value = (0.1, 0.9)
    assert w.value == (0.1, 0.9)


@pytest.mark.parametrize(
    "bad",
    [(1, 1), (1, 1, 1, 1), (1, -1, 1), (1, math.nan, 1), (1, math.inf, 1), (0, 0, 0), ("a", 1, 1), "abc", (None, 1, 1)],
)
def test_bad_python_set_raises_and_keeps_value(bad):
    w = WeightSliders(value=[0.5, 0.25, 0.25])
    observer = counter(w)
    with pytest.raises(TraitError):
        w.value = bad
    assert w.value == (0.5, 0.25, 0.25)
    assert observer.call_count == 0
    check_invariants(w)


def test_labels():
    w = WeightSliders(labels=["the", "cat"])
    w.labels = ("a", "b")
    assert [s.description for s in w.sliders] == ["a", "b"]
    with pytest.raises(TraitError):
        w.labels = ("a",)
    assert w.labels == ("a", "b")


def test_set_scores():
    w = WeightSliders(value=[1, 0, 0])
    observer = counter(w)
    w.set_scores([0.0, 0.0, 0.0])
    assert w.value == pytest.approx((1 / 3,) * 3)
    w.set_scores(np.array([[1.0, 2.0, 3.0]]), scale=0.5)
    e = np.exp(0.5 * np.array([1.0, 2.0, 3.0]))
    assert w.value == pytest.approx(tuple(e / e.sum()))
    w.set_scores([1e308, 1e308, -1e308], mask=[True, False, True])
    assert w.value == (1.0, 0.0, 0.0)
    assert observer.call_count == 3
    check_invariants(w)
    with pytest.raises(ValueError, match="expected 3 scores"):
        w.set_scores([1.0, 2.0])
    with pytest.raises(ValueError):
        w.set_scores([1.0, math.nan, 2.0])
    assert w.value == (1.0, 0.0, 0.0)


def test_exact_floats_not_rounded_to_step():
    w = WeightSliders(n=3)
    w.sliders[0].value = 0.5
    assert w.value == (0.5, 0.25, 0.25)
    w.sliders[1].value = 1 / 3
    assert w.value[1] == 1 / 3
    # The sliders show the weights on their step, adding to 1 as the weights do.
    assert [s.value for s in w.sliders] == [0.45, 0.33, 0.22]


def test_get_state():
    w = WeightSliders(value=[0.5, 0.5])
    w.sliders[0].value = 0.75
    state = w.sliders[1].get_state()
    assert state["value"] == 0.25 and state["description"] == "v2"
    assert w.get_state()["children"][:2] == [f"IPY_MODEL_{e.model_id}" for e in w.entries]
    assert w.entries[1].get_state()["children"][0] == f"IPY_MODEL_{w.sliders[1].model_id}"


def test_a_typed_weight_rebalances_like_a_drag():
    dragged, typed = WeightSliders(value=[0.5, 0.25, 0.25]), WeightSliders(value=[0.5, 0.25, 0.25])
    observer = counter(typed)
    dragged.sliders[1].value = 0.4
    typed.entries[1].entry.value = "0.4"
    assert typed.value == dragged.value == pytest.approx((0.4, 0.4, 0.2))
    assert observer.call_count == 1
    assert typed.entries[1].error == ""
    # Every entry shows its weight, the others moved by the rebalance too.
    assert [e.entry.value for e in typed.entries] == ["0.4", "0.4", "0.2"]
    # Snapped to the slider's 0.01 step, as the browser snaps a drag.
    typed.entries[0].entry.value = "1/3"
    assert typed.value[0] == 0.33 and typed.entries[0].entry.value == "0.33"
    assert typed.value[1:] == pytest.approx((0.4467, 0.2233), abs=1e-4)
    assert [e.entry.value for e in typed.entries] == ["0.33", "0.45", "0.22"]  # as the sliders show them
    check_invariants(typed)


@pytest.mark.parametrize(
    "text, message",
    [
        ("5", "cat must be between 0 and 1; 5 is outside"),
        ("-1", "cat must be between 0 and 1; \N{MINUS SIGN}1 is outside"),
        ("0.5x", "cat: '0.5x' is not a number"),
        ("", "cat: '' is not a number"),
    ],
)
def test_a_bad_typed_weight_is_explained_and_changes_nothing(text, message):
    w = WeightSliders(labels=["the", "cat", "sat"], value=[0.5, 0.25, 0.25])
    observer = counter(w)
    w.entries[1].entry.value = text
    assert w.entries[1].error == message
    assert message.replace("'", "&#x27;") in w.entries[1].message.value
    assert w.entries[1].entry.value == text  # kept, to be fixed
    assert w.value == (0.5, 0.25, 0.25) and observer.call_count == 0
    assert [e.error for e in (w.entries[0], w.entries[2])] == ["", ""]
    # The other sliders still work meanwhile; fixing the entry recovers.
    w.sliders[0].value = 0.6
    assert w.value == pytest.approx((0.6, 0.2, 0.2))
    w.entries[1].entry.value = "0.4"
    assert w.entries[1].error == "" and w.value[1] == 0.4
    check_invariants(w)


def test_locked_weights_entries_are_disabled():
    w = WeightSliders(value=[0.25, 0.25, 0.5], locked=[2])
    assert [e.entry.disabled for e in w.entries] == [False, False, True]
    w.locked = (0,)
    assert [e.entry.disabled for e in w.entries] == [True, False, False]
    # A typed weight that the lock cannot allow is clamped, as a drag is.
    w.entries[1].entry.value = "0.9"
    assert w.value == (0.25, 0.75, 0.0)
    assert w.entries[1].entry.value == "0.75" and w.entries[1].error == ""


def test_close_closes_what_it_made():
    w = WeightSliders(n=2)
    parts = [*w.sliders, *w.entries, *(e.entry for e in w.entries)]
    w.close()
    assert all(part.comm is None for part in parts)


operation = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 7), st.floats(-0.2, 1.2)),
    st.tuples(st.just("lock"), st.sets(st.integers(0, 7), max_size=4)),
    st.tuples(st.just("set"), st.lists(st.floats(0, 10), min_size=1, max_size=8)),
)


@settings(max_examples=250, deadline=None)
@given(st.integers(1, 6), st.lists(operation, min_size=5, max_size=60))
def test_random_actions_keep_invariants(n, operations):
    w = WeightSliders(n=n)
    observer = counter(w)
    for op in operations:
        before, calls = w.value, observer.call_count
        if op[0] == "move":
            k = op[1] % n
            w.sliders[k].value = op[2]
            changed = w.value != before
            assert observer.call_count == calls + changed
            for i in w.locked:
                assert w.value[i] == before[i]  # bit for bit
        elif op[0] == "lock":
            w.locked = {i % n for i in op[1]}
            assert w.value == before
        else:
            values = op[1]
            if len(values) != n or sum(values) == 0:
                with pytest.raises(TraitError):
                    w.value = values
                assert w.value == before
            else:
                w.value = values
        check_invariants(w)
        assert [s.disabled for s in w.sliders] == [i in w.locked for i in range(n)]


def test_front_end_update_is_a_move():
    # A drag in the browser arrives as set_state on the slider.
    w = WeightSliders(value=[0.25, 0.25, 0.5], locked=[2])
    observer = counter(w)
    w.sliders[0].set_state({"value": 0.9})
    assert w.value == (0.5, 0.0, 0.5)
    assert w.sliders[0].get_state()["value"] == 0.5
    assert observer.call_count == 1
