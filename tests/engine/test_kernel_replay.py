"""The playout kernel plays Skitgubbe: its games replayed move by move through `Game`.

Every preset and table size (a small sample here, run by `make check`; a thousand games of each in
`benchmarks/kernel_replay.py`), positions taken from games in progress and resampled ones, the fast random path
against the move buffer, the bit tables at cards of index 31 and up, the random stream, and the distribution of
random games against the engine's random player.
"""

from __future__ import annotations

import ast
import doctest
import math
import random
import statistics

import pytest
from helpers import REPO

from skitgubbe.engine.cards import shuffled_deck
from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import rng
from skitgubbe.engine.kernel.convert import from_deal, from_game, from_state
from skitgubbe.engine.kernel.core import PICK_UP, Kernel, game_deck
from skitgubbe.engine.kernel.replay import replay_from, replay_through_game
from skitgubbe.engine.kernel.rng import Stream, splitmix64
from skitgubbe.engine.kernel.tables import ABOVE, BIT, cards_of, low_card, popcount, select
from skitgubbe.players.bots import RandomPlayer
from skitgubbe.players.loop import play_out
from skitgubbe.rules.options import PRESETS, ThrowOn
from skitgubbe.studies.simulate import kernel_games, simulate

TABLES = [(name, n) for name in PRESETS for n in range(2, 7)]


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_kernel_games_replay_through_game(preset: str, players: int) -> None:
    """Every move legal for `Game`, the same legal moves at every step, the same length and loser."""
    ended = 0
    for seed in range(5):
        result = replay_through_game(PRESETS[preset], players, seed, cap=1_500)
        assert result.problem == "", f"{preset}, {players} players, seed {seed}: {result.problem}"
        ended += result.over
    assert ended >= 1  # a sample of games that end (strikt's random games may cycle until the cap)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_positions_of_games_in_progress_and_resampled_ones(preset: str) -> None:
    """`from_game` at any move (mid-trick, a throw-on window, a pick-up), and in worlds `resample_unseen` deals."""
    rng = random.Random(5)
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        for stop in (1, 4, 9, 23, 57, 120):
            game = Game.deal(players, rules=preset, seed=seed)
            bots = {name: RandomPlayer(seed + i) for i, name in enumerate(game.players)}
            play_out(game, bots, max_moves=stop)
            if game.over:
                continue
            result = replay_from(game.copy(), None, seed, cap=400)
            assert result.problem == "", f"{preset} seed {seed} after {stop}: {result.problem}"
            world = game.resample_unseen(game.players[stop % players], rng)
            result = replay_from(world, None, seed + 1, cap=400)
            assert result.problem == "", f"{preset} seed {seed} resampled after {stop}: {result.problem}"


def test_a_state_with_plays_on_the_table() -> None:
    """`from_state`: a set-up phase-2 position of several-card plays (kortspelsregler) and high cards."""
    rules = PRESETS["kortspelsregler"]
    game = Game.from_position(
        players=["A", "B", "C"],
        rules=rules,
        phase=2,
        trump="S",
        to_play="C",
        hands={"A": ["2C", "AS"], "B": ["9H", "10H", "JH", "KS"], "C": ["QH", "KH", "AH", "3S", "4D"]},
        table=[("A", ["7H", "8H"])],
    )
    kernel = from_state(game.state, rules)
    count = kernel.legal_moves()
    # C must follow hearts: QH, KH, AH, the runs QH-KH, QH-KH-AH and KH-AH, or pick up the last play
    moves = sorted(kernel.buf[:count])
    assert len(moves) == len(game.legal_moves()) == 7
    assert PICK_UP in moves
    assert replay_from(game, kernel, 3).problem == ""


def test_cards_of_index_31_and_up() -> None:
    """The bit tables are read at run time (mypyc folds a constant `1 << c` into a 32-bit shift for c >= 31)."""
    assert [BIT[c] for c in range(52)] == [2**c for c in range(52)]
    high = BIT[51] | BIT[40] | BIT[31] | BIT[32] | BIT[3]
    assert popcount(high) == 5 and low_card(high & ~BIT[3]) == 31
    assert [low_card(select(high, k)) for k in range(5)] == [3, 31, 32, 40, 51] == cards_of(high)
    assert ABOVE[39] == sum(2**c for c in range(40, 52))  # above the two of spades: every other spade
    game = Game.from_position(
        players=["A", "B"],
        phase=2,
        trump="D",
        to_play="B",
        hands={"A": ["2C", "KS"], "B": ["AS", "QS", "5D", "3C"]},
        table=[("A", ["JS"])],
    )
    kernel = from_game(game)
    count = kernel.legal_moves()
    assert sorted(cards_of(m >> 3) for m in kernel.buf[:count] if m != PICK_UP) == [[16], [49], [51]]
    assert count == len(game.legal_moves()) == 4


@pytest.mark.parametrize("preset", ["pagat", "strikt"])
def test_the_fast_random_path_makes_the_buffer_choice(preset: str) -> None:
    """`play_random`'s mask path chooses as `buf[stream.below(count)]` does, move for move."""
    for players in range(2, 7):
        for seed in range(12):
            fast, slow = from_deal(PRESETS[preset], players, seed), from_deal(PRESETS[preset], players, seed)
            a, b = Stream(seed), Stream(seed)
            fast.play_random(a, 3_000)
            while not slow.over and slow.moves < 3_000:
                slow.apply(slow.buf[b.below(slow.legal_moves())])
            assert (fast.moves, fast.loser, fast.hands) == (slow.moves, slow.loser, slow.hands)
            assert a.next32() == b.next32()


def test_the_deal_is_game_deal() -> None:
    """`game_deck(seed)` is `shuffled_deck(seed)` as indexes: `simulate`'s kernel games have `Game.deal`'s deals."""
    for seed in [*range(300), 2384, 2**40 + 3, 2**53 - 1]:
        assert game_deck(seed) == [card.index for card in shuffled_deck(seed)]
    kernel = from_deal(PRESETS["pagat"], 4, 77)
    game = Game.deal(4, rules="pagat", seed=77)
    assert kernel.hands == [sum(2**c.index for c in game.hand(name)) for name in game.players]


def test_the_stream() -> None:
    """splitmix64's published first output; one stream per (seed, game); consecutive seeds are not shifted copies."""
    assert splitmix64(0) == 0xE220A8397B1DCDAF
    words = {seed: [Stream(seed).next32() for _ in range(8)] for seed in range(50)}
    assert all(words[s][1:] != words[s + 1][:-1] for s in range(49))
    assert len({w[0] for w in words.values()}) == 50
    stream = Stream(9, 3)
    draws = [stream.below(7) for _ in range(7_000)]
    assert set(draws) == set(range(7)) and all(900 < draws.count(v) < 1_100 for v in range(7))
    other = Stream(0)
    other.reseed(9, 3)
    assert [other.below(7) for _ in range(50)] == draws[:50]


def test_the_stream_module_examples() -> None:
    """The examples in the stream's documentation hold (read from the source: the compiled module keeps none)."""
    doc = ast.get_docstring(ast.parse((REPO / "skitgubbe/engine/kernel/rng.py").read_text(encoding="utf-8")))
    assert doc
    runner = doctest.DocTestRunner()
    runner.run(doctest.DocTestParser().get_doctest(doc, dict(vars(rng)), "rng", "rng.py", 0))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 and result.failed == 0


def test_the_kernel_refuses_throws_out_of_turn() -> None:
    for mode in (ThrowOn.OWN_RANK, ThrowOn.ANYTIME):
        with pytest.raises(ValueError, match="the fast core does not play throw_on"):
            Kernel(PRESETS["alla-spelar"].with_options(throw_on=mode), 3)


def _z(a: float, b: float, se_a: float, se_b: float) -> float:
    return (a - b) / math.sqrt(se_a * se_a + se_b * se_b)


def test_random_games_against_the_engine_random_player() -> None:
    """Kernel games (their own stream) and `Game` games with the engine's random players: the same distribution
    of game lengths and of losing seats (`pagat`, three players; fixed seeds, so the verdict never changes)."""
    rules = PRESETS["pagat"]
    engine_lengths, engine_losers = [], [0, 0, 0]
    for seed in range(300):
        game = Game.deal(3, rules=rules, seed=seed)
        play_out(game, {name: RandomPlayer(seed * 101 + i) for i, name in enumerate(game.players)})
        engine_lengths.append(game.move_count)
        engine_losers[game.players.index(game.loser or "")] += 1
    results = kernel_games(["random"] * 3, rules, range(2_000), 20_000)
    lengths = [r.moves for r in results]
    z = _z(
        statistics.fmean(lengths),
        statistics.fmean(engine_lengths),
        statistics.stdev(lengths) / math.sqrt(len(lengths)),
        statistics.stdev(engine_lengths) / math.sqrt(len(engine_lengths)),
    )
    assert abs(z) < 3.5, z
    for seat, name in enumerate("ABC"):
        p = sum(r.loser == name for r in results) / len(results)
        q = engine_losers[seat] / 300
        assert abs(_z(p, q, math.sqrt(p * (1 - p) / len(results)), math.sqrt(q * (1 - q) / 300))) < 3.5, (seat, p, q)


def test_simulate_plays_random_tables_on_the_kernel() -> None:
    """`simulate` of random players is the kernel's games, the same with one process or two."""
    rules = PRESETS["uppslagen-trumf"]
    results = kernel_games(["random"] * 4, rules, range(30, 70), 20_000)
    summary = simulate(["random"] * 4, rules, 40, 30).to_dict()
    assert summary["mean_moves"] == round(sum(r.moves for r in results) / 40, 2)
    assert [p["losses"] for p in summary["players"]] == [sum(r.loser == n for r in results) for n in "ABCD"]
    summary.pop("games_per_second")
    two = simulate(["random"] * 4, rules, 40, 30, jobs=2).to_dict()
    two.pop("games_per_second")
    assert two == summary
