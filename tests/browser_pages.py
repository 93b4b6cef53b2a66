"""The built site in a real browser (Debian's chromium driven by Playwright, sync API): the helpers and fixtures of the
browser tests (test_site_pages, test_replays, test_klover9_replay and others).

Every page of the toc (plus the landing redirect, search and index pages) must load with no
failed request, no request to any host but 127.0.0.1 (all others are blocked and recorded), and
no console error except the named third-party noise below, at a desktop (1366 x 900) and a phone
(390 x 844) width. Every Replay is the reader's table (skitgubbe/views/table.js) drawn from frames
embedded as JSON: its buttons and keys step, its board keeps one box for every frame, the narration
(`data-role="narration"`, aria-live) follows in the page's language. axe-core (npm, pinned, injected
from node_modules) finds no critical or serious violation; every page weighs at most 500 KB gzip.

Helpers for page-specific Replay tests (e.g. the klöver-9 example):
    with open_page(context, site_url, "book/sv/klover9.html") as (page, log): ...
    replay = Replay(page.locator(".sgt--replay").nth(0))
    replay.press("forward"); replay.frame(); replay.narration(); replay.key("End")
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from helpers import BROWSER_TIMEOUT_MS, REPO, on_site, toc_files

#: known third-party console noise: (name, regex on the message). Keep it short and named.
ALLOWED_CONSOLE_ERRORS: list[tuple[str, re.Pattern[str]]] = [
    # pydata-sphinx-theme logs this when localStorage holds no theme yet (we set default_mode
    # light, so it should not appear; kept in case a reader's stored mode is empty)
    ("pydata theme mode reset", re.compile(r"^Got invalid theme mode: \. Resetting to auto\.$")),
]
WIDGET_TIMEOUT_MS = 20_000
VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
#: the smallest card width (px) on each viewport, and the smallest control (px, both sides)
MIN_CARD = {"desktop": 40, "phone": 32}
MIN_CONTROL = 44
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
PAGE_LIMIT = 500_000  # bytes, every file a page loads, gzip-compressed
KLOVER_9_LIMIT = 400_000
#: axe-core's critical and serious violations of the page (after `page.add_script_tag(path=str(AXE))`)
AXE_RUN = """async () => {
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
            target: v.nodes.map(n => n.target.join(' ')).join(' | ')}));
}"""


# --------------------------------------------------------------------------- pages under test


def toc_pages() -> list[str]:
    """Built page paths, from _toc.yml (known before the build), plus the generated pages."""
    return ["index.html", *(f"{f}.html" for f in toc_files()), "search.html", "genindex.html"]


# --------------------------------------------------------------------------- browser plumbing


@dataclass
class PageLog:
    """What happened while a page was open."""

    base: str
    blocked: list[str] = field(default_factory=list)  # requests to other hosts (aborted)
    failed: list[str] = field(default_factory=list)  # failed requests / HTTP errors
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)  # uncaught exceptions
    responses: list[object] = field(default_factory=list)  # every successful response (page weight)

    def unexpected_console_errors(self) -> list[str]:
        return [m for m in self.console_errors if not any(rx.search(m) for _, rx in ALLOWED_CONSOLE_ERRORS)]

    def problems(self) -> list[str]:
        return (
            [f"request to another host (blocked): {u}" for u in self.blocked]
            + [f"failed request: {u}" for u in self.failed]
            + [f"console error: {m}" for m in self.unexpected_console_errors()]
            + [f"uncaught exception: {m}" for m in self.page_errors]
        )


# The `browser` fixture (one chromium for the whole session) is in conftest.py, so that every browser test module
# shares the one Playwright instance (a second sync_playwright() in the same session fails). This module's
# `browser_context` overrides conftest's: it runs each test at both widths.


@contextlib.contextmanager
def sized(browser, width: str) -> Iterator[object]:
    """A browser context at `width` (a key of VIEWPORTS; touch on the phone), service workers blocked, the browser
    tests' timeout; `ctx.viewport_name` says which."""
    phone = width == "phone"
    ctx = browser.new_context(viewport=VIEWPORTS[width], service_workers="block", has_touch=phone, is_mobile=phone)
    ctx.set_default_timeout(BROWSER_TIMEOUT_MS)
    ctx.viewport_name = width
    try:
        yield ctx
    finally:
        ctx.close()


@contextlib.contextmanager
def open_page(context, site_url: str, path: str) -> Iterator[tuple[object, PageLog]]:
    """Open `path` of the served site; record every request off 127.0.0.1 (the session's chromium sends them to a dead
    proxy, so none leaves the machine; conftest's `browser`)."""
    log = PageLog(site_url)
    page = context.new_page()
    page.on("request", lambda r: None if on_site(site_url, r.url) else log.blocked.append(r.url))
    page.on("console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))

    def request_failed(r) -> None:
        # the browser's own favicon fetch is cancelled when the test navigates on before it ends: not the site's fault
        aborted_icon = r.url.rsplit("/", 1)[-1].startswith("favicon.") and "ERR_ABORTED" in (r.failure or "")
        if r.url not in log.blocked and not aborted_icon:
            log.failed.append(f"{r.url} ({r.failure})")

    page.on("requestfailed", request_failed)

    def response(r) -> None:
        if r.status >= 400:
            log.failed.append(f"{r.url} (HTTP {r.status})")
        else:
            log.responses.append(r)

    page.on("response", response)
    try:
        page.goto(site_url + path, wait_until="load")
        # conditions, not "network idle" (which a loaded machine can miss): the page and its fonts are loaded
        page.wait_for_function("document.readyState === 'complete'")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page, log
    finally:
        page.close()


def wait_for_tables(page) -> int:
    """Wait until every table mount of the page is drawn; return how many there are."""
    mounts = page.locator(".sgt-mount").count()
    if mounts:
        page.wait_for_function(
            "n => document.querySelectorAll('.sgt-mount > .sgt').length >= n", arg=mounts, timeout=WIDGET_TIMEOUT_MS
        )
    return mounts


# --------------------------------------------------------------------------- Replay helpers


class Replay:
    """One Replay of the reader's table (`.sgt--replay`): buttons, slider, keys, board, narration."""

    def __init__(self, root) -> None:
        self.root = root
        self.page = root.page

    def frame(self) -> int:
        return int(self.root.get_attribute("data-frame"))

    def last(self) -> int:
        return int(self.root.locator(".sgt-slider").get_attribute("max"))

    def press(self, step: str) -> None:
        """Click a control: first, back, play, forward, last."""
        self.root.locator(f'button[data-step="{step}"]').click()

    def key(self, key: str) -> None:
        self.root.locator(".sgt-slider").focus()
        self.page.keyboard.press(key)

    def narration(self) -> str:
        return self.root.locator('[data-role="narration"]').inner_text()

    def board_text(self) -> str:
        return self.root.locator(".sgt-board").inner_text()

    def wait_for_frame(self, value: int) -> None:
        self.page.wait_for_function(
            "([el, v]) => el.getAttribute('data-frame') === String(v)", arg=[self.root.element_handle(), value]
        )


def replays(page) -> list[Replay]:
    roots = page.locator(".sgt--replay")
    return [Replay(roots.nth(i)) for i in range(roots.count())]


LANG_WORDS = {
    "sv": re.compile(r"^(Drag \d+ av \d+|Utgångsläge)"),
    "en": re.compile(r"^(Move \d+ of \d+|Starting position)"),
}


def board_pages(site: Path) -> list[str]:
    return [p for p in toc_pages() if (site / p).is_file() and "sgt-mount" in (site / p).read_text(encoding="utf-8")]
