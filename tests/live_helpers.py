"""Helpers the browser-live tests share: the request log (every request off 127.0.0.1 counted), opening a page
with its console errors collected, the long-task observer. Used by test_live_runtime.py and
test_live_play.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

#: every request off the loopback goes to this proxy, where nothing listens
DEAD_PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}
START_TIMEOUT_MS = 60_000
#: the two sizes the live table is tested at: a phone (with touch) and a laptop
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@dataclass
class NetLog:
    """Every request of a browser context: which were off the loopback, which failed, which came after Start."""

    origin: str
    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    mark: int = 0

    def attach(self, context: Any) -> None:
        def on_request(request: Any) -> None:
            self.requests.append(request.url)
            if urlsplit(request.url).hostname != "127.0.0.1" and not request.url.startswith(("data:", "blob:")):
                self.offsite.append(request.url)

        def on_response(response: Any) -> None:
            if response.status >= 400:
                self.failed.append(f"{response.status} {response.url}")

        context.on("request", on_request)
        context.on("requestfailed", lambda r: self.failed.append(f"failed {r.url}"))
        context.on("response", on_response)

    def since_mark(self) -> list[str]:
        return self.requests[self.mark :]


#: the PerformanceObserver of long main-thread tasks, installed before any page script
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push({start: entry.startTime, ms: entry.duration});
}).observe({type: "longtask", buffered: true});
"""


def open_live(context: Any, url: str, log: NetLog) -> Any:
    page = context.new_page()

    def on_console(message: Any) -> None:
        url = message.location.get("url") or ""
        # the book has no favicon; the browser asks for /favicon.ico on its own (not a request of the page)
        if message.type == "error" and not url.endswith("/favicon.ico"):
            log.errors.append(f"{message.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda e: log.errors.append(str(e)))
    page.goto(url)
    page.wait_for_load_state("load")
    return page


#: Every text a live panel's own narration line (`[data-live-before][data-role="narration"]`) is given, in
#: `window.__narrations`: Start says the engine is loading, then ready. An init script, or evaluated in a loaded page.
WATCH_START_NARRATION = """(() => {
  window.__narrations = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.nodeType !== 1 || !r.target.matches('[data-live-before][data-role="narration"]')) continue;
      for (const node of r.addedNodes) window.__narrations.push(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true });
})()"""


def start_narration(lang: str) -> list[str]:
    """What a panel's narration says while the engine starts, in `lang`: the words of the table's book."""
    from skitgubbe.text.table_words import TABLE

    return [TABLE.phrase("engine_loading", lang), TABLE.phrase("engine_ready", lang)]


@contextmanager
def live_table_context(browser: Any, site_url: str, size: str) -> Iterator[tuple[Any, NetLog, str]]:
    """A context at `size` (touch on the phone) whose computer moves pause 10 ms, with its request log; on the way
    out no request may have left the host, failed or logged a console error."""
    phone = size == "phone"
    context = browser.new_context(service_workers="block", viewport=VIEWPORTS[size], has_touch=phone, is_mobile=phone)
    context.set_default_timeout(START_TIMEOUT_MS)
    context.add_init_script(
        "addEventListener('DOMContentLoaded', () => { document.documentElement.dataset.skitgubbePauseMs = '10'; });"
    )
    log = NetLog(site_url.rstrip("/"))
    log.attach(context)
    try:
        yield context, log, size
    finally:
        context.close()
    assert not log.offsite, f"requests off 127.0.0.1: {log.offsite}"
    assert not log.failed, f"failed requests: {log.failed}"
    assert not log.errors, f"console errors: {log.errors}"
