"""What a page loads before it paints, and how it is served (issue 30 items 9-10).

- `make serve` (book/_ext/serve.py) serves as a host does: HTTP/1.1 with keep-alive, the text formats gzip when the
  browser accepts it, the rest as it is;
- book/_ext/page_assets.py: no page waits for a script before it paints (every external script is deferred, async
  or a module), the icon font's stylesheet and the stylesheets of what is not on the page do not block it, and no
  page preloads a font;
- book/_ext/offline.py: the service worker's cache is named after the build's content (a changed file is a new
  cache) and lists the pages but not the live engine (cached when Start is pressed).
"""

from __future__ import annotations

import gzip
import http.client
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import REPO, toc_files

sys.path.insert(0, str(REPO / "book" / "_ext"))
import offline
import serve

HEAD = re.compile(r"<head>(.*?)</head>", re.S)
SCRIPT = re.compile(r"<script\b([^>]*)>", re.S)
STYLESHEET = re.compile(r"<link\b[^>]*rel=\"stylesheet\"[^>]*>", re.S)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int]]:
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><title>x</title>" + "<p>words</p>" * 200, encoding="utf-8")
    (root / "_live").mkdir()
    (root / "_live" / "a.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 40)
    (root / "img.png").write_bytes(b"\x89PNG" + bytes(300))
    httpd = serve.server(root, 0, quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


def _get(port: int, path: str, conn: http.client.HTTPConnection | None = None, gzip_ok: bool = True) -> tuple:
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Encoding": "gzip, br"} if gzip_ok else {})
    response = conn.getresponse()
    return response, response.read(), conn


def test_serve_gzips_text_over_one_kept_connection(served: tuple[Path, int]) -> None:
    root, port = served
    response, body, conn = _get(port, "/")
    assert response.version == 11 and response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == (root / "index.html").read_bytes()
    assert response.getheader("Vary") == "Accept-Encoding" and response.getheader("Content-Type") == "text/html"
    # the same connection again (keep-alive): the wasm compressed with its type, the PNG as it is
    response, body, _ = _get(port, "/_live/a.wasm", conn)
    assert response.getheader("Content-Type") == "application/wasm" and response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == (root / "_live" / "a.wasm").read_bytes()
    response, body, _ = _get(port, "/img.png", conn)
    assert response.getheader("Content-Encoding") is None and body == (root / "img.png").read_bytes()
    conn.close()


def test_serve_sends_plain_text_to_a_client_without_gzip(served: tuple[Path, int]) -> None:
    root, port = served
    response, body, conn = _get(port, "/index.html", gzip_ok=False)
    conn.close()
    assert response.getheader("Content-Encoding") is None and body == (root / "index.html").read_bytes()


def test_the_cache_name_follows_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("one", encoding="utf-8")
    (tmp_path / "_live").mkdir()
    (tmp_path / "_live" / "pyodide.mjs").write_text("x", encoding="utf-8")
    (tmp_path / "_sources").mkdir()
    (tmp_path / "_sources" / "index.md").write_text("x", encoding="utf-8")
    first = offline.worker_source(tmp_path)
    name = re.search(r'const CACHE = "([^"]+)"', first)
    assert name and name.group(1).startswith(offline.PREFIX)
    shell = re.search(r"const SHELL = (\[.*?\]);", first, re.S)
    assert shell and '"index.html"' in shell.group(1) and "_live" not in shell.group(1) and "_sources" not in first
    assert '"_live/pyodide.mjs"' in first
    (tmp_path / "index.html").write_text("two", encoding="utf-8")
    second = re.search(r'const CACHE = "([^"]+)"', offline.worker_source(tmp_path))
    assert second and second.group(1) != name.group(1), "a changed file must give a new cache"


# --------------------------------------------------------------------------- the built pages


def _pages() -> list[str]:
    return [f"{f}.html" for f in toc_files()]


def test_no_script_blocks_the_first_paint(built_site: Path) -> None:
    problems = []
    for rel in _pages():
        head = HEAD.search((built_site / rel).read_text(encoding="utf-8"))
        assert head, rel
        for attrs in SCRIPT.findall(head.group(1)):
            if "src=" in attrs and not re.search(r"\b(defer|async)\b|type=\"(module|text/plain)\"", attrs):
                problems.append(f"{rel}: blocking script {attrs.strip()}")
        if re.search(r'rel="preload"[^>]*as="font"|as="font"[^>]*rel="preload"', head.group(1)):
            problems.append(f"{rel}: a font is preloaded")
        for link in STYLESHEET.findall(head.group(1)):
            if "fontawesome" in link and 'media="print"' not in link:
                problems.append(f"{rel}: the icon font's stylesheet blocks the paint")
    assert not problems, "\n".join(problems[:30])


def test_a_page_without_a_table_does_not_load_its_stylesheet(built_site: Path) -> None:
    text = (built_site / "book/en/glossary.html").read_text(encoding="utf-8")
    assert "readers-table/table.css" not in text and "readers-table/quiz.css" not in text
    games = (built_site / "book/en/games.html").read_text(encoding="utf-8")
    head = HEAD.search(games)
    assert head and "readers-table/table.css" not in head.group(1), "the table's stylesheet blocks the first paint"
    assert games.index("readers-table/table.css") < games.index('class="sgt-mount"'), "it must come before the table"


def test_reading_pages_load_the_search_tools_only_when_the_search_box_is_used(built_site: Path) -> None:
    for rel in ("book/sv/phase1.html", "book/en/start.html"):
        head = HEAD.search((built_site / rel).read_text(encoding="utf-8"))
        assert head
        lazy = re.findall(r'<script type="text/plain" data-sg-search-tool [^>]*src="([^"]+)"', head.group(1))
        assert any("searchindex" in src for src in lazy) and any("searchtools" in src for src in lazy), rel
    for rel in ("search.html", "search-sv.html"):
        text = (built_site / rel).read_text(encoding="utf-8")
        assert "data-sg-search-tool" not in text and re.search(r'<script defer src="[^"]*searchtools\.js', text), rel


@pytest.mark.browser
def test_the_search_box_loads_the_edition_s_index(browser: object, site_url: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")  # type: ignore[attr-defined]
    try:
        page = ctx.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(site_url + "book/sv/phase1.html")
        page.wait_for_load_state("load")
        assert not [u for u in requested if "searchindex" in u], "the index loaded before the search box was used"
        with page.expect_request(lambda r: "searchindex-sv.js" in r.url):
            page.locator(".search-button-field").first.click()
        page.wait_for_function("() => typeof Search !== 'undefined'")
    finally:
        ctx.close()
