"""The Python side of the reader's table, apart from any widget library: one controller per live mode.

A controller owns the front end's model (the keys `table.js` reads) for a live game or the checker. It answers the
front end's messages (`{"op": ...}`, the same ones `table.js` sends) with the model keys that changed, plain JSON:

    controller = PlayController("sv", {"rules": "pagat", "players": 3, "seed": 1, "opponents": "sensible"})
    model = controller.state()                        # every key, for the first draw
    changes = controller.handle({"op": "play", "move": "9C"})
    while changes.get("busy"):                        # the computer seats, one move per message
        changes = controller.handle({"op": "computer"})

This is the one live protocol: two drivers use it, the Jupyter widget (`views/widgets.py`, which copies the changes
onto its traitlets) and the browser-live engine (`views/live-model.mjs` through the worker's bridge, with a
visible pause before each computer move). `open_controller` / `controller_message` are the bridge's entry points:
the worker keeps its controllers here, by key. The engine side is `skitgubbe.session` (a `Session` per live game,
`checked_case` for the checker); each change builds the board view once and judges a case once per preset.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from skitgubbe import pictures, strict_json
from skitgubbe.engine.entry_checks import check_players, check_seed
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Play, Throw, split_player_move
from skitgubbe.errors import MoveParseError, PositionError, RecordError, RulesError, SkitgubbeError
from skitgubbe.players.registry import offered_kinds
from skitgubbe.records.caselib import get, library
from skitgubbe.records.compare import Comparison
from skitgubbe.records.record import Case, GameRecord, Judgement, judge_case
from skitgubbe.replay import Frame, frames_json, frames_of, take_over_source
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS, Rules, short_spec
from skitgubbe.session import Session, SessionError, checked_case, move_kind
from skitgubbe.text.kind_words import offered_words
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import fmt_int
from skitgubbe.text.session_words import SESSION
from skitgubbe.text.table_words import TABLE
from skitgubbe.views import case_editor, table
from skitgubbe.views.live_names import name_seats

__all__ = [
    "COMPUTER_PAUSE_MS",
    "CheckerController",
    "PlayController",
    "computer_pause_ms",
    "controller_message",
    "open_controller",
    "replay_model",
    "take_over_source",
]

JSON = dict[str, Any]

#: the options of a new deal and their defaults
DEFAULT_OPTIONS: Mapping[str, Any] = {"rules": DEFAULT_PRESET, "players": 3, "seed": 1, "opponents": "sensible"}


def replay_model(
    source: Game | GameRecord | Case | Sequence[Frame], lang: str, *, title: str | None = None, move_list: bool = False
) -> JSON:
    """The front end's model of a Replay of `source` (every frame as JSON); with `take_over` (see
    `take_over_source`) when a frame can be continued live; a `LanguageError` for a language not `sv` or `en`."""
    lang = check_lang(lang)
    frames = frames_of(source, lang)
    data = table.replay_data(frames_json(frames, lang, title=title), lang, move_list=move_list, title=title)
    take = take_over_source(source, frames)
    if take is not None:
        data["take_over"] = take
    return data


def _option(key: str, value: object) -> Any:
    """An option of the next deal, checked as the deal checks it (a `SkitgubbeError` says why not): `seed` an
    integer 0 to 2**53 - 1 (a digit string as typed is read), `players` a count or names, `rules` a preset or an
    options object, `opponents` a kind of computer player."""
    if key == "seed":
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 16:
            value = int(value)
        try:
            return check_seed(value)
        except SkitgubbeError as error:
            raise SkitgubbeError(error) from None
    if key == "players":
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2:
            value = int(value)
        checked = check_players(value)
        Game.deal(checked, seed=1)  # the count's own check (2 to 6) and the names'
        return checked
    if key == "rules":
        Rules.from_spec(value)
        return value
    if key == "opponents":
        if not isinstance(value, str) or value not in offered_kinds():
            raise RecordError(
                "opponents", "must_be_one_of", choices=", ".join(offered_kinds()), value=strict_json.kind(value)
            )
        return value
    return value


#: the visible pause before each computer move, in milliseconds (every host: the browser-live engine's driver and
#: the Jupyter widget's front end); `SKITGUBBE_COMPUTER_PAUSE_MS` sets another (a test that plays whole games)
COMPUTER_PAUSE_MS = 500


def computer_pause_ms() -> int:
    """The pause before each computer move: `COMPUTER_PAUSE_MS`, or `SKITGUBBE_COMPUTER_PAUSE_MS` when set."""
    given = os.environ.get("SKITGUBBE_COMPUTER_PAUSE_MS", "")
    return int(given) if given.isdigit() else COMPUTER_PAUSE_MS


class PlayController:
    """A live game: the reader at one seat, computer players at the others (through `skitgubbe.session`).

    The computer seats move one at a time: an answer with `busy` true means a computer seat is to move, and the
    driver asks for that move (`{"op": "computer"}`) after a visible pause of `pause_ms`, drawing and narrating
    each move before the next (`run_computer` plays them all at once, for callers without a screen)."""

    #: the messages `handle` answers (`{"op": ...}`)
    OPS: tuple[str, ...] = ("play", "computer", "new", "option", "open", "take_over", "hint", "review")

    def __init__(self, lang: str, options: Mapping[str, Any] | None = None) -> None:
        self.lang = check_lang(lang)
        self.session = Session(self.lang)
        given = dict(options or {})
        #: rules of the reader's own (the house-rules page's link): offered beside the presets
        self.house_rules: JSON | None = given.pop("house_rules", None)
        take = given.pop("take_over", None)
        self.options: dict[str, Any] = {**DEFAULT_OPTIONS, **given}
        self.open_hands = False
        #: the Replay's case or record a take-over continued (its moves are the game's moves since then)
        self.taken_from: JSON | None = None
        self.model: JSON = {}
        #: the seed of the game under way when it was dealt here (None after a take-over: no record of a deal)
        self.dealt_seed: int | None = None
        #: the pause before each computer move (ms): the front end waits this long before asking for it
        self.pause_ms = computer_pause_ms()
        #: the game's moves before the reader's own (a take-over's): the review judges the moves after them
        self.review_from = 0
        #: the review under way or done (`op: review`), a `skitgubbe.players.review.Review`
        self._review: Any = None
        if take is not None:
            self.model = {"needs_new_deal": False, "final_replay": None, "message": "", "busy": False}
            self.take_over(take)

    # -- the model ----------------------------------------------------------------------------------------------
    def state(self) -> JSON:
        """Every model key (the first draw); deals the first game when none is under way."""
        if self.session.game is None:
            self.model = {"needs_new_deal": False, "final_replay": None, "message": "", "busy": False}
            self.model.update(self._deal())
        return {
            "mode": "live",
            "lang": self.lang,
            "words": table.words(self.lang),
            "deck": pictures.deck(self.lang),
            "options": dict(self.options),
            "presets": list(PRESETS),
            "kinds": offered_kinds(),
            "kind_words": offered_words(self.lang),
            "open_hands": self.open_hands,
            "house_rules": self.house_rules,
            "hint": None,
            "review": None,
            **self.model,
        }

    def _changes(self, **changes: Any) -> JSON:
        self.model.update(changes)
        return changes

    def _view(self) -> JSON | None:
        """The board, built once per change (None while no game is under way: a deal was refused)."""
        if self.session.game is None:
            return None
        return name_seats(self.session.view(open=self.open_hands), self.session, self.lang)

    @property
    def game(self) -> Game:
        game = self.session.game
        assert game is not None, "no game: call state() or handle({'op': 'new'}) first"
        return game

    @property
    def computer_to_move(self) -> bool:
        return self.session.computer_turn

    # -- messages ---------------------------------------------------------------------------------------------
    def handle(self, message: object) -> JSON:
        """Answer one front-end message with the model keys it changed (`busy` true: the computer moves next).

        Never raises: a refused message (a wrong type, JSON beyond the reader's limits, an option the next deal
        cannot use) changes nothing and says why in `message`; the answer is strict JSON.
        """
        try:
            strict_json.check_value(message, "message")
            if not isinstance(message, Mapping):
                raise RecordError("message", "must_be_object", value=strict_json.kind(message))
            answer = self._serve(message)
            strict_json.check_value(answer, "answer")
            return answer
        except SkitgubbeError as error:
            return self._changes(message=error.message(self.lang), busy=False)
        except SessionError as error:  # already in the session's language (say, no game after a refused deal)
            return self._changes(message=str(error), busy=False)
        except Exception as error:  # a fault of ours: said, and the page lives on
            return self._changes(message=SESSION.phrase("internal", self.lang, kind=type(error).__name__), busy=False)

    def _serve(self, message: Mapping[str, Any]) -> JSON:
        op = message.get("op")
        if op == "play":
            move = message.get("move", "")
            if not isinstance(move, str):
                raise RecordError("move", "move_as_text", value=strict_json.kind(move))
            return self.play(move)
        if op == "computer":
            return self.computer()
        if op == "new":
            return self.new_deal()
        if op == "option":
            key = message.get("key", "")
            if not isinstance(key, str):
                raise RecordError("key", "must_be_option_name", value=strict_json.kind(key))
            return self.set_option(key, message.get("value"))
        if op == "open":
            value = message.get("value")
            if not isinstance(value, bool):
                raise RecordError("value", "must_be_true_or_false", value=strict_json.kind(value))
            self.open_hands = value
            return self._changes(open_hands=self.open_hands, view=self._view())
        if op == "take_over":
            frame = message.get("frame") or {}
            if not isinstance(frame, Mapping):
                raise RecordError("frame", "must_be_object", value=strict_json.kind(frame))
            return self.take_over(frame)
        if op == "hint":
            return self.hint()
        if op == "review":
            step = message.get("step", "start")
            if step not in ("start", "next"):
                raise RecordError("step", "must_be_one_of", choices="start, next", value=strict_json.kind(step))
            return self.review(start=step == "start")
        shown = op if isinstance(op, str) else strict_json.kind(op)
        return self._changes(message=SESSION.phrase("unknown_op", self.lang, op=repr(shown), ops=", ".join(self.OPS)))

    def _deal(self) -> JSON:
        try:
            self.session.new_game({**self.options, "lang": self.lang})
        except SessionError as error:
            return {"message": str(error), "view": None, "busy": False}
        self.dealt_seed = int(self.options["seed"])
        self.taken_from = None
        self.review_from, self._review = 0, None
        changes = self._after_move(self.dealt_message())
        return {**changes, **self._changes(dealt_rules=short_spec(self.game.rules))}

    def dealt_message(self) -> str:
        """What the table says when a deal is under way: whose seat the reader has."""
        return TABLE.phrase("you_are", self.lang, name=self.session.seat)

    def new_deal(self) -> JSON:
        """Deal the next deal: the next deal number after the one under way, unless the reader chose a number of
        their own since (then that one); the other options as chosen."""
        if self.dealt_seed is not None and int(self.options["seed"]) == self.dealt_seed:
            self.options["seed"] = self.dealt_seed + 1
        return self._changes(
            needs_new_deal=False, final_replay=None, review=None, options=dict(self.options), **self._deal()
        )

    def take_over(self, frame: Mapping[str, Any]) -> JSON:
        """Continue a Replay's position live (`session.take_over`: `case`, `upto`, `seat`, `opponents`)."""
        try:
            self.session.take_over(frame)
        except SessionError as error:
            return self._changes(message=str(error))
        self.dealt_seed = None
        self.taken_from = {k: frame[k] for k in ("case", "record") if k in frame}
        self.review_from, self._review = self.game.move_count, None
        # the table's choices show the position's rules and players (a new deal then starts from them)
        spec = short_spec(self.game.rules)
        self.options.update(
            rules=spec if isinstance(spec, str) else self.options["rules"], players=len(self.game.players)
        )
        seat = self.session.seat
        self.model.update(final_replay=None, record=None, case_file=None)
        return self._changes(
            needs_new_deal=False,
            final_replay=None,
            review=None,
            record=None,
            case_file=None,
            dealt_rules=spec,
            options=dict(self.options),
            **self._after_move(TABLE.phrase("you_are", self.lang, name=seat)),
        )

    def set_option(self, key: str, value: Any) -> JSON:
        """Change an option of the next deal (the game under way keeps its own; the front end says so)."""
        if key not in self.options or self.options[key] == value:
            return {}
        self.options[key] = _option(key, value)  # a value the next deal cannot use is refused here, not there
        return self._changes(options=dict(self.options), needs_new_deal=True)

    def play(self, move: str) -> JSON:
        """The reader's move; an illegal one is explained with its rule (and the game is unchanged)."""
        result = self.session.play(move)
        if not result["ok"]:
            error = result.get("error") or {}
            message = "" if result.get("step") else str(error.get("message", ""))
            return self._changes(message=message, view=self._view(), busy=False)
        return self._after_move("")

    def computer(self) -> JSON:
        """One computer move (nothing when it is the reader's turn or the game is over)."""
        if not self.computer_to_move:
            return self._changes(busy=False)
        self.session.computer_move()
        return self._after_move("")

    def _after_move(self, message: str) -> JSON:
        changes: JSON = {"message": message, "view": self._view(), "busy": self.computer_to_move, "hint": None}
        game = self.session.game
        if game is not None and game.over and not self.model.get("final_replay"):
            loser = game.state.loser
            changes["message"] = (
                TABLE.phrase("over_loser", self.lang, name=loser) if loser else TABLE.phrase("over", self.lang)
            )
            record = self.record()
            source: Game | GameRecord = GameRecord.load(record) if record else game
            changes["final_replay"] = replay_model(source, self.lang, move_list=True)
            changes["record"] = record
            changes["case_file"] = None if record else self.case_file()
        return self._changes(**changes)

    # -- the coach: a hint, a review (skitgubbe.players.review; imported here, the kernel only when asked for) ----
    def hint(self) -> JSON:
        """The strong player's move for the reader now, and why (`hint`: the move, its kind and cards, the line)."""
        from skitgubbe.players.review import HINT_BUDGET, hint
        from skitgubbe.session import move_cards
        from skitgubbe.text.review_text import hint_text
        from skitgubbe.text.review_words import REVIEW

        game = self.session.game
        if game is None or game.over:
            return self._changes(hint={"move": None, "text": REVIEW.phrase("hint_over", self.lang)})
        if game.to_play != self.session.seat:
            return self._changes(hint={"move": None, "text": REVIEW.phrase("hint_not_yours", self.lang)})
        found = hint(game, seed=self.dealt_seed or 0, budget=HINT_BUDGET)
        return self._changes(
            hint={
                "move": str(found.move),
                "kind": move_kind(found.move),
                "cards": move_cards(found.move),
                "reason": found.reason,
                "deals": found.deals,
                "loss": found.loss,
                "text": hint_text(found, self.lang),
                "search_note": self.session.search_note(),
            }
        )

    def review(self, *, start: bool) -> JSON:
        """The review of the reader's moves: `start` it (the game must be over), or judge the next move; `review`
        says how far it is (`done` of `total`), its items so far and, once `state` is `done`, the summary."""
        from skitgubbe.players.review import REVIEW_BUDGET, Review
        from skitgubbe.text.review_text import method_text, summary_text
        from skitgubbe.text.review_words import REVIEW

        game = self.session.game
        seat = self.session.seat
        if game is None or not game.over or seat is None:
            return self._changes(review={"state": "refused", "text": REVIEW.phrase("not_over", self.lang)})
        if start or self._review is None:
            self._review = Review(game, seat, REVIEW_BUDGET, seed=self.dealt_seed or 0, start=self.review_from)
        else:
            self._review.step()
        run = self._review
        answer: JSON = {
            "state": "done" if run.done else "running",
            "done": len(run.items),
            "total": run.total,
            "seat": seat,
            "items": [self._review_item(item) for item in run.items],
            "method": method_text(run.budget, self.lang),
            "search_note": self.session.search_note(),
        }
        if run.done:
            answer["seconds"] = round(run.elapsed, 3)
            answer["summary"] = summary_text(run.items, run.forced, run.elapsed, self.lang)
        return self._changes(review=answer)

    def _review_item(self, item: Any) -> JSON:
        from skitgubbe.text.i18n import move_text
        from skitgubbe.text.review_text import Z95, item_heading, item_text, severity_text

        return {
            "move": item.index,
            "player": item.player,
            "played": str(item.played),
            "best": str(item.best),
            "played_text": move_text(item.played, self.lang),
            "best_text": move_text(item.best, self.lang),
            "played_loss": round(item.played_loss, 4),
            "best_loss": round(item.best_loss, 4),
            "gain": round(item.gain, 4),
            "margin": round(Z95 * item.se, 4),
            "deals": item.deals,
            "choices": item.choices,
            "severity": item.severity,
            "severity_text": severity_text(item.severity, self.lang),
            "heading": item_heading(item, self.lang),
            "text": item_text(item, self.lang),
        }

    def record(self) -> JSON | None:
        """The game as a record file (what `python -m skitgubbe replay` reads): a dealt game, or a take-over of a
        whole game's Replay (dealt from its record); None for a take-over of a case (no deal: see `case_file`)."""
        game = self.session.game
        if game is None:
            return None
        if self.dealt_seed is not None:
            return GameRecord.of(game, seed=self.dealt_seed).to_dict()
        if self.taken_from and "record" in self.taken_from:
            return {**dict(self.taken_from["record"]), "moves": list(game.moves)}
        return None

    def case_file(self) -> JSON | None:
        """After a take-over of a case: its position and every move since it, as a case file (what `check` reads)."""
        game = self.session.game
        if game is None or not self.taken_from or "case" not in self.taken_from:
            return None
        return {**dict(self.taken_from["case"]), "moves": list(game.moves)}

    def run_computer(self, limit: int = 10_000) -> JSON:
        """Every computer move up to the reader's turn at once (drivers without a visible pause)."""
        changes: JSON = {}
        for _ in range(limit):
            if not self.computer_to_move:
                break
            changes.update(self.computer())
        changes["busy"] = False
        self.model["busy"] = False
        return changes


# -- the checker's strict JSON reader -----------------------------------------------------------------------------
# Every JSON text that reaches the checker (the text box, `case=` and `rules=` of a link) and every value that
# arrives already decoded (a message's case or rules) goes through the package's one reader, `skitgubbe.strict_json`,
# with its limits and its words; a refusal is said in the page's language.
MAX_JSON_BYTES = strict_json.MAX_BYTES
MAX_JSON_DEPTH = strict_json.MAX_DEPTH
MAX_INT_DIGITS = strict_json.MAX_DIGITS
#: the most moves a checked case may hold: judging is cheap per move, but the page draws every move's verdict
MAX_CHECK_MOVES = 2_000


class _Refused(ValueError):
    """Input the checker refuses; `words(lang)` says why in the page's language."""

    def __init__(self, say: Callable[[Lang], str]) -> None:
        super().__init__("refused")
        self.words = say


def _count(n: int, lang: Lang) -> str:
    return fmt_int(n, lang)


def _read_json(text: str | bytes) -> Any:
    """`strict_json.loads`, its refusal as the checker's `_Refused` (worded in the page's language)."""
    try:
        return strict_json.loads(text)
    except RecordError as error:
        raise _Refused(error.message) from None


def _too_deep(lang: Lang) -> str:
    return RecordError("", "lists_objects_nest_deeper_than", limit=MAX_JSON_DEPTH).message(lang)


def _case_key(case: Mapping[str, Any]) -> str:
    """A case as text in one form: whether the case changed since its entry state was worked out."""
    return json.dumps(case, sort_keys=True, ensure_ascii=False, default=str)


class CheckerController:
    """The checker: a case (from the library, typed as JSON, or built with the position editor) judged under every
    preset, and under house rules when the reader brings them (`#rules=`).

    Messages (`handle`): `load` a library case (`id`), `check` a JSON text, `edit` a whole case object, `new` (an
    empty position), `set` a field (`rules`: a preset or `"house"`, `players`: 2-6, `phase`, `trump`, `to_play`),
    `place` a card (`card`, `to`: see `views.case_editor`), `take` a card back, `move` (typed `text`, or `player`,
    `kind`, `cards` from taps), `undo` the last move, `house` (a rules `spec`, or null to drop it) and `fragment`
    (open an address fragment, `#case=…&rules=…`). Each answer holds `case_text`, `result` and `editor` (the case
    as an object, the fragment of the address, what the reader may tap next and any problem, in `lang`).
    """

    def __init__(self, lang: str, case_id: str = "klover-9", *, fragment: str = "", house: Any = None) -> None:
        self.lang = check_lang(lang)
        self.case_id = case_id
        self.house: Any = house
        self.fragment_in = fragment
        self.case: JSON = {}
        self.model: JSON = {}
        #: the editor's entry state (`_entry`) and the case it belongs to (as `_case_key`)
        self._entry_of: tuple[str, JSON] | None = None

    # -- the model ----------------------------------------------------------------------------------------------
    def state(self) -> JSON:
        """Every model key (the first draw): the library's cases and the first case judged."""
        if not self.model:
            if self.fragment_in:
                self.open_fragment(self.fragment_in)
            else:
                self.load(self.case_id)
        cases = [{"id": c.id, "title": f"{c.point} · {c.text('title', self.lang)}"} for c in library().values()]
        return {
            "mode": "checker",
            "lang": self.lang,
            "words": table.words(self.lang),
            "deck": pictures.deck(self.lang),
            "presets": list(PRESETS),
            "cases": cases,
            "case_id": self.case_id,
            **self.model,
        }

    def handle(self, message: Mapping[str, Any]) -> JSON:
        """Answer one front-end message with the keys it changed (bad input: the case unchanged, a problem said)."""
        op = message.get("op")
        answer = self._OPS.get(op) if isinstance(op, str) else None
        if answer is None:
            return self._refuse(TABLE.phrase("ed_unknown_op", self.lang, op=op))
        try:
            return answer(self, message)
        except _Refused as error:
            return self._refuse(error.words(self.lang))
        except RecursionError:
            return self._refuse(_too_deep(self.lang))
        except (SkitgubbeError, ValueError, TypeError) as error:
            text = error.message(self.lang) if isinstance(error, SkitgubbeError) else str(error)
            return self._refuse(text)

    def _edit(self, message: Mapping[str, Any]) -> JSON:
        case = message.get("case")
        if not isinstance(case, dict):
            return self._refuse(TABLE.phrase("ed_not_object", self.lang))
        strict_json.check_value(case, "case")
        return self._judge(case)

    def _house(self, message: Mapping[str, Any]) -> JSON:
        strict_json.check_value(message.get("spec"), "rules")
        return self.set_house(message.get("spec"))

    #: each message's answer (`handle`), by its `op`
    _OPS: ClassVar[Mapping[str, Callable[[CheckerController, Mapping[str, Any]], JSON]]] = {
        "load": lambda self, m: self.load(str(m.get("id", ""))),
        "check": lambda self, m: self.check(str(m.get("text", ""))),
        "edit": _edit,
        "new": lambda self, m: self.new(),
        "set": lambda self, m: self.set(str(m.get("field", "")), m.get("value")),
        "place": lambda self, m: self.place(str(m.get("card", "")), str(m.get("to", ""))),
        "take": lambda self, m: self._judge(case_editor.take(self.case, str(m.get("card", "")))),
        "move": lambda self, m: self.add_move(m),
        "undo": lambda self, m: self.undo(),
        "house": _house,
        "fragment": lambda self, m: self.open_fragment(str(m.get("fragment", ""))),
    }

    # -- whole cases ------------------------------------------------------------------------------------------
    def load(self, case_id: str) -> JSON:
        """A library case (its text as in the library, rules replaced by the house rules when `#rules=` set them)."""
        if case_id not in library():
            return self._refuse(TABLE.phrase("ed_no_case", self.lang, id=case_id))
        self.case_id = case_id
        entry = get(case_id)
        data = entry.case_data()
        text = None if self.house is not None else entry.case_json()
        if self.house is not None:
            data["rules"] = self.house
        self.model["case_id"] = case_id
        return {"case_id": case_id, **self._judge(data, text=text)}

    def check(self, text: str) -> JSON:
        """Judge a JSON text (the expert view); text that is not one JSON object within the reader's limits leaves
        the editor's case as it was, says why, and shows no verdict."""
        try:
            data = _read_json(text)
            if not isinstance(data, dict):
                raise _Refused(lambda lang: TABLE.phrase("ed_not_object", lang))
            return self._judge(data, text=text)
        except _Refused as error:
            return self._fail(SESSION.phrase("bad_case", self.lang, error=error.words(self.lang)), text=text)

    def new(self) -> JSON:
        """An empty position from the defaults (the rules `pagat`, three players, phase 2, trump hearts, no cards,
        no moves), whatever the case before it had; house rules from the link stay as their own verdict row."""
        self.case_id = self.model["case_id"] = ""
        return {"case_id": "", **self._judge(case_editor.blank_case())}

    def open_fragment(self, fragment: str) -> JSON:
        """Open an address fragment: `case=` gives the case, `rules=` the house rules (both may be there).

        The house rules become the link's (none when it has no readable `rules=`). A `case=` or `rules=` that
        cannot be read (or a case beyond the checker's limits) is said and leaves no verdict on screen."""
        case, house, problems = case_editor.read_fragment(fragment, _read_json)
        words = [self._part_problem(part, error) for part, error in problems]
        failed = any(error is not None for _, error in problems)
        if house is not None:
            try:
                Rules.from_spec(house)
            except (SkitgubbeError, ValueError, TypeError) as error:
                said = error.message(self.lang) if isinstance(error, SkitgubbeError) else str(error)
                words.append(TABLE.phrase("ed_fragment_bad", self.lang, part="rules=", error=said))
                house, failed = None, True
        self.house = house
        changes: JSON
        try:
            if failed:
                raise _Refused(lambda lang: TABLE.phrase("ed_link_failed", lang))
            if case is None and house is not None and self.case:
                changes = self._judge({**self.case, "rules": house})  # rules= alone: the position's rules
            elif case is None:
                changes = self.load(self.case_id or "klover-9")
            elif (known := case_editor.library_id(case, house)) is not None:
                changes = self.load(known)  # a link to a library case: opened under its title
            else:
                self.case_id = self.model["case_id"] = ""
                changes = {"case_id": "", **self._judge(case, text=None)}
        except _Refused as error:
            words.append(error.words(self.lang))
            if not self.case:
                self.case = case_editor.normalise(case_editor.blank_case())
            self.case_id = self.model["case_id"] = ""
            return {"case_id": "", **self._fail(" ".join(words))}
        if words:
            changes["editor"] = self._editor(problem=" ".join(words))
            self.model["editor"] = changes["editor"]
        return changes

    def _part_problem(self, part: str, error: ValueError | None) -> str:
        """What is wrong with a part of the address, in the page's language."""
        if error is None:
            return TABLE.phrase("ed_fragment_part", self.lang, part=part)
        if isinstance(error, _Refused):
            detail = error.words(self.lang)
        elif isinstance(error, case_editor.FragmentError):
            detail = TABLE.phrase("ed_link_not_object" if error.kind == "not_object" else "ed_link_base64", self.lang)
        else:
            detail = str(error)
        return TABLE.phrase("ed_fragment_bad", self.lang, part=part, error=detail.rstrip("."))

    # -- edits ------------------------------------------------------------------------------------------------
    def set(self, field: str, value: Any) -> JSON:
        """One field of the position: rules, players, phase, trump, to_play."""
        case = dict(self.case)
        if field == "rules":
            if value == "house":
                if self.house is None:
                    return self._refuse(TABLE.phrase("ed_no_house", self.lang))
                case["rules"] = self.house
            else:
                case["rules"] = str(value)
        elif field in ("players", "phase"):
            allowed = range(2, 7) if field == "players" else range(1, 3)
            number = str(value).strip() if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
            if not (number.isdecimal() and len(number) < 3 and int(number) in allowed):
                label = TABLE.phrase("ed_players" if field == "players" else "ed_phase", self.lang)
                said = str(value)[:40]
                low, high = allowed[0], allowed[-1]
                return self._refuse(
                    TABLE.phrase("ed_bad_value", self.lang, field=label, value=said, low=low, high=high)
                )
            setter = case_editor.set_players if field == "players" else case_editor.set_phase
            case = setter(case, int(number))
        elif field == "trump":
            case["trump"] = str(value)
        elif field == "to_play":
            case["to_play"] = str(value)
        else:
            return self._refuse(TABLE.phrase("ed_unknown_field", self.lang, field=field))
        return self._judge(case)

    def place(self, card: str, to: str) -> JSON:
        """Put a card in a place (a hand, the talon, won cards, the trump card, the table); it is nowhere else."""
        return self._judge(case_editor.place(self.case, card, to))

    def add_move(self, message: Mapping[str, Any]) -> JSON:
        """A move at the end of the list: typed (`text`, the player may be left out: whoever is to play), or
        from taps (`player`, `kind`, `cards`). A move that cannot be read is refused and the list kept."""
        if "text" in message:
            text = str(message["text"]).strip()
            if not text:
                return self._refuse(TABLE.phrase("ed_empty_move", self.lang))
            if ":" not in text:
                player = (self.model.get("editor") or {}).get("entry", {}).get("to_play")
                if not player:
                    return self._refuse(TABLE.phrase("ed_no_player", self.lang, move=text))
                text = f"{player}: {text}"
        else:
            cards = message.get("cards") or []
            if message.get("kind", "play") in ("play", "throw") and not cards:
                return self._refuse(TABLE.phrase("ed_no_cards", self.lang))
            text = case_editor.move_text(str(message.get("player", "")), str(message.get("kind", "play")), list(cards))
        try:
            name, move = split_player_move(text)
        except MoveParseError as error:
            return self._refuse(TABLE.phrase("ed_bad_move", self.lang, move=text, error=error.message(self.lang)))
        if name not in (self.case.get("players") or []):
            return self._refuse(TABLE.phrase("ed_unknown_player", self.lang, move=text, name=name))
        moves = [*(self.case.get("moves") or []), f"{name}: {move}"]
        return self._judge({**self.case, "moves": moves})

    def undo(self) -> JSON:
        """The last move taken off the list."""
        moves = list(self.case.get("moves") or [])
        if not moves:
            return self._refuse(TABLE.phrase("ed_no_moves", self.lang))
        return self._judge({**self.case, "moves": moves[:-1]})

    def set_house(self, spec: Any) -> JSON:
        """House rules (a rules spec) for the extra verdict row; null drops them (the case keeps its rules)."""
        if spec is not None:
            Rules.from_spec(spec)  # refused rules raise RulesError: said, nothing changed
        self.house = spec
        return self._judge(self.case)

    # -- judging --------------------------------------------------------------------------------------------------
    def _refuse(self, problem: str) -> JSON:
        """Bad input: the case stays as it was; the problem is said."""
        changes = {"editor": self._editor(problem=problem)}
        self.model.update(changes)
        return changes

    def _fail(self, problem: str, *, text: str | None = None) -> JSON:
        """Input that cannot be judged (a link, the text box): the problem is said and no verdict stays on screen
        (the verdicts of the case before would answer another question)."""
        changes: JSON = {
            "result": {"ok": False, "error": problem, "verdicts": []},
            "editor": self._editor(problem=problem),
        }
        if text is not None or "case_text" not in self.model:
            changes["case_text"] = text if text is not None else case_editor.case_json(self.case)
        self.model.update(changes)
        return changes

    def _judge(self, case: Mapping[str, Any], *, text: str | None = None) -> JSON:
        """Make `case` the current case; its text (normalised unless given), verdicts and editor state (`_Refused`,
        nothing changed, for a case of more than `MAX_CHECK_MOVES` moves). The case is judged once per preset
        (`session.checked_case`); the editor's position is taken from those judgements, not judged again."""
        moves = case.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_CHECK_MOVES:
            count = len(moves)
            raise _Refused(
                lambda lang: TABLE.phrase(
                    "ed_too_many_moves", lang, count=_count(count, lang), limit=_count(MAX_CHECK_MOVES, lang)
                )
            )
        self.case = case_editor.normalise(case)
        checked = checked_case(self.case, self.lang, house=self.house)
        changes = {
            "case_text": text if text is not None else case_editor.case_json(self.case),
            "result": checked.answer,
        }
        self.model.update(changes)
        self._entry_of = (_case_key(self.case), self._entry(checked.comparison))
        changes["editor"] = self._editor()  # a case that cannot be judged says why in `result`
        self.model["editor"] = changes["editor"]
        return changes

    def _editor(self, problem: str = "") -> JSON:
        """What the editor draws besides the case: the fragment, the places of the cards, who may move next."""
        places = case_editor.card_places(self.case)
        twice = [
            TABLE.phrase("ed_twice", self.lang, card=code, places=", ".join(self._place_words(w) for w in where))
            for code, where in places.items()
            if len(where) > 1
        ]
        rules = self.case.get("rules", DEFAULT_PRESET)
        return {
            "case": self.case,
            "fragment": case_editor.fragment(self.case, self.house),
            "house": self.house,
            "rules_choice": "house"
            if self.house is not None and rules == self.house
            else str(rules)
            if isinstance(rules, str)
            else "custom",
            "places": {code: where[0] for code, where in places.items()},
            "problem": problem,
            "twice": twice,
            "entry": self._entry_now(),
            "file_name": f"{self.case_id if self.case_id else 'case'}.json",
        }

    def _place_words(self, where: str) -> str:
        """A place of a card in words: `hand:A` is "A's hand"."""
        kind, _, name = where.partition(":")
        lang = self.lang
        if kind == "hand":
            return TABLE.phrase("ed_dest_hand", lang, gen=table.genitive(name, lang))
        if kind == "won":
            return TABLE.phrase("ed_dest_won", lang, gen=table.genitive(name, lang))
        if kind == "talon":
            return TABLE.phrase("ed_dest_talon", lang)
        if kind == "trump_card":
            return TABLE.phrase("ed_dest_trump_card", lang, name=name)
        if kind == "table":
            return TABLE.phrase("ed_dest_table", lang, name=name)
        return where

    def _entry_now(self) -> JSON:
        """`_entry` of the current case: the one worked out when it was judged, unless the case changed since."""
        if self._entry_of is None or self._entry_of[0] != _case_key(self.case):
            self._entry_of = (_case_key(self.case), self._entry(None))
        return self._entry_of[1]

    def _own_judgement(self, comparison: Comparison | None) -> Judgement | None:
        """The case judged under its own rules: the comparison's judgement when those rules are a preset's (the
        same case file, the same rules), else judged here (custom rules, or no comparison); None for a case that
        cannot be set up under them."""
        rules = self.case.get("rules", DEFAULT_PRESET)
        if comparison is not None and isinstance(rules, str) and rules in comparison.judgements:
            return comparison.judgements[rules]
        try:
            case = Case.load(dict(self.case))
        except (RecordError, RulesError, PositionError, MoveParseError, ValueError, TypeError):
            return None
        return judge_case(case, self.lang)

    def _entry(self, comparison: Comparison | None) -> JSON:
        """For entering the next move by tapping: each player's cards at the end of the moves and who acts.

        When every move is legal under the case's own rules, the position they reach; otherwise the starting
        hands less the cards each player has played (`exact` false)."""
        judged = self._own_judgement(comparison)
        if judged is None:
            hands = self.case.get("hands") if isinstance(self.case.get("hands"), dict) else {}
            return {"exact": False, "to_play": self.case.get("to_play"), "hands": hands, "kinds": []}
        if judged.all_legal:
            game = judged.game
            state = game.state
            kinds = sorted({move_kind(m) for m in game.legal_moves()}) if not game.over else []
            return {
                "exact": True,
                "to_play": state.to_play,
                "hands": {name: [str(c) for c in state.hands.get(name, ())] for name in state.players},
                "kinds": kinds,
            }
        hands = {name: [str(c) for c in cards] for name, cards in judged.game.restart().state.hands.items()}
        for text in self.case.get("moves") or []:
            name, move = split_player_move(text)
            if isinstance(move, (Play, Throw)) and name in hands:
                played = {str(c) for c in move.cards}
                hands[name] = [c for c in hands[name] if c not in played]
        return {"exact": False, "to_play": judged.verdicts[-1].player, "hands": hands, "kinds": []}


#: the controllers of this process (the browser worker's), by key
CONTROLLERS: dict[str, PlayController | CheckerController] = {}


def open_controller(kind: str, lang: str = "en", key: str = "main", **options: Any) -> JSON:
    """Make a controller (`play` with deal options, or `checker` with `case_id` or an address `fragment`,
    `case=…&rules=…`) under `key`; its whole model. The options are held to the JSON reader's limits first."""
    strict_json.check_value(options, "options")
    if kind == "play":  # options: the deal's, `house_rules` (a rules object), `take_over` (a Replay's frame)
        CONTROLLERS[key] = PlayController(lang, options)
    elif kind == "checker":
        CONTROLLERS[key] = CheckerController(
            lang, str(options.get("case_id", "klover-9")), fragment=str(options.get("fragment", ""))
        )
    else:
        raise ValueError(f"unknown controller kind {kind!r}: play or checker")
    return CONTROLLERS[key].state()


def controller_message(message: object, key: str = "main") -> JSON:
    """Send one front-end message to the controller under `key`; the model keys it changed. The message is first
    held to the JSON reader's limits (`strict_json.check_value`): one beyond them is refused, nothing changed."""
    if not isinstance(key, str) or key not in CONTROLLERS:
        raise ValueError(f"no controller {key!r}: open one first")
    controller = CONTROLLERS[key]
    if isinstance(controller, CheckerController):
        try:
            strict_json.check_value(message, "message")
            if not isinstance(message, Mapping):
                raise RecordError("message", "must_be_object", value=strict_json.kind(message))
        except SkitgubbeError as error:
            return controller._refuse(error.message(controller.lang))
        return controller.handle(message)
    return controller.handle(message)
