"""The `python -m skitgubbe` contract (check, simulate, replay) and record files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import KLOVER_9, CliResult, cli

from skitgubbe import Game, Rules, RulesError
from skitgubbe.errors import RecordError
from skitgubbe.records.record import GameRecord


def run(*args: str, cwd: Path | None = None) -> CliResult:
    return cli(*args, cwd=cwd)


def test_the_installed_command_runs() -> None:
    # the one real process: `python -m skitgubbe` as a user runs it (every other CLI test calls main in-process)
    result = subprocess.run([sys.executable, "-m", "skitgubbe", "rules"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "pagat" in result.stdout


@pytest.fixture
def case_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    def write(data: object, name: str = "case.json") -> Path:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return path

    return write


def test_check_klover_9_text(case_file) -> None:  # type: ignore[no-untyped-def]
    result = run("check", str(case_file(KLOVER_9)))
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line[:2] in {f"{i}." for i in range(1, 6)}]
    assert len(lines) == 5 and all("legal" in line and "[p2." in line for line in lines)
    sv = run("check", str(case_file(KLOVER_9)), "--lang", "sv")
    assert "tillåtet" in sv.stdout and "renons i klöver" in sv.stdout


def test_check_klover_9_json_shape(case_file) -> None:  # type: ignore[no-untyped-def]
    result = run("check", str(case_file(KLOVER_9)), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"rules", "moves", "state"}
    assert data["rules"] == Rules.from_spec("kortspelsregler").to_dict()
    assert [set(m) for m in data["moves"]] == [{"move", "player", "legal", "rule", "explanation"}] * 5
    assert [m["legal"] for m in data["moves"]] == [True] * 5
    assert data["moves"][1] == {**data["moves"][1], "move": "QC KC AC", "player": "B", "rule": "p2.sequence"}
    state = data["state"]
    assert set(state) == {"phase", "to_play", "trump", "hands", "table", "won", "talon", "trump_card", "out", "loser"}
    assert state["phase"] == 2 and state["to_play"] == "B" and state["trump"] == "H" and state["table"] == []
    assert sorted(state["hands"]["C"]) == sorted(["10C", "JC", "QC", "KC", "AC", "5D"])
    assert state["trump_card"] is None and state["out"] == [] and state["loser"] is None


def test_check_illegal_exits_1_and_stops(case_file) -> None:  # type: ignore[no-untyped-def]
    result = run("check", str(case_file({**KLOVER_9, "rules": "pagat"})), "--json")
    assert result.returncode == 1
    moves = json.loads(result.stdout)["moves"]
    assert [m["legal"] for m in moves] == [True, False] and moves[1]["rule"] == "p2.one-card"
    state = json.loads(result.stdout)["state"]
    assert state["table"] == [["A", ["9C"]]] and state["to_play"] == "B"


def test_check_rules_object_with_override(case_file) -> None:  # type: ignore[no-untyped-def]
    case = {
        **KLOVER_9,
        "rules": {
            "preset": "pagat",
            "sequences": True,
            "trick_complete": "plays",
            "follow_suit": True,
            "pick_up": "last-play",
        },
    }
    assert run("check", str(case_file(case))).returncode == 0


@pytest.mark.parametrize(
    "mutate, where",
    [
        (lambda c: "{not json", "bad JSON"),
        (lambda c: {**c, "hands": {**c["hands"], "A": ["9C", "4H", "ZZ"]}}, "hands.A[2]"),
        (lambda c: {**c, "hands": {**c["hands"], "A": ["9C", "4H", "QC"]}}, "appears twice"),
        (lambda c: {**c, "hands": {**c["hands"], "D": ["2D"]}}, "hands.D"),
        (lambda c: {**c, "moves": ["X: 9C"]}, "moves[0]"),
        (lambda c: {**c, "to_play": "Z"}, "to_play"),
        (lambda c: {**c, "rules": "nosuch"}, "unknown preset"),
        (lambda c: {**c, "rules": {"preset": "pagat", "colour": 1}}, "unknown rule option"),
        (lambda c: {**c, "rules": {"preset": "pagat", "sequences": True}}, "cannot go together"),
        (lambda c: {**c, "trump": "X"}, "trump"),
        (lambda c: {**c, "phase": 3}, "phase"),
        (lambda c: {**c, "surprise": 1}, "surprise"),
    ],
)
def test_bad_case_files_exit_2_naming_the_place(case_file, mutate, where) -> None:  # type: ignore[no-untyped-def]
    result = run("check", str(case_file(mutate(KLOVER_9))))
    assert result.returncode == 2, result.stdout
    assert where in result.stderr and result.stdout == ""


def test_phase1_case_through_phase_change(case_file) -> None:  # type: ignore[no-untyped-def]
    case = {
        "rules": "pagat",
        "players": ["A", "B", "C"],
        "phase": 1,
        "hands": {"A": ["9C"], "B": ["2D", "3D"], "C": []},
        "won": {"A": ["KC"]},
        "trump_card": {"player": "C", "card": "5H"},
        "to_play": "A",
        "moves": ["A: 9C", "B: 2D"],
    }
    result = run("check", str(case_file(case)), "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)["state"]
    assert state["phase"] == 2 and state["trump"] == "H" and state["to_play"] == "C"
    assert sorted(state["hands"]["A"]) == ["2D", "9C", "KC"] and state["trump_card"] is None


def test_simulate_json_and_help() -> None:
    result = run("simulate", "-n", "20", "--players", "random,sensible,random", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 20 and sum(p["losses"] for p in data["players"]) + len(data["capped_games"]) == 20
    again = json.loads(
        run("simulate", "-n", "20", "--players", "random,sensible,random", "--seed", "3", "--json").stdout
    )
    assert {k: v for k, v in again.items() if k != "games_per_second"} == {
        k: v for k, v in data.items() if k != "games_per_second"
    }
    parallel = json.loads(
        run(
            "simulate", "-n", "20", "--players", "random,sensible,random", "--seed", "3", "--json", "--jobs", "2"
        ).stdout
    )
    assert {k: v for k, v in parallel.items() if k != "games_per_second"} == {
        k: v for k, v in data.items() if k != "games_per_second"
    }
    for command in ("check", "simulate", "play", "replay"):
        assert run(command, "--help").returncode == 0


def test_replay_cli_and_record_round_trip(tmp_path: Path) -> None:
    game = Game.deal(3, seed=9)
    for _ in range(30):
        game.play(game.legal_moves()[0])
    record = GameRecord.of(game, seed=9)
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    result = run("replay", str(path), "--lang", "sv")
    assert result.returncode == 0 and result.stdout.count("\n") > 30


def test_record_errors_name_the_field(tmp_path: Path) -> None:
    base = GameRecord.of(Game.deal(3, seed=1), seed=1).to_dict()
    for data, where in [
        ({**base, "seed": "x"}, "seed"),
        ({**base, "moves": ["A: ZZ"]}, "moves[0]"),
        ({**base, "moves": ["B: 2C"]}, "moves[0]"),
        ({**base, "players": "ABC"}, "players"),
        ({k: v for k, v in base.items() if k != "seed"}, "seed"),
    ]:
        with pytest.raises(RecordError) as caught:
            GameRecord.load(data)
        assert caught.value.where == where


def test_terminal_play_runs_a_game_to_its_end() -> None:
    script = "\n".join(["moves", "rules", "bogus"] + ["pick up", "chansa"] + ["quit"]) + "\n"
    result = cli("play", "--seed", "4", stdin=script)
    assert result.returncode == 0 and "You are A" in result.stdout and "p1." in result.stdout


def test_rules_are_validated() -> None:
    with pytest.raises(RulesError):
        Rules(sequences=True)
    with pytest.raises(RulesError):
        Rules.from_spec({"preset": "pagat", "pick_up": "everything"})
