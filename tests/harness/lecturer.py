"""The lecturer's side of a lecture server in the tests: the server as ``make serve`` starts it, and the
lecturer's link followed to the board."""
from __future__ import annotations

import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .voila import VoilaServer

if TYPE_CHECKING:  # the fast tier imports the harness, and never Playwright (tests/harness/test_tiers.py)
    from playwright.sync_api import Page

#: The lecturer's page, under the server.
PULSE = "/voila/render/lecturer/pulse.ipynb"


def lecture_server(log_dir: Path, folder: Path, token: str) -> VoilaServer:
    """Voila serving labs/ as make serve does (``labserver.pulse``), started: the pulse's store in `folder`,
    the lecturer's own `token`."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MATMUL_PULSE_DIR", str(folder))
        env.setenv("MATMUL_PULSE_TOKEN", token)
        return VoilaServer(module="labserver.pulse").start(log_dir)


def let_in(page: Page, link: str) -> None:
    """Open the lecturer's `link` in `page`: it ends on the board's address without the token."""
    page.goto(link, wait_until="commit")
    page.wait_for_url(lambda url: urllib.parse.urlsplit(url).path == PULSE and "token" not in url, timeout=30_000)
