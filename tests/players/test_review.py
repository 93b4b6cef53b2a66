"""The strong search as a coach: the hint, the review of a game, their figures and severities."""

from __future__ import annotations

from typing import Any

import pytest

from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import PickUp, parse_move
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.players.review import (
    REASONS,
    Budget,
    Review,
    gain_se,
    hint,
    reason_of,
    review,
    review_position,
    severity,
)
from skitgubbe.records.record import Case

#: Phase 2 positions from sensible games (seeds 34, 46, 49 and 59), A to beat a low card: `low` beats it in its own
#: suit, `bad` is a high trump that beats it too and is wasted on it.
POSITIONS: list[dict[str, Any]] = [
    {
        "trump": "H",
        "hands": {
            "A": ["5D", "QH", "KS", "9S", "3D", "10S", "9H"],
            "B": ["AH", "5S", "JH", "6H", "9C", "5C", "7H", "5H", "7S", "8C", "AS"],
            "C": ["7C", "7D", "2H", "10H", "10C", "QC", "9D", "KC", "4C", "6D", "JC", "3H", "8H", "QD", "8D", "KD"]
            + ["6C", "KH", "AC", "AD", "QS", "4D"],
        },
        "to_play": "C",
        "moves": ["C: 4D"],
        "low": "5D",
        "bad": "QH",
    },
    {
        "trump": "C",
        "hands": {
            "A": ["AH", "KH", "KD", "AS", "KC"],
            "B": ["JH", "QH", "10C", "7C", "3C", "AC", "4C", "JC", "AD", "6C", "9D"],
            "C": [],
        },
        "to_play": "B",
        "moves": ["B: 9D"],
        "low": "KD",
        "bad": "KC",
    },
    {
        "trump": "C",
        "hands": {
            "A": ["QS", "QH", "KH", "AC", "9H", "10H", "10D", "KS", "QD"],
            "B": ["6H", "7H", "8C", "10C", "7S", "3C", "4C", "8H", "JD", "KD", "JC", "AD", "JH", "6C", "QC", "5H"],
            "C": [],
        },
        "to_play": "B",
        "moves": ["B: 5H"],
        "low": "9H",
        "bad": "AC",
    },
    {
        "trump": "D",
        "hands": {
            "A": ["JD", "6D", "7S", "8S", "JS", "8D", "10H", "QD"],
            "B": ["6C", "7D", "9S", "AD", "9H", "JC", "10S", "AH", "7C", "KD", "AS"],
            "C": ["10D", "2D", "QS", "KS", "9C", "9D", "KC", "AC", "QC", "KH", "6S", "5S"],
        },
        "to_play": "C",
        "moves": ["C: 5S"],
        "low": "7S",
        "bad": "QD",
    },
]


def _position(data: dict[str, Any]) -> Game:
    case = Case.load(
        {
            "rules": "pagat",
            "players": ["A", "B", "C"],
            "phase": 2,
            "trump": data["trump"],
            "hands": data["hands"],
            "to_play": data["to_play"],
            "moves": data["moves"],
        }
    )
    game = case.start()
    for move in case.moves:
        game.play(move)
    assert game.to_play == "A"
    return game


@pytest.mark.parametrize("data", POSITIONS, ids=lambda d: f"{d['bad']}-for-{d['low']}")
def test_a_high_trump_where_a_low_card_beats_is_a_mistake(data: dict[str, Any]) -> None:
    game = _position(data)
    bad = review_position(game, parse_move(data["bad"]), index=7, seed=1, playouts=96)
    assert bad.severity == "mistake", bad
    assert bad.index == 7 and bad.player == "A" and bad.deals == 96
    assert bad.gain >= 0.10 and bad.gain >= 2 * bad.se
    assert bad.best != parse_move(data["bad"])
    low = review_position(game, parse_move(data["low"]), seed=1, playouts=96)
    assert low.severity == "ok", low


@pytest.mark.parametrize("data", POSITIONS[:2], ids=lambda d: d["low"])
def test_the_hint_beats_low_and_keeps_the_trumps(data: dict[str, Any]) -> None:
    game = _position(data)
    found = hint(game, seed=1, budget=Budget(playouts=64))
    assert found.move != parse_move(data["bad"])
    assert reason_of(game, parse_move(data["low"])) == "keeps_trumps"
    assert found.reason in REASONS and found.deals >= 1


def test_reasons_of_plain_moves() -> None:
    game = _position(POSITIONS[1])
    assert reason_of(game, PickUp()) == "pick_up_keeps"
    only = Case.load(
        {
            "rules": "pagat",
            "players": ["A", "B"],
            "phase": 2,
            "trump": "H",
            "hands": {"A": ["3C", "4S"], "B": ["9D", "2S"]},
            "to_play": "B",
            "moves": ["B: 9D"],
        }
    )
    game = only.start()
    game.play("B: 9D")
    assert game.legal_moves() == [PickUp()]
    assert reason_of(game, PickUp()) == "only_move"
    assert hint(game).reason == "only_move" and hint(game).deals == 0


def test_hint_and_review_are_the_same_for_the_same_seed() -> None:
    game = _position(POSITIONS[0])
    budget = Budget(playouts=24)
    assert hint(game, seed=5, budget=budget) == hint(game, seed=5, budget=budget)
    played = _game(3)
    first = review(played, "A", Budget(playouts=8), seed=2)
    again = review(played, "A", Budget(playouts=8), seed=2)
    assert first == again and first


def _game(seed: int) -> Game:
    game = Game.deal(3, seed=seed)
    play_out(
        game, {name: make_player("random" if name == "A" else "sensible", i) for i, name in enumerate(game.players)}
    )
    return game


def test_the_review_goes_one_move_at_a_time_over_the_seats_moves_with_a_choice() -> None:
    game = _game(4)
    run = Review(game, "A", Budget(playouts=4), seed=1)
    mine = [i for i, step in enumerate(game.history) if step.player == "A"]
    assert run.total + run.forced == len(mine) and run.total > 0
    assert run.todo == [i for i in mine if i in run.todo]
    first = run.step()
    assert first is not None and first.index == run.todo[0] and len(run.items) == 1 and not run.done
    rest = run.run()
    assert run.done and run.step() is None and len(rest) == run.total
    assert [item.index for item in rest] == run.todo
    for item in rest:
        assert item.deals == 4 and item.choices > 1 and item.severity in ("ok", "inaccuracy", "mistake")
        assert item.played == game.history[item.index].move
        assert (item.gain == 0) == (item.played == item.best)
    later = Review(game, "A", Budget(playouts=4), start=run.todo[-1])
    assert later.todo == [run.todo[-1]]
    with pytest.raises(ValueError, match="not a player"):
        Review(game, "Q")


def test_a_time_budget_shares_the_time_out_and_plays_at_least_one_deal() -> None:
    run = Review(_game(4), "A", Budget(playouts=1_000_000, seconds=0.5), seed=1)
    items = run.run()
    assert run.elapsed < 3.0  # every move got a share; one deal at least each
    assert all(1 <= item.deals < 1_000_000 for item in items)


def test_severity_takes_the_uncertainty_into_account() -> None:
    assert severity(0.30, 0.05) == "mistake"
    assert severity(0.30, 0.2) == "inaccuracy"  # large but not two standard errors
    assert severity(0.09, 0.01) == "inaccuracy"
    assert severity(0.05, 0.08) == "ok"
    assert severity(0.0, 0.0) == "ok"
    assert gain_se(0.5, 0.5, 100) == pytest.approx(0.0707, abs=1e-4)
    assert gain_se(0.0, 1.0, 10) == 0.0 and gain_se(0.3, 0.2, 0) == 1.0
