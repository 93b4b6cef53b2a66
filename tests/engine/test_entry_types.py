"""The engine's public entry points refuse wrong types alike in both builds.

`Game.deal`, `Game.from_position`, `Rules.from_spec` and `make_player` check their arguments in plain code before
any compiled function sees them: the compiled engine used to raise `TypeError` in mypyc's words where the source
accepted the value or failed elsewhere. Each call below runs in the compiled build and in the Python source build;
both must raise the same `SkitgubbeError` with the same message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from reliability import ROOT, source_build

#: (call, the error's class, a part of its message)
CALLS: dict[str, tuple[str, str]] = {
    "Game.deal([1, 2], seed=1)": ("PositionError", "players[0]: must be a name (a string), not 1"),
    "Game.deal([None, 'X'], seed=1)": ("PositionError", "players[0]: must be a name (a string), not None"),
    "Game.deal(True, seed=1)": ("PositionError", "players: must be a count (2 to 6) or a list of names, not True"),
    "Game.deal(b'AB', seed=1)": ("PositionError", "players: must be a count (2 to 6) or a list of names"),
    "Game.deal(['A' * 41, 'B'], seed=1)": ("PositionError", "players[0]: 'AAAAAAAAAAAAAAAAAAAA'... is longer than 40"),
    "Game.deal(['A\\u200b', 'B'], seed=1)": ("PositionError", "holds the invisible or control character U+200B"),
    "Game.deal(['A', 'B\\n'], seed=1)": ("PositionError", "players[1]:"),
    "Game.deal(3, seed=1.0)": ("PositionError", "seed: must be an integer 0 or more, not 1.0"),
    "Game.deal(3, seed='7')": ("PositionError", "seed: must be an integer 0 or more, not '7'"),
    "Game.deal(3, seed=True)": ("PositionError", "seed: must be an integer 0 or more, not True"),
    "Game.deal(3, seed=2**53)": ("PositionError", "seed: must be at most 9007199254740991"),
    "Game.deal(3, deck=5)": ("PositionError", "deck: must be a list of cards, not 5"),
    "Game.deal(3, rules=[1], seed=1)": ("RulesError", "rules must be a preset name or an object, not [1]"),
    "from_position(phase=2.0)": ("PositionError", "phase: must be 1 or 2, not 2.0"),
    "from_position(phase=True)": ("PositionError", "phase: must be 1 or 2, not True"),
    "from_position(trump=1)": ("PositionError", "trump: must be a suit (C, D, H, S or a suit name), not 1"),
    "from_position(to_play=None)": ("PositionError", "to_play: must be a player's name (a string), not None"),
    "from_position(hands=[1])": ("PositionError", "hands: must be a mapping: player name -> list of cards"),
    "from_position(hands={1: ['9C']})": ("PositionError", "hands: must be a player's name (a string), not 1"),
    "from_position(hands={'A': 9})": ("PositionError", "hands.A: must be a list of cards, not 9"),
    "from_position(players=5)": ("PositionError", "players: must be a list of players' names, not 5"),
    "from_position(table=[1])": ("PositionError", "table[0]: must be a pair (player, cards), not 1"),
    "from_position(out=[None])": ("PositionError", "out[0]: must be a player's name (a string), not None"),
    "from_position(trump_card=5)": ("PositionError", "trump_card: must be a pair (player, card), not 5"),
    "Rules.from_spec({'preset': None})": ("RulesError", "rules: 'preset' must be a preset name (a string), not None"),
    "Rules.from_spec({1: True})": ("RulesError", "rules: an option's name must be a string, not 1"),
    "Rules.from_spec(['pagat'])": ("RulesError", "rules must be a preset name or an object"),
    "make_player('random', 'x')": ("SkitgubbeError", "player seed: must be an integer, not 'x'"),
    "make_player(None, 1)": ("SkitgubbeError", "player kind: must be a string such as 'sensible', not None"),
    "make_player('strong:²', 1)": ("SkitgubbeError", "unknown player kind 'strong:²'"),
}

SCRIPT = """
import json, sys
from skitgubbe import COMPILED, Game, Rules
from skitgubbe.errors import SkitgubbeError
from skitgubbe.players.registry import make_player
HANDS = {"A": ["9C"], "B": ["8C"]}
def from_position(**changes):
    given = {**dict(players=["A", "B"], phase=2, hands=HANDS, to_play="A", trump="H"), **changes}
    return Game.from_position(**given)
out = {}
for call in json.loads(sys.argv[1]):
    try:
        eval(call)
        out[call] = ["no error", "", False]
    except Exception as error:
        out[call] = [type(error).__name__, str(error), isinstance(error, SkitgubbeError)]
print(json.dumps({"compiled": COMPILED, "results": out}))
"""


def _run(source: Path | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(list(CALLS))],
        capture_output=True,
        text=True,
        cwd=source or ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict]:
    return _run(None), _run(source_build(tmp_path_factory.mktemp("entry-types")))


def test_the_two_runs_are_the_two_builds(builds: tuple[dict, dict]) -> None:
    compiled, plain = builds
    assert plain["compiled"] is False
    assert compiled["compiled"] is True, "the compiled engine is not installed: run make setup"


@pytest.mark.parametrize("call", list(CALLS))
def test_a_wrong_type_gives_the_same_skitgubbe_error_in_both_builds(builds: tuple[dict, dict], call: str) -> None:
    compiled, plain = builds
    kind, needle = CALLS[call]
    got = compiled["results"][call]
    assert got == plain["results"][call], (got, plain["results"][call])
    assert got[0] == kind and needle in got[1] and got[2] is True, got
    # never mypyc's words ("str object expected; got int")
    assert "expected; got" not in got[1] and "TypeError" not in got[1], got
