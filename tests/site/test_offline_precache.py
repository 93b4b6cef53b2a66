"""What the service worker keeps for offline reading (book/_ext/offline.py, issue 58): per edition, its pages and
what they load, never source maps, the theme's unused FontAwesome script and full fonts, catalogues or the other
edition; and every page registers the worker once."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from helpers import REPO

sys.path.insert(0, str(REPO / "book" / "_ext"))
import offline

FILES = {
    "index.html": '<link href="_static/site.css" rel="stylesheet"><a href="book/en/a.html">en</a>',
    "book/en/a.html": '<script src="../../_static/app.js"></script><a href="../sv/a.html">sv</a>'
    '<script src="../../searchindex.js"></script><a href="../../search.html">s</a>',
    "book/en/b.html": "<p>b</p>",
    "book/sv/a.html": '<script src="../../_static/app.js"></script><script src="../../searchindex-sv.js"></script>'
    '<a href="../../search-sv.html">s</a><a href="../../search.html">s</a>',
    "_static/site.css": 'a { background: url("fonts/used-site.woff") }',
    "_static/fonts/used-site.woff": "w",
    "_static/fonts/full.ttf": "t",
    "_static/app.js": 'import { x } from "./part.js"; import("./lazy.js");',
    "_static/part.js": "export const x = 1;",
    "_static/lazy.js": "",
    "_static/app.js.map": "{}",
    "_static/scripts/fontawesome.js": "",
    "_static/locales/de/LC_MESSAGES/booktheme.mo": "",
    "searchindex.js": "",
    "searchindex-sv.js": "",
    "search.html": "",
    "search-sv.html": "",
    "_live/pyodide/pyodide.asm.wasm": "w",
    "_live/engine.zip": "z",
}


def _site(root: Path) -> Path:
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _lists(source: str) -> tuple[dict[str, list[str]], list[str]]:
    editions = json.loads(re.search(r"const EDITIONS = (\{.*?\});\n", source, re.S).group(1))  # type: ignore[union-attr]
    live = json.loads(re.search(r"const LIVE = (\[.*?\]);\n", source, re.S).group(1))  # type: ignore[union-attr]
    return editions, live


def test_each_edition_keeps_its_pages_and_what_they_load_only(tmp_path: Path) -> None:
    editions, live = _lists(offline.worker_source(_site(tmp_path)))
    shared = {"./", "index.html", "_static/site.css", "_static/fonts/used-site.woff"}
    assert set(editions["en"]) == shared | {
        "book/en/a.html",
        "book/en/b.html",
        "_static/app.js",
        "_static/part.js",
        "_static/lazy.js",
        "searchindex.js",
        "search.html",
    }
    assert set(editions["sv"]) == shared | {
        "book/sv/a.html",
        "_static/app.js",
        "_static/part.js",
        "_static/lazy.js",
        "searchindex-sv.js",
        "search-sv.html",
    }
    assert live == ["_live/engine.zip", "_live/pyodide/pyodide.asm.wasm"]


def test_the_worker_hands_on_responses_while_they_stream_and_installs_light() -> None:
    worker = offline.WORKER
    cache_first = worker.split("async function cacheFirst", 1)[1].split("\n}\n", 1)[0]
    assert "event.waitUntil(cache.put(request, response.clone())" in cache_first
    assert "await cache.put" not in cache_first, "the response must not wait until the cache holds all of it"
    install = worker.split('addEventListener("install"', 1)[1].split("});", 1)[0]
    assert "addAll" not in install and "EDITIONS" not in install
    assert 'cache: "force-cache"' in worker  # what the page or engine loaded is taken from the HTTP cache


def test_every_page_registers_the_worker_once(built_site: Path) -> None:
    pages = [p for p in built_site.rglob("*.html") if p.relative_to(built_site).parts[0] not in ("_static", "_live")]
    assert len(pages) > 20
    twice = [p.relative_to(built_site).as_posix() for p in pages if p.read_text("utf-8").count(".register(") > 1]
    assert not twice, f"pages that register the service worker more than once: {twice[:5]}"
    editions, _ = _lists((built_site / offline.SW_NAME).read_text(encoding="utf-8"))
    for lang, other in (("en", "sv"), ("sv", "en")):
        kept = editions[lang]
        assert f"book/{lang}/play.html" in kept and not [k for k in kept if k.startswith(f"book/{other}/")]
        assert not [k for k in kept if k.endswith((".map", ".mo", ".po", "fontawesome.js", ".ttf", ".woff2"))], kept
