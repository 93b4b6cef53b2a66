"""From the tap on Start to the first playable card, on a phone profile: cold, second and third start (issue 58).

The built site is served on 127.0.0.1 by book/_ext/serve.py's handler (gzip as a static host serves it); every
response's bytes are counted at the server, so the service worker's and the engine worker's fetches count too.
Debian's chromium, through Playwright, opens the play page as a phone: 390x844, the page's CPU slowed 4x
(CDP Emulation.setCPUThrottlingRate) and a fast-4G line (Network.emulateNetworkConditions: 150 ms round trip,
9 Mbit/s down, 1.5 Mbit/s up) on the page AND on every worker it starts and every service worker (attached through
CDP before they run). A run is one new browser context (empty caches): the first start, then the page opened again
(second start: HTTP and service-worker caches) and once more (third: the compiled-code cache applies too). Each
start: page loaded, the panel's seed set, tap on `[data-action="start"]`, then the time until a
`button[data-action="play"]` of the table is enabled. Also timed: a checker link (`#case=klover-9`) opened cold,
until its first verdict. Bytes are split into "before the tap", "after the tap" (until playable) and "after play"
(the service worker's install and precache, waited for until the line is quiet 4 s). Each start's trace (`TRACE`)
says where its seconds went: when the engine began loading (before the tap: the early start), the worker's phases
(Python running, restored from the memory snapshot or started afresh; engine unpacked and imported; ready) and when
the runtime's files arrived in the worker.

    .venv/bin/python benchmarks/live_start.py [--site _build/html] [--runs 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
CPU_RATE = 4
#: fast 4G as DevTools defines it (bytes per second; latency in ms)
LINE = {"offline": False, "latency": 150, "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 1_500_000 / 8}
TIMEOUT_MS = 180_000
PLAYABLE = """() => new Promise((done) => {
  const ready = () => document.querySelector('[data-skitgubbe-live="play"] button[data-action="play"]:not([disabled])');
  if (ready()) return done(performance.now());
  new MutationObserver((_, watch) => { if (ready()) { watch.disconnect(); done(performance.now()); } })
    .observe(document, { subtree: true, childList: true, attributes: true });
})"""
VERDICT = """() => new Promise((done) => {
  const seen = () => document.querySelector('.sgt--checker .sgt-verdicts > *, .sgt--checker [data-role="problem"]:not(:empty)');
  if (seen()) return done(performance.now());
  new MutationObserver((_, watch) => { if (seen()) { watch.disconnect(); done(performance.now()); } })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})"""

#: where the seconds went (ms from the tap, negative: before it): the engine's start on the page, the worker's marks
#: (worker started, Pyodide's loader imported, Python running, engine unpacked, engine imported, ready) and the big
#: files' arrival in the worker; `startMs`: the page's wait for the engine (EngineClient.start)
TRACE = """(tap) => {
  const info = document.querySelector('[data-skitgubbe-live="play"]').skitgubbeEngine?.info;
  if (!info?.trace) return null;
  const shift = info.trace.origin - performance.timeOrigin;
  const at = (t) => Math.round(t + shift - tap);
  const begun = performance.getEntriesByName("skitgubbe-engine-start")[0];
  return {
    engine_start: begun ? Math.round(begun.startTime - tap) : null,
    marks: Object.fromEntries(Object.entries(info.trace.marks).map(([k, v]) => [k, at(v)])),
    files: info.trace.files.map((f) => ({ file: f.file, start: at(f.start), end: at(f.end) })),
    startMs: Math.round(info.startMs),
  };
}"""


class Tally:
    """Bytes sent per path, in order (time, path, bytes), from the server's side."""

    def __init__(self) -> None:
        self.sent: list[tuple[float, str, int]] = []
        self.lock = threading.Lock()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent.append((time.monotonic(), urlsplit(path).path, size))

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, start: int, end: int | None = None) -> dict[str, int]:
        found: dict[str, int] = defaultdict(int)
        with self.lock:
            for _, path, size in self.sent[start:end]:
                found[path] += size
        return dict(sorted(found.items()))

    def quiet_for(self, seconds: float) -> bool:
        with self.lock:
            return not self.sent or time.monotonic() - self.sent[-1][0] >= seconds


def serve_counted(site: Path, tally: Tally) -> Any:
    class Counted(serve.QuietHandler):
        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length":
                tally.add(self.path, int(value))
            super().send_header(keyword, value)

    server = serve.http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a, **k: Counted(*a, directory=str(site), **k)
    )
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


async def throttle(session: Any) -> None:
    """The phone's CPU and line on a page, and on every worker it starts (they wait for this before they run)."""

    async def child(event: dict[str, Any]) -> None:
        sid = event["sessionId"]
        for n, (method, params) in enumerate(
            (
                ("Network.enable", {}),
                ("Network.emulateNetworkConditions", LINE),
                ("Runtime.runIfWaitingForDebugger", {}),
            )
        ):
            message = json.dumps({"id": 10_000 + n, "method": method, "params": params})
            try:
                await session.send("Target.sendMessageToTarget", {"sessionId": sid, "message": message})
            except Exception:  # a worker gone already
                return

    session.on("Target.attachedToTarget", lambda event: asyncio.ensure_future(child(event)))
    await session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
    await session.send("Network.enable")
    await session.send("Network.emulateNetworkConditions", LINE)
    await session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


async def throttle_service_workers(browser: Any) -> Any:
    """The line on every service worker the browser starts (the site's sw.js fetches for the page)."""
    session = await browser.new_browser_cdp_session()

    async def created(event: dict[str, Any]) -> None:
        info = event["targetInfo"]
        if info["type"] != "service_worker":
            return
        try:
            attached = await session.send("Target.attachToTarget", {"targetId": info["targetId"], "flatten": False})
            for n, (method, params) in enumerate((("Network.enable", {}), ("Network.emulateNetworkConditions", LINE))):
                message = json.dumps({"id": 20_000 + n, "method": method, "params": params})
                await session.send(
                    "Target.sendMessageToTarget", {"sessionId": attached["sessionId"], "message": message}
                )
        except Exception:  # stopped before it was reached
            return

    session.on("Target.targetCreated", lambda event: asyncio.ensure_future(created(event)))
    await session.send("Target.setDiscoverTargets", {"discover": True})
    return session


async def one_start(context: Any, url: str, tally: Tally) -> dict[str, Any]:
    page = await context.new_page()
    await throttle(await context.new_cdp_session(page))
    loaded = tally.mark()
    await page.goto(url, wait_until="load", timeout=TIMEOUT_MS)
    panel = page.locator('[data-skitgubbe-live="play"]')
    await panel.locator('input[name="seed"]').fill("3")
    await panel.locator('button[data-action="start"]').scroll_into_view_if_needed()
    tapped = tally.mark()
    playable = asyncio.ensure_future(page.evaluate(PLAYABLE))
    await asyncio.sleep(0)
    tap = await page.evaluate("() => performance.now()")
    await panel.locator('button[data-action="start"]').click(timeout=TIMEOUT_MS)
    ready = await asyncio.wait_for(playable, TIMEOUT_MS / 1000)
    done = tally.mark()
    seconds = 0.0
    while not tally.quiet_for(4) and seconds < 120:  # the service worker's install and precache
        await asyncio.sleep(0.5)
        seconds += 0.5
    result = {
        "ms": round(ready - tap),
        "before_tap": tally.since(loaded, tapped),
        "after_tap": tally.since(tapped, done),
        "after_play": tally.since(done),
        "engine": await page.evaluate("() => document.documentElement.dataset.skitgubbeEngine ?? null"),
        "trace": await page.evaluate(TRACE, tap),
    }
    await page.close()
    return result


async def checker_link(browser: Any, site_url: str, tally: Tally) -> dict[str, Any]:
    context = await browser.new_context(viewport=PHONE, has_touch=True, service_workers="allow")
    page = await context.new_page()
    await throttle(await context.new_cdp_session(page))
    start = tally.mark()
    await page.goto(site_url + "book/en/checker.html#case=klover-9", wait_until="commit", timeout=TIMEOUT_MS)
    await page.wait_for_load_state("domcontentloaded")
    verdict = await page.evaluate(VERDICT)
    await context.close()
    # from the navigation's start (performance.now()'s origin) to the first verdict
    return {"ms": round(verdict), "after_open": total(tally.since(start))}


def total(files: dict[str, int]) -> int:
    return sum(files.values())


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    site = Path(args.site).resolve()
    tally = Tally()
    server = serve_counted(site, tally)
    site_url = f"http://127.0.0.1:{server.server_address[1]}/"
    url = site_url + "book/en/play.html"
    figures: dict[str, Any] = {"site": str(site), "load_before": os.getloadavg(), "runs": []}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM)
        await throttle_service_workers(browser)
        for _ in range(args.runs):
            context = await browser.new_context(viewport=PHONE, has_touch=True, service_workers="allow")
            starts = [await one_start(context, url, tally) for _ in range(3)]
            await context.close()
            figures["runs"].append(starts)
            print(
                json.dumps(
                    [
                        {k: (total(v) if isinstance(v, dict) and k != "trace" else v) for k, v in s.items()}
                        for s in starts
                    ]
                )
            )
        figures["checker"] = [await checker_link(browser, site_url, tally) for _ in range(args.runs)]
        await browser.close()
    server.shutdown()
    figures["load_after"] = os.getloadavg()
    return figures


def summary(figures: dict[str, Any]) -> dict[str, Any]:
    """Per start (cold, second, third): the times of every run, bytes after the tap and after play (the last run's)."""
    names = ("first", "second", "third")
    found: dict[str, Any] = {}
    for i, name in enumerate(names):
        runs = [starts[i] for starts in figures["runs"]]
        found[name] = {
            "ms": [s["ms"] for s in runs],
            "after_tap_bytes": total(runs[-1]["after_tap"]),
            "after_play_bytes": total(runs[-1]["after_play"]),
            "marks": [(s.get("trace") or {}).get("marks") for s in runs],
        }
    found["first"]["after_tap_files"] = figures["runs"][-1][0]["after_tap"]
    found["first"]["after_play_files"] = figures["runs"][-1][0]["after_play"]
    found["checker_ms"] = [c["ms"] for c in figures["checker"]]
    found["load"] = [round(x, 2) for x in (*figures["load_before"][:1], *figures["load_after"][:1])]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(REPO / "_build" / "html"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", help="write every figure here")
    args = parser.parse_args()
    figures = asyncio.run(main_async(args))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(summary(figures), indent=1))


if __name__ == "__main__":
    main()
