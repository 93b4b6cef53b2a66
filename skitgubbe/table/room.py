"""One table: the `Game` the server holds, its seats (a token per phone, no account) and its computer players.

The host opens a table under any rules spec (`Rules.from_spec`: a preset name or `{"preset": ..., <option>:
value}`) with 2 to 6 seats and gets a host token; phones `join` (a name and a language) and are given a free seat
and its token, which gets the seat back after a reload (`resume`). When the host starts, every seat nobody took is
played by a computer player of the kind chosen at opening. A move is accepted only from the seat whose turn it is;
a refused one leaves the game unchanged and its explanation goes back to that seat alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from skitgubbe.engine.entry_checks import check_seed
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.state import GameState
from skitgubbe.errors import MoveParseError, PositionError, RulesError
from skitgubbe.players.bots import Player
from skitgubbe.players.registry import PLAYER_KINDS, reader_player
from skitgubbe.rules.options import DEFAULT_PRESET, Rules
from skitgubbe.table.codes import new_code, new_token
from skitgubbe.table.errors import TableError
from skitgubbe.text.lang import Lang

__all__ = ["Refusal", "Room", "Seat"]

MIN_SEATS, MAX_SEATS = 2, 6


@dataclass(frozen=True)
class Seat:
    """A seat taken by a phone: the engine's player name, its token, the name shown and the language it reads."""

    seat: str
    token: str
    name: str
    lang: Lang


@dataclass(frozen=True)
class Refusal:
    """A move the engine refused: the rule and its explanation in the seat's language (for that seat only)."""

    move: str
    rule: str
    why: str


class Room:
    """One table and its game; every change is checked first, so a refused request changes nothing."""

    def __init__(
        self,
        rules: Any = DEFAULT_PRESET,
        seats: object = 4,
        seed: object = 1,
        computers: object = "sensible",
        teacher: bool = False,
    ) -> None:
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise TableError("bad_seats", n=repr(seats)[:20])
        if not isinstance(computers, str) or computers not in PLAYER_KINDS:
            raise TableError("bad_computers", kinds=", ".join(PLAYER_KINDS))
        try:
            base = check_seed(seed)
            game = Game.deal(seats, rules=Rules.from_spec(rules), seed=base)
        except (RulesError, PositionError, ValueError, TypeError) as error:
            raise TableError("bad_rules", error=error) from None
        self.code = new_code()
        self.host = new_token()
        self.rules, self.seed, self.computers, self.teacher = rules, base, computers, bool(teacher)
        self.game = game
        self.seats: dict[str, Seat] = {}
        self.bots: dict[str, Player] = {}
        self.started = False
        self.before: GameState | None = None
        self.last: Step | None = None

    # -- seats ------------------------------------------------------------------------------------------------
    def join(self, name: str, lang: Lang) -> Seat:
        """The first free seat for a new phone, with a fresh token."""
        if self.started:
            raise TableError("started")
        free = [p for p in self.game.players if p not in self.seats]
        if not free:
            raise TableError("table_full")
        seat = Seat(free[0], new_token(), name, lang)
        self.seats[seat.seat] = seat
        return seat

    def resume(self, token: str, lang: Lang | None = None) -> Seat:
        """The seat this token holds (a reload or a new connection), in `lang` if given."""
        for seat in self.seats.values():
            if seat.token == token:
                if lang is not None and lang != seat.lang:
                    seat = self.seats[seat.seat] = replace(seat, lang=lang)
                return seat
        raise TableError("bad_token")

    def start(self, host: object) -> list[Step]:
        """The host starts: free seats get computer players, who move until a phone is to play."""
        if host != self.host:
            raise TableError("not_host")
        if self.started:
            raise TableError("started")
        self.started = True
        self.bots = {
            p: reader_player(self.computers, self.seed * 7 + i)
            for i, p in enumerate(self.game.players)
            if p not in self.seats
        }
        return self.run_computers()

    # -- moves ------------------------------------------------------------------------------------------------
    def play(self, seat: Seat, text: str) -> Step | Refusal:
        """`seat`'s move; a `Refusal` if the engine refuses it, a `TableError` if it is not that seat's to make."""
        if not self.started:
            raise TableError("not_started")
        if self.game.over:
            raise TableError("game_over")
        if self.game.to_play != seat.seat:
            raise TableError("not_your_turn", name=self._shown(self.game.to_play))
        before = self.game.state
        try:
            step = self.game.play(text, seat.seat)
        except IllegalMove as error:
            return Refusal(text, error.rule, error.reason.text(seat.lang))
        except (MoveParseError, ValueError) as error:
            raise TableError("bad_message", error=error) from None
        self.before, self.last = before, step
        return step

    def run_computers(self) -> list[Step]:
        """The computer players' moves, one after another, until a phone is to play or the game is over."""
        steps = []
        while self.started and not self.game.over and self.game.to_play in self.bots:
            player = self.game.to_play
            before = self.game.state
            step = self.game.play(self.bots[player].choose(self.game), player)
            self.before, self.last = before, step
            steps.append(step)
        return steps

    def _shown(self, player: str | None) -> str:
        seat = self.seats.get(player or "")
        return f"{player} ({seat.name})" if seat else str(player)

    def seat_list(self) -> list[Mapping[str, object]]:
        """Every seat, public: the engine's name, who sits there and whether a computer plays it."""
        return [
            {
                "seat": p,
                "name": self.seats[p].name if p in self.seats else None,
                "computer": self.computers if p in self.bots else None,
            }
            for p in self.game.players
        ]
