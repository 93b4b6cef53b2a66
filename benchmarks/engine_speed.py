"""Engine speed: complete 3-player games between random players under each preset.

Prints, per preset, games per second (median of several runs), moves per second and the mean game length in
moves (games per second is moves per second divided by it: the pile game of `specialkort` is as fast per move as
`pagat`, but random games on a pile last about three times as long). Run with
`python benchmarks/engine_speed.py [--games N] [--runs R] [--players P] [--presets a,b] [--json]`.
A benchmark, not a test: note the machine's load (`uptime`) beside the figures. It says whether the engine runs
compiled (mypyc, the project's normal install) or as Python source (installed with SKITGUBBE_PURE_PYTHON=1).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skitgubbe import COMPILED, PRESETS, Game
from skitgubbe.players.bots import RandomPlayer

CAP = 5_000


def run_once(preset: str, games: int, players: int, first_seed: int) -> tuple[float, int, int]:
    """Seconds taken, moves made and games that hit the move cap (forced endless cycles)."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per run (default 500)")
    parser.add_argument("--runs", type=int, default=5, help="runs per preset; the median is reported")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    engine = "compiled (mypyc)" if COMPILED else "Python source"
    results: dict[str, object] = {"engine": engine}
    if not args.json:
        print(f"engine: {engine}")
    for preset in args.presets.split(","):
        rates, move_rates, capped = [], [], 0
        for run in range(args.runs):
            seconds, moves, hit = run_once(preset, args.games, args.players, run * args.games)
            rates.append(args.games / seconds)
            move_rates.append(moves / seconds)
            capped += hit
        figures = {
            "games_per_second": round(statistics.median(rates)),
            "moves_per_second": round(statistics.median(move_rates)),
            "moves_per_game": round(statistics.median(move_rates) / statistics.median(rates)),
            "games": args.games * args.runs,
            "capped_games": capped,
        }
        results[preset] = figures
        if not args.json:
            note = f"  ({capped} games stopped at {CAP} moves without a loser)" if capped else ""
            print(
                f"{preset:16} {figures['games_per_second']:6} games/s  {figures['moves_per_second']:8} moves/s  "
                f"{figures['moves_per_game']:5} moves/game{note}"
            )
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
