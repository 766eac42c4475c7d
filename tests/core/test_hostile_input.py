"""Every reader of what a visitor or a learner sends, over hostile text (issue 44).

A lab's link (``?A=…``, ``?seed=…``), a matrix cell, an answer box, a slider's
entry, a progress code and a record kept in the browser all reach a parser in
the kernel.  Whatever arrives, each call returns within `BOUND` seconds of CPU
and either reads a valid value or refuses with its documented message: never
another exception, never a core held for good.  Hypothesis builds the text from
pieces that have stalled parsers elsewhere: long runs of spaces, digits or
brackets between a start and an end that fails, huge exponents, deep nesting,
digits and minus signs of other scripts.
"""

from __future__ import annotations

import base64
import faulthandler
import importlib
import json
import math
import pkgutil
import re
import time
import zlib
from urllib.parse import quote

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import widgets.core
import widgets.text
from widgets.core.parsing import MAX_ARITHMETIC, MAX_SHAPE, parse_number, parse_shape
from widgets.core.presets import parse_matrix_param, parse_presets, query_flag, query_params, query_seed
from widgets.core.progress_code import read_code, write_code
from widgets.core.progress_record import Record, read_record
from widgets.core.shapes import NO_PRODUCT
from widgets.core.slider_values import read_slider_text

#: Seconds of this thread's CPU one call may take: the bugs held a core for minutes, a read takes
#: milliseconds.  CPU time, not wall time, so a loaded machine does not fail the suite.
BOUND = 1.0
#: Seconds of wall time after which a call stuck inside C (``10**999999999``) ends the test process
#: with every thread's traceback: the run fails instead of hanging.
BACKSTOP = 60


def bounded(call, *args, **kwargs):
    """``call(*args, **kwargs)``, failing the test if it took more than `BOUND` seconds of CPU."""
    faulthandler.dump_traceback_later(BACKSTOP, exit=True)
    start = time.thread_time()
    try:
        return call(*args, **kwargs)
    finally:
        faulthandler.cancel_dump_traceback_later()
        spent = time.thread_time() - start
        assert spent < BOUND, f"{call.__name__} took {spent:.1f} s of CPU"


# -- hostile text -------------------------------------------------------------------------

#: Pieces repeated into long runs: spaces of several kinds, digits (ASCII and other scripts),
#: signs, brackets, exponents, the words and marks the shape and number readers look for.
_PIECES = (
    " ", "\t", "\n", "\u00a0", "\u2003", "0", "9", "1e9", "e", "-", "−", "–", "+", "/", "*", "·", "×",
    "(", ")", "[", "]", "{", "}", ",", ";", ".", "½", "x", "by", "-by-", "R", "ℝ", "^", "⁴", "ˣ",
    "\\mathbb", "\\times", "\\,", "٣", "１", "𝟙", "&", "=", "%", "%2", "A=", "none", "'", "\x00",
)
#: Starts and ends that leave a parser half way: a long run between them is where backtracking bites.
_EDGES = (
    "", "4", "4 by", "4x", "(4,", "R^{4", "ℝ^(4 x", "\\mathbb", "1e", "1e+", "1e999999999", "1/", "-",
    "1e999999999/3", "(", "does not", "x", "!", "3)", "A=1,", "seed=", "ML1-",
)
_SHORT = st.text(max_size=12)
_RUN = st.builds(lambda piece, count: piece * count, st.sampled_from(_PIECES), st.integers(1, 20_000))
#: A start, a long run, an end; or short text of any kind; or pieces side by side.
HOSTILE = st.one_of(
    st.builds(lambda a, run, b: a + run + b, st.sampled_from(_EDGES) | _SHORT, _RUN, st.sampled_from(_EDGES) | _SHORT),
    _SHORT,
    st.lists(st.sampled_from(_PIECES + _EDGES), max_size=40).map("".join),
    st.builds(lambda n: "(" * n + "1" + ")" * n, st.integers(0, 20_000)),
    st.builds(lambda digits, exponent, sign: f"{digits}e{sign}{exponent}",
              st.integers(0, 10**30).map(str), st.integers(0, 10**12), st.sampled_from(("", "+", "-"))),
)
_SETTINGS = settings(max_examples=60, deadline=None)


def _refusal_of(text, what, longest):
    """The start of every message refusing `text`: the text quoted (its start, when longer than `longest`)."""
    return f"{text!r} is not {what}" if len(text) <= longest else f"{text[:40] + '…'!r} is not {what}"


# -- numbers, shapes, slider entries -----------------------------------------------------------

@_SETTINGS
@given(HOSTILE, st.booleans())
@example("1e999999999/3", False)
@example("1e999999999", True)
def test_parse_number_reads_or_refuses_hostile_text_quickly(text, decimal_comma):
    try:
        value = bounded(parse_number, text, decimal_comma=decimal_comma)
    except ValueError as error:
        assert str(error).startswith(_refusal_of(text, "a number", MAX_ARITHMETIC)), str(error)[:300]
    else:
        assert isinstance(value, float) and math.isfinite(value)


@_SETTINGS
@given(HOSTILE, st.booleans())
@example(" " * 64_000, False)
@example(" " * 64_000, True)
def test_parse_shape_reads_or_refuses_hostile_text_quickly(text, none):
    try:
        shape = bounded(parse_shape, text, none=none)
    except ValueError as error:
        assert str(error).startswith(_refusal_of(text, "a shape", MAX_SHAPE)), str(error)[:300]
    else:  # two sizes, or "none" where that may be the answer
        assert (none and shape == NO_PRODUCT) or (
            len(shape) == 2 and all(isinstance(size, int) and size >= 0 for size in shape))


@_SETTINGS
@given(HOSTILE)
def test_a_slider_entry_reads_or_refuses_hostile_text_quickly(text):
    try:
        value = bounded(read_slider_text, text, -10, 10, 0.5, name="k")
    except ValueError as error:
        assert str(error).startswith("k"), str(error)[:300]
    else:
        assert -10 <= value <= 10


@pytest.mark.parametrize(
    "text, says",
    [
        ("1e999999999/3", "'1e999999999/3' is not a number: its exponent is out of range"),  # held a core for good
        ("1e999999999", "'1e999999999' is not a number: its exponent is out of range"),
        ("-1e-9999999/7", "'-1e-9999999/7' is not a number: its exponent is out of range"),
        ("1e1000", "'1e1000' is not a number: its exponent is out of range"),
        ("1e" + "9" * 190, "is not a number: its exponent is out of range"),
        ("(" * 10_000, f"is not a number: it is too long (over {MAX_ARITHMETIC} characters)"),
        (" " * 64_000 + "1", f"is not a number: it is too long (over {MAX_ARITHMETIC} characters)"),
        ("1" * 10**6, f"is not a number: it is too long (over {MAX_ARITHMETIC} characters)"),
        ("(" * 21 + "1" + ")" * 21, "too many brackets inside each other"),
    ],
)
def test_a_number_that_would_take_long_to_read_is_refused_at_once(text, says):
    with pytest.raises(ValueError) as info:
        bounded(parse_number, text)
    assert says in str(info.value) and len(str(info.value)) < 300  # quoted whole up to 200 characters


def test_exponents_up_to_999_are_still_read():
    assert parse_number("1e999/1e999") == 1.0
    assert parse_number("1e-999") == 0.0 and parse_number("2.5e-3") == 0.0025
    assert parse_number(" " * 100 + "3/4" + " " * 90) == 0.75  # spaces a cell pads with: within the length


@pytest.mark.parametrize("text", [" " * 64_000, "4 by" + " " * 64_000 + "x", "ℝ^{" * 30_000, "(" * 10_000])
def test_a_shape_that_would_take_long_to_read_is_refused_at_once(text):
    with pytest.raises(ValueError) as info:
        bounded(parse_shape, text, none=True)
    assert str(info.value) == f"{text[:40] + '…'!r} is not a shape: it is too long to read as a shape " \
                              f"(over {MAX_SHAPE} characters)"


def test_shapes_with_spaces_between_their_parts_are_still_read():
    assert parse_shape("  4  -  by  -  2  ") == (4, 2)
    assert parse_shape("( 4 , 2 )") == (4, 2) and parse_shape("4 by2") == (4, 2) and parse_shape("4-by 2") == (4, 2)
    assert parse_shape(r" \mathbb {R} ^ { 4 \times 2 } ") == (4, 2) and parse_shape(r"\mathbb R^{4\times 2}") == (4, 2)
    assert parse_shape(" R ^ [ 3 x 1 ] ") == (3, 1)


# -- every pattern in the layers that read what arrives -------------------------------------------

def _patterns():
    """Each compiled pattern a module of widgets.core or widgets.text keeps (alone or in a tuple), by name."""
    found = {}
    for package in (widgets.core, widgets.text):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if isinstance(value, re.Pattern):
                    found.setdefault(value, f"{info.name}.{name}")
                elif isinstance(value, tuple):  # (pattern, replacement) pairs, as _SHAPE_SPELLINGS
                    items = [item for pair in value for item in (pair if isinstance(pair, tuple) else (pair,))]
                    for k, pattern in enumerate(item for item in items if isinstance(item, re.Pattern)):
                        found.setdefault(pattern, f"{info.name}.{name}[{k}]")
    return {name: pattern for pattern, name in found.items()}


_PATTERNS = _patterns()


def test_the_pattern_scan_finds_the_readers():
    assert {"widgets.core.parsing._NUMBER_RE", "widgets.core.parsing._SHAPE_RE", "widgets.core.parsing._SPACE_RE",
            "widgets.core.parsing._SHAPE_SPELLINGS[0]", "widgets.text.numbers._EXPONENT"} <= set(_PATTERNS)


@pytest.mark.parametrize("name", sorted(_PATTERNS))
def test_no_pattern_splits_a_long_run_two_ways(name):
    """A run of 100,000 between a start and an end that fails is read in one pass by every pattern: none
    has two pieces that can share the run (``\\s*-?\\s*``, ``0*[0-9]+``), which retry every split of it."""
    pattern = _PATTERNS[name]
    for start in ("", "4", "4 by", "4x", "(", "R ^ {4", "\\mathbb", "1e+", "1/", "a_", "#"):
        for piece in (" ", "0", "1", "-", "x", "{"):
            bounded(pattern.fullmatch, start + piece * 100_000 + "!")


# -- a lab's link ---------------------------------------------------------------------------

_QUERY = st.lists(
    st.tuples(st.sampled_from(("A", "a", "B", "seed", "presenter", "theme", "")) | _SHORT, HOSTILE),
    max_size=4,
).map(lambda pairs: "&".join(f"{quote(name)}={quote(value, safe=';,')}" for name, value in pairs))


@_SETTINGS
@given(HOSTILE)
def test_a_matrix_in_a_link_reads_or_refuses_hostile_text_quickly(text):
    try:
        matrix = bounded(parse_matrix_param, text, "A")
    except ValueError as error:
        assert str(error).startswith("A") and len(str(error)) < 300, str(error)[:300]
    else:
        assert matrix.ndim == 2 and matrix.size <= 36 and np.all(np.abs(matrix) <= 1e6)


@_SETTINGS
@given(_QUERY | HOSTILE)
def test_a_link_reads_or_refuses_hostile_queries_quickly(query):
    presets, errors = bounded(parse_presets, query, ["A", "B"])
    assert set(presets) <= {"A", "B"} and all(len(error) < 400 for error in errors)
    assert len(errors) <= 4  # each refusal once, however often the link repeats it
    try:
        seed = bounded(query_seed, query, 999)
    except ValueError as error:
        assert str(error).startswith("seed="), str(error)[:300]
    else:
        assert seed is None or 0 <= seed <= 999
    try:
        flag = bounded(query_flag, query, "presenter")
    except ValueError as error:
        assert str(error).startswith("presenter="), str(error)[:300]
    else:
        assert flag in (None, True, False)


def test_a_link_repeating_a_name_shows_each_refusal_once():
    presets, errors = bounded(parse_presets, "a=1&" * 10_000 + "A=1&" * 10_000 + "B=x&" * 10_000, ["A", "B"])
    assert presets == {"A": np.array([[1.0]])} and errors == [
        "'a' in the link is not a matrix of this lab; did you mean A? (names are case-sensitive)",
        "A is given more than once in the link; using the last one",
        "B is given more than once in the link; using the last one",
        "B from the link: 'x' — B[1,1]: 'x' is not a number; using the lab's default",
    ]


def test_a_huge_query_is_split_quickly():
    assert len(bounded(query_params, "A=" + "%25" * 300_000 + "&" * 300_000 + "seed=1")) == 2
    with pytest.raises(ValueError, match=r"^seed='9{39}…' is not understood: use a whole number from 0 to 999$"):
        bounded(query_seed, "seed=" + "9" * 100_000, 999)


# -- progress codes and records ----------------------------------------------------------------

def _code_of(text: bytes) -> str:
    """A code as `write_code` makes one, around any bytes."""
    return "ML1-" + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


#: JSON a record or a code may hold: deep, wide, huge numbers, long strings, constants JSON lacks.
_HOSTILE_JSON = st.one_of(
    st.builds(lambda n: "[" * n + "]" * n, st.integers(1, 20_000)),
    st.builds(lambda n: '{"a":' * n + "1" + "}" * n, st.integers(1, 5_000)),
    st.builds(lambda n: '{"v":' + "9" * n + "}", st.integers(1, 20_000)),
    st.builds(lambda exponent: f'{{"v":1e{exponent},"checks":{{}}}}', st.integers(-10**7, 10**7)),
    st.builds(lambda n: json.dumps({"v": 3, "checks": {}, "practice": {}, "total": 0, "answers": {"a": "x" * n}}),
              st.integers(0, 30_000)),
    st.sampled_from(("NaN", "Infinity", '{"v": NaN}', '{"v": 1, "checks": {"a": Infinity}}', "\ud800", '"\\ud800"')),
    HOSTILE,
)


@_SETTINGS
@given(_HOSTILE_JSON)
def test_a_record_reads_or_refuses_hostile_text_quickly(text):
    record, problem = bounded(read_record, text)
    assert isinstance(record, Record) and isinstance(problem, str)
    if problem:
        assert record == Record()


@_SETTINGS
@given(_HOSTILE_JSON | HOSTILE)
def test_a_progress_code_reads_or_refuses_hostile_text_quickly(text):
    for code in (text, _code_of(text.encode("utf-8", "surrogatepass")),
                 write_code({"02-entry": text}), _code_of(json.dumps({"02-entry": text}).encode())):
        records, problem = bounded(read_code, code)
        if problem:
            assert records == {}
        else:
            assert all(not read_record(record)[1] for record in records.values())


@pytest.mark.parametrize("inflated", [
    b" " * 10**7,  # 10 MB of spaces in a code of 14 KB
    b"[" * 10**6,  # nested a million deep
    b'{"02-x": "' + b"x" * 10**6 + b'"}',
])
def test_a_code_that_inflates_to_a_bomb_is_refused_at_once(inflated):
    records, problem = bounded(read_code, _code_of(inflated))
    assert records == {} and problem in ("it is too long", "it is incomplete or mistyped", "it is not a progress "
                                         "code of these labs")
