"""The API floor: how fast could any engine go under the engine-speed benchmark, keeping the public API?

`benchmarks/engine_speed.py` times real use of the API: `Game.deal`, then per move `RandomPlayer.choose` (a fresh
list from `legal_moves()`, one random draw) and `Game.play` (a `Step`, added to the history). This script runs that
same loop over `benchmarks/api_floor_game.py`, a game with no rules that does only that API work. It follows
scripts taken from the real engine's games (the same seeds: each move's number of legal moves, each game's length),
so the floor plays games exactly as long, with lists exactly as long. Nothing an engine does to judge or carry out
a move is in it. Its games per second divided by the previous engine's, measured in the same run, is the ceiling
of the ratio `engine_speed.py` can report for any engine with this API.

Builds: the previous engine as in `engine_speed.py` (`git archive REF`, mypyc, cached under `_build/bench_engines/`),
the floor compiled with mypyc and as Python source, and this engine (the working tree) for reference. Runs alternate
previous, this, floor, per preset and build. Run with

    python benchmarks/api_floor.py [--against REF] [--games N] [--runs R] [--presets a,b] [--builds ...] [--json]

A benchmark, not a test: it prints the machine's load (`uptime`) beside the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import engine_speed  # the sibling benchmark (this script's folder is first on sys.path): builds, workers, summaries

HERE = Path(__file__).resolve().parent
FLOOR = HERE / "api_floor_game.py"
WARM_UP_SEED = 100_000
WARM_UP_GAMES = 20


# -- the worker: scripts from the real engine, then the floor's games, timed ------------------------------------------
def scripts(preset: str, players: int, seeds: range) -> dict[int, list[int]]:
    """For each seed, the number of legal moves at every move of the engine's random game (capped as timed)."""
    from skitgubbe import PRESETS, Game
    from skitgubbe.players.bots import RandomPlayer

    found = {}
    for seed in seeds:
        game = Game.deal(players, rules=PRESETS[preset], seed=seed)
        bot = RandomPlayer(seed)
        counts = []
        while not game.over and len(counts) < engine_speed.CAP:
            counts.append(len(game.legal_moves()))
            game.play(bot.choose(game))
        found[seed] = counts
    return found


def floor_once(players: int, plan: dict[int, list[int]]) -> tuple[float, int]:
    """The engine-speed loop over the floor game: CPU seconds and moves made."""
    from api_floor_game import Game, RandomPlayer

    cap = engine_speed.CAP
    moves = 0
    started = time.process_time()
    for seed, counts in plan.items():
        game = Game(players, seed, counts)
        bot = RandomPlayer(seed)
        count = 0
        while not game.over and count < cap:
            game.play(bot.choose(game))
            count += 1
        moves += count
    return time.process_time() - started, moves


def floor_worker(preset: str, games: int, players: int) -> dict[str, Any]:
    import api_floor_game

    floor_once(players, scripts(preset, players, range(WARM_UP_SEED, WARM_UP_SEED + WARM_UP_GAMES)))
    seconds, moves = floor_once(players, scripts(preset, players, range(games)))
    return {
        "compiled": not api_floor_game.__file__.endswith(".py"),
        "from": str(Path(api_floor_game.__file__).parent),
        "rates": [games / seconds],
        "move_rates": [moves / seconds],
        "games": games,
        "capped_games": 0,
        "memory_peak_bytes": None,
    }


# -- the driver ---------------------------------------------------------------------------------------------------------
def _floor_builds(cache: Path) -> dict[str, Path]:
    key = hashlib.sha256(FLOOR.read_bytes()).hexdigest()[:16]
    plain, compiled = cache / f"floor-{key}-source", cache / f"floor-{key}-compiled"
    if not plain.exists():
        plain.mkdir(parents=True)
        shutil.copy2(FLOOR, plain / FLOOR.name)
    if not (compiled / ".built").exists():
        shutil.rmtree(compiled, ignore_errors=True)
        compiled.mkdir(parents=True)
        shutil.copy2(FLOOR, compiled / FLOOR.name)
        print(f"building the floor with mypyc in {compiled} ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "mypyc", FLOOR.name], cwd=compiled, check=True, stdout=subprocess.DEVNULL)
        (compiled / FLOOR.name).unlink()  # only the extension may be imported
        (compiled / ".built").touch()
    return {"source": plain, "compiled": compiled}


def _measure_floor(floor: Path, engine: Path, preset: str, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=f"{floor}{os.pathsep}{engine}", PYTHONHASHSEED="0")
    env.pop("SKITGUBBE_PURE_PYTHON", None)
    command = [sys.executable, "-s", str(Path(__file__).resolve()), "--floor-worker", preset]
    command += ["--games", str(args.games), "--players", str(args.players)]
    out = subprocess.run(command, cwd=tempfile.gettempdir(), env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    if Path(result["from"]).resolve() != floor.resolve():
        raise SystemExit(f"the floor worker imported the floor from {result['from']}, not {floor}")
    return result


def compare(args: argparse.Namespace) -> dict[str, Any]:
    engines = engine_speed.both_engines(args.against)
    old, new = engines["old"], engines["new"]
    floor = _floor_builds(engine_speed.REPO / "_build" / "bench_engines")
    report: dict[str, Any] = {"against": args.against, "load_before": engine_speed._uptime(), "presets": {}}
    for preset in args.presets.split(","):
        row: dict[str, Any] = {}
        for build in args.builds.split(","):
            parts: dict[str, list[dict[str, Any]]] = {"old": [], "new": [], "floor": []}
            for run in range(args.runs):  # alternating, so that the machine's load hits all three alike
                parts["old"].append(engine_speed._measure(old[build], preset, args, memory=run == 0))
                parts["new"].append(engine_speed._measure(new[build], preset, args, memory=run == 0))
                parts["floor"].append(_measure_floor(floor[build], new["source"], preset, args))
            for part in parts["floor"]:
                part["memory_peak_bytes"] = 0
            figures = {which: engine_speed.summary(p) for which, p in parts.items()}
            if any(f["compiled"] != (build == "compiled") for f in figures.values()):
                raise SystemExit(f"{preset}/{build}: a build did not load as {build}")
            base = figures["old"]["games_per_second"]
            row[build] = {
                **figures,
                "new_ratio": figures["new"]["games_per_second"] / base,
                "ceiling": figures["floor"]["games_per_second"] / base,
            }
            if not args.json:
                print(_line(preset, build, row[build]), flush=True)
        report["presets"][preset] = row
    report["load_after"] = engine_speed._uptime()
    return report


def _line(preset: str, build: str, r: dict[str, Any]) -> str:
    return (
        f"{preset:16} {build:8} previous {r['old']['games_per_second']:7.0f} g/s  "
        f"this {r['new']['games_per_second']:7.0f} g/s (x{r['new_ratio']:4.2f})  "
        f"floor {r['floor']['games_per_second']:7.0f} g/s: ceiling x{r['ceiling']:4.2f}  "
        f"{r['floor']['moves_per_game']:6.0f} moves/game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", default=engine_speed.DEFAULT_REF)
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per preset, build and engine (default 5): the best")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--presets", default="pagat")
    parser.add_argument("--builds", default="compiled,source")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--floor-worker", metavar="PRESET", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.floor_worker:
        # the floor comes from the build on PYTHONPATH, never from this folder (the script's own place on sys.path)
        sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
        print(json.dumps(floor_worker(args.floor_worker, args.games, args.players)))
        return
    if not args.json:
        print(f"previous engine: {args.against}; this: the working tree; floor: {FLOOR.name}")
        print(engine_speed._uptime())
    report = compare(args)
    print(json.dumps(report, indent=1) if args.json else report["load_after"])


if __name__ == "__main__":
    main()
