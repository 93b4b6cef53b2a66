"""The C's sensible policy (csearch.c's `sensible`, the playouts' and the studies' player) decides as the engine's
`SensiblePlayer` does, for the same position and the same draws, under every preset and with the chansa study's
knobs; the C's random player is a uniform draw among the legal moves. (This replaces the Python kernel's policy
tests: the engine's player is the reference now.)

The engine lists moves in the order of the cards in hand and the sensible player breaks ties with one draw per
candidate in that order; the C keeps no hand order and lists them as the engine does for a hand held in card order,
so each position is compared with the hands sorted by card index in the engine's working state.
"""

from __future__ import annotations

import pytest
from xoshiro import Stream

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.pack import move_word, position_words, word_move
from skitgubbe.players.bots import RandomPlayer, SensiblePlayer
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import CHANSA_POLICIES
from skitgubbe.rules.options import PRESETS
from skitgubbe.studies.games import CHANSA_KNOBS

pytestmark = pytest.mark.skipif(not native.LIBRARY.exists(), reason="no _csearch.so here (no gcc)")


def _card_order(game: Game) -> None:
    for hand in game._w.hands:
        hand.sort(key=lambda card: card.index)


def _compare(game: Game, seed: int, cap: int, policy: str = "sensible") -> tuple[int, int]:
    """Both players decide every move until the game ends or `cap` moves stand: the decisions, and the chansas."""
    decisions = chansas = 0
    word = native.sensible_policy(*CHANSA_KNOBS[policy])
    while not game.over and game.move_count < cap:
        _card_order(game)
        engine = SensiblePlayer(0) if policy == "sensible" else CHANSA_POLICIES[policy](0)
        draws = Stream(seed, game.move_count)
        engine._rng = draws  # type: ignore[assignment]
        expected = engine.choose(game)
        found, state = native.policy_move(position_words(game), game.move_count, seed, game.move_count, (0,) * 4, word)
        assert word_move(found) == expected, f"seed {seed} move {game.move_count}: {game.state}"
        assert list(state) == draws.state  # the same draws, as many of them
        decisions += 1
        chansas += found == 2
        game.play(expected)
    return decisions, chansas


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_c_sensible_policy_decides_as_the_sensible_player(preset: str) -> None:
    decisions = 0
    for players, seed, cap in ((2, 1, 250), (3, 2, 400), (4, 3, 250), (5, 4, 600), (6, 5, 200)):
        decisions += _compare(Game.deal(players, rules=preset, seed=seed), seed, cap)[0]
    assert decisions > 300


@pytest.mark.parametrize("preset", list(PRESETS))
def test_long_games_where_the_sensible_player_varies_its_play(preset: str) -> None:
    """Past 60 moves a player, the sensible player sometimes plays at random (`_going_round`): in both phases."""
    phases = set()
    for seed in range(6):
        game = Game.deal(2, rules=preset, seed=seed)
        bots = {name: RandomPlayer(seed + i) for i, name in enumerate(game.players)}
        play_out(game, bots, max_moves=121)
        phases.add(game.phase)
        _compare(game, seed, 260)
    assert 2 in phases


@pytest.mark.parametrize("policy", ["never", "sensible", "eager", "always"])
def test_the_chansa_policies_decide_as_the_registrys(policy: str) -> None:
    """The C's knobs (`studies.games.CHANSA_KNOBS`) make the move of `registry.CHANSA_POLICIES[policy]`."""
    chansas = 0
    for players, seed in ((3, 8), (3, 9), (4, 10)):
        chansas += _compare(Game.deal(players, rules="pagat", seed=seed), seed, 200, policy)[1]
    assert (chansas > 0) == (policy != "never")


def test_the_random_policy_is_a_uniform_draw_of_the_legal_moves() -> None:
    game = Game.deal(4, rules="alla-spelar", seed=3)
    state: tuple[int, int, int, int] = (0, 0, 0, 0)
    while not game.over and game.move_count < 300:
        draws = Stream(3, 0) if game.move_count == 0 else None
        found, after = native.policy_move(position_words(game), game.move_count, 3, 0, state, native.RANDOM_POLICY)
        assert found in {move_word(m) for m in game.legal_moves()}  # the C lists a play's cards in card order
        if draws is not None:
            draws.next32()
            assert list(after) == draws.state  # one draw a move
        state = after
        game.play(word_move(found))
    assert game.move_count == 300 or game.over
