"""A strong computer player: determinized Monte Carlo over the cards it cannot see.

It decides only on what a real player at the table knows: its own hand, every card that has been shown (played,
turned by a chansa, the revealed trump) and where those cards went, and how many unseen cards each player holds.
For each candidate move it deals the unseen cards at random many times ("determinizations"), plays each deal to
the end with sensible players, and picks the move that loses least often.
"""

from __future__ import annotations

import random
import time

from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Move, Play

DEFAULT_PLAYOUTS = 40
PLAYOUT_CAP = 600


def public_cards(game: Game) -> set[Card]:
    """Every card that has been face up on the table or revealed: all players know where these are now."""
    seen: set[Card] = set()
    for step in game.history:
        if isinstance(step.move, Play):
            seen.update(step.move.cards)
        for event in step.events:
            if event.kind in (EventKind.CHANSA_CARD, EventKind.TRUMP_REVEALED):
                seen.update(event.cards)
    return seen


def determinize(game: Game, observer: str, rng: random.Random, public: set[Card] | None = None) -> Game:
    """A copy of the game in which every card the observer cannot see is dealt again at random.

    Hand sizes, the talon size and who holds the set-aside card stay as they are; so do all shown cards.
    """
    public = public_cards(game) if public is None else public
    copy = game.copy()
    w = copy._w  # the engine's working state: the one place outside the engine that rewrites it
    me = w.names.index(observer)
    pool: list[Card] = []
    slots: list[tuple[list[Card], int]] = []
    for seat in range(w.n):
        if seat == me:
            continue
        hand = w.hands[seat]
        for i, card in enumerate(hand):
            if card not in public:
                pool.append(card)
                slots.append((hand, i))
    # In the turned-up trump game the trump card lies face up under the talon (and is set aside face up).
    shown_trump = w.phase == 1 and w.trump is not None
    for i, card in enumerate(w.talon):
        if shown_trump and i == 0:
            continue
        pool.append(card)
        slots.append((w.talon, i))
    aside = None if shown_trump else w.trump_card
    if aside is not None:
        pool.append(aside[1])
    pool.sort(key=lambda card: card.index)  # where the unseen cards really are must not matter
    rng.shuffle(pool)
    for (container, i), card in zip(slots, pool):
        container[i] = card
    if aside is not None:
        w.trump_card = (aside[0], pool[-1])
    return copy


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
        public = public_cards(game)
        losses = [0.0] * len(moves)
        counts = [0] * len(moves)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        total = max(self.playouts, len(moves))
        for k in range(total):
            i = k % len(moves)
            if deadline is not None and k >= len(moves) and time.perf_counter() > deadline:
                break
            world = determinize(game, me, self._rng, public)
            world.play(moves[i], me)
            losses[i] += self._playout(world, me)
            counts[i] += 1
        preferred = self._fallback.choose(game)
        best = min(range(len(moves)), key=lambda i: (losses[i] / max(counts[i], 1), moves[i] != preferred))
        return moves[best]

    def _playout(self, world: Game, me: str) -> float:
        seed = self._rng.randrange(1 << 30)
        bots = {name: SensiblePlayer(seed + i) for i, name in enumerate(world.players)}
        moves = 0
        while not world.over and moves < PLAYOUT_CAP:
            player = world.to_play
            assert player is not None
            world.play(bots[player].choose(world), player)
            moves += 1
        if not world.over:
            return 0.5
        return 1.0 if world.loser == me else 0.0
