"""A lab in JupyterLab, as the README promises: ``jupyter lab`` from the repository root, lab 2 opened
in Chromium and run top to bottom, its first check answered, the kernel restarted and the lab run
again: the check comes back solved, from the same browser record Voila's pages keep
(``matmul-labs//02-entry-dot-product``: base URL "/" in both, and the lab's name, which a JupyterLab
kernel takes from ``JPY_SESSION_NAME``), so progress made in one shows in the other.  (JupyterLab
draws the record's store before the last cell names its key: ``DeviceStore.set_state``.)

Nothing of the user's leaks in (temporary Jupyter and JupyterLab folders), nothing asks a question
first (no news prompt, no update check) and nothing is written in the repository (no autosave,
checkpoints in a temporary folder).  Every request to another host is aborted and recorded:
JupyterLab bundles its MathJax, and the labs' widgets need nothing outside. Its formulas all show:
the Markdown's typeset by JupyterLab, the widgets' drawn as MathML.
"""
from __future__ import annotations

import json
import os
import re
import secrets

import pytest
from playwright.sync_api import expect

from harness.browser import ERROR_OUTPUT_JS, PageProblems, answer_check, block_outside, screenshot
from harness.formulas import assert_formulas_drawn
from harness.voila import JupyterServer

LAB_2 = "labs/02-entry-dot-product.ipynb"
KEY = "matmul-labs//02-entry-dot-product"  # as Voila's (tests/browser/test_progress.py)
# JupyterLab's settings for a first run with no questions and no writes: no news prompt, no update
# check, no autosave (it would write the executed lab into the repository).
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}
# The status bar's kernel item once the kernel has started and is idle ("Python 3 (ipykernel) | Idle").
KERNEL_IDLE = re.compile(r"\| Idle$")
# Every code cell has run (numbered prompts, none queued) and the kernel is idle.
ALL_RUN_JS = """
() => {
  const prompts = Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt'))
    .map(prompt => prompt.textContent.trim());
  const idle = Array.from(document.querySelectorAll('.jp-StatusBar-Item'))
    .some(item => /\\| Idle$/.test(item.textContent.trim()));
  return idle && prompts.length > 0 && prompts.every(text => /^\\[\\d+\\]:$/.test(text));
}
"""
LAB_KEYS_JS = "() => Object.keys(localStorage).filter(key => key.startsWith('matmul-labs/'))"


@pytest.fixture(scope="module")
def jupyterlab(server_logs, tmp_path_factory):
    """``jupyter lab`` from the repository root with a token, in temporary Jupyter and JupyterLab folders."""
    home = tmp_path_factory.mktemp("jupyterlab")
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[var] = str(home / var.lower())
        os.makedirs(env[var])
    app_settings = home / "app-settings"
    app_settings.mkdir()
    (app_settings / "overrides.json").write_text(json.dumps(OVERRIDES))
    server = JupyterServer(app="lab", token=secrets.token_hex(16), env=env, extra=(
        f"--LabApp.app_settings_dir={app_settings}",
        "--LabApp.news_url=None",  # the server fetches no news either
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # Opening a notebook checkpoints it: there, not in labs/.ipynb_checkpoints.
        f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
    )).start(server_logs)
    yield server
    server.stop()


def pick(page, menu: str, item: str) -> None:
    """Pick ``item`` (its label's start) in ``menu`` of JupyterLab's menu bar, as a learner does."""
    page.get_by_role("menuitem", name=menu, exact=True).click()
    page.get_by_role("menuitem", name=re.compile(rf"^{re.escape(item)}")).click()


def test_a_lab_runs_in_jupyterlab_and_its_progress_is_restored_after_a_restart(jupyterlab, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # localStorage starts empty
    page = context.new_page()
    try:
        outside = block_outside(page, jupyterlab.url)
        problems = PageProblems(tolerated=re.compile(rf"^(?!{re.escape(jupyterlab.url)}/)")).watch(page)
        page.goto(f"{jupyterlab.url}/lab/tree/{LAB_2}?token={jupyterlab.token}")
        # Run nothing before the kernel is up: JupyterLab would ask which kernel to start.
        expect(page.locator(".jp-StatusBar-Item", has_text=KERNEL_IDLE)).to_be_visible(timeout=60_000)
        pick(page, "Run", "Run All Cells")
        page.wait_for_function(ALL_RUN_JS, timeout=90_000, polling=200)
        check = page.locator(".lab02-check")
        # Its feedback box; under Voila the matmul template also makes it a live region ([role=status]).
        feedback = check.locator(".check-feedback")
        expect(check).to_be_visible()
        assert page.evaluate(ERROR_OUTPUT_JS) == []

        # JupyterLab shows every formula: its own MathJax typesets the notebook's Markdown, and the
        # widgets' formulas are MathML, drawn in a math font the system has (no template here).
        expect(page.locator(".jp-MarkdownCell mjx-container").first).to_be_visible()
        assert assert_formulas_drawn(page.evaluate, "JupyterLab's lab 2 check", root=".lab02-check")["formulas"] >= 3
        answer_check(page, ".lab02-check", "-12")
        expect(feedback).to_contain_text("Correct!")
        page.wait_for_function(f"() => (localStorage.getItem({KEY!r}) || '').includes('\":\"solved\"')")
        assert page.evaluate(LAB_KEYS_JS) == [KEY]  # Voila's key: one record for both
        [kernel] = jupyterlab.kernel_processes()

        pick(page, "Kernel", "Restart Kernel and Run All Cells")
        page.get_by_role("button", name="Confirm Kernel Restart").click()  # JupyterLab asks first
        expect(feedback).to_have_text("Solved on an earlier visit.", timeout=90_000)
        expect(page.locator(".progress-notice")).to_contain_text(
            "Welcome back: 1 answer from your last visit restored.")
        expect(check.locator("input")).to_have_value("-12")
        page.wait_for_function(ALL_RUN_JS, timeout=90_000, polling=200)
        assert [proc.pid for proc in jupyterlab.kernel_processes()] != [kernel.pid]  # a new kernel
        assert page.evaluate(ERROR_OUTPUT_JS) == []
        check.scroll_into_view_if_needed()
        screenshot(page, "jupyterlab-progress-restored")
        assert outside == [], f"JupyterLab asked outside its server for {outside}"
        problems.assert_clean()
    finally:
        context.close()
