"""Offline reading: a service worker with a versioned cache, so a reader who opened the site once can open it again
with no network (at the cabin), the browser-live engine included once it has been started.

At the end of the build this extension writes ``sw.js`` at the site root (a service worker controls the pages under
its own folder) with

- per edition (``EDITIONS``), what reading that edition offline needs: its pages, the landing pages and every file
  they load (followed from their src/href, the stylesheets' url() and the modules' imports), never source maps,
  licence notes, the theme's unused FontAwesome script and full fonts, message catalogues or the other edition;
- the live engine's files (``LIVE``), stored as the worker loads them through it (and, once the engine is ready,
  taken from the browser's HTTP cache if it loaded them before the worker was in control: fetched once, not twice);
- the cache's name from a digest of every listed file's content: a new build with any file changed is a new worker
  and a new cache, and the old cache is deleted when the new worker takes over.

Pages are fetched from the network first (a new build shows at once when online), everything else from the cache
first, the response handed on while it streams and its copy stored beside it. Every page gets one short inline
script that registers the worker from the site's own ``sw.js`` once the page is idle and no live engine is loading;
the install step caches only the landing page, and the page then asks for its own edition, one file at a time,
held while a page loads the live engine (live-page.mjs sends "sg-hold" and "sg-go").
Nothing is fetched from another host: the worker lets any request off the site's origin pass untouched.
"""

from __future__ import annotations

import hashlib
import json
import re
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

#: registers the worker once the page is idle, and only then: nothing competes with the page's own loading or with a
#: live engine that is loading (the page script marks <html data-skitgubbe-engine="loading"> and fires
#: "skitgubbe-engine-settled" when it is ready or failed). Then it tells the worker what the page loaded before the
#: worker was in control (already in the HTTP cache) and which edition to keep for offline reading.
REGISTER = """
(function () {
  if (!("serviceWorker" in navigator) || !window.isSecureContext || window.__sgOffline) return;
  window.__sgOffline = true;
  var html = document.documentElement;
  var root = new URL(html.getAttribute("data-content_root") || "./", location.href);
  var edition = /^sv/.test(html.lang || "") ? "sv" : "en";
  function idle(then) {
    if (window.requestIdleCallback) requestIdleCallback(then, { timeout: 4000 }); else setTimeout(then, 1000);
  }
  function quiet(then) {
    if (html.getAttribute("data-skitgubbe-engine") !== "loading") return idle(then);
    document.addEventListener("skitgubbe-engine-settled", function () { idle(then); }, { once: true });
  }
  function tell(message) {
    navigator.serviceWorker.ready.then(function (reg) { if (reg.active) reg.active.postMessage(message); });
  }
  addEventListener("load", function () {
    quiet(function () {
      navigator.serviceWorker.register(new URL("%(sw)s", root).href, { scope: root.pathname }).then(function () {
        var urls = performance.getEntriesByType("resource").map(function (e) { return e.name; });
        urls.push(location.href.split("#")[0]);
        tell({ type: "sg-cache", urls: urls });
        quiet(function () { tell({ type: "sg-edition", edition: edition }); });
      }).catch(function () { /* no worker (private mode, a blocked policy): the site works online as before */ });
    });
  });
})();
"""

WORKER = """// The Skitgubbe book's service worker (written by book/_ext/offline.py at build time).
"use strict";
const CACHE = %(cache)s;
const PREFIX = %(prefix)s;
const EDITIONS = %(editions)s;
const LIVE = %(live)s;

function here(path) {
  return new URL(path, self.registration.scope).href;
}

function ours(url) {
  return new URL(url).origin === self.location.origin;
}

// while a page loads the live engine ("sg-hold" until "sg-go"), the precache waits: the engine has the line
let held = Promise.resolve();
let release = () => {};

// one file after the other (never many at once: the reader's own requests go first); `reuse`: take the browser's
// HTTP cache when it holds the file (what the page or the engine just loaded), so nothing is fetched twice
async function fill(urls, reuse) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (!reuse) await held;
    if (!ours(url) || (await cache.match(url, { ignoreSearch: true }))) continue;
    try {
      const response = await fetch(url, reuse ? { cache: "force-cache" } : { priority: "low" });
      if (response.ok) await cache.put(url.split("#")[0], response);
    } catch (_) {
      // offline or gone: cached the next time it is fetched
    }
  }
}

self.addEventListener("install", (event) => {
  // nothing big here: the page asks for its edition once it is idle (message "sg-edition")
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(here("./"))).catch(() => {}).then(() => self.skipWaiting()));
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
  if (data.type === "sg-cache" && Array.isArray(data.urls)) event.waitUntil(fill(data.urls.map(String), true));
  else if (data.type === "sg-edition" && Object.hasOwn(EDITIONS, data.edition)) {
    event.waitUntil(fill(EDITIONS[data.edition].map(here), false));
  } else if (data.type === "sg-cache-live") event.waitUntil(fill(LIVE.map(here), true));
  else if (data.type === "sg-hold") {
    release();
    held = new Promise((resolve) => {
      release = resolve;
      setTimeout(resolve, 120000); // a page closed while loading never holds it for long
    });
  } else if (data.type === "sg-go") release();
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url.split("?")[0].split("#")[0], response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw error;
  }
}

// the response goes to the page at once, while it streams (the engine compiles its wasm as it arrives); the copy
// for the cache is stored beside it
async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !ours(request.url) || request.headers.has("range")) return;
  event.respondWith(request.mode === "navigate" ? networkFirst(request) : cacheFirst(event));
});
"""

#: build files no page loads: the brotli copies a host serves in place of a file (``x.br``: the browser stores the
#: file, not its copy), source maps, licence notes, the theme's unused FontAwesome script and full fonts (the site's
#: stylesheet uses subsets), the theme's message catalogues, template leftovers
NEVER = (".br", ".map", ".LICENSE.txt", ".po", ".mo", "fontawesome.js", "webpack-macros.html")
#: references in pages (src/href), stylesheets (url(...)) and modules (import ... from "./x", import("./x"))
REFERENCE = re.compile(r"""(?:\b(?:src|href)=["']|url\(["']?|\bfrom\s+["']|\bimport\s*\(\s*["'])([^"'()#?]+)""")
TEXT = (".html", ".css", ".js", ".mjs")
EDITION_NAMES = ("en", "sv")


def _edition_of(rel: str) -> str | None:
    """The edition a file belongs to (None: both): book/<lang>/..., or a Swedish twin named ``*-sv.*``."""
    parts = rel.split("/")
    if len(parts) > 2 and parts[0] == "book" and parts[1] in EDITION_NAMES:
        return parts[1]
    return "sv" if Path(rel).stem.endswith("-sv") else None


def _wanted(rel: str, lang: str, files: set[str]) -> bool:
    """Whether the edition `lang` keeps a file for offline reading."""
    if rel.endswith(NEVER) or rel not in files:
        return False
    edition = _edition_of(rel)
    if edition is not None:
        return edition == lang
    # an English-only file with a Swedish twin (search.html / search-sv.html)
    stem, dot, suffix = rel.rpartition(".")
    return not (lang == "sv" and dot and f"{stem}-sv.{suffix}" in files)


def edition_files(out: Path, files: list[str], lang: str) -> list[str]:
    """What an edition needs offline, sorted: its pages and the landing pages, and every file they load (found by
    following src/href, stylesheets' url() and modules' imports), nothing of the other edition."""
    present = set(files)
    todo = [r for r in files if r.endswith(".html") and _edition_of(r) == lang] + ["index.html"]
    seen: set[str] = set()
    while todo:
        rel = todo.pop()
        if rel in seen or not _wanted(rel, lang, present):
            continue
        seen.add(rel)
        if not rel.endswith(TEXT):
            continue
        base = (out / rel).parent
        for found in REFERENCE.findall((out / rel).read_text(encoding="utf-8", errors="replace")):
            if "://" in found or found.startswith(("data:", "mailto:", "/")):
                continue
            target = (base / found).resolve()
            try:
                todo.append(target.relative_to(out.resolve()).as_posix())
            except ValueError:
                continue
    return sorted(seen)


def _listed(out: Path) -> tuple[list[str], list[str]]:
    """The build's files (paths relative to its root, sorted): the site's, and the live engine's."""
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
    live = [rel for rel in live if not rel.endswith(NEVER)]
    digest = hashlib.sha256(WORKER.encode())
    for rel in (*shell, *live):
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    # the folder's own URL ("./") is the landing page as a reader types it
    editions = {lang: ["./", *edition_files(out, shell, lang)] for lang in EDITION_NAMES}
    return WORKER % {
        "cache": json.dumps(PREFIX + digest.hexdigest()[:16]),
        "prefix": json.dumps(PREFIX),
        "editions": json.dumps(editions, indent=0),
        "live": json.dumps(live, indent=0),
    }


def on_builder_inited(app: Sphinx) -> None:
    app.add_js_file(None, body=REGISTER % {"sw": SW_NAME})


def on_html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The registering script once per page (Jupyter Book hands the page the extensions' scripts twice)."""
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    body = REGISTER % {"sw": SW_NAME}
    first = next((i for i, s in enumerate(scripts) if getattr(s, "attributes", {}).get("body") == body), None)
    if first is not None:
        scripts[first + 1 :] = [s for s in scripts[first + 1 :] if getattr(s, "attributes", {}).get("body") != body]


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    (out / SW_NAME).write_text(worker_source(out), encoding="utf-8")
    logger.info("offline: %s written", SW_NAME)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", on_builder_inited)
    app.connect("html-page-context", on_html_page_context, priority=990)
    # after the other extensions' build-finished handlers, which still write files into the build
    app.connect("build-finished", on_build_finished, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
