"""Unbounded work. A case or record lists at most `MAX_MOVES` (10,000) moves; a longer one is
refused at once, with a message naming the count and the limit, by `check`, `check --compare`, `replay`, the
session's `check` and a take-over. A case at the limit is still judged under every preset.

The long case is a legal forced cycle under strikt (found by playing seed 3 at random for 3,000 moves: from then
on every move is the only legal one), extended to the length wanted."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from reliability import cli

from skitgubbe import Game
from skitgubbe.players.bots import RandomPlayer
from skitgubbe.players.loop import play_out
from skitgubbe.records.record import MAX_MOVES, GameRecord
from skitgubbe.session import check_case
from skitgubbe.views.controllers import PlayController


def _cycle(moves: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A phase-2 case of `moves` forced moves under strikt, and the record of the same game."""
    game = Game.deal(3, rules="strikt", seed=3)
    play_out(game, {p: RandomPlayer(3 + i) for i, p in enumerate(game.players)}, max_moves=3000)
    state = game.state.to_dict()
    case: dict[str, Any] = {
        "rules": "strikt",
        "players": list(game.players),
        "phase": 2,
        "trump": state["trump"],
        "hands": state["hands"],
        "to_play": state["to_play"],
        "table": state["table"],
        "out": state["out"],
        "moves": [],
    }
    for _ in range(moves):
        (move,) = game.legal_moves()  # forced: the cycle has one legal move at every turn
        player = game.to_play
        assert player is not None
        game.play(move, player)
        case["moves"].append(f"{player}: {move}")
    record = GameRecord.of(game, seed=3).to_dict()
    return case, record


@pytest.fixture(scope="module")
def long(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("long")
    case, record = _cycle(MAX_MOVES + 1)
    paths = {"case": folder / "case.json", "record": folder / "record.json", "limit": folder / "limit.json"}
    paths["case"].write_text(json.dumps(case), encoding="utf-8")
    paths["record"].write_text(json.dumps(record), encoding="utf-8")
    paths["limit"].write_text(json.dumps({**case, "moves": case["moves"][:MAX_MOVES]}), encoding="utf-8")
    return paths


NEEDLE = "moves: 10,001 moves; a case or record holds at most 10,000"


@pytest.mark.parametrize("command", [["check"], ["check", "--compare"], ["check", "--json"]])
def test_a_case_over_the_limit_is_refused_at_once(long: dict[str, Path], command: list[str]) -> None:
    started = time.monotonic()
    run = cli([*command, str(long["case"])])
    assert run.status == 2 and NEEDLE in run.err, (run.status, run.err[-500:])
    assert time.monotonic() - started < 30  # it was judged for minutes (69 s and 2.1 GB at 3.3 MB)


def test_a_record_over_the_limit_is_refused(long: dict[str, Path]) -> None:
    run = cli(["replay", str(long["record"])])
    assert run.status == 2 and "moves: " in run.err and "at most 10,000" in run.err, run.err[-500:]


def test_the_session_and_a_take_over_refuse_a_case_over_the_limit(long: dict[str, Path]) -> None:
    case = json.loads(long["case"].read_text(encoding="utf-8"))
    answer = check_case(case, "sv")
    # Swedish groups digits with a narrow no-break space
    assert answer["ok"] is False and "rymmer högst 10\u202f000" in answer["error"], answer
    controller = PlayController("en", {"take_over": {"case": case, "upto": 3}})
    assert "at most 10,000" in controller.model["message"], controller.model
    assert controller.session.game is None


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_case_at_the_limit_is_still_judged_under_every_preset(long: dict[str, Path]) -> None:
    run = cli(["check", "--compare", str(long["limit"])], timeout=280)
    assert run.status in (0, 1) and "Traceback" not in run.err, run.err[-500:]
    case = json.loads(long["limit"].read_text(encoding="utf-8"))
    strikt = next(v for v in check_case(case)["verdicts"] if v["preset"] == "strikt")
    assert strikt["legal"] and len(strikt["moves"]) == MAX_MOVES
