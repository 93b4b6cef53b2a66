"""`"out": ["D", "D"]` was accepted and later tricks completed one card early (a legal move was
judged illegal). A player listed twice, or an unknown one, is refused now."""

from __future__ import annotations

from pathlib import Path

import pytest
from reliability import check_file

FOUR = {
    "rules": "pagat",
    "players": ["A", "B", "C", "D"],
    "phase": 2,
    "trump": "S",
    "hands": {"A": ["9C", "2H"], "B": ["10C", "3H"], "C": ["JC", "4H"], "D": []},
    "to_play": "A",
    "moves": ["A: 9C", "B: 10C", "C: JC"],
}

CASES = [
    ("listed twice", {**FOUR, "out": ["D", "D"]}, 2, "out[1]: 'D' is listed twice"),
    ("unknown player", {**FOUR, "out": ["E"]}, 2, "out[0]: unknown player 'E'"),
    ("not a name", {**FOUR, "out": [4]}, 2, "out[0]: must name a player (a string), not a number (4)"),
    ("not a list", {**FOUR, "out": "D"}, 2, "out: must be a list of player names"),
    ("still holds cards", {**FOUR, "out": ["A"]}, 2, "out: A still holds cards"),
]


@pytest.mark.parametrize("what, data, status, message", CASES, ids=[c[0] for c in CASES])
def test_out_is_checked(tmp_path: Path, what: str, data: dict, status: int, message: str) -> None:
    run = check_file(tmp_path, data)
    run.assert_clean()
    assert run.status == status
    assert message in run.err, run.err


def test_out_once_judges_the_trick_by_the_players_still_in(tmp_path: Path) -> None:
    """With D out once, the trick needs three cards: all three moves are legal."""
    run = check_file(tmp_path, {**FOUR, "out": ["D"]}, "--json")
    assert run.status == 0, run.out + run.err
    assert '"legal": false' not in run.out
