"""`make serve` as a new user runs it: a fresh copy, only Python and make."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from harness.browser import open_lab
from harness.voila import free_port
from harness.worktree import copy_worktree

pytestmark = pytest.mark.slow  # builds or serves a whole copy of the project


def serve(clone, log_path):
    """Start `make serve` on a free port; return the process and the server URL once it answers."""
    port = free_port()
    log = open(log_path, "wb")
    process = subprocess.Popen(
        ["make", "serve", f"PORT={port}", f"PYTHON={sys.executable}"],
        cwd=clone, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/", timeout=2)
            return process, url
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.5)
    stop(process)
    pytest.fail("make serve did not serve:\n" + log_path.read_text(errors="replace"))


def stop(process):
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_make_serve_on_a_fresh_copy_then_again_without_reinstalling(tmp_path, page):
    clone = copy_worktree(tmp_path / "clone")
    process, url = serve(clone, tmp_path / "first.log")
    try:
        first = (tmp_path / "first.log").read_text()
        assert f"open {url}/" in first
        # The runtime dependencies alone must be enough to run a lab's kernel.
        open_lab(page, f"{url}/voila/render/index.ipynb", "make-serve-gallery")
        page.goto(f"{url}/")  # the address make serve prints is the gallery's front door
        page.wait_for_url(f"{url}/voila/render/index.ipynb")
    finally:
        stop(process)
    process, url = serve(clone, tmp_path / "second.log")
    stop(process)
    assert "pip install" not in (tmp_path / "second.log").read_text()
