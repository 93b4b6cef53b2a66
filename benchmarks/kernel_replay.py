"""The kernel's proof in full (issue 27, item 3): a thousand kernel games per preset and table size replayed
through `Game`, and the distribution of random games on the kernel against the engine's random player.

For every preset and 2–6 players:

- `--games` kernel games (default 1,000), dealt as `Game.deal(seed=...)` and played with random moves from the
  kernel's stream, each move checked by `Game` (`skitgubbe.engine.kernel.replay`): the same legal moves at every
  step (the count and the moves), every move legal, the same length and loser. Games still running at
  `--replay-cap` moves (strikt's forced cycles) are compared up to there.
- `--games` games of the engine's random players (`Game` + `RandomPlayer`, seeded as `simulate.play_game`) and as
  many random games on the kernel (`simulate.kernel_games`, its own deals and stream), both stopped at 5,000
  moves: the mean game length, the share of games stopped at the cap and each seat's loss rate compared by a
  two-sample z statistic. About 5 % of the comparisons should exceed 1.96 by chance; the verdict asks every one to
  stay below 3.5 (about 200 comparisons at p = 0.0005 each).

Which build runs is the one this interpreter imports (`PYTHONPATH`): run it once with the source tree and once
with a compiled copy (see benchmarks/kernel_speed.py). A benchmark, not a test:

    python benchmarks/kernel_replay.py [--games N] [--presets a,b] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from typing import Any

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.replay import replay_through_game
from skitgubbe.players.bots import RandomPlayer
from skitgubbe.players.loop import play_out
from skitgubbe.rules.options import PRESETS
from skitgubbe.studies.simulate import kernel_games

CAP = 5_000


def z_means(a: list[float], b: list[float]) -> float:
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return (statistics.fmean(a) - statistics.fmean(b)) / se if se else 0.0


def z_shares(k1: int, n1: int, k2: int, n2: int) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return (k1 / n1 - k2 / n2) / se if se else 0.0


def one_table(preset: str, players: int, games: int, replay_cap: int) -> dict[str, Any]:
    rules = PRESETS[preset]
    started = time.process_time()
    checked_moves = mismatches = 0
    problems: list[str] = []
    for seed in range(games):
        result = replay_through_game(rules, players, seed, cap=replay_cap)
        checked_moves += result.moves
        if result.problem:
            mismatches += 1
            problems.append(f"seed {seed}: {result.problem[:300]}")
    replay_seconds = time.process_time() - started
    names = "ABCDEF"[:players]
    engine_lengths: list[float] = []
    engine_losers = [0] * players
    engine_capped = 0
    for seed in range(games):
        game = Game.deal(players, rules=rules, seed=seed)
        play_out(game, {n: RandomPlayer(seed * 101 + i) for i, n in enumerate(game.players)}, max_moves=CAP)
        engine_lengths.append(game.move_count)
        if game.over and game.loser is not None:
            engine_losers[names.index(game.loser)] += 1
        elif not game.over:
            engine_capped += 1
    results = kernel_games(["random"] * players, rules, range(games), CAP)
    lengths = [float(r.moves) for r in results]
    losers = [sum(r.loser == n for r in results) for n in names]
    capped = sum(r.capped for r in results)
    zs = {"mean_length": z_means(lengths, engine_lengths), "capped": z_shares(capped, games, engine_capped, games)}
    finished, engine_finished = sum(losers), sum(engine_losers)
    for seat in range(players):
        if finished and engine_finished:
            zs[f"loser_seat_{seat + 1}"] = z_shares(losers[seat], finished, engine_losers[seat], engine_finished)
    return {
        "preset": preset,
        "players": players,
        "replayed_games": games,
        "checked_moves": checked_moves,
        "mismatching_games": mismatches,
        "problems": problems[:3],
        "replay_cpu_s": round(replay_seconds, 2),
        "kernel": {"mean_length": statistics.fmean(lengths), "capped": capped, "losers": losers},
        "engine": {"mean_length": statistics.fmean(engine_lengths), "capped": engine_capped, "losers": engine_losers},
        "z": {key: round(value, 2) for key, value in zs.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--replay-cap", type=int, default=2_000)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()
    import skitgubbe

    build = "compiled" if skitgubbe.COMPILED else "source"
    print(f"build: {build} ({os.path.dirname(skitgubbe.__file__)}); load {os.getloadavg()[0]:.1f}", flush=True)
    started = time.process_time()
    tables = []
    for preset in args.presets.split(","):
        for players in (int(p) for p in args.players.split(",")):
            row = one_table(preset, players, args.games, args.replay_cap)
            tables.append(row)
            worst = max(abs(z) for z in row["z"].values())
            print(
                f"{preset:16} {players}p  replayed {row['replayed_games']} games, {row['checked_moves']:>9,} moves, "
                f"{row['mismatching_games']} mismatching ({row['replay_cpu_s']} s)  mean length kernel "
                f"{row['kernel']['mean_length']:.1f} engine {row['engine']['mean_length']:.1f}  max |z| {worst:.2f}",
                flush=True,
            )
    zs = [abs(z) for row in tables for z in row["z"].values()]
    summary = {
        "build": build,
        "games_per_table": args.games,
        "tables": len(tables),
        "replayed_games": sum(row["replayed_games"] for row in tables),
        "checked_moves": sum(row["checked_moves"] for row in tables),
        "mismatching_games": sum(row["mismatching_games"] for row in tables),
        "comparisons": len(zs),
        "above_1.96": sum(z > 1.96 for z in zs),
        "max_abs_z": round(max(zs), 2),
        "cpu_s": round(time.process_time() - started, 1),
        "load": round(os.getloadavg()[0], 1),
    }
    print(json.dumps(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"summary": summary, "tables": tables}, handle, indent=1)
    return 0 if summary["mismatching_games"] == 0 and summary["max_abs_z"] < 3.5 else 1


if __name__ == "__main__":
    sys.exit(main())
