"""The project's set-up, read without a server: the Binder recipe, `make serve` and `make test`,
voila.json, the installed Voila template, isolated Jupyter state and the gallery's links."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import tomllib
import yaml

from conftest import LABS, REPO
from harness.recipe import environment_packages, index_links, requirement
from harness.voila import voila_args

TEMPLATE = REPO / "share" / "jupyter" / "voila" / "templates" / "matmul"


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert environment_packages() == dict(requirement(d) for d in project["dependencies"])
    env = yaml.safe_load((REPO / "environment.yml").read_text())
    assert "conda-forge" in env["channels"]
    # A local path in the pip section makes repo2docker copy the whole repo first.
    pip_sections = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert not any(p.startswith(("-e", ".")) for section in pip_sections for p in section)


def test_postbuild_is_executable_and_installs_only_the_package():
    post_build = REPO / "postBuild"
    assert os.access(post_build, os.X_OK)
    assert "pip install --no-deps ." in post_build.read_text()


def test_make_serve_starts_voila_as_the_harness_does():
    dry_run = subprocess.run(
        ["make", "-n", "serve", "PORT=4321", "HOST=127.0.0.1"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    # labserver.pulse sets the class pulse's folder and secret, prints the lecturer's
    # link, then runs Voila (labserver.voila_app) with the same arguments in the same process.
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
    # Kernels on Unix sockets: loopback TCP ports raced under a hall's wave of kernel starts.
    assert config["KernelManager"]["transport"] == "ipc"


def test_jupyter_state_lives_in_a_temporary_folder():
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        folder = Path(os.environ[var])
        assert folder.is_dir() and not folder.is_relative_to(Path.home()), var


def test_make_test_stops_with_advice_when_chromium_is_missing(tmp_path):
    missing = tmp_path / "no-chromium"
    result = subprocess.run(
        ["make", "chromium", f"CHROMIUM={missing}"], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert f"Chromium not found at {missing}" in result.stdout
    assert "apt-get install chromium" in result.stdout and "CHROMIUM=" in result.stdout


def test_voila_finds_this_repositorys_template():
    """voila.json names the template; Voila finds an installed copy, which must be up to date.

    Every install copies the template into <prefix>/share/jupyter (an editable
    one too), so an edited template needs a reinstall: ``pip install -e .``.
    """
    from voila.paths import collect_template_paths

    config = json.loads((REPO / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == TEMPLATE.name
    installed = collect_template_paths(["voila", "nbconvert"], TEMPLATE.name, prune=True)[0]
    assert installed.endswith("/voila/templates/matmul"), installed
    names = sorted(path.relative_to(TEMPLATE).as_posix() for path in TEMPLATE.rglob("*") if path.is_file())
    copied = sorted(path.relative_to(installed).as_posix() for path in Path(installed).rglob("*") if path.is_file())
    assert copied == names, f"{installed} differs from {TEMPLATE}: pip install -e ."
    for name in names:
        same = (TEMPLATE / name).read_bytes() == (Path(installed) / name).read_bytes()
        assert same, f"{installed}/{name} is older than the repository's: pip install -e ."


def test_index_links_every_lab_with_a_relative_link():
    links = index_links()
    labs = [path.name for path in LABS if path.name != "index.ipynb"]
    assert sorted(links) == sorted(labs)
    # Relative links work both in JupyterLab and under /voila/render/labs/.
    assert all("/" not in link for link in links)
