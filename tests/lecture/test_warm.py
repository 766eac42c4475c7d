"""`make serve WARM=<lab> POOL=<n>` as Voila's arguments: a pool for that lab, voila.json's for
the others, and a message instead of a server for a lab that is not there, a pool that is not a
positive number, or more kernels than the memory holds."""
from __future__ import annotations

import json
import subprocess

import pytest

from harness.voila import REPO
from labserver import pulse
from labserver.warm import KERNEL_BYTES, warm_arguments

LABS = REPO / "labs"
PLENTY = 2**40  # bytes of memory: no pool here is refused for its size


def pools(arguments):
    """The pools a ``--VoilaKernelManager.kernel_pools_config=`` argument sets."""
    [argument] = arguments
    option, value = argument.split("=", 1)
    assert option == "--VoilaKernelManager.kernel_pools_config"
    return json.loads(value)


@pytest.mark.parametrize("warm", ["08-attention-weights", "08-attention-weights.ipynb", " 08-attention-weights "])
def test_the_lab_gets_its_pool_and_every_other_notebook_keeps_voila_json_s(warm):
    default = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"]["default_pool_size"]
    assert pools(warm_arguments(warm, "40", LABS, available=PLENTY)) == {
        "default": {"pool_size": default},
        "08-attention-weights.ipynb": {"pool_size": 40},
    }


def test_no_warm_and_no_pool_change_nothing():
    assert warm_arguments("", "", LABS) == []


@pytest.mark.parametrize("warm", ["08", "attention-weights", "lecturer/pulse", "../README", "08-attention-weights.py"])
def test_a_lab_that_is_not_in_labs_is_refused_with_the_list_of_labs(warm):
    with pytest.raises(ValueError) as error:
        warm_arguments(warm, "3", LABS, available=PLENTY)
    message = str(error.value)
    assert message.startswith(f"WARM={warm} is not a notebook in ")
    assert all(lab.stem in message for lab in LABS.glob("*.ipynb"))


@pytest.mark.parametrize("pool", ["0", "-3", "3.5", "forty", "1e3", "0x10"])
def test_a_pool_that_is_not_a_positive_whole_number_is_refused(pool):
    with pytest.raises(ValueError, match=f"POOL must be a positive whole number of kernels, e.g. POOL=40, not '{pool}'"):
        warm_arguments("08-attention-weights", pool, LABS, available=PLENTY)


def test_a_pool_without_a_lab_and_a_lab_without_a_pool_are_refused():
    with pytest.raises(ValueError, match="POOL=40 needs the lab to warm, WARM=<lab>, one of:\n  01-product-by-columns"):
        warm_arguments("", "40", LABS)
    with pytest.raises(ValueError, match="WARM=08-attention-weights needs the number of kernels to keep warm"):
        warm_arguments("08-attention-weights", "", LABS)


def test_a_pool_larger_than_the_memory_holds_is_refused_and_the_largest_that_fits_accepted():
    others = sum(1 for _ in LABS.rglob("*.ipynb")) - 1  # one kernel each, besides the warmed lab
    available = (others + 20) * KERNEL_BYTES
    assert pools(warm_arguments("08-attention-weights", "20", LABS, available=available, default_pool=1))
    with pytest.raises(ValueError, match="POOL=21 is more kernels than this machine's memory holds: .* at most POOL=20 here"):
        warm_arguments("08-attention-weights", "21", LABS, available=available, default_pool=1)


def test_the_launcher_refuses_bad_input_before_starting_voila(tmp_path, monkeypatch, capsys):
    started = []
    monkeypatch.setattr(pulse.PulseVoila, "launch_instance", lambda *args, **traits: started.append(args))
    monkeypatch.setenv("MATMUL_PULSE_DIR", str(tmp_path / "store"))
    with pytest.raises(SystemExit, match="make serve: POOL must be a positive whole number"):
        pulse.main([str(LABS), "--no-browser", "--warm=08-attention-weights", "--pool=many"])
    assert started == []


def test_the_launcher_hands_voila_the_pools_and_not_its_own_options(tmp_path, monkeypatch):
    ran = {}
    monkeypatch.setattr(pulse.PulseVoila, "launch_instance", lambda argv, **traits: ran.update(args=argv))
    monkeypatch.setenv("MATMUL_PULSE_DIR", str(tmp_path / "store"))
    with pytest.raises(SystemExit):  # once Voila has stopped
        pulse.main([str(LABS), "--no-browser", "--warm=08-attention-weights", "--pool=2"])
    voila = ran["args"]
    assert voila[:2] == [str(LABS), "--no-browser"]
    assert pools(voila[2:])["08-attention-weights.ipynb"] == {"pool_size": 2}


def test_make_serve_passes_warm_and_pool_to_the_launcher():
    dry_run = subprocess.run(
        ["make", "-n", "serve", "PORT=4321", "WARM=08-attention-weights", "POOL=40"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    [command] = [line for line in dry_run.splitlines() if " -m labserver.pulse " in line]
    assert command.endswith(' "--warm=08-attention-weights" "--pool=40"')
