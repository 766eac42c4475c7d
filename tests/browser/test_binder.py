"""The Binder recipe built and served: repo2docker's plan, and a rehearsal with pip."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import REPO
from harness.browser import open_lab
from harness.recipe import environment_packages
from harness.voila import JupyterServer
from harness.worktree import copy_worktree

pytestmark = pytest.mark.slow  # builds or serves a whole copy of the project


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
        # --no-compile: the modules a server imports are compiled when first imported (as make serve installs).
        subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--no-compile", *pip_args],
                       stdout=pip_log, stderr=subprocess.STDOUT, check=True, timeout=600)
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    with open(root / "postBuild.log", "wb") as build_log:
        subprocess.run(["./postBuild"], cwd=repo, env=env, stdout=build_log,
                       stderr=subprocess.STDOUT, check=True, timeout=300)
    server = JupyterServer(cwd=repo, jupyter=(str(venv / "bin" / "jupyter"),), env=env).start(root)
    yield server.url
    server.stop()


def test_binder_rehearsal_serves_the_gallery_and_a_lab(binder_rehearsal, page):
    open_lab(page, f"{binder_rehearsal}/voila/render/labs/index.ipynb", "binder-gallery")
    assert "matmul-labs" in page.inner_text("body")
    first_lab = page.eval_on_selector(".matmul-gallery-card a[href$='.ipynb']", "a => a.href")
    open_lab(page, first_lab, "binder-first-lab")
    assert page.locator(".jupyter-widgets input").count() > 0
