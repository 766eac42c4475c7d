"""The room's rounds in the store: ask, two rounds, reveal, a restart between them, the file the labs read."""

import json
import os

from classpulse import CATALOGUE, PulseStore, Room, read_room
from classpulse.pulse_room import ROOM_FILE

LAB, CHECK = "02-entry-dot-product", "activity"


def _votes(store, room, turn, answers):
    """Each visitor's answers in round `turn`: (visitor, right, mistake, answer), in order."""
    for visitor, right, mistake, answer in answers:
        assert store.record_vote(LAB, CHECK, visitor, room.ask, turn, right=right, mistake=mistake, answer=answer)


def test_two_rounds_split_and_moves(tmp_path):
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    room = store.ask_room(LAB, CHECK)
    assert (room.lab, room.check, room.round, room.asking) == (LAB, CHECK, 1, True)
    assert read_room(tmp_path) == room  # what every lab's kernel reads
    _votes(store, room, 1, [("a", True, "", "7"), ("b", False, "row-row", "5"), ("c", False, "sign", "-7"),
                            ("c", False, "row-row", "5")])  # c's last answer of the round counts
    assert store.next_round().round == 2
    _votes(store, room, 2, [("a", False, "sign", "-7"), ("b", True, "", "7"), ("c", True, "", "7")])
    split = store.room_split()
    assert split.rounds == ((("row-row", 2), ("right", 1)), (("right", 2), ("sign", 1)))
    assert split.answered(1) == split.answered(2) == 3
    assert split.answers == {"row-row": "5", "right": "7", "sign": "-7"}
    assert set(split.moves) == {("row-row", "right", 2), ("right", "sign", 1)}
    revealed = store.reveal_room()
    assert revealed.revealed and not revealed.asking and read_room(tmp_path) == revealed
    lines = store.csv().splitlines()
    assert f"{room.ask},{LAB},{CHECK},1 to 2,row-row to right,,2" in lines
    assert f"{room.ask},{LAB},{CHECK},2,right,7,2" in lines


def test_a_restart_between_rounds_loses_nothing(tmp_path):
    first = PulseStore(tmp_path)
    room = first.ask_room(LAB, CHECK)
    _votes(first, room, 1, [("a", False, "sign", "-7")])
    first.close()
    again = PulseStore(tmp_path)  # the server or the service started again
    assert again.room() == room
    assert again.room_split().rounds[0] == (("sign", 1),)
    assert again.next_round().round == 2
    _votes(again, room, 2, [("a", True, "", "7")])
    assert again.room_split().moves == (("sign", "right", 1),)


def test_a_new_ask_reveals_the_last_and_a_reset_ends_it(tmp_path):
    store = PulseStore(tmp_path)
    first = store.ask_room(LAB, CHECK)
    second = store.ask_room(LAB, "practice")
    assert second.ask > first.ask and second.round == 1
    assert [split.room.revealed for split in store.room_splits()] == [True, False]
    assert store.reset()
    assert store.room() == Room() == read_room(tmp_path)
    assert store.ask_room(LAB, CHECK).ask > second.ask  # an ask id is never reused, so no old answer counts


def test_votes_from_a_hub_server_count_under_its_user(tmp_path):
    store = PulseStore(tmp_path, catalogue=CATALOGUE)
    room = store.ask_room(LAB, CHECK)
    line = json.dumps(["votes", [LAB, CHECK, "any id", room.ask, 1, 0, "sign", "-7", 0.0]]).encode() + b"\n"
    other = line.replace(b"any id", b"another id")
    assert store.receive("events-1-a.jsonl", 0, line + other, sender="ada") == len(line + other)
    assert store.room_split().rounds[0] == (("sign", 1),)  # one student, one answer, whatever ids they send
    bad = json.dumps(["votes", [LAB, CHECK, "v", room.ask, 3, 0, "", "", 0.0]]).encode() + b"\n"
    store.receive("events-1-b.jsonl", 0, bad, sender="grace")
    assert "round: 3 is not from 1 to 2" in store.refused


def test_a_room_file_is_trusted_for_nothing(tmp_path):
    path = os.path.join(tmp_path, ROOM_FILE)
    for text in ('{"ask": 1}', "[]", "not json", '{"ask": 1, "lab": "x", "check": "y", "round": 9, "revealed": false}',
                 '{"ask": true, "lab": "x", "check": "y", "round": 1, "revealed": false}', "[" * 100_000):
        with open(path, "w") as file:
            file.write(text)
        assert read_room(tmp_path) == Room(), text
