"""The strong player on the kernel against today's: loss rate against two sensible players and decision time.

Each row is one player at one budget, e.g. `strong:64` (today's `StrongPlayer`, 64 playouts), `strong-kernel:512`
(`KernelStrongPlayer`, 512 deals, every candidate move played out on each) or `strong-kernel-s:0.02` (the kernel
player with a time budget of 0.02 s and a ceiling of 100,000 deals). Every row plays the same seeded 3-player
games under a preset (default `pagat`): game `seed` seats the player at seat `seed % 3`, sensible players (seeds
`seed * 101 + i`, as benchmarks/strong_player.py) in the other two. Printed per row: the loss rate over the games
that ended, with its 95 % Wilson interval (a fair share is 1/3), and the CPU time per decision (moves with more
than one legal move: median, p95, mean) and, for the kernel player, the mean games played out per decision (fewer
than deals × moves after the early stop). `--decisions N` times only the first N decisions of each game (to
measure the Python source on a few games). A benchmark, not a test:

    python benchmarks/kernel_strong.py --rows strong:64,strong-kernel:64 [--games N] [--first-seed S] [--json F]

Which build plays: `SKITGUBBE_ENGINE_PATH` (or `PYTHONPATH`) set to a folder holding a compiled copy (see
benchmarks/kernel_speed.py: `git archive HEAD | tar -x -C /tmp/k && cd /tmp/k && python setup.py build_ext
--inplace`) or to this checkout (Python source); the output names it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("SKITGUBBE_ENGINE_PATH") or str(Path(__file__).resolve().parent.parent))

import skitgubbe
from skitgubbe.engine.game import Game
from skitgubbe.players.bots import Player, SensiblePlayer
from skitgubbe.players.budget import Budget
from skitgubbe.players.kernel_strong import KernelStrongPlayer
from skitgubbe.players.strong import StrongPlayer
from skitgubbe.rules import Rules
from skitgubbe.studies.stats import wilson

PLAYERS = 3
CAP = 3_000  # moves; a game that reaches it is counted as capped, not as a loss


def make(row: str, seed: int) -> Player:
    kind, _, budget = row.partition(":")
    if kind == "strong":
        return StrongPlayer(seed, playouts=int(budget))
    if kind == "strong-kernel":
        return KernelStrongPlayer(seed, Budget(playouts=int(budget)))
    if kind == "strong-kernel-s":
        return KernelStrongPlayer(seed, Budget(playouts=100_000, seconds=float(budget)))
    raise SystemExit(f"unknown row {row!r}")


def play_one(row: str, seed: int, preset: str, decisions: int | None) -> dict:
    rules = Rules.from_spec(preset)
    game = Game.deal(PLAYERS, rules=rules, seed=seed)
    seat = seed % PLAYERS
    bots: dict[str, Player] = {}
    for i, name in enumerate(game.players):
        bots[name] = make(row, seed * 101 + i) if i == seat else SensiblePlayer(seed * 101 + i)
    me = game.players[seat]
    cpu: list[float] = []
    games: list[int] = []
    count = 0
    while not game.over and count < CAP:
        player = game.to_play
        assert player is not None
        if player == me and len(game.legal_moves()) > 1:
            if decisions is not None and len(cpu) >= decisions:
                break
            started = time.process_time()
            move = bots[player].choose(game)
            cpu.append(time.process_time() - started)
            bot = bots[player]
            if isinstance(bot, KernelStrongPlayer):
                games.append(bot.games)
        else:
            move = bots[player].choose(game)
        game.play(move, player)
        count += 1
    return {"seed": seed, "over": game.over, "lost": game.over and game.loser == me, "cpu": cpu, "games": games}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    pos = (len(ordered) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def run_row(row: str, seeds: range, preset: str, decisions: int | None) -> dict:
    began = time.perf_counter()
    results = [play_one(row, seed, preset, decisions) for seed in seeds]
    finished = [r for r in results if r["over"]]
    losses = sum(r["lost"] for r in finished)
    low, high = wilson(losses, len(finished))
    cpu = [t for r in results for t in r["cpu"]]
    played = [g for r in results for g in r["games"]]
    return {
        "row": row,
        "games": len(results),
        "finished": len(finished) if decisions is None else None,
        "losses": losses if decisions is None else None,
        "loss_rate": round(losses / len(finished), 4) if finished and decisions is None else None,
        "wilson95": [round(low, 4), round(high, 4)] if decisions is None else None,
        "lost_seeds": [r["seed"] for r in finished if r["lost"]] if decisions is None else None,
        "decisions": len(cpu),
        "cpu_median_ms": round(1000 * statistics.median(cpu), 2) if cpu else None,
        "cpu_p95_ms": round(1000 * percentile(cpu, 95), 2) if cpu else None,
        "cpu_mean_ms": round(1000 * statistics.fmean(cpu), 2) if cpu else None,
        "games_per_decision": round(statistics.fmean(played), 1) if played else None,
        "wall_seconds": round(time.perf_counter() - began, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="strong:64,strong-kernel:64,strong-kernel:128,strong-kernel:512")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--decisions", type=int, default=None, help="time only the first N decisions of each game")
    parser.add_argument("--json", default=None, help="write the rows to this JSON file")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.games)
    build = f"{'compiled' if skitgubbe.COMPILED else 'Python source'} from {Path(skitgubbe.__file__).parent}"
    print(f"{args.preset}, 3 players, seeds {seeds.start}..{seeds.stop - 1}; {build}", flush=True)
    rows = []
    for row in args.rows.split(","):
        result = run_row(row, seeds, args.preset, args.decisions)
        rows.append(result)
        if result["loss_rate"] is not None:
            low, high = result["wilson95"]
            loss = f"loss {result['losses']}/{result['finished']} = {100 * result['loss_rate']:.1f} %"
            loss += f" [{100 * low:.1f}, {100 * high:.1f}]"
        else:
            loss = "(timing only)"
        print(
            f"{row:22s} {loss}; decision CPU median {result['cpu_median_ms']} ms, p95 {result['cpu_p95_ms']} ms "
            f"(n={result['decisions']}); games/decision {result['games_per_decision']}; {result['wall_seconds']} s",
            flush=True,
        )
    if args.json:
        load = os.getloadavg()
        out = {"preset": args.preset, "first_seed": args.first_seed, "build": build, "load": load, "rows": rows}
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
