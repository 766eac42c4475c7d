"""A hostile sender against the pulse's store (issue 44): malformed, oversized and falsified lines, another's
journal name, a store filled to its brim, a journal cut by a full disk, an old store file; the board's summary,
its CSV and Reset keep working and the honest student's events count."""
from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classpulse import pulse_journal, pulse_lines
from classpulse.pulse_catalogue import CATALOGUE
from classpulse.pulse_lines import MAX_LINE, Quota
from classpulse.pulse_store import PulseStore

LAB = "02-entry-dot-product"
NOW = float(int(time.time()))


def lines(*records) -> bytes:
    return b"".join(json.dumps(record).encode() + b"\n" for record in records)


def honest(visitor="v1") -> bytes:
    return lines(["visits", [LAB, visitor, NOW]], ["events", [LAB, "activity", 0, visitor, 0, "sign", "[[1]]", NOW]])


def board(store: PulseStore) -> list[tuple]:
    return [(lab.lab, lab.visitors, [(c.check, c.attempted, c.solved, c.attempts) for c in lab.checks])
            for lab in store.summary()]


@pytest.fixture(params=[None, CATALOGUE], ids=["any-lab", "catalogue"])
def store(tmp_path, request) -> PulseStore:
    return PulseStore(tmp_path, catalogue=request.param)


def test_a_line_of_the_wrong_types_is_refused_and_summary_csv_and_reset_still_work(store):
    bad = lines(["checks", [LAB, "activity", "not a number"]], ["checks", [LAB, "row_check", 1]],
                ["events", [LAB, "row_check", 1, "eve", 0, {"a": 1}, "", 0]], ["events", [LAB]],
                ["nonsense", [1, 2, 3]], [LAB, "activity"]) + b"[" * 3000 + b"\n"
    assert store.receive("j-eve", 0, bad, sender="eve") == len(bad)
    assert "6 of 7 lines refused" in store.refused and "position: 'not a number' is not a number" in store.refused
    assert store.receive("j-ada", 0, honest(), sender="ada") == len(honest())
    (lab,) = store.summary()
    assert (lab.lab, lab.visitors) == (LAB, 1) and store.error == ""
    assert "\n02-entry-dot-product,activity,1,1,0,1,sign,1" in store.csv()
    assert store.reset() and store.summary() == [] and store.status() == ""


def test_a_senders_quota_stops_them_filling_the_store_and_a_reset_renews_it(tmp_path):
    store = PulseStore(tmp_path, quota=Quota(lines=20, bytes=10_000))
    flood = b"".join(honest(f"v{k}") for k in range(50))
    assert store.receive("j-eve", 0, flood, sender="eve") == len(flood)
    assert "80 of 100 lines refused: eve sent more than 20 lines" in store.refused
    assert store.receive("j-ada", 0, honest(), sender="ada") == len(honest())
    assert board(store) == [(LAB, 2, [("activity", 2, 0, 11)])]  # eve: 10 answers, one visitor; ada counts
    assert store.reset() and store.summary() == []
    more = honest()
    assert store.receive("j-eve", len(flood), more, sender="eve") == len(flood) + len(more)  # nothing sent again
    assert store.refused == "" and board(store) == [(LAB, 1, [("activity", 1, 0, 1)])]


def test_a_reset_erases_every_table_a_session_filled(tmp_path):
    store = PulseStore(tmp_path)
    made_up = lines(*(["checks", [f"lab {k}", f"check {k}", k % 999]] for k in range(300)),
                    *(["titles", [f"lab {k}", f"check {k}", "t" * 64]] for k in range(300)))
    assert store.receive("j-eve", 0, made_up, sender="eve") == len(made_up)
    assert store.reset()
    with sqlite3.connect(store.path) as connection:
        assert [connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("visits", "events", "checks", "titles", "senders")] == [0] * 5
        assert connection.execute("SELECT gathered FROM received").fetchall() == [(len(made_up),)]


def test_falsified_titles_visitors_mistakes_and_formulas_do_not_reach_the_board_or_the_csv(tmp_path):
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    formula = '=HYPERLINK("http://evil.example", "click")'
    batch = lines(["titles", [LAB, "activity", "a title eve made up"]],
                  *(["visits", [LAB, f"fake {k}", time.time()]] for k in range(503)),
                  ["events", [LAB, "activity", 0, "v1", 0, "m" * 100_000, "", time.time()]],
                  ["events", [LAB, "activity", 0, "v1", 0, formula, "", time.time()]],
                  ["events", [LAB, "activity", 0, "v1", 0, "-2+3", "", time.time()]])
    assert store.receive("j-eve", 0, batch, sender="eve") == len(batch)
    assert "1 of 507 lines refused: a line of" in store.refused  # the 100,000 characters
    (lab,) = store.summary()
    activity = lab.checks[0]
    assert (lab.visitors, activity.title, activity.attempted) == (1, "Entry (2,3) of AB", 1)
    rows = list(csv.reader(io.StringIO(store.csv())))
    assert rows[1][:6] == [LAB, "activity", "1", "1", "0", "2"]
    assert sorted(rows[1][6::2][:2]) == ["'-2+3", "'" + formula]  # text a spreadsheet would run is quoted
    long = lines(["events", [LAB, "activity", 0, "v1", 0, "m" * 1000, "", time.time()]])
    store.receive("j-eve", len(batch), long, sender="eve")
    assert max(len(mistake) for mistake, _ in store.summary()[0].checks[0].mistakes) == 64


def test_the_catalogue_refuses_labs_and_checks_that_do_not_exist_and_places_the_others(tmp_path):
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    batch = lines(["visits", ["planted lab", "v1", 0]], ["visits", ["%30%32-entry-dot-product", "v1", 0]],
                  ["events", [LAB, "no such check", 0, "v1", 1, "", "", 0]],
                  ["events", ["03-product-properties", "practice part 2", 7, "v1", 1, "", "", 0]])
    assert store.receive("j", 0, batch, sender="eve") == len(batch)
    assert "3 of 4 lines refused" in store.refused and "'planted lab' is not a lab" in store.refused
    (lab,) = store.summary()
    assert lab.lab == "03-product-properties"
    assert [(c.check, c.position) for c in lab.checks if c.attempts] == [("practice part 2", 5)]


def test_a_journal_is_its_senders_own_another_student_cannot_take_its_name(tmp_path):
    store = PulseStore(tmp_path)
    squat = lines(["visits", [LAB, "eve", 0]]) * 100
    assert store.receive("events-1-ada.jsonl", 0, squat, sender="eve") == len(squat)
    # ada's kernel sends her journal of that name from its start: all of it is hers, none dropped.
    assert store.receive("events-1-ada.jsonl", 0, honest(), sender="ada") == len(honest())
    assert board(store) == [(LAB, 2, [("activity", 1, 0, 1)])]


def test_a_sender_keeps_the_progress_of_their_last_journals_only(tmp_path):
    store = PulseStore(tmp_path, quota=Quota(journals=3))
    for k in range(5):
        store.receive(f"j{k}", 0, lines(["visits", [LAB, "v", 0]]), sender="eve")
    store.receive("j0", 0, lines(["visits", [LAB, "v", 0]]), sender="ada")
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("SELECT sender, journal FROM received ORDER BY rowid").fetchall() == [
            ("eve", "j2"), ("eve", "j3"), ("eve", "j4"), ("ada", "j0")]


def test_a_row_the_summary_cannot_read_is_skipped(tmp_path):
    # A file whose tables are not STRICT and say they are up to date (edited by hand): any value in any column.
    with sqlite3.connect(tmp_path / "pulse.sqlite") as connection:
        connection.executescript("""
            CREATE TABLE visits (lab, visitor, time); CREATE TABLE checks (lab, check_id, position);
            CREATE TABLE events (lab, check_id, position, visitor, right, mistake, answer, time);
            CREATE TABLE titles (lab, check_id, title); PRAGMA user_version = 1;""")
        connection.executemany("INSERT INTO checks VALUES (?, ?, ?)", [("l", "a", "x"), ("l", "b", 2), ("l", "c", None)])
        connection.executemany("INSERT INTO visits VALUES (?, ?, ?)", [("l", "v", 0), (3, "w", 0)])
        connection.execute("INSERT INTO titles VALUES ('l', 'b', 7)")
    store = PulseStore(tmp_path)
    assert board(store) == [("l", 1, [("b", 0, 0, 0)])] and store.error == ""
    assert store.csv().splitlines()[1] == "l,b,1,0,0,0,,,,,,"


def test_a_store_file_of_the_previous_schema_is_migrated_keeping_its_good_rows(tmp_path):
    with sqlite3.connect(tmp_path / "pulse.sqlite") as connection:
        connection.executescript("""
            CREATE TABLE visits (lab TEXT NOT NULL, visitor TEXT NOT NULL, time REAL NOT NULL);
            CREATE TABLE events (lab TEXT NOT NULL, check_id TEXT NOT NULL, position INTEGER NOT NULL,
                visitor TEXT NOT NULL, right INTEGER NOT NULL, mistake TEXT NOT NULL, answer TEXT NOT NULL,
                time REAL NOT NULL);
            CREATE INDEX events_by_check ON events (lab, check_id);
            CREATE TABLE titles (lab TEXT NOT NULL, check_id TEXT NOT NULL, title TEXT NOT NULL,
                PRIMARY KEY (lab, check_id));
            CREATE TABLE checks (lab TEXT NOT NULL, check_id TEXT NOT NULL, position INTEGER NOT NULL,
                PRIMARY KEY (lab, check_id));
            CREATE TABLE journals (file TEXT PRIMARY KEY, gathered INTEGER NOT NULL);
            CREATE TABLE received (journal TEXT PRIMARY KEY, gathered INTEGER NOT NULL);
            INSERT INTO visits VALUES ('l', 'v1', 0), ('l', 'v2', 'soon');
            INSERT INTO events VALUES ('l', 'a', 0, 'v1', 1, '', '', 0), ('l', 'a', 'x', 'v2', 7, '', '', 0);
            INSERT INTO checks VALUES ('l', 'b', 'not a number');
            INSERT INTO received VALUES ('events-1-a.jsonl', 120);""")
    store = PulseStore(tmp_path)
    assert board(store) == [("l", 1, [("a", 1, 1, 1)])]
    # The journal received before the upgrade goes on where it was, for the first sender who sends it.
    assert store.receive("events-1-a.jsonl", 0, b"x" * 119 + b"\n", sender="ada") == 120
    with sqlite3.connect(store.path) as connection:
        assert "STRICT" in connection.execute("SELECT sql FROM sqlite_master WHERE name = 'events'").fetchone()[0]
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
        assert connection.execute("SELECT * FROM received").fetchall() == [("ada", "events-1-a.jsonl", 120)]


def test_a_journal_line_cut_by_a_full_disk_is_ended_before_the_next_line(tmp_path, monkeypatch):
    store = PulseStore(tmp_path)
    assert store.record("lab01", "activity", "before", right=True)
    real_write = os.write

    def full_disk(fd, data):  # a part of the line, then no room even for its newline
        if data == b"\n":
            raise OSError(28, "No space left on device")
        return real_write(fd, data[: len(data) // 2])

    monkeypatch.setattr(pulse_journal.os, "write", full_disk)
    assert store.record("lab01", "activity", "cut", right=True) is False
    assert "is full" in store.error
    monkeypatch.setattr(pulse_journal.os, "write", real_write)
    assert store.record("lab01", "activity", "after", right=True)  # the disk has room again
    assert store.status() == ""
    with sqlite3.connect(store.path) as connection:
        assert [v for (v,) in connection.execute("SELECT visitor FROM events")] == ["before", "after"]


@pytest.mark.parametrize("field", [2, 4, 7], ids=["position", "right", "time"])
def test_a_whole_number_too_large_for_a_float_is_refused_from_a_student_and_from_a_journal(tmp_path, field):
    values = [LAB, "activity", 0, "v1", 0, "sign", "", NOW]
    values[field] = 10**400  # JSON reads it as an int; math.isfinite raised OverflowError on it
    line = lines(["events", values])
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    assert store.receive("j-eve", 0, line + honest(), sender="eve") == len(line + honest())
    assert "1 of 3 lines refused" in store.refused
    (tmp_path / f"{pulse_journal.PREFIX}1-a{pulse_journal.SUFFIX}").write_bytes(line)  # a lecture server's journal
    [(lab, visitors, checks)] = board(store)  # the journal's line refused as the student's was
    assert (lab, visitors, checks[0], store.error) == (LAB, 1, ("activity", 1, 0, 1), "")
    assert store.reset() and store.status() == ""


def test_a_sender_past_its_share_has_the_rest_of_its_batches_refused_unread(tmp_path, monkeypatch):
    read, real = [], pulse_lines.read_line

    def counted(line, catalogue=None):
        read.append(line)
        return real(line, catalogue)

    monkeypatch.setattr(pulse_lines, "read_line", counted)
    store = PulseStore(tmp_path, quota=Quota(lines=100))
    junk = b"x\n" * 10_000
    assert store.receive("j-eve", 0, junk, sender="eve") == len(junk)
    assert store.receive("j-eve", len(junk), junk, sender="eve") == 2 * len(junk)
    assert len(read) == 100  # refused lines spend the share too: 20,000 lines cost 100 reads
    assert store.refused.startswith("10000 of 10000 lines refused: eve sent more than 100 lines")


TEXT = st.one_of(st.text(max_size=80), st.text(alphabet="=+-@\t\r[]{}\"\\ ", max_size=300), st.just("x" * 5000))
VALUE = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.just(10**400), st.floats(allow_nan=True),
                                TEXT),
                     lambda inner: st.lists(inner, max_size=8), max_leaves=30)
LINE = st.one_of(
    st.tuples(st.sampled_from(["visits", "events", "checks", "titles", "other"]), st.lists(VALUE, max_size=9))
    .map(lambda pair: json.dumps(list(pair)).encode()),
    st.binary(max_size=200), st.integers(1, 50_000).map(lambda depth: b"[" * depth),
    st.integers(MAX_LINE - 50, MAX_LINE + 50).map(lambda size: b'["events", ["' + b"a" * size + b'"]]'),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(LINE, max_size=20), catalogued=st.booleans())
def test_no_hostile_batch_stalls_the_store_or_breaks_the_board(tmp_path_factory, batch, catalogued):
    store = PulseStore(tmp_path_factory.mktemp("pulse"), catalogue=CATALOGUE if catalogued else None,
                       quota=Quota(lines=30))
    data = b"\n".join(line.replace(b"\n", b" ") for line in batch) + b"\n"
    began = time.monotonic()
    assert store.receive("j-eve", 0, data, sender="eve") == len(data)
    assert store.receive("j-ada", 0, honest(), sender="ada") == len(honest())
    summary, text = store.summary(), store.csv()
    assert time.monotonic() - began < 2, "a batch took more than 2 s"
    assert store.error == "" and any(lab.lab == LAB for lab in summary)
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in csv.reader(io.StringIO(text))
               for cell in row)
    assert store.reset() and store.summary() == []
    store.close()
