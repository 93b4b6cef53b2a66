"""One table: the `Game` the server holds, its seats (a token per phone, no account) and its computer players.

Every round is dealt from a fresh seed of the operating system's random source (`secrets`), independent of the
last, unless the opening names a seed for the first round (a lesson that wants a known deal); the seed is
published only with the record, once the round is over or ended.

The host opens a table under any rules spec (`Rules.from_spec`: a preset name or `{"preset": ..., <option>:
value}`) with 2 to 6 seats and gets a host token; phones `join` (a name and a language) and are given a free seat
and its token, which gets the seat back after a reload (`resume`). When the host starts, every seat nobody took is
played by a computer player of the kind chosen at opening. A move is accepted only from the seat whose turn it is;
a refused one leaves the game unchanged and its explanation goes back to that seat alone.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from skitgubbe.engine.entry_checks import MAX_SEED, check_seed
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.state import GameState
from skitgubbe.errors import MoveParseError, PositionError, RulesError
from skitgubbe.players.bots import Player
from skitgubbe.players.registry import offered_kinds, reader_player
from skitgubbe.records.record import GameRecord
from skitgubbe.rules.options import DEFAULT_PRESET, Rules
from skitgubbe.session import illegal_view
from skitgubbe.table.codes import new_code, new_token
from skitgubbe.table.errors import TableError
from skitgubbe.text.lang import Lang

__all__ = ["Refusal", "Room", "Seat", "new_seed"]

MIN_SEATS, MAX_SEATS = 2, 6


def new_seed() -> int:
    """A deal's seed from the operating system's random source: 53 bits, nothing to work out from the last."""
    return secrets.randbelow(MAX_SEED + 1)


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
    view: Mapping[str, object]  # the refused move as the board's narration draws it (`last`, not legal)


class Room:
    """One table and its game; every change is checked first, so a refused request changes nothing."""

    def __init__(
        self,
        rules: Any = DEFAULT_PRESET,
        seats: object = 4,
        seed: object = None,
        computers: object = "sensible",
        teacher: bool = False,
        turn_seconds: object = None,
    ) -> None:
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise TableError("bad_seats", n=repr(seats)[:20])
        if turn_seconds is not None and (type(turn_seconds) is not int or not 1 <= turn_seconds <= 600):
            raise TableError("bad_turn_seconds", value=repr(turn_seconds)[:20])
        if not isinstance(computers, str) or computers not in offered_kinds():
            raise TableError("bad_computers", kinds=", ".join(offered_kinds()))
        try:
            base = new_seed() if seed is None else check_seed(seed)
            game = Game.deal(seats, rules=Rules.from_spec(rules), seed=base)
        except (RulesError, PositionError, ValueError, TypeError) as error:
            raise TableError("bad_rules", error=error) from None
        self.code = new_code()
        self.host = new_token()
        self.rules, self.seed, self.computers, self.teacher = rules, base, computers, bool(teacher)
        self.turn_seconds: int | None = turn_seconds
        self.game = game
        self.seats: dict[str, Seat] = {}
        self.bots: dict[str, Player] = {}
        self.started = False
        self.ended = False
        self.round = 1  # the host's restarts deal game 2, 3, ... at the same seats
        self.touched = 0.0  # when the table last changed (the hub's clock; an idle table expires)
        self.before: GameState | None = None
        self.last: Step | None = None
        self._moves: tuple[Game | None, list[str]] = (None, [])  # the game and its moves as text so far (record)

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
            if secrets.compare_digest(seat.token, token):
                if lang is not None and lang != seat.lang:
                    seat = self.seats[seat.seat] = replace(seat, lang=lang)
                return seat
        raise TableError("bad_token")

    def start(self, host: object, play: bool = True) -> list[Step]:
        """The host starts: free seats get computer players, who move until a phone is to play (with `play`; the
        server has them move off the request, `Hub.drive`)."""
        self._check_host(host)
        if self.started:
            raise TableError("started")
        self.started = True
        self.bots = {p: self.computer_for(p) for p in self.game.players if p not in self.seats}
        return self.run_computers() if play else []

    def computer_for(self, player: str) -> Player:
        """A fresh computer player for `player`'s seat, of the table's kind, seeded from the deal."""
        return reader_player(self.computers, self.bot_seed(player))

    def bot_seed(self, player: str) -> int:
        """The seed of the computer player at `player`'s seat (from the deal's, which is secret until the end)."""
        return (self.game_seed * 7 + self.game.players.index(player)) % (MAX_SEED + 1)

    def leave(self, seat: Seat, play: bool = True) -> None:
        """`seat`'s phone leaves: before the start the seat is free again, after it a computer player takes it (and
        with `play` the computers move at once)."""
        self.seats.pop(seat.seat, None)
        if self.started:
            self.bots[seat.seat] = self.computer_for(seat.seat)
            if play:
                self.run_computers()

    def hand_over(self, host: object, player: object, play: bool = True) -> None:
        """The host gives a seat whose phone has gone (or never came) to a computer player."""
        self._check_host(host)
        if not isinstance(player, str) or player not in self.game.players:
            raise TableError("no_seat", seat=repr(player)[:20], seats=", ".join(self.game.players))
        if player in self.seats:
            self.leave(self.seats[player], play)

    def restart(self, host: object, play: bool = True) -> None:
        """The host deals the next game at the same seats, from a fresh seed (the record of the last one is kept as
        it was)."""
        self._check_host(host)
        self.round += 1
        self.seed = new_seed()
        self.game = Game.deal(len(self.game.players), rules=self.game.rules, seed=self.seed)
        self.ended, self.before, self.last = False, None, None
        if self.started:
            self.bots = {p: self.computer_for(p) for p in self.bots}  # seeded from the new deal
            if play:
                self.run_computers()

    def end(self, host: object) -> None:
        """The host ends the table: no more moves; the record can be downloaded."""
        self._check_host(host)
        self.ended = True

    def _check_host(self, host: object) -> None:
        if host != self.host:
            raise TableError("not_host")

    @property
    def game_seed(self) -> int:
        """The seed of this round's deal."""
        return self.seed

    @property
    def public_record(self) -> bool:
        """Whether the record may go to anyone with the code: it holds the seed, which tells the whole deal (the
        talon's order too, which even a teacher's table does not show), so only once the round is over or ended."""
        return self.ended or self.game.over

    def computer_waiting(self) -> bool:
        """Whether a computer player is to move now."""
        player = self.game.to_play
        return self.started and not self.ended and not self.game.over and player in self.bots

    def apply_computer(self, player: str, move: str) -> Step:
        """A computer player's `move` for `player`, chosen elsewhere (`skitgubbe.table.thinking`)."""
        before = self.game.state
        step = self.game.play(move, player)
        self.before, self.last = before, step
        return step

    def record(self) -> GameRecord:
        """This round's game record (the format `skitgubbe replay`, the checker and the review read). The moves'
        text is kept and only the new moves are written out (the table's file is written after every change)."""
        game, texts = self._moves
        if game is not self.game:
            game, texts = self.game, []
            self._moves = (game, texts)
        texts.extend(str(step) for step in game.history[len(texts) :])
        return GameRecord(game.rules, game.players, tuple(texts), self.game_seed, None)

    # -- moves ------------------------------------------------------------------------------------------------
    def play(self, seat: Seat, text: str) -> Step | Refusal:
        """`seat`'s move; a `Refusal` if the engine refuses it, a `TableError` if it is not that seat's to make."""
        if not self.started:
            raise TableError("not_started")
        if self.ended:
            raise TableError("ended")
        if self.game.over:
            raise TableError("game_over")
        if self.game.to_play != seat.seat:
            raise TableError("not_your_turn", name=self._shown(self.game.to_play))
        before = self.game.state
        try:
            step = self.game.play(text, seat.seat)
        except IllegalMove as error:
            why = error.reason.text(seat.lang)
            return Refusal(text, error.rule, why, illegal_view(seat.seat, text, error.rule, why, seat.lang))
        except (MoveParseError, ValueError) as error:
            raise TableError("bad_move", error=error) from None
        self.before, self.last = before, step
        return step

    def run_computers(self) -> list[Step]:
        """The computer players' moves, one after another, until a phone is to play or the game is over."""
        steps = []
        while (step := self.computer_step()) is not None:
            steps.append(step)
        return steps

    def computer_step(self) -> Step | None:
        """One computer player's move, if the table is waiting for one (None otherwise)."""
        player = self.game.to_play
        if not (self.started and not self.ended and not self.game.over and player in self.bots):
            return None
        assert player is not None
        before = self.game.state
        step = self.game.play(self.bots[player].choose(self.game), player)
        self.before, self.last = before, step
        return step

    def waiting_for(self) -> str | None:
        """The phone's seat whose move the table waits for, if any."""
        player = self.game.to_play
        if not self.started or self.ended or self.game.over or player is None or player in self.bots:
            return None
        return player

    def timeout_move(self, play: bool = True) -> bool:
        """The waited-for seat's turn ran out: a computer player makes that one move (then, with `play`, the
        computers theirs)."""
        player = self.waiting_for()
        if player is None:
            return False
        before = self.game.state
        move = self.computer_for(player).choose(self.game)
        self.last, self.before = self.game.play(move, player), before
        if play:
            self.run_computers()
        return True

    def _shown(self, player: str | None) -> str:
        """Who is to play, as the table names them: the person's name ("Eva"), else the seat."""
        seat = self.seats.get(player or "")
        return seat.name if seat else str(player)

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
