"""`simulate` refuses nonsense counts (exit 2 naming the option), streams its seeds, and uses at
most one worker per game and per core."""

from __future__ import annotations

import json
import os

import pytest
from reliability import cli

from skitgubbe.rules.options import PRESETS
from skitgubbe.studies.simulate import simulate, worker_count

CASES = [
    (["-n", "99999999999999999999"], "argument -n/--games: must be 1 to 1,000,000,000, not 99999999999999999999"),
    (["-n", "0"], "argument -n/--games: must be 1 to"),
    (["-n", "-3"], "argument -n/--games: must be 1 to"),
    (["-n", "ten"], "argument -n/--games: 'ten' is not a whole number"),
    (["--max-moves", "0"], "argument --max-moves: must be 1 to"),
    (["--max-moves", "-1"], "argument --max-moves: must be 1 to"),
    (["--jobs", "0"], "argument --jobs: must be 1 to 1,024, not 0"),
    (["--jobs", "-1"], "argument --jobs: must be 1 to"),
    (["--seed", "-1"], "argument --seed: must be 0 or more, not -1"),
    (["--players", "random"], "--players: give 2 to 6 kinds"),
    (["--players", "random,nobody"], "nobody"),
    (["--rules", "nope"], "unknown preset 'nope'"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args, message", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_nonsense_is_refused(args: list[str], message: str) -> None:
    run = cli(["simulate", *args])
    run.assert_clean()
    assert run.status == 2
    assert message in run.err, run.err


def test_jobs_are_capped_at_the_games_and_the_cores() -> None:
    assert worker_count(100, 2) == min(2, os.cpu_count() or 1)
    assert worker_count(100, 1000) == (os.cpu_count() or 1)
    assert worker_count(1, 1000) == 1
    run = cli(["simulate", "-n", "2", "--jobs", "100", "--json"])
    assert run.status == 0, run.err
    assert json.loads(run.out)["games"] == 2


def test_the_summary_does_not_depend_on_jobs() -> None:
    kinds = ["random", "sensible", "random"]
    one = simulate(kinds, PRESETS["pagat"], 40, 7).to_dict()
    two = simulate(kinds, PRESETS["pagat"], 40, 7, jobs=2).to_dict()
    for summary in (one, two):
        summary.pop("games_per_second")
    assert one == two


def test_seeds_are_streamed_not_built_up_front() -> None:
    """Seeds come from a generator of consecutive ranges, made on demand: a run of 10**9 games never holds a list
    of 10**9 seeds (it held one before its first game)."""
    from skitgubbe.studies import simulate as module

    chunks = module._chunks(0, 10**9, 64)
    first = next(chunks)
    assert first == range(64)
    assert next(chunks) == range(64, 128)  # made on demand: no list of 10**9 seeds exists
