"""Tests for widgets.core.parsing: strict cell parsing and display formatting."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.parsing import format_number, parse_number, parse_shape


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
    ["", "   ", "abc", "nan", "NaN", "inf", "-Infinity", "1_000", "0x10",
     "1e", "e5", "--1", "1/2/3", "3,5", "1 2", "١٢", "2**3", "2^3", "2(3)", "(1", "1)", "()",
     "2+", "1/2*3", "1.5½", "½½", "1,5", "R^2"],
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


# -- forms a learner writes on paper, and arithmetic (issue 21) -------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("½", 0.5), ("-½", -0.5), ("¼", 0.25), ("¾", 0.75), ("⅓", 1 / 3), ("⅔", 2 / 3),
        ("⅛", 0.125), ("1½", 1.5), ("−1¾", -1.75),
        ("2*3-4", 2.0), ("(1+2)/4", 0.75), ("2·3", 6.0), ("2×3", 6.0), ("2⋅3", 6.0), ("6÷4", 1.5),
        ("2 * (-4) + 4 * (-1) + 0 * 1", -12.0), ("2*-3", -6.0), ("2--1", 3.0), ("1/-2", -0.5),
        ("(1)", 1.0), ("1e3/2e1", 50.0), ("2*3/4", 1.5), ("½ + ¼", 0.75), ("–3", -3.0),
        ("0.1+0.2", 0.3),  # exact fractions, then one rounding: not 0.30000000000000004
    ],
)
def test_accepts_fractions_and_small_arithmetic(text, expected):
    assert parse_number(text) == expected


@pytest.mark.parametrize(
    "text, reason",
    [
        ("1/2/3", "read two ways"),
        ("1/2*3", "read two ways"),
        ("2(3)", "write the operation between"),
        ("1 2", "write the operation between"),
        ("--1", "two signs in a row"),
        ("2^3", "powers are not read"),
        ("(1+2", "'(' is not closed"),
        ("1/(1-1)", "division by zero"),
        ("1e999*1e999", "too large"),
        ("(" * 25 + "1" + ")" * 25, "too many brackets"),
    ],
)
def test_arithmetic_that_could_be_read_two_ways_or_not_at_all_says_why(text, reason):
    with pytest.raises(ValueError) as info:
        parse_number(text)
    assert str(info.value).startswith(f"{text!r} is not a number: ") and reason in str(info.value)


@pytest.mark.parametrize(
    "text, expected",
    [("-0,25", -0.25), ("0,5", 0.5), ("1,5", 1.5), ("12,34", 12.34), ("0,125", 0.125),
     (",5", 0.5), ("1,5e3", 1500.0), ("2,5*2", 5.0)],
)
def test_a_decimal_comma_in_a_single_number_answer(text, expected):
    assert parse_number(text, decimal_comma=True) == expected


@pytest.mark.parametrize(
    "text, reason",
    [("1,000", "group thousands or start the decimals: write 1000 or 1.000"),
     ("12,345", "write 12345 or 12.345"),
     ("1, 5", "separates numbers"), ("1,5,3", "separates numbers"), ("1.000,5", "separates numbers")],
)
def test_a_comma_that_could_be_a_separator_is_refused_even_as_a_decimal_comma(text, reason):
    with pytest.raises(ValueError, match=reason):
        parse_number(text, decimal_comma=True)


def test_a_comma_in_a_cell_could_separate_two_entries_and_is_refused_with_the_point_to_use():
    with pytest.raises(ValueError, match=r"a comma could separate two numbers: .*decimal point \(3\.5\)"):
        parse_number("3,5")
    with pytest.raises(ValueError, match="a comma could separate two numbers"):
        parse_number("-0,25")


@pytest.mark.parametrize(
    "text",
    ["4x2", "4×2", "4 x 2", "4 by 2", "4by2", "4-by-2", "4 - by - 2", "(4, 2)", "[4,2]",
     "ℝ^{4×2}", "R^{4x2}", "ℝ^(4×2)", "R^[4 x 2]", "ℝ⁴ˣ²", r"\mathbb{R}^{4\times 2}", r"4 \times 2"],
)
def test_shapes_as_learners_write_them(text):
    assert parse_shape(text) == (4, 2)


@pytest.mark.parametrize(
    "text, says",
    [("R^4x2", "ℝ^{rows×columns}, in braces"), ("ℝ^{4×2)", "in braces"), ("4x2x3", "rows×columns"),
     ("four by two", "rows×columns"), ("4", "rows×columns"), ("0x3", "at least one row and one column"),
     ("3 by 0", "at least one row and one column")],
)
def test_shapes_that_could_be_read_two_ways_are_refused(text, says):
    with pytest.raises(ValueError, match=r"is not a shape") as info:
        parse_shape(text)
    assert says in str(info.value)


@settings(max_examples=200)
@given(st.text(alphabet="0123456789+-*/()., ½·×−", max_size=20), st.booleans())
def test_arithmetic_never_crashes_otherwise(text, decimal_comma):
    try:
        value = parse_number(text, decimal_comma=decimal_comma)
    except ValueError as error:
        assert str(error).startswith(f"{text!r} is not a number")
    else:
        assert math.isfinite(value)
