"""JSON game records and disputed-case files: load, validate, save, replay and judge."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skitgubbe.engine.cards import Card, Suit
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.moves import split_player_move
from skitgubbe.engine.state import GameState
from skitgubbe.errors import CardParseError, IllegalMove, MoveParseError, PositionError, RulesError
from skitgubbe.errors import RecordError as RecordError  # its home is skitgubbe.errors; re-exported for old imports
from skitgubbe.rules.options import Rules

RECORD_FORMAT = "skitgubbe-record/1"


def _rules(spec: Any) -> Rules:
    try:
        return Rules.from_spec(spec)
    except RulesError as error:
        raise RecordError("rules", str(error)) from None
    except TypeError as error:
        raise RecordError("rules", f"not a preset name or an object of options ({error})") from None


def _card_list(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(where, f"must be a list of cards, not {type(value).__name__}")
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(Card.parse(item))
        except CardParseError as error:
            raise RecordError(f"{where}[{i}]", str(error)) from None
    return cards


def _players(data: Mapping[str, Any]) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players", "must be a list of names in seating order, clockwise")
    return players


def _parse_moves(data: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves", 'must be a list of strings like "A: 9C"')
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise RecordError(f"moves[{i}]", 'must be a string like "A: 9C"')
        try:
            name, _ = split_player_move(text)
        except MoveParseError as error:
            raise RecordError(f"moves[{i}]", str(error)) from None
        if name is None:
            raise RecordError(f"moves[{i}]", f'{text!r} names no player; write "<player>: <move>"')
        if name not in players:
            raise RecordError(f"moves[{i}]", f"unknown player {name!r}; players are {', '.join(players)}")
    return moves


def _load_json(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(source, Mapping):
        return dict(source)
    try:
        text = Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError("", f"cannot read {source}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"line {error.lineno}, column {error.colno}", f"bad JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise RecordError("", "the file must hold one JSON object")
    return data


# -- game records -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameRecord:
    """A whole game: rules, players, the deal (a seed or the deck order) and the moves."""

    rules: Rules
    players: tuple[str, ...]
    moves: tuple[str, ...]
    seed: int | None = None
    deck: tuple[Card, ...] | None = None

    @classmethod
    def of(cls, game: Game, seed: int | None = None, deck: Sequence[Card] | None = None) -> GameRecord:
        """The record of a dealt game (give the seed or deck it was dealt with)."""
        if seed is None and deck is None:
            raise ValueError("a record needs the seed or the deck the game was dealt with")
        return cls(game.rules, game.players, tuple(game.moves), seed, None if deck is None else tuple(deck))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": RECORD_FORMAT}
        name = self.rules.preset_name
        data["rules"] = name if name else {"preset": "pagat", **self.rules.to_dict()}
        data["players"] = list(self.players)
        if self.seed is not None:
            data["seed"] = self.seed
        if self.deck is not None:
            data["deck"] = [str(c) for c in self.deck]
        data["moves"] = list(self.moves)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, source: str | Path | Mapping[str, Any]) -> GameRecord:
        """Read and validate a record; every problem raises `RecordError` naming the field."""
        data = _load_json(source)
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError("format", f"expected {RECORD_FORMAT!r}, not {data.get('format')!r}")
        unknown = set(data) - {"format", "rules", "players", "seed", "deck", "moves", "title"}
        if unknown:
            raise RecordError(sorted(unknown)[0], "unknown field")
        rules = _rules(data.get("rules", "pagat"))
        players = _players(data)
        seed = data.get("seed")
        deck = data.get("deck")
        if (seed is None) == (deck is None):
            raise RecordError("seed", "give exactly one of 'seed' (an integer) and 'deck' (52 cards)")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("seed", f"must be an integer, not {seed!r}")
        cards = None if deck is None else tuple(_card_list(deck, "deck"))
        moves = _parse_moves(data, players)
        record = cls(rules, tuple(players), tuple(moves), seed, cards)
        record.replay()  # validates the deal and every move
        return record

    def new_game(self) -> Game:
        try:
            return Game.deal(list(self.players), rules=self.rules, seed=self.seed, deck=self.deck)
        except PositionError as error:
            raise RecordError("deck" if self.deck else "players", str(error)) from None

    def replay(self) -> Game:
        """The game after every move; an illegal or unreadable move raises `RecordError` naming it."""
        game = self.new_game()
        for i, text in enumerate(self.moves):
            try:
                game.play(text)
            except (IllegalMove, MoveParseError, ValueError) as error:
                raise RecordError(f"moves[{i}]", str(error)) from None
        return game

    def states(self) -> Iterator[GameState]:
        """The dealt position, then the position after each move."""
        return self.replay().states()


# -- disputed-case files ------------------------------------------------------------------------------------
_CASE_FIELDS = {
    "rules",
    "players",
    "phase",
    "hands",
    "talon",
    "won",
    "trump_card",
    "trump",
    "to_play",
    "table",
    "out",
    "moves",
    "title",
    "question",
    "notes",
    "id",
    "point",
    "expect",
}


@dataclass(frozen=True)
class Case:
    """A position and a list of moves to judge (the DESIGN.md case format)."""

    rules: Rules
    data: Mapping[str, Any]
    moves: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, source: str | Path | Mapping[str, Any], rules: Rules | str | None = None) -> Case:
        """Read and validate a case file; `rules` overrides the file's rules (for side-by-side judging)."""
        data = _load_json(source)
        unknown = sorted(set(data) - _CASE_FIELDS)
        if unknown:
            raise RecordError(unknown[0], f"unknown field; a case has {', '.join(sorted(_CASE_FIELDS))}")
        case_rules = _rules(data.get("rules", "pagat")) if rules is None else Rules.from_spec(rules)
        players = _players(data)
        moves = _parse_moves(data, players)
        case = cls(
            case_rules,
            data,
            tuple(moves),
            {k: data[k] for k in ("title", "question", "notes", "id", "point", "expect") if k in data},
        )
        case.start()  # validates the position
        return case

    def start(self) -> Game:
        """The case's starting position as a game."""
        d = self.data
        players = _players(d)
        phase = d.get("phase")
        if phase not in (1, 2):
            raise RecordError("phase", f"must be 1 or 2, not {phase!r}")
        hands = d.get("hands")
        if not isinstance(hands, dict):
            raise RecordError("hands", "must be an object: player name -> list of cards")
        parsed_hands = {}
        for name, cards in hands.items():
            if name not in players:
                raise RecordError(f"hands.{name}", f"unknown player; players are {', '.join(players)}")
            parsed_hands[name] = _card_list(cards, f"hands.{name}")
        won = d.get("won", {})
        if not isinstance(won, dict):
            raise RecordError("won", "must be an object: player name -> list of cards")
        parsed_won = {}
        for name, cards in won.items():
            if name not in players:
                raise RecordError(f"won.{name}", f"unknown player; players are {', '.join(players)}")
            parsed_won[name] = _card_list(cards, f"won.{name}")
        to_play = d.get("to_play")
        if not isinstance(to_play, str):
            raise RecordError("to_play", "must name the player who acts first")
        if to_play not in players:
            raise RecordError("to_play", f"unknown player {to_play!r}; players are {', '.join(players)}")
        trump_card = d.get("trump_card")
        parsed_trump_card = None
        if trump_card is not None:
            if not isinstance(trump_card, dict) or set(trump_card) != {"player", "card"}:
                raise RecordError("trump_card", 'must be {"player": name, "card": card}')
            try:
                parsed_trump_card = (trump_card["player"], Card.parse(trump_card["card"]))
            except CardParseError as error:
                raise RecordError("trump_card.card", str(error)) from None
        trump = d.get("trump")
        parsed_trump = None
        if trump is not None:
            try:
                parsed_trump = Suit.parse(trump) if isinstance(trump, str) else None
            except CardParseError:
                parsed_trump = None
            if parsed_trump is None:
                raise RecordError("trump", f"{trump!r} is not a suit (C, D, H, S or a suit name)")
        table = d.get("table", [])
        parsed_table = []
        if not isinstance(table, list):
            raise RecordError("table", "must be a list of [player, [cards]] pairs, oldest first")
        for i, entry in enumerate(table):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise RecordError(f"table[{i}]", "must be [player, [cards]]")
            parsed_table.append((entry[0], _card_list(entry[1], f"table[{i}]")))
        out = d.get("out", [])
        if not isinstance(out, list):
            raise RecordError("out", "must be a list of player names")
        try:
            return Game.from_position(
                players=players,
                rules=self.rules,
                phase=phase,
                hands=parsed_hands,
                to_play=to_play,
                talon=_card_list(d.get("talon", []), "talon"),
                won=parsed_won,
                trump_card=parsed_trump_card,
                trump=parsed_trump,
                table=parsed_table,
                out=out,
            )
        except PositionError as error:
            raise RecordError(error.where, error.problem) from None


@dataclass(frozen=True)
class Verdict:
    """One judged move: legal or not, the deciding rule and its explanation."""

    move: str
    player: str
    legal: bool
    rule: str
    explanation: str
    step: Step | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "player": self.player,
            "legal": self.legal,
            "rule": self.rule,
            "explanation": self.explanation,
        }


@dataclass(frozen=True)
class Judgement:
    """The verdicts on a case's moves (stopping at the first illegal one) and the position reached."""

    rules: Rules
    verdicts: tuple[Verdict, ...]
    game: Game

    @property
    def all_legal(self) -> bool:
        return all(v.legal for v in self.verdicts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "moves": [v.to_dict() for v in self.verdicts],
            "state": self.game.state.to_dict(),
        }


def judge_case(case: Case, lang: str = "en") -> Judgement:
    """Replay the case's moves from its position, judging each; stop at the first illegal move."""
    game = case.start()
    verdicts = []
    for text in case.moves:
        name, move = split_player_move(text)
        assert name is not None
        move_text = text.partition(":")[2].strip()
        try:
            step = game.play(move, name)
        except IllegalMove as error:
            verdicts.append(Verdict(move_text, name, False, error.rule, error.reason.text(lang)))
            break
        verdicts.append(Verdict(move_text, name, True, step.rule, step.explanation(lang), step))
    return Judgement(case.rules, tuple(verdicts), game)
