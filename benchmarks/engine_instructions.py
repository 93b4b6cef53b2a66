"""Engine work counted in machine instructions: this engine against a previous one, compiled and as Python source.

Timing on a shared virtual machine is noisy (on this one the median run is often a third slower than the best), so
this benchmark counts instead: valgrind's cachegrind (`--cache-sim=no`) counts the instructions the process
executes while it plays N seeded 3-player random games, and again while it plays one; the difference is the work of
N - 1 games, the same on every run. Fewer instructions is not exactly proportional to less time (memory and branch
behaviour differ), but it shows each change without noise. The engines are built as `engine_speed.py` builds them
(`git archive REF`, mypyc, cached under `_build/bench_engines/`), and the games are `engine_speed.py`'s worker. Run with

    python benchmarks/engine_instructions.py [--against REF] [--games N] [--presets a,b] [--builds compiled,source]

It needs valgrind (`apt-get install valgrind`). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import engine_speed  # the sibling benchmark (this script's folder is first on sys.path): builds and the worker

SPEED = Path(engine_speed.__file__).resolve()
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(engine: Path, preset: str, games: int, players: int) -> int:
    """Instructions executed by `engine_speed.py --worker` playing `games` games once (one process, valgrind)."""
    env = dict(os.environ, PYTHONPATH=str(engine), PYTHONHASHSEED="0")
    env.pop("SKITGUBBE_PURE_PYTHON", None)
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, "-s", str(SPEED), "--worker", preset, "--games", str(games), "--runs", "1"]
    command += ["--players", str(players)]
    done = subprocess.run(command, cwd=tempfile.gettempdir(), env=env, capture_output=True, text=True, check=True)
    found = _REFS.search(done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_games(engine: Path, preset: str, games: int, players: int) -> int:
    """The instructions of `games - 1` games: a run of `games` less a run of one (start-up and imports cancel)."""
    return instructions(engine, preset, games, players) - instructions(engine, preset, 1, players)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", default=engine_speed.DEFAULT_REF)
    parser.add_argument("--games", type=int, default=41, help="games per count (default 41: the work of 40)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--presets", default=",".join(engine_speed.PRESET_NAMES))
    parser.add_argument("--builds", default="compiled,source")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    engines = engine_speed.both_engines(args.against)
    report: dict[str, Any] = {"against": args.against, "games_counted": args.games - 1, "presets": {}}
    for preset in args.presets.split(","):
        row = {}
        for build in args.builds.split(","):
            old = per_games(engines["old"][build], preset, args.games, args.players)
            new = per_games(engines["new"][build], preset, args.games, args.players)
            row[build] = {"old": old, "new": new, "ratio": old / new}
            if not args.json:
                print(
                    f"{preset:16} {build:8} previous {old / 1e6:8.1f} M  this {new / 1e6:8.1f} M instructions "
                    f"for {args.games - 1} games: x{old / new:4.2f} less work",
                    flush=True,
                )
        report["presets"][preset] = row
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
