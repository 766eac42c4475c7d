"""The pulse's catalogue of the labs' checks is the labs' own: regenerate it with tools/pulse_catalogue.py."""
from __future__ import annotations

from pulse_catalogue import read_labs  # tools/, on the path through tests/conftest.py

from classpulse.pulse_catalogue import CATALOGUE


def test_the_catalogue_holds_every_lab_and_every_check_as_the_labs_record_them():
    found = read_labs()
    assert found.to_json() == CATALOGUE.to_json(), "the labs changed: run .venv/bin/python tools/pulse_catalogue.py"
    assert {"index", "review", "01-product-by-columns", "10-adaptive-weights"} <= set(CATALOGUE.labs)
    assert CATALOGUE.labs["08-attention-weights"].parts == {"practice_output": 1, "practice_chain": 4}


def test_a_practices_later_parts_share_its_place_up_to_its_most_parts():
    lab = "03-product-properties"
    assert CATALOGUE.place(lab, "practice part 2") == CATALOGUE.place(lab, "practice") == 5
    assert [CATALOGUE.place(lab, name) for name in ("practice part 3", "practice part 02", "practice part x")] == [
        None, None, None]
