"""The learning path's exercises as data, judged by the engine: `skitgubbe/records/exercises/*.json`, read by the
package's one reader of case files (`records.case_files`).

An exercise file is a case in the format of docs/case-files.md (the moves lead to the position asked about; the player
to act then answers) with an `id` (the file name) and an `exercise` block::

    {"set": "phase1", "rule": "p1.higher-wins", "goal": "wins",
     "options": [{"move": "AS", "says": "wins"}, {"move": "3D", "says": "loses"},
                 {"move": "pick up", "says": "refused", "rule": "p1.no-pick-up"}]}

`set` is the lesson it belongs to (`SETS`), `rule` the catalogue rule it teaches, `goal` the outcome the task asks
for (a tag of `TAGS`), `options` the moves the reader may tap, each with `says`: the outcome its feedback names
(a tag; for a refused move also the refusing `rule`). The options are every move the engine allows in the position,
and refused ones besides, unless `text.exercise_words.SHOWN_FEWER` says why the exercise shows fewer; where several
are right, the task asks for one of them (one tap answers it). The engine decides everything: an option is right when its
move has the goal's outcome (`Option.right`), and loading checks that every `says` is what the engine finds, so a
file that disagrees with the engine is refused with a message naming the file, the option and what the engine
found (a file that cannot be read, or whose `id` is not its name, is the reader's `RecordError`). The words (the
task, the set titles, the feedback sentences) are in `skitgubbe.text.exercise_words`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import Chansa, PickUp, Play, parse_move
from skitgubbe.errors import SkitgubbeError
from skitgubbe.records import case_files
from skitgubbe.records.record import Case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.exercise_words import EXERCISE_ERRORS
from skitgubbe.text.lang import LANGS, Lang, check_lang

#: The lessons, in the learner's order: the two phases of the book's rules (Pagat), then the presets' differences.
SETS: tuple[str, ...] = ("phase1", "phase2", "variants")

#: The outcomes an option can have, each found by the engine (`outcome_tags`).
TAGS: tuple[str, ...] = (
    "refused",  # the engine refuses the move (its rule names why)
    "leads",  # a legal first card (or cards) of a trick
    "beats",  # phase 2: a legal card on the table's top card
    "wins",  # phase 1: the mover takes the trick
    "loses",  # phase 1: the other player takes the trick
    "ties",  # phase 1: stunsa
    "drew",  # the mover draws from the talon
    "chansa",  # a talon card turned and played unseen
    "set-aside",  # the talon's last card laid face down
    "phase1-over",  # the move ends phase 1
    "picked-up",  # cards taken from the table (phase 2, or phase 1 under a turned-up trump)
    "trick-turned",  # phase 2: the trick is complete and turned away
    "out",  # the mover is out (safe)
    "loser",  # the game is over: someone is the skitgubbe
    "burned",  # pile game: the pile burns
)

#: The event each tag is read from (the rule that caused the event is the rule the feedback names).
_EVENT_TAGS: Mapping[EventKind, str] = {
    EventKind.TIE: "ties",
    EventKind.CHANSA_CARD: "chansa",
    EventKind.SET_ASIDE: "set-aside",
    EventKind.PHASE1_OVER: "phase1-over",
    EventKind.PICKED_UP: "picked-up",
    EventKind.TAKEN: "picked-up",  # a phase-1 pick-up (uppslagen trumf): the led card taken into hand
    EventKind.TRICK_TURNED: "trick-turned",
    EventKind.LOSER: "loser",
    EventKind.BURNED: "burned",
}

#: The keys of an `exercise` block and of one option.
_BLOCK_KEYS = ("set", "rule", "goal", "options")
_OPTION_KEYS = ("move", "says", "rule")


class ExerciseFileError(ValueError):
    """An exercise file that cannot be used: `where` names the file and the field, the message what is wrong (in
    Swedish and English, `message(lang)`)."""

    def __init__(self, where: str, what: str, /, **params: object) -> None:
        self.where = where
        self.what = what  # the key of the message in `EXERCISE_ERRORS`
        self.params = dict(params)  # an error among them is worded in the message's language
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        lang = check_lang(lang)
        params = {k: v.message(lang) if isinstance(v, SkitgubbeError) else str(v) for k, v in self.params.items()}
        return f"{self.where}: {EXERCISE_ERRORS.phrase(self.what, lang, **params)}"


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of one option: legal or not, the deciding rule, the outcome tags, the game after."""

    legal: bool
    rule: str  # the refusing rule, or the rule of the outcome the feedback names
    tags: frozenset[str]
    words: Mapping[Lang, str]  # the engine's explanation by language
    events: tuple[tuple[str, str, str], ...]  # (rule, sv text, en text) of what followed
    step: Step | None
    game: Game  # after the move (unchanged if refused)


@dataclass(frozen=True)
class Option:
    """One move the reader may tap, with the outcome its feedback names (`says`) and the engine's verdict."""

    move: str
    says: str
    verdict: Verdict
    right: bool

    @property
    def kind(self) -> str:
        """The browser contract's action: `play`, `play-selected` (several cards), `pick-up` or `chansa`."""
        move = parse_move(self.move)
        if isinstance(move, PickUp):
            return "pick-up"
        if isinstance(move, Chansa):
            return "chansa"
        assert isinstance(move, Play)
        return "play" if len(move.cards) == 1 else "play-selected"

    @property
    def cards(self) -> tuple[str, ...]:
        move = parse_move(self.move)
        return tuple(str(c) for c in move.cards) if isinstance(move, Play) else ()


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id, lesson, rule, goal, the case (the position) and its options, judged by the engine."""

    id: str
    set: str
    rule: str
    goal: str
    case: Mapping[str, Any]
    options: tuple[Option, ...]

    def position(self) -> Game:
        """The position the reader answers in: the case's moves played."""
        return _position(self.id, self.case)

    @property
    def player(self) -> str:
        return str(self.position().to_play)

    @property
    def right(self) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.options) if o.right)

    def cited_rules(self) -> frozenset[str]:
        """Every rule the engine cites in judging the case's moves and the options (the exercise's rule is one)."""
        rules: set[str] = set()
        for step in self.position().history:
            rules.add(step.rule)
            rules.update(e.rule for e in step.events)
        for option in self.options:
            rules.add(option.verdict.rule)
            rules.update(r for r, _, _ in option.verdict.events)
            if option.verdict.step is not None:
                rules.add(option.verdict.step.rule)
        return frozenset(rules)


def _position(where: str, case: Mapping[str, Any]) -> Game:
    game = Case.load(dict(case)).start()
    for number, text in enumerate(case.get("moves", ())):
        try:
            game.play(text)
        except SkitgubbeError as error:
            raise ExerciseFileError(f"{where}: moves[{number}]", "illegal_move", move=str(text)) from error
    if game.over or game.to_play is None:
        raise ExerciseFileError(f"{where}: moves", "game_over_no_one")
    return game


def judge(game: Game, move: str) -> Verdict:
    """The engine's verdict on the player to act making `move` in `game` (left unchanged)."""
    player = str(game.to_play)
    trial = game.copy()
    try:
        step = trial.play(move, player)
    except IllegalMove as error:
        words = {lang: error.reason.text(lang) for lang in LANGS}
        return Verdict(False, error.rule, frozenset({"refused"}), words, (), None, game)
    tags: set[str] = set()
    if not game.table:
        tags.add("leads")
    elif game.phase == 2 and isinstance(step.move, Play):
        tags.add("beats")
    for event in step.events:
        tag = _EVENT_TAGS.get(event.kind)
        if event.kind is EventKind.TRICK_WON:
            tag = "wins" if event.player == player else "loses"
        elif event.kind is EventKind.DREW:
            tag = "drew" if event.player == player else None
        elif event.kind is EventKind.OUT:
            tag = "out" if event.player == player else None
        if tag is not None:
            tags.add(tag)
    words = {lang: step.explanation(lang) for lang in LANGS}
    events = tuple((e.rule, e.text("sv"), e.text("en")) for e in step.events)
    return Verdict(True, step.rule, frozenset(tags), words, events, step, trial)


def outcome_rule(verdict: Verdict, tag: str) -> str:
    """The rule that decides an option's outcome `tag`: the refusing rule, the rule of the event behind the tag,
    else the rule that allowed the move."""
    if not verdict.legal or verdict.step is None:
        return verdict.rule
    player = verdict.step.player
    for event in verdict.step.events:
        kind = event.kind
        if kind is EventKind.TRICK_WON and tag == ("wins" if event.player == player else "loses"):
            return event.rule
        if kind is EventKind.DREW and tag == "drew" and event.player == player:
            return event.rule
        if kind is EventKind.OUT and tag == "out" and event.player == player:
            return event.rule
        if _EVENT_TAGS.get(kind) == tag:
            return event.rule
    return verdict.rule


def _block(where: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    block = data.get("exercise")
    if not isinstance(block, dict):
        raise ExerciseFileError(f"{where}: exercise", "must_be_object", value=strict_json.kind(block))
    for key in block:
        if key not in _BLOCK_KEYS:
            raise ExerciseFileError(f"{where}: exercise.{key}", "unknown_key", name=repr(key))
    for key in _BLOCK_KEYS:
        if key not in block:
            raise ExerciseFileError(f"{where}: exercise", "missing_key", name=repr(key))
    if block["set"] not in SETS:
        raise ExerciseFileError(
            f"{where}: exercise.set", "must_be_one_of", choices=", ".join(SETS), value=repr(block["set"])
        )
    if block["rule"] not in CATALOGUE:
        raise ExerciseFileError(f"{where}: exercise.rule", "unknown_rule", rule=repr(block["rule"]))
    if block["goal"] not in TAGS or block["goal"] == "refused":
        raise ExerciseFileError(
            f"{where}: exercise.goal", "must_be_one_of", choices=", ".join(TAGS[1:]), value=repr(block["goal"])
        )
    if not isinstance(block["options"], list) or len(block["options"]) < 2:
        raise ExerciseFileError(f"{where}: exercise.options", "at_least_two_options")
    return block


def _option(where: str, game: Game, goal: str, data: Any) -> Option:
    if not isinstance(data, dict) or "move" not in data or "says" not in data:
        raise ExerciseFileError(where, "option_shape")
    for key in data:
        if key not in _OPTION_KEYS:
            raise ExerciseFileError(f"{where}.{key}", "unknown_key", name=repr(key))
    move, says = data["move"], data["says"]
    if not isinstance(move, str):
        raise ExerciseFileError(f"{where}.move", "must_be_string", value=strict_json.kind(move))
    if says not in TAGS:
        raise ExerciseFileError(f"{where}.says", "must_be_one_of", choices=", ".join(TAGS), value=repr(says))
    try:
        verdict = judge(game, move)
    except SkitgubbeError as error:
        raise ExerciseFileError(f"{where}.move", "not_a_move_here", move=repr(move), why=error) from None
    if says not in verdict.tags:
        raise ExerciseFileError(
            f"{where}.says", "engine_finds", says=repr(says), found=", ".join(sorted(verdict.tags)) or "-"
        )
    if says == "refused" and data.get("rule") != verdict.rule:
        raise ExerciseFileError(f"{where}.rule", "engine_refuses_by", given=repr(data.get("rule")), rule=verdict.rule)
    if says != "refused" and "rule" in data:
        raise ExerciseFileError(f"{where}.rule", "rule_only_refused")
    right = goal in verdict.tags
    if right != (says == goal):
        raise ExerciseFileError(f"{where}.says", "right_says_goal", goal=repr(goal), says=repr(says))
    return Option(move, says, verdict, right)


def load_exercise(exercise_id: str, data: Mapping[str, Any], where: str | None = None) -> Exercise:
    """An exercise from its file's data (`case_files.read_file`), judged by the engine; an `ExerciseFileError`
    naming the file (`where`, by default `exercises/<id>.json`) and the place."""
    where = where or f"exercises/{exercise_id}.json"
    block = _block(where, data)
    case = case_files.case_part("exercises", data)
    try:
        game = _position(where, case)
    except ExerciseFileError:
        raise
    except SkitgubbeError as error:
        raise ExerciseFileError(f"{where}: case", "bad_case", why=error) from None
    options = tuple(
        _option(f"{where}: exercise.options[{i}]", game, block["goal"], o) for i, o in enumerate(block["options"])
    )
    if not any(o.right for o in options) or all(o.right for o in options):
        raise ExerciseFileError(f"{where}: exercise.options", "one_right_one_wrong", goal=repr(block["goal"]))
    return Exercise(exercise_id, block["set"], block["rule"], block["goal"], case, options)


def read_exercise(name: str, raw: bytes) -> Exercise:
    """An exercise from the bytes of its file `name` (`<id>.json`): read by `case_files.read_file` (a
    `RecordError` when it cannot be read or its id is not its name), then judged (`load_exercise`)."""
    return load_exercise(name.removesuffix(".json"), case_files.read_file("exercises", name, raw))


@cache
def exercises() -> Mapping[str, Exercise]:
    """Every exercise of the package, in the path's order: by set (`SETS`), then by id."""
    found = [load_exercise(i, data) for i, data in case_files.read_folder("exercises").items()]
    found.sort(key=lambda e: (SETS.index(e.set), e.id))
    return {e.id: e for e in found}
