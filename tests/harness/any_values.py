"""Any value a widget may be given, and what must hold after (the property tests of every layer).

For each widget exported by `widgets` that holds state, the `test_*_values`
modules (controls, views, labs, lecture) mix random sequences of programmatic
sets (any shape, huge and tiny numbers, nan and inf, empty matrices and wrong
types) with what the browser sends (a cell's text, a slider's value, a
picker, a click, a Check's answer).  The rules:

* a programmatic set either succeeds or raises `traitlets.TraitError` (or a
  `ValueError`) whose message names what was wrong, and a refused set
  changes nothing;
* what the browser sends never raises: a bad entry is explained in the
  widget and the last valid state is kept;
* attention weights stay nonnegative and add to 1 within 1e-12;
* fixing the input recovers.

The parsers, the editor's text handling, the weight sliders' moves and the
link presets have their own property tests (test_parsing, test_matrix_editor,
test_weight_sliders, test_presets); these tests go after everything else.
This module holds their strategies and checks.
"""

import math

import numpy as np
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from traitlets import TraitError

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- strategies ----------------------------------------------------------------

EDGE_NUMBERS = [
    0.0, -0.0, 1.0, -1.0, 0.5, 5e-324, -5e-324, 1e-300, 2.2250738585072014e-308,
    1e154, 1e200, 1e300, -1e300, 1.7976931348623157e308, -1.7976931348623157e308,
]
#: Any finite float, with the extremes (huge, tiny, subnormal, -0.0) often.
NUMBER = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(EDGE_NUMBERS))
SMALL = st.floats(-10, 10, allow_nan=False).map(lambda x: round(x, 2))
NON_FINITE = st.sampled_from([math.nan, math.inf, -math.inf])


def matrices(max_rows=4, max_cols=4, elements=NUMBER, min_rows=1, min_cols=1):
    """Matrices as nested lists or float arrays."""
    def build(shape):
        rows, cols = shape
        as_lists = st.lists(
            st.lists(elements, min_size=cols, max_size=cols), min_size=rows, max_size=rows
        )
        return st.one_of(as_lists, as_lists.map(lambda m: np.array(m, dtype=float)))

    return st.tuples(
        st.integers(min_rows, max_rows), st.integers(min_cols, max_cols)
    ).flatmap(build)


def with_non_finite(matrix_strategy):
    """Matrices with one entry replaced by nan, inf or -inf."""
    def spoil(args):
        matrix, bad, i, j = args
        spoilt = np.array(matrix, dtype=float)
        spoilt[i % spoilt.shape[0], j % spoilt.shape[1]] = bad
        return spoilt

    return st.tuples(matrix_strategy, NON_FINITE, st.integers(0, 9), st.integers(0, 9)).map(spoil)


_FIXED_WRONG = [
    None, True, False, 0, 3.5, 1j, "", "abc", "1,2;3,4", b"12", {}, {"a": 1}, set(), (),
    [], [[]], [[], []], np.zeros((0, 3)), np.zeros((3, 0)), np.zeros(()), np.float64(2.0),
    [1, 2, 3], [[[1]]], [[1, 2], [3]], [[1], [2, 3]], [["a", 1]], [[None, 1]], [[1 + 2j, 1]],
    [[{}, 1]], [[[1, 2]], [[3, 4]]], np.array([[1, "x"]], dtype=object),
    np.array([[None]], dtype=object), np.array([[1 + 1j]]), [[10**400]], [[-(10**400), 1]],
    [[math.nan]], [[1, math.inf]], [[-math.inf]], object(), np.zeros((2, 2, 2)), range(3), print,
]

#: Values that are not a non-empty 2-D matrix of finite numbers.
WRONG_MATRIX = st.one_of(
    st.sampled_from(_FIXED_WRONG),
    st.text(max_size=8),
    st.complex_numbers(allow_nan=False, max_magnitude=10)
    .filter(lambda z: z.imag != 0)
    .map(lambda z: [[z, 1.0]]),
    st.dictionaries(st.text(max_size=3), SMALL, max_size=3),
    hnp.arrays(float, hnp.array_shapes(min_dims=3, max_dims=4, max_side=2), elements=SMALL),
    hnp.arrays(float, hnp.array_shapes(min_dims=0, max_dims=1, min_side=0, max_side=3),
               elements=SMALL),
    st.lists(st.lists(SMALL, min_size=1, max_size=3), min_size=1, max_size=3).map(
        lambda rows: rows + [[0.0] * (len(rows[0]) + 1)]  # ragged: one row longer
    ),
    st.lists(st.one_of(st.text(max_size=2), st.none(), st.dictionaries(st.text(), st.none())),
             min_size=1, max_size=3).map(lambda row: np.array([row], dtype=object)),
    with_non_finite(matrices(3, 3)),
)

#: Wrong values for scalar traits (bool, int, float, str traits refuse some of these).
WRONG_SCALAR = st.sampled_from(
    [None, "", "abc", "1", b"1", 1j, [], [1], (1, 2), {}, {"a": 1}, object(), np.zeros((2, 2)),
     math.nan, math.inf, -math.inf, 10**400, -(10**400), 2.5, -1]
)

#: Text a learner could type into a number box.
CELL_TEXT = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"\s?[-+−]?[0-9]{1,4}(\.[0-9]{1,3})?([eE][-+]?[0-9]{1,3})?(/[0-9]{1,3})?\s?",
                  fullmatch=True),
    st.sampled_from([
        "1e308", "-1e308", "1e309", "1.7976931348623157e308", "1e-320", "5e-324", "1e300",
        "1/0", "0/0", "nan", "inf", "-inf", "1e308/1e-10", "   ", "", "−3", "<b>1</b>",
        "1" * 400, "1" * 5000 + "/3", "0x10", "1_000", "3,5", "½", "١٢", "2+3",
    ]),
)


# -- helpers --------------------------------------------------------------------

def refused_or_done(action, *names):
    """Run a programmatic set; return True if it was accepted.

    A refusal must be a TraitError or ValueError whose message names one of
    `names`; any other exception fails the test.
    """
    try:
        action()
    except (TraitError, ValueError) as error:
        message = str(error)
        assert message.strip(), "empty error message"
        assert any(name in message for name in names if name), (
            f"the message does not say what was wrong (expected one of {names}): {message!r}"
        )
        return False
    return True


def frozen(value):
    """A comparable snapshot: arrays by dtype, shape and bits (nan-safe)."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, dict):
        return tuple(sorted((str(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def same_bits(a, b):
    return frozen(np.asarray(a, dtype=float)) == frozen(np.asarray(b, dtype=float))


def notifications(widget):
    """Every trait change of `widget`, to check a refused set sends none."""
    changes = []
    widget.observe(changes.append)
    return changes


def press(button):
    """Click `button` as the browser does, but let a handler's exception through.

    (`Button.click` logs what a handler raises; in Voila the learner would see
    a traceback or nothing at all.)
    """
    for handler in button._click_handlers.callbacks:
        handler(button)


def assert_matrix(value, shape=None):
    assert isinstance(value, np.ndarray) and value.dtype == np.float64
    assert value.ndim == 2 and value.shape[0] >= 1 and value.shape[1] >= 1
    assert np.isfinite(value).all()
    assert not value.flags.writeable
    if shape is not None:
        assert value.shape == shape


def assert_weight_rows(rows):
    rows = np.asarray(rows, dtype=float)
    assert np.isfinite(rows).all()
    assert (rows >= 0).all()
    for row in rows:
        assert abs(math.fsum(row) - 1.0) <= 1e-12, row


# -- read by the tests of more than one layer ----------------------------------

INDEX_ARG = st.one_of(st.none(), st.integers(-3, 8), WRONG_SCALAR, st.sampled_from([10**30, True]))
CELL_ARG = st.one_of(
    st.none(), st.tuples(st.integers(-2, 6), st.integers(-2, 6)),
    st.sampled_from(["ab", (1,), (1, 2, 3), (1.5, 0), [0, 0], (True, False), (10**30, 0),
                     ("0", "0")]),
)


def check_sliders(w):
    assert all(type(x) is float for x in w.value)
    assert_weight_rows([w.value])
    # Each slider shows its weight on the step, within one step, and together they add to 1.
    assert all(abs(s.value - x) < s.step + 1e-12 for s, x in zip(w.sliders, w.value))
    assert round(math.fsum(s.value for s in w.sliders), 9) == 1
    assert [s.disabled for s in w.sliders] == [k in w.locked for k in range(len(w.sliders))]
    assert [s.description for s in w.sliders] == list(w.labels)
    assert w.children[-1].value == f"sum = {math.fsum(w.value):.2f}"
