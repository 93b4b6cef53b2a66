"""A strong computer player: determinized Monte Carlo over the cards it cannot see.

It decides only on what a real player at the table knows: its own hand, every card that has been shown (played,
turned by a chansa, the revealed trump) and where those cards went, and how many unseen cards each player holds.
For each candidate move it deals the unseen cards at random many times ("determinizations", the engine's
`Game.resample_unseen`), plays each deal to the end with sensible players, and picks the move that loses least often.
"""

from __future__ import annotations

import random
import time
from typing import Final

from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Move
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.loop import play_out

#: The playout budget per decision. It was 40, then 48; with reasons and events worked out only when asked, a
#: strong player's decision at 48 playouts takes 0.72 of the time as Python source (the browser) and 0.80 compiled
#: (benchmarks/strong_player.py, same seeded games), so 64 playouts take about the time 48 took in the browser.
DEFAULT_PLAYOUTS: Final = 64
PLAYOUT_CAP: Final = 600


class StrongPlayer:
    """Determinized Monte Carlo search with sensible playouts, within a playout (or time) budget."""

    name = "strong"

    def __init__(self, seed: int = 0, *, playouts: int = DEFAULT_PLAYOUTS, seconds: float | None = None) -> None:
        self._rng = random.Random(seed)
        self._fallback = SensiblePlayer(seed)
        self.playouts = playouts
        self.seconds = seconds

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = game.to_play
        assert me is not None
        losses = [0.0] * len(moves)
        counts = [0] * len(moves)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        total = max(self.playouts, len(moves))
        for k in range(total):
            i = k % len(moves)
            if deadline is not None and k >= len(moves) and time.perf_counter() > deadline:
                break
            world = game.resample_unseen(me, self._rng)
            world.play(moves[i], me)
            losses[i] += self._playout(world, me)
            counts[i] += 1
        preferred = self._fallback.choose(game)
        best = min(range(len(moves)), key=lambda i: (losses[i] / max(counts[i], 1), moves[i] != preferred))
        return moves[best]

    def _playout(self, world: Game, me: str) -> float:
        seed = self._rng.randrange(1 << 30)
        bots = {name: SensiblePlayer(seed + i) for i, name in enumerate(world.players)}
        play_out(world, bots, max_moves=PLAYOUT_CAP)
        if not world.over:
            return 0.5
        return 1.0 if world.loser == me else 0.0
