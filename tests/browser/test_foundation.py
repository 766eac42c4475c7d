"""The set-up itself: one configuration for every server, isolated Jupyter state, themes."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from conftest import REPO
from harness.browser import open_lab
from harness.voila import VoilaServer, voila_args


def test_make_serve_starts_voila_as_the_harness_does():
    dry_run = subprocess.run(
        ["make", "-n", "serve", "PORT=4321", "HOST=127.0.0.1"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    # labserver.pulse sets the class pulse's folder and secret, prints the lecturer's
    # link, then runs `python -m voila` with the same arguments in the same process.
    [command] = [line for line in dry_run.splitlines() if " -m labserver.pulse " in line]
    assert command.split(" -m labserver.pulse ", 1)[1].split() == voila_args("labs", 4321)


def test_lecture_configuration():
    config = json.loads((REPO / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True and 1 <= voila["default_pool_size"] <= 2
    assert voila["theme"] == "light"
    assert voila["strip_sources"] is True and voila["show_tracebacks"] is False
    # Voila 0.5 never shuts a kernel down when its page closes: culling is what frees it.
    culling = config["MappingKernelManager"]
    assert 60 <= culling["cull_idle_timeout"] <= 900
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]


def test_jupyter_state_lives_in_a_temporary_folder():
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        folder = Path(os.environ[var])
        assert folder.is_dir() and not folder.is_relative_to(Path.home()), var


def test_light_theme_by_default_and_dark_on_request(voila_server, page):
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb", "theme-light")
    assert "theme-light" in page.eval_on_selector("body", "b => b.className")
    # Voila 0.5 reads the theme from ?theme= (its 0.6 successor names it voila-theme).
    open_lab(page, f"{voila_server.url}/voila/render/index.ipynb?theme=dark", "theme-dark")
    assert "theme-dark" in page.eval_on_selector("body", "b => b.className")


def test_stopping_the_server_stops_its_kernels(server_logs, page):
    server = VoilaServer().start(server_logs)
    try:
        open_lab(page, f"{server.url}/voila/render/index.ipynb", "stop-check")
        kernels = server.kernel_processes()
        assert kernels, "a rendered page should have a kernel"
    finally:
        server.stop()
    assert server.process.returncode is not None
    assert not [k for k in kernels if k.is_running() and k.status() != "zombie"]


def test_make_test_stops_with_advice_when_chromium_is_missing(tmp_path):
    missing = tmp_path / "no-chromium"
    result = subprocess.run(
        ["make", "chromium", f"CHROMIUM={missing}"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert f"Chromium not found at {missing}" in result.stdout
    assert "apt-get install chromium" in result.stdout and "CHROMIUM=" in result.stdout
