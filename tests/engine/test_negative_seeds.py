"""`seed n` and `seed -n` dealt the same cards (Python's `random.Random` uses the absolute
value). Seeds are 0 or more now: a negative one is refused by the engine, in records and on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reliability import cli

from skitgubbe import Game
from skitgubbe.errors import RecordError
from skitgubbe.records.record import GameRecord


@pytest.mark.parametrize("seed", [-1, -7, -(2**70)])
def test_the_engine_refuses_a_negative_seed(seed: int) -> None:
    with pytest.raises(ValueError, match=f"seed: must be an integer 0 or more, not {seed}"):
        Game.deal(3, seed=seed)


def test_different_seeds_deal_different_cards() -> None:
    deals = {tuple(str(c) for p in "ABC" for c in Game.deal(3, seed=s).hand(p)) for s in range(50)}
    assert len(deals) == 50


@pytest.mark.parametrize("seed", [-1, -12345])
def test_a_record_with_a_negative_seed_is_refused(tmp_path: Path, seed: int) -> None:
    data = {"rules": "pagat", "players": ["A", "B"], "seed": seed, "moves": []}
    with pytest.raises(RecordError, match=f"seed: must be 0 or more, not {seed}"):
        GameRecord.load(data)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    run = cli(["replay", str(path)])
    run.assert_clean()
    assert run.status == 2 and f"bad record: seed: must be 0 or more, not {seed}" in run.err, run.err


@pytest.mark.parametrize("command", [["simulate", "-n", "1"], ["play"]])
def test_the_command_line_refuses_a_negative_seed(command: list[str]) -> None:
    run = cli([*command, "--seed", "-3"], stdin="quit\n")
    run.assert_clean()
    assert run.status == 2
    assert "argument --seed: must be 0 or more, not -3" in run.err, run.err


def test_seed_zero_is_a_seed() -> None:
    assert cli(["simulate", "-n", "1", "--seed", "0"]).status == 0
