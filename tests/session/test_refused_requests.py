"""The live protocol answers every request, and a refused one changes nothing.

The requests go where the browser worker sends them (`views.controllers` through the bridge). A deal with a seat
that is not a player, unknown opponents, options that are a string, an unknown language, a seed "x", deep nesting,
huge integers: answered in the reader's language, no game dealt, the game under another key untouched. While a game
is under way, an option the next deal cannot use, a take-over with `upto` that is not a whole number, a value of the
wrong type, an unknown op: said in the game's language, the game goes on unchanged (its next move still works),
and every answer is strict JSON."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from reliability import PHASE2

from skitgubbe.views import controllers
from skitgubbe.views.controllers import PlayController, controller_message, open_controller
from skitgubbe.views.live import bridge

DEEP: Any = {}
for _ in range(300):  # far beyond the JSON reader's depth limit, and still written by the test's own json.dumps
    DEEP = {"a": DEEP}

ENGLISH = ("must be", "cannot", "unknown op")

#: (what, deal options) refused when a game is dealt with them
REFUSED_DEALS: list[tuple[str, Any]] = [
    ("a seat that is not a player", {"seed": 2, "seat": "Z"}),
    ("a seat that is a number", {"seed": 2, "seat": 7}),
    ("unknown opponents", {"seed": 2, "opponents": "genius"}),
    ("opponents that are a list", {"seed": 2, "opponents": ["random"]}),
    ("options that are a string", "pagat"),
    ("an unknown language", {"seed": 2, "lang": "de"}),
    ("a language that is a number", {"seed": 2, "lang": 1}),
    ("a seed 'x'", {"seed": "x"}),
    ("a seed 1e21", {"seed": 1e21}),
    ("a seed of 2**53", {"seed": 2**53}),
    ("a seed true", {"seed": True}),
    ("players that are an object", {"seed": 2, "players": {"A": 1}}),
    ("rules that are a number", {"seed": 2, "rules": 7}),
    ("deep rules", {"seed": 2, "rules": DEEP}),
    ("a huge integer", {"seed": 10**400}),
]

#: (what, message) refused while a game is under way
REFUSED: list[tuple[str, Any]] = [
    ("a seed 'x' for the next deal", {"op": "option", "key": "seed", "value": "x"}),
    ("a seed 1e21 for the next deal", {"op": "option", "key": "seed", "value": 1e21}),
    ("a seed true for the next deal", {"op": "option", "key": "seed", "value": True}),
    ("players that are an object", {"op": "option", "key": "players", "value": {"A": 1}}),
    ("rules that are a number", {"op": "option", "key": "rules", "value": 7}),
    ("deep rules", {"op": "option", "key": "rules", "value": DEEP}),
    ("unknown opponents", {"op": "option", "key": "opponents", "value": "genius"}),
    ("a huge integer", {"op": "option", "key": "seed", "value": 10**400}),
    ("take_over a seat not a player", {"op": "take_over", "frame": {"case": PHASE2, "upto": 1, "seat": "Z"}}),
    ("take_over unknown opponents", {"op": "take_over", "frame": {"case": PHASE2, "opponents": "x"}}),
    ("take_over a seed 'x'", {"op": "take_over", "frame": {"case": PHASE2, "seed": "x"}}),
    ("take_over upto infinity", {"op": "take_over", "frame": {"case": PHASE2, "upto": math.inf}}),
    ("take_over upto 1.5", {"op": "take_over", "frame": {"case": PHASE2, "upto": 1.5}}),
    ("take_over upto 99", {"op": "take_over", "frame": {"case": PHASE2, "upto": 99}}),
    ("take_over a case that is a list", {"op": "take_over", "frame": {"case": [1, 2]}}),
    ("take_over a frame that is a string", {"op": "take_over", "frame": "x"}),
    ("open hands 'yes'", {"op": "open", "value": "yes"}),
    ("play a move that is a number", {"op": "play", "move": 9}),
    ("an unknown op", {"op": "fly"}),
    ("an op that is a list", {"op": ["view"]}),
    ("nan anywhere", {"op": "open", "value": True, "extra": math.nan}),
    ("a message that is a list", ["play"]),
    ("a message that is text", "play"),
]


def _said(text: str, lang: str) -> None:
    assert text and "internal" not in text and "internt" not in text, text
    if lang == "sv":
        assert not any(word in text for word in ENGLISH), text


def _snapshot(controller: PlayController) -> str:
    return json.dumps(controller.session.view(open=True), sort_keys=True, allow_nan=False)


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("what, options", REFUSED_DEALS, ids=[r[0] for r in REFUSED_DEALS])
def test_a_refused_deal_is_answered_and_changes_nothing(lang: str, what: str, options: Any) -> None:
    open_controller("play", lang, "refused-main", seed=5)
    main = controllers.CONTROLLERS["refused-main"]
    assert isinstance(main, PlayController)
    before = _snapshot(main)
    args = options if not isinstance(options, dict) else {"lang": lang, **options, "kind": "play", "key": "refused"}
    text = bridge.call("controllers.open_controller", json.dumps(args))
    answer = json.loads(text)  # the bridge writes strict JSON (no NaN, no Infinity)
    if answer["ok"]:  # a controller, whose first deal was refused: no game, the reason said
        assert answer["result"]["view"] is None, what
        _said(answer["result"]["message"], lang)
    else:  # refused by the bridge itself (not an object, beyond the JSON reader's limits, a language not sv/en)
        error = answer["error"]
        assert "trace" not in error, error  # a refusal, not a fault
        _said(error.get("messages", {}).get(lang) or error["message"], "en" if "messages" not in error else lang)
    assert controllers.CONTROLLERS["refused-main"] is main and _snapshot(main) == before


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("what, message", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_refused_message_is_answered_and_changes_nothing(lang: str, what: str, message: Any) -> None:
    open_controller("play", lang, "refused", seed=5)
    controller = controllers.CONTROLLERS["refused"]
    assert isinstance(controller, PlayController)
    before, options = _snapshot(controller), dict(controller.options)
    changes = controller_message(message, "refused")
    json.dumps(changes, allow_nan=False)  # strict JSON
    _said(changes["message"], lang)
    assert _snapshot(controller) == before and controller.options == options
    # the game goes on: the reader's move or the computer's, as before
    moves = controller.game.move_count
    view = controller.session.view()
    step = controller_message(
        {"op": "play", "move": view["actions"][0]["move"]} if view["your_turn"] else {"op": "computer"}, "refused"
    )
    assert step["view"]["moves"] == moves + 1, step


def test_a_refused_take_over_keeps_the_computer_seats_of_the_game_in_progress() -> None:
    controller = PlayController("en", {"seed": 3, "seat": "B"})
    controller.state()
    session = controller.session
    assert session.seat == "B" and set(session.bots) == {"A", "C"}
    changes = controller.handle({"op": "take_over", "frame": {"case": PHASE2, "upto": 0, "seat": "Q"}})
    assert "seat 'Q'" in changes["message"]
    assert session.seat == "B" and set(session.bots) == {"A", "C"}
    moves = controller.game.move_count
    assert controller.handle({"op": "computer"})["view"]["moves"] == moves + 1  # A, a computer seat, moves


def test_a_good_deal_after_refusals_is_served() -> None:
    controller = PlayController("sv", {"seed": 9, "seat": "Z"})
    assert controller.state()["view"] is None and controller.session.game is None
    assert controller.handle({"op": "play", "move": "9C"})["message"]  # no game: said, not a fault
    refused = controller.handle({"op": "option", "key": "players", "value": 9})
    assert refused["message"] and controller.options["players"] == 3
    assert controller.handle({"op": "option", "key": "players", "value": 2})["needs_new_deal"]
    controller.options.pop("seat")
    changes = controller.handle({"op": "new"})
    assert changes["view"]["players"] == ["A", "B"] and changes["view"]["lang"] == "sv"
