"""A constructed phase-1 position that ends with talon cards left gives the trump card (the
talon's last card) to the player due to play, who is the one due to draw next (rule p1.last-card: the last talon
card is set aside by the player due to draw it; docs/disputed-points.md, D2). It went to the answerer of the
last trick, or to the first seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from reliability import check_file

from skitgubbe import Game

NO_CHANSA = {"preset": "pagat", "chansa": False}
CASES = [
    # (what, position, moves, who gets the trump card)
    (
        "the leader won by chansa and has no card",
        {"rules": "pagat", "hands": {"A": [], "B": [], "C": ["3H"]}, "talon": ["KS", "QS", "2S"], "to_play": "A"},
        ["A: chansa", "B: chansa"],
        "A",
    ),
    (
        "the first player has no card",
        {"rules": NO_CHANSA, "hands": {"A": [], "B": ["2D"], "C": ["3H"]}, "talon": ["5S", "6S", "7S"], "to_play": "A"},
        [],
        "A",
    ),
    (
        "the second player is to play and has no card",
        {"rules": NO_CHANSA, "hands": {"A": ["4D"], "B": [], "C": ["3H"]}, "talon": ["5S", "6S", "7S"], "to_play": "B"},
        [],
        "B",
    ),
    (
        "skip-empty: fewer than two players hold cards",
        {
            "rules": {"preset": "kortspelsregler", "chansa": False},
            "hands": {"A": ["4D"], "B": [], "C": []},
            "talon": ["5S", "6S", "7S"],
            "to_play": "C",
        },
        [],
        "C",
    ),
]


@pytest.mark.parametrize("what, position, moves, holder", CASES, ids=[c[0] for c in CASES])
def test_the_trump_card_goes_to_the_player_due(what: str, position: dict, moves: list[str], holder: str) -> None:
    game = Game.from_position(players="ABC", phase=1, **position)
    for move in moves:
        game.play(move)
    assert game.phase == 2
    trump_card = position["talon"][-1]
    assert [p for p in "ABC" if trump_card in [str(c) for c in game.hand(p)]] == [holder]
    revealed = [e for step in game.history for e in step.events if e.rule == "p1.transition"]
    if revealed:
        assert revealed[0].player == holder
    assert game.trump is not None and game.trump.value == trump_card[-1]


def test_check_shows_the_trump_card_with_the_player_due(tmp_path: Path) -> None:
    _what, position, moves, _holder = CASES[0]
    data = {"players": ["A", "B", "C"], "phase": 1, **position, "moves": moves}
    run = check_file(tmp_path, data, "--json")
    assert run.status == 0, run.err
    assert '"2S"' in run.out.split('"A": [')[1].split("]")[0]
