"""`simulate` of random players on the kernel against the C limit (issue 27's acceptance), in one run.

Measures, alternately and `--runs` times each, in this order every round:

- the C reference program the task set as the limit (not in this repository: give its source with `--skit-c
  FILE`, built here `gcc -O2 -march=native -o /tmp/skit FILE -lm`, or the built program with `--skit`):
  `skit GAMES SEED` prints the CPU seconds of its games (its own clock, the process's CPU time);
- `python -m skitgubbe simulate -n GAMES --players random,random,random --rules pagat` for each build given with
  `--tree` (a folder holding `skitgubbe/`: a compiled copy, or the source tree): the CPU time of the child process
  (`getrusage`), less that of the same command with `-n 1` (interpreter start and imports), per game;
- with `--engine`, the same games through `Game` (`simulate.play_game`, the path `simulate` took before the
  kernel), CPU per game in one process.

It prints the medians, the ratio of each to the C program's CPU per game, and the ratio with the start-up included
(the whole command's CPU over the games). Run from the repository:

    python benchmarks/kernel_speed.py --tree /tmp/kfull --tree . [--games 3000] [--runs 5] [--engine] [--json FILE]

To build a compiled copy: `git archive HEAD | tar -x -C /tmp/kfull && cd /tmp/kfull && python setup.py build_ext
--inplace` (the modules setup.py's COMPILED lists; a few minutes of CPU). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def child_cpu(command: list[str], env: dict[str, str] | None = None, cwd: str | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) the command's process took, and its output (run in `cwd`: `python -m` and
    `-c` put the working folder first on the import path)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def simulate_cpu(tree: str, games: int) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    command = [sys.executable, "-m", "skitgubbe", "simulate", "--players", "random,random,random", "--rules", "pagat"]
    seconds, _ = child_cpu([*command, "-n", str(games)], env, tree)
    return seconds


def engine_cpu(tree: str, games: int) -> float:
    code = (
        "import time\nfrom skitgubbe.studies.simulate import play_game\nfrom skitgubbe.rules.options import PRESETS\n"
        f"t = time.process_time()\nfor s in range({games}): play_game(['random'] * 3, PRESETS['pagat'], s)\n"
        "print(time.process_time() - t)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, PYTHONPATH=tree),
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1]) / games


def compiled(tree: str) -> bool:
    code = "import skitgubbe, skitgubbe.engine.kernel.native as k; print(skitgubbe.COMPILED, k.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, PYTHONPATH=tree),
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()[0] == "True" and not done.stdout.split()[1].endswith(".py")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], help="a folder holding skitgubbe/ (repeatable)")
    parser.add_argument("--games", type=int, default=3_000)
    parser.add_argument("--c-games", type=int, default=300_000, help="games of each C run (its own clock)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engine", action="store_true", help="also the same games through Game (play_game)")
    parser.add_argument("--skit", default="/tmp/skit", help="the built C reference (built from --skit-c if absent)")
    parser.add_argument("--skit-c", help="the C reference's source file (not part of this repository)")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not Path(args.skit).exists():
        if not args.skit_c:
            parser.error(f"{args.skit} does not exist: give the C reference's source with --skit-c FILE")
        subprocess.run(["gcc", "-O2", "-march=native", "-o", args.skit, args.skit_c, "-lm"], check=True)
    trees = [str(Path(t).resolve()) for t in args.tree or ["."]]
    kinds = {tree: "compiled" if compiled(tree) else "source" for tree in trees}
    c_per_game: list[float] = []
    per_game: dict[str, list[float]] = {tree: [] for tree in trees}
    whole: dict[str, list[float]] = {tree: [] for tree in trees}
    engine: dict[str, list[float]] = {tree: [] for tree in trees}
    for run in range(args.runs):
        _, out = child_cpu([args.skit, str(args.c_games), str(run + 1)])
        c_per_game.append(float(out.split()[2]) / args.c_games)
        for tree in trees:
            start = simulate_cpu(tree, 1)
            full = simulate_cpu(tree, args.games)
            per_game[tree].append((full - start) / (args.games - 1))
            whole[tree].append(full / args.games)
            if args.engine:
                engine[tree].append(engine_cpu(tree, min(args.games, 1_000)))
    c = statistics.median(c_per_game)
    load = os.getloadavg()[0]
    result: dict[str, Any] = {"games": args.games, "runs": args.runs, "load": round(load, 1), "c_us": c * 1e6}
    print(f"C reference: {c * 1e6:.2f} µs per game (median of {args.runs} runs of {args.c_games:,}); load {load:.1f}")
    for tree in trees:
        kernel = statistics.median(per_game[tree])
        total = statistics.median(whole[tree])
        row = {"build": kinds[tree], "us": kernel * 1e6, "ratio": kernel / c, "whole_us": total * 1e6}
        line = (
            f"{kinds[tree]:8} ({tree}): simulate {kernel * 1e6:.1f} µs per game = {kernel / c:.1f}× C "
            f"(best {min(per_game[tree]) * 1e6:.1f}); with start-up {total * 1e6:.1f} µs = {total / c:.1f}×"
        )
        if args.engine:
            through = statistics.median(engine[tree])
            row.update(engine_us=through * 1e6, engine_ratio=through / c)
            line += f"; through Game {through * 1e6:.0f} µs = {through / c:.0f}×"
        result[tree] = row
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
