"""Computer players: a random one and a sensible one, both seeded and legal under every preset."""

from __future__ import annotations

import random
from typing import Protocol

from skitgubbe.engine.cards import Rank, Suit, beats
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Chansa, Move, Pass, PickUp, Play, Throw
from skitgubbe.rules.options import Phase1Style, Phase2Style


class Player(Protocol):
    """Anything that picks a legal move for the player to act."""

    name: str

    def choose(self, game: Game) -> Move: ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        return moves[int(self._rng.random() * len(moves))]


def _everyone_follows(best: int, ranked: list[Play]) -> Move:
    """Everyone plays, following a trick whose highest rank is `best` (`ranked`: the plays, lowest first): win it
    with the cheapest winner when a ten or better is at stake or that winner is a jack or lower, else play low."""
    winners = [m for m in ranked if m.cards[0].rank > best]
    if winners and (best >= Rank.TEN or winners[0].cards[0].rank <= Rank.JACK):
        return min(winners, key=lambda m: (m.cards[0].rank, len(m.cards)))
    return ranked[0]


class SensiblePlayer:
    """Plays as a careful beginner would, using only its own hand and the table.

    Phase 1: lead low, win tricks cheaply when a high card is at stake, chansa with a weak hand; with everyone
    playing, throw low cards on other players' tricks; with a turned-up trump, follow cheaply and pick up a low
    lead rather than spend a trump on it.
    Phase 2: beat with the cheapest card, keep trumps and high cards, pick up when beating would cost
    a high trump early in the game; on a pile, keep twos and tens for when they are needed.
    """

    name = "sensible"

    def __init__(
        self, seed: int = 0, *, weak_hand: int = Rank.EIGHT, save_trump: int = Rank.QUEEN, chansa: bool = True
    ) -> None:
        self._rng = random.Random(seed)
        self.weak_hand = weak_hand
        self.save_trump = save_trump
        self.chansa = chansa  # False: never chansa; play from the hand where it would
        if not chansa:
            self.name = "sensible, never chansa"

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if not self.chansa:
            moves = [m for m in moves if not isinstance(m, Chansa)] or moves
        if len(moves) == 1:
            return moves[0]
        if game.phase == 1:
            style = game.rules.phase1_style
            if style is not Phase1Style.TWO_CARD and self._going_round(game):
                return moves[self._rng.randrange(len(moves))]
            if style is Phase1Style.EVERYONE:
                return self._phase1_everyone(game, moves)
            if style is Phase1Style.TURNED_TRUMP:
                return self._phase1_trump(game, moves)
            if style is Phase1Style.BEAT_OR_TAKE:
                return self._cheapest(moves)
            return self._phase1(game, moves)
        return self._phase2(game, moves)

    def _cheapest(self, moves: list[Move]) -> Move:
        """The play of the lowest card (picking up only when nothing can be played)."""
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:
            return moves[0]
        return min(plays, key=lambda m: (m.cards[0].rank, len(m.cards), self._rng.random()))

    def _phase1_everyone(self, game: Game, moves: list[Move]) -> Move:
        if game.state.throw_window:
            return self._throw_or_pass(game, moves)
        plays = [m for m in moves if isinstance(m, Play)]
        chansa = next((m for m in moves if isinstance(m, Chansa)), None)
        if not plays:
            return chansa or moves[0]
        ranked = sorted(plays, key=lambda m: (m.cards[0].rank, -len(m.cards), self._rng.random()))
        table = game.state.table
        if not table:
            if chansa is not None and ranked[-1].cards[0].rank < self.weak_hand:
                return chansa
            return ranked[0]
        return _everyone_follows(max(cards[0].rank for _, cards in table), ranked)

    def _throw_or_pass(self, game: Game, moves: list[Move]) -> Move:
        """Everyone plays, in the throw window: low cards go on another player's trick; never on your own."""
        throws = [m for m in moves if isinstance(m, Throw) and all(c.rank <= self.weak_hand for c in m.cards)]
        if throws and game.state.contenders[0] != game.to_play:
            return max(throws, key=lambda m: len(m.cards))
        return next(m for m in moves if isinstance(m, Pass))

    def _phase1_trump(self, game: Game, moves: list[Move]) -> Move:
        trump = game.trump
        plays = [m for m in moves if isinstance(m, Play)]
        pick_up = next((m for m in moves if isinstance(m, PickUp)), None)
        if not game.table:
            return min(plays, key=lambda m: (m.cards[0].suit is trump, m.cards[0].rank, self._rng.random()))
        led = game.table[0][1][0]
        winners = [m for m in plays if beats(m.cards[0], led, trump)]
        cheap = min(winners, key=lambda m: (m.cards[0].suit is trump, m.cards[0].rank), default=None)
        if cheap is not None and (led.rank >= Rank.TEN or cheap.cards[0].suit is not trump):
            return cheap
        losers = [m for m in plays if m not in winners]
        if losers:
            return min(losers, key=lambda m: m.cards[0].rank)
        if pick_up is not None and led.rank < Rank.TEN:
            return pick_up
        return cheap or moves[0]

    def _phase1(self, game: Game, moves: list[Move]) -> Move:
        plays = [m for m in moves if isinstance(m, Play)]
        chansa = next((m for m in moves if isinstance(m, Chansa)), None)
        ranked = sorted(plays, key=lambda m: (m.cards[0].rank, self._rng.random()))
        table = game.table
        if len(table) % 2 == 0:  # leading (or leading again after a tie)
            if chansa is not None and ranked and ranked[-1].cards[0].rank < self.weak_hand:
                return chansa
            return ranked[0]
        led = table[-1][1][0]
        at_stake = max(c.rank for _, play in table for c in play)
        winners = [m for m in ranked if m.cards[0].rank > led.rank]
        if winners and (at_stake >= Rank.TEN or winners[0].cards[0].rank <= Rank.JACK):
            return winners[0]
        if chansa is not None and (not ranked or ranked[0].cards[0].rank >= Rank.TEN):
            return chansa
        losers = [m for m in ranked if m.cards[0].rank < led.rank]
        return (losers or ranked)[0]

    def _phase2(self, game: Game, moves: list[Move]) -> Move:
        trump = game.trump
        plays: list[Play] = []
        pick_up: Move | None = None
        for move in moves:  # one pass: the plays in order, and the first pick-up
            if isinstance(move, Play):
                plays.append(move)
            elif pick_up is None and isinstance(move, PickUp):
                pick_up = move
        if not plays:
            assert pick_up is not None
            return pick_up
        if game.rules.phase2_style is Phase2Style.PILE:
            if self._going_round(game):
                return moves[self._rng.randrange(len(moves))]
            return self._pile(game, plays)
        best = self._cheapest_beat(plays, trump)
        if self._going_round(game):
            return moves[self._rng.randrange(len(moves))]
        if pick_up is None:
            return best
        player = game.to_play
        assert player is not None
        hand_size = game.hand_size(player)
        expensive = best.cards[-1].suit is trump and best.cards[-1].rank >= self.save_trump
        # Saving a high trump is usually right, but always doing it can lock players into a cycle.
        if expensive and hand_size > 4 and self._rng.random() < 0.75:
            return pick_up
        return best

    def _cheapest_beat(self, plays: list[Play], trump: Suit | None) -> Play:
        """The play that costs least: no trump before a trump, then the lowest top card, then the most cards; ties
        broken at random (one draw per play, in order: the same choice as `min` with that key)."""
        rand = self._rng.random
        best = plays[0]
        top = best.cards[-1]
        best_key = (1 if top.suit is trump else 0, top.rank, -len(best.cards), rand())
        for i in range(1, len(plays)):
            move = plays[i]
            top = move.cards[-1]
            key = (1 if top.suit is trump else 0, top.rank, -len(move.cards), rand())
            if key < best_key:
                best, best_key = move, key
        return best

    def _pile(self, game: Game, plays: list[Play]) -> Move:
        """Lay the cheapest ordinary card; keep twos and tens unless the pile is worth burning or blocking."""
        trump = game.trump
        pile = sum(len(cards) for _, cards in game.table)

        def cost(move: Play) -> tuple[int, int, float]:
            card = move.cards[0]
            special = card.rank in (Rank.TWO, Rank.TEN)
            if card.rank is Rank.TEN and pile >= 4:
                return (0, 0, self._rng.random())
            return (2 if special else 1 if card.suit is trump else 0, card.rank, self._rng.random())

        return min(plays, key=cost)

    def _going_round(self, game: Game) -> bool:
        """Long games usually mean play is circling; then a sensible player varies its play."""
        return game.move_count > 60 * len(game.players) and self._rng.random() < 0.3
