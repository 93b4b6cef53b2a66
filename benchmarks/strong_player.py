"""Strong player: its loss rate against two sensible players, and its time per move.

Plays N seeded 3-player games (default 2000) under a preset (default `pagat`): game `seed` seats the strong
player at seat `seed % 3` (forehand, second hand, dealer in turn) and sensible players in the other two seats.
Prints the strong player's loss rate with a 95% Wilson interval (a fair share would be 1/3) and the time per
move at the playout budget (mean, 95th percentile, max), both over all its moves and over its real decisions
(more than one legal move), in wall-clock time and in CPU time (the process's own: on a busy machine the wall
clock also counts the time spent waiting for a core). `--jobs N` spreads the games over N processes; the games, and
so the loss figures, are the same for the same seeds whatever N is (only the timings vary). A benchmark, not a test:

    python benchmarks/strong_player.py [--games N] [--first-seed S] [--playouts P] [--jobs J] [--json]

Before and after a change of the engine, over the same seeded games: run it once with `SKITGUBBE_ENGINE_PATH` set to
a build of the previous engine (`benchmarks/engine_speed.py` leaves its builds in `_build/bench_engines/`) and once
without; the output says which engine (and whether compiled) played.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

# SKITGUBBE_ENGINE_PATH: measure the engine in that folder (e.g. a previous engine that benchmarks/engine_speed.py
# built under _build/bench_engines/), not this checkout's; worker processes inherit it.
sys.path.insert(0, os.environ.get("SKITGUBBE_ENGINE_PATH") or str(Path(__file__).resolve().parent.parent))

import skitgubbe
from skitgubbe.engine.game import Game
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.strong import DEFAULT_PLAYOUTS, StrongPlayer
from skitgubbe.rules import Rules
from skitgubbe.studies.stats import wilson

PLAYERS = 3
CAP = 3_000  # moves; a game that reaches it is counted as capped, not as a loss


def play_one(job: tuple[int, str, int, int]) -> dict:
    """One game: whether the strong player lost, and how long each of its moves took (seconds)."""
    seed, preset, playouts, cap = job
    rules = Rules.from_spec(preset)
    game = Game.deal(PLAYERS, rules=rules, seed=seed)
    strong_seat = seed % PLAYERS
    bots = {}
    for i, name in enumerate(game.players):
        bot_seed = seed * 101 + i
        bots[name] = StrongPlayer(bot_seed, playouts=playouts) if i == strong_seat else SensiblePlayer(bot_seed)
    strong = game.players[strong_seat]
    times: list[float] = []
    decision_times: list[float] = []
    cpu_times: list[float] = []
    count = 0
    while not game.over and count < cap:
        player = game.to_play
        assert player is not None
        if player == strong:
            choices = len(game.legal_moves())
            cpu = time.process_time()
            started = time.perf_counter()
            move = bots[player].choose(game)
            seconds = time.perf_counter() - started
            cpu_times.append(time.process_time() - cpu)
            times.append(seconds)
            if choices > 1:
                decision_times.append(seconds)
        else:
            move = bots[player].choose(game)
        game.play(move, player)
        count += 1
    return {
        "seed": seed,
        "seat": strong_seat,
        "capped": not game.over,
        "lost": game.over and game.loser == strong,
        "moves": count,
        "times": times,
        "decision_times": decision_times,
        "cpu_times": cpu_times,
    }


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), linear interpolation between order statistics."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    pos = (len(ordered) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def timing(values: list[float]) -> dict:
    return {
        "count": len(values),
        "mean_ms": round(1000 * statistics.fmean(values), 2) if values else None,
        "p95_ms": round(1000 * percentile(values, 95), 2) if values else None,
        "max_ms": round(1000 * max(values), 2) if values else None,
    }


def run(games: int, first_seed: int, preset: str, playouts: int, jobs: int, cap: int = CAP) -> dict:
    work = [(seed, preset, playouts, cap) for seed in range(first_seed, first_seed + games)]
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play_one, work, chunksize=max(1, min(25, games // (4 * jobs) or 1)))
    else:
        results = [play_one(job) for job in work]
    wall = time.perf_counter() - started
    results.sort(key=lambda r: r["seed"])
    finished = [r for r in results if not r["capped"]]
    losses = sum(r["lost"] for r in finished)
    low, high = wilson(losses, len(finished))
    by_seat = []
    for seat in range(PLAYERS):
        mine = [r for r in finished if r["seat"] == seat]
        lost = sum(r["lost"] for r in mine)
        lo, hi = wilson(lost, len(mine))
        by_seat.append(
            {
                "seat": seat + 1,
                "games": len(mine),
                "losses": lost,
                "loss_rate": round(lost / len(mine), 4) if mine else None,
                "wilson95": [round(lo, 4), round(hi, 4)],
            }
        )
    all_times = [t for r in results for t in r["times"]]
    decisions = [t for r in results for t in r["decision_times"]]
    cpu = [t for r in results for t in r["cpu_times"]]
    return {
        "preset": preset,
        "players": PLAYERS,
        "opponents": "sensible",
        "playouts": playouts,
        "games": games,
        "first_seed": first_seed,
        "jobs": jobs,
        "cap": cap,
        "capped_games": [r["seed"] for r in results if r["capped"]],
        "finished_games": len(finished),
        "losses": losses,
        "loss_rate": round(losses / len(finished), 4) if finished else None,
        "wilson95": [round(low, 4), round(high, 4)],
        "by_seat": by_seat,
        "time_per_move": timing(all_times),
        "time_per_decision": timing(decisions),
        "cpu_per_move": timing(cpu),
        "wall_seconds": round(wall, 1),
        "cpu_count": os.cpu_count(),
        "engine": f"{'compiled' if skitgubbe.COMPILED else 'Python source'} from {Path(skitgubbe.__file__).parent}",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games (default 2000)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--preset", default="pagat")
    parser.add_argument(
        "--playouts",
        type=int,
        default=DEFAULT_PLAYOUTS,
        help=f"the strong player's playout budget (default {DEFAULT_PLAYOUTS})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--cap", type=int, default=CAP, help=f"move cap per game (default {CAP})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = run(args.games, args.first_seed, args.preset, args.playouts, max(1, args.jobs), args.cap)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    low, high = result["wilson95"]
    print(
        f"strong (playouts={result['playouts']}) vs 2 sensible, {result['preset']}, "
        f"{result['finished_games']} games (seeds {args.first_seed}..{args.first_seed + args.games - 1}, "
        f"{len(result['capped_games'])} capped)"
    )
    print(f"  loss rate {result['loss_rate']:.3f}  95% Wilson [{low:.3f}, {high:.3f}]  (fair share 0.333)")
    for seat in result["by_seat"]:
        print(
            f"    seat {seat['seat']}: {seat['losses']}/{seat['games']} = {seat['loss_rate']:.3f}  "
            f"[{seat['wilson95'][0]:.3f}, {seat['wilson95'][1]:.3f}]"
        )
    for label, key in (
        ("per move", "time_per_move"),
        ("per decision", "time_per_decision"),
        ("cpu per move", "cpu_per_move"),
    ):
        t = result[key]
        print(f"  time {label:12s} n={t['count']}: mean {t['mean_ms']} ms, p95 {t['p95_ms']} ms, max {t['max_ms']} ms")
    print(f"  wall {result['wall_seconds']} s with {result['jobs']} job(s); engine {result['engine']}")


if __name__ == "__main__":
    main()
