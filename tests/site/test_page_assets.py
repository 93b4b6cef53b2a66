"""What a page loads before it paints, and how it is served.

- `make serve` (book/_ext/serve.py) serves as a host does: HTTP/1.1 with keep-alive, the text formats gzip when the
  browser accepts it, a file's brotli copy (``x.br``) in its place when the browser accepts brotli, the rest as it is;
- book/_ext/page_assets.py: no page waits for a script before it paints (every external script is deferred, async
  or a module), the icon font's stylesheet and the stylesheets of what is not on the page do not block it, and no
  page preloads a font; the page waits for one stylesheet, the themes' rules trimmed to what the site uses, and the
  icon font holds only the glyphs of the icons that show;
- skitgubbe/views/table.js `mountAll`: a page's Replays are drawn lazily (near the screen, the rest when the
  browser is idle), so the Replays below the first screen cost nothing before the page paints;
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
import page_assets
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
    (root / "_live" / "b.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 40)
    (root / "_live" / "b.wasm.br").write_bytes(b"brotli copy of b.wasm")
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


def test_serve_sends_the_brotli_copy_to_a_browser_that_takes_brotli(served: tuple[Path, int]) -> None:
    root, port = served
    response, body, conn = _get(port, "/_live/b.wasm")
    assert response.getheader("Content-Encoding") == "br" and body == (root / "_live" / "b.wasm.br").read_bytes()
    assert response.getheader("Content-Type") == "application/wasm" and response.getheader("Vary") == "Accept-Encoding"
    conn.request("GET", "/_live/b.wasm", headers={"Accept-Encoding": "gzip"})  # no brotli: the file, gzip-compressed
    response = conn.getresponse()
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(response.read()) == (root / "_live" / "b.wasm").read_bytes()
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
    (tmp_path / "_live" / "pyodide.mjs.br").write_text("its brotli copy", encoding="utf-8")
    (tmp_path / "_sources").mkdir()
    (tmp_path / "_sources" / "index.md").write_text("x", encoding="utf-8")
    first = offline.worker_source(tmp_path)
    name = re.search(r'const CACHE = "([^"]+)"', first)
    assert name and name.group(1).startswith(offline.PREFIX)
    kept = re.search(r"const EDITIONS = (\{.*?\});", first, re.S)
    assert kept and '"index.html"' in kept.group(1) and "_live" not in kept.group(1) and "_sources" not in first
    assert '"_live/pyodide.mjs"' in first and ".br" not in first, "a brotli copy is the host's, never cached"
    (tmp_path / "index.html").write_text("two", encoding="utf-8")
    second = re.search(r'const CACHE = "([^"]+)"', offline.worker_source(tmp_path))
    assert second and second.group(1) != name.group(1), "a changed file must give a new cache"


def test_a_rule_stays_when_the_site_can_use_it() -> None:
    words = {"bd-header", "fa-bars", "show", "nav"}
    css = (
        '@charset "UTF-8";\n.bd-header .nav{color:red}.carousel{color:blue}.fa-bars:before,.fa-ring:before{content:"\\f0c9"}'
        "@media (min-width:960px){.bd-header:not(.carousel){margin:0}.w-25{width:25%}}"
        'a[href$=".pdf"]{x:y}:is(.carousel,.show) p{z:w}@font-face{font-family:F;src:url(f.woff)}'
    )
    out = page_assets.trim_css(css, words)
    assert ".bd-header .nav{color:red}" in out and ".carousel{" not in out and ".w-25" not in out
    assert ".fa-bars:before{" in out and ".fa-ring" not in out, "a rule keeps only the selectors that can match"
    assert "@media (min-width:960px){.bd-header:not(.carousel){margin:0}}" in out, "inside :not() nothing is needed"
    assert 'a[href$=".pdf"]{x:y}' in out and ":is(.carousel,.show) p{z:w}" in out and "@font-face" in out
    assert out.startswith('@charset "UTF-8";')


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


def _blocking_stylesheets(head: str) -> list[str]:
    visible = re.sub(r"<noscript>.*?</noscript>", "", head, flags=re.S)
    return [link for link in STYLESHEET.findall(visible) if "media=" not in link]


def test_a_page_waits_for_one_trimmed_stylesheet(built_site: Path) -> None:
    """Every page's head waits for one stylesheet (the themes' and the book's, joined and trimmed); it has the
    rules of what the pages show and not those of Bootstrap's and Font Awesome's other components."""
    bundles = set()
    for rel in _pages():
        head = HEAD.search((built_site / rel).read_text(encoding="utf-8"))
        assert head, rel
        blocking = _blocking_stylesheets(head.group(1))
        assert len(blocking) == 1 and "/_static/styles/sg-" in blocking[0], f"{rel}: {blocking}"
        bundles.add(re.search(r'href="[./]*(_static/styles/sg-[0-9a-f]+\.css)"', blocking[0]).group(1))  # type: ignore[union-attr]
    for name in bundles:
        css = (built_site / name).read_text(encoding="utf-8")
        assert len(gzip.compress(css.encode())) < 40_000, f"{name}: the stylesheet the first paint waits for is too big"
        for used in (
            ".bd-header",
            ".bd-sidebar-primary",
            ".fa-bars:before",
            ".fa-magnifying-glass:before",
            ".admonition",
        ):
            assert used in css, f"{name} lost {used}"
        for unused in (
            ".fa-fill-drip",
            ".accordion-button",
            ".offcanvas-start",
            ".progress-bar-striped",
            ".toast-header",
        ):
            assert unused not in css, f"{name} still has {unused}"
        assert "@import" not in css, "an @import is one more round trip before the paint"


def test_the_icon_font_holds_the_icons_that_show(built_site: Path) -> None:
    from fontTools.ttLib import TTFont

    css = (built_site / "_static/styles/pydata-sphinx-theme.css").read_text(encoding="utf-8")
    fonts = re.findall(r"url\(\.\./(vendor/fontawesome/webfonts/fa-solid-900[^)]*)\)", css)
    assert fonts == ["vendor/fontawesome/webfonts/fa-solid-900-site.woff"], fonts
    font = built_site / "_static" / fonts[0]
    assert font.stat().st_size < 10_000, "the icon font must hold only the site's icons"
    cmap = TTFont(font).getBestCmap()
    page = (built_site / "book/en/start.html").read_text(encoding="utf-8")
    icons = set(re.findall(r"\bfa-(?!solid\b|lg\b)[a-z-]+", page))
    assert {"fa-bars", "fa-magnifying-glass", "fa-list"} <= icons
    for icon in icons:
        glyph = re.search(re.escape("." + icon) + r':before\{content:"(.)"', css)
        assert glyph, f"{icon}: no rule in the trimmed stylesheet"
        assert ord(glyph.group(1)) in cmap, f"{icon}: its glyph is not in {font.name}"


def test_a_replay_page_does_not_draw_its_tables_before_it_paints(built_site: Path) -> None:
    """The table's module is a module script (it runs after the page is parsed), its stylesheet is just before the
    first table, and each Replay's frames wait in the page as JSON for `mountAll` to draw it."""
    games = (built_site / "book/sv/games.html").read_text(encoding="utf-8")
    head = HEAD.search(games)
    assert head
    table = [a for a in SCRIPT.findall(head.group(1)) if "readers-table/table" in a]
    assert table and all('type="module"' in a for a in table), table
    assert "readers-table/table.css" not in head.group(1)
    mounts = re.findall(r'<div class="sgt-mount"[^>]*><script type="application/json" class="sgt-data">', games)
    assert len(mounts) == games.count('class="sgt-mount"') >= 2


@pytest.mark.browser
def test_replays_are_drawn_when_they_come_near_the_screen(browser: object, site_url: str) -> None:
    """With the browser never idle (requestIdleCallback held back), only the Replays near the screen are drawn; one
    far below is drawn when the reader scrolls to it; and once the browser is idle every Replay is drawn."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")  # type: ignore[attr-defined]
    try:
        page = ctx.new_page()
        page.add_init_script(
            "window.__idle = []; window.requestIdleCallback = (f) => { window.__idle.push(f); return 1; };"
        )
        page.goto(site_url + "book/en/phase1.html")
        page.wait_for_load_state("load")
        page.wait_for_function("() => window.__idle.length > 0")  # mountAll has run and waits for an idle moment
        drawn = "() => [...document.querySelectorAll('.sgt-mount')].map(m => m.querySelector(':scope > .sgt') !== null)"
        state = page.evaluate(drawn)
        assert len(state) >= 4 and not state[-1], f"a Replay far below the screen was drawn at once: {state}"
        page.locator(".sgt-mount").last.scroll_into_view_if_needed()
        page.wait_for_function(
            "() => [...document.querySelectorAll('.sgt-mount')].at(-1).querySelector(':scope > .sgt')"
        )
        page.evaluate(
            "() => { const run = () => { const f = window.__idle.shift(); if (f) { f(); setTimeout(run); } }; run(); }"
        )
        page.wait_for_function(
            "() => [...document.querySelectorAll('.sgt-mount')].every(m => m.querySelector(':scope > .sgt'))"
        )
    finally:
        ctx.close()
