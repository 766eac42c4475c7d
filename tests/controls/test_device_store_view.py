"""widgets.controls.device_store's view, its ES module itself, run in Node (the one Playwright brings)
with the browser's storage played by a Map: what it does to the keys it keeps.

tests/browser/test_progress.py runs the same module in Chromium, through a lab."""
from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

from widgets.controls.device_store import DeviceStore

# Found, not imported: the fast tier loads no Playwright (tests/harness/test_tiers.py).
NODE = shutil.which("node") or str(Path(importlib.util.find_spec("playwright").origin).parent / "driver" / "node")
KEY = "matmul-labs//02-entry-dot-product"  # the prefix, the base URL "/" (no Jupyter config), the lab

# Draws the view once on a fake model and storage, then plays each step: a message from the kernel
# ({"msg": ...}) or a text another page writes under a key ({"write": [key, text]}).
_RUN_JS = r"""
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
class FakeStorage {
  constructor(items) { this.items = new Map(Object.entries(items)); }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, text) { this.items.set(key, String(text)); }
  removeItem(key) { this.items.delete(key); }
}
const storage = new FakeStorage(input.storage);
globalThis.window = { localStorage: storage, location: { reload() {} } };
globalThis.document = { getElementById: () => null };
const state = { ...input.state }, handlers = {};
const model = {
  get: (name) => state[name], set: (name, value) => { state[name] = value; }, save_changes() {},
  on: (event, handler) => { (handlers[event] ||= []).push(handler); }, off() {}, send() {},
};
import("data:text/javascript;base64," + Buffer.from(input.esm).toString("base64")).then(({ default: widget }) => {
  widget.render({ model, el: { classList: { add() {} }, hidden: false } });
  for (const step of input.steps) {
    if (step.write) storage.setItem(...step.write);
    if (step.msg) for (const handler of handlers["msg:custom"] || []) handler(step.msg);
  }
  process.stdout.write(JSON.stringify({ storage: Object.fromEntries(storage.items), status: state.status }));
});
"""


def run_view(storage: dict[str, str], steps: list[dict], **traits) -> dict[str, str]:
    """What the browser keeps after the view of a `DeviceStore(**traits)` is drawn on `storage` and plays `steps`."""
    store = DeviceStore(**traits)
    state = {name: value for name, value in store.get_state().items() if not name.startswith("_")}
    given = {"esm": store._esm, "storage": storage, "state": state, "steps": steps}
    done = subprocess.run([NODE, "-e", _RUN_JS], input=json.dumps(given), capture_output=True, text=True,
                          timeout=60, check=True)
    result = json.loads(done.stdout)
    assert result["status"] == "ready", result
    return result["storage"]


def damaged(k: int) -> str:
    return f'{{"v": 1, "checks": "damaged {k}"}}'


def test_each_set_aside_is_kept_under_a_key_of_its_own():
    """A second unreadable record set aside leaves the first where it was."""
    steps = [{"msg": {"set_aside": True}}, {"write": [KEY, damaged(2)]}, {"msg": {"set_aside": True}}]
    kept = run_view({KEY: damaged(1)}, steps, key="02-entry-dot-product")
    assert kept == {KEY + "#set-aside-1": damaged(1), KEY + "#set-aside-2": damaged(2)}


def test_only_the_newest_set_asides_are_kept_so_a_page_cannot_fill_the_storage():
    steps = [step for k in range(2, 9) for step in ({"write": [KEY, damaged(k)]}, {"msg": {"set_aside": True}})]
    kept = run_view({KEY: damaged(1), KEY + "#set-aside": damaged(0), KEY + "#set-aside-x": "not ours"},
                    [{"msg": {"set_aside": True}}, *steps], key="02-entry-dot-product", max_set_aside=3)
    # The earlier versions' one set-aside counts as the oldest; a key the labs do not write is left alone.
    assert kept == {KEY + "#set-aside-x": "not ours", KEY + "#set-aside-6": damaged(6),
                    KEY + "#set-aside-7": damaged(7), KEY + "#set-aside-8": damaged(8)}


def test_other_keys_are_never_touched_by_a_set_aside():
    other = "matmul-labs//03-properties"
    kept = run_view({KEY: damaged(1), other: damaged(3), other + "#set-aside-1": damaged(4)},
                    [{"msg": {"set_aside": True}}], key="02-entry-dot-product", max_set_aside=1)
    assert kept == {KEY + "#set-aside-1": damaged(1), other: damaged(3), other + "#set-aside-1": damaged(4)}
