"""`Game`: deal or set up a position, list legal moves, play them, and replay a game from its moves."""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, NamedTuple, Sequence

from skitgubbe.engine.cards import Card, Suit, parse_cards, shuffled_deck, DECK
from skitgubbe.engine.events import Event, IllegalMove, Reason, reason, record
from skitgubbe.engine.moves import MOVE_TYPES, Move, MoveParseError, Play, Throw, parse_move, split_player_move
from skitgubbe.rules.options import Phase1Style, Rules
from skitgubbe.engine.state import GameState, Working
from skitgubbe.engine.phases.styles import phase1_module, phase2_module

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE = 3


class PositionError(ValueError):
    """A position that is not consistent: a card twice, an unknown player, a missing trump, ..."""


class Step(NamedTuple):
    """One move as played: who, what, the rule that allowed it, and what followed (immutable)."""

    player: str
    move: Move
    reason: Reason
    events: tuple[Event, ...]

    @property
    def rule(self) -> str:
        return self.reason.rule

    def explanation(self, lang: str = "en") -> str:
        return self.reason.text(lang)

    def __str__(self) -> str:
        return f"{self.player}: {self.move}"


def default_names(count: int) -> tuple[str, ...]:
    return tuple("ABCDEF"[:count])


class Game:
    """A game of Skitgubbe under one set of rules; replayable from its start and its moves."""

    def __init__(self, rules: Rules, working: Working, start: Working) -> None:
        self.rules = rules
        self._w = working
        self._start = start
        self._history: list[Step] = []
        # The moves the last legal_moves() call listed, until the next move is played (a copy, so that a
        # caller cannot change it): `play` only has to explain such a move, not judge it again.
        self._legal: tuple[Move, ...] | None = None
        self._p1 = phase1_module(rules)
        self._p2 = phase2_module(rules)

    # -- creating games ---------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        players: int | Sequence[str] = 3,
        *,
        rules: "Rules | str | Mapping[str, Any] | None" = None,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
    ) -> "Game":
        """A new game: players in seating order (the first is forehand, the last deals), a seeded or given deck."""
        names = _names(players)
        rules = Rules.from_spec(rules)
        if deck is None:
            if seed is None:
                raise ValueError("a new game needs a seed or an explicit deck, so that it can be replayed")
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise ValueError(f"seed: must be an integer 0 or more, not {seed!r}")
            cards = shuffled_deck(seed)
        else:
            cards = list(parse_cards(deck))
            if sorted(cards) != sorted(DECK):
                raise PositionError("an explicit deck must hold all 52 cards, each once")
        w = Working(names)
        n = len(names)
        for i in range(HAND_SIZE * n):
            w.hands[i % n].append(cards[i])
        p1 = phase1_module(rules)
        w.talon = list(reversed(p1.arrange_talon(list(cards[HAND_SIZE * n :]))))
        p1.begin(w, rules, 0)
        return cls(rules, w, w.copy())

    @classmethod
    def from_position(
        cls,
        *,
        players: Sequence[str],
        rules: "Rules | str | Mapping[str, Any] | None" = None,
        phase: int,
        hands: Mapping[str, Iterable[Card | str]],
        to_play: str,
        talon: Iterable[Card | str] = (),
        won: Mapping[str, Iterable[Card | str]] | None = None,
        trump_card: tuple[str, Card | str] | None = None,
        trump: Suit | str | None = None,
        table: Sequence[tuple[str, Iterable[Card | str]]] = (),
        out: Sequence[str] = (),
    ) -> "Game":
        """Any consistent position (every card at most once, every name known), reachable or not.

        Phase 1 positions start on an empty table; phase 2 positions may have plays on the table (in the pile
        game: the pile). With a turned-up trump the talon's last card (or the set-aside card) gives the trump
        suit; a `trump` given as well must agree with it.
        """
        names = _names(list(players))
        seat = {name: i for i, name in enumerate(names)}
        rules = Rules.from_spec(rules)

        def seat_of(name: str, where: str) -> int:
            if name not in seat:
                raise PositionError(f"{where}: unknown player {name!r}; players are {', '.join(names)}")
            return seat[name]

        w = Working(names)
        seen: dict[Card, str] = {}

        def take(items: Iterable[Card | str], where: str) -> list[Card]:
            cards = list(parse_cards(list(items)))
            for card in cards:
                if card in seen:
                    raise PositionError(f"{where}: {card} appears twice (also in {seen[card]})")
                seen[card] = where
            return cards

        for name, cards in hands.items():
            w.hands[seat_of(name, "hands")] = take(cards, f"hands.{name}")
        for name, cards in (won or {}).items():
            w.won[seat_of(name, "won")] = take(cards, f"won.{name}")
        to_seat = seat_of(to_play, "to_play")
        if phase == 1:
            if table:
                raise PositionError("table: a phase-1 position starts on an empty table")
            w.talon = list(reversed(take(talon, "talon")))
            if trump_card is not None:
                holder, card = trump_card
                if w.talon:
                    raise PositionError("trump_card: only given once the talon is used up")
                w.trump_card = (seat_of(holder, "trump_card.player"), take([card], "trump_card.card")[0])
            elif not w.talon:
                raise PositionError("talon: empty, so the set-aside trump_card must be given")
            if trump is not None and rules.phase1_style is Phase1Style.TURNED_TRUMP:
                given = trump if isinstance(trump, Suit) else Suit.parse(trump)
                shown = (w.talon[0] if w.talon else w.trump_card[1]).suit  # type: ignore[index]
                if given is not shown:
                    raise PositionError(
                        f"trump: {given.value} disagrees with the turned-up trump card's suit, {shown.value}"
                    )
            phase1_module(rules).begin(w, rules, to_seat)
        elif phase == 2:
            if trump is None:
                raise PositionError("trump: a phase-2 position needs the trump suit")
            w.phase = 2
            w.trump = trump if isinstance(trump, Suit) else Suit.parse(trump)
            for where, extra in (("talon", list(talon)), ("won", [c for v in (won or {}).values() for c in v])):
                if extra:
                    raise PositionError(f"{where}: phase 2 has none; give every card in hands")
            if trump_card:
                raise PositionError("trump_card: phase 2 has none; give every card in hands")
            for i, (name, cards) in enumerate(table):
                play = tuple(take(cards, f"table[{i}]"))
                if not play:
                    raise PositionError(f"table[{i}]: a play on the table has at least one card")
                w.table.append((seat_of(name, f"table[{i}]"), play))
            out_seats = [seat_of(name, "out") for name in out]
            if len(set(out_seats)) != len(out_seats):
                raise PositionError("out: a player is listed twice; a player goes out once")
            for s in out_seats:
                if w.hands[s]:
                    raise PositionError(f"out: {names[s]} still holds cards")
            w.out = out_seats
            events: list[Event] = []
            in_count = len(names) - len([s for s in range(len(names)) if not w.hands[s]])
            phase2_module(rules).start(w, rules, to_seat, events)
            if not w.over:
                w.to_play = to_seat
                if to_seat in w.out:
                    raise PositionError(f"to_play: {to_play} has no cards")
                w.trick_target = in_count
        else:
            raise PositionError(f"phase: must be 1 or 2, not {phase!r}")
        return cls(rules, w, w.copy())

    # -- reading the position ----------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self._w.names

    @property
    def state(self) -> GameState:
        """An immutable snapshot of the whole position."""
        return self._w.snapshot()

    @property
    def start_state(self) -> GameState:
        return self._start.snapshot()

    @property
    def phase(self) -> int:
        return self._w.phase

    @property
    def to_play(self) -> str | None:
        seat = self._w.to_play
        return None if seat is None or self._w.over else self._w.names[seat]

    @property
    def over(self) -> bool:
        return self._w.over

    @property
    def loser(self) -> str | None:
        w = self._w
        return None if w.loser is None else w.names[w.loser]

    @property
    def history(self) -> tuple[Step, ...]:
        return tuple(self._history)

    @property
    def move_count(self) -> int:
        return len(self._history)

    def recent(self, count: int) -> tuple[Step, ...]:
        """The last `count` steps (cheaper than `history` in long games)."""
        return tuple(self._history[-count:])

    def hand(self, player: object) -> tuple[Card, ...]:
        return tuple(self._w.hands[self._seat(player)])

    @property
    def trump(self) -> Suit | None:
        """The trump suit (phase 2 only)."""
        return self._w.trump

    @property
    def table(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The plays on the table, oldest first."""
        names = self._w.names
        return tuple((names[s], cards) for s, cards in self._w.table)

    @property
    def talon_size(self) -> int:
        return len(self._w.talon)

    def hand_size(self, player: object) -> int:
        return len(self._w.hands[self._seat(player)])

    # -- moves -------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to act (empty once the game is over), throws on included."""
        w = self._w
        if w.over:
            return []
        moves = (self._p2 if w.phase == 2 else self._p1).legal_moves(w, self.rules)
        self._legal = tuple(moves)
        return moves

    def legal_moves_for(self, player: object) -> list[Move]:
        """Every legal move `player` may make now: the player to act gets `legal_moves()`; anyone else gets
        the throws they may make out of turn (the throw-on variants of everyone-plays tricks), else nothing."""
        seat = self._seat(player)
        w = self._w
        if w.over:
            return []
        if seat == w.to_play:
            return self.legal_moves()
        if w.phase == 1:
            return self._p1.out_of_turn_moves(w, self.rules, seat)
        return []

    def judge(self, move: object, player: object = None) -> Reason:
        """The rule that allows the move (a `Move` or text); raises `IllegalMove` (naming the forbidding rule) if
        it is illegal, `MoveParseError` if it is not a move."""
        seat, resolved = self._resolve(move, player)
        _check_cards(resolved)
        w = self._w
        return (self._p1 if w.phase == 1 else self._p2).judge(w, self.rules, seat, resolved)

    def is_legal(self, move: object, player: object = None) -> bool:
        try:
            self.judge(move, player)
        except IllegalMove:
            return False
        return True

    def play(self, given: object, player: object = None) -> Step:
        """Play a move (a value or text like `"9C"`, `"QC KC AC"`, `"pick up"`, `"A: chansa"`, `"B: throw 9D"`).

        A throw on may come from a player who is not to act (the judge decides whether the rules allow it).
        Raises `IllegalMove` and leaves the game untouched if the rules forbid it (`MoveParseError`, also a
        `ValueError`, for something that is not a move, such as a play of no card or of one card twice).
        """
        w = self._w
        move: Move
        if isinstance(given, str) or player is not None or w.over or given.__class__ not in MOVE_TYPES:
            seat, move = self._resolve(given, player)
        else:
            to_play = w.to_play  # the common case (computer players): no text, no name
            assert to_play is not None
            seat = to_play
            move = given  # type: ignore[assignment]
        rules = self.rules
        module = self._p2 if w.phase == 2 else self._p1
        why = None
        legal = self._legal
        if legal is not None and seat == w.to_play:
            for listed in legal:
                if listed is move:  # listed by legal_moves(): only the reason is needed
                    why = module.explain(w, rules, seat, move, legal)
                    break
        if why is None:
            _check_cards(move)
            why = module.judge(w, rules, seat, move)
        events: list[Event] = []
        module.apply(w, rules, seat, move, events)
        self._legal = None
        step = record(Step, (w.names[seat], move, why, tuple(events)))
        self._history.append(step)
        return step

    def _resolve(self, given: object, who: object) -> tuple[int, Move]:
        w = self._w
        if who is not None and not isinstance(who, str):
            raise ValueError(f"player: must be a player's name (a string), not {who!r}")
        player: str | None = who
        move: Move
        if isinstance(given, str):
            named, move = split_player_move(given)
            if named is not None:
                if player is not None and player != named:
                    raise ValueError(f"the move names {named!r} but player {player!r} was given")
                player = named
        elif given.__class__ not in MOVE_TYPES:
            move = parse_move(given)
        else:
            move = given  # type: ignore[assignment]
        if w.over:
            loser = None if w.loser is None else w.names[w.loser]
            raise IllegalMove(
                move, player, reason("game.over", "game-over" if loser else "game-over-none", loser=loser)
            )
        assert w.to_play is not None
        if player is None:
            return w.to_play, move
        seat = self._seat(player)
        if seat != w.to_play and not isinstance(move, Throw):
            raise IllegalMove(
                move, player, reason("game.turn", "not-your-turn", player=player, to_play=w.names[w.to_play])
            )
        return seat, move

    def _seat(self, player: object) -> int:
        try:
            return self._w.names.index(player)
        except ValueError:
            raise ValueError(f"unknown player {player!r}; players are {', '.join(self._w.names)}") from None

    # -- copies and replays ----------------------------------------------------------------------------
    def copy(self) -> "Game":
        other = Game(self.rules, self._w.copy(), self._start)
        other._history = list(self._history)
        return other

    def restart(self) -> "Game":
        """A new game at this game's starting position."""
        return Game(self.rules, self._start.copy(), self._start)

    def states(self) -> Iterator[GameState]:
        """The start state and the state after every move so far, replayed from the start."""
        replay = self.restart()
        yield replay.state
        for step in self._history:
            replay.play(step.move, step.player)
            yield replay.state

    @property
    def moves(self) -> list[str]:
        """The moves so far as `"A: 9C"` strings."""
        return [str(step) for step in self._history]


def _check_cards(move: Move) -> None:
    """A play or throw names one or more cards, each once (a value built by hand may not)."""
    if isinstance(move, (Play, Throw)):
        given: object = move.cards  # as given: the compiled class checks the tuple, not its items
        if not isinstance(given, tuple) or not all(isinstance(c, Card) for c in given):
            raise MoveParseError(repr(given), "its cards must be a tuple of Card values")
        cards = move.cards
        if not cards:
            raise MoveParseError(str(move), "it names no card")
        if len(set(cards)) != len(cards):
            raise MoveParseError(str(move), "a card is named twice")


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        count = players
        names = default_names(min(max(count, 0), MAX_PLAYERS))
    else:
        names = tuple(str(p) for p in players)
        count = len(names)
        if len(set(names)) != count:
            raise PositionError("players: every player needs a different name")
        if any(not n.strip() or ":" in n for n in names):
            raise PositionError("players: names must be non-empty and contain no ':'")
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PositionError(
            f"players: {count} players; the engine plays with {MIN_PLAYERS} to {MAX_PLAYERS} (rule game.players)"
        )
    return names
