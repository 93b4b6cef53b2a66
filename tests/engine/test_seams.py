"""The engine's seams: state round trips, `Game.__repr__` / `_repr_html_`, errors that carry their field, the
one player registry and the one game loop."""

from __future__ import annotations

import pytest

import skitgubbe
from skitgubbe import (
    Card,
    Game,
    GameState,
    IllegalMove,
    PositionError,
    RecordError,
    Rules,
    RulesError,
    SkitgubbeError,
)
from skitgubbe.errors import CardParseError, MoveParseError, NotationError
from skitgubbe.players.bots import RandomPlayer
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import KINDS, make_player, offered_kinds
from skitgubbe.players.strong import StrongPlayer


def _played(seed: int, moves: int, rules: str = "pagat") -> Game:
    game = Game.deal(3, rules=rules, seed=seed)
    play_out(game, {name: RandomPlayer(seed + i) for i, name in enumerate(game.players)}, max_moves=moves)
    return game


@pytest.mark.parametrize("rules", sorted(skitgubbe.PRESETS))
def test_state_from_dict_inverts_to_dict(rules: str) -> None:
    for seed, moves in ((1, 0), (2, 9), (3, 40), (4, 400)):
        state = _played(seed, moves, rules).state
        again = GameState.from_dict(state.to_dict())
        assert again.to_dict() == state.to_dict()
        assert again.hands == state.hands and again.table == state.table and again.trump_card == state.trump_card


def test_a_case_position_is_one_call() -> None:
    game = _played(5, 30, "kortspelsregler")
    twin = Game.from_state(game.state.to_dict(), rules="kortspelsregler")
    assert twin.state.to_dict() == game.state.to_dict()
    assert [str(m) for m in twin.legal_moves()] == [str(m) for m in game.legal_moves()]


def test_from_dict_names_a_bad_state() -> None:
    with pytest.raises(PositionError) as caught:
        GameState.from_dict({"phase": 2})
    assert caught.value.where == "state"


@pytest.mark.parametrize("rules", ["pagat", "alla-spelar", {"preset": "pagat", "must_beat": True}])
def test_repr_recreates_the_game(rules: object) -> None:
    game = Game.deal(("Ann", "Bo", "Cy"), rules=rules, seed=11)  # type: ignore[arg-type]
    play_out(game, {name: RandomPlayer(i) for i, name in enumerate(game.players)}, max_moves=25)
    again = eval(repr(game), {"Game": Game})
    assert again.state == game.state and again.moves == game.moves and again.rules == game.rules
    assert repr(again) == repr(game)


def test_repr_of_a_position() -> None:
    game = Game.from_position(
        players="AB", phase=2, trump="H", to_play="A", hands={"A": ["9C", "4H"], "B": ["QC", "3D"]}
    ).played(["A: 9C"])
    assert repr(game).startswith("Game.from_state({") and repr(game).endswith(".played(['A: 9C'])")
    assert eval(repr(game), {"Game": Game}).state == game.state


def test_jupyter_draws_the_table() -> None:
    html = Game.deal(3, seed=2)._repr_html_()
    assert html is not None and html.count('data-card="') >= 9 and "<style" in html


def test_position_errors_carry_their_field() -> None:
    cases = [
        ({"hands": {"A": ["9C"], "B": ["9C"]}}, "hands.B"),
        ({"hands": {"A": ["9C"], "Q": ["8C"]}}, "hands"),
        ({"hands": {"A": ["9C"], "B": ["8C"]}, "to_play": "Z"}, "to_play"),
        ({"hands": {"A": ["9C"], "B": ["8C"]}, "trump": None}, "trump"),
    ]
    for changes, where in cases:
        spec = {"players": "AB", "phase": 2, "trump": "H", "to_play": "A", **changes}
        with pytest.raises(PositionError) as caught:
            Game.from_position(**spec)  # type: ignore[arg-type]
        assert caught.value.where == where and str(caught.value).startswith(where + ": ")


def test_every_error_is_one_kind_of_skitgubbe_error() -> None:
    for kind in (NotationError, CardParseError, MoveParseError, IllegalMove, PositionError, RulesError, RecordError):
        assert issubclass(kind, SkitgubbeError) and issubclass(kind, ValueError)
    with pytest.raises(NotationError):
        Card.parse("11C")
    with pytest.raises(SkitgubbeError):
        Rules.from_spec("nope")


def test_an_illegal_move_is_worded_when_shown() -> None:
    game = Game.from_position(players="AB", phase=2, trump="H", to_play="A", hands={"A": ["9C"], "B": ["QC"]})
    with pytest.raises(IllegalMove) as caught:
        game.play("A: 10C")
    error = caught.value
    assert error.rule == "game.own-cards"
    assert str(error) == error.message("en") and error.message("en").startswith("Illegal: ")
    assert error.message("sv").startswith("Ej tillåtet: ") and error.rule in error.message("sv")
    with pytest.raises(ValueError, match="unknown language"):
        error.message("de")


def test_one_registry_makes_every_kind() -> None:
    assert offered_kinds() == ["random", "sensible", "strong"] and set(KINDS) == {*offered_kinds(), "strong-kernel"}
    strong = make_player("strong:8", 3)
    assert isinstance(strong, StrongPlayer) and strong.playouts == 8
    with pytest.raises(ValueError, match="unknown player kind 'clever'"):
        make_player("clever", 1)


def test_play_out_stops_where_asked() -> None:
    game = Game.deal(3, seed=7)
    players = {name: RandomPlayer(i) for i, name in enumerate(game.players)}
    seen: list[str] = []
    assert play_out(game, players, max_moves=5, on_step=lambda _, step: seen.append(str(step))) == 5
    assert seen == game.moves
    assert play_out(game, players, until=lambda g: g.to_play == "C") <= 3 and game.to_play == "C"
    assert play_out(game, players) > 0 and game.over and play_out(game, players) == 0
