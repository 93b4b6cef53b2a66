"""The statistics chapter's simulations from scratch: CPU seconds per study, the cache bypassed.

Run it with each engine to compare in one sitting (a benchmark, not a test; say the machine's load):
`python benchmarks/statistics_chapter.py [--scale S] [--json]` with the interpreter of the install to measure
(`.venv/bin/python`, or another checkout's venv for the previous engine). Every study runs in this one process
(`jobs=1`), so `time.process_time()` counts all of its work.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from skitgubbe import COMPILED
from skitgubbe.studies import stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games scaled by this factor (default 1: the chapter)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for name, params in stats.CHAPTER.items():
        chosen = dict(params)
        games = chosen["games"]
        chosen["games"] = (
            {k: max(1, round(v * args.scale)) for k, v in games.items()}
            if isinstance(games, dict)
            else max(1, round(games * args.scale))
        )
        started = time.process_time()
        stats.STUDIES[name](**chosen, jobs=1, use_cache=False)
        figures[name] = round(time.process_time() - started, 2)
    figures["total"] = round(sum(figures.values()), 2)
    report = {"compiled": COMPILED, "scale": args.scale, "load": os.getloadavg()[0], "cpu_seconds": figures}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"compiled: {COMPILED}, scale {args.scale}, load {report['load']:.1f}")
        for name, seconds in figures.items():
            print(f"  {name:8} {seconds:8.2f} s")


if __name__ == "__main__":
    main()
