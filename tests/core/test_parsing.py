"""Tests for widgets.core.parsing: strict cell parsing and display formatting."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.parsing import format_number, parse_number


@pytest.mark.parametrize(
    "text, expected",
    [
        ("0", 0.0),
        ("-3", -3.0),
        ("+7", 7.0),
        ("  12  ", 12.0),
        ("0.25", 0.25),
        ("-.5", -0.5),
        ("2.", 2.0),
        ("1e3", 1000.0),
        ("-1.5E-2", -0.015),
        ("1.23e+08", 1.23e8),
        ("3/4", 0.75),
        ("-1/2", -0.5),
        (" 1 / 3 ", 1 / 3),
        ("0.3/0.1", 3.0),
        ("\N{MINUS SIGN}12", -12.0),
        ("-0", 0.0),
    ],
)
def test_accepts(text, expected):
    assert parse_number(text) == expected


def test_negative_zero_becomes_zero():
    assert math.copysign(1.0, parse_number("-0")) == 1.0


@pytest.mark.parametrize(
    "text",
    ["", "   ", "abc", "nan", "NaN", "inf", "-Infinity", "1_000", "0x10", "2+3",
     "1e", "e5", "--1", "1/-2", "1/2/3", "3,5", "1 2", "½", "١٢", "(1)", "1e3/2e1"],
)
def test_rejects_with_quoted_text(text):
    with pytest.raises(ValueError) as info:
        parse_number(text)
    assert str(info.value).startswith(f"{text!r} is not a number")


def test_rejects_division_by_zero_and_overflow():
    with pytest.raises(ValueError, match=r"^'1/0' is not a number: division by zero$"):
        parse_number("1/0")
    with pytest.raises(ValueError, match=r"'1e999' is not a number"):
        parse_number("1e999")
    with pytest.raises(ValueError, match=r"is not a number"):
        parse_number("1e308/0.001")


def test_message_example():
    with pytest.raises(ValueError, match=r"^'abc' is not a number$"):
        parse_number("abc")


def test_rejects_non_text():
    with pytest.raises(TypeError):
        parse_number(3)


@pytest.mark.parametrize(
    "x, expected",
    [
        (2.0, "2"),
        (-0.0, "0"),
        (0, "0"),
        (-12, "-12"),
        (0.25, "0.25"),
        (1 / 3, "0.333"),
        (-2 / 3, "-0.667"),
        (2.0000001, "2"),
        (0.9999, "1"),
        (123456789.0, "1.23e+08"),
        (1e6, "1e+06"),
        (-2.5e-7, "-2.5e-07"),
        (0.001, "0.001"),
        (float("nan"), "nan"),
        (float("-inf"), "-inf"),
    ],
)
def test_format(x, expected):
    assert format_number(x) == expected


def test_format_near_float_limit_stays_parseable():
    for digits in range(5):
        for x in (1.7976931348623157e308, -1.75e308):
            assert math.isfinite(parse_number(format_number(x, digits)))


def test_format_digits():
    assert format_number(math.pi, 5) == "3.14159"
    assert format_number(math.pi, 0) == "3"
    assert format_number(-2.5e-7, 1) == "-2e-07"
    with pytest.raises(ValueError):
        format_number(1.0, -1)


finite = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=300)
@given(finite, st.integers(0, 6))
def test_format_round_trips(x, digits):
    text = format_number(x, digits)
    assert "\N{MINUS SIGN}" not in text
    y = parse_number(text)
    if abs(x) > 1e307:
        # Near the float limit the text keeps extra digits to stay finite.
        return
    # Formatting is idempotent through parsing...
    assert format_number(y, digits) == text
    # ...and close to the original value.
    if abs(x) >= 1e6 or (0 < abs(x) < 1e-3):
        assert y == pytest.approx(x, rel=0.5 * 10.0 ** -max(digits - 1, 0) * 1.0001)
    else:
        assert abs(y - x) <= 0.5 * 10.0**-digits * 1.0001 + 1e-9


@settings(max_examples=200)
@given(st.integers(-999_999, 999_999))
def test_integers_round_trip_exactly(n):
    assert format_number(float(n)) == str(n)
    assert parse_number(str(n)) == n


@settings(max_examples=200)
@given(st.integers(-1000, 1000), st.integers(1, 1000))
def test_fractions(p, q):
    assert parse_number(f"{p}/{q}") == pytest.approx(p / q, rel=1e-15)


@settings(max_examples=200)
@given(st.text(max_size=8))
def test_never_crashes_otherwise(text):
    try:
        value = parse_number(text)
    except ValueError as error:
        assert repr(text) in str(error)
    else:
        assert math.isfinite(value)
