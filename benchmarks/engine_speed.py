"""Engine speed: this engine against a previous one, in the same run, compiled and as Python source.

Plays complete 3-player games between random players under each preset and prints, per preset and per build,
games per second (the best of several runs, CPU time of the process; the ratio of the medians beside it), the
mean game length and
the memory of one game (tracemalloc peak, mean over a few games), for the previous engine (`--against REF`,
default the merge base `b498857`) and for this one (the working tree as it is), and the ratio new / old.

How: both engines are copied into a temporary folder (`git archive REF` for the previous one, the working tree's
`skitgubbe/`, `setup.py` and `pyproject.toml` for this one), each is built compiled with mypyc
(`setup.py build_ext --inplace`, as `make setup` does; cached by content under `_build/bench_engines/`) and kept
as Python source in a second copy, and every measurement runs in its own subprocess with `PYTHONPATH` set to one
copy (this script with `--worker`). Builds and runs alternate old, new for each preset, so the machine's load
hits both alike. Run with

    python benchmarks/engine_speed.py [--against REF] [--games N] [--runs R] [--players P] [--presets a,b]
                                      [--builds compiled,source] [--json]
    python benchmarks/engine_speed.py --here   # only the engine this interpreter imports (the old behaviour)

A benchmark, not a test: it prints the machine's load (`uptime`) beside the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CAP = 5_000
DEFAULT_REF = "b498857"
PRESET_NAMES = ("pagat", "kortspelsregler", "strikt", "alla-spelar", "uppslagen-trumf", "specialkort")
MEMORY_GAMES = 5


# -- the worker: measures the engine on its import path (old and new alike: only the API both have) -----------------
def run_once(preset: str, games: int, players: int, first_seed: int) -> tuple[float, int, int]:
    """Seconds of CPU taken, moves made and games that hit the move cap (forced endless cycles)."""
    from skitgubbe import PRESETS, Game
    from skitgubbe.players.bots import RandomPlayer

    rules = PRESETS[preset]
    moves = capped = 0
    started = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game.deal(players, rules=rules, seed=seed)
        bot = RandomPlayer(seed)
        count = 0
        while not game.over and count < CAP:
            game.play(bot.choose(game))
            count += 1
        moves += count
        capped += not game.over
    return time.process_time() - started, moves, capped


def memory_per_game(preset: str, players: int, games: int) -> int:
    """The mean tracemalloc peak (bytes) of one whole game, deal to end."""
    import tracemalloc

    peaks = []
    run_once(preset, 1, players, 10_000)  # warm the caches (beat tables, parse tables) outside the measurement
    for seed in range(games):
        tracemalloc.start()
        run_once(preset, 1, players, seed)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return round(statistics.fmean(peaks))


def worker(preset: str, games: int, runs: int, players: int, memory: bool) -> dict[str, Any]:
    import skitgubbe

    rates, move_rates, capped = [], [], 0
    run_once(preset, 20, players, 100_000)  # warm up
    for run in range(runs):
        seconds, moves, hit = run_once(preset, games, players, run * games)
        rates.append(games / seconds)
        move_rates.append(moves / seconds)
        capped += hit
    return {
        "compiled": bool(skitgubbe.COMPILED),
        "from": str(Path(skitgubbe.__file__).parent.parent),
        "rates": rates,
        "move_rates": move_rates,
        "games": games * runs,
        "capped_games": capped,
        "memory_peak_bytes": memory_per_game(preset, players, MEMORY_GAMES) if memory else None,
    }


def summary(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Several worker runs of one engine as one figure: the best and the median rate (a busy machine only ever
    slows a run down, so the best run is the least disturbed one)."""
    rates = [r for part in parts for r in part["rates"]]
    move_rates = [r for part in parts for r in part["move_rates"]]
    return {
        "compiled": parts[0]["compiled"],
        "games_per_second": max(rates),
        "median_games_per_second": statistics.median(rates),
        "moves_per_second": max(move_rates),
        "moves_per_game": statistics.median(move_rates) / statistics.median(rates),
        "games": sum(part["games"] for part in parts),
        "capped_games": sum(part["capped_games"] for part in parts),
        "memory_peak_bytes": next(p["memory_peak_bytes"] for p in parts if p["memory_peak_bytes"] is not None),
    }


# -- the driver: builds both engines and runs the workers ------------------------------------------------------------
def _tree_hash(root: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml", ".json", ".js", ".css", ".mjs", ".typed"):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _export_ref(ref: str, into: Path) -> None:
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", ref, "skitgubbe", "setup.py", "pyproject.toml"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def _export_worktree(into: Path) -> None:
    into.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "build")
    shutil.copytree(REPO / "skitgubbe", into / "skitgubbe", ignore=ignore)
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy2(REPO / name, into / name)


def _builds(label: str, source: Path, cache: Path) -> dict[str, Path]:
    """The source copy and a compiled copy of one engine (compiled once per content, then cached)."""
    key = _tree_hash(source)
    plain = cache / f"{key}-source"
    compiled = cache / f"{key}-compiled"
    if not plain.exists():
        shutil.copytree(source, plain)
    if not (compiled / ".built").exists():
        shutil.rmtree(compiled, ignore_errors=True)
        shutil.copytree(source, compiled)
        print(f"building the {label} engine with mypyc in {compiled} ...", file=sys.stderr, flush=True)
        env = {k: v for k, v in os.environ.items() if k != "SKITGUBBE_PURE_PYTHON"}
        subprocess.run(
            [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
            cwd=compiled,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        (compiled / ".built").touch()
    return {"source": plain, "compiled": compiled}


def _measure(path: Path, preset: str, args: argparse.Namespace, memory: bool) -> dict[str, Any]:
    """One worker process on one engine copy: `args.games` games once (and the memory of a game if asked)."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
    env.pop("SKITGUBBE_PURE_PYTHON", None)
    command = [sys.executable, "-s", str(Path(__file__).resolve()), "--worker", preset]
    command += ["--games", str(args.games), "--runs", "1", "--players", str(args.players)]
    out = subprocess.run(
        command + (["--memory"] if memory else []),
        cwd=tempfile.gettempdir(),
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    if Path(result["from"]).resolve() != path.resolve():
        raise SystemExit(f"the worker imported skitgubbe from {result['from']}, not {path}")
    return result


def _uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load: " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def both_engines(against: str) -> dict[str, dict[str, Path]]:
    """The previous engine (`against`) and this one (the working tree), each as source and compiled, built once per
    content under `_build/bench_engines/` (also used by the other engine benchmarks)."""
    cache = REPO / "_build" / "bench_engines"
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        old_src, new_src = Path(tmp) / "old", Path(tmp) / "new"
        _export_ref(against, old_src)
        _export_worktree(new_src)
        return {"old": _builds(f"previous ({against})", old_src, cache), "new": _builds("new", new_src, cache)}


def compare(args: argparse.Namespace) -> dict[str, Any]:
    engines = both_engines(args.against)
    builds = args.builds.split(",")
    report: dict[str, Any] = {"against": args.against, "load_before": _uptime(), "presets": {}}
    for preset in args.presets.split(","):
        row: dict[str, Any] = {}
        for build in builds:
            parts: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
            for run in range(args.runs):  # old and new alternate, so that the machine's load hits both alike
                for which in ("old", "new"):
                    parts[which].append(_measure(engines[which][build], preset, args, memory=run == 0))
            old, new = summary(parts["old"]), summary(parts["new"])
            if old["compiled"] != (build == "compiled") or new["compiled"] != (build == "compiled"):
                raise SystemExit(f"{preset}/{build}: an engine did not load as {build}")
            row[build] = {
                "old": old,
                "new": new,
                "ratio": new["games_per_second"] / old["games_per_second"],
                "median_ratio": new["median_games_per_second"] / old["median_games_per_second"],
                "memory_ratio": new["memory_peak_bytes"] / old["memory_peak_bytes"],
            }
            if not args.json:
                print(_line(preset, build, row[build]), flush=True)
        report["presets"][preset] = row
    report["load_after"] = _uptime()
    return report


def _line(preset: str, build: str, r: dict[str, Any]) -> str:
    old, new = r["old"], r["new"]
    note = ""
    if old["capped_games"] or new["capped_games"]:
        note = f"  (capped at {CAP} moves: old {old['capped_games']}, new {new['capped_games']})"
    return (
        f"{preset:16} {build:8} old {old['games_per_second']:8.0f} g/s  new {new['games_per_second']:8.0f} g/s  "
        f"x{r['ratio']:5.2f} (medians x{r['median_ratio']:5.2f})  {new['moves_per_game']:6.0f} moves/game  "
        f"memory/game old {old['memory_peak_bytes'] / 1024:6.1f} KiB new {new['memory_peak_bytes'] / 1024:6.1f} KiB"
        f"{note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", default=DEFAULT_REF, help=f"the previous engine's commit (default {DEFAULT_REF})")
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument(
        "--runs", type=int, default=5, help="runs per preset, build and engine, alternating (default 5): the best"
    )
    parser.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--presets", default=",".join(PRESET_NAMES))
    parser.add_argument("--builds", default="compiled,source")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--here", action="store_true", help="measure only the engine this interpreter imports")
    parser.add_argument("--worker", metavar="PRESET", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.games, args.runs, args.players, args.memory)))
        return
    if args.here:
        sys.path.insert(0, str(REPO))
        results = {p: summary([worker(p, args.games, args.runs, args.players, True)]) for p in args.presets.split(",")}
        print(json.dumps({"load": _uptime(), **results}, indent=1))
        return
    if not args.json:
        print(f"previous engine: {args.against}; new: the working tree of {REPO}")
        print(_uptime())
    report = compare(args)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(report["load_after"])


if __name__ == "__main__":
    main()
