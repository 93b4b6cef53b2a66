"""Issue 24, classes 2 and 9: the session API answers every request, and a refused one changes nothing.

`new_game` / `take_over` with a seat that is not a player, unknown opponents, a spec that is a string, an unknown
language, a seed "x", `upto` that is not a whole number, a `check` of a number, deep nesting, huge integers: each is
answered `{"ok": false, "error": ...}` in the session's language, the game in progress goes on unchanged (its
next computer move still works), and every answer is strict JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from reliability import PHASE2

from skitgubbe.session import Session

DEEP: Any = {}
for _ in range(3000):
    DEEP = {"a": DEEP}

#: (what, request) refused while a game is under way
REFUSED: list[tuple[str, Any]] = [
    ("a seat that is not a player", {"op": "new_game", "spec": {"seed": 2, "seat": "Z"}}),
    ("a seat that is a number", {"op": "new_game", "spec": {"seed": 2, "seat": 7}}),
    ("unknown opponents", {"op": "new_game", "spec": {"seed": 2, "opponents": "genius"}}),
    ("opponents that are a list", {"op": "new_game", "spec": {"seed": 2, "opponents": ["random"]}}),
    ("a spec that is a string", {"op": "new_game", "spec": "pagat"}),
    ("an unknown language", {"op": "new_game", "spec": {"seed": 2, "lang": "de"}}),
    ("a language that is a number", {"op": "new_game", "spec": {"seed": 2, "lang": 1}}),
    ("a seed 'x'", {"op": "new_game", "spec": {"seed": "x"}}),
    ("a seed 1e21", {"op": "new_game", "spec": {"seed": 1e21}}),
    ("a seed of 2**53", {"op": "new_game", "spec": {"seed": 2**53}}),
    ("a seed true", {"op": "new_game", "spec": {"seed": True}}),
    ("players that are an object", {"op": "new_game", "spec": {"seed": 2, "players": {"A": 1}}}),
    ("rules that are a number", {"op": "new_game", "spec": {"seed": 2, "rules": 7}}),
    ("deep rules", {"op": "new_game", "spec": {"seed": 2, "rules": DEEP}}),
    ("a huge integer", {"op": "new_game", "spec": {"seed": 10**400}}),
    ("take_over a seat not a player", {"op": "take_over", "frame": {"case": PHASE2, "upto": 1, "seat": "Z"}}),
    ("take_over unknown opponents", {"op": "take_over", "frame": {"case": PHASE2, "opponents": "x"}}),
    ("take_over a seed 'x'", {"op": "take_over", "frame": {"case": PHASE2, "seed": "x"}}),
    ("take_over upto infinity", {"op": "take_over", "frame": {"case": PHASE2, "upto": float("inf")}}),
    ("take_over upto 1.5", {"op": "take_over", "frame": {"case": PHASE2, "upto": 1.5}}),
    ("take_over upto 99", {"op": "take_over", "frame": {"case": PHASE2, "upto": 99}}),
    ("take_over a case that is a list", {"op": "take_over", "frame": {"case": [1, 2]}}),
    ("take_over a frame that is a string", {"op": "take_over", "frame": "x"}),
    ("check a number", {"op": "check", "case": 5}),
    ("check in an unknown language", {"op": "check", "case": PHASE2, "lang": "fi"}),
    ("view from seat infinity", {"op": "view", "seat": float("inf")}),
    ("view with open 'yes'", {"op": "view", "open": "yes"}),
    ("play a move that is a number", {"op": "play", "move": 9}),
    ("an unknown op", {"op": "fly"}),
    ("an op that is a list", {"op": ["view"]}),
    ("nan anywhere", {"op": "view", "extra": float("nan")}),
]


def _session(lang: str = "en") -> Session:
    session = Session(lang)
    assert session.handle({"op": "new_game", "spec": {"seed": 5, "lang": lang}})["ok"]
    return session


def _snapshot(session: Session) -> str:
    return json.dumps(session.handle({"op": "view", "open": True}), sort_keys=True, allow_nan=False)


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("what, request_", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_refused_request_is_answered_and_changes_nothing(lang: str, what: str, request_: Any) -> None:
    session = _session(lang)
    before = _snapshot(session)
    answer = session.handle(request_)
    json.dumps(answer, allow_nan=False)  # strict JSON
    refused = answer.get("ok") is False or (request_.get("op") == "check" and answer.get("ok") is False)
    assert refused, answer
    error = answer["error"]
    text = error if isinstance(error, str) else json.dumps(error, ensure_ascii=False)
    assert text and "internal" not in text and "internt" not in text, text
    if lang == "sv":
        assert not any(word in text for word in ("must be", "cannot", "unknown op")), text
    assert _snapshot(session) == before
    # the game goes on: the reader's move or the computer's, as before
    view = session.handle({"op": "view"})
    step = session.handle(
        {"op": "play", "move": view["actions"][0]["move"]} if view["your_turn"] else {"op": "computer_move"}
    )
    assert step["ok"], step


def test_a_refused_take_over_keeps_the_computer_seats_of_the_game_in_progress() -> None:
    session = Session()
    assert session.handle({"op": "new_game", "spec": {"seed": 3, "seat": "B"}})["ok"]
    assert not session.handle({"op": "take_over", "frame": {"case": PHASE2, "upto": 0, "seat": "Q"}})["ok"]
    assert session.seat == "B" and set(session.bots) == {"A", "C"}
    assert session.handle({"op": "computer_move"})["ok"]  # A, a computer seat, moves (was a KeyError)


def test_a_non_object_request_is_answered() -> None:
    for request in (None, [], "view", 3):
        answer = Session().handle(request)  # type: ignore[arg-type]
        assert answer["ok"] is False and answer["error"]


def test_a_good_request_after_refusals_is_served() -> None:
    session = Session("sv")
    assert not session.handle({"op": "new_game", "spec": {"lang": "xx"}})["ok"]
    assert session.lang == "sv" and session.game is None
    answer = session.handle({"op": "new_game", "spec": {"seed": 9, "lang": "en", "players": ["Ann", "Bo"]}})
    assert answer["ok"] and answer["view"]["players"] == ["Ann", "Bo"] and session.lang == "en"
