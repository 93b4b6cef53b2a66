"""The live game's coach ops: `hint` on the reader's turn, `review` (start, next) at the end, in both
languages, through `PlayController.handle` as the widget and the browser worker send them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skitgubbe.players import review as coach
from skitgubbe.players.review import Budget
from skitgubbe.views.controllers import PlayController, controller_message, open_controller


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "HINT_BUDGET", Budget(playouts=16))
    monkeypatch.setattr(coach, "REVIEW_BUDGET", Budget(playouts=6))


def _to_reader(controller: PlayController) -> None:
    controller.run_computer()


def _finish(controller: PlayController, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(3000):
        _to_reader(controller)
        if controller.game.over:
            return
        controller.handle({"op": "play", "move": str(rng.choice(controller.game.legal_moves()))})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_hint_names_a_legal_move_and_why_and_goes_with_the_next_move(lang: str) -> None:
    controller = PlayController(lang, {"seed": 4})
    assert controller.state()["hint"] is None
    _to_reader(controller)
    before = controller.game.move_count
    changes = controller.handle({"op": "hint"})
    found = changes["hint"]
    assert controller.game.move_count == before  # a hint plays nothing
    assert found["move"] in {str(m) for m in controller.game.legal_moves()}
    assert found["reason"] in coach.REASONS and found["kind"] in ("play", "pick-up", "chansa", "throw", "pass")
    assert found["text"].startswith("Tips: " if lang == "sv" else "Hint: ")
    again = controller.handle({"op": "hint"})["hint"]
    assert again == found  # the same seed, the same position: the same hint
    after = controller.handle({"op": "play", "move": found["move"]})
    assert after["hint"] is None


def test_a_hint_out_of_turn_or_after_the_game_says_so() -> None:
    controller = PlayController("en", {"seed": 4})
    controller.state()
    _finish(controller)
    assert controller.handle({"op": "hint"})["hint"] == {"move": None, "text": "The game is over: no move to hint."}


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_review_runs_one_move_per_message_and_ends_with_a_summary(lang: str) -> None:
    controller = PlayController(lang, {"seed": 5})
    controller.state()
    refused = controller.handle({"op": "review", "step": "start"})["review"]
    assert refused["state"] == "refused" and refused["text"]
    _finish(controller)
    answer = controller.handle({"op": "review", "step": "start"})["review"]
    assert answer["state"] == "running" and answer["done"] == 0 and answer["total"] > 0
    steps = 0
    while answer["state"] == "running":
        answer = controller.handle({"op": "review", "step": "next"})["review"]
        steps += 1
        assert answer["done"] == min(steps, answer["total"])
    assert steps == answer["total"] == len(answer["items"])
    seat = controller.session.seat
    moves = controller.game.history
    for item in answer["items"]:
        assert moves[item["move"]].player == seat and item["played"] == str(moves[item["move"]].move)
        assert item["severity"] in ("ok", "inaccuracy", "mistake") and item["deals"] == 6
        assert item["text"] and item["heading"] and item["severity_text"]
        assert item["gain"] >= 0 and item["margin"] >= 0
    assert answer["summary"] and answer["method"] and answer["seconds"] >= 0
    assert ("procentenheter" if lang == "sv" else "percentage points") in answer["method"]
    # a new deal drops the review
    assert controller.handle({"op": "new"})["review"] is None


def test_a_review_after_play_from_here_judges_only_the_readers_moves_since() -> None:
    controller = PlayController("en", {"seed": 5})
    controller.state()
    _finish(controller)
    record = controller.record()
    assert record is not None
    upto = len(record["moves"]) // 2
    taken = PlayController("en", {"take_over": {"record": record, "upto": upto, "seat": "A"}})
    taken.state()
    _finish(taken)
    answer = taken.handle({"op": "review", "step": "start"})["review"]
    while answer["state"] == "running":
        answer = taken.handle({"op": "review", "step": "next"})["review"]
    assert all(item["move"] >= upto and item["player"] == "A" for item in answer["items"])


def test_a_bad_review_step_is_refused_and_the_worker_entry_serves_the_ops() -> None:
    controller = PlayController("sv", {"seed": 5})
    controller.state()
    said = controller.handle({"op": "review", "step": "later"})
    assert "step" in said["message"] and "start, next" in said["message"]
    model: dict[str, Any] = open_controller("play", "en", key="coach-test", seed=4)
    assert model["hint"] is None and model["review"] is None
    for _ in range(50):  # the computer seats up to the reader's turn
        if not controller_message({"op": "computer"}, key="coach-test").get("busy"):
            break
    assert controller_message({"op": "hint"}, key="coach-test")["hint"]["move"]
