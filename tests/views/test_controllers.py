"""The reader's table's Python side (views/controllers.py) and the session's take-over, in CPython.

Live play: a card that is not legal, clicked, is refused with its rule and the game is unchanged; game over says
the loser and offers the record (read by `python -m skitgubbe replay`), or after a take-over of a case its case
file (read by `check`). Play from here: every Replay of a case or a record carries what `Session.take_over`
needs, and any of its frames continues live. House rules: a rules object deals the game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from skitgubbe.engine.game import Game
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.records.caselib import get, library
from skitgubbe.records.record import GameRecord
from skitgubbe.rules.options import Rules, short_spec
from skitgubbe.session import Session, SessionError
from skitgubbe.views import controllers, esm, table
from skitgubbe.views.controllers import PlayController, open_controller, replay_model
from skitgubbe.views.examples import EXAMPLES


def whole_record(seed: int = 7, rules: str = "pagat") -> GameRecord:
    game = Game.deal(3, rules=rules, seed=seed)
    play_out(game, {name: make_player("sensible", seed * 101 + i) for i, name in enumerate(game.players)})
    return GameRecord.of(game, seed=seed)


def finish(controller: PlayController, rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """Play the reader's seat at random (legal moves) until the game ends; the last changes."""
    changes: dict[str, Any] = {}
    for _ in range(limit):
        changes = controller.run_computer()
        if controller.game.over:
            return {**controller.model, **changes}
        moves = controller.game.legal_moves()
        changes = controller.handle({"op": "play", "move": str(rng.choice(moves))})
        if controller.game.over:
            return {**controller.model, **changes}
    raise AssertionError("the game did not end")


# -- illegal moves by clicking ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_card_that_is_not_legal_is_refused_with_its_rule_and_nothing_changes(lang: str) -> None:
    controller = PlayController(lang, {"rules": "pagat", "players": 3, "seed": 2})
    controller.state()
    controller.run_computer()
    game = controller.game
    for _ in range(200):  # to a turn where a card of the hand is not a legal move
        legal = {str(m) for m in game.legal_moves()}
        hand = [str(c) for c in game.hand(controller.session.seat)]
        illegal = [c for c in hand if c not in legal]
        if illegal:
            break
        controller.handle({"op": "play", "move": sorted(legal)[0]})
        controller.run_computer()
    else:
        raise AssertionError("no turn with an illegal card")
    before, moves = game.state, game.move_count
    changes = controller.handle({"op": "play", "move": illegal[0]})
    assert game.state == before and game.move_count == moves
    last = changes["view"]["last"]
    assert last["legal"] is False and last["rule"] and last["why"]
    assert last["verdict"] == ("ej tillåtet" if lang == "sv" else "illegal")
    assert changes["busy"] is False and changes["view"]["your_turn"] is True
    # the front end's words for it, in both languages
    assert table.words(lang)["dimmed"] and table.words(lang)["illegal_card"]


# -- game over -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_game_over_names_the_loser_and_offers_the_record_that_replay_reads(lang: str, tmp_path: Path) -> None:
    controller = PlayController(lang, {"rules": "pagat", "players": 3, "seed": 5, "opponents": "random"})
    controller.state()
    model = finish(controller, random.Random(5))
    loser = controller.game.state.loser
    assert loser and model["message"] == table.words(lang)["over_loser"].format(name=loser)
    record = model["record"]
    assert record["seed"] == 5 and record["moves"] == controller.game.moves and model["case_file"] is None
    assert model["final_replay"]["take_over"]["record"] == record  # the final Replay can be played from, too
    path = tmp_path / "skitgubbe-5.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = cli("replay", str(path), "--lang", lang)
    assert result.returncode == 0, result.stderr


def test_after_taking_over_a_case_the_game_is_kept_as_a_case_file_that_check_reads(tmp_path: Path) -> None:
    take = replay_model(EXAMPLES["klover-9"].load(), "en")["take_over"]
    controller = PlayController("en", {"take_over": {"case": take["case"], "upto": 1}})
    model = controller.state()
    assert model["view"]["moves"] == 1 and controller.record() is None
    model = finish(controller, random.Random(1))
    assert model["record"] is None
    case_file = model["case_file"]
    assert case_file["moves"] == controller.game.moves and case_file["moves"][0] == take["case"]["moves"][0]
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case_file), encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 0, result.stdout + result.stderr


def test_after_taking_over_a_whole_game_its_record_holds_every_move() -> None:
    record = whole_record()
    take = replay_model(record, "en", move_list=True)["take_over"]
    assert take == {"record": record.to_dict(), "limit": len(record.moves)}
    controller = PlayController("sv", {"take_over": {"record": take["record"], "upto": 10, "seat": "B"}})
    model = controller.state()
    assert controller.session.seat == "B" and model["view"]["you"] == "B"
    assert model["options"]["rules"] == "pagat" and model["options"]["players"] == 3  # the table's choices follow
    assert controller.game.moves == list(record.moves[:10])
    model = finish(controller, random.Random(2))
    again = GameRecord.load(model["record"])
    assert again.seed == record.seed and list(again.moves) == controller.game.moves


# -- play from here --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_every_example_replay_can_be_taken_over_at_every_frame(example_id: str) -> None:
    case = EXAMPLES[example_id].load()
    model = replay_model(case, "en")
    take = model["take_over"]
    assert take["limit"] <= len(model["frames"]) - 1
    for upto in range(take["limit"] + 1):
        session = Session("en")
        session.take_over({"case": take["case"], "upto": upto})
        frame = model["frames"][upto]
        assert session.game is not None
        assert session.game.state.to_play == frame["to_play"], f"frame {upto}"
        assert {n: h["count"] for n, h in session.view()["hands"].items()} == {
            n: h["count"] for n, h in frame["hands"].items()
        }
        assert session.seat == (frame["to_play"] or session.game.players[0])


def test_disputed_cases_under_another_preset_take_over_under_that_preset() -> None:
    for case_id in ("d4-sequence", "klover-9", "d5-free-trump"):
        for preset in ("kortspelsregler", "pagat", "strikt"):
            case = get(case_id).load(preset)
            take = replay_model(case, "sv")["take_over"]
            assert take["case"]["rules"] == preset and "expect" not in take["case"]
            session = Session("sv")
            session.take_over({"case": take["case"], "upto": take["limit"]})
            assert session.game is not None and session.game.rules == Rules.from_spec(preset)


def test_klover_9_from_the_first_frame_another_move_than_the_books_is_judged() -> None:
    take = replay_model(EXAMPLES["klover-9"].load(), "sv")["take_over"]
    controller = PlayController("sv", {"take_over": {**take, "upto": 0}})
    controller.state()
    book = take["case"]["moves"][0]
    other = next(str(m) for m in controller.game.legal_moves() if str(m) != book)
    changes = controller.handle({"op": "play", "move": other})
    assert changes["view"]["last"]["legal"] is True and changes["view"]["last"]["rule"]
    assert changes["view"]["last"]["verdict"] == "tillåtet"


def test_take_over_refuses_a_bad_frame_clearly() -> None:
    record = whole_record().to_dict()
    session = Session("en")
    with pytest.raises(SessionError, match="upto"):
        session.take_over({"record": record, "upto": 10_000})
    with pytest.raises(SessionError, match="The case cannot be used"):
        session.take_over({"record": {**record, "moves": ["AS AS"]}})
    controller = PlayController("sv", {})
    controller.state()
    changes = controller.handle({"op": "take_over", "frame": {"case": {"players": ["A"]}}})
    assert changes["message"].startswith("Fallet går inte att använda")


def test_a_replay_of_frames_or_of_a_game_without_its_deal_has_no_take_over() -> None:
    game = Game.deal(3, seed=1)
    assert "take_over" not in replay_model(game, "en")
    html = table.static_html(replay_model(whole_record(), "en"))
    assert table.TAKE_OVER_MARKER in html
    assert table.TAKE_OVER_MARKER not in table.static_html(replay_model(game, "en"))


def test_the_library_cases_all_carry_their_take_over() -> None:
    for case_id, item in library().items():
        model = replay_model(item.load(), "en")
        assert model["take_over"]["case"]["rules"] == short_spec(item.load().rules), case_id


# -- house rules -----------------------------------------------------------------------------------------------
def test_house_rules_deal_the_game_and_are_offered_beside_the_presets() -> None:
    spec = {"preset": "pagat", "must_beat": True}
    model = open_controller("play", "en", key="house-test", rules=spec, house_rules=spec, seed=3)
    try:
        controller = controllers.CONTROLLERS["house-test"]
        assert isinstance(controller, PlayController)
        assert controller.game.rules == Rules.from_spec(spec) and model["house_rules"] == spec
        assert (
            controller.record() is not None and Rules.from_spec(controller.record()["rules"]) == controller.game.rules
        )
        # back to a preset, then to the house rules again: the next deal follows
        controller.handle({"op": "option", "key": "rules", "value": "strikt"})
        controller.handle({"op": "new"})
        assert controller.game.rules.preset_name == "strikt"
        controller.handle({"op": "option", "key": "rules", "value": spec})
        controller.handle({"op": "new"})
        assert controller.game.rules == Rules.from_spec(spec)
    finally:
        controllers.CONTROLLERS.pop("house-test", None)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_bad_house_rules_are_said_in_the_pages_language(lang: str) -> None:
    controller = PlayController(lang, {"rules": {"preset": "pagat", "no_such_option": 1}})
    model = controller.state()
    assert model["view"] is None
    assert model["message"].startswith("Ogiltigt val" if lang == "sv" else "Invalid choice")
    assert "no_such_option" in model["message"]


def test_in_jupyter_a_replay_has_no_play_from_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Jupyter widget has no browser-live engine: its Replay model has no `take_over` (table.js shows the
    button only where the page has the live config, which Jupyter never has); the static site's has it."""
    from skitgubbe.views.widgets import example, whole_game

    monkeypatch.delenv("SKITGUBBE_STATIC_BUILD", raising=False)
    widget = example("klover-9", "en")
    assert not hasattr(widget, "take_over") and widget.mode == "replay"
    monkeypatch.setenv("SKITGUBBE_STATIC_BUILD", "1")
    assert example("klover-9", "en").data["take_over"]["limit"] == 5
    assert whole_game(["A", "B", "C"], "en", seed=7).data["take_over"]["record"]["seed"] == 7
    table_js = "\n".join(esm.source(name) for name in esm.modules("table.js"))
    assert 'document.getElementById("skitgubbe-live-config")' in table_js
