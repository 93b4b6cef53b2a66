"""A move refused because the game is over names the seat that tried to move, not the first
player."""

from __future__ import annotations

import pytest

from skitgubbe import Game, IllegalMove
from skitgubbe.views.controllers import PlayController


def _finished(seat: str) -> PlayController:
    controller = PlayController("en", {"seed": 2, "seat": seat, "opponents": "random"})
    assert controller.state()["view"]["you"] == seat
    for _ in range(3000):
        game = controller.game
        if game.over:
            return controller
        if game.to_play == seat:
            controller.handle({"op": "play", "move": controller.session.legal_actions()[0]["move"]})
        else:
            controller.handle({"op": "computer"})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seat", ["B", "C"])
def test_the_session_names_the_seat_that_moved(seat: str) -> None:
    controller = _finished(seat)
    answer = controller.session.play("9C")
    assert answer["ok"] is False and answer["error"]["rule"] == "game.over"
    assert answer["step"]["player"] == seat and answer["step"]["text"].startswith(f"{seat}:"), answer["step"]
    last = controller.handle({"op": "play", "move": "9C"})["view"]["last"]  # the table shows the same refusal
    assert last["player"] == seat and last["rule"] == "game.over" and last["legal"] is False


def test_the_engine_names_the_player_given() -> None:
    game = Game.deal(2, seed=4)
    while not game.over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove) as caught:
        game.play("9C", "B")
    assert caught.value.player == "B" and caught.value.rule == "game.over"
