"""Text kept in the learner's browser (its local storage), under one key per lab and server.

`DeviceStore` is a front-end widget (anywidget: an inline ES module, no
build step, no import) with nothing to see.  When its view is drawn and it
has a `key`, it reads what the browser keeps under that key and sends it to
the kernel as `loaded`, with `status` saying whether storage works; whatever
the kernel puts in `saved` it writes back ("" removes the key).  It may also
read other labs' keys (`peek`, into `peeked`), and write them only when told
to (`put`: progress brought from another device).  The key is
prefixed with the server's base URL, so that on a JupyterHub each user's
pages (``/user/<name>/``) keep their own records.  The text is never run:
the kernel reads it strictly (`widgets.core.progress_record`).

A text read under a key is news to the kernel even when `status` stays "ready":
see `DeviceStore.set_state` (JupyterLab draws the view before `key` is set).

A store can go deaf: anywidget 0.11 gives a model two seconds from its
creation in the page to load its ES module (``AbortSignal.timeout(2000)`` in
its runtime), and a page whose renderer is starved that long (a lecture hall's
browsers beside forty kernels, a slow phone) keeps a model that still draws
and reports but drops every message from the kernel, the learner's record
included.  So the kernel asks once, when the view first reports, and a store
that has not answered within `ANSWER_WITHIN` seconds turns `deaf`; its owner
(`KeepsStore`) puts a new one in its place, created once the page is loaded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import anywidget
from traitlets import Bool, Bunch, Dict, HasTraits, Int, List, Unicode

from ..base.owned import OwnsChildren

__all__ = ["ANSWER_WITHIN", "DeviceStore", "KeepsStore"]

#: Seconds a drawn store has to answer the kernel before it counts as deaf.
ANSWER_WITHIN = 5.0
#: The most stores a page renews one after another (a page that never hears stops there).
_MAX_RENEWALS = 3

_ESM = r"""
const PREFIX = "matmul-labs/";

function baseUrl() {
  try {
    const data = document.getElementById("jupyter-config-data");
    const url = data ? JSON.parse(data.textContent).baseUrl : "/";
    return typeof url === "string" && url ? url : "/";
  } catch (error) {
    return "/";
  }
}

function openStorage() {
  try {
    const storage = window.localStorage;
    const probe = PREFIX + "probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch (error) {
    return null;  // disabled, a private window, or no storage at all
  }
}

function render({ model, el }) {
  el.classList.add("device-store");
  el.hidden = true;
  const storage = openStorage();
  const where = () => PREFIX + baseUrl() + model.get("key");
  const report = (status, loaded) => {
    if (loaded !== undefined) model.set("loaded", loaded);
    model.set("status", status);
    model.save_changes();
  };
  const read = (key) => {
    let text = null;
    try { text = storage.getItem(PREFIX + baseUrl() + key); } catch (error) { text = null; }
    return text === null ? null : String(text).slice(0, model.get("max_chars") + 1);
  };
  const load = () => {
    const key = model.get("key"), peek = model.get("peek") || [];
    if (!key && !peek.length) return;
    if (!storage) return report("unavailable", key ? "" : undefined);
    const peeked = {};
    for (const other of peek) {
      const text = typeof other === "string" ? read(other) : null;
      if (text !== null) peeked[other] = text;
    }
    model.set("peeked", peeked);
    report("ready", key ? (read(key) ?? "") : undefined);
  };
  const write = () => {
    if (!storage || !model.get("key")) return;
    const text = model.get("saved");
    try {
      if (text) storage.setItem(where(), text); else storage.removeItem(where());
      if (model.get("status") !== "ready") report("ready");
    } catch (error) {
      report("full");
    }
  };
  // Each text set aside under a key of its own (#set-aside-1, -2, ...), the oldest dropped beyond
  // max_set_aside (a page that keeps writing junk under the key cannot fill the storage through us).
  const setAside = () => {
    const text = storage.getItem(where());
    if (text === null) return;
    const stem = where() + "#set-aside", kept = [];
    for (let i = 0; i < storage.length; i++) {
      const other = storage.key(i);
      if (other === stem) kept.push([0, other]);  // the single key that earlier versions used
      const number = typeof other === "string" && other.startsWith(stem + "-") ? other.slice(stem.length + 1) : "";
      if (/^[1-9][0-9]{0,14}$/.test(number)) kept.push([Number(number), other]);
    }
    kept.sort((a, b) => a[0] - b[0]);
    storage.setItem(stem + "-" + (kept.length ? kept[kept.length - 1][0] + 1 : 1), text);
    for (const [, old] of kept.slice(0, Math.max(0, kept.length + 1 - model.get("max_set_aside")))) {
      storage.removeItem(old);
    }
  };
  const onMessage = (message) => {
    if (message && message.ping !== undefined) return model.send({ pong: message.ping });  // we hear the kernel
    if (!storage || !message) return;
    try {
      if (message.put && typeof message.put === "object") {  // only this page's own keys
        const allowed = new Set([model.get("key"), ...(model.get("peek") || [])].filter(Boolean));
        for (const [key, text] of Object.entries(message.put)) {
          if (allowed.has(key) && typeof text === "string") storage.setItem(PREFIX + baseUrl() + key, text);
        }
        return load();
      }
      if (message.reload === true) return window.location.reload();
      if (!model.get("key")) return;
      if (message.set_aside === true) setAside();
      if (message.set_aside === true || message.clear === true) storage.removeItem(where());
    } catch (error) {
      report("full");
    }
  };
  load();
  model.on("change:key", load);
  model.on("change:peek", load);
  model.on("change:saved", write);
  model.on("msg:custom", onMessage);
  return () => {
    model.off("change:key", load);
    model.off("change:peek", load);
    model.off("change:saved", write);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
"""


class DeviceStore(anywidget.AnyWidget):
    """One text kept in the browser under `key`; see the module's docstring.

    Examples
    --------
    >>> store = DeviceStore(key="01-product-by-columns")
    >>> store.status, store.loaded
    ('', '')
    """

    _esm = _ESM
    key = Unicode("", help="The lab's name: what the text is kept under, after the server's base URL.").tag(sync=True)
    loaded = Unicode("", help="What the browser kept, as read when the view was drawn.").tag(sync=True)
    saved = Unicode("", help="What the browser is to keep; '' removes it.").tag(sync=True)
    status = Unicode(
        "", help="'' until the view reports; then 'ready', 'unavailable' (no storage) or 'full'."
    ).tag(sync=True)
    peek = List(Unicode(), help="Other labs' keys, only read: the gallery's map of every lab.").tag(sync=True)
    peeked = Dict(help="What the browser kept under each key of `peek` (keys with nothing are left out).").tag(
        sync=True)
    max_chars = Int(20_000, help="The longest text read back: one character more marks it too long.").tag(sync=True)
    max_set_aside = Int(5, help="The most texts kept set aside under `key`: the oldest goes first.").tag(sync=True)
    deaf = Bool(False, read_only=True, help="The view reported but never answered the kernel (see the module).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._asked = self._heard = False
        self.on_msg(self._on_answer)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take the browser's report; if it brings a new `loaded` under an unchanged `status`, tell
        `status`'s observers too, as a change of status would.

        They read `loaded` when `status` changes, and a text read once the view is drawn comes with
        the status it was drawn with: in JupyterLab (which draws a cell's widgets while the later cells
        run) the view reports "ready" before the lab's last cell sets `key`, then the key's text with
        "ready" again, and a returning learner's record would go unread.  Under Voila the view is drawn
        after every cell has run, and one report carries both.

        Examples
        --------
        >>> store, seen = DeviceStore(peek=["review"]), []
        >>> store.observe(lambda change: seen.append(store.loaded), names="status")
        >>> store.set_state({"peeked": {}, "status": "ready"})  # drawn before the key was set
        >>> store.key = "02-entry-dot-product"
        >>> store.set_state({"loaded": '{"v":1}', "status": "ready"})  # the key's text, read then
        >>> seen
        ['', '{"v":1}']
        """
        status, loaded = self.status, self.loaded
        super().set_state(sync_data)
        if status and self.status == status and self.loaded != loaded:
            # Observers only (HasTraits', not the widget's notify_change): the browser holds this status.
            HasTraits.notify_change(self, Bunch(name="status", old=status, new=status, owner=self,
                                                type="change"))
        if "status" in sync_data and not self._asked:
            self._ask()

    def _ask(self):
        """The view has reported: ask it to answer, and judge it deaf if it has not within `ANSWER_WITHIN` s."""
        self._asked = True
        try:
            loop = asyncio.get_running_loop()  # the kernel's; none in a plain script or a doctest
        except RuntimeError:
            return
        self.send({"ping": 1})
        loop.call_later(ANSWER_WITHIN, self._judge)

    def _judge(self):
        if not self._heard and self.comm is not None:
            self.set_trait("deaf", True)

    def _on_answer(self, _widget, content, _buffers):
        if isinstance(content, dict) and "pong" in content:
            self._heard = True

    def renewed(self) -> DeviceStore:
        """A new store for the same texts (`key`, `peek`, `max_chars`), to show in place of a deaf one."""
        return DeviceStore(key=self.key, peek=list(self.peek), max_chars=self.max_chars)

    def set_aside(self) -> None:
        """Move the kept text to a key of its own (``#set-aside-1``, then ``-2``, ...): kept for inspection,
        never read again, and never written over; only the newest `max_set_aside` are kept."""
        self.send({"set_aside": True})

    def put(self, texts: Mapping[str, str]) -> None:
        """Write `texts` (a key of this store or of its `peek` to its text) into the browser, then read
        them back as when the view was drawn: a progress code brought from another device."""
        self.send({"put": dict(texts)})

    def reload_page(self) -> None:
        """Reload the page the view is on (after `clear`, a lab opens afresh)."""
        self.send({"reload": True})

    def clear(self) -> None:
        """Remove the kept text (whatever `saved` holds: it may not have changed since)."""
        self.saved = ""
        self.send({"clear": True})


class KeepsStore(OwnsChildren):
    """A mixin for a box that shows a `DeviceStore` among its children and renews it when it goes deaf.

    The box keeps its store with `_keep_store` instead of observing it itself;
    a deaf store is then replaced, in `store` and in the box's children, by
    `DeviceStore.renewed`, whose view reports afresh to the same handler.

    Examples
    --------
    >>> from ipywidgets import VBox
    >>> class Keeper(KeepsStore, VBox):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.seen = []
    ...         self._keep_store(DeviceStore(key="lab"), lambda change: self.seen.append(change["new"]), "status")
    ...         self.children = [self.store]
    >>> keeper = Keeper()
    >>> first = keeper.store
    >>> first.set_trait("deaf", True)
    >>> keeper.store is not first, keeper.store.key, first.comm is None, keeper.children == (keeper.store,)
    (True, 'lab', True, True)
    >>> keeper.store.status = "ready"
    >>> keeper.seen
    ['ready']
    """

    _renewals = 0  # stores renewed so far
    _store_handler = None  # what `_keep_store` was told to follow: (handler, names)

    def _keep_store(self, store: DeviceStore, handler: Any, names: str | list[str]) -> DeviceStore:
        """Own `store`, follow its `names` with `handler`, and renew it if it goes deaf; return it."""
        self.store = self._own(store)
        self._store_handler = (handler, names)
        store.observe(handler, names=names)
        store.observe(self._renew_store, names="deaf")
        return store

    def _renew_store(self, change):
        deaf = change["owner"]
        if deaf is not self.store or not change["new"] or self._renewals >= _MAX_RENEWALS:
            return
        self._renewals += 1
        store = self._keep_store(deaf.renewed(), *self._store_handler)
        self.children = tuple(store if child is deaf else child for child in self.children)
        deaf.close()
