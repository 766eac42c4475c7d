"""Matrices preset by a link: strict parsing, escaped messages, and where the query string comes from.

The browser side (a real preheated Voila) is in ``test_lecture_features.py``.
"""
from __future__ import annotations

import html
import math
from html.parser import HTMLParser
from unittest import mock
from urllib.parse import quote

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from traitlets import TraitError

import widgets.core.presets as presets
import widgets.lecture.query as query
from widgets.controls.matrix_editor import MatrixEditor
from widgets.core.presets import (
    MAX_ENTRIES,
    parse_matrix_param,
    parse_presets,
    query_flag,
    query_params,
)
from widgets.labs.attention_explorer import AttentionExplorer
from widgets.lecture.bar import LectureBar, PresetStatus, apply_presets, presenter_css
from widgets.lecture.query import read_query_string

# --- parse_matrix_param -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1,2;3,4", [[1, 2], [3, 4]]),
        ("5;6", [[5], [6]]),
        ("7", [[7]]),
        (" 1 , -2 ; 3/4 , 1e-3 ", [[1, -2], [0.75, 0.001]]),
        ("\N{MINUS SIGN}1,+2", [[-1, 2]]),
        ("1e+3,0", [[1000, 0]]),
    ],
)
def test_parse_matrix_param_reads_rows_and_entries(text, expected):
    got = parse_matrix_param(text, "A")
    assert got.dtype == float and got.ndim == 2
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(
    "text, message",
    [
        ("1,x;3,4", "A[1,2]: 'x' is not a number"),
        ("1,2;3", "A: row 2 has 1 entry but row 1 has 2"),
        ("1;2,3,4", "A: row 2 has 3 entries but row 1 has 1"),
        ("1,,2", "A[1,2] is empty"),
        ("1,2;", "A[2,1] is empty"),
        ("", "A is empty"),
        ("   ", "A is empty"),
        ("1/0", "A[1,1]: '1/0' is not a number: division by zero"),
        ("1e400", "A[1,1]: '1e400' is not a number: it is too large"),
        ("2e6", "A[1,1] = 2e+06 is too large"),
        ("0x10", "A[1,1]: '0x10' is not a number"),
        ("1_000", "A[1,1]: '1_000' is not a number"),
        ("__import__('os')", "A[1,1]: '__import__('os')' is not a number"),
        (" 1 , y ", "A[1,2]: 'y' is not a number"),
        ("[[1, 2]]", "A[1,1]: '[[1' is not a number"),
    ],
)
def test_parse_matrix_param_explains_bad_text(text, message):
    with pytest.raises(ValueError) as info:
        parse_matrix_param(text, "A")
    assert str(info.value).startswith(message), str(info.value)


def test_parse_matrix_param_limits_entries_and_magnitude():
    with pytest.raises(ValueError, match=r"^B has 37 entries; a link may give at most 36$"):
        parse_matrix_param(",".join(["1"] * 37), "B")
    assert parse_matrix_param(",".join(["1"] * 36), "B").shape == (1, 36)
    with pytest.raises(ValueError, match="b\\[2,1\\] = 11 is too large: keep entries between -10 and 10"):
        parse_matrix_param("1;11", "b", max_abs=10)


def test_huge_input_is_refused_before_it_is_split(monkeypatch):
    """Refused on its length: not one of its million entries is read (was a timed assert, < 1 s, which
    a loaded machine failed)."""
    read = []
    monkeypatch.setattr(presets, "parse_number", lambda text, **options: read.append(text) or 1.0)
    huge = "1," * 1_000_000 + "1"
    with pytest.raises(ValueError, match=r"^A: the text is too long \(2000001 characters\)$"):
        parse_matrix_param(huge, "A")
    query = "&".join([f"A={huge}", "theme=dark", *(f"junk{i}=1" for i in range(20_000))])
    found, errors = parse_presets(query, ["A", "B"])
    assert found == {} and len(errors) == 1 and "too long" in errors[0]
    assert read == []
    assert parse_matrix_param("1,2", "A").shape == (1, 2) and read == ["1", "2"]  # the patch is the one used


# --- parse_presets ----------------------------------------------------------------


def test_parse_presets_reads_allowed_names_and_ignores_others():
    found, errors = parse_presets(
        "theme=dark&A=1,2;3,4&presenter=1&B=5;6&unknown=%3Cscript%3E", ["A", "B", "C"]
    )
    assert errors == []
    assert sorted(found) == ["A", "B"]
    np.testing.assert_array_equal(found["B"], [[5], [6]])


def test_parse_presets_percent_decodes_and_keeps_plus_signs():
    found, errors = parse_presets(f"A={quote('1, 2; 3/4, 1e+2')}&B=1e+2", ["A", "B"])
    assert errors == []
    np.testing.assert_array_equal(found["A"], [[1, 2], [0.75, 100]])
    assert found["B"][0, 0] == 100


def test_parse_presets_message_names_parameter_text_and_default():
    found, errors = parse_presets("A=1,x;3,4", ["A"])
    assert found == {}
    assert errors == [
        "A from the link: '1,x;3,4' — A[1,2]: 'x' is not a number; using the lab's default"
    ]


def test_parse_presets_checks_fixed_shapes():
    shapes = {"W": (2, 2), "b": (2, 1), "X": (None, 2), "Y": (3, None)}
    query = "W=1,2;3,4&b=1,2&X=1,2;3,4;5,6&Y=1,2"
    found, errors = parse_presets(query, ["W", "b", "X", "Y"], shapes=shapes)
    assert sorted(found) == ["W", "X"]
    assert [e.split(" — ")[1] for e in errors] == [
        "b must be 2×1 here, got 1×2; using the lab's default",
        "Y must have 3 rows here, got 1×2; using the lab's default",
    ]


def test_parse_presets_reports_duplicates_and_wrong_case():
    found, errors = parse_presets("A=1&A=2&w=1,2", ["A", "W"])
    np.testing.assert_array_equal(found["A"], [[2]])
    assert errors == [
        "A is given more than once in the link; using the last one",
        "'w' in the link is not a matrix of this lab; did you mean W? (names are case-sensitive)",
    ]


def test_parse_presets_echo_is_short_and_printable():
    found, errors = parse_presets("A=" + quote("x\n\x00" + "y" * 500), ["A"])
    message = errors[0]
    assert "\n" not in message and "\x00" not in message
    assert message.startswith("A from the link: 'x\N{REPLACEMENT CHARACTER}\N{REPLACEMENT CHARACTER}yyy")
    assert "…'" in message and len(message) < 200


def test_query_params_and_flags():
    assert query_params("") == [] and query_params("&&") == []
    assert query_params("a=1=2&b") == [("a", "1=2"), ("b", "")]
    assert query_flag("presenter", "presenter") is True
    assert query_flag("presenter=on&presenter=off", "presenter") is False
    assert query_flag("presenter=TRUE", "presenter") is True
    assert query_flag("theme=dark", "presenter") is None
    with pytest.raises(ValueError, match="presenter='<b>' is not understood"):
        query_flag("presenter=%3Cb%3E", "presenter")


# --- properties -----------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200) | st.text(alphabet="0123456789,;.-+e/ x<>'\"()", max_size=60))
def test_any_text_gives_a_matrix_or_a_value_error_and_never_evaluates(text):
    with mock.patch("builtins.eval", side_effect=AssertionError("eval")), \
            mock.patch("builtins.exec", side_effect=AssertionError("exec")):
        try:
            got = parse_matrix_param(text, "A")
        except ValueError as error:
            assert str(error).startswith("A")
        else:
            assert got.ndim == 2 and 1 <= got.size <= MAX_ENTRIES
            assert np.all(np.isfinite(got)) and np.all(np.abs(got) <= presets.MAX_ABS)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_query_string_gives_matrices_and_messages(query):
    found, errors = parse_presets(query, ["A", "B", "W_Q"])
    assert set(found) <= {"A", "B", "W_Q"}
    assert all(isinstance(e, str) and "\n" not in e for e in errors)
    assert all(np.all(np.isfinite(m)) for m in found.values())


finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@settings(max_examples=200)
@given(st.integers(1, 6).flatmap(lambda r: st.integers(1, 6).flatmap(
    lambda c: st.lists(st.lists(finite, min_size=c, max_size=c), min_size=r, max_size=r))))
def test_a_written_matrix_reads_back_exactly(rows):
    text = ";".join(",".join(repr(x) for x in row) for row in rows)
    found, errors = parse_presets("A=" + quote(text, safe=""), ["A"])
    assert errors == []
    np.testing.assert_array_equal(found["A"], np.array(rows) + 0.0)


# --- read_query_string: where the link comes from -------------------------------------


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("VOILA_PREHEAT", "QUERY_STRING"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(query, "_preheat_query", None)
    return monkeypatch


def test_outside_voila_there_is_no_link_and_no_wait(clean_env):
    clean_env.setenv("QUERY_STRING", "A=1")  # JupyterLab started from a CGI shell, say
    with mock.patch.object(query, "_request_info_from_voila", side_effect=AssertionError("waited")):
        assert read_query_string() == ""


def test_fresh_voila_kernel_reads_the_environment(clean_env):
    clean_env.setenv("VOILA_PREHEAT", "False")
    clean_env.setenv("QUERY_STRING", "A=1,2&theme=dark")
    with mock.patch.object(query, "_request_info_from_voila", side_effect=AssertionError("waited")):
        assert read_query_string() == "A=1,2&theme=dark"


def test_preheated_kernel_waits_once_for_the_page_request(clean_env):
    clean_env.setenv("VOILA_PREHEAT", "True")
    clean_env.setattr(query.os, "environ", dict(query.os.environ))  # it records the request
    with mock.patch.object(query, "_request_info_from_voila", return_value={"QUERY_STRING": "A=3"}) as wait:
        assert read_query_string() == "A=3"
        assert read_query_string() == "A=3"  # Voila sends the request only once
    assert wait.call_count == 1


def test_preheated_kernel_without_a_server_renders_the_defaults(clean_env):
    clean_env.setenv("VOILA_PREHEAT", "True")
    with mock.patch.object(query, "_request_info_from_voila", side_effect=OSError("no server")):
        assert read_query_string() == ""
    with mock.patch.object(query, "_request_info_from_voila", return_value={}):
        clean_env.setattr(query, "_preheat_query", None)
        assert read_query_string() == ""


# --- the widgets: status line, applying presets, presenter mode -----------------------


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


OUR_ATTRIBUTES = {"role", "style", "class"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_status_escapes_everything_from_the_url(text):
    status = PresetStatus()
    status.applied = [text]
    status.errors = [f"A from the link: {text}", "<script>alert(1)</script>"]
    parser = _Tags()
    parser.feed(status.value)
    parser.close()
    assert {tag for tag, _ in parser.tags} <= {"div", "span", "b", "br"}
    assert all(set(attrs) <= OUR_ATTRIBUTES for _, attrs in parser.tags)
    shown = "".join(parser.text)
    assert html.unescape(html.escape(text)) in shown and "<script>alert(1)</script>" in shown


def test_status_is_empty_until_something_happens():
    status = PresetStatus()
    assert status.value == ""
    status.errors = ["A from the link: '<script>' — nope; using the lab's default"]
    assert 'role="alert"' in status.value
    assert "&lt;script&gt;" in status.value and "<script>" not in status.value
    status.errors = []
    assert status.value == ""


def editors():
    A = MatrixEditor([[1, 2], [3, 4]], name="A", resizable=True, max_shape=(3, 3))
    B = MatrixEditor([[5], [6]], name="B")
    return {"A": A, "B": B}


def test_apply_presets_sets_editors_and_reports():
    eds, status = editors(), PresetStatus()
    applied = apply_presets(eds, status, query_string="A=2,0,0;0,1,0&B=1,x&theme=dark")
    assert list(applied) == ["A"]
    np.testing.assert_array_equal(eds["A"].value, [[2, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(eds["B"].value, [[5], [6]])
    assert status.applied == ["A (2×3)"]
    assert status.errors == [
        "B from the link: '1,x' — B[1,2]: 'x' is not a number; using the lab's default"
    ]


def test_apply_presets_keeps_the_default_when_the_editor_refuses():
    eds, status = editors(), PresetStatus()
    apply_presets(eds, status, query_string="A=" + ";".join(["1,2,3,4"] * 4))
    np.testing.assert_array_equal(eds["A"].value, [[1, 2], [3, 4]])
    assert status.errors == [
        "A from the link — A must be between 1×1 and 3×3, got 4×4; using the lab's default"
    ]


def test_apply_presets_notices_a_lab_that_reverts_the_value():
    eds, status = editors(), PresetStatus()
    B = eds["B"]

    def refuse_big(change):  # as lab 6 does with entries beyond its plot's range
        if change["new"][0, 0] > 9:
            B.value = change["old"]

    B.observe(refuse_big, "value")
    assert apply_presets(eds, status, query_string="B=10;0") == {}
    assert status.errors == [
        "B from the link — the lab did not accept these numbers; using the lab's default"
    ]


def test_apply_presets_undoes_matrices_that_do_not_fit_together():
    eds, status = editors(), PresetStatus()

    def check():
        a, b = eds["A"].shape, eds["B"].shape
        return "" if a[1] == b[0] else f"A is {a[0]}×{a[1]} and B is {b[0]}×{b[1]}"

    assert apply_presets(eds, status, query_string="A=1,2,3&B=1;2", check=check) == {}
    np.testing.assert_array_equal(eds["A"].value, [[1, 2], [3, 4]])
    np.testing.assert_array_equal(eds["B"].value, [[5], [6]])
    assert status.applied == []
    assert status.errors == [
        "A and B from the link do not fit together — A is 1×3 and B is 2×1; using the lab's defaults"
    ]
    assert list(apply_presets(eds, status, query_string="A=1,2,3&B=1;2;3", check=check)) == ["A", "B"]


def test_apply_presets_on_an_explorer_follows_its_coupled_shapes():
    ex = AttentionExplorer([[1, 0, 1], [0, 2, 0]], *([[1, 0], [0, 1], [1, 1]],) * 3)
    eds = {name: getattr(ex, f"{name}_editor") for name in ("X", "W_Q", "W_K", "W_V")}
    status = PresetStatus()
    # X with 2 features: the explorer trims its weights' rows to match, so W_V fits.
    applied = apply_presets(eds, status, query_string="X=1,0;0,1;1,1&W_V=2,0;0,2", check=lambda: ex.error)
    assert list(applied) == ["X", "W_V"] and ex.error == ""
    assert ex.result.H.shape == (3, 2) and ex.W_Q_editor.shape == (2, 2)
    # X with 1 feature trims the weights to one row; W_K 3 wide cannot meet W_Q 2 wide:
    # everything goes back, the rows the trim dropped included.
    before = {name: editor.value for name, editor in eds.items()}
    assert apply_presets(eds, status, query_string="X=1;2;3&W_K=1,0,0", check=lambda: ex.error) == {}
    assert ex.error == ""
    assert all(np.array_equal(eds[name].value, before[name]) for name in eds)
    assert status.errors[0].startswith(
        "X and W_K from the link do not fit together — W_Q is 1×2 and W_K is 1×3"
    )


def test_apply_presets_without_a_link_changes_nothing():
    eds, status = editors(), PresetStatus()
    changes = []
    eds["A"].observe(changes.append, "value")
    assert apply_presets(eds, status) == {}  # outside Voila: no link
    assert changes == [] and status.value == ""


def test_lecture_bar_toggle_and_link_drive_presenter_mode():
    bar = LectureBar()
    assert bar.presenter is False and bar.style_sheet == "" and bar._style.value == ""
    bar.toggle.value = True  # a click
    assert bar.presenter is True
    assert bar._style.value == f"<style>{presenter_css()}</style>"
    assert "zoom: 1.3" in bar.style_sheet and "color" not in bar.style_sheet
    bar.presenter = False
    assert bar.toggle.value is False and bar._style.value == ""

    eds = editors()
    applied = bar.apply_url(eds, query_string="presenter=1&A=0,1;1,0")
    assert bar.presenter is True and bar.toggle.value is True and list(applied) == ["A"]
    assert bar.status.applied == ["A (2×2)"]
    bar.apply_url(query_string="presenter=loud")
    assert bar.presenter is True  # unchanged
    assert bar.status.errors == ["presenter='loud' is not understood: use presenter=1 or presenter=0"]


def test_presenter_css_zooms_plot_drawings_back_and_enlarges_their_axes():
    # bqplot draws the size it measures on screen, already zoomed: its drawing is zoomed back.
    css = presenter_css(1.25)
    assert "#rendered_cells > * { zoom: 1.25; }" in css
    assert "#rendered_cells .bqplot > svg, #rendered_cells .bqplot > canvas { zoom: 0.8; }" in css
    assert "--bq-axis-tick-text-font: 15px sans-serif; --bq-axislabel-font: 17.5px sans-serif;" in css
    assert "color" not in css  # both themes keep their colours
    with pytest.raises(ValueError, match="zoom must be between 0.5 and 3, got 0.2"):
        presenter_css(0.2)


def test_lecture_bar_state_and_bounds():
    bar = LectureBar(presenter=True, zoom=1.5)
    state = bar._style.get_state()
    assert state["value"] == f"<style>{presenter_css(1.5)}</style>"
    assert "#rendered_cells > * { zoom: 1.5; }" in state["value"]
    with pytest.raises(TraitError, match="zoom must be between 0.5 and 3, got 10"):
        LectureBar(zoom=10)
    assert math.isclose(LectureBar().zoom, 1.3)

