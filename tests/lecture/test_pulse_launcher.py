"""The launcher `make serve` can run: the pulse's folder made outside the served one, a fresh
secret per start, the lecturer's link printed, then Voila itself with both variables set."""
from __future__ import annotations

import stat

import pytest

from harness.voila import REPO
from labserver import pulse


def test_the_folder_is_made_for_this_user_only_and_the_secret_is_new_each_start(tmp_path):
    environ = {"MATMUL_PULSE_DIR": str(tmp_path / "store")}
    first = pulse.pulse_environment(tmp_path / "labs", environ)
    second = pulse.pulse_environment(tmp_path / "labs", environ)
    assert stat.S_IMODE((tmp_path / "store").stat().st_mode) == 0o700
    assert first["MATMUL_PULSE_TOKEN"] != second["MATMUL_PULSE_TOKEN"]
    kept = pulse.pulse_environment(tmp_path / "labs", {**environ, "MATMUL_PULSE_TOKEN": "mine"})
    assert kept["MATMUL_PULSE_TOKEN"] == "mine"


@pytest.mark.parametrize("inside", ["labs", "labs/deep/store", "labs/../labs/x"])
def test_a_folder_under_the_served_one_is_refused(tmp_path, inside):
    with pytest.raises(ValueError, match="must be outside the served folder labs"):
        pulse.pulse_environment(tmp_path / "labs", {"MATMUL_PULSE_DIR": str(tmp_path / inside)})
    assert not (tmp_path / "labs" / "deep").exists()


def test_the_default_folder_is_beside_labs_not_under_it():
    assert pulse.DEFAULT_FOLDER == REPO / ".pulse"
    assert REPO / "labs" not in pulse.DEFAULT_FOLDER.parents


def test_main_prints_the_link_then_becomes_voila_with_the_variables(tmp_path, monkeypatch, capsys):
    ran = {}
    monkeypatch.setattr(pulse.os, "execvpe", lambda file, args, env: ran.update(args=args, env=env))
    monkeypatch.setenv("MATMUL_PULSE_DIR", str(tmp_path / "store"))
    monkeypatch.delenv("MATMUL_PULSE_TOKEN", raising=False)
    pulse.main(["labs", "--no-browser", "--port=9000", "--Voila.ip=127.0.0.1"])
    token = ran["env"]["MATMUL_PULSE_TOKEN"]
    assert capsys.readouterr().out == (
        "Class pulse, for the lecturer only: "
        f"http://127.0.0.1:9000/voila/render/lecturer/pulse.ipynb?token={token}\n"
    )
    assert ran["args"][1:] == ["-m", "labserver.voila_app",
                               "labs", "--no-browser", "--port=9000", "--Voila.ip=127.0.0.1"]
    assert ran["env"]["MATMUL_PULSE_DIR"] == str(tmp_path / "store")
