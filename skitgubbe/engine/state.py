"""The game's mutable working state (private to the engine) and its immutable snapshot (public)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from skitgubbe.engine.cards import Card, Suit, parse_cards
from skitgubbe.engine.moves import Play
from skitgubbe.errors import PositionError


@dataclass(frozen=True)
class GameState:
    """A snapshot of a whole position; equal positions give equal snapshots."""

    players: tuple[str, ...]
    phase: int
    to_play: str | None
    trump: Suit | None
    hands: Mapping[str, tuple[Card, ...]]
    table: tuple[tuple[str, tuple[Card, ...]], ...]
    won: Mapping[str, tuple[Card, ...]]
    talon: tuple[Card, ...]
    trump_card: tuple[str, Card] | None
    out: tuple[str, ...]
    loser: str | None
    discarded: tuple[Card, ...] = ()
    trick_target: int = 0
    contenders: tuple[str, ...] = ()  # everyone plays: the players still playing to the trick's current round
    throw_window: bool = False  # everyone plays: the trick is decided and cards may be thrown on
    trick_plays: int = 0  # beat-or-take: cards played to the trick so far, taken ones included

    @property
    def over(self) -> bool:
        return self.phase == 2 and self.to_play is None

    def all_cards(self) -> list[Card]:
        """Every card in play, wherever it lies (hands, won piles, talon, set-aside card, table, turned away)."""
        cards: list[Card] = []
        for name in self.players:
            cards += self.hands[name]
            cards += self.won[name]
        cards += self.talon
        if self.trump_card is not None:
            cards.append(self.trump_card[1])
        for _, play in self.table:
            cards += play
        cards += self.discarded
        return cards

    def to_dict(self) -> dict[str, Any]:
        """The `state` object of docs/case-files.md: canonical codes, names, nulls where nothing applies."""
        return {
            "phase": self.phase,
            "to_play": self.to_play,
            "trump": self.trump.value if self.trump else None,
            "hands": {n: [str(c) for c in self.hands[n]] for n in self.players},
            "table": [[n, [str(c) for c in play]] for n, play in self.table],
            "won": {n: [str(c) for c in self.won[n]] for n in self.players},
            "talon": [str(c) for c in self.talon],
            "trump_card": (
                {"player": self.trump_card[0], "card": str(self.trump_card[1])} if self.trump_card else None
            ),
            "out": list(self.out),
            "loser": self.loser,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """The inverse of `to_dict`: `GameState.from_dict(state.to_dict()) == state` for the fields it holds.

        Players are the keys of `hands`, in order; cards may be written in any accepted notation. Fields that
        `to_dict` leaves out (cards turned away, the progress of a trick) get their defaults.

        >>> state = GameState.from_dict({"phase": 2, "to_play": "A", "trump": "H", "hands": {"A": ["9C"], "B": []},
        ...                              "table": [], "won": {}, "talon": [], "trump_card": None, "out": ["B"],
        ...                              "loser": None})
        >>> state.hands["A"], state.trump, state.out
        ((Card.parse('9C'),), Suit.HEARTS, ('B',))
        >>> GameState.from_dict(state.to_dict()) == state
        True
        """
        try:
            hands = data["hands"]
            players = tuple(str(name) for name in hands)
            won = data.get("won") or {}
            trump = data.get("trump")
            holder = data.get("trump_card")
            return cls(
                players=players,
                phase=int(data["phase"]),
                to_play=data.get("to_play"),
                trump=None if trump is None else Suit.parse(trump),
                hands={name: parse_cards(list(hands[name])) for name in players},
                table=tuple((str(name), parse_cards(list(cards))) for name, cards in data.get("table") or ()),
                won={name: parse_cards(list(won.get(name, ()))) for name in players},
                talon=parse_cards(list(data.get("talon") or ())),
                trump_card=None if holder is None else (str(holder["player"]), parse_cards([holder["card"]])[0]),
                out=tuple(str(name) for name in data.get("out") or ()),
                loser=data.get("loser"),
            )
        except (KeyError, TypeError) as error:
            raise PositionError("state", "not_a_state_object", value=repr(error)) from None


class TrickState(Protocol):
    """Extra state a phase-1 style keeps about the trick in progress (everyone plays)."""

    contenders: list[int]

    @property
    def in_window(self) -> bool: ...

    def copy(self) -> TrickState: ...


class Working:
    """Seat-indexed mutable state; phase modules change it only after a move was judged legal."""

    __slots__ = (
        "answerer",
        "beat_table",
        "discarded",
        "hands",
        "leader",
        "loser",
        "n",
        "names",
        "out",
        "over",
        "phase",
        "player_param",
        "table",
        "talon",
        "to_play",
        "trick",
        "trick_plays",
        "trick_target",
        "trump",
        "trump_card",
        "won",
    )

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.n = len(names)
        self.player_param = tuple(("player", name) for name in names)  # a reason's ("player", name), shared
        self.phase = 1
        self.to_play: int | None = 0
        self.hands: list[list[Card]] = [[] for _ in names]
        self.won: list[list[Card]] = [[] for _ in names]
        self.talon: list[Card] = []  # top card last
        self.trump_card: tuple[int, Card] | None = None
        self.trump: Suit | None = None
        self.table: list[tuple[int, tuple[Card, ...]]] = []
        self.discarded: list[Card] = []
        self.out: list[int] = []
        self.loser: int | None = None
        self.over = False
        self.leader = 0  # phase 1: who led the trick on the table; once phase 1 ends, the trump holder (leads phase 2)
        self.answerer = 1  # phase 1: who answers it
        self.trick_target = 0  # phase 2: cards (or plays) that complete the trick
        self.trick: TrickState | None = None  # phase 1, everyone plays: rounds, ranks, throw-on window
        self.trick_plays = 0  # phase 1, beat-or-take: cards played to the trick so far
        # phase 2: for each top card, the plays that beat it under the trump suit (`phase2_common.beat_table`)
        self.beat_table: tuple[tuple[Play | None, ...], ...] = ()

    def copy(self) -> Working:
        # every field by name (a compiled class has no slot list to walk; tests/test_build.py checks none is missed)
        other = Working(self.names)
        other.phase, other.to_play, other.trump = self.phase, self.to_play, self.trump
        other.trump_card, other.loser, other.over = self.trump_card, self.loser, self.over
        other.leader, other.answerer, other.trick_target = self.leader, self.answerer, self.trick_target
        other.trick_plays, other.beat_table = self.trick_plays, self.beat_table
        other.hands = [list(h) for h in self.hands]
        other.won = [list(w) for w in self.won]
        other.talon = list(self.talon)
        other.table = list(self.table)
        other.discarded = list(self.discarded)
        other.out = list(self.out)
        other.trick = None if self.trick is None else self.trick.copy()
        return other

    def snapshot(self) -> GameState:
        names = self.names
        trick = self.trick
        return GameState(
            players=names,
            phase=self.phase,
            to_play=None if self.to_play is None else names[self.to_play],
            trump=self.trump,
            hands={names[i]: tuple(h) for i, h in enumerate(self.hands)},
            table=tuple((names[s], cards) for s, cards in self.table),
            won={names[i]: tuple(w) for i, w in enumerate(self.won)},
            talon=tuple(reversed(self.talon)),
            trump_card=None if self.trump_card is None else (names[self.trump_card[0]], self.trump_card[1]),
            out=tuple(names[s] for s in self.out),
            loser=None if self.loser is None else names[self.loser],
            discarded=tuple(self.discarded),
            trick_target=self.trick_target,
            contenders=() if trick is None else tuple(names[s] for s in trick.contenders),
            throw_window=trick is not None and trick.in_window,
            trick_plays=self.trick_plays,
        )
