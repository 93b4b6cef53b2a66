"""The engine side of the reader's table: one live game, the board as JSON, and a case judged under every preset.

Plain JSON out, pure Python, no dependencies beyond the package, and below the views: the live protocol the front
end speaks (`{"op": ...}` messages) is `skitgubbe.views.controllers`' alone, in Jupyter and in the browser worker;
its `PlayController` drives a `Session`, its `CheckerController` calls `checked_case`. A `Session` holds one game:

- `new_game({"rules", "players", "opponents", "seed", "seat", "lang"})`: deal; the reader sits at `seat`. With
  `"people": [names]` instead of `seat`, several people share one screen (pass and play): `opponents` then gives
  the computer seats' kind (one for all, or `{name: kind}`), and the view is for the person who has the screen.
- `cover` / `reveal(name)`: the screen passed on; while `cover` names the person to hand it to, no hand is shown.
- `take_over({"case": {...}, "upto": k})`: continue a case (a Replay's position after `k` moves) as a live game.
- `view(seat=None, open=False)`: what the front end draws, from one seat (other hands face down) or open.
- `legal_actions()`: the reader's legal moves as actions (`play`, `pick-up`, `chansa`, `throw`, `pass`).
- `play("9C")`: the reader's move as text; an illegal one is refused with its rule, the game unchanged.
- `computer_move()`: the computer player whose turn it is makes one move.

None of them builds the board view as a side effect: the caller asks for `view()` once per change.
`frame_view(...)` is the same view for one frame of a Replay (the static site embeds a list of them);
`check_case(case)` a disputed case judged under every preset (`checked_case` also gives the judgements).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.cards import Card
from skitgubbe.engine.entry_checks import check_seed
from skitgubbe.engine.events import Event, EventKind, Reason
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import Chansa, Move, Pass, PickUp, Play, Throw, parse_move, split_player_move
from skitgubbe.engine.state import GameState
from skitgubbe.errors import MoveParseError, Phrase, PositionError, RecordError, RulesError
from skitgubbe.players.registry import offered_kinds, reader_player
from skitgubbe.records.compare import Comparison, compare
from skitgubbe.records.record import Case, GameRecord, judge_case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import DEFAULT_PRESET, Rules
from skitgubbe.text.error_text import error_text, value_text
from skitgubbe.text.i18n import cards_named, move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.session_words import SESSION

__all__ = [
    "Checked",
    "Session",
    "SessionError",
    "check_case",
    "checked_case",
    "frame_view",
    "house_verdict",
    "illegal_view",
    "move_cards",
    "move_kind",
    "move_label",
    "named_step_view",
    "state_view",
    "step_view",
]

JSON = dict[str, Any]

#: Events after which the table the move completed is turned away (or taken): the frame shows it whole once.
_CLEARING = {EventKind.TRICK_WON, EventKind.TRICK_TURNED, EventKind.BURNED, EventKind.TIE}


class SessionError(ValueError):
    """A request the session cannot serve (bad JSON value, no game); the message is in the request's language."""


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _completed_text(before: GameState | None, lang: Lang) -> str:
    """The note on a completed trick: phase 1's winner takes it home, only phase 2 turns a trick away."""
    phase1 = before is not None and int(before.phase) == 1
    return SESSION.phrase("completed_phase1" if phase1 else "completed", lang)


def move_kind(move: Move) -> str:
    """The kind of action a move is, as the front end names it: `play`, `pick-up`, `chansa`, `throw` or `pass`."""
    if isinstance(move, PickUp):
        return "pick-up"
    if isinstance(move, Chansa):
        return "chansa"
    if isinstance(move, Throw):
        return "throw"
    if isinstance(move, Pass):
        return "pass"
    return "play"


def move_cards(move: Move) -> list[str]:
    """The codes of the cards a move lays down (none for a pick-up, chansa or pass)."""
    return _codes(move.cards) if isinstance(move, (Play, Throw)) else []


def step_view(step: Step, lang: str, legal: bool = True) -> JSON:
    """The move just made: who, what (in words), the rule (id and words), why, what followed."""
    lang = check_lang(lang)
    return {
        "player": step.player,
        "kind": move_kind(step.move),
        "cards": move_cards(step.move),
        "move": str(step.move),
        "text": f"{step.player}: {move_text(step.move, lang)}",
        "legal": legal,
        "verdict": SESSION.phrase("legal" if legal else "illegal", lang),
        "rule": step.rule,
        "rule_text": CATALOGUE[step.rule].text(lang),
        "why": step.explanation(lang),
        "events": [{"text": e.text(lang), "rule": e.rule} for e in step.events],
    }


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    return names.get(value, value) if isinstance(value, str) else value


def named_step_view(step: Step, lang: str, names: Mapping[str, str]) -> JSON:
    """`step_view` of `step` with the seats named (`names`: seat -> "Anna", "dator C", "A (du)"): its `player`
    stays the seat (the pages compare it), its text, why and events name them. The engine's words take the seat as
    a parameter, so the texts are worded anew with the names, never by a search and replace in finished text
    (where "A" may be an ace or an article)."""
    lang = check_lang(lang)
    view = step_view(step, lang)
    reason = step.reason
    why = Reason(reason.rule, reason.key, tuple((k, _renamed(v, names)) for k, v in reason.params))
    events = [
        Event(e.kind, e.rule, _renamed(e.player, names), e.cards, e.count, tuple(names.get(p, p) for p in e.players))
        for e in step.events
    ]
    view["name"] = names.get(step.player, step.player)
    view["text"] = f"{view['name']}: {move_text(step.move, lang)}"
    view["why"] = why.text(lang)
    view["events"] = [{"text": e.text(lang), "rule": e.rule} for e in events]
    return view


def move_label(text: str, lang: Lang) -> str:
    """`B: QC KC AC` written in the language (`B: ♣D ♣K ♣E`); unreadable text is shown as it is."""
    try:
        name, move = split_player_move(text)
        return f"{name}: {move_text(move, lang)}"
    except (MoveParseError, ValueError):
        return text


def illegal_view(player: str, move: str, rule: str, why: str, lang: Lang) -> JSON:
    """A refused move (`move` without its player) in the shape of a step of the narration (`step_view`), not legal,
    with the rule that refuses it and why: the live game's and the table server's one view of it."""
    try:
        parsed = parse_move(move)
        text = f"{player}: {move_text(parsed, lang)}"
        kind, cards = move_kind(parsed), move_cards(parsed)
    except MoveParseError:
        text, kind, cards = f"{player}: {move}", "play", []
    return {
        "player": player,
        "kind": kind,
        "cards": cards,
        "move": move,
        "text": text,
        "legal": False,
        "verdict": SESSION.phrase("illegal", lang),
        "rule": rule,
        "rule_text": CATALOGUE[rule].text(lang) if rule in CATALOGUE else "",
        "why": why,
        "events": [{"text": SESSION.phrase("unchanged", lang), "rule": ""}],
    }


def state_view(
    state: GameState,
    lang: str,
    *,
    seat: str | None = None,
    open: bool = True,
    lesson: bool = False,
    before: GameState | None = None,
    step: Step | None = None,
) -> JSON:
    """What the front end draws of a position.

    `open=False` hides every hand but `seat`'s (a count and face-down cards). The talon and the set-aside card
    are always face down; `lesson=True` adds the set-aside card's code for a marked "show it" toggle. With the
    state `before` a move and its `step`, a trick the move completed is shown whole (`completed`) for this view.
    """
    lang = check_lang(lang)
    phase = int(state.phase)
    table, completed = _table_view(state, before, step)
    trump = _trump_view(state, lang)
    return {
        "lang": lang,
        "players": list(state.players),
        "seat": seat,
        "phase": phase,
        "phase_text": SESSION.phrase("phase1" if phase == 1 else "phase2", lang),
        "to_play": state.to_play,
        "status": _status(state, lang),
        "trump": trump,
        "trump_text": trump["text"] if trump else (SESSION.phrase("no_trump", lang) if phase == 1 else ""),
        "hands": _hands_view(state, seat=seat, open=open),
        "won": {name: len(state.won.get(name, ())) for name in state.players},
        "talon": len(state.talon),
        "talon_text": SESSION.phrase("talon", lang, n=len(state.talon))
        if state.talon
        else SESSION.phrase("talon_empty", lang),
        "trump_card": _trump_card_view(state, lang, lesson=lesson),
        "table": table,
        "completed": completed,
        "completed_text": _completed_text(before, lang) if completed else "",
        "out": list(state.out),
        "loser": state.loser,
        "over": state.over,
    }


def _hands_view(state: GameState, *, seat: str | None, open: bool) -> dict[str, JSON]:
    """Each hand's count, and its cards where the view shows them (every hand when `open`, else `seat`'s)."""
    hands: dict[str, JSON] = {}
    for name in state.players:
        cards = state.hands.get(name, ())
        shown = open or name == seat
        hands[name] = {"count": len(cards), "cards": _codes(cards) if shown else None}
    return hands


def _table_view(state: GameState, before: GameState | None, step: Step | None) -> tuple[list[Any], bool]:
    """The table's plays, and whether they are a trick the move `step` completed (shown whole before it goes)."""
    if (
        before is not None
        and step is not None
        and isinstance(step.move, (Play, Throw))
        and any(e.kind in _CLEARING for e in step.events)
        and len(state.table) < len(before.table) + 1
    ):
        return [[name, _codes(play)] for name, play in before.table] + [[step.player, move_cards(step.move)]], True
    return [[name, _codes(play)] for name, play in state.table], False


def _trump_card_view(state: GameState, lang: Lang, *, lesson: bool) -> JSON | None:
    """The set-aside trump card of phase 1: face down unless turned up at the deal; its code for a lesson."""
    if state.trump_card is None or int(state.phase) != 1:
        return None
    holder, card = state.trump_card
    public = state.trump is not None  # turned up at the deal (uppslagen trumf): public all game
    trump_card: JSON = {
        "player": holder,
        "card": str(card) if public else "back",
        "caption": SESSION.phrase("set_aside", lang, name=holder),
    }
    if lesson and not public:
        trump_card["lesson"] = str(card)
    return trump_card


def _status(state: GameState, lang: Lang) -> str:
    """Who lost, who is to play, or that the game is over."""
    if state.loser is not None:
        return SESSION.phrase("loser", lang, name=state.loser)
    if state.to_play is not None:
        return SESSION.phrase("to_play", lang, name=state.to_play)
    return SESSION.phrase("over", lang)


def _trump_view(state: GameState, lang: Lang) -> JSON | None:
    """The trump suit and its words, once there is one."""
    if state.trump is None:
        return None
    return {"suit": state.trump.value, "text": SESSION.phrase("trump", lang, suit=state.trump.name_in(lang))}


def frame_view(
    state: GameState,
    lang: str,
    *,
    index: int,
    total: int,
    before: GameState | None = None,
    step: Step | None = None,
    illegal: Mapping[str, Any] | None = None,
    title: str | None = None,
    label: str = "",
) -> JSON:
    """One frame of a Replay: the open view of the position, the move that led to it and its heading."""
    lang = check_lang(lang)
    view = state_view(state, lang, open=True, lesson=True, before=before, step=step)
    if illegal is not None:
        view["last"] = illegal_view(
            str(illegal["player"]), str(illegal["move"]), str(illegal["rule"]), str(illegal["why"]), lang
        )
    elif step is not None:
        view["last"] = step_view(step, lang)
    else:
        view["last"] = None
    view["index"] = index
    view["total"] = total
    view["title"] = title or ""
    view["label"] = label
    return view


# ---------------------------------------------------------------------------------------------------------------
# the checker
# ---------------------------------------------------------------------------------------------------------------


def _moves_json(verdicts: Sequence[Any], lang: Lang) -> list[JSON]:
    """Each judged move as JSON, with the deciding rule's sentence in `lang` (`rule_text`)."""
    return [
        {
            **v.to_dict(),
            "explanation": cards_named(v.explanation, lang),  # as the checker's card buttons name the cards
            "rule_text": CATALOGUE[v.rule].text(lang) if v.rule in CATALOGUE else "",
        }
        for v in verdicts
    ]


def _error_words(error: Exception, lang: Lang) -> str:
    """An error's message in `lang`: every message of the package's errors, and the English of others matched."""
    return error_text(error, lang)


def _case_error(error: Exception, lang: Lang) -> str:
    """A bad case's message; text that is not JSON says what, then where: `JSON: <problem> (line 1, column 2)`."""
    where = error.place if isinstance(error, RecordError) else None
    if (
        isinstance(error, RecordError)
        and isinstance(where, Phrase)
        and (where.key, error.key) == ("line_column", "bad_json")
    ):
        shown = value_text(error.params["problem"], lang)
        return SESSION.phrase("bad_json", lang, problem=shown, line=where.params["line"], column=where.params["column"])
    return _error_words(error, lang)


def house_verdict(data: Mapping[str, Any], house: Any, lang: str = "en") -> JSON:
    """The case's moves judged under house rules (`house`: a rules spec, `{"preset": base, <option>: value}`):
    `{"spec", "base", "legal", "first_illegal", "error", "moves"}`; rules the engine refuses give `error`."""
    lang = check_lang(lang)
    base = house.get("preset", DEFAULT_PRESET) if isinstance(house, Mapping) else house
    entry: JSON = {"spec": house, "base": base, "legal": False, "first_illegal": None, "error": None, "moves": []}
    try:
        rules = Rules.from_spec(house)
        case = Case.load(dict(data), rules=rules)
    except (RecordError, RulesError, PositionError, TypeError, ValueError) as error:
        entry["error"] = _error_words(error, lang)
        return entry
    judged = judge_case(case, lang)
    entry["moves"] = _moves_json(judged.verdicts, lang)
    entry["legal"] = judged.all_legal
    entry["first_illegal"] = next((i for i, v in enumerate(judged.verdicts) if not v.legal), None)
    return entry


@dataclass(frozen=True)
class Checked:
    """A checked case: the answer as JSON (`check_case`) and the judgements it was made from (None for a bad case),
    so that a caller needing a position reached under one preset takes it from here instead of judging again."""

    answer: JSON
    comparison: Comparison | None


def check_case(case: Mapping[str, Any] | str, lang: str = "en", house: Any = None) -> JSON:
    """A case file's moves judged under every preset: `{"ok", "error", "moves", "labels", "verdicts": [...]}`.

    `verdicts` holds one entry per preset (`preset`, `legal`: every move legal under it, `first_illegal`, and
    each move's verdict with its rule's sentence); a bad case gives `ok: false` and an `error` in `lang`, never an
    exception. With `house` (a rules spec) the answer also has `house`: the verdict under those rules.
    """
    return checked_case(case, lang, house).answer


def checked_case(case: Mapping[str, Any] | str, lang: str = "en", house: Any = None) -> Checked:
    """`check_case`'s answer with the comparison behind it: the case judged once per preset."""
    lang = check_lang(lang)
    try:
        if isinstance(case, str):
            data = strict_json.loads_object(case)
        elif isinstance(case, Mapping):
            strict_json.check_value(case, "case")
            data = dict(case)
        else:
            raise RecordError("", "case_json_object_text", value=strict_json.kind(case))
        if house is not None:
            strict_json.check_value(house, "house")
        comparison = compare(data, lang=lang)
    except (RecordError, RulesError, PositionError, MoveParseError) as error:
        failed = {
            "ok": False,
            "error": SESSION.phrase("bad_case", lang, error=_case_error(error, lang)),
            "verdicts": [],
        }
        return Checked(failed, None)
    verdicts = []
    for preset in comparison.presets:
        judged = comparison.judgements.get(preset)
        verdicts.append(
            {
                "preset": preset,
                "legal": comparison.all_legal(preset),
                "first_illegal": comparison.first_illegal(preset),
                "error": comparison.errors.get(preset),
                "moves": _moves_json(judged.verdicts, lang) if judged else [],
            }
        )
    answer: JSON = {
        "ok": True,
        "error": None,
        "moves": list(comparison.moves),
        "labels": [cards_named(move_label(m, lang), lang) for m in comparison.moves],
        "verdicts": verdicts,
    }
    if house is not None:
        answer["house"] = house_verdict(data, house, lang)
    return Checked(answer, comparison)


# ---------------------------------------------------------------------------------------------------------------
# a live game
# ---------------------------------------------------------------------------------------------------------------


class Session:
    """One live game: the reader at one seat, computer players at the others (JSON out); or several people at one
    screen, each seat a person or a computer player (pass and play).

    `seat` is the person who has the screen: the reader; in pass and play the one whose hand was shown last (None
    before the first). When the turn comes to another person, `cover` names them and no view shows a hand until
    they `reveal` it; the same person again (a computer seat in between, or the rules give them the turn again)
    needs no cover, since nobody else has had the screen.

    The engine-side object `views.controllers.PlayController` drives; a request it cannot serve (a bad spec, a
    value of the wrong type, no game) raises `SessionError` in the session's language and changes nothing."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.game: Game | None = None
        self.seat: str | None = None
        #: the seats people play (the reader's alone, or several at one screen); every other seat is a computer's
        self.people: tuple[str, ...] = ()
        self.opponents: str | dict[str, str] = "sensible"
        self.bots: dict[str, Any] = {}
        self.last: JSON | None = None
        self._before: GameState | None = None
        self._step: Step | None = None

    # -- the game ---------------------------------------------------------------------------------------------
    def _start(
        self, game: Game, seat: str | None, opponents: object, seed: object, lang: Lang, people: object = None
    ) -> None:
        """Seat the people and the computer players: every value checked first, then the session changed."""
        if people is None:
            seat = seat if seat is not None else game.players[0]
            if seat not in game.players:
                raise SessionError(
                    SESSION.phrase("bad_spec", lang, error=SESSION.phrase("bad_seat", lang, seat=repr(seat)))
                )
            persons: tuple[str, ...] = (seat,)
        else:
            persons = _people(game, people, seat, lang)
            seat = persons[0] if len(persons) == 1 else None  # one person has the screen; several pass it on
        kinds = _kinds(game, persons, opponents, lang)
        try:
            base = check_seed(seed)
        except ValueError as error:
            raise SessionError(SESSION.phrase("bad_spec", lang, error=_error_words(error, lang))) from None
        bots = {
            name: reader_player(kinds[name], base * 7 + i) for i, name in enumerate(game.players) if name not in persons
        }
        self.lang = lang
        self.game = game
        self.seat = seat
        self.people = persons
        self.opponents = opponents if isinstance(opponents, str) else dict(kinds)
        self.bots = bots
        self.last = None
        self._before = None
        self._step = None

    def new_game(self, spec: Mapping[str, Any]) -> None:
        """Deal a new game: `rules` (a preset name or an options object), `players` (a count or names),
        `opponents` (`random`, `sensible`, `strong`), `seed`, `seat` (default: the first player), `lang`; or
        `people` (the names of the seats people play, instead of `seat`) and `opponents` as one kind or
        `{name: kind}` for every other seat.
        A refused spec changes nothing (the game under way goes on)."""
        lang = self.lang
        if not isinstance(spec, Mapping):
            raise SessionError(SESSION.phrase("not_object", self.lang, what="spec", kind=strict_json.kind(spec)))
        if "lang" in spec:
            lang = check_lang(spec["lang"])  # a LanguageError (a SkitgubbeError): the caller words it
        seed = spec.get("seed", 1)
        try:
            rules = Rules.from_spec(spec.get("rules", DEFAULT_PRESET))
            game = Game.deal(spec.get("players", 3), rules=rules, seed=seed)
        except (RulesError, PositionError, ValueError, TypeError) as error:
            raise SessionError(SESSION.phrase("bad_spec", lang, error=_error_words(error, lang))) from None
        seat = spec.get("seat")
        if seat is not None and not isinstance(seat, str):
            raise SessionError(
                SESSION.phrase("bad_spec", lang, error=SESSION.phrase("bad_seat", lang, seat=repr(seat)))
            )
        self._start(game, seat, spec.get("opponents", "sensible"), seed, lang, spec.get("people"))

    def take_over(self, frame: Mapping[str, Any]) -> None:
        """Continue a Replay as a live game: `{"case": <case file>, "upto": k, "seat", "opponents", "seed"}`
        plays the case's first `k` moves, then the reader has `seat` (default: whoever is to act). A whole game's
        Replay gives its record instead: `{"record": <record file>, "upto": k, ...}` deals it and plays `k` moves.
        A refused frame changes nothing."""
        lang = self.lang
        try:
            if not isinstance(frame, Mapping):
                raise RecordError("", "frame_json_object", value=strict_json.kind(frame))
            source = frame.get("record") if "record" in frame else frame.get("case", {})
            if not isinstance(source, Mapping):
                raise RecordError(
                    "record" if "record" in frame else "case", "must_be_object", value=strict_json.kind(source)
                )
            if "record" in frame:
                record = GameRecord.load(dict(source))
                game, moves = record.new_game(), record.moves
            else:
                case = Case.load(dict(source))
                game, moves = case.start(), case.moves
            upto = frame.get("upto", len(moves))
            if type(upto) is not int or not 0 <= upto <= len(moves):
                shown = upto if type(upto) is int else repr(upto)[:40]
                raise ValueError(SESSION.phrase("bad_upto", lang, n=len(moves), upto=shown))
            for text in moves[:upto]:
                game.play(text)
        except (RecordError, RulesError, PositionError, IllegalMove, ValueError, TypeError) as error:
            raise SessionError(SESSION.phrase("bad_case", lang, error=_error_words(error, lang))) from None
        seat = frame.get("seat") or game.to_play or game.players[0]
        if not isinstance(seat, str):
            raise SessionError(
                SESSION.phrase("bad_spec", lang, error=SESSION.phrase("bad_seat", lang, seat=repr(seat)))
            )
        self._start(game, seat, frame.get("opponents", "sensible"), frame.get("seed", 1), lang)

    def _game(self) -> Game:
        if self.game is None:
            raise SessionError(SESSION.phrase("no_game", self.lang))
        return self.game

    def view(self, seat: str | None = None, open: bool = False) -> JSON:
        """The board from `seat` (default: the one who has the screen) with other hands face down, or `open`;
        while the screen is to be passed on (`cover`), every hand face down, whatever is asked."""
        game = self._game()
        if seat is not None and not isinstance(seat, str):
            raise SessionError(SESSION.phrase("not_text", self.lang, what="seat", kind=strict_json.kind(seat)))
        cover = self.cover
        you = None if cover is not None else self.seat
        shown = None if cover is not None else seat or self.seat
        view = state_view(
            game.state, self.lang, seat=shown, open=open and cover is None, before=self._before, step=self._step
        )
        view["last"] = self.last
        view["you"] = you
        view["your_turn"] = not game.over and you is not None and game.to_play == you
        view["actions"] = self.legal_actions()
        view["moves"] = game.move_count
        view["your_moves"] = sum(1 for step in game.history if step.player == you) if you is not None else 0
        view["search_note"] = self.search_note()
        view["people"] = list(self.people)
        view["cover"] = cover
        return view

    @property
    def cover(self) -> str | None:
        """The person to hand the screen to before their hand is shown: the person to play when the screen is with
        another person (or with nobody yet); None otherwise (a computer to play, the same person, the game over)."""
        game = self.game
        if game is None or game.over or game.to_play not in self.people:
            return None
        return game.to_play if game.to_play != self.seat else None

    @property
    def computer_turn(self) -> bool:
        """Whether a computer seat is to move."""
        game = self.game
        return game is not None and not game.over and game.to_play is not None and game.to_play not in self.people

    def reveal(self, name: object) -> None:
        """`name`, to whom the screen was handed (`cover`), now has it: the views show their hand."""
        cover = self.cover
        if cover is None or name != cover:
            shown = name if isinstance(name, str) else strict_json.kind(name)
            raise SessionError(SESSION.phrase("not_covered", self.lang, name=repr(shown)[:48]))
        self.seat = cover

    def search_note(self) -> str | None:
        """Where the strong search (a strong opponent, the hint, the review) runs on the engine for this game's
        rules, why, in the reader's language; None where the fast core plays them."""
        from skitgubbe.text.search_text import search_note  # lazily, as the other words of the coach

        return search_note(self._game().rules, self.lang)

    def legal_actions(self) -> list[JSON]:
        """The legal moves of the one who has the screen (empty when it is not their turn, or while the screen is to be
        passed on): kind, cards, text to play, words."""
        game = self._game()
        if game.over or self.seat is None or game.to_play != self.seat or self.cover is not None:
            return []
        return [
            {
                "kind": move_kind(m),
                "cards": move_cards(m),
                "move": str(m),
                "text": move_text(m, self.lang),
            }
            for m in game.legal_moves()
        ]

    def _played(self, step: Step, before: GameState) -> JSON:
        self._before, self._step = before, step
        self.last = step_view(step, self.lang)
        return {"ok": True, "error": None, "step": self.last}

    def play(self, text: str) -> JSON:
        """The reader's move as text (`9C`, `QC KC AC`, `pick up`, `chansa`, `throw 9D`, `pass`):
        `{"ok", "error", "step"}`. An illegal move is refused with its rule (`error`: `rule`, `message`; `step`:
        the refused move explained, kept as `last`), text that is no move with a message only (no `step`); the
        game is unchanged either way. The board is not part of the answer: ask `view()` once afterwards."""
        game = self._game()
        if not isinstance(text, str):
            raise SessionError(SESSION.phrase("not_text", self.lang, what="move", kind=strict_json.kind(text)))
        lang = self.lang
        if game.over:  # the refusal names the seat that tried to move
            return self._refused(self.seat or game.players[0], text, "game.over", SESSION.phrase("game_over", lang))
        cover = self.cover
        if cover is not None or self.seat is None:  # nobody's hand is shown: no move, and nothing about a hand said
            message = SESSION.phrase("covered", lang, name=cover or str(game.to_play))
            return {"ok": False, "error": {"rule": "", "message": message}}
        before = game.state
        try:
            step = game.play(text, self.seat)
        except IllegalMove as error:
            return self._refused(self.seat, text, error.rule, error.reason.text(lang))
        except (MoveParseError, ValueError) as error:
            message = SESSION.phrase("bad_move", lang, error=_error_words(error, lang))
            return {"ok": False, "error": {"rule": "", "message": message}}
        return self._played(step, before)

    def _refused(self, player: str, text: str, rule: str, why: str) -> JSON:
        self.last = illegal_view(player, text, rule, why, self.lang)
        return {"ok": False, "error": {"rule": rule, "message": why}, "step": self.last}

    def computer_move(self) -> JSON:
        """One move by the computer player whose turn it is (`{"ok": true, "step"}`; `ok` false, nothing played, when
        it is a person's turn or the game is over)."""
        game = self._game()
        player = game.to_play
        if not self.computer_turn or player is None:
            return {"ok": False, "error": None}
        before = game.state
        step = game.play(self.bots[player].choose(game), player)
        return self._played(step, before)


def _people(game: Game, people: object, seat: object, lang: Lang) -> tuple[str, ...]:
    """The seats people play: a list of the game's names, each once, one or more (and no `seat` beside it)."""
    names = game.players
    if (
        seat is not None
        or not isinstance(people, list)
        or not people
        or any(not isinstance(n, str) or n not in names for n in people)
        or len(set(people)) != len(people)
    ):
        error = SESSION.phrase("bad_people", lang, players=", ".join(names))
        raise SessionError(SESSION.phrase("bad_spec", lang, error=error))
    return tuple(n for n in names if n in people)


def _kinds(game: Game, people: Sequence[str], opponents: object, lang: Lang) -> dict[str, str]:
    """The kind of computer player of every seat no person plays: `opponents` is one kind for all, or `{name: kind}`
    naming exactly those seats."""
    computers = [n for n in game.players if n not in people]
    if isinstance(opponents, str) and opponents in offered_kinds():
        return dict.fromkeys(computers, opponents)
    if isinstance(opponents, Mapping) and all(isinstance(v, str) and v in offered_kinds() for v in opponents.values()):
        if set(opponents) == set(computers):
            return {n: str(opponents[n]) for n in computers}
        error = SESSION.phrase("bad_opponent_seats", lang, seats=", ".join(computers) or "-")
        raise SessionError(SESSION.phrase("bad_spec", lang, error=error))
    error = SESSION.phrase("bad_opponents", lang, kinds=", ".join(offered_kinds()))
    raise SessionError(SESSION.phrase("bad_spec", lang, error=error))
