"""Computer players on the kernel: the sensible policy decides as `SensiblePlayer` does, for
the same position and the same draws, under every preset; the random policy is the buffer's uniform choice.

The engine lists moves in the order of the cards in hand and the sensible player breaks ties with one draw per
candidate in that order, so each position is compared with the hands held in card order (the test sorts them in
the engine's working state before asking both players).
"""

from __future__ import annotations

import pytest

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.convert import from_deal, from_game, to_move
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.players.bots import RandomPlayer, SensiblePlayer
from skitgubbe.players.kernel_policies import KernelSensible, random_move
from skitgubbe.players.loop import play_out
from skitgubbe.rules.options import PRESETS


class StreamRandom:
    """`random.Random`'s two methods the sensible player calls, read from a kernel stream."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream

    def random(self) -> float:
        return self.stream.random()

    def randrange(self, n: int) -> int:
        return self.stream.below(n)


def _card_order(game: Game) -> None:
    for hand in game._w.hands:
        hand.sort(key=lambda card: card.index)


def _compare(game: Game, seed: int, cap: int) -> int:
    """Both players decide every move until the game ends or `cap` moves stand; the decisions compared."""
    decisions = 0
    while not game.over and game.move_count < cap:
        _card_order(game)
        engine = SensiblePlayer(0)
        draws = StreamRandom(Stream(seed, game.move_count))
        engine._rng = draws  # type: ignore[assignment]
        kernel_stream = Stream(seed, game.move_count)
        expected = engine.choose(game)
        move = KernelSensible(kernel_stream).choose(from_game(game), game.move_count)
        assert to_move(move) == expected, f"seed {seed} move {game.move_count}: {game.state}"
        assert kernel_stream.next32() == draws.stream.next32()  # the same draws, as many of them
        decisions += 1
        game.play(expected)
    return decisions


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_sensible_policy_decides_as_the_sensible_player(preset: str) -> None:
    decisions = 0
    for players, seed, cap in ((2, 1, 250), (3, 2, 400), (4, 3, 250), (5, 4, 600), (6, 5, 200)):
        decisions += _compare(Game.deal(players, rules=preset, seed=seed), seed, cap)
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


def test_a_sensible_player_that_never_chansas() -> None:
    game = Game.deal(3, rules="pagat", seed=8)
    while not game.over and game.move_count < 120:
        _card_order(game)
        engine = SensiblePlayer(0, chansa=False)
        engine._rng = StreamRandom(Stream(8, game.move_count))  # type: ignore[assignment]
        expected = engine.choose(game)
        move = KernelSensible(Stream(8, game.move_count), chansa=False).choose(from_game(game), game.move_count)
        assert to_move(move) == expected
        game.play(expected)


def test_the_random_policy_is_the_buffer_choice() -> None:
    kernel, other = from_deal(PRESETS["alla-spelar"], 4, 3), from_deal(PRESETS["alla-spelar"], 4, 3)
    a, b = Stream(3), Stream(3)
    while not kernel.over:
        kernel.apply(random_move(kernel, a))
    other.play_random(b, 20_000)
    assert (kernel.moves, kernel.loser) == (other.moves, other.loser)


@pytest.mark.parametrize("policy", ["never", "sensible", "eager", "always"])
def test_the_plain_choice_is_the_sensible_policys(policy: str) -> None:
    """`plain_choice` (no move list) makes the move `KernelSensible.choose` makes, with the same draws, in every
    position of whole games under pagat (2 to 6 players; long games too, where the player varies its play)."""
    from skitgubbe.engine.kernel.core import Kernel, game_deck
    from skitgubbe.players.kernel_policies import chansa_sensible, is_plain, plain_choice
    from skitgubbe.rules.options import Rules

    rules = Rules.from_spec("pagat")
    decisions = chansas = long = 0
    for seed in range(40):
        players = 2 + seed % 5
        k = Kernel.deal(rules, players, game_deck(seed))
        assert is_plain(k)
        play = Stream(seed, 9)
        while not k.over and k.moves < 700:
            mine, theirs = Stream(seed, k.moves), Stream(seed, k.moves)
            expected = chansa_sensible(policy, theirs).choose(k, k.moves)
            move = plain_choice(chansa_sensible(policy, mine), k, k.moves)
            assert move == expected, (seed, k.moves)
            assert mine.next32() == theirs.next32(), (seed, k.moves)  # as many draws
            decisions += 1
            chansas += move == 2
            long += k.phase == 2 and k.moves > 60 * players
            # mostly the sensible move; now and then a random one, so that games also run long
            k.apply(move if play.below(8) else random_move(k, play))
    assert decisions > 3000 and (chansas > 0) == (policy != "never") and long > 100


def test_the_plain_choice_only_where_the_rules_are_plain() -> None:
    from skitgubbe.engine.kernel.core import Kernel, game_deck
    from skitgubbe.players.kernel_policies import is_plain

    assert [p for p in PRESETS if is_plain(Kernel.deal(PRESETS[p], 3, game_deck(1)))] == ["pagat"]


@pytest.mark.parametrize("policy", ["never", "sensible", "eager", "always"])
def test_the_chansa_policies_decide_as_the_registrys(policy: str) -> None:
    """`chansa_sensible(policy)` makes the move of `registry.CHANSA_POLICIES[policy]` for the same draws."""
    from skitgubbe.players.kernel_policies import chansa_sensible
    from skitgubbe.players.registry import CHANSA_POLICIES

    chansas = 0
    for players, seed in ((3, 8), (3, 9), (4, 10)):
        game = Game.deal(players, rules="pagat", seed=seed)
        while not game.over and game.move_count < 200:
            _card_order(game)
            engine = CHANSA_POLICIES[policy](0)
            engine._rng = StreamRandom(Stream(seed, game.move_count))  # type: ignore[attr-defined]
            expected = engine.choose(game)
            move = chansa_sensible(policy, Stream(seed, game.move_count)).choose(from_game(game), game.move_count)
            assert to_move(move) == expected, (seed, game.move_count)
            chansas += move == 2
            game.play(expected)
    assert (chansas > 0) == (policy != "never")
