"""A game with no rules at all, shaped like the engine's public API: the floor under `benchmarks/api_floor.py`.

It deals as the engine does (the same seeded shuffle, three cards each) and then follows a script taken from a real
game of the engine: how many moves were legal at each step and how long the game lasted. `legal_moves()` returns a
fresh list of that many moves that already exist, `play(move)` makes a `Step` and adds it to the history, and that
is all. No rule is judged and no card moves. Any engine that keeps the API (a new list of legal moves per call, a
step per move, a history) must do at least this work per move, so its speed is a ceiling for every engine under the
engine-speed benchmark's loop. Built with mypyc by the benchmark, and run as Python source too.
"""

from __future__ import annotations

import random
from typing import Final

SUITS: Final = "CDHS"
CARD_COUNT: Final = 52
HAND_SIZE: Final = 3


class Card:
    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class Move:
    __slots__ = ("cards",)

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards


DECK: Final = [Card(i) for i in range(CARD_COUNT)]
MOVES: Final = [Move((card,)) for card in DECK] + [Move(())] * 200  # enough for any legal-move count


class Step:
    __slots__ = ("index", "move", "player")

    def __init__(self, player: str, move: Move, index: int) -> None:
        self.player = player
        self.move = move
        self.index = index


def shuffled_deck(seed: int) -> list[Card]:
    """The engine's deal: `random.Random(seed).shuffle`, written out as `skitgubbe.engine.cards` does."""
    deck = list(DECK)
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class Game:
    """A scripted game: `counts[i]` legal moves at move `i`, over after `len(counts)` moves."""

    def __init__(self, players: int, seed: int, counts: list[int]) -> None:
        cards = shuffled_deck(seed)
        self.names = tuple("ABCDEF"[:players])
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            self.hands[i % players].append(cards[i])
        self.talon = list(reversed(cards[HAND_SIZE * players :]))
        self.counts = counts
        self.history: list[Step] = []
        self.over = not counts

    def legal_moves(self) -> list[Move]:
        return MOVES[: self.counts[len(self.history)]]

    def play(self, move: Move) -> Step:
        history = self.history
        index = len(history)
        step = Step(self.names[index % len(self.names)], move, index)
        history.append(step)
        if index + 1 == len(self.counts):
            self.over = True
        return step


class RandomPlayer:
    """The engine's random player, as it is: uniform over the legal moves."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        return moves[int(self._rng.random() * len(moves))]
