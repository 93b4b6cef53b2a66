"""Values of the wrong JSON type, and wrong types through the Python API, are refused with the
same clear message by the compiled engine and by the Python source (the compiled one raised TypeError)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from reliability import PHASE1, PHASE2, case, check_file, cli, source_build

DECK = [r + s for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]

CASES = [
    (
        "a number in a hand",
        case(PHASE2, hands={"A": [9, "4H"], "B": ["QC"], "C": ["JC"]}),
        "hands.A[0]: must be a card",
    ),
    ("null in a hand", case(PHASE2, hands={"A": [None], "B": ["QC"], "C": ["JC"]}), "hands.A[0]: must be a card like"),
    ("a hand that is a number", case(PHASE2, hands={"A": 3, "B": ["QC"], "C": ["JC"]}), "hands.A: must be a list"),
    ("a number in the talon", case(PHASE1, talon=["3C", 4]), 'talon[1]: must be a card like "9C", not a number (4)'),
    ("a talon that is null", case(PHASE1, talon=None), "talon: must be a list of cards, not null"),
    ("a number in won", case(PHASE1, won={"A": [2.5]}), 'won.A[0]: must be a card like "9C", not a number (2.5)'),
    ("a number on the table", case(PHASE2, table=[["C", [7]]]), "table[0][1][0]: must be a card"),
    ("trump_card card a number", case(PHASE1, talon=[], trump_card={"player": "B", "card": 9}), "trump_card.card:"),
    ("trump_card card null", case(PHASE1, talon=[], trump_card={"player": "B", "card": None}), "trump_card.card:"),
    ("trump_card player a number", case(PHASE1, talon=[], trump_card={"player": 1, "card": "9S"}), "trump_card.player"),
    ("phase 2.0", case(PHASE2, phase=2.0), "phase: must be 1 or 2, not a number (2.0)"),
    ("phase a string", case(PHASE2, phase="2"), "phase: must be 1 or 2, not a string ('2')"),
    ("a player in out that is a number", case(PHASE2, out=[0]), "out[0]: must name a player (a string)"),
    ("trump a number", case(PHASE2, trump=3), "trump: a number (3) is not a suit"),
    ("to_play a number", case(PHASE2, to_play=1), "to_play: must name a player (a string), not a number (1)"),
    ("a move that is a number", case(PHASE2, moves=[5]), "moves[0]: must be a string"),
]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return source_build(tmp_path_factory.mktemp("types"))


@pytest.mark.slow
@pytest.mark.parametrize("what, data, message", CASES, ids=[c[0] for c in CASES])
def test_a_wrong_type_is_refused_alike_in_both_builds(
    tmp_path: Path, source: Path, what: str, data: dict, message: str
) -> None:
    compiled = check_file(tmp_path, data)
    compiled.assert_clean()
    assert compiled.status == 2, compiled.out
    assert message in compiled.err, compiled.err
    plain = check_file(tmp_path, data, source=source)
    assert (plain.status, plain.out, plain.err) == (compiled.status, compiled.out, compiled.err)


RECORDS = [
    ("a number in the deck", {"players": ["A", "B"], "deck": [1] + DECK[1:], "moves": []}, "deck[0]: must be a card"),
    ("null in the deck", {"players": ["A", "B"], "deck": DECK[:-1] + [None], "moves": []}, "deck[51]: must be a card"),
    ("a deck of 51", {"players": ["A", "B"], "deck": DECK[:-1], "moves": []}, "deck: an explicit deck must hold"),
    ("a seed that is a string", {"players": ["A", "B"], "seed": "7", "moves": []}, "seed: must be an integer"),
    ("a seed that is true", {"players": ["A", "B"], "seed": True, "moves": []}, "seed: must be an integer, not true"),
]


@pytest.mark.parametrize("what, data, message", RECORDS, ids=[c[0] for c in RECORDS])
def test_a_bad_record_is_refused_alike_in_both_builds(
    tmp_path: Path, source: Path, what: str, data: dict, message: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    compiled = cli(["replay", str(path)])
    compiled.assert_clean()
    assert compiled.status == 2
    assert message in compiled.err, compiled.err
    plain = cli(["replay", str(path)], source=source)
    assert (plain.status, plain.err) == (compiled.status, compiled.err)


API_SCRIPT = """
import json
from skitgubbe import Card, Game, Rules, Suit, parse_move, parse_cards, COMPILED
calls = {
    "Rules(chansa=1)": lambda: Rules(chansa=1),
    "Rules(phase1_style='everyone')": lambda: Rules(phase1_style="everyone"),
    "Rules(colour=1)": lambda: Rules(colour=1),
    "Rules.from_spec(7)": lambda: Rules.from_spec(7),
    "Card.parse(9)": lambda: Card.parse(9),
    "Card.parse(None)": lambda: Card.parse(None),
    "Suit.parse(1)": lambda: Suit.parse(1),
    "parse_cards([9])": lambda: parse_cards([9]),
    "parse_move(None)": lambda: parse_move(None),
    "game.play(None)": lambda: Game.deal(3, seed=1).play(None),
    "game.play(9)": lambda: Game.deal(3, seed=1).play(9),
    "game.play('9C', 5)": lambda: Game.deal(3, seed=1).play("9C", 5),
    "game.judge(None)": lambda: Game.deal(3, seed=1).judge(None),
    "game.is_legal([])": lambda: Game.deal(3, seed=1).is_legal([]),
    "Game.deal(3, seed=-1)": lambda: Game.deal(3, seed=-1),
}
out = {}
for name, call in calls.items():
    try:
        call()
        out[name] = ["no error", ""]
    except Exception as error:
        out[name] = [type(error).__name__, str(error), isinstance(error, ValueError)]
print(json.dumps({"compiled": COMPILED, "results": out}))
"""


def _api(source: Path | None) -> dict:
    env_path = [] if source is None else [str(source)]
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if env_path:
        env["PYTHONPATH"] = env_path[0]
    result = subprocess.run(
        [sys.executable, "-c", API_SCRIPT],
        capture_output=True,
        text=True,
        cwd=source or Path(__file__).parent,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_wrong_types_through_the_api_raise_the_same_clear_error_in_both_builds(source: Path) -> None:
    compiled = _api(None)
    plain = _api(source)
    assert not plain["compiled"]
    assert plain["results"] == compiled["results"]
    expected = {
        "Rules(chansa=1)": ("RulesError", "option 'chansa' must be true or false, not 1"),
        "Rules(phase1_style='everyone')": ("RulesError", "option 'phase1_style' must be one of"),
        "Rules(colour=1)": ("RulesError", "unknown rule option 'colour'"),
        "Rules.from_spec(7)": ("RulesError", "rules must be a preset name or an object, not 7"),
        "Card.parse(9)": ("CardParseError", "'9' is not a card"),
        "Card.parse(None)": ("CardParseError", "'None' is not a card"),
        "Suit.parse(1)": ("CardParseError", "'1' is not a suit"),
        "parse_cards([9])": ("CardParseError", "'9' is not a card"),
        "parse_move(None)": ("MoveParseError", "'None' is not a move"),
        "game.play(None)": ("MoveParseError", "'None' is not a move"),
        "game.play(9)": ("MoveParseError", "'9' is not a move"),
        "game.play('9C', 5)": ("SkitgubbeError", "player: must be a player's name (a string), not 5"),
        "game.judge(None)": ("MoveParseError", "'None' is not a move"),
        "game.is_legal([])": ("MoveParseError", "'[]' is not a move"),
        "Game.deal(3, seed=-1)": ("PositionError", "seed: must be an integer 0 or more, not -1"),
    }
    for name, (kind, text) in expected.items():
        got = compiled["results"][name]
        assert got[0] == kind and text in got[1] and got[2] is True, (name, got)
