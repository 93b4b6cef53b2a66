"""JSON game records and disputed-case files: load, validate, save, replay and judge."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.cards import Card, Suit
from skitgubbe.engine.entry_checks import MAX_SEED, name_problem
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import split_player_move
from skitgubbe.engine.state import GameState
from skitgubbe.errors import (
    CardParseError,
    MoveParseError,
    Phrase,
    PositionError,
    RecordError,
    RulesError,
    SkitgubbeError,
)
from skitgubbe.rules.options import DEFAULT_PRESET, Phase1Style, Rules, short_spec
from skitgubbe.text.lang import check_lang
from skitgubbe.wording import Count

RECORD_FORMAT = "skitgubbe-record/1"


def _rules(spec: Any) -> Rules:
    if spec is None:
        raise RecordError("rules", "null_give_preset_name_object")
    if isinstance(spec, Mapping):
        for name, value in spec.items():
            if name == "preset":
                if not isinstance(value, str):
                    raise RecordError("rules.preset", "preset_name_string", value=_json_kind(value))
            elif name in _RULE_OPTIONS and not isinstance(value, (str, bool)):
                raise RecordError(f"rules.{name}", "true_false_string", value=_json_kind(value))
    elif not isinstance(spec, str):
        raise RecordError("rules", "preset_name_object_options", value=_json_kind(spec))
    try:
        return Rules.from_spec(spec)
    except RulesError as error:
        raise RecordError("rules", error) from None
    except TypeError as error:
        raise RecordError("rules", "not_preset_or_options", problem=error) from None


_RULE_OPTIONS = frozenset(f.name for f in fields(Rules))


def _json_kind(value: Any) -> Phrase | str:
    """How a JSON value reads in a message, worded: `a number (7)`, `a list`, ...; `null`, `true`, `false` as is."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        text = repr(value)
        return Phrase("kind_number", value=text if len(text) <= 20 else text[:17] + "...")
    if isinstance(value, str):
        return Phrase("kind_string", value=repr(value[:40]))
    if isinstance(value, list):
        return Phrase("kind_list")
    if isinstance(value, dict):
        return Phrase("kind_object")
    return type(value).__name__


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(where, "card_like_9c", value=_json_kind(value))
    try:
        return Card.parse(value)
    except CardParseError as error:
        raise RecordError(where, error) from None


def _card_list(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(where, "list_cards", value=_json_kind(value))
    return [_card(item, f"{where}[{i}]") for i, item in enumerate(value)]


def _players(data: Mapping[str, Any]) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list):
        raise RecordError("players", "list_names_seating_order_clockwise")
    if not players:
        raise RecordError("players", "empty_give_2_6_names")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise RecordError(f"players[{i}]", "must_be_name", value=_json_kind(name))
        problem = name_problem(name)
        if problem:
            raise RecordError(f"players[{i}]", problem)
        if name in players[:i]:
            raise RecordError(f"players[{i}]", "named_twice_every_player_needs", name=repr(name))
    if not 2 <= len(players) <= 6:
        raise RecordError("players", "players_engine_plays_with_2", count=len(players))
    return players


def _player(value: Any, players: Sequence[str], where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(where, "name_player_string", value=_json_kind(value))
    if value not in players:
        raise RecordError(where, "unknown_player_players_are", player=repr(value), players=", ".join(players))
    return value


def _card_map(value: Any, key: str, players: Sequence[str]) -> dict[str, list[Card]]:
    """`hands` or `won`: an object from player names to lists of cards."""
    if not isinstance(value, dict):
        raise RecordError(key, "object_player_name_list_cards", value=_json_kind(value))
    parsed = {}
    for name, cards in value.items():
        _player(name, players, f"{key}.{name}")
        parsed[name] = _card_list(cards, f"{key}.{name}")
    return parsed


def _trump_card(value: Any, players: Sequence[str]) -> tuple[str, Card] | None:
    """`trump_card`: who holds the turned-up trump card, and which card it is (absent: None)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"player", "card"}:
        raise RecordError("trump_card", "player_name_card_card")
    holder = _player(value["player"], players, "trump_card.player")
    return holder, _card(value["card"], "trump_card.card")


def _trump(value: Any) -> Suit | None:
    """`trump`: a suit's name (absent: None)."""
    if value is None:
        return None
    try:
        parsed = Suit.parse(value) if isinstance(value, str) else None
    except CardParseError:
        parsed = None
    if parsed is None:
        shown = repr(value) if isinstance(value, str) else _json_kind(value)
        raise RecordError("trump", "not_a_suit_name", text=shown)
    return parsed


def _table(value: Any, players: Sequence[str]) -> list[tuple[str, list[Card]]]:
    """`table`: the plays lying on the table, oldest first, as [player, cards] pairs."""
    if not isinstance(value, list):
        raise RecordError("table", "list_player_cards_pairs_oldest")
    parsed = []
    for i, entry in enumerate(value):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise RecordError(f"table[{i}]", "must_be_player_cards")
        name = _player(entry[0], players, f"table[{i}][0]")
        cards = _card_list(entry[1], f"table[{i}][1]")
        if not cards:
            raise RecordError(f"table[{i}][1]", "empty_play_on_table_has")
        parsed.append((name, cards))
    return parsed


def _out(value: Any, players: Sequence[str]) -> list[str]:
    """`out`: the players already out, each once."""
    if not isinstance(value, list):
        raise RecordError("out", "list_player_names", value=_json_kind(value))
    for i, name in enumerate(value):
        _player(name, players, f"out[{i}]")
        if name in value[:i]:
            raise RecordError(f"out[{i}]", "listed_twice_player_goes_out", player=repr(name))
    return value


def _parse_moves(data: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves", "list_strings_like_9c")
    if len(moves) > MAX_MOVES:
        raise RecordError("moves", "moves_case_record_holds_at", count=Count(len(moves)), limit=Count(MAX_MOVES))
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise RecordError(f"moves[{i}]", "string_like_9c")
        try:
            name, _ = split_player_move(text)
        except MoveParseError as error:
            raise RecordError(f"moves[{i}]", error) from None
        if name is None:
            raise RecordError(f"moves[{i}]", "names_no_player_write_player", move=repr(text))
        if name not in players:
            raise RecordError(
                f"moves[{i}]", "unknown_player_players_are", player=repr(name), players=", ".join(players)
            )
    return moves


#: The reader's limits (`skitgubbe.strict_json`: one reader for every JSON that enters).
MAX_DEPTH = strict_json.MAX_DEPTH
MAX_BYTES = strict_json.MAX_BYTES
#: The most moves a case or record may list: judging is linear, but a person's case is a few dozen moves.
MAX_MOVES = 10_000


def read_source(source: str | Path) -> bytes:
    """The bytes of a file, read once (so a pipe or FIFO works), at most `MAX_BYTES`; `-` is standard input."""
    return strict_json.read_limited(source)


def parse_json(raw: bytes | str) -> dict[str, Any]:
    """One JSON object from UTF-8 bytes (a leading byte-order mark is allowed); `RecordError` says what is wrong."""
    return strict_json.loads_object(raw)


def _load_json(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(source, Mapping):
        strict_json.check_value(source)
        return dict(source)
    return parse_json(read_source(source))


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
        data["rules"] = short_spec(self.rules)
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
            raise RecordError("format", "expected_not", expected=repr(RECORD_FORMAT), value=repr(data.get("format")))
        unknown = set(data) - {"format", "rules", "players", "seed", "deck", "moves", "title"}
        if unknown:
            raise RecordError(sorted(unknown)[0], "unknown_field")
        rules = _rules(data.get("rules", DEFAULT_PRESET))
        players = _players(data)
        seed = data.get("seed")
        deck = data.get("deck")
        if (seed is None) == (deck is None):
            raise RecordError("seed", "give_exactly_one_seed_integer")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("seed", "must_be_integer", value=_json_kind(seed))
        if seed is not None and seed < 0:
            raise RecordError("seed", "must_be_0_or_more", value=seed)
        if seed is not None and seed > MAX_SEED:
            raise RecordError("seed", "at_most_2_53_1", limit=MAX_SEED, value=seed)
        if "title" in data and not isinstance(data["title"], (str, dict)):
            raise RecordError("title", "string_object_languages", value=_json_kind(data["title"]))
        cards = None if deck is None else tuple(_card_list(deck, "deck"))
        moves = _parse_moves(data, players)
        record = cls(rules, tuple(players), tuple(moves), seed, cards)
        record.replay()  # validates the deal and every move
        return record

    def new_game(self) -> Game:
        try:
            return Game.deal(list(self.players), rules=self.rules, seed=self.seed, deck=self.deck)
        except PositionError as error:
            raise RecordError("deck" if self.deck else "players", error) from None

    def replay(self) -> Game:
        """The game after every move; an illegal or unreadable move raises `RecordError` naming it."""
        game = self.new_game()
        for i, text in enumerate(self.moves):
            try:
                game.play(text)
            except (IllegalMove, MoveParseError, ValueError) as error:
                passed = error if isinstance(error, SkitgubbeError) else Phrase("passed_on", error=error)
                raise RecordError(f"moves[{i}]", passed) from None
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
    "quiz",
    "exercise",
}


@dataclass(frozen=True)
class Case:
    """A position and a list of moves to judge (the case format of docs/case-files.md)."""

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
            raise RecordError(unknown[0], "unknown_field_case_has", fields=", ".join(sorted(_CASE_FIELDS)))
        own_rules = _rules(data.get("rules", DEFAULT_PRESET))  # checked even when `rules` overrides them
        case_rules = own_rules if rules is None else Rules.from_spec(rules)
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
        """The case's starting position as a game (every field checked here, in plain Python, before the engine
        sees it, so that the compiled and the source engine refuse a bad file with the same message)."""
        d = self.data
        players = _players(d)
        phase = d.get("phase")
        if type(phase) is not int or phase not in (1, 2):
            raise RecordError("phase", "must_be_1_or_2", value=_json_kind(phase))
        present = [
            key for key in (("table", "trump", "out") if phase == 1 else ("talon", "won", "trump_card")) if key in d
        ]
        if phase == 1 and "trump" in present and self.rules.phase1_style is Phase1Style.TURNED_TRUMP:
            present.remove("trump")  # the turned-up trump is public in phase 1: given, it must agree
        if present:
            other = 2 if phase == 1 else 1
            raise RecordError(present[0], "belongs_phase_case_this_case", phase=other, given=phase)
        parsed_hands = _card_map(d.get("hands"), "hands", players)
        parsed_won = _card_map(d.get("won", {}), "won", players)
        if "to_play" not in d:
            raise RecordError("to_play", "missing_name_player_who_acts")
        to_play = _player(d.get("to_play"), players, "to_play")
        parsed_trump_card = _trump_card(d.get("trump_card"), players)
        parsed_trump = _trump(d.get("trump"))
        if parsed_trump is None and phase == 2:
            raise RecordError("trump", "missing_phase_2_case_needs")
        parsed_table = _table(d.get("table", []), players)
        out = _out(d.get("out", []), players)
        talon = _card_list(d.get("talon", []), "talon")
        try:
            return Game.from_position(
                players=players,
                rules=self.rules,
                phase=phase,
                hands=parsed_hands,
                to_play=to_play,
                talon=talon,
                won=parsed_won,
                trump_card=parsed_trump_card,
                trump=parsed_trump,
                table=parsed_table,
                out=out,
            )
        except PositionError as error:
            raise RecordError(error.place, error.phrase()) from None


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
    check_lang(lang)
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
