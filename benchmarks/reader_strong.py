"""The reader's strong opponent: the native search (csearch.c) at several budgets against today's strong player.

Each row is one player at one budget: `native:512` (`KernelStrongPlayer` searching in C, 512 deals, every candidate
move played out on each), `native-s:0.02` (the C search with a time budget of 0.02 s and a ceiling of 100,000
deals), `reader` (what the live game's "strong" plays: `registry.reader_player("strong", seed)`) or `strong:64`
(today's `StrongPlayer`, 64 playouts, the CLI's `strong`). Every row plays the same seeded games under a preset
(default `pagat`) and table size (`--players`, default 3): game `seed` seats the player at seat `seed % players`,
sensible players (seeds `seed * 101 + i`) in the others, as benchmarks/kernel_strong.py does. Printed per row: the loss rate over the games that ended,
with its 95 % Wilson interval, and the CPU time per decision (moves with more than one legal move: median, p95).
A row may give its own number of games after `@` (`strong:512@100`). A benchmark, not a test:

    python benchmarks/reader_strong.py --rows native:64,native:128,native:256,native:512 [--games N] [--json F]

The C search needs `_csearch.so` (`make setup`, or `python setup.py native`); without it this script stops.
Which Python build runs the rest: `SKITGUBBE_ENGINE_PATH` (or `PYTHONPATH`), as in benchmarks/kernel_strong.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("SKITGUBBE_ENGINE_PATH") or str(Path(__file__).resolve().parent.parent))

import skitgubbe
from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import native
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
    if kind == "native":
        return KernelStrongPlayer(seed, Budget(playouts=int(budget)))
    if kind == "capped":  # capped:DEALS/GAMES[/Z2]: at most GAMES playouts a decision, the statistical drop at Z2
        deals, games, *z2 = budget.split("/")
        return KernelStrongPlayer(seed, Budget(playouts=int(deals), games=int(games), drop_z2=int(z2[0]) if z2 else 0))
    if kind == "native-s":
        return KernelStrongPlayer(seed, Budget(playouts=100_000, seconds=float(budget)))
    if kind == "reader":
        from skitgubbe.players.registry import reader_player

        return reader_player("strong", seed)
    raise SystemExit(f"unknown row {row!r}")


def play_one(row: str, seed: int, preset: str, players: int = PLAYERS) -> dict:
    game = Game.deal(players, rules=Rules.from_spec(preset), seed=seed)
    seat = seed % players
    bots = {
        name: make(row, seed * 101 + i) if i == seat else SensiblePlayer(seed * 101 + i)
        for i, name in enumerate(game.players)
    }
    me = game.players[seat]
    cpu: list[float] = []
    count = 0
    while not game.over and count < CAP:
        player = game.to_play
        assert player is not None
        if player == me and len(game.legal_moves()) > 1:
            started = time.process_time()
            move = bots[player].choose(game)
            cpu.append(time.process_time() - started)
        else:
            move = bots[player].choose(game)
        game.play(move, player)
        count += 1
    return {"seed": seed, "over": game.over, "lost": game.over and game.loser == me, "cpu": cpu}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo, hi = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _play_job(job: tuple[str, int, str, int]) -> dict:
    return play_one(*job)


def run_row(row: str, seeds: range, preset: str, jobs: int = 1, players: int = PLAYERS) -> dict:
    began = time.perf_counter()
    work = [(row, seed, preset, players) for seed in seeds]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:  # each decision's CPU time is its own process's
            results = pool.map(_play_job, work, chunksize=8)
    else:
        results = [_play_job(job) for job in work]
    finished = [r for r in results if r["over"]]
    losses = sum(r["lost"] for r in finished)
    low, high = wilson(losses, len(finished))
    cpu = [t for r in results for t in r["cpu"]]
    return {
        "row": row,
        "games": len(results),
        "finished": len(finished),
        "losses": losses,
        "loss_rate": round(losses / len(finished), 4) if finished else None,
        "wilson95": [round(low, 4), round(high, 4)],
        "lost_seeds": [r["seed"] for r in finished if r["lost"]],
        "decisions": len(cpu),
        "cpu_median_ms": round(1000 * statistics.median(cpu), 2) if cpu else None,
        "cpu_p95_ms": round(1000 * percentile(cpu, 95), 2) if cpu else None,
        "cpu_max_ms": round(1000 * max(cpu), 2) if cpu else None,
        "wall_seconds": round(time.perf_counter() - began, 1),
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="native:512,native:1024,reader,strong:64@200")
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--players", type=int, default=PLAYERS, help="table size (the row's player and sensible ones)")
    parser.add_argument("--json", default=None, help="write the rows to this JSON file")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (CPU per decision is measured in each)")
    args = parser.parse_args()
    if not native.available():
        raise SystemExit("no native search here (_csearch.so missing): run `make setup` or `python setup.py native`")
    build = f"{'compiled' if skitgubbe.COMPILED else 'Python source'} from {Path(skitgubbe.__file__).parent}"
    print(
        f"{args.preset}, {args.players} players, first seed {args.first_seed}; {build}; native backend {native.backend()}"
    )
    print(f"load average before: {os.getloadavg()}", flush=True)
    rows = []
    for spec in args.rows.split(","):
        row, _, games = spec.partition("@")
        seeds = range(args.first_seed, args.first_seed + (int(games) if games else args.games))
        result = run_row(row, seeds, args.preset, args.jobs, args.players)
        rows.append(result)
        low, high = result["wilson95"]
        loss = f"loss {result['losses']}/{result['finished']} = {100 * (result['loss_rate'] or 0):.2f} %"
        print(
            f"{row:16s} {loss} [{100 * low:.2f}, {100 * high:.2f}]; decision CPU median {result['cpu_median_ms']} ms,"
            f" p95 {result['cpu_p95_ms']} ms, max {result['cpu_max_ms']} ms (n={result['decisions']});"
            f" {result['wall_seconds']} s; load {result['load_after']}",
            flush=True,
        )
    if args.json:
        out = {
            "preset": args.preset,
            "players": args.players,
            "first_seed": args.first_seed,
            "build": build,
            "rows": rows,
        }
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
