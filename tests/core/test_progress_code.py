"""widgets.core.progress_code: a whole course's progress as one code, read back strictly."""

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.progress_code import MAX_CODE, read_code, write_code
from widgets.core.progress_record import PracticeRecord, Record, write_record

records = st.dictionaries(
    st.sampled_from(["01-product-by-columns", "02-entry-dot-product", "09-softmax-weights", "review"]),
    st.builds(lambda solved, history: write_record(Record({"activity": solved}, {
        "practice": PracticeRecord(3, history, 2, "entry")}, 4)),
        st.sampled_from(["solved", "shown"]), st.text(alphabet="rashk", max_size=40)),
)


@settings(max_examples=200, deadline=None)
@given(records)
def test_a_code_reads_back_the_records_it_was_made_of_even_split_over_lines(kept):
    code = write_code(kept)
    assert read_code(code) == (kept, "")
    assert read_code("\n".join(code[k:k + 30] for k in range(0, len(code), 30))) == (kept, "")


def test_a_whole_course_is_a_code_of_a_few_hundred_characters():
    course = {f"0{k}-lab": write_record(Record({f"check_{j}": "solved" for j in range(8)}, {
        "practice": PracticeRecord(123456, "rrsarrhkrr", 9, "entry")}, 8)) for k in range(1, 10)}
    assert len(write_code(course)) < 1000


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_and_never_raises(text):
    kept, problem = read_code(text)
    assert isinstance(kept, dict) and isinstance(problem, str) and not (kept and problem)


def pack(value):
    return "ML1-" + base64.urlsafe_b64encode(zlib.compress(json.dumps(value).encode())).decode()


@pytest.mark.parametrize("code, problem", [
    ("ML1-" + "A" * MAX_CODE, "it is too long"),
    ("ML1-" + base64.urlsafe_b64encode(zlib.compress(b" " * 10**7, 9)).decode(), "it is too long"),  # 10 MB inflated
    ("ML1-!!!!", "it is incomplete or mistyped"),
    (write_code({"02-x": write_record(Record())})[:-3], "it is incomplete or mistyped"),
    (pack(["02-x"]), "it is not a progress code of these labs"),
    (pack({"../../etc": write_record(Record())}), "it is not a progress code of these labs"),
    (pack({"02-x": {"v": 2}}), "it is not a progress code of these labs"),
    (pack({"02-x": '{"v": 1, "checks": {"a": "<script>"}}'}), "the record of 02-x in it cannot be read"),
])
def test_a_damaged_or_foreign_code_is_refused_with_the_reason(code, problem):
    assert read_code(code) == ({}, problem)
