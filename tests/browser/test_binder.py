"""The Binder recipe built and served: repo2docker's plan, and a rehearsal with pip."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import REPO
from harness.browser import FONT_AWESOME_CDN, open_lab
from harness.voila import free_port
from harness.recipe import environment_packages
from harness.worktree import copy_worktree

pytestmark = pytest.mark.slow  # builds or serves a whole copy of the project

# Under `jupyter server` (Binder's route) MathJax comes from a CDN; offline it fails.
MATHJAX_CDN = r"^https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/|^https://cdn\.jsdelivr\.net/npm/mathjax"


def test_repo2docker_installs_environment_before_copying_the_repo():
    plan = subprocess.run(
        [sys.executable, "-m", "repo2docker", "--no-build", "--no-run", "--debug", "."],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=True,
    )
    dockerfile = (plan.stdout + plan.stderr).splitlines()

    def line_of(fragment: str) -> int:
        return next(i for i, line in enumerate(dockerfile) if fragment in line)

    env_installed = line_of('--file "environment.yml"')
    repo_copied = line_of("COPY --chown=0:0 src/ ${REPO_DIR}/")
    assert line_of("src/environment.yml") < env_installed < repo_copied < line_of("./postBuild")


@pytest.fixture(scope="module")
def binder_rehearsal(tmp_path_factory):
    """A fresh venv given environment.yml's packages by pip, then postBuild, then `jupyter server`."""
    root = tmp_path_factory.mktemp("binder")
    repo = copy_worktree(root / "repo")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip_args = [f"{name}{bounds}" for name, bounds in environment_packages().items()]
    with open(root / "pip.log", "wb") as pip_log:
        subprocess.run([venv / "bin" / "python", "-m", "pip", "install", *pip_args],
                       stdout=pip_log, stderr=subprocess.STDOUT, check=True, timeout=600)
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    with open(root / "postBuild.log", "wb") as build_log:
        subprocess.run(["./postBuild"], cwd=repo, env=env, stdout=build_log,
                       stderr=subprocess.STDOUT, check=True, timeout=300)
    port = free_port()
    command = [str(venv / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token="]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = open(root / "server.log", "wb")
    server = subprocess.Popen(command, cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/status", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("jupyter server did not start:\n" + (root / "server.log").read_text())
            time.sleep(0.3)
    yield url
    server.terminate()
    server.wait(15)


def test_binder_rehearsal_serves_the_gallery_and_a_lab(binder_rehearsal, page):
    offline_cdns = f"{FONT_AWESOME_CDN}|{MATHJAX_CDN}"
    open_lab(page, f"{binder_rehearsal}/voila/render/labs/index.ipynb", "binder-gallery",
             tolerated=offline_cdns)
    assert "matmul-labs" in page.inner_text("body")
    first_lab = page.eval_on_selector("a[href$='.ipynb']", "a => a.href")
    open_lab(page, first_lab, "binder-first-lab", tolerated=offline_cdns)
    assert page.locator(".jupyter-widgets input").count() > 0
