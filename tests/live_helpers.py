"""Helpers the browser-live tests share: the request log (every request off 127.0.0.1 counted), opening a page
with its console errors collected, the long-task observer, a context checked for offsite, failed and erring
requests, one move of the reader."""

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
#: (edition, size) for a test whose edition and size are separate concerns (the words come from the text layer, the
#: layout from the size): each edition once and each size once. The files alternate between the two (`PAIRS` and
#: `CROSSED`), so every pair is played somewhere, and tests/browser/test_blind_game.py plays all four.
PAIRS = [("sv", "phone"), ("en", "desktop")]
CROSSED = [("en", "phone"), ("sv", "desktop")]


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

        def on_failed(request: Any) -> None:
            # the browser's own favicon fetch is cancelled when a test navigates on before it ends: not the site's fault
            name = request.url.rsplit("/", 1)[-1]
            if not (name.startswith("favicon.") and "ERR_ABORTED" in (request.failure or "")):
                self.failed.append(f"failed {request.url}")

        context.on("requestfailed", on_failed)
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


#: the init script that makes the computer's visible pause 10 ms (short for the tests)
SHORT_PAUSE = (
    "addEventListener('DOMContentLoaded', () => { document.documentElement.dataset.skitgubbePauseMs = '10'; });"
)


@contextmanager
def checked_context(
    browser: Any, site_url: str, *, timeout_ms: int = START_TIMEOUT_MS, short_pause: bool = True, **options: Any
) -> Iterator[tuple[Any, NetLog]]:
    """A browser context (Playwright's `options`, service workers blocked) with its request log; the computer's moves
    pause 10 ms unless `short_pause` is false. On the way out no request may have left the host, failed or logged a
    console error."""
    context = browser.new_context(service_workers="block", **options)
    context.set_default_timeout(timeout_ms)
    if short_pause:
        context.add_init_script(SHORT_PAUSE)
    log = NetLog(site_url.rstrip("/"))
    log.attach(context)
    try:
        yield context, log
    finally:
        context.close()
    assert not log.offsite, f"requests off 127.0.0.1: {log.offsite}"
    assert not log.failed, f"failed requests: {log.failed}"
    assert not log.errors, f"console errors: {log.errors}"


@contextmanager
def live_table_context(browser: Any, site_url: str, size: str) -> Iterator[tuple[Any, NetLog, str]]:
    """A checked context at `size` (touch on the phone) whose computer moves pause 10 ms, with its request log."""
    phone = size == "phone"
    with checked_context(browser, site_url, viewport=VIEWPORTS[size], has_touch=phone, is_mobile=phone) as (ctx, log):
        yield ctx, log, size


def tap_legal(table: Any, touch: bool = False) -> bool:
    """Press one legal move of the reader on the live table (a legal card, else a button of the turn), with a tap
    when `touch`; where only a play of several cards is legal, choose one card instead (False: no move sent yet)."""
    legal = table.locator('.sgt-fan--mine button[data-action="play"][data-legal="true"]')
    buttons = table.locator(".sgt-actions button:not([disabled])")
    if legal.count():
        target = legal.first
    elif buttons.count():
        target = buttons.first
    else:  # a play of several cards only: choose one, then play the chosen ones
        target = table.locator('.sgt-fan--mine button[data-action="select"]').first
    sends = target.get_attribute("data-action") != "select"  # read first: a press draws the board anew
    if touch:
        target.tap()
    else:
        target.click()
    return sends


def move_once(page: Any, table: Any, root: str) -> None:
    """One legal move of the reader by tapping on the live table `root` (a legal card, else a button of the turn,
    else a chosen play), then wait until the table has taken it."""
    made = table.get_attribute("data-your-moves")
    if not tap_legal(table):
        return
    page.wait_for_function(
        "([sel, made]) => { const r = document.querySelector(sel);"
        " return r.dataset.yourMoves !== made && r.dataset.turn !== 'busy'; }",
        arg=[root, made],
    )


#: In-page: the reader's moves to the end of the game, each a click on the first legal card, else the first button of
#: the turn, else (a play of several cards only) the first card to choose; after each, wait (a frame at a time) until
#: the table has taken it and hands the turn back. The number of moves made.
_PLAY_OUT = """async ([sel, limit]) => {
    const table = document.querySelector(sel);
    const until = (ok) => new Promise((done) => { const look = () => (ok() ? done() : requestAnimationFrame(look)); look(); });
    let moves = 0;
    for (; moves < limit; moves++) {
        await until(() => ['yours', 'over'].includes(table.dataset.turn));
        if (table.dataset.turn === 'over') break;
        const made = table.dataset.yourMoves;
        const button = table.querySelector('.sgt-fan--mine button[data-action="play"][data-legal="true"]')
            || table.querySelector('.sgt-actions button:not([disabled])')
            || table.querySelector('.sgt-fan--mine button[data-action="select"]');
        button.click();
        if (button.dataset.action === 'select') continue;
        await until(() => table.dataset.yourMoves !== made && table.dataset.turn !== 'busy');
    }
    return moves;
}"""


def play_out(page: Any, root: str, limit: int = 400) -> int:
    """Play the reader's moves on the live table `root` to the end of the game in one call (for the tests where the
    game is the setting, not the taps: tapping is tests/browser/test_live_game_phone.py's and the keyboard
    tests/browser/test_blind_game.py's); how many moves it made."""
    return int(page.evaluate(_PLAY_OUT, [root, limit]))


#: the play page's live panel and its table
PLAY_PANEL = '[data-skitgubbe-live="play"]'
PLAY_TABLE = f"{PLAY_PANEL} .sgt--live"


def settle_turn(page: Any, root: str = PLAY_TABLE) -> None:
    """Wait until the live table at `root` waits for the reader (or the game is over)."""
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel)?.dataset.turn)", arg=root)


def start_game(page: Any, players: int, seed: int) -> Any:
    """Start a game of `players` with `seed` on the play page's panel; its table once the reader is to move."""
    panel = page.locator(PLAY_PANEL)
    panel.locator('select[name="players"]').select_option(str(players))
    panel.locator('input[name="seed"]').fill(str(seed))
    panel.locator('button[data-action="start"]').click()
    settle_turn(page)
    return panel.locator(".sgt--live")


def no_horizontal_scroll(page: Any) -> None:
    """Nothing on the page scrolls sideways at its viewport's width."""
    wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"horizontal scroll of {wide} px at {page.viewport_size['width']} px"
