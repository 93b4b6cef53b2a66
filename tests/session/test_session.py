"""The engine side of the live table (skitgubbe/session.py): plain JSON out, as the controllers drive it.

The front end's requests go through the one live protocol (`views.controllers`); the requests that once had their
own `Session.handle` are sent here as the controllers' messages.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skitgubbe.records.caselib import get
from skitgubbe.rules.options import PRESETS
from skitgubbe.session import Session, SessionError, check_case, state_view
from skitgubbe.views.controllers import PlayController
from skitgubbe.views.examples import EXAMPLES
from skitgubbe.views.frames import frames_json, frames_of_case
from skitgubbe.views.live_names import name_seats


def roundtrip(value: object) -> object:
    """Everything the session answers is JSON: it survives dumps/loads unchanged."""
    text = json.dumps(value, ensure_ascii=False)
    assert json.loads(text) == value
    return value


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_new_game_view_hides_the_other_hands(lang: str) -> None:
    controller = PlayController(lang, {"players": 3, "seed": 3, "rules": "pagat"})
    view = roundtrip(controller.state())["view"]
    assert view["you"] == "A" and view["your_turn"] and view["lang"] == lang
    assert view["hands"]["A"]["cards"] and len(view["hands"]["A"]["cards"]) == view["hands"]["A"]["count"]
    assert view["hands"]["B"]["cards"] is None and view["hands"]["B"]["count"] == 3
    opened = controller.handle({"op": "open", "value": True})["view"]
    assert opened["hands"]["B"]["cards"] is not None
    # the live table's view is the session's with the seats named (the computers "dator B", the reader "A (du)")
    assert name_seats(controller.session.view(open=True), controller.session, lang) == opened
    assert view["status"] == ("A (du) står på tur" if lang == "sv" else "A (you) to play")


def test_legal_actions_are_what_play_accepts() -> None:
    s = Session("en")
    s.new_game({"seed": 5})
    actions = roundtrip(s.legal_actions())
    assert actions and {a["kind"] for a in actions} <= {"play", "chansa", "pick-up", "throw", "pass"}
    answer = roundtrip(s.play(actions[-1]["move"]))
    assert answer["ok"] and answer["step"]["player"] == "A" and answer["step"]["rule"]
    assert "view" not in answer and s.view()["last"] == answer["step"]  # the board is asked for once, afterwards


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_an_illegal_move_is_refused_with_its_rule_in_the_language(lang: str) -> None:
    s = Session(lang)
    s.new_game({"seed": 3})
    before = s.game.state
    answer = roundtrip(s.play("pick up"))
    assert not answer["ok"] and answer["error"]["rule"] == "p1.no-pick-up"
    assert ("kan A inte ta upp" in answer["error"]["message"]) == (lang == "sv")
    assert s.game.state == before
    bad = s.play("eleven of cups")
    assert not bad["ok"] and bad["error"]["message"].startswith("Draget går inte" if lang == "sv" else "The move")


@pytest.mark.parametrize("opponents", ["random", "sensible", "strong"])
def test_a_whole_game_through_the_controller(opponents: str) -> None:
    controller = PlayController("sv", {"seed": 11, "opponents": opponents, "players": 3})
    view = controller.state()["view"]
    rng = random.Random(1)
    for _ in range(5000):
        if view["over"]:
            break
        if view["your_turn"]:
            changes = controller.handle({"op": "play", "move": rng.choice(view["actions"])["move"]})
            assert changes["view"]["last"]["legal"] and changes["view"]["your_moves"] == view["your_moves"] + 1
        else:
            changes = controller.handle({"op": "computer"})
            assert changes["view"]["moves"] == view["moves"] + 1
        view = changes["view"]
    view = roundtrip(controller.session.view())
    assert view["over"] and view["loser"] in view["players"] and view["status"].endswith("skitgubbe")
    s = controller.session
    assert s.computer_move()["ok"] is False and s.play("9C")["ok"] is False


def test_take_over_a_frame_of_a_case() -> None:
    case = json.loads(get("klover-9").case_json())
    s = Session("en")
    s.take_over({"case": case, "upto": 2})
    view = roundtrip(s.view())
    assert view["to_play"] == "C" and view["you"] == "C"
    assert s.legal_actions()
    controller = PlayController("en", {"take_over": {"case": case, "upto": 2}})
    view = name_seats(view, s, "en")  # as the live table shows it: the seats named
    assert controller.state()["view"] == view
    bad = controller.handle({"op": "take_over", "frame": {"case": {"players": ["A"]}}})
    assert "cannot be used" in bad["message"] and controller.state()["view"] == view  # nothing changed


def test_check_case_gives_a_verdict_per_preset() -> None:
    result = roundtrip(check_case(get("klover-9").case_json(), "sv"))
    assert result["ok"] and [v["preset"] for v in result["verdicts"]] == list(PRESETS)
    legal = {v["preset"]: v["legal"] for v in result["verdicts"]}
    assert legal["kortspelsregler"] and not legal["pagat"]
    pagat = next(v for v in result["verdicts"] if v["preset"] == "pagat")
    assert pagat["moves"][pagat["first_illegal"]]["rule"] == "p2.one-card"
    broken = check_case("{not json", "sv")
    assert not broken["ok"] and broken["error"].startswith("Fallet går inte att använda")
    unknown = check_case({"rules": "nope", "players": ["A", "B"]}, "en")
    assert not unknown["ok"] and unknown["error"]


def test_the_session_has_no_protocol_of_its_own() -> None:
    """The front end's messages are the controllers' alone: the session is a plain object they call."""
    assert not hasattr(Session, "handle") and not hasattr(Session, "OPS")
    assert set(PlayController.OPS) == {"play", "computer", "new", "option", "open", "take_over", "hint", "review"}


def test_bad_requests_say_what() -> None:
    with pytest.raises(SessionError, match=r"No game is under way: start a new deal\."):
        Session("en").view()
    controller = PlayController("en", {"opponents": "wizard"})
    assert "opponents" in controller.state()["message"] and controller.state()["view"] is None
    assert controller.handle({"op": "fly"})["message"].startswith("unknown op 'fly'")
    assert PlayController("sv", {}).handle({"op": "fly"})["message"].startswith("okänd begäran 'fly'")


def test_frames_show_a_completed_trick_once_and_hide_the_set_aside_card() -> None:
    frames = frames_json(frames_of_case(EXAMPLES["klover-9"].load(), "en"), "en")
    roundtrip(frames)
    assert [f["index"] for f in frames] == list(range(6)) and frames[0]["last"] is None
    assert frames[2]["last"]["text"] == "B: ♣Q ♣K ♣A" and frames[2]["last"]["rule"] == "p2.sequence"
    completed = [f for f in frames if f["completed"]]
    for f in completed:  # the trick is shown whole in that frame, turned away in the next
        assert f["table"] and f["completed_text"]
        nxt = frames[f["index"] + 1] if f["index"] + 1 < len(frames) else None
        assert nxt is None or not nxt["completed"] or nxt["table"] != f["table"]
    # a phase-1 position with the talon used up: the set-aside card is face down (its code only for the lesson)
    for example in EXAMPLES.values():
        for frame in frames_json(frames_of_case(example.load(), "sv"), "sv"):
            card = frame["trump_card"]
            if card and frame["trump"] is None:
                assert card["card"] == "back" and card["lesson"] != "back"


def test_state_view_is_json_for_every_example() -> None:
    for example in EXAMPLES.values():
        game = example.final_game()
        for lang in ("sv", "en"):
            roundtrip(state_view(game.state, lang, seat=game.players[0], open=False))


def test_a_refusal_is_worded_whole_in_the_sessions_language() -> None:
    """The session's own refusals and the errors they pass on are in the language asked, not English inside Swedish:
    through the controller (a deal's options, a take-over's frame) and the checker's `check_case`."""
    case = {"players": ["A", "B"], "phase": 2, "trump": "H", "to_play": "A", "hands": {"A": ["9C"], "B": ["QC"]}}
    requests = [
        ({"new": {"rules": "nope"}}, "Ogiltigt val: okänt förval 'nope'; kända förval: pagat"),
        ({"new": {"seat": "Z"}}, "Ogiltigt val: platsen 'Z' är ingen av spelarna"),
        ({"new": {"opponents": "x"}}, "Ogiltigt val: opponents måste vara en av random, sensible"),
        ({"new": {"players": 9}}, "Ogiltigt val: players: 9 spelare; motorn spelar med 2 till 6"),
        ({"take_over": {"case": {"players": 3}}}, "Fallet går inte att använda: players: måste vara"),
        ({"take_over": {"case": case, "upto": 5}}, "Fallet går inte att använda: upto: måste vara 0 till 0, inte 5"),
        ({"check": "{"}, "Fallet går inte att använda: JSON: "),
    ]
    english = [
        "Invalid choice: unknown preset 'nope'; known presets: pagat",
        "Invalid choice: seat 'Z' is not a player",
        "Invalid choice: opponents must be one of random, sensible",
        "Invalid choice: players: 9 players; the engine plays with 2 to 6",
        "The case cannot be used: players: must be",
        "The case cannot be used: upto: must be 0 to 0, not 5",
        "The case cannot be used: JSON: ",
    ]

    def refusal(request: dict[str, Any], lang: str) -> str:
        ((op, value),) = request.items()
        if op == "check":
            answer = check_case(value, lang)
            assert not answer["ok"]
            return str(answer["error"])
        if op == "new":
            return str(PlayController(lang, value).state()["message"])
        controller = PlayController(lang, {"seed": 2})
        controller.state()
        return str(controller.handle({"op": "take_over", "frame": value})["message"])

    for (request, swedish), english_start in zip(requests, english, strict=True):
        assert refusal(request, "sv").startswith(swedish), refusal(request, "sv")
        assert refusal(request, "en").startswith(english_start), refusal(request, "en")
    assert check_case("{", "sv")["error"].endswith("(rad 1, kolumn 2)")
    assert check_case("{", "en")["error"].endswith("(line 1, column 2)")
