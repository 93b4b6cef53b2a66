"""`Game`: deal or set up a position, list legal moves, play them, and replay a game from its moves."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeVar

from skitgubbe.engine import entry_checks
from skitgubbe.engine.cards import DECK, Card, Suit, parse_cards, shuffled_deck
from skitgubbe.engine.events import LEGAL, Event, EventKind, Reason, reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import MOVE_TYPES, Move, Play, Throw, parse_move, split_player_move
from skitgubbe.engine.phases.beat_or_take import BeatOrTake
from skitgubbe.engine.phases.everyone import Everyone
from skitgubbe.engine.phases.phase1_common import HAND_SIZE, Phase1Base
from skitgubbe.engine.phases.phase2_common import Phase2Base, start
from skitgubbe.engine.phases.pile import Pile
from skitgubbe.engine.phases.tricks import Tricks
from skitgubbe.engine.phases.turned_trump import TurnedTrump
from skitgubbe.engine.phases.two_card import TwoCard
from skitgubbe.engine.state import GameState, Working
from skitgubbe.errors import MoveParseError, PositionError, SkitgubbeError
from skitgubbe.rules.options import Phase1Style, Phase2Style, Rules, short_spec
from skitgubbe.wording import html

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

_Card = TypeVar("_Card")


def deal_cards(pack: Sequence[_Card], players: int) -> tuple[list[list[_Card]], list[_Card]]:
    """The deal (rule `game.deal`), the one place it is written: from the top of `pack`, one card at a time
    clockwise starting with forehand, `HAND_SIZE` each; the hands in seating order and the rest, the talon, top
    card first. `Game.deal` deals with it, and the stack-the-deck orders (`records.deck_order`) are read from it.

    >>> deal_cards("abcdefghijk", 3)
    ([['a', 'd', 'g'], ['b', 'e', 'h'], ['c', 'f', 'i']], ['j', 'k'])
    """
    dealt = HAND_SIZE * players
    return [list(pack[seat:dealt:players]) for seat in range(players)], list(pack[dealt:])


#: A game's two styles: the one that plays phase 1 and the one that plays phase 2 under its rules.
_Styles = tuple[Phase1Base, Phase2Base]


def styles_for(rules: Rules) -> _Styles:
    """The styles that play phase 1 and phase 2 under these rules (the one place a style is chosen)."""
    first: Phase1Base
    style = rules.phase1_style
    if style is Phase1Style.TWO_CARD:
        first = TwoCard(rules)
    elif style is Phase1Style.EVERYONE:
        first = Everyone(rules)
    elif style is Phase1Style.TURNED_TRUMP:
        first = TurnedTrump(rules)
    else:
        first = BeatOrTake(rules)
    second: Phase2Base = Pile(rules) if rules.phase2_style is Phase2Style.PILE else Tricks(rules)
    return first, second


class Step:
    """One move as played: who, what, the rule that allowed it, and what followed (immutable).

    `Game.play` judges a move (its reason) and carries it out without events: the events are worked out the first
    time someone asks (`_Record.explain` replays the game's moves with the same judge and the events on), so a
    random game that never asks never builds them. A step compares, hashes, unpacks (`player, move, reason, events =
    step`) and pickles as the tuple of its four fields.
    """

    __slots__ = ("_events", "_index", "_move", "_player", "_record", "_why")

    def __init__(
        self,
        player: str,
        move: Move,
        reason: Reason | None,
        events: tuple[Event, ...] | None,
        record: _Record | None = None,
        index: int = 0,
    ) -> None:
        self._player = player
        self._move = move
        self._why = reason
        self._events = events
        self._record = record  # where to find the reason and the events if they are not known yet
        self._index = index  # this step's place in the game's history

    @property
    def player(self) -> str:
        return self._player

    @property
    def move(self) -> Move:
        return self._move

    @property
    def events(self) -> tuple[Event, ...]:
        events = self._events
        if events is None:
            record = self._record
            assert record is not None
            why, events = record.explain(self._index)
            self._events = events
            if self._why is None:
                self._why = why
        return events

    @property
    def reason(self) -> Reason:
        why = self._why
        if why is None:
            record = self._record
            assert record is not None
            why, self._events = record.explain(self._index)
            self._why = why
        return why

    @property
    def rule(self) -> str:
        return self.reason.rule

    def explanation(self, lang: str = "en") -> str:
        return self.reason.text(lang)

    def _fields(self) -> tuple[str, Move, Reason, tuple[Event, ...]]:
        return (self.player, self.move, self.reason, self.events)

    def __iter__(self) -> Iterator[object]:
        return iter(self._fields())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[Step], tuple[str, Move, Reason, tuple[Event, ...]]]:
        return (Step, self._fields())

    def __repr__(self) -> str:
        return f"Step(player={self.player!r}, move={self.move!r}, reason={self.reason!r}, events={self.events!r})"

    def __str__(self) -> str:
        return f"{self.player}: {self.move}"


class _Record:
    """The moves a game played from one position on, and a replay of them that works out reasons and events.

    The position is a start (`start`: a deal, a set-up position, a resampled world), or where a game was copied
    (`parent` at move `base`). `explain(i)` advances a private copy of the position (`shadow`) with the engine's
    own judge and the events on, up to move `i`, and keeps what it found: asking for every step in order costs one
    more judging of each move. A record refers to no step and no game, so no reference cycle is made.
    """

    __slots__ = (
        "at",
        "base",
        "events",
        "moves",
        "parent",
        "seats",
        "shadow",
        "start",
        "styles",
        "whys",
    )

    def __init__(self, styles: _Styles, start: Working | None, parent: _Record | None, base: int) -> None:
        self.styles = styles
        self.start = start  # never changed (None: the position is the parent's after `base` moves)
        self.parent = parent
        self.base = base
        self.seats: list[int] = []  # the moves played since, by whom (`Game.play` adds them)
        self.moves: list[Move] = []
        self.whys: list[Reason] = []  # what the replay found for the first moves
        self.events: list[tuple[Event, ...]] = []
        self.shadow: Working | None = None  # the replay's position, after `at` moves of the game
        self.at = base

    def position_at(self, index: int) -> Working:
        """A fresh copy of the position after `index` moves of the game (`base <= index`, at most the moves noted)."""
        return self._advance(index).copy()

    def explain(self, index: int) -> tuple[Reason, tuple[Event, ...]]:
        """The reason and the events of the game's move number `index` (counted from 0)."""
        i = index - self.base
        if i >= len(self.whys):
            self._advance(index + 1)
        return self.whys[i], self.events[i]

    def _advance(self, index: int) -> Working:
        shadow = self.shadow
        if shadow is None or self.at > index:
            if self.parent is not None:
                shadow = self.parent.position_at(self.base)
            else:
                assert self.start is not None
                shadow = self.start.copy()
            self.shadow = shadow
            self.at = self.base
        while self.at < index:
            i = self.at - self.base
            events: list[Event] = []
            first, second = self.styles
            why = _play(first, second, shadow, self.seats[i], self.moves[i], events)
            if i == len(self.whys):
                self.whys.append(why)
                self.events.append(tuple(events))
            self.at += 1
        return shadow


def default_names(count: int) -> tuple[str, ...]:
    return tuple("ABCDEF"[:count])


#: How a game was dealt, for `Game.__repr__`: the names, the seed, and the explicit deck (empty for a seeded deal).
_Dealt = tuple[tuple[str, ...], "int | None", tuple[Card, ...]]


class Game:
    """A game of Skitgubbe under one set of rules; replayable from its start and its moves."""

    def __init__(
        self, rules: Rules, working: Working, start: Working, origin: str | _Dealt, styles: _Styles | None = None
    ) -> None:
        self.rules = rules
        if styles is None:
            styles = styles_for(rules)
        self._styles = styles
        self._p1, self._p2 = styles
        # the call that created the start position (`__repr__`); for a deal its parts, written out only when asked
        self._origin = origin
        self._public: tuple[int, frozenset[Card]] = (-1, frozenset())  # public_cards() after that many moves
        self._w = working
        self._start = start
        self._history: list[Step] = []
        self._record = _Record(styles, start, None, 0)  # the moves played, to explain them when asked

    # -- creating games ---------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        players: object = 3,
        *,
        rules: object = None,
        seed: object = None,
        deck: object = None,
    ) -> Game:
        """A new game: players in seating order (the first is forehand, the last deals), a seeded or given deck.

        `players` is a count or a list of names, `rules` a `Rules`, a preset name or a spec, `seed` an integer
        from 0 to 2**53 - 1, `deck` 52 cards; the arguments are checked first (`entry_checks`), so a wrong type
        is the same `SkitgubbeError` in the compiled and the source build.
        """
        names = _names(entry_checks.check_players(players))
        dealt_rules = Rules.from_spec(rules)
        if deck is None:
            if seed is None:
                raise SkitgubbeError("new_game_needs_seed_explicit")
            return cls._deal(names, dealt_rules, entry_checks.check_seed(seed), None)
        cards = entry_checks.check_cards(deck, "deck")
        return cls._deal(names, dealt_rules, None if seed is None else entry_checks.check_seed(seed), cards)

    @classmethod
    def _deal(cls, names: tuple[str, ...], rules: Rules, seed: int | None, deck: list[Any] | None) -> Game:
        if deck is None:
            assert seed is not None
            cards = shuffled_deck(seed)
        else:
            cards = list(parse_cards(deck))
            if sorted(cards) != sorted(DECK):
                raise PositionError("deck", "explicit_deck_hold_all_52")
        w = Working(names)
        hands, talon = deal_cards(cards, len(names))
        for seat, hand in enumerate(hands):
            w.hands[seat].extend(hand)
        w.talon = list(reversed(talon))  # the top card last
        styles = styles_for(rules)
        _begin(w, styles, 0, True)
        return cls(rules, w, w.copy(), (names, seed, () if deck is None else tuple(cards)), styles)

    @classmethod
    def from_position(
        cls,
        *,
        players: object,
        rules: object = None,
        phase: object,
        hands: object,
        to_play: object,
        talon: object = (),
        won: object = None,
        trump_card: object = None,
        trump: object = None,
        table: object = (),
        out: object = (),
    ) -> Game:
        """Any consistent position (every card at most once, every name known), reachable or not.

        `players`: names in seating order; `phase`: 1 or 2; `hands` (and `won`): name -> cards; `to_play`: a
        name; `talon`: cards, top first; `trump_card`: (holder, card); `trump`: a suit; `table`: (name, cards)
        pairs, oldest first; `out`: names. Phase 1 positions start on an empty table; phase 2 positions may have
        plays on the table (in the pile game: the pile). With a turned-up trump the talon's last card (or the
        set-aside card) gives the trump suit; a `trump` given as well must agree with it. The arguments' types
        are checked first (`entry_checks`), alike in both builds.
        """
        checked = entry_checks.check_players(players)
        return cls._from_position(
            _names(checked if isinstance(checked, list) else entry_checks.check_names(players, "players")),
            Rules.from_spec(rules),
            entry_checks.check_phase(phase),
            entry_checks.check_hands(hands, "hands"),
            entry_checks.check_name(to_play, "to_play"),
            talon=entry_checks.check_cards(talon, "talon"),
            won=entry_checks.check_hands(won, "won") if won is not None else {},
            trump_card=entry_checks.check_trump_card(trump_card),
            trump=entry_checks.check_trump(trump),
            table=entry_checks.check_table(table),
            out=entry_checks.check_names(out, "out"),
        )

    @classmethod
    def _from_position(
        cls,
        names: tuple[str, ...],
        rules: Rules,
        phase: int,
        hands: Mapping[str, Iterable[Card | str]],
        to_play: str,
        *,
        talon: Iterable[Card | str],
        won: Mapping[str, Iterable[Card | str]],
        trump_card: tuple[str, Card | str] | None,
        trump: Suit | str | None,
        table: Sequence[tuple[str, Iterable[Card | str]]],
        out: Sequence[str],
    ) -> Game:
        place = _Placing(names)
        styles = styles_for(rules)
        w = Working(names)
        for name, cards in hands.items():
            w.hands[place.seat_of(name, "hands")] = place.take(cards, f"hands.{name}")
        for name, cards in (won or {}).items():
            w.won[place.seat_of(name, "won")] = place.take(cards, f"won.{name}")
        to_seat = place.seat_of(to_play, "to_play")
        if phase == 1:
            _set_phase1(w, styles, place, to_seat, talon=talon, trump_card=trump_card, trump=trump, table=table)
        elif phase == 2:
            if trump is None:
                raise PositionError("trump", "phase_2_position_needs_trump")
            w.phase = 2
            w.trump = trump if isinstance(trump, Suit) else Suit.parse(trump)
            for where, extra in (("talon", list(talon)), ("won", [c for v in (won or {}).values() for c in v])):
                if extra:
                    raise PositionError(where, "phase_2_has_none_give")
            if trump_card:
                raise PositionError("trump_card", "phase_2_has_none_give")
            _set_phase2(w, place, to_seat, table=table, out=out)
        else:
            raise PositionError("phase", "must_be_1_or_2", value=repr(phase))
        origin = f"Game.from_state({w.snapshot().to_dict()!r}, rules={short_spec(rules)!r})"
        return cls(rules, w, w.copy(), origin, styles)

    @classmethod
    def from_state(
        cls, state: GameState | Mapping[str, Any], *, rules: Rules | str | Mapping[str, Any] | None = None
    ) -> Game:
        """The position of a `GameState` or of its `to_dict()` form (the `state` object of docs/case-files.md), in one call.

        Plays on the table are allowed in phase 2 only, as for `from_position`. A finished game cannot be set up.
        """
        if not isinstance(state, GameState):
            state = GameState.from_dict(state)
        if state.to_play is None:
            raise PositionError("to_play", "null_finished_game_position_play")
        return cls.from_position(
            players=state.players,
            rules=rules,
            phase=state.phase,
            hands=state.hands,
            to_play=state.to_play,
            talon=state.talon,
            won=state.won,
            trump_card=state.trump_card,
            trump=state.trump,
            table=state.table,
            out=state.out,
        )

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

    def hand_size(self, player: object) -> int:
        return len(self._w.hands[self._seat(player)])

    # -- moves -------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to act (empty once the game is over), throws on included."""
        w = self._w
        seat = w.to_play
        if w.over or seat is None:
            return []
        if w.phase == 2:
            return self._p2.legal_moves(w, seat)
        return self._p1.legal_moves(w, seat)

    def legal_moves_for(self, player: object) -> list[Move]:
        """Every legal move `player` may make now: the player to act gets `legal_moves()`; anyone else gets
        the throws they may make out of turn (the throw-on variants of everyone-plays tricks), else nothing."""
        seat = self._seat(player)
        w = self._w
        if w.over:
            return []
        if w.phase == 2:
            return self._p2.legal_moves(w, seat)
        return self._p1.legal_moves(w, seat)

    def judge(self, move: object, player: object = None) -> Reason:
        """The rule that allows the move (a `Move` or text); raises `IllegalMove` (naming the forbidding rule) if
        it is illegal, `MoveParseError` if it is not a move."""
        seat, resolved = self._resolve(move, player)
        _check_cards(resolved)
        w = self._w
        if w.phase == 2:
            return self._p2.judge(w, seat, resolved)
        return self._p1.judge(w, seat, resolved)

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
        seat: int
        move: Move
        to_play = w.to_play
        if (
            type(given) in MOVE_TYPES
            and to_play is not None
            and not w.over
            and (player is None or (type(player) is str and player == w.names[to_play]))
        ):
            seat = to_play  # the common case (computer players): a move value of the player to act
            move = given  # type: ignore[assignment]
        else:
            seat, move = self._resolve(given, player)
        _check_cards(move)  # before anything reads the cards (a value built by hand may hold no Card)
        why = _play(self._p1, self._p2, w, seat, move, None)  # LEGAL: the reason is worked out when asked
        record = self._record
        record.seats.append(seat)
        record.moves.append(move)
        history = self._history
        step = Step(w.names[seat], move, None if why is LEGAL else why, None, record, len(history))
        history.append(step)
        return step

    def _resolve(self, given: object, who: object) -> tuple[int, Move]:
        w = self._w
        if who is not None and not isinstance(who, str):
            raise SkitgubbeError("player_player_name_string", value=repr(who))
        player: str | None = who
        move: Move
        if isinstance(given, str):
            named, move = split_player_move(given)
            if named is not None:
                if player is not None and player != named:
                    raise SkitgubbeError("move_names_but_player_was", named=repr(named), given=repr(player))
                player = named
        elif type(given) not in MOVE_TYPES:
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
            raise SkitgubbeError(
                "unknown_player_players_are", player=repr(player), players=", ".join(self._w.names)
            ) from None

    def played(self, moves: Iterable[Move | str]) -> Game:
        """Play these moves in order (each as for `play`) and return the game itself, so that calls chain."""
        for move in moves:
            self.play(move)
        return self

    # -- search: the cards a player cannot see -----------------------------------------------------------
    def resample_unseen(self, observer: str, rng: random.Random) -> Game:
        """A copy in which every card `observer` cannot see is dealt again at random (for search players).

        What stays: the observer's hand, every card that has been shown (played, turned by a chansa, the revealed
        trump) wherever it lies now, hand sizes, the talon size, who holds the set-aside card, and in the
        turned-up trump game the trump card face up under the talon. Which unseen card lies where is forgotten
        before dealing, so the copy depends only on what `observer` knows and on `rng`.
        """
        public = self.public_cards()
        other = self.copy()
        w = other._w
        me = self._seat(observer)
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
        pool.sort(key=_card_index)  # where the unseen cards really are must not matter
        rng.shuffle(pool)
        for (container, i), card in zip(slots, pool):
            container[i] = card
        if aside is not None:
            w.trump_card = (aside[0], pool[-1])
        other._record = _Record(self._styles, w.copy(), None, len(self._history))  # the moves from here on
        return other

    def public_cards(self) -> frozenset[Card]:
        """Every card that has been face up on the table or revealed: all players know where these are now."""
        count, cached = self._public
        if count == len(self._history):
            return cached
        seen: set[Card] = set()
        for step in self._history:
            if isinstance(step.move, Play):
                seen.update(step.move.cards)
            for event in step.events:
                if event.kind is EventKind.CHANSA_CARD or event.kind is EventKind.TRUMP_REVEALED:
                    seen.update(event.cards)
        self._public = (len(self._history), frozenset(seen))
        return self._public[1]

    # -- copies and replays ----------------------------------------------------------------------------
    def copy(self) -> Game:
        other = Game(self.rules, self._w.copy(), self._start, self._origin, self._styles)
        other._history = list(self._history)
        other._record = _Record(self._styles, None, self._record, len(self._history))
        return other

    def restart(self) -> Game:
        """A new game at this game's starting position."""
        return Game(self.rules, self._start.copy(), self._start, self._origin, self._styles)

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

    # -- showing ---------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        """The call that recreates this game: its start, then `.played([...])` with the moves so far."""
        moves = self.moves
        origin = self._origin
        if not isinstance(origin, str):
            names, seed, deck = origin
            how = f"seed={seed!r}" if not deck else f"deck={[str(c) for c in deck]!r}"
            origin = f"Game.deal({names!r}, rules={short_spec(self.rules)!r}, {how})"
        return origin + (f".played({moves!r})" if moves else "")

    def _repr_html_(self) -> str | None:
        """The table drawn in Jupyter by the views layer, through the seam `skitgubbe.wording`."""
        return html(self)


class _Placing:
    """The seats and cards of a position being set up: every name known, every card once (errors name the field)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.seat = {name: i for i, name in enumerate(names)}
        self.seen: dict[Card, str] = {}

    def seat_of(self, name: str, where: str) -> int:
        if name not in self.seat:
            raise PositionError(where, "unknown_player_players_are", player=repr(name), players=", ".join(self.names))
        return self.seat[name]

    def take(self, items: Iterable[Card | str], where: str) -> list[Card]:
        cards = list(parse_cards(list(items)))
        for card in cards:
            if card in self.seen:
                raise PositionError(where, "appears_twice_also", card=card, other=self.seen[card])
            self.seen[card] = where
        return cards


def _set_phase1(
    w: Working,
    styles: _Styles,
    place: _Placing,
    to_seat: int,
    *,
    talon: Iterable[Card | str],
    trump_card: tuple[str, Card | str] | None,
    trump: Suit | str | None,
    table: Sequence[tuple[str, Iterable[Card | str]]],
) -> None:
    """A phase-1 position: the talon (or the set-aside card once it is used up), on an empty table."""
    if table:
        raise PositionError("table", "phase_1_position_starts_on")
    w.talon = list(reversed(place.take(talon, "talon")))
    if trump_card is not None:
        holder, card = trump_card
        if w.talon:
            raise PositionError("trump_card", "only_given_once_talon_used")
        w.trump_card = (place.seat_of(holder, "trump_card.player"), place.take([card], "trump_card.card")[0])
    elif not w.talon:
        raise PositionError("talon", "empty_so_set_aside_trump")
    if trump is not None and isinstance(styles[0], TurnedTrump):
        _check_turned_trump(w, trump)
    _begin(w, styles, to_seat, False)


def _check_turned_trump(w: Working, trump: Suit | str) -> None:
    """With a turned-up trump, a `trump` given must be the suit of the talon's last card (or the set-aside one)."""
    given = trump if isinstance(trump, Suit) else Suit.parse(trump)
    shown = (w.talon[0] if w.talon else w.trump_card[1]).suit  # type: ignore[index]
    if given is not shown:
        raise PositionError("trump", "disagrees_with_turned_up_trump", trump=given.value, suit=shown.value)


def _set_phase2(
    w: Working,
    place: _Placing,
    to_seat: int,
    *,
    table: Sequence[tuple[str, Iterable[Card | str]]],
    out: Sequence[str],
) -> None:
    """A phase-2 position (trump set): the plays on the table (or the pile), the players already out."""
    names = w.names
    for i, (name, cards) in enumerate(table):
        play = tuple(place.take(cards, f"table[{i}]"))
        if not play:
            raise PositionError(f"table[{i}]", "play_on_table_has_at")
        w.table.append((place.seat_of(name, f"table[{i}]"), play))
    out_seats = [place.seat_of(name, "out") for name in out]
    if len(set(out_seats)) != len(out_seats):
        raise PositionError("out", "player_listed_twice_player_goes")
    for s in out_seats:
        if w.hands[s]:
            raise PositionError("out", "still_holds_cards", player=names[s])
    w.out = out_seats
    events: list[Event] = []
    in_count = len(names) - len([s for s in range(len(names)) if not w.hands[s]])
    start(w, to_seat, events)
    if not w.over:
        w.to_play = to_seat
        if to_seat in w.out:
            raise PositionError("to_play", "has_no_cards", player=names[to_seat])
        w.trick_target = in_count


def _begin(w: Working, styles: _Styles, leader: int, dealt: bool) -> None:
    """Seat phase 1's first trick (of a deal, or a set-up position, whose phase 1 may be over at once)."""
    styles[0].begin(w, leader, dealt)
    _phase1_over(w, [])


def _play(
    first: Phase1Base, second: Phase2Base, w: Working, seat: int, move: Move, events: list[Event] | None
) -> Reason:
    """Judge a move and carry it out with its events and its reason, or (`events` None) quietly, when a legal move
    may get `LEGAL` instead of its reason (`IllegalMove`, with nothing changed, if it is not legal)."""
    explain = events is not None
    if w.phase == 2:
        why = second.judge(w, seat, move, explain)
        second.apply(w, seat, move, events)
        return why
    why = first.judge(w, seat, move, explain)
    first.apply(w, seat, move, events)
    _phase1_over(w, events)
    return why


def _phase1_over(w: Working, events: list[Event] | None) -> None:
    """If phase 1 has just ended, start phase 2: the trump holder (`w.leader`) leads (the one place this is written)."""
    if w.phase == 2:
        start(w, w.leader, events)


def _card_index(card: Card) -> int:
    return card.index


def _check_cards(move: Move) -> None:
    """A play or throw names one or more cards, each once (a value built by hand may not)."""
    if isinstance(move, (Play, Throw)):
        given: object = move.cards  # as given: the compiled class checks the tuple, not its items
        if isinstance(given, tuple) and len(given) == 1 and type(given[0]) is Card:
            return  # one card: the common case
        _check_many(move)


def _check_many(move: Move) -> None:
    if isinstance(move, (Play, Throw)):
        given: object = move.cards
        if not isinstance(given, tuple) or not all(isinstance(c, Card) for c in given):
            raise MoveParseError(repr(given), "cards_tuple_card_values")
        cards = move.cards
        if not cards:
            raise MoveParseError(str(move), "names_no_card")
        if len(set(cards)) != len(cards):
            raise MoveParseError(str(move), "card_named_twice")


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        count = players
        names = default_names(min(max(count, 0), MAX_PLAYERS))
    else:
        names = tuple(str(p) for p in players)
        count = len(names)
        if len(set(names)) != count:
            raise PositionError("players", "every_player_needs_different_name")
        if any(not n.strip() or ":" in n for n in names):
            raise PositionError("players", "names_non_empty_contain_no")
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PositionError("players", "players_engine_plays_with_rule", count=count, low=MIN_PLAYERS, high=MAX_PLAYERS)
    return names
