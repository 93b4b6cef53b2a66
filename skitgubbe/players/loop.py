"""The one game loop: computer players play a game on, move by move (simulations, studies, playouts, the CLI)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from skitgubbe.engine.game import Game, Step
from skitgubbe.players.bots import Player


def play_out(
    game: Game,
    players: Mapping[str, Player],
    *,
    max_moves: int | None = None,
    until: Callable[[Game], bool] | None = None,
    on_step: Callable[[Game, Step], None] | None = None,
) -> int:
    """Let `players[name]` choose every move of the player to act, until the game is over; returns the moves played.

    It stops early after `max_moves` moves (a cap against the forced cycles of some rules), or when `until(game)`
    holds before a move (e.g. a person's turn). `on_step(game, step)` is called after every move.

    >>> from skitgubbe.players.bots import RandomPlayer
    >>> game = Game.deal(3, seed=1)
    >>> played = play_out(game, {name: RandomPlayer(i) for i, name in enumerate(game.players)})
    >>> game.over, played == game.move_count
    (True, True)
    """
    count = 0
    while not game.over and (max_moves is None or count < max_moves):
        if until is not None and until(game):
            break
        player = game.to_play
        assert player is not None
        step = game.play(players[player].choose(game), player)
        count += 1
        if on_step is not None:
            on_step(game, step)
    return count
