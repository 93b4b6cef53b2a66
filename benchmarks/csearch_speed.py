"""The C search (csearch.c) alone: one build against another on the reader's own decisions, alternately in one run.

First it records positions: seeded 3-player games (`pagat` unless `--preset`) in which the reader's strong
(`registry.reader_player("strong", seed)`) sits at seat `seed % 3` beside two sensible players, as
benchmarks/reader_strong.py plays them; every search the player hands to the C side is kept as its packed input
words. Then each build searches every kept position with its whole budget in one call, the builds taking turns
position by position for `--rounds` rounds; a position's time is its fastest round in each build. Printed: the
median, p95 and max per decision in each build, their ratios, and whether both builds wrote the same figures for
every position (they must, unless the change was meant to alter the search). A benchmark, not a test:

    python benchmarks/csearch_speed.py --before-rev HEAD [--games 40] [--rounds 3] [--json F]

`--before-rev REV` compiles csearch.c as it is at that git revision; `--before FILE.c` takes a file instead. The
"after" build is csearch.c in the working tree, compiled here with the flags setup.py uses (not `_csearch.so`,
which may be older). Both are loaded with ctypes, as native.py loads `_csearch.so`.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("SKITGUBBE_ENGINE_PATH") or str(ROOT))

from skitgubbe.engine.game import Game  # noqa: E402
from skitgubbe.engine.kernel import native  # noqa: E402
from skitgubbe.players.bots import SensiblePlayer  # noqa: E402
from skitgubbe.players.registry import reader_player  # noqa: E402
from skitgubbe.rules import Rules  # noqa: E402

SOURCE = ROOT / "skitgubbe/engine/kernel/csearch.c"
#: the flags setup.py's build_native uses
GCC_FLAGS = ["-O2", "-fPIC", "-shared", "-ffreestanding", "-nostdlib", "-fno-stack-protector"]
PLAYERS = 3
CAP = 3_000


def compile_library(source: Path, target: Path) -> Path:
    subprocess.run([os.environ.get("CC", "gcc"), *GCC_FLAGS, "-o", str(target), str(source)], check=True)
    return target


def load(library: Path) -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    fn = ctypes.PyDLL(str(library)).sg_evaluate
    words = ctypes.POINTER(ctypes.c_int64)
    fn.argtypes = [words, ctypes.c_int, words, ctypes.c_int]
    fn.restype = ctypes.c_int
    return fn


def record(games: int, preset: str, first_seed: int) -> list[tuple[list[int], int]]:
    """The packed input of every search the reader's strong runs in the seeded games, with its candidates' count."""
    kept: list[tuple[list[int], int]] = []
    native._load()
    runner = native._RUNNER[0]
    if runner is None:
        raise SystemExit("no native search here (_csearch.so missing): run `make setup` or `python setup.py native`")

    def recording(data: bytes, out: bytes) -> tuple[int, bytes]:
        words = array("q")
        words.frombytes(data)
        count = (len(out) // 8 - 3) // 3
        if words[len(words) - 1 - count - 2] == 0:  # deal_from 0: a new search
            kept.append((list(words), count))
        return runner(data, out)

    native._RUNNER[0] = recording
    try:
        for seed in range(first_seed, first_seed + games):
            game = Game.deal(PLAYERS, rules=Rules.from_spec(preset), seed=seed)
            seat = seed % PLAYERS
            bots = {
                name: reader_player("strong", seed * 101 + i) if i == seat else SensiblePlayer(seed * 101 + i)
                for i, name in enumerate(game.players)
            }
            while not game.over and game.move_count < CAP:
                player = game.to_play
                assert player is not None
                game.play(bots[player].choose(game), player)
    finally:
        native._RUNNER[0] = runner
    return kept


def whole_budget(words: list[int], count: int) -> tuple[ctypes.Array[ctypes.c_int64], int]:
    """The input as one call for the whole budget (deal_from 0, deal_to the budget) and the output's size."""
    at = len(words) - 1 - count - 2  # deal_from, as native.search finds it
    words = list(words)
    words[at + 1] = words[at - 3]  # deal_to = budget
    return (ctypes.c_int64 * len(words))(*words), 3 + 3 * count


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo, hi = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summary(times: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(1000 * statistics.median(times), 3),
        "p95_ms": round(1000 * percentile(times, 95), 3),
        "max_ms": round(1000 * max(times), 3),
        "total_s": round(sum(times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-rev", default=None, help="git revision whose csearch.c is the 'before' build")
    parser.add_argument("--before", default=None, help="a csearch.c file as the 'before' build")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="csearch-speed-"))
    if args.before:
        before_source = Path(args.before)
    elif args.before_rev:
        before_source = work / "before.c"
        text = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{args.before_rev}:skitgubbe/engine/kernel/csearch.c"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        before_source.write_text(text, encoding="utf-8")
    else:
        raise SystemExit("give --before-rev REV or --before FILE.c")
    builds = {
        "before": load(compile_library(before_source, work / "before.so")),
        "after": load(compile_library(SOURCE, work / "after.so")),
    }
    began = time.perf_counter()
    positions = record(args.games, args.preset, args.first_seed)
    print(f"{len(positions)} searches recorded from {args.games} games ({time.perf_counter() - began:.1f} s)")
    print(f"load average before timing: {os.getloadavg()}", flush=True)
    best: dict[str, list[float]] = {name: [float("inf")] * len(positions) for name in builds}
    outputs: dict[str, list[bytes]] = {name: [b""] * len(positions) for name in builds}
    for round_no in range(args.rounds):
        for i, (words, count) in enumerate(positions):
            order = list(builds) if (i + round_no) % 2 == 0 else list(reversed(builds))
            for name in order:
                data, size = whole_budget(words, count)
                out = (ctypes.c_int64 * size)()
                started = time.perf_counter()
                rc = builds[name](data, len(data), out, size)
                elapsed = time.perf_counter() - started
                if rc < 0:
                    raise SystemExit(f"{name}: position {i} refused (code {rc})")
                best[name][i] = min(best[name][i], elapsed)
                outputs[name][i] = bytes(out)
    rows = {name: summary(times) for name, times in best.items()}
    same = sum(outputs["before"][i] == outputs["after"][i] for i in range(len(positions)))
    ratio = {key: round(rows["after"][key] / rows["before"][key], 3) for key in rows["before"]}
    for name, row in rows.items():
        print(
            f"{name:7s} median {row['median_ms']} ms, p95 {row['p95_ms']} ms, max {row['max_ms']} ms, "
            f"total {row['total_s']} s"
        )
    print(f"after / before: {ratio}; same figures in {same} of {len(positions)} positions")
    print(f"load average after: {os.getloadavg()}")
    if args.json:
        result = {
            "positions": len(positions),
            "games": args.games,
            "rounds": args.rounds,
            "rows": rows,
            "ratio": ratio,
            "same_figures": same,
            "before": args.before_rev or args.before,
        }
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
