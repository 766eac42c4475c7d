"""The class pulse's store: what it keeps, that it never raises into a lab nor waits for a lock, and
that nothing is lost under 100 concurrent writer processes or a kernel killed right after its check
returned."""
from __future__ import annotations

import concurrent.futures
import gc
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from classpulse.pulse_catalogue import CATALOGUE
from classpulse.pulse_journal import journals
from classpulse.pulse_store import MAX_ANSWER, PulseStore, normalise_answer
from harness.pulse_breakage import as_store_user, broken_store

WRITERS, EVENTS_EACH = 100, 50


@pytest.fixture
def store(tmp_path) -> PulseStore:
    return PulseStore(tmp_path)


def rows(store: PulseStore, table: str = "events") -> list[tuple]:
    """The rows of `table`, once the journals are gathered into the file (as the lecturer's board does)."""
    assert store.status() == ""
    with sqlite3.connect(store.path) as connection:
        return connection.execute(f"SELECT * FROM {table}").fetchall()


# --- what is kept ------------------------------------------------------------------------


def test_answers_are_normalised_and_never_longer_than_64_characters():
    assert normalise_answer(np.array([[6.0, 19.0], [9.0, -3.0]])) == "[[6,19],[9,-3]]"
    assert normalise_answer(np.array([[1 / 3]])) == "[[0.333333]]"
    assert normalise_answer(np.arange(36.0).reshape(6, 6)) == "a 6×6 matrix"  # the shape only
    assert normalise_answer((4, 2)) == "4×2"
    assert normalise_answer(-0.5) == "-0.5"
    assert normalise_answer("  4   by\n 2 ") == "4 by 2"
    long = normalise_answer("because " * 40)
    assert len(long) == MAX_ANSWER and long.endswith("…")


def test_a_row_holds_the_lab_check_visitor_verdict_mistake_short_answer_and_time(store):
    before = time.time()
    assert store.record("lab01", "activity", "v1", right=False, mistake="transpose",
                        answer=np.array([[6, 9], [19, -3]]), position=2)
    (row,) = rows(store)
    assert row[:7] == ("lab01", "activity", 2, "v1", 0, "transpose", "[[6,9],[19,-3]]")
    assert before <= row[7] <= time.time()
    assert store.record("x" * 200, "y" * 200, "z" * 200, right=True, mistake="m" * 200, answer="a" * 200)
    assert all(len(text) <= MAX_ANSWER for text in rows(store)[1] if isinstance(text, str))


def test_the_file_is_in_wal_mode(store):
    assert store.record_visit("lab01", "v1") and store.status() == ""
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_summary_counts_visitors_attempts_solved_and_the_three_commonest_mistakes(store):
    for visitor in ("a", "b", "c"):
        store.record_visit("lab08", visitor)
    store.record_visit("lab01", "d")
    for visitor, right, mistake in [("a", False, "inner"), ("a", True, ""), ("b", False, "inner"),
                                    ("b", False, "swapped"), ("c", False, "shape"), ("c", False, "entries"),
                                    ("c", False, "swapped"), ("c", False, "inner")]:
        assert store.record("lab08", "check_h", visitor, right=right, mistake=mistake, position=3)
    assert store.record("lab08", "check_qkv", "a", right=True, position=0)
    lab01, lab08 = store.summary()
    assert (lab01.lab, lab01.visitors, lab01.checks) == ("lab01", 1, ())
    assert (lab08.lab, lab08.visitors) == ("lab08", 3)
    qkv, h = lab08.checks  # in the lab's order, not by name
    assert (qkv.check, qkv.attempted, qkv.solved, qkv.attempts, qkv.mistakes) == ("check_qkv", 1, 1, 1, ())
    assert (h.check, h.attempted, h.solved, h.attempts) == ("check_h", 3, 1, 8)
    assert h.mistakes == (("inner", 3), ("swapped", 2), ("entries", 1))  # ties by name
    assert store.csv().splitlines()[1:] == [
        "lab08,check_qkv,3,1,1,1,,,,,,",
        "lab08,check_h,3,3,1,8,inner,3,swapped,2,entries,1",
    ]


def test_a_labs_checks_are_listed_from_its_first_page_view(store):
    assert store.record_visit("lab08", "a", checks=[("check_qkv", 0), ("check_h", 3)])
    assert store.record_visit("lab08", "b", checks=[("check_qkv", 0), ("check_h", 3)])  # listed once
    store.record("lab08", "check_h", "a", right=True, position=3)
    (lab,) = store.summary()
    assert [(c.check, c.attempted, c.solved, c.attempts) for c in lab.checks] == [
        ("check_qkv", 0, 0, 0), ("check_h", 1, 1, 1)]
    assert store.reset() and store.summary() == []  # no visitor: no lab


def test_with_the_catalogue_a_visited_labs_checks_are_listed_from_it_even_after_a_reset(tmp_path):
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    lab = "08-attention-weights"
    assert store.record_visit(lab, "a", checks=[("check_h", 0, "a title a page made up")])
    store.record(lab, "check_h", "a", right=True, position=0)
    (pulse,) = store.summary()
    assert [(c.check, c.position, c.title, c.attempted) for c in pulse.checks][:5] == [
        ("check_qkv", 0, "Shape of Q", 0), ("check_s", 1, "Shape of S = QKᵀ", 0), ("check_sij", 2, "What S_ij compares", 0),
        ("check_a", 3, "Shape of A_att", 0),
        ("check_h", 4, "Shape of H = A_att V", 1)]  # places and titles from the catalogue, not from the page
    assert store.reset() and store.summary() == []
    store.record_visit(lab, "c")  # a page still open from before the reset
    assert [c.check for c in store.summary()[0].checks] == list(CATALOGUE.labs[lab].checks)


def test_a_visitor_who_answers_without_a_recorded_visit_still_counts(store):
    # A reset during the lecture erases the visits of pages already open.
    store.record("lab01", "activity", "early", right=True)
    assert store.summary()[0].visitors == 1


def test_reset_erases_every_count(store):
    store.record_visit("lab01", "v1")
    store.record("lab01", "activity", "v1", right=True)
    assert store.reset()
    assert store.summary() == [] and rows(store) == [] and rows(store, "visits") == []
    assert store.status() == ""


# --- never raising into a lab ------------------------------------------------------------


def test_a_missing_folder_records_nothing_and_says_so(tmp_path):
    store = PulseStore(tmp_path / "nowhere")
    assert store.record("lab01", "activity", "v1", right=True) is False
    assert store.error == f"the pulse folder {tmp_path / 'nowhere'} does not exist"
    assert store.summary() == [] and store.status() == store.error
    assert not (tmp_path / "nowhere").exists()  # the store makes no folder


def damage(path: str) -> None:
    with open(path, "wb") as file:
        file.write(b"this is not SQLite at all " * 200)


def test_a_corrupt_file_says_so_and_loses_nothing_once_moved_away(store):
    maker = PulseStore(os.path.dirname(store.path))
    assert maker.status() == ""
    maker.close()  # the file made, and closed again
    damage(store.path)
    assert store.record("lab01", "activity", "v1", right=True)  # kept in the journal: the lab goes on
    assert store.status().startswith(f"the pulse store {store.path} is damaged")
    assert store.summary() == [] and store.reset() is False
    os.rename(store.path, store.path + ".damaged")  # what the lecturer is told to do
    assert [row[3] for row in rows(store)] == ["v1"]


def test_a_file_damaged_under_an_open_connection_is_noticed(store):
    assert store.record("lab01", "activity", "v1", right=True) and store.status() == ""
    damage(store.path)  # the connection alone would go on writing to the WAL
    assert store.record("lab01", "activity", "v2", right=True)
    assert store.status().startswith(f"the pulse store {store.path} is damaged")


def test_closing_a_store_closes_its_connection_at_once_not_when_the_garbage_collector_runs(store):
    # Python 3.11's connections are freed by the cyclic collector only: a dropped store's
    # connection stayed open, and its close checkpointed the WAL into the file moments later.
    assert store.record_visit("lab01", "v1") and store.status() == ""
    assert os.path.exists(store.path + "-wal")
    gc.disable()
    try:
        store.close()
        assert not os.path.exists(store.path + "-wal"), "the last connection closed: WAL checkpointed and gone"
    finally:
        gc.enable()
    assert store.summary()[0].visitors == 1  # and the next read opens it again


def test_a_damaged_file_stays_damaged_in_every_read_even_once_a_checkpoint_mends_its_header(store):
    assert store.record_visit("lab01", "v1") and store.status() == ""
    other = PulseStore(os.path.dirname(store.path))  # another reader, its connection open on the WAL
    assert other.status() == ""
    damage(store.path)
    assert store.status().startswith(f"the pulse store {store.path} is damaged")
    other.close()  # its checkpoint writes the WAL's pages, header and all, over the damage
    with open(store.path, "rb") as file:
        assert file.read(16) == b"SQLite format 3\x00", "the header looks mended"
    for read in (store.summary, store.csv, store.status, store.reset):
        assert read() in ([], "lab,check,visitors,attempted,solved,attempts,mistake 1,count 1,"
                              "mistake 2,count 2,mistake 3,count 3\n", store.error, False), read
        assert store.error.startswith(f"the pulse store {store.path} is damaged"), read
    os.rename(store.path, store.path + ".damaged")  # moved away: a new file, judged afresh
    assert store.status() == "" and store.summary()[0].visitors == 1  # the journal's visit, gathered again


def test_a_file_replaced_under_a_running_store_is_noticed_and_made_again(store):
    assert store.record("lab01", "activity", "v1", right=True) and store.status() == ""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(store.path + suffix):
            os.remove(store.path + suffix)
    with sqlite3.connect(store.path):
        pass  # an empty database in its place: no tables
    assert store.record("lab01", "activity", "v2", right=True)
    # The new file has its schema made again, and every event still in a journal: nothing is lost.
    assert [row[3] for row in rows(store)] == ["v1", "v2"]


def _count_elsewhere(path: str) -> int:
    """The events another process reads in the file: it connects, counts and closes, as a second board would."""
    script = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute('SELECT COUNT(*) FROM events')" \
             ".fetchone()[0]); c.close()"
    return int(subprocess.run([sys.executable, "-c", script, path], capture_output=True, text=True,
                              check=True).stdout)


def test_a_reader_in_another_process_sees_every_event_the_store_committed(store):
    # The store read the file's header by opening and closing it at every call, which dropped its
    # process's SQLite locks: the other process's close then took the WAL for its own, checkpointed
    # and deleted it, and the store committed into the deleted WAL from then on (1 of 5 seen).
    line = b'["events", ["lab08", "check_h", 0, "v1", 1, "", "", 0.0]]\n'
    received = 0
    for count in range(1, 6):
        received = store.receive("events-1-a.jsonl", received, line)
        assert _count_elsewhere(store.path) == count
    store.close()
    assert _count_elsewhere(store.path) == 5


def test_a_locked_file_never_stops_a_lab_and_its_reader_gives_up_within_its_timeout(tmp_path):
    store = PulseStore(tmp_path, timeout=0.2)
    assert store.record_visit("lab01", "v1") and store.status() == ""
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert store.record("lab01", "activity", "v1", right=True)  # a kernel never waits for the lock
        start = time.monotonic()
        assert store.status() == f"the pulse store {store.path} is locked by another process"
        assert time.monotonic() - start < 1.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [row[3] for row in rows(store)] == ["v1"]


def test_a_full_store_says_so_until_a_reset(tmp_path):
    store = PulseStore(tmp_path, max_bytes=24 * 4096)
    stored = 0
    while not store.status():
        for _ in range(20):
            assert store.record("lab01", "activity", f"visitor {stored}", right=False, mistake="transpose",
                                answer="x" * 64)
            stored += 1
        assert stored < 10_000
    assert stored > 10
    assert store.error == f"the pulse store {store.path} is full: export the counts, then Reset"
    assert store.reset() and store.status() == ""
    assert store.record("lab01", "activity", "v1", right=True)
    assert [row[3] for row in rows(store)] == ["v1"]  # what was journalled before the Reset is erased too


def test_a_full_journal_records_nothing_more_and_says_so(tmp_path):
    store = PulseStore(tmp_path, journal_bytes=4096)
    stored = 0
    while store.record("lab01", "activity", f"visitor {stored}", right=True, answer="x" * 64):
        stored += 1
        assert stored < 1000
    assert stored > 10
    assert store.error == f"the pulse store {store.path} is full: export the counts, then Reset"
    assert len(rows(store)) == stored


def _record_and_read(folder: Path) -> tuple[bool, str]:
    store = PulseStore(folder)
    return store.record("lab01", "activity", "v1", right=True), store.status()


def test_a_read_only_store_records_nothing_and_says_so():
    with broken_store("read-only") as folder:
        recorded, status = as_store_user("read-only", _record_and_read, folder)
        assert recorded is False
        assert status == f"the pulse store {folder / 'pulse.sqlite'} is read-only"
        folder.chmod(0o755)
        assert rows(PulseStore(folder)) == [] and journals(folder) == []


# --- nothing lost -------------------------------------------------------------------------


def _writer(folder: str, number: int, start, failures) -> None:
    store = PulseStore(folder)  # as in a lab
    start.wait()
    for k in range(EVENTS_EACH):
        if not store.record("lab01", "activity", f"writer {number}", right=k % 2 == 0,
                            mistake="" if k % 2 == 0 else "transpose", position=k):
            failures.put(store.error)


def test_100_writer_processes_of_50_events_each_lose_nothing(store):
    assert store.status() == ""  # makes the file, as the lecturer's page does at start
    # The board reads while the writers write: a reader never delays a writer nor counts a line twice.
    context = multiprocessing.get_context("fork")
    start, failures = context.Event(), context.Queue()
    writers = [context.Process(target=_writer, args=(os.path.dirname(store.path), n, start, failures))
               for n in range(WRITERS)]
    for writer in writers:
        writer.start()
    began = time.monotonic()
    start.set()
    while any(writer.is_alive() for writer in writers):
        assert store.status() == ""
        time.sleep(0.05)
    for writer in writers:
        writer.join(120)
    elapsed = time.monotonic() - began
    print(f"{WRITERS * EVENTS_EACH} events from {WRITERS} processes in {elapsed:.1f} s")
    assert [writer.exitcode for writer in writers] == [0] * WRITERS
    assert failures.empty()
    assert len(rows(store)) == WRITERS * EVENTS_EACH
    (lab,) = store.summary()
    assert (lab.visitors, lab.checks[0].attempts) == (WRITERS, WRITERS * EVENTS_EACH)
    assert sum(check.attempts for check in lab.checks) == WRITERS * EVENTS_EACH
    assert journals(os.path.dirname(store.path)) == []  # every ended writer's journal gathered and deleted


def test_readers_gathering_at_once_store_each_line_once_and_skip_a_cut_one(store):
    folder = os.path.dirname(store.path)
    for k in range(200):
        assert store.record("lab01", "activity", f"v{k}", right=True)
    (journal,) = journals(folder)
    with open(journal, "ab") as file:
        file.write(b'["events", "not the values"]\n["events", [')  # a foreign line, then one being written
    readers = [PulseStore(folder, timeout=30) for _ in range(4)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        assert list(pool.map(PulseStore.status, readers)) == [""] * 4
    assert sorted(row[3] for row in rows(store)) == sorted(f"v{k}" for k in range(200))


def _record_then_die(folder: str) -> None:
    assert PulseStore(folder).record("lab01", "activity", "killed", right=True)
    os.kill(os.getpid(), signal.SIGKILL)  # a kernel culled or killed right after its check returned


def test_an_event_survives_its_process_killed_right_after_recording(store):
    child = multiprocessing.get_context("fork").Process(
        target=_record_then_die, args=(os.path.dirname(store.path),))
    child.start()
    child.join(30)
    assert child.exitcode == -signal.SIGKILL
    assert len(journals(os.path.dirname(store.path))) == 1
    assert [row[3] for row in rows(store)] == ["killed"]


def test_a_checks_title_is_kept_and_named_on_the_board_else_its_id(store):
    assert store.record_visit("lab08", "a", checks=[("check_qkv", 0, "Shape of Q"), ("check_h", 1)])
    store.record("lab08", "check_h", "a", right=True, position=1)
    qkv, h = store.summary()[0].checks
    assert (qkv.title, qkv.label) == ("Shape of Q", "Shape of Q")
    assert (h.title, h.label) == ("", "check_h")  # no title: the board shows the id
    store.record_visit("lab08", "b", checks=[("check_qkv", 0, "Shape of Q, K and V")])  # a lab edited since
    assert store.summary()[0].checks[0].title == "Shape of Q, K and V"


def test_readers_making_a_new_file_at_once_all_wait_for_its_switch_to_wal(tmp_path):
    # Switching a new file to WAL takes an exclusive lock SQLite's busy timeout does not wait for:
    # four readers making the file at once got "locked" at once (a fresh-clone run; 6 in 150 tries).
    failed = []
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for trial in range(300):
            folder = tmp_path / str(trial)
            folder.mkdir()
            readers = [PulseStore(folder, timeout=30) for _ in range(4)]
            failed += [error for error in pool.map(PulseStore.status, readers) if error]
            for reader in readers:
                reader.close()
    assert not failed, f"{len(failed)} of 1,200 readers: {failed[0]}"
