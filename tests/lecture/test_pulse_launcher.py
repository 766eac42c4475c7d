"""The launcher `make serve` runs: the pulse's folder made outside the served one, a fresh token per
start (or the lecturer's own, if long enough), the lecturer's link printed, then Voila behind the
pulse's gate in the same process, the folder in the environment its kernels inherit and the token not."""
from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from harness.voila import REPO
from labserver import pulse

CHOSEN = "a-lecturers-own-token-22"  # 24 characters


def test_the_folder_is_made_for_this_user_only_and_the_token_is_new_each_start(tmp_path):
    environ = {"MATMUL_PULSE_DIR": str(tmp_path / "store")}
    first = pulse.pulse_environment(tmp_path / "labs", environ)
    second = pulse.pulse_environment(tmp_path / "labs", environ)
    assert stat.S_IMODE((tmp_path / "store").stat().st_mode) == 0o700
    assert first["MATMUL_PULSE_TOKEN"] != second["MATMUL_PULSE_TOKEN"]
    assert min(len(first["MATMUL_PULSE_TOKEN"]), len(second["MATMUL_PULSE_TOKEN"])) >= pulse.MIN_TOKEN
    kept = pulse.pulse_environment(tmp_path / "labs", {**environ, "MATMUL_PULSE_TOKEN": CHOSEN})
    assert kept["MATMUL_PULSE_TOKEN"] == CHOSEN


@pytest.mark.parametrize("token", ["mine", "s3cret", "a" * 21])
def test_a_token_the_lecturer_chose_shorter_than_128_bits_is_refused(tmp_path, token):
    environ = {"MATMUL_PULSE_DIR": str(tmp_path / "store"), "MATMUL_PULSE_TOKEN": token}
    with pytest.raises(ValueError, match=f"MATMUL_PULSE_TOKEN has {len(token)} characters, too few"):
        pulse.pulse_environment(tmp_path / "labs", environ)
    assert not (tmp_path / "store").exists()


def test_make_serve_stops_with_a_message_on_a_short_token(tmp_path):
    environ = {**os.environ, "MATMUL_PULSE_DIR": str(tmp_path / "store"), "MATMUL_PULSE_TOKEN": "lecture-1"}
    run = subprocess.run([sys.executable, "-m", "labserver.pulse", "labs", "--no-browser", "--port=1"],
                         cwd=REPO, env=environ, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and run.stdout == ""  # no link printed, no server started
    assert run.stderr.strip() == (
        "make serve: MATMUL_PULSE_TOKEN has 9 characters, too few to keep the board from a guess: give it at least 22"
        " (python -c 'import secrets; print(secrets.token_urlsafe())' makes one), or unset it for a new token"
        " at every start")


@pytest.mark.parametrize("inside", ["labs", "labs/deep/store", "labs/../labs/x"])
def test_a_folder_under_the_served_one_is_refused(tmp_path, inside):
    with pytest.raises(ValueError, match="must be outside the served folder labs"):
        pulse.pulse_environment(tmp_path / "labs", {"MATMUL_PULSE_DIR": str(tmp_path / inside)})
    assert not (tmp_path / "labs" / "deep").exists()


def test_the_default_folder_is_beside_labs_not_under_it():
    assert pulse.DEFAULT_FOLDER == REPO / ".pulse"
    assert REPO / "labs" not in pulse.DEFAULT_FOLDER.parents


def test_main_prints_the_link_then_runs_the_gated_voila_holding_the_token_itself(tmp_path, monkeypatch, capsys):
    ran = {}

    def launch(argv, **traits):  # the server itself: tests/browser/test_pulse_page.py
        ran.update(argv=argv, traits=traits, environ=dict(os.environ))

    monkeypatch.setattr(pulse.PulseVoila, "launch_instance", launch)
    monkeypatch.setenv("MATMUL_PULSE_DIR", str(tmp_path / "store"))
    monkeypatch.delenv("MATMUL_PULSE_TOKEN", raising=False)
    with pytest.raises(SystemExit) as stopped:
        pulse.main(["labs", "--no-browser", "--port=9000", "--Voila.ip=127.0.0.1"])
    assert stopped.value.code is None
    token = ran["traits"]["pulse_token"]
    assert len(token) >= pulse.MIN_TOKEN
    assert capsys.readouterr().out == (
        "Class pulse, for the lecturer only: "
        f"http://127.0.0.1:9000/voila/render/lecturer/pulse.ipynb?token={token}\n"
    )
    assert ran["argv"] == ["labs", "--no-browser", "--port=9000", "--Voila.ip=127.0.0.1"]
    assert ran["environ"]["MATMUL_PULSE_DIR"] == str(tmp_path / "store")
    assert token not in "".join(ran["environ"].values())
