"""The kernel judged by the engine: a kernel game replayed move by move through `Game`.

`replay_through_game` plays a kernel game with random moves from its own stream and every move through `Game` as
well: at every step both must list the same legal moves (the same count, the same moves), the kernel's move must be
legal for `Game`, and at the end both must agree on the length and the loser. tests/engine/test_kernel_replay.py
runs it on a sample of every preset and table size; benchmarks/kernel_replay.py on a thousand games of each.
"""

from __future__ import annotations

from dataclasses import dataclass

from skitgubbe.engine.game import Game
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.kernel.convert import from_deal, from_game, from_move, to_move
from skitgubbe.engine.kernel.core import Kernel
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.rules.options import Rules


@dataclass(frozen=True)
class Replayed:
    """One replayed game: its moves, whether it ended, the losing seat (-1: none), the first disagreement ('')."""

    moves: int
    over: bool
    loser: int
    problem: str


def replay_through_game(rules: Rules, players: int, seed: int, cap: int = 5_000) -> Replayed:
    """The kernel game dealt as `Game.deal(players, rules=rules, seed=seed)`, moves from `Stream(seed, 1)`."""
    return replay_from(Game.deal(players, rules=rules, seed=seed), from_deal(rules, players, seed), seed, cap)


def replay_from(game: Game, kernel: Kernel | None, seed: int, cap: int = 5_000) -> Replayed:
    """Replay from a game's position (the kernel of it, or `from_game(game)`), `cap` moves at most."""
    k = from_game(game) if kernel is None else kernel
    stream = Stream(seed, 1)
    played = 0
    while not k.over and played < cap:
        if game.over:
            return Replayed(played, False, -1, f"move {played}: the engine's game is over, the kernel's not")
        count = k.legal_moves()
        mine = sorted(k.buf[:count])
        theirs = sorted(from_move(move) for move in game.legal_moves())
        if mine != theirs:
            return Replayed(played, False, -1, _differ(played, mine, theirs, game))
        move = k.buf[stream.below(count)]
        try:
            game.play(to_move(move))
        except IllegalMove as error:
            return Replayed(played, False, -1, f"move {played}: {to_move(move)} is illegal: {error}")
        k.apply(move)
        played += 1
    loser = -1 if game.loser is None else game.players.index(game.loser)
    if game.over != k.over or (k.over and loser != k.loser):
        return Replayed(
            played, k.over, k.loser, f"end: engine over={game.over} loser={loser}, kernel {k.over} {k.loser}"
        )
    return Replayed(played, k.over, k.loser, "")


def _differ(played: int, mine: list[int], theirs: list[int], game: Game) -> str:
    kernel = ", ".join(str(to_move(m)) for m in mine)
    engine = ", ".join(str(to_move(m)) for m in theirs)
    return (
        f"move {played}: kernel lists [{kernel}], the engine [{engine}] ({len(mine)} and {len(theirs)}) in {game.state}"
    )
