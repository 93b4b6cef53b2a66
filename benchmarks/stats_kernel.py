"""The statistics chapter before and after issue 27: every published figure through `Game` and on the kernel.

Before: the chapter's studies as they were (`stats.CHAPTER_BEFORE`: method `game`, players with their own Mersenne
Twisters, the strong player `strong:16`). After: the chapter's studies now (`stats.CHAPTER`: method `kernel`, one
kernel stream per game, five times the games for seats and chansa, the strong player the kernel search). For every
figure the chapter quotes it prints both values with their 95 % intervals (Wilson for a share, mean ± 1.96·SE for a
mean), whether the intervals overlap, and whether the difference lies within the combined interval (|a − b| ≤
1.96·√(SEa² + SEb²), SE of a share √(p(1−p)/n)). The mixed tables' figures are marked: their strong player changed
(a stronger search), so the sensible and random players' shares there may move too; the other studies play the
same players and should not move. A benchmark, not a test:

    python benchmarks/stats_kernel.py [--scale S] [--cache DIR] [--json FILE] [--times]

Both sets of results go through the study cache (`--cache`, default the studies' own), so a second run prints at
once. `--times` plays both sets from scratch in this process (jobs=1, into a new empty cache folder, then compared)
and prints their CPU seconds per study (`time.process_time`), with the machine's load. Which build plays: `SKITGUBBE_ENGINE_PATH` (or
`PYTHONPATH`) as in benchmarks/kernel_strong.py; the output names it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, os.environ.get("SKITGUBBE_ENGINE_PATH") or str(Path(__file__).resolve().parent.parent))

import skitgubbe
from skitgubbe.studies import stats

Z = 1.959964
Figure = tuple[float, float, float, float]  # value, low, high, standard error


def _share(p: Mapping[str, Any]) -> Figure:
    n, rate = p["n"], p["rate"] or 0.0
    return rate, p["low"], p["high"], math.sqrt(rate * (1 - rate) / n) if n else math.inf


def _mean(m: Mapping[str, Any]) -> Figure:
    return m["mean"], m["low"], m["high"], m["se"]


def figures(results: Mapping[str, Any]) -> Iterator[tuple[str, Figure]]:
    """Every figure the chapter quotes (with an interval), by name."""
    seats = results["seats"]
    for name, p in zip(("forehand", "second", "dealer"), seats["seats"]):
        yield f"seat {name} lost", _share(p)
    opening = seats["opening"]
    yield "phase 2 opens: mean cards", _mean(opening["mean_cards"])
    yield "phase 2 opens: mean trumps", _mean(opening["mean_trumps"])
    for axis in ("cards", "trumps"):
        low, high = opening[axis][0], opening[axis][-1]
        yield f"lost, {axis} <= {low['to']}", _share(low)
        yield f"lost, {axis} >= {high['from']}", _share(high)
    for preset, v in results["lengths"]["presets"].items():
        for part in ("phase1", "phase2", "total"):
            yield f"moves {part} {preset}", _mean(v[part])
    for policy, v in results["chansa"]["policies"].items():
        yield f"chansa {policy}: lost", _share(v)
        yield f"chansa {policy}: chansas a game", _mean(v["chansas"])
        if policy != "sensible" and "paired" in v:
            yield f"chansa {policy}: paired difference", _mean(v["paired"])
    for table, v in results["mixed"]["tables"].items():
        for kind, p in v["kinds"].items():
            if p["low"] is not None:
                yield f"mixed {table}: {kind} lost *", _share(p)
            else:  # a kind with two players: the rate per player
                rate = p["rate"]
                yield f"mixed {table}: {kind} lost (each) *", (rate, math.nan, math.nan, math.nan)


def compare(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    after_figures = dict(figures(after))
    for name, (a, a_low, a_high, a_se) in figures(before):
        b, b_low, b_high, b_se = after_figures[name]
        overlap = not (a_high < b_low or b_high < a_low) if not math.isnan(a_low + b_low) else None
        bound = Z * math.sqrt(a_se**2 + b_se**2)
        within = abs(a - b) <= bound if not math.isnan(bound) else None
        rows.append(
            {"figure": name, "before": [a, a_low, a_high], "after": [b, b_low, b_high], "overlap": overlap,
             "difference": b - a, "combined": bound, "within": within}
        )  # fmt: skip
    return rows


def _cell(value: float, low: float, high: float, percent: bool) -> str:
    if percent:
        if math.isnan(low):
            return f"{100 * value:6.1f} %{'':15}"
        return f"{100 * value:6.1f} % ({100 * low:5.1f}–{100 * high:5.1f})"
    return f"{value:8.2f} ({low:7.2f}–{high:7.2f})"


def _print(rows: list[dict[str, Any]]) -> None:
    print(f"{'figure':40} {'before (game)':28} {'after (kernel)':28} overlap within")
    for row in rows:
        name = row["figure"]
        percent = "lost" in name or "difference" in name
        yes = {True: "yes", False: "NO", None: "-"}
        print(
            f"{name:40} {_cell(*row['before'], percent):28} {_cell(*row['after'], percent):28} "
            f"{yes[row['overlap']]:7} {yes[row['within']]}"
        )
    judged = [r for r in rows if r["within"] is not None and not r["figure"].endswith("*")]
    print(
        f"studies with the same players: {sum(r['within'] for r in judged)} of {len(judged)} figures within the "
        f"combined interval, {sum(bool(r['overlap']) for r in judged)} of {len(judged)} intervals overlapping"
    )
    print("* the mixed tables: the strong player changed (strong:16 through Game -> the kernel search)")


def _times(scale: float, cache: str) -> dict[str, Any]:
    out: dict[str, Any] = {"compiled": skitgubbe.COMPILED, "scale": scale, "load": [round(os.getloadavg()[0], 1)]}
    for label, chapter in (("before", stats.CHAPTER_BEFORE), ("after", stats.CHAPTER)):
        out[label] = {}
        for name, params in chapter.items():
            started = time.process_time()
            stats.chapter_results(scale, chapter={name: params}, jobs=1, cache_dir=cache)
            out[label][name] = round(time.process_time() - started, 2)
        out[label]["total"] = round(sum(out[label].values()), 2)
        out["load"].append(round(os.getloadavg()[0], 1))
        print(f"{label}: CPU s {out[label]} (load {os.getloadavg()[0]:.1f})", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games scaled by this factor (default 1)")
    parser.add_argument("--cache", help="the study cache folder (default the studies' own)")
    parser.add_argument("--json", help="also write the rows (and times) to this file")
    parser.add_argument("--times", action="store_true", help="first time both sets from scratch (jobs=1)")
    args = parser.parse_args()
    print(f"skitgubbe from {Path(skitgubbe.__file__).parent}, compiled: {skitgubbe.COMPILED}")
    times = None
    if args.times:
        args.cache = tempfile.mkdtemp(prefix="stats-kernel-")
        times = _times(args.scale, args.cache)
    before = stats.chapter_results(args.scale, chapter=stats.CHAPTER_BEFORE, cache_dir=args.cache)
    after = stats.chapter_results(args.scale, cache_dir=args.cache)
    rows = compare(before, after)
    _print(rows)
    if args.json:
        Path(args.json).write_text(json.dumps({"times": times, "rows": rows}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
