"""The browser-live engine: Pyodide and the packed engine in a module Web Worker, in Debian's chromium.

The built site is served on 127.0.0.1 by this test (with `book/_ext/serve.py`'s content types) plus one test page
holding a `<button data-action="start">`. Every request to another host goes to a dead proxy (so it fails) and is
counted: there must be none. Request interception (page.route) is not used: Playwright turns the HTTP cache off
with it, and the warm start needs the cache.

Measured and printed (run with `-s` to see them; the figures also go to `_build/live-figures.json`): cold start
(click to ready), warm-cache start, strong-player moves in the worker, the longest main-thread task while the
engine loads and thinks (PerformanceObserver 'longtask'), bytes fetched after Start (each file's gzip size, as a
host would serve it) and the weight of the page before Start. The goals of issue 15 are asserted with a margin for
this shared machine; the figures themselves are what the issue note reports. The pack, the built runtime and the
bridge without a browser: tests/site/test_live_pack.py.
"""

from __future__ import annotations

import gzip
import http.server
import json
import os
import re
import statistics
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from helpers import REPO
from live_helpers import LONGTASKS, START_TIMEOUT_MS, NetLog, open_live

sys.path.insert(0, str(REPO / "book" / "_ext"))
import pyodide_runtime
import serve

pytestmark = pytest.mark.browser

GOLDEN = json.loads((REPO / "tests" / "data" / "golden_games.json").read_text(encoding="utf-8"))
#: the six digests the issue names: preset / players / kind of computer player
DIGESTS = (
    "pagat/3/random",
    "kortspelsregler/4/sensible",
    "alla-spelar/3/random",
    "specialkort/2/sensible",
    "uppslagen-trumf/6/random",
    "strikt/2/random",
)
TEST_PAGE = "/live-test/index.html"
FIGURES = REPO / "_build" / "live-figures.json"
#: goals of issue 15, and the margin the assertion allows on this shared 2-core machine
GOALS = {"cold_ms": 3000, "warm_ms": 1500, "strong_ms": 150, "longtask_ms": 100, "after_start_bytes": 7_000_000}
MARGIN = float(os.environ.get("SKITGUBBE_LIVE_MARGIN", "1.5"))


def page_modules() -> frozenset[str]:
    """The play page's own script and the modules it imports (the table's DOM builder, template filler, the
    `#rules=` reader): the page loads these before Start, the engine and its worker only after."""
    live = REPO / "skitgubbe" / "views"
    found: set[str] = set()
    todo = ["live-page.mjs"]
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += re.findall(r'^import .* from "\./([\w-]+\.m?js)";', (live / name).read_text("utf-8"), re.M)
    return frozenset(found)


def engine_requests(requests: list[str]) -> list[str]:
    """The requests for the live engine (under `_live/`) that are not the play page's own modules."""
    page = page_modules()
    return [u for u in requests if "/_live/" in u and Path(urlsplit(u).path).name not in page]


def timing_asserted(load: float) -> bool:
    """Whether the time goals are asserted: on a machine not busier than its cores (or when forced).

    On the shared machine a load of 10 on 2 cores makes every figure 5 times slower; the figures are still
    measured, printed and saved, and every goal that is not about time is asserted always.
    """
    forced = os.environ.get("SKITGUBBE_LIVE_TIMING")
    if forced is not None:
        return forced == "1"
    return load <= (os.cpu_count() or 1)


def probe_page_html(config: dict[str, Any]) -> bytes:
    """A page with the live marker, the page script and its config, like the book's pages get from the extension."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>live engine test</title><link rel="icon" href="data:,">
<script type="application/json" id="{pyodide_runtime.CONFIG_ID}">{json.dumps(config)}</script>
<script type="module" src="../_live/live-page.mjs"></script>
</head><body><main>
<div data-skitgubbe-live="test" data-lang="en">
<button type="button" data-action="start">Start the engine</button>
<p data-role="narration" aria-live="polite"></p>
</div></main></body></html>""".encode()


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def live_site(built_site: Path) -> Iterator[str]:
    """The built site plus the test page, served on 127.0.0.1 with the live engine's content types."""
    manifest = json.loads((built_site / "_live" / "VERSIONS.json").read_text(encoding="utf-8"))
    page = probe_page_html(
        {
            "base": "../_live/",
            "runtime": manifest["runtime"],
            "engine": manifest["engine"],
            "snapshot": manifest["snapshot"],
            "lang": "en",
        }
    )

    class Handler(serve.QuietHandler):
        def do_GET(self) -> None:
            if urlsplit(self.path).path != TEST_PAGE:
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

    def handler(*args: Any, **kwargs: Any) -> Handler:
        return Handler(*args, directory=str(built_site), **kwargs)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, name="live-site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def press_start(page: Any, log: NetLog) -> dict[str, Any]:
    """Press Start; wait until the engine is ready; the main-thread timings (ms) and the client's info."""
    log.mark = len(log.requests)
    page.evaluate(
        """() => {
        const root = document.querySelector('[data-skitgubbe-live]');
        window.__live = {};
        root.addEventListener('click', () => { window.__live.click = performance.now(); }, {capture: true});
        root.addEventListener('skitgubbe-live-ready', () => { window.__live.ready = performance.now(); });
    }"""
    )
    # the page's first live panel (the one the script above listens to; the play page also has pass and play)
    page.locator("[data-skitgubbe-live]").first.locator('button[data-action="start"]').click()
    page.wait_for_function(
        "() => window.__live.ready || document.querySelector('[data-skitgubbe-live]').dataset.engine === 'failed'",
        timeout=START_TIMEOUT_MS,
    )
    state = page.evaluate(
        """() => {
        const root = document.querySelector('[data-skitgubbe-live]');
        return {engine: root.dataset.engine, narration: root.querySelector('[data-role=narration]').textContent,
                click: window.__live.click, ready: window.__live.ready,
                info: root.skitgubbeEngine ? root.skitgubbeEngine.info : null};
    }"""
    )
    assert state["engine"] == "ready", f"the engine did not start: {state['narration']}; console: {log.errors}"
    state["start_ms"] = state["ready"] - state["click"]
    return state


def engine_call(page: Any, name: str, args: dict[str, Any]) -> dict[str, Any]:
    """`client.timedCall(name, args)` in the page: {result, ms (worker wall)} plus the round trip (ms) seen here."""
    return page.evaluate(
        """async ([name, args]) => {
        const client = document.querySelector('[data-skitgubbe-live]').skitgubbeEngine;
        const t0 = performance.now();
        try {
            const answer = await client.timedCall(name, args);
            return {...answer, roundtrip: performance.now() - t0};
        } catch (error) {
            return {error: error.detail ?? {message: String(error)}, roundtrip: performance.now() - t0};
        }
    }""",
        [name, args],
    )


def served_bytes(site: Path, origin: str, urls: list[str]) -> dict[str, dict[str, int]]:
    """Raw and gzip size of each distinct local file fetched (a .zip counts as sent: hosts do not gzip zips)."""
    sizes: dict[str, dict[str, int]] = {}
    for url in dict.fromkeys(urls):
        parts = urlsplit(url)
        if not url.startswith(origin) or parts.path == TEST_PAGE:
            continue
        path = site / parts.path.lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        data = path.read_bytes()
        packed = len(data) if path.suffix == ".zip" else len(gzip.compress(data, 6))
        sizes[parts.path] = {"raw": len(data), "gzip": packed}
    return sizes


def longest_task_since(page: Any, since: float) -> float:
    tasks = page.evaluate("() => window.__longtasks")
    return max((t["ms"] for t in tasks if t["start"] + t["ms"] >= since), default=0.0)


def save_figures(update: dict[str, Any]) -> None:
    figures = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.is_file() else {}
    figures.update(update)
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- in the browser


def test_live_engine_in_the_browser(live_browser: Any, live_site: str, built_site: Path) -> None:
    figures: dict[str, Any] = {"load": os.getloadavg()[0]}
    url = live_site + TEST_PAGE

    # cold: a new context has an empty cache
    context = live_browser.new_context(service_workers="block")
    context.set_default_timeout(START_TIMEOUT_MS)
    context.add_init_script(LONGTASKS)
    log = NetLog(live_site)
    log.attach(context)
    try:
        page = open_live(context, url, log)
        before = served_bytes(built_site, live_site, log.requests)
        assert not engine_requests(log.requests), "the engine must load only when the reader presses Start"
        cold = press_start(page, log)
        fetched = served_bytes(built_site, live_site, log.since_mark())
        names = {Path(p).name for p in fetched}
        assert {"pyodide.asm.wasm", "python_stdlib.zip", "engine-worker.mjs", cold["info"]["engine"]} <= names
        assert cold["info"]["python"].startswith("3.") and cold["info"]["platform"] == "emscripten"

        # the six golden digests, computed in the worker, equal CPython's recorded ones
        digests = {}
        for key in DIGESTS:
            preset, players, kind = key.split("/")
            answer = engine_call(page, "probe.digest", {"rules": preset, "players": int(players), "kind": kind})
            assert "error" not in answer, f"{key}: {answer.get('error')}"
            digests[key] = round(answer["result"]["ms"])
            assert answer["result"]["digest"] == GOLDEN[key], f"{key}: the browser engine plays another game"

        # strong-player moves, timed in the worker (wall)
        strong: list[float] = []
        for seed in (1, 2, 3):
            answer = engine_call(
                page, "probe.strong_moves", {"rules": "pagat", "players": 3, "seed": seed, "moves": 15}
            )
            assert "error" not in answer, answer
            strong += answer["result"]["ms"]
        # one call's round trip from the main thread, for a single strong move
        single = engine_call(page, "probe.strong_moves", {"rules": "pagat", "players": 3, "seed": 4, "moves": 1})
        # a refused call comes back as an error object, in the reader's language too where the engine has one
        refused = engine_call(page, "probe.digest", {"rules": "nope", "players": 3, "kind": "random"})
        assert refused["error"]["type"] == "RulesError" and "nope" in refused["error"]["message"]
        longest = longest_task_since(page, cold["click"])
        page.close()

        # warm: the same context (its HTTP cache), a new page
        log.mark = len(log.requests)
        page = open_live(context, url, log)
        warm = press_start(page, log)
        # the second start restores the first one's memory snapshot (issue 58) and plays the very same game
        assert not cold["info"]["restored"] and warm["info"]["restored"], "the second start must restore the snapshot"
        preset, players, kind = next(iter(DIGESTS)).split("/")
        answer = engine_call(page, "probe.digest", {"rules": preset, "players": int(players), "kind": kind})
        assert answer["result"]["digest"] == GOLDEN[next(iter(DIGESTS))], "a restored engine plays another game"
        page.close()
    finally:
        context.close()

    after = sum(f["gzip"] for f in fetched.values())
    from skitgubbe import COMPILED
    from skitgubbe.views.live import probe

    here = [m for seed in (1, 2, 3) for m in probe.strong_moves("pagat", 3, seed, 15)["ms"]]  # the same moves here
    strong_sorted = sorted(strong)
    figures.update(
        {
            "cold_ms": round(cold["start_ms"]),
            "cold_worker": {k: round(v) for k, v in cold["info"]["timings"].items()},
            "warm_ms": round(warm["start_ms"]),
            "warm_worker": {k: round(v) for k, v in warm["info"]["timings"].items()},
            "digest_ms": digests,
            "strong_moves": len(strong),
            "strong_mean_ms": round(statistics.mean(strong), 1),
            "strong_p95_ms": round(strong_sorted[int(0.95 * (len(strong) - 1))], 1),
            "strong_max_ms": round(max(strong), 1),
            "strong_single_roundtrip_ms": round(single["roundtrip"], 1),
            "strong_cpython_mean_ms": round(statistics.mean(here), 1),
            "strong_cpython_engine": "compiled" if COMPILED else "python",
            "longtask_max_ms": round(longest),
            "after_start_bytes": after,
            "after_start_raw_bytes": sum(f["raw"] for f in fetched.values()),
            "after_start_files": dict(sorted(fetched.items())),
            "before_start_bytes": sum(f["gzip"] for f in before.values()),
            "offsite_requests": len(log.offsite),
            "python": cold["info"]["python"],
        }
    )
    save_figures({"test_page": figures})
    print(
        "\nlive engine figures:", json.dumps({k: v for k, v in figures.items() if k != "after_start_files"}, indent=1)
    )
    assert not log.offsite, f"requests off 127.0.0.1: {log.offsite}"
    assert not log.failed, f"failed requests: {log.failed}"
    assert not log.errors, f"console errors: {log.errors}"
    assert after <= GOALS["after_start_bytes"], f"{after} bytes fetched after Start (gzip)"
    if timing_asserted(max(figures["load"], os.getloadavg()[0])):
        assert figures["cold_ms"] <= GOALS["cold_ms"] * MARGIN
        assert figures["warm_ms"] <= GOALS["warm_ms"] * MARGIN
        assert figures["strong_p95_ms"] <= GOALS["strong_ms"] * MARGIN
        assert figures["longtask_max_ms"] <= GOALS["longtask_ms"] * MARGIN
    else:
        print(f"time goals not asserted: load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


#: a connection that asks for few bytes (the page script then starts nothing before the tap)
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}});"


def test_the_engine_starts_before_the_tap_when_the_play_panel_is_near(live_browser: Any, live_site: str) -> None:
    """Issue 58: on a phone, once the play panel comes near the screen the engine loads (it is said on the page's
    <html data-skitgubbe-engine>), so the tap on Start finds it ready; on Save-Data nothing loads before the tap."""
    for save_data in (False, True):
        context = live_browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
        context.set_default_timeout(START_TIMEOUT_MS)
        if save_data:
            context.add_init_script(SAVE_DATA)
        log = NetLog(live_site)
        log.attach(context)
        try:
            page = open_live(context, f"{live_site}/book/en/play.html", log)
            page.locator('[data-skitgubbe-live="play"]').scroll_into_view_if_needed()
            if save_data:
                # the page script has decided: no early start on this line
                page.wait_for_function("() => document.documentElement.dataset.skitgubbeWarm === 'spared'")
                assert page.evaluate("() => document.documentElement.dataset.skitgubbeEngine ?? null") is None
                assert not [u for u in log.requests if u.endswith("pyodide.asm.wasm")]
                continue
            page.wait_for_function("() => document.documentElement.dataset.skitgubbeWarm === 'near'")
            page.wait_for_function("() => document.documentElement.dataset.skitgubbeEngine === 'ready'")
            assert [u for u in log.requests if u.endswith("pyodide.asm.wasm")], "no engine loaded before the tap"
            page.locator('[data-skitgubbe-live="play"] button[data-action="start"]').click()
            page.locator('[data-skitgubbe-live="play"] .sgt--live').wait_for(timeout=10_000)
        finally:
            context.close()
        assert not log.errors, log.errors


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_play_page_start_and_a_game_against_the_strong_player(
    live_browser: Any, live_site: str, built_site: Path, lang: str
) -> None:
    """Start on the play page; then (with the controllers in the engine) a whole game clicked through."""
    context = live_browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    context.set_default_timeout(START_TIMEOUT_MS)
    context.add_init_script(LONGTASKS)
    context.add_init_script(SAVE_DATA)  # a reader on Save-Data: nothing of the engine before the tap
    log = NetLog(live_site)
    log.attach(context)
    try:
        page = open_live(context, f"{live_site}/book/{lang}/play.html", log)
        before = served_bytes(built_site, live_site, log.requests)
        assert not engine_requests(log.requests), "the engine must load only when the reader presses Start"
        assert any(p.endswith("/_live/live-page.mjs") for p in before), "the play page must carry the page script"
        panel = page.locator('[data-skitgubbe-live="play"]')
        panel.locator('select[name="players"]').select_option("2")
        panel.locator('select[name="opponents"]').select_option("strong")
        page.evaluate("() => { document.querySelector('[data-skitgubbe-live]').dataset.pauseMs = '20'; }")
        started = press_start(page, log)
        session = started["info"]["modules"]["controllers"]
        weight = {"before_start_bytes": sum(f["gzip"] for f in before.values()), "start_ms": round(started["start_ms"])}
        moves = 0
        if session:
            table = panel.locator(".sgt--live")
            turn = "() => ['yours', 'over'].includes(document.querySelector('[data-skitgubbe-live] .sgt--live')?.dataset.turn)"
            page.wait_for_function(turn)
            # an illegal move, typed: refused, explained in the page's language with its rule; nothing changes
            made = table.get_attribute("data-your-moves")
            table.locator(".sgt-typed").fill("pick up")
            table.locator('[data-action="typed"]').click()
            narration = table.locator('[data-role="narration"]')
            narration.filter(has_text="p1.no-pick-up").wait_for()
            assert ("tillåtet" if lang == "sv" else "illegal") in narration.text_content()
            assert table.get_attribute("data-your-moves") == made
            for _ in range(400):
                page.wait_for_function(turn)
                if table.get_attribute("data-turn") == "over":
                    break
                legal = table.locator('button[data-action="play"][data-legal="true"]')
                made = table.get_attribute("data-your-moves")
                if legal.count():  # at 390 px the hand is a fan: tap the card's visible left edge
                    legal.first.click(position={"x": 6, "y": 24})
                else:
                    table.locator("button[data-move]:not([disabled])").first.click()
                moves += 1
                page.wait_for_function(
                    "(made) => { const root = document.querySelector('[data-skitgubbe-live] .sgt--live');"
                    " return root.dataset.yourMoves !== made && root.dataset.turn !== 'busy'; }",
                    arg=made,
                )
            assert table.get_attribute("data-turn") == "over", "the game did not end"
            assert table.locator(".sgt-status").text_content()
        weight["reader_moves"] = moves
        page.close()
    finally:
        context.close()
    assert not log.offsite, f"requests off 127.0.0.1: {log.offsite}"
    assert not log.failed, f"failed requests: {log.failed}"
    assert not log.errors, f"console errors: {log.errors}"
    save_figures({f"play_page_{lang}": weight})
    print(f"\nplay page ({lang}):", weight)
    if not session:
        pytest.skip("the controllers are not in this build: Start works, the game itself needs the live protocol")
