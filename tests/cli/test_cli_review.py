"""`python -m skitgubbe review RECORD`: the strong search's review of one seat's moves, as the live page says it;
a bad file or argument is said in one line and exits 2, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, cli

from skitgubbe.engine.game import Game
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.records.record import GameRecord


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    game = Game.deal(3, seed=5)
    play_out(game, {n: make_player("random" if n == "A" else "sensible", i) for i, n in enumerate(game.players)})
    path = tmp_path / "game.json"
    GameRecord.of(game, seed=5).save(path)
    return path


@pytest.mark.parametrize(
    ("lang", "title", "severity"),
    [("sv", "Granskning av dragen för B", "Drag "), ("en", "Review of the moves of B", "Move ")],
)
def test_review_prints_every_move_with_a_choice_then_the_summary_and_the_method(
    record_file: Path, lang: str, title: str, severity: str
) -> None:
    result = cli("review", str(record_file), "--lang", lang, "--seat", "B", "--playouts", "6")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == title
    moves = [line for line in lines if line.startswith(severity)]
    assert moves and all("[" in line and "]" in line for line in moves)
    assert ("granskade drag" if lang == "sv" else "reviewed moves") in lines[-2]
    assert ("högst 6 per drag" if lang == "sv" else "at most 6 per move") in lines[-1]
    again = cli("review", str(record_file), "--lang", lang, "--seat", "B", "--playouts", "6")
    assert [line for line in again.stdout.splitlines() if line.startswith(severity)] == moves  # seeded: the same


def test_review_defaults_to_the_first_seat(record_file: Path) -> None:
    result = cli("review", str(record_file), "--playouts", "2")
    assert result.returncode == 0 and result.stdout.startswith("Review of the moves of A\n")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{", "bad record"),
        ('{"rules": "pagat", "players": ["A", "B", "C"], "seed": 1, "moves": ["A: 2C"]}', "moves[0]"),
        ('{"rules": "nope", "players": ["A", "B"], "seed": 1, "moves": []}', "bad record"),
        ("[1, 2]", "bad record"),
    ],
)
def test_a_bad_record_is_said_in_one_line_and_exits_2(tmp_path: Path, content: str, said: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = cli("review", str(path))
    assert result.returncode == 2 and said in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_missing_file_an_unknown_seat_and_bad_budgets_exit_2(record_file: Path, tmp_path: Path) -> None:
    missing = cli("review", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "none.json" in missing.stderr
    seat = cli("review", str(record_file), "--seat", "Q", "--lang", "sv")
    assert seat.returncode == 2 and "Q" in seat.stderr and "A, B, C" in seat.stderr
    for bad in (["--playouts", "0"], ["--seconds", "-1"], ["--seconds", "soon"]):
        result = cli("review", str(record_file), *bad)
        assert result.returncode == 2 and "Traceback" not in result.stderr, bad


def test_a_record_from_standard_input(record_file: Path) -> None:
    text = record_file.read_text(encoding="utf-8")
    assert json.loads(text)["seed"] == 5
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "skitgubbe", "review", "-", "--playouts", "2"]
    result = subprocess.run(command, input=text, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert result.returncode == 0 and "Review of the moves of A" in result.stdout, result.stderr
