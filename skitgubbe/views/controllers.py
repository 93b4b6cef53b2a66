"""The Python side of the reader's table, apart from any widget library: one controller per live mode.

A controller owns the front end's model (the keys `table.js` reads) for a live game or the checker. It answers the
front end's messages (`{"op": ...}`, the same ones `table.js` sends) with the model keys that changed, plain JSON:

    controller = PlayController("sv", {"rules": "pagat", "players": 3, "seed": 1, "opponents": "sensible"})
    model = controller.state()                        # every key, for the first draw
    changes = controller.handle({"op": "play", "move": "9C"})
    while changes.get("busy"):                        # the computer seats, one move per message
        changes = controller.handle({"op": "computer"})

Two drivers use it: the Jupyter widget (`views/widgets.py`, which copies the changes onto its traitlets) and the
browser-live engine (`views/live/live-model.mjs` through the worker's bridge, with a visible pause before each
computer move). `open_controller` / `controller_message` are the bridge's entry points: the worker keeps its
controllers here, by key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skitgubbe.engine.game import Game
from skitgubbe.records.record import Case, GameRecord
from skitgubbe.text.lang import check_lang
from skitgubbe.views import table
from skitgubbe.views.frames import Frame, frames_json, frames_of_case, frames_of_game, frames_of_record

__all__ = [
    "CheckerController",
    "PlayController",
    "controller_message",
    "open_controller",
    "replay_model",
]

JSON = dict[str, Any]

#: the options of a new deal and their defaults
DEFAULT_OPTIONS: Mapping[str, Any] = {"rules": "pagat", "players": 3, "seed": 1, "opponents": "sensible"}


def _frames(source: Game | GameRecord | Case | Sequence[Frame], lang: str) -> list[Frame]:
    if isinstance(source, Game):
        return frames_of_game(source)
    if isinstance(source, GameRecord):
        return frames_of_record(source)
    if isinstance(source, Case):
        return frames_of_case(source, lang)
    return list(source)


def replay_model(
    source: Game | GameRecord | Case | Sequence[Frame], lang: str, *, title: str | None = None, move_list: bool = False
) -> JSON:
    """The front end's model of a Replay of `source` (every frame as JSON)."""
    frames = _frames(source, lang)
    return table.replay_data(frames_json(frames, lang, title=title), lang, move_list=move_list, title=title)


class PlayController:
    """A live game: the reader at one seat, computer players at the others (through `skitgubbe.session`)."""

    def __init__(self, lang: str, options: Mapping[str, Any] | None = None) -> None:
        from skitgubbe.session import Session

        self.lang = check_lang(lang)
        self.session = Session(self.lang)
        self.options: dict[str, Any] = {**DEFAULT_OPTIONS, **dict(options or {})}
        self.open_hands = False
        self.model: JSON = {}
        #: the seed of the game under way when it was dealt here (None after a take-over: no record of a deal)
        self.dealt_seed: int | None = None

    # -- the model ----------------------------------------------------------------------------------------------
    def state(self) -> JSON:
        """Every model key (the first draw); deals the first game when none is under way."""
        from skitgubbe.players.registry import PLAYER_KINDS
        from skitgubbe.rules.options import PRESETS

        if self.session.game is None:
            self.model = {"needs_new_deal": False, "final_replay": None, "message": "", "busy": False}
            self.model.update(self._deal())
        return {
            "mode": "live",
            "lang": self.lang,
            "words": table.words(self.lang),
            "deck": table.deck(self.lang),
            "options": dict(self.options),
            "presets": list(PRESETS),
            "kinds": list(PLAYER_KINDS),
            "open_hands": self.open_hands,
            **self.model,
        }

    def _changes(self, **changes: Any) -> JSON:
        self.model.update(changes)
        return changes

    def _view(self) -> JSON:
        return self.session.view(open=self.open_hands)

    @property
    def game(self) -> Game:
        game = self.session.game
        assert game is not None, "no game: call state() or handle({'op': 'new'}) first"
        return game

    @property
    def computer_to_move(self) -> bool:
        game = self.session.game
        return game is not None and not game.over and game.to_play != self.session.seat

    # -- messages ---------------------------------------------------------------------------------------------
    def handle(self, message: Mapping[str, Any]) -> JSON:
        """Answer one front-end message with the model keys it changed (`busy` true: the computer moves next)."""
        op = message.get("op")
        if op == "play":
            return self.play(str(message.get("move", "")))
        if op == "computer":
            return self.computer()
        if op == "new":
            return self.new_deal()
        if op == "option":
            return self.set_option(str(message.get("key", "")), message.get("value"))
        if op == "open":
            self.open_hands = bool(message.get("value"))
            return self._changes(open_hands=self.open_hands, view=self._view())
        if op == "take_over":
            return self.take_over(message.get("frame") or {})
        return self._changes(message=f"unknown op {op!r}")

    def _deal(self) -> JSON:
        from skitgubbe.session import SessionError

        try:
            self.session.new_game({**self.options, "lang": self.lang})
        except SessionError as error:
            return {"message": str(error), "view": None, "busy": False}
        self.dealt_seed = int(self.options["seed"])
        return self._after_move(table.words(self.lang)["you_are"].format(name=self.session.seat))

    def new_deal(self) -> JSON:
        """Deal again with the current options."""
        return self._changes(needs_new_deal=False, final_replay=None, **self._deal())

    def take_over(self, frame: Mapping[str, Any]) -> JSON:
        """Continue a Replay's position live (`session.take_over`: `case`, `upto`, `seat`, `opponents`)."""
        from skitgubbe.session import SessionError

        try:
            self.session.take_over(frame)
        except SessionError as error:
            return self._changes(message=str(error))
        self.dealt_seed = None
        seat = self.session.seat
        return self._changes(
            needs_new_deal=False, final_replay=None, **self._after_move(self._words("you_are", name=seat))
        )

    def set_option(self, key: str, value: Any) -> JSON:
        """Change an option of the next deal (the game under way keeps its own; the front end says so)."""
        if key not in self.options or self.options[key] == value:
            return {}
        current = self.options[key]
        self.options[key] = int(value) if isinstance(current, int) and not isinstance(value, dict) else value
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
        changes: JSON = {"message": message, "view": self._view(), "busy": self.computer_to_move}
        game = self.session.game
        if game is not None and game.over and not self.model.get("final_replay"):
            changes["message"] = table.words(self.lang)["over"]
            changes["final_replay"] = replay_model(game, self.lang, move_list=True)
            changes["record"] = self.record()
        return self._changes(**changes)

    def record(self) -> JSON | None:
        """The game as a record file (what `python -m skitgubbe replay` reads); None for a taken-over position."""
        game = self.session.game
        if game is None or self.dealt_seed is None:
            return None
        return GameRecord.of(game, seed=self.dealt_seed).to_dict()

    def _words(self, key: str, **params: Any) -> str:
        return table.words(self.lang)[key].format(**params)

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


class CheckerController:
    """The checker: a case (from the library or typed) judged under every preset."""

    def __init__(self, lang: str, case_id: str = "klover-9") -> None:
        self.lang = check_lang(lang)
        self.case_id = case_id
        self.model: JSON = {}

    def state(self) -> JSON:
        """Every model key (the first draw): the library's cases and the first case judged."""
        from skitgubbe.records.caselib import library

        if not self.model:
            self.model = self.load(self.case_id)
        cases = [{"id": c.id, "title": f"{c.point} · {c.text('title', self.lang)}"} for c in library().values()]
        return {"mode": "checker", "lang": self.lang, "words": table.words(self.lang), "cases": cases, **self.model}

    def handle(self, message: Mapping[str, Any]) -> JSON:
        """Answer one front-end message (`load` a library case, `check` a text) with the keys it changed."""
        op = message.get("op")
        if op == "load":
            return self.load(str(message.get("id", "")))
        if op == "check":
            return self.check(str(message.get("text", "")))
        return {}

    def load(self, case_id: str) -> JSON:
        """Fill the text with a library case and judge it."""
        from skitgubbe.records.caselib import get

        self.case_id = case_id
        changes = {"case_id": case_id, **self.check(get(case_id).case_json())}
        self.model.update(changes)
        return changes

    def check(self, text: str) -> JSON:
        """Judge the text under every preset."""
        from skitgubbe.session import check_case

        changes = {"case_text": text, "result": check_case(text, self.lang)}
        self.model.update(changes)
        return changes


#: the controllers of this process (the browser worker's), by key
CONTROLLERS: dict[str, PlayController | CheckerController] = {}


def open_controller(kind: str, lang: str = "en", key: str = "main", **options: Any) -> JSON:
    """Make a controller (`play` with deal options, or `checker` with `case_id`) under `key`; its whole model."""
    if kind == "play":
        CONTROLLERS[key] = PlayController(lang, options)
    elif kind == "checker":
        CONTROLLERS[key] = CheckerController(lang, str(options.get("case_id", "klover-9")))
    else:
        raise ValueError(f"unknown controller kind {kind!r}: play or checker")
    return CONTROLLERS[key].state()


def controller_message(message: Mapping[str, Any], key: str = "main") -> JSON:
    """Send one front-end message to the controller under `key`; the model keys it changed."""
    if key not in CONTROLLERS:
        raise ValueError(f"no controller {key!r}: open one first")
    return CONTROLLERS[key].handle(message)
