"""Offline reading: a service worker with a versioned cache, so a reader who opened the site once can open it again
with no network (at the cabin), the browser-live engine included once it has been started.

At the end of the build this extension writes ``sw.js`` at the site root (a service worker controls the pages under
its own folder) with

- the site's pages and the files they load (everything in the build but the live engine's ``_live/`` and Sphinx's
  leftovers), cached when the worker installs; the live engine's files (``LIVE``) are cached when a reader presses
  Start (the page tells the worker) and whenever a page fetches them while the worker is in control;
- the cache's name from a digest of every listed file's content: a new build with any file changed is a new worker
  and a new cache, and the old cache is deleted when the new worker takes over.

Pages are fetched from the network first (a new build shows at once when online), everything else from the cache
first. Every page gets a short inline script that registers the worker from the site's own ``sw.js`` once the page
has loaded (nothing is fetched before the page paints) and passes on what the page loaded before the worker was in
control. Nothing is fetched from another host: the worker lets any request off the site's origin pass untouched.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

SW_NAME = "sw.js"
#: the cache names' prefix (a cache of another prefix is never touched)
PREFIX = "skitgubbe-offline-"
#: folders and files of the build that are cached only on demand (the live engine) or never (Sphinx's leftovers)
LIVE_DIR = "_live"
SKIPPED = {".buildinfo", "objects.inv", SW_NAME, ".nojekyll"}
SKIPPED_DIRS = {"_sources", ".doctrees", "jupyter_execute", LIVE_DIR, "reports"}

#: registers the worker after the page has loaded; tells it what the page loaded before it was in control, and
#: that the live engine is wanted when the reader presses Start
REGISTER = """
(function () {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var root = new URL(document.documentElement.getAttribute("data-content_root") || "./", location.href);
  function tell(message) {
    navigator.serviceWorker.ready.then(function (reg) { if (reg.active) reg.active.postMessage(message); });
  }
  document.addEventListener("click", function (event) {
    var start = event.target.closest && event.target.closest('[data-skitgubbe-live] [data-action="start"]');
    if (start) tell({ type: "sg-cache-live" });
  }, true);
  addEventListener("load", function () {
    navigator.serviceWorker.register(new URL("%(sw)s", root).href, { scope: root.pathname }).then(function () {
      var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; });
      urls.push(location.href.split("#")[0]);
      tell({ type: "sg-cache", urls: urls });
    }).catch(function () { /* no worker (private mode, a blocked policy): the site works online as before */ });
  });
})();
"""

WORKER = """// The Skitgubbe book's service worker (written by book/_ext/offline.py at build time).
"use strict";
const CACHE = %(cache)s;
const PREFIX = %(prefix)s;
const SHELL = %(shell)s;
const LIVE = %(live)s;

function here(path) {
  return new URL(path, self.registration.scope).href;
}

function ours(url) {
  return new URL(url).origin === self.location.origin;
}

async function fill(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (!ours(url) || (await cache.match(url, { ignoreSearch: true }))) continue;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch (_) {
      // offline or gone: cached the next time it is fetched
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL.map(here))).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "sg-cache" && Array.isArray(data.urls)) event.waitUntil(fill(data.urls.map(String)));
  else if (data.type === "sg-cache-live") event.waitUntil(fill(LIVE.map(here)));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url.split("?")[0], response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !ours(request.url) || request.headers.has("range")) return;
  event.respondWith(request.mode === "navigate" ? networkFirst(request) : cacheFirst(request));
});
"""


def _listed(out: Path) -> tuple[list[str], list[str]]:
    """The build's files (paths relative to its root, sorted): those cached at install, and the live engine's."""
    shell, live = [], []
    for path in sorted(out.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(out).as_posix()
        top = rel.split("/", 1)[0]
        if rel in SKIPPED or path.name.startswith(".") or (top in SKIPPED_DIRS and top != LIVE_DIR):
            continue
        (live if top == LIVE_DIR else shell).append(rel)
    return shell, live


def worker_source(out: Path) -> str:
    """The text of ``sw.js`` for the build in ``out``: its file lists and the cache name from their contents."""
    shell, live = _listed(out)
    digest = hashlib.sha256(WORKER.encode())
    for rel in (*shell, *live):
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    # the folder's own URL ("./") is the landing page as a reader types it
    return WORKER % {
        "cache": json.dumps(PREFIX + digest.hexdigest()[:16]),
        "prefix": json.dumps(PREFIX),
        "shell": json.dumps(["./", *shell], indent=0),
        "live": json.dumps(live, indent=0),
    }


def on_builder_inited(app: Sphinx) -> None:
    app.add_js_file(None, body=REGISTER % {"sw": SW_NAME})


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    (out / SW_NAME).write_text(worker_source(out), encoding="utf-8")
    logger.info("offline: %s written", SW_NAME)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", on_builder_inited)
    # after the other extensions' build-finished handlers, which still write files into the build
    app.connect("build-finished", on_build_finished, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
