"""Issue 24, class 13: a move refused because the game is over names the seat that tried to move, not the first
player."""

from __future__ import annotations

import pytest

from skitgubbe import Game, IllegalMove
from skitgubbe.session import Session


def _finished(seat: str) -> Session:
    session = Session("en")
    assert session.handle({"op": "new_game", "spec": {"seed": 2, "seat": seat, "opponents": "random"}})["ok"]
    for _ in range(3000):
        game = session.game
        assert game is not None
        if game.over:
            return session
        if game.to_play == seat:
            session.handle({"op": "play", "move": session.legal_actions()[0]["move"]})
        else:
            session.handle({"op": "computer_move"})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seat", ["B", "C"])
def test_the_session_names_the_seat_that_moved(seat: str) -> None:
    session = _finished(seat)
    answer = session.handle({"op": "play", "move": "9C"})
    assert answer["ok"] is False and answer["error"]["rule"] == "game.over"
    assert answer["step"]["player"] == seat and answer["step"]["text"].startswith(f"{seat}:"), answer["step"]


def test_the_engine_names_the_player_given() -> None:
    game = Game.deal(2, seed=4)
    while not game.over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove) as caught:
        game.play("9C", "B")
    assert caught.value.player == "B" and caught.value.rule == "game.over"
