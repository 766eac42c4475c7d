"""Tests for widgets.controls.slider_entry: a slider with an entry checked in the kernel (issue 7)."""
import math
from fractions import Fraction
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from ipywidgets import FloatLogSlider, FloatSlider, IntSlider, Play, jslink
from traitlets import TraitError

from harness.shown import classes
from widgets import SliderEntry
from widgets.controls.matrix_editor import ERROR_BACKGROUND
from widgets.controls.slider_entry import INVALID_CLASS
from widgets.core.parsing import parse_number
from widgets.core.slider_values import read_slider_text, snap_to_step
from widgets.text.alerts import ERROR_COLOR

MINUS = "\N{MINUS SIGN}"


def shear_k():
    return FloatSlider(value=1, min=-2, max=2, step=0.1, description="k")


def counter(widget):
    observer = mock.Mock()
    widget.observe(observer, names="value")
    return observer


def assert_bad(box, message, text):
    """The entry keeps `text`, is marked, and the message says `message`."""
    assert box.error == message
    assert box.entry.value == text
    assert INVALID_CLASS in classes(box.entry)
    assert ERROR_BACKGROUND in box.message.value  # the rule that paints the entry comes with it
    assert box.message.layout.display is None
    assert 'role="alert"' in box.message.value and f'color:{ERROR_COLOR}' in box.message.value


def assert_good(box):
    assert box.error == ""
    assert INVALID_CLASS not in classes(box.entry)
    assert box.entry.style.background is None  # the style is shared: never painted
    assert box.message.value == "" and box.message.layout.display == "none"


def test_wraps_the_slider_in_place_of_its_readout():
    k = shear_k().add_class("my-k")
    box = SliderEntry(k)
    assert box.slider is k and not k.readout
    assert box.children == (k, box.entry)  # the message line comes with the first rejected entry
    box.entry.value = "x"
    assert box.children == (k, box.entry, box.message)
    box.entry.value = "1"
    assert "slider-entry" in classes(box) and "my-k" in classes(k)
    assert box.entry.value == "1" and not box.entry.continuous_update
    # The entry's accessible name, and its placeholder, are the control's name.
    assert box.entry.description == box.entry.placeholder == box.name == "k"
    assert_good(box)


def test_name_follows_the_description_unless_given():
    k = shear_k()
    box = SliderEntry(k)
    k.description = "shear k"
    assert box.name == box.entry.description == "shear k"
    named = SliderEntry(FloatSlider(description="<b>c</b>"), name="c")
    assert named.name == "c"
    assert SliderEntry(FloatSlider()).name == "value"


def test_only_int_and_float_sliders():
    for bad in (FloatLogSlider(), Play(), "k"):
        with pytest.raises(TraitError, match="IntSlider or a FloatSlider"):
            SliderEntry(bad)


@pytest.mark.parametrize(
    "text, message",
    [
        ("9", f"k must be between {MINUS}2 and 2; 9 is outside"),
        ("-2.5", f"k must be between {MINUS}2 and 2; {MINUS}2.5 is outside"),
        ("2.00001", f"k must be between {MINUS}2 and 2; 2.00001 is outside"),
        ("9x", "k: '9x' is not a number"),
        ("", "k: '' is not a number"),
        ("2+3", f"k must be between {MINUS}2 and 2; 5 is outside"),  # arithmetic is read
        ("1/2/3", "k: '1/2/3' is not a number: it can be read two ways; add brackets to say "
                  "which division comes first, e.g. (1/2)/3 or 1/(2/3)"),
        ("1/0", "k: '1/0' is not a number: division by zero"),
        ("nan", "k: 'nan' is not a number"),
        ("1e400", "k: '1e400' is not a number: it is too large"),
    ],
)
def test_bad_text_is_explained_kept_and_changes_nothing(text, message):
    k = shear_k()
    box = SliderEntry(k)
    observer = counter(k)
    box.entry.value = text
    assert_bad(box, message, text)
    assert k.value == 1 and observer.call_count == 0


def test_text_from_the_browser_is_rewritten_in_display_form():
    k = shear_k()
    box = SliderEntry(k)
    sent = []
    box.entry._send = lambda msg, buffers=None: sent.append(msg)  # the kernel's messages to the browser
    box.entry.set_state({"value": "0.50"})  # typed, then Enter
    assert k.value == 0.5 and box.entry.value == "0.5"
    assert {"method": "update", "state": {"value": "0.5"}, "buffer_paths": []} in sent
    sent.clear()
    box.entry.set_state({"value": "9"})  # refused: the learner's text is not sent back
    assert box.error and box.entry.value == "9"
    assert not any("value" in m["state"] for m in sent if m["method"] == "update")


def test_fixing_the_text_recovers():
    k = shear_k()
    box = SliderEntry(k)
    box.entry.value = "9"
    box.entry.value = "0.5"
    assert k.value == 0.5 and box.entry.value == "0.5"
    assert_good(box)


def test_a_valid_text_equal_to_the_value_is_rewritten_and_clears_the_message():
    k = shear_k()
    box = SliderEntry(k)
    box.entry.value = "abc"
    observer = counter(k)
    box.entry.value = "2/2"
    assert box.entry.value == "1" and observer.call_count == 0
    assert_good(box)


def test_moving_the_slider_rewrites_the_entry_and_clears_a_stale_message():
    k = shear_k()
    box = SliderEntry(k)
    box.entry.value = "9"
    k.value = -0.3  # a drag, a key, or Python
    assert box.entry.value == "-0.3"
    assert_good(box)


def test_typed_values_snap_to_the_step_as_a_drag_would():
    k = shear_k()
    box = SliderEntry(k)
    box.entry.value = "0.333"
    assert k.value == 0.3 and box.entry.value == "0.3"
    box.entry.value = "\N{MINUS SIGN}1.96"  # copied from the syllabus: a real minus sign
    assert k.value == -2.0
    box.entry.value = "2"
    assert k.value == 2.0
    angle = SliderEntry(FloatSlider(value=0, min=-180, max=180, step=15, description="θ"))
    angle.entry.value = "100"
    assert angle.slider.value == 105 and angle.entry.value == "105"


def test_int_slider_wants_a_whole_number():
    j = IntSlider(value=1, min=1, max=3, description="column j")
    box = SliderEntry(j)
    box.entry.value = "1.5"
    assert_bad(box, "column j must be a whole number; 1.5 is not", "1.5")
    box.entry.value = "7"
    assert_bad(box, "column j must be between 1 and 3; 7 is outside", "7")
    assert j.value == 1
    box.entry.value = "6/2"
    assert j.value == 3 and type(j.value) is int and box.entry.value == "3"
    assert_good(box)


def test_the_range_in_the_message_is_the_sliders_current_one():
    j = IntSlider(value=1, min=1, max=2, description="j")
    box = SliderEntry(j)
    j.max = 4
    box.entry.value = "9"
    assert box.error == "j must be between 1 and 4; 9 is outside"
    box.entry.value = "4"
    assert j.value == 4


def test_disabled_with_the_slider():
    k = shear_k()
    box = SliderEntry(k)
    k.disabled = True
    assert box.entry.disabled
    k.disabled = False
    assert not box.entry.disabled


def test_a_jslinked_play_is_left_alone():
    # Lab 1 links a Play to its step slider in the browser; the wrapper must
    # keep the slider itself, so the link still holds.
    j = IntSlider(value=1, min=1, max=2)
    play = Play(value=1, min=1, max=2)
    link = jslink((play, "value"), (j, "value"))
    box = SliderEntry(j)
    assert box.slider is j and link.source == (play, "value") and link.target == (j, "value")
    j.value = 2  # what the link does when the Play ticks
    assert box.entry.value == "2"


def test_digits_follow_the_step():
    fine = SliderEntry(FloatSlider(value=0.0005, min=0, max=1, step=0.0001))
    assert fine.digits == 4 and fine.entry.value == "5e-04"
    coarse = SliderEntry(FloatSlider(value=1 / 3, min=0, max=1, step=0.01))
    assert coarse.digits == 3 and coarse.entry.value == "0.333"
    with pytest.raises(TraitError):
        coarse.digits = -1


def test_close_leaves_the_slider_to_its_owner():
    k = shear_k()
    box = SliderEntry(k)
    entry, message = box.entry, box.message
    box.close()
    assert entry.comm is None and message.comm is None
    assert k.comm is not None
    k.value = 0.5  # the slider lives on; the closed box no longer follows it
    k.disabled = True
    assert entry.value == "1" and not entry.disabled
    box.close()  # twice is harmless


@pytest.mark.parametrize(
    "x, low, high, step, expected",
    [
        (0.3, -2, 2, 0.1, 0.3),
        (0.25, 0, 1, 0.1, 0.3),  # halves go up, as noUiSlider rounds
        (1.0, 0, 1, 0.6, 1.0),  # 1.2 is past the end: the end, as in the browser
        (0.7, 0, 1, 0.6, 0.6),
        (5.0, 0, 10, None, 5.0),
        (5.0, 0, 10, 0, 5.0),
        (1e300, -1e308, 1e308, 1e-300, 1e300),  # too many steps to count: left as is
    ],
)
def test_snap_to_step(x, low, high, step, expected):
    assert snap_to_step(x, low, high, step) == pytest.approx(expected)


# -- properties ------------------------------------------------------------------

# Slider set-ups: bounds and steps as lab authors write them.
decimals = st.integers(-40, 40).map(lambda n: n / 4)
float_sliders = st.builds(
    lambda a, b, step: (min(a, b), max(a, b), step),
    decimals, decimals, st.sampled_from([0.01, 0.1, 0.25, 0.5, 1.0, 15.0]),
)
texts = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789-+./eE \N{MINUS SIGN}", max_size=10),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.fractions(max_denominator=20).map(str),
    st.integers(-20, 20).map(str),
)


def is_bad(text, low, high, integer):
    """Whether `text` should be refused, decided independently of SliderEntry."""
    try:
        x = parse_number(text)
    except ValueError:
        return True
    return not low <= x <= high or (integer and Fraction(x).denominator != 1)


def on_grid(value, low, high, step, tol=1e-9):
    """Whether `value` is a step from `low` (or the end: the browser lets a handle reach it)."""
    k = (value - low) / step
    return value == high or abs(k - round(k)) <= tol * max(1, abs(k))


@settings(max_examples=300, deadline=None)
@given(float_sliders, st.lists(texts, min_size=1, max_size=6))
def test_any_text_on_a_float_slider(setup, typed):
    low, high, step = setup
    slider = FloatSlider(value=low, min=low, max=high, step=step, description="c")
    box = SliderEntry(slider)
    for text in typed:
        before = slider.value
        box.entry.set_state({"value": text})  # what the browser sends on Enter; never raises
        bad = is_bad(text, low, high, integer=False)
        assert bool(box.error) == bad
        assert low <= slider.value <= high
        assert on_grid(slider.value, low, high, step)
        if bad:
            assert slider.value == before and box.entry.value == text
            assert box.error.startswith("c")
        else:
            assert abs(slider.value - parse_number(text)) <= step / 2 + 1e-9 or slider.value == high
            assert parse_number(box.entry.value) == pytest.approx(slider.value, abs=1e-3)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-10, 10), st.integers(0, 12), st.integers(1, 3), st.lists(texts, min_size=1, max_size=6)
)
def test_any_text_on_an_int_slider(low, width, step, typed):
    high = low + width
    slider = IntSlider(value=low, min=low, max=high, step=step, description="j")
    box = SliderEntry(slider)
    for text in typed:
        before = slider.value
        box.entry.set_state({"value": text})
        bad = is_bad(text, low, high, integer=True)
        assert bool(box.error) == bad
        assert low <= slider.value <= high and type(slider.value) is int
        assert (slider.value - low) % step == 0 or slider.value == high
        if bad:
            assert slider.value == before and box.entry.value == text
        else:
            assert box.entry.value == str(slider.value)


@settings(max_examples=200, deadline=None)
@given(texts, decimals, decimals, st.booleans())
def test_read_slider_text_raises_only_value_error(text, a, b, integer):
    low, high = min(a, b), max(a, b)
    assume(not integer or (low == int(low) and high == int(high)))
    try:
        value = read_slider_text(text, low, high, 0.25, integer=integer, name="x")
    except ValueError as error:
        assert str(error).startswith("x")
        assert is_bad(text, low, high, integer)
    else:
        assert not is_bad(text, low, high, integer)
        assert low <= value <= high and math.isfinite(value)
