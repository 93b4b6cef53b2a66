"""Offline at the cabin: after one visit the site opens with no network, the live engine too.

The built site's service worker (``sw.js``, written by book/_ext/offline.py) is allowed in this test's browser
context only (every other test blocks service workers). A phone opens the play page, waits for the worker to take
control and starts the live engine once; then the context goes offline (every request fails), the page is
reloaded, another page of the book is opened, and back on the play page the engine starts again and a card is
played. Also checked: the worker comes from the site's own path, its cache's name carries the build's version, and
nothing is fetched from another host. What the worker keeps is the page's edition (issue 58): every English page
and the engine, no Swedish page, no source map, no full font file (benchmarks/live_start.py counts at the server
that the engine's files come over the line once).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LIVE = "[data-skitgubbe-live] .sgt--live"
START_TIMEOUT_MS = 90_000


def _settle(page: Any) -> None:
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel)?.dataset.turn)", arg=LIVE)


def _start(page: Any) -> Any:
    panel = page.locator('[data-skitgubbe-live="play"]')
    panel.locator('select[name="players"]').select_option("2")
    panel.locator('input[name="seed"]').fill("3")
    panel.locator('button[data-action="start"]').click()
    _settle(page)
    return panel.locator(".sgt--live")


def _play_a_card(page: Any, table: Any) -> None:
    made = table.get_attribute("data-your-moves")
    legal = table.locator('.sgt-seat--bottom button[data-action="play"][data-legal="true"]')
    assert legal.count(), "no legal card to play"
    legal.first.click(position={"x": 6, "y": 24})
    page.wait_for_function(
        "([sel, made]) => { const r = document.querySelector(sel);"
        " return r.dataset.yourMoves !== made && r.dataset.turn !== 'busy'; }",
        arg=[LIVE, made],
    )


#: waits (polling the Cache API, which is asynchronous) until one cache of the site holds every path; its name,
#: or false after the timeout
_CACHED = """async ([paths, timeout]) => {
  const held = async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith("skitgubbe-offline-"));
    if (names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    for (const path of paths) if (!(await cache.match(new URL(path, location.origin + "/").href, { ignoreSearch: true }))) return false;
    return names[0];
  };
  for (const end = performance.now() + timeout; performance.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const name = await held();
    if (name) return name;
  }
  return false;
}"""


_KEPT = """async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)"""


def test_offline_after_one_visit(browser: Any, site_url: str, built_site: Path) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, service_workers="allow")
    ctx.set_default_timeout(START_TIMEOUT_MS)
    ctx.add_init_script(
        "addEventListener('DOMContentLoaded', () => { document.documentElement.dataset.skitgubbePauseMs = '10'; });"
    )
    offsite: list[str] = []
    ctx.on(
        "request",
        lambda r: (
            offsite.append(r.url)
            if urlsplit(r.url).hostname != "127.0.0.1" and not r.url.startswith(("data:", "blob:"))
            else None
        ),
    )
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site_url + "book/en/play.html")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        script = page.evaluate("() => navigator.serviceWorker.controller.scriptURL")
        assert script == site_url + "sw.js", script
        _start(page)
        # every file of the engine but the brotli twins (`x.br`: a host sends one in place of `x` to a browser that
        # takes brotli; the worker keeps `x` itself)
        live = sorted(
            p.relative_to(built_site).as_posix()
            for p in (built_site / "_live").rglob("*")
            if p.is_file() and p.suffix != ".br"
        )
        assert live, "no live engine in the build"
        pages = sorted(p.relative_to(built_site).as_posix() for p in (built_site / "book" / "en").rglob("*.html"))
        pages += ["index.html"]
        name = page.evaluate(_CACHED, [[*pages, *live], START_TIMEOUT_MS])
        assert name, "the worker did not keep the English edition and the engine"
        version = (built_site / "sw.js").read_text(encoding="utf-8")
        assert f'"{name}"' in version, "the cache is not the build's version"
        kept = page.evaluate(_KEPT, name)
        assert not [k for k in kept if "/book/sv/" in k or k.endswith((".map", ".ttf", ".woff2", "fontawesome.js"))]

        ctx.set_offline(True)
        assert (
            page.evaluate("() => fetch('/not-cached-' + Date.now()).then(() => 'fetched', () => 'failed')") == "failed"
        )
        page.reload()
        page.wait_for_load_state("load")
        assert page.locator('[data-skitgubbe-live="play"] button[data-action="start"]').is_visible()
        page.goto(site_url + "book/en/phase1.html")
        assert page.locator("article.bd-article h1").first.is_visible()
        page.goto(site_url + "book/en/play.html")
        table = _start(page)
        _play_a_card(page, table)
        assert int(table.get_attribute("data-your-moves") or "0") >= 1
    finally:
        ctx.close()
    assert not offsite, f"requests off 127.0.0.1: {offsite}"
    assert not errors, errors
