"""No game or record is lost. The deal and the record share one check of names and seeds, so a
game the engine deals can always be saved and replayed; the play page's seed refuses what a record cannot hold;
`play --save` saves on every way out, an unexpected one too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from reliability import ROOT, cli

from skitgubbe import Game
from skitgubbe.engine.entry_checks import MAX_SEED
from skitgubbe.errors import PositionError, RecordError
from skitgubbe.records.record import GameRecord
from skitgubbe.views.controllers import PlayController

BAD_NAMES = ["A" * 41, "A\u200b", "B\u202e", "C\t", " D", "E:F", ""]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_the_record_refuses_is_refused_at_the_deal(name: str) -> None:
    with pytest.raises(PositionError) as dealt:
        Game.deal([name, "Bo"], seed=1)
    with pytest.raises(RecordError) as recorded:
        GameRecord.load({"players": [name, "Bo"], "seed": 1, "moves": []})
    assert dealt.value.problem == recorded.value.problem  # one check, one message


def _finish(controller: PlayController) -> dict[str, Any]:
    changes = controller.state()
    for _ in range(2000):
        if changes.get("final_replay") or controller.model.get("final_replay"):
            break
        if controller.computer_to_move:
            changes = controller.run_computer()
        else:
            actions = controller.session.legal_actions()
            changes = controller.handle({"op": "play", "move": actions[0]["move"]})
    assert controller.model.get("final_replay"), "the game did not end"
    return controller.model


def test_the_longest_name_and_the_largest_seed_play_out_and_replay(tmp_path: Path) -> None:
    name = "Å" * 40
    controller = PlayController("sv", {"players": [name, "Bo", "Cy"], "seed": MAX_SEED, "opponents": "random"})
    model = _finish(controller)
    record = model["record"]
    assert record["seed"] == MAX_SEED and record["players"][0] == name
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    run = cli(["replay", str(path)])
    assert run.status == 0, run.err


@pytest.mark.parametrize("value", [1e21, "1e21", "1e400", 2**53, -1, True, 2.5, "x", None, [3]])
def test_the_play_pages_seed_refuses_what_a_record_cannot_hold(value: object) -> None:
    controller = PlayController("en", {"seed": 4})
    controller.state()
    options = dict(controller.options)
    changes = controller.handle({"op": "option", "key": "seed", "value": value})
    assert controller.options == options, controller.options
    assert "seed" in changes["message"], changes


def test_a_typed_seed_in_range_is_taken() -> None:
    controller = PlayController("en", {"seed": 4})
    controller.state()
    controller.handle({"op": "option", "key": "seed", "value": str(MAX_SEED)})
    assert controller.options["seed"] == MAX_SEED


def test_the_session_refuses_a_long_name_before_the_game() -> None:
    controller = PlayController("en", {"players": ["A" * 41, "B"], "seed": 1})
    model = controller.state()
    assert model["view"] is None and "longer than 40 characters" in model["message"], model["message"]


def _first_move(seed: int) -> str:
    game = Game.deal(3, seed=seed)
    return str(game.legal_moves()[0])


def _play(path: Path, ending: bytes) -> tuple[int, str]:
    """`play --save` as at a terminal: one move, then (once the computer seats have moved and the prompt is back)
    `ending`, then the end of input. Standard input is decoded strictly, as in a UTF-8 terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env.update(PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "skitgubbe", "play", "--seed", "1", "--save", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(_first_move(1).encode() + b"\n")
    process.stdin.flush()
    seen = b""
    while seen.count(b"> ") < 2:  # the second prompt: the move and the computer's replies are made
        chunk = process.stdout.read1(4096)
        assert chunk, seen.decode("utf-8", "replace")
        seen += chunk
    process.stdin.write(ending)
    process.stdin.close()
    process.stdout.read()
    err = process.stderr.read().decode("utf-8", "replace") if process.stderr else ""
    return process.wait(timeout=60), err


@pytest.mark.parametrize(
    "ending, status",
    [
        (b"quit\n", 0),
        (b"", 0),  # end of input
        (b"\xff\xfe\xfa\n", 2),  # bytes that are not text: refused as a bad input, the game saved
    ],
    ids=["quit", "end of input", "undecodable input"],
)
def test_play_save_saves_on_every_way_out(tmp_path: Path, ending: bytes, status: int) -> None:
    path = tmp_path / "saved.json"
    code, err = _play(path, ending)
    assert code == status, (code, err[-800:])
    assert "Traceback" not in err
    record = GameRecord.load(path)
    assert len(record.moves) >= 1 and record.seed == 1
