"""Decision times of computer players in the browser engine (Pyodide in the worker, Debian's chromium) and here.

    python benchmarks/browser_decisions.py --kinds strong,strong:512,strong-kernel:128 --seeds 1-6 --moves 15

For every kind: seeded games (pagat unless `--rules`, 3 players), seat A that kind, the others sensible; each of
A's first `--moves` choices is timed where it runs (`probe.strong_moves` with `kind`, wall time in the worker),
then the same moves in this interpreter (compiled or source, as installed). Prints median, p95 and max per kind
and writes them to `--out` as JSON. Needs the built site (`make book`) and /usr/bin/chromium; the page is served
on 127.0.0.1 only, as the browser tests serve it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "browser")]

from helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from live_helpers import DEAD_PROXY, START_TIMEOUT_MS, NetLog, open_live  # noqa: E402
from test_live_runtime import TEST_PAGE, engine_call, live_site, press_start  # noqa: E402

from skitgubbe.views.live import probe  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def summary(values: list[float]) -> dict[str, Any]:
    return {
        "decisions": len(values),
        "median_ms": round(statistics.median(values), 1),
        "p95_ms": round(percentile(values, 0.95), 1),
        "max_ms": round(max(values), 1),
    }


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="strong,strong-kernel:128")
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seeds", default="1-6")
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--out", type=Path, default=REPO / "_build" / "browser-decisions.json")
    args = parser.parse_args()
    site = REPO / "_build" / "html"
    if not (site / "_live" / "VERSIONS.json").is_file():
        sys.exit(f"no built site with the live engine at {site}: run `make book` first")
    kinds = [k for k in args.kinds.split(",") if k]
    seeds = seeds_of(args.seeds)
    figures: dict[str, Any] = {"load_start": os.getloadavg()[0], "rules": args.rules, "players": args.players}
    from playwright.sync_api import sync_playwright

    serving = live_site.__wrapped__(site)  # the browser tests' server, outside pytest
    origin = next(serving)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, proxy=DEAD_PROXY)
            context = browser.new_context(service_workers="block")
            context.set_default_timeout(START_TIMEOUT_MS)
            log = NetLog(origin)
            log.attach(context)
            page = open_live(context, origin + TEST_PAGE, log)
            press_start(page, log)
            for kind in kinds:
                worker: list[float] = []
                here: list[float] = []
                for seed in seeds:
                    call = {"rules": args.rules, "players": args.players, "seed": seed, "moves": args.moves}
                    answer = engine_call(page, "probe.strong_moves", {**call, "kind": kind})
                    if "error" in answer:
                        sys.exit(f"{kind}: the worker refused: {answer['error']}")
                    worker += answer["result"]["ms"]
                    here += probe.strong_moves(args.rules, args.players, seed, args.moves, kind)["ms"]
                figures[kind] = {"browser": summary(worker), "here": summary(here)}
                print(f"{kind:>22}  browser {figures[kind]['browser']}  here {figures[kind]['here']}", flush=True)
            browser.close()
    finally:
        serving.close()
    figures["load_end"] = os.getloadavg()[0]
    figures["offsite_requests"] = log.offsite
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(f"load {figures['load_start']:.2f} → {figures['load_end']:.2f}; written to {args.out}")


if __name__ == "__main__":
    main()
