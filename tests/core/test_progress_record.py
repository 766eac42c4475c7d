"""widgets.core.progress_record: a record from the browser is read strictly, whatever it holds."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.mastery import MAX_HISTORY
from widgets.core.outcome import LETTERS
from widgets.core.progress_record import (
    MAX_ANSWER,
    MAX_CHARS,
    STATES,
    VERSION,
    PracticeRecord,
    Record,
    read_record,
    write_record,
)

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,20}", fullmatch=True)
stamps = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, MAX_HISTORY)), max_size=MAX_HISTORY)
practice_records = st.builds(
    lambda seed, history, solved, skill, at: PracticeRecord(seed, history, solved, skill, tuple(sorted(at))[:len(history)]),
    st.integers(0, 999_999), st.text(alphabet=LETTERS, max_size=MAX_HISTORY), st.integers(0, 10**6),
    st.sampled_from(["", "entry", "softmax"]), stamps)


rooms = st.one_of(st.just(()), st.tuples(st.integers(1, 2**53), st.from_regex(r"[0-9a-f]{32}", fullmatch=True)))


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(names, st.sampled_from(STATES), max_size=30),
       st.dictionaries(names, practice_records, max_size=5), st.integers(0, 200),
       st.dictionaries(names, st.text(max_size=MAX_ANSWER), max_size=10), rooms)
def test_what_is_written_reads_back_the_same(checks, practice, total, answers, room):
    record = Record(checks, practice, total, answers, room)
    assert read_record(write_record(record)) == (record, "")


def test_a_record_of_the_first_version_keeps_its_checks():
    assert read_record('{"v": 1, "checks": {"activity": "solved"}}') == (Record({"activity": "solved"}), "")


def test_a_record_of_the_second_version_keeps_its_practice_and_knows_only_two_states():
    practice = '{"practice": {"seed": 3, "history": "r", "solved": 1, "skill": "entry"}}'
    text = '{"v": 2, "checks": {"activity": "%s"}, "practice": %s, "total": 2}'
    assert read_record(text % ("solved", practice)) == (
        Record({"activity": "solved"}, {"practice": PracticeRecord(3, "r", 1, "entry")}, 2), "")
    assert read_record(text % ("helped", practice))[1] == "it is not a record of the labs"


def test_a_review_record_of_the_third_version_reads_with_its_outcomes_unplaced():
    """Before version 4 the review kept no order: its outcomes count as after the practice (mastery.place)."""
    entry = {"seed": 0, "history": "sr", "solved": 1, "skill": "entry"}
    text = json.dumps({"v": 3, "checks": {}, "practice": {"entry": entry}, "total": 0, "answers": {}})
    assert read_record(text) == (Record(practice={"entry": PracticeRecord(0, "sr", 1, "entry")}), "")
    assert read_record(text)[0].practice["entry"].at == ()
    placed = json.dumps({"v": 3, "checks": {}, "practice": {"entry": entry | {"at": [[0, 0]]}}, "total": 0,
                         "answers": {}})
    assert read_record(placed)[1] == "it is not a record of the labs"  # no `at` before version 4


def test_a_review_record_keeps_where_each_outcome_fell_and_writes_it_only_where_there_is_one():
    review = Record(practice={"entry": PracticeRecord(0, "srr", 2, "entry", ((3, 0), (5, 1)))})
    text = write_record(review)
    assert '"at":[[3,0],[5,1]]' in text and read_record(text) == (review, "")
    assert '"at"' not in write_record(Record(practice={"practice": PracticeRecord(8, "rs", 2, "entry")}))


@pytest.mark.parametrize("at", [[], [[0, 0]] * 4, [[5, 0], [3, 0]], [[0, 1], [0, 0]], [[0]], [[0, 0, 0]], [[-1, 0]],
                                [[0, MAX_HISTORY + 1]], [[True, 0]], [["a", 0]], [[0.5, 0]], {"0": 0}, "00", None])
def test_a_review_record_whose_places_are_damaged_is_set_aside(at):
    entry = {"seed": 0, "history": "srr", "solved": 2, "skill": "entry", "at": at}
    text = json.dumps({"v": VERSION, "checks": {}, "practice": {"entry": entry}, "total": 0, "answers": {}})
    assert read_record(text) == (Record(), "it is not a record of the labs")


def test_an_answer_too_long_is_refused_when_read_and_left_out_when_written():
    long = {"activity": "1" * (MAX_ANSWER + 1)}
    text = json.dumps({"v": VERSION, "checks": {}, "practice": {}, "total": 1, "answers": long})
    assert read_record(text)[1] == "it is not a record of the labs"
    assert read_record(write_record(Record(answers=long)))[0].answers == {}
    for answers in ({"activity": 4}, ["4"], {"not a name": "4"}):
        text = json.dumps({"v": VERSION, "checks": {}, "practice": {}, "total": 1, "answers": answers})
        assert read_record(text)[1] == "it is not a record of the labs"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=100).map(lambda b: b.decode("latin-1")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                              max_leaves=12).map(json.dumps)))
def test_any_text_is_read_or_set_aside_and_never_raises(text):
    record, problem = read_record(text)
    assert isinstance(record, Record) and isinstance(problem, str)
    assert not ((record.checks or record.practice) and problem)
    assert all(state in STATES for state in record.checks.values())
    assert all(isinstance(kept, PracticeRecord) for kept in record.practice.values())


@pytest.mark.parametrize("text, problem", [
    ("{", "it is not a record of the labs"),
    ("[1, 2]", "it is not a record of the labs"),
    ('{"v": true, "checks": {}}', "it is not a record of the labs"),
    ('{"v": 1, "checks": {"activity": "solved"}, "extra": 1}', "it is not a record of the labs"),
    ('{"v": 1, "checks": {"no such name!": "solved"}}', "it is not a record of the labs"),
    ('{"v": 1, "checks": {"activity": 1}}', "it is not a record of the labs"),
    ('{"v": 1, "checks": []}', "it is not a record of the labs"),
    ('{"v": 1, "checks": {}, "practice": {}}', "it is not a record of the labs"),  # not in version 1
    ('{"v": 2, "checks": {}, "practice": {}}', "it is not a record of the labs"),  # no total
    ('{"v": 2, "checks": {}, "practice": {}, "total": -1}', "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": -1, "history": "", "solved": 0, "skill": ""}}, "total": 0}',
     "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": 1, "history": "rx", "solved": 0, "skill": ""}}, "total": 0}',
     "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": 1, "history": "", "solved": true, "skill": ""}}, "total": 0}',
     "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": 1, "history": "", "solved": 0, "skill": "", "x": 1}}, "total": 0}',
     "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": 1, "history": "%s", "solved": 0, "skill": ""}}, "total": 0}'
     % ("r" * (MAX_HISTORY + 1)), "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {}, "total": 201}', "it is not a record of the labs"),
    ('{"v": 2, "checks": {}, "practice": {"practice": {"seed": 1, "history": "", "solved": 0, "skill": "no!"}}, '
     '"total": 0}', "it is not a record of the labs"),
    (f'{{"v": {VERSION + 1}, "checks": {{}}}}', "it was written by another version of the labs"),
    # The room's vote: an ask id and a page view's id, or nothing; never anything else.
    *((f'{{"v": 5, "checks": {{}}, "practice": {{}}, "total": 0, "answers": {{}}, "room": {room}}}',
       "it is not a record of the labs")
      for room in (f'[0, "{"a" * 32}"]', f'[1, "{"A" * 32}"]', '[1, "<script>"]', f'[1.5, "{"a" * 32}"]',
                   "[1]", '{"ask": 1}', "null", f'[true, "{"a" * 32}"]', f'[{2**53 + 1}, "{"a" * 32}"]')),
    ('{"v": 4, "checks": {}, "practice": {}, "total": 0, "answers": {}, "room": []}', "it is not a record of the labs"),
    ("[" * 100_000, "it is too large"),
    ("[" * 5_000 + "]" * 5_000, "it is not a record of the labs"),  # nested deep, but not too long
])
def test_a_damaged_or_foreign_record_is_set_aside_with_the_reason(text, problem):
    assert read_record(text) == (Record(), problem)


def test_a_record_of_too_many_checks_or_too_long_is_refused():
    many = {f"check_{k}": "solved" for k in range(201)}
    assert read_record(json.dumps({"v": VERSION, "checks": many}))[1] == "it is not a record of the labs"
    assert read_record(" " * MAX_CHARS + "{}")[1] == "it is too large"


def test_writing_refuses_what_it_could_not_read_back():
    with pytest.raises(ValueError):
        write_record(Record({"activity": "guessed"}))
    with pytest.raises(ValueError):
        write_record(Record({"not a name": "solved"}))
    with pytest.raises(ValueError):
        write_record(Record(practice={"practice": PracticeRecord(1, "rz", 0)}))
