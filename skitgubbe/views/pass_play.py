"""Pass and play: several people at one screen (a phone handed round the table), computer players at the rest.

The same live protocol as the reader's game (`PlayController`, over a `Session` with `people`), with the seats
chosen before the deal and two messages more:

    controller = PassController("sv", {"seats": [{"person": "Anna"}, {"person": "Bert"}, {"computer": "strong"}]})
    model = controller.state()                    # mode "pass"; the view is covered: "Lämna telefonen till Anna"
    controller.handle({"op": "reveal", "name": "Anna"})   # Anna has the phone: the view shows her hand
    controller.handle({"op": "play", "move": "9C"})       # her move; Bert's turn covers the view again

While the view is covered (`view.cover` names the person to hand the phone to), it holds no hand and no legal move;
the session refuses a move then. The same person again (a computer seat in between, or the rules give them the
turn again) sees their hand at once: nobody else has had the phone. Once the game is over every hand is shown and
`reviewer` chooses whose moves the review goes through (each person their own). No open hands before that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.entry_checks import name_problem
from skitgubbe.errors import RecordError
from skitgubbe.players.registry import offered_kinds
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.pass_words import PASS_TABLE, pass_words
from skitgubbe.views.controllers import CONTROLLERS, PlayController

__all__ = ["DEFAULT_SEATS", "PassController", "SeatsError", "open_controller", "seating"]

JSON = dict[str, Any]

#: the seats when none are chosen: three people and a sensible computer player
DEFAULT_SEATS: tuple[JSON, ...] = ({"person": ""}, {"person": ""}, {"person": ""}, {"computer": "sensible"})
MAX_NAME = 40


class SeatsError(ValueError):
    """Seats that cannot be dealt; the message is in the controller's language."""


def _name(given: object, number: int, lang: Lang) -> str:
    """A person's name as typed (runs of white space as one space); an empty one is `Player n`."""
    if not isinstance(given, str):
        raise SeatsError(PASS_TABLE.phrase("seats_list", lang))
    name = " ".join(given.split())
    if not name:
        return PASS_TABLE.phrase("default_name", lang, n=number)
    if ":" in name:
        raise SeatsError(PASS_TABLE.phrase("name_colon", lang, n=number))
    if len(name) > MAX_NAME:
        raise SeatsError(PASS_TABLE.phrase("name_long", lang, n=number, max=MAX_NAME))
    if name_problem(name) is not None:
        raise SeatsError(PASS_TABLE.phrase("name_hidden", lang, n=number))
    return name


def seating(seats: object, lang: str) -> JSON:
    """The deal's options for `seats` (2 to 6 of `{"person": name}` or `{"computer": kind}`): `players` (the
    names; a computer seat is `Computer n`), `people` and `opponents` (each computer seat's kind)."""
    said = check_lang(lang)
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise SeatsError(PASS_TABLE.phrase("seats_list", said))
    players: list[str] = []
    people: list[str] = []
    kinds: dict[str, str] = {}
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, Mapping) or len(seat) != 1 or not ({"person", "computer"} & set(seat)):
            raise SeatsError(PASS_TABLE.phrase("seats_list", said))
        if "person" in seat:
            name = _name(seat["person"], number, said)
            people.append(name)
        else:
            kind = seat["computer"]
            if not isinstance(kind, str) or kind not in offered_kinds():
                raise SeatsError(PASS_TABLE.phrase("seats_list", said))
            name = PASS_TABLE.phrase("computer_name", said, n=number)
            kinds[name] = kind
        if name.casefold() in (p.casefold() for p in players):
            raise SeatsError(PASS_TABLE.phrase("name_twice", said, name=name))
        players.append(name)
    if not people:
        raise SeatsError(PASS_TABLE.phrase("no_person", said))
    return {"players": players, "people": people, "opponents": kinds}


class PassController(PlayController):
    """Pass and play (see the module): `seats` instead of `players`, `opponents` and the reader's seat."""

    OPS = (*PlayController.OPS, "reveal", "reviewer")

    def __init__(self, lang: str, options: Mapping[str, Any] | None = None) -> None:
        given = {k: v for k, v in (options or {}).items() if k not in ("seats", "take_over", "seat")}
        super().__init__(lang, given)
        #: why the seats cannot be dealt (said instead of a deal), or None
        self.seats_problem: str | None = None
        seats = (options or {}).get("seats", list(DEFAULT_SEATS))
        try:
            self.options.update(seating(seats, self.lang))
        except SeatsError as error:
            self.seats_problem = PASS_TABLE.phrase("bad_seats", self.lang, error=str(error))

    def state(self) -> JSON:
        """Every model key, as the reader's game has them, in mode `pass` with the pass-and-play words."""
        return {**super().state(), "mode": "pass", "pass_words": pass_words(self.lang)}

    def _deal(self) -> JSON:
        if self.seats_problem is not None:
            return {"message": self.seats_problem, "view": None, "busy": False}
        return super()._deal()

    def dealt_message(self) -> str:
        """Who sits at the table (the cover then names who has the phone first)."""
        names = ", ".join(self.game.players)
        return PASS_TABLE.phrase("dealt", self.lang, seed=self.options["seed"], names=names)

    def _view(self) -> JSON | None:
        """The board of the one who has the phone (covered between two people); every hand once the game is over."""
        game = self.session.game
        return None if game is None else self.session.view(open=game.over)

    def _serve(self, message: Mapping[str, Any]) -> JSON:
        op = message.get("op")
        if op == "reveal":
            self.session.reveal(message.get("name"))  # a SessionError (said, nothing changed) for anyone else
            return self._changes(message="", view=self._view(), hint=None, busy=self.computer_to_move)
        if op == "reviewer":
            return self.reviewer(message.get("name"))
        if op in ("open", "take_over"):  # every hand, or another game: not while the phone goes round
            return self._changes(message=PASS_TABLE.phrase("no_open", self.lang))
        return super()._serve(message)

    def set_option(self, key: str, value: Any) -> JSON:
        """The rules and the deal number of the next deal; the seats stay as chosen."""
        if key not in ("rules", "seed"):
            raise RecordError("key", "must_be_one_of", choices="rules, seed", value=strict_json.kind(key))
        return super().set_option(key, value)

    def reviewer(self, name: object) -> JSON:
        """Whose moves the review goes through once the game is over (a person at the table)."""
        game = self.session.game
        if game is None or not game.over:
            return self._changes(message=PASS_TABLE.phrase("not_over", self.lang))
        if not isinstance(name, str) or name not in self.session.people:
            shown = name if isinstance(name, str) else strict_json.kind(name)
            return self._changes(message=PASS_TABLE.phrase("not_person", self.lang, name=repr(shown)[:48]))
        self.session.seat = name
        self._review = None
        return self._changes(view=self._view(), review=None, message="")


def open_controller(kind: str = "pass", lang: str = "en", key: str = "pass", **options: Any) -> JSON:
    """Make a pass-and-play controller under `key` (the browser worker's, beside the controllers' own); its whole
    model. The options (`rules`, `seed`, `seats`, `house_rules`) are held to the JSON reader's limits first."""
    if kind != "pass":
        raise ValueError(f"unknown controller kind {kind!r}: pass")
    strict_json.check_value(options, "options")
    CONTROLLERS[key] = PassController(lang, options)
    return CONTROLLERS[key].state()
