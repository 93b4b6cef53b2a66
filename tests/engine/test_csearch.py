"""The strong player's search in C (csearch.c through native.py) against its reference on the Python kernel.

For every preset and 2 to 6 players, positions of seeded sensible games: `evaluate` (in C) must give exactly the
half-losses, deals and preferred move of tests/kernel_reference.py's `reference_evaluate`, with and without the early stop,
on small budgets. Without gcc the library cannot exist: those tests skip and say so; with gcc and no library, a
test fails (the build did not run or failed).
"""

from __future__ import annotations

import shutil
import time

import pytest
from kernel_reference import reference_evaluate

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.convert import from_game, from_move
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.kernel_strong import Unseen, decision_key, evaluate
from skitgubbe.rules.options import PRESETS

TABLES = [(name, n) for name in PRESETS for n in range(2, 7)]
STOPS = (0, 4, 11, 24, 45, 80, 130)

needs_native = pytest.mark.skipif(
    not native.available(),
    reason="NO NATIVE SEARCH: gcc is absent, so _csearch.so was not built; the Python kernel searches"
    if shutil.which("gcc") is None
    else "no _csearch.so although gcc exists (test_library_is_built_where_gcc_exists fails)",
)


def _positions(preset: str, n: int, seed: int, stops: tuple[int, ...] = STOPS) -> list[Game]:
    """Positions of a sensible game where the seat to act has a choice."""
    game = Game.deal(n, rules=PRESETS[preset], seed=seed)
    bot = SensiblePlayer(seed)
    out: list[Game] = []
    while not game.over and game.move_count <= stops[-1]:
        if game.move_count in stops and len(game.legal_moves()) > 1:
            out.append(game.copy())
        game.play(bot.choose(game))
    return out


def _figures(game: Game, engine: str, **options: object) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The C's figures ("native"), or the Python kernel's reference ("python")."""
    if engine == "python":
        found = reference_evaluate(game, **options)  # type: ignore[arg-type]
    else:
        found = evaluate(game, engine=engine, **options)  # type: ignore[arg-type]
    return found.half_losses, found.deals, found.preferred


def test_library_is_built_where_gcc_exists() -> None:
    if shutil.which("gcc") is None:
        pytest.skip("NO NATIVE SEARCH: gcc is absent, the Python kernel searches (install gcc and run make setup)")
    assert native.LIBRARY.exists(), f"gcc exists but {native.LIBRARY} does not: run `make setup` (setup.py native)"
    assert native.available() and native.backend() == "ctypes"


def _compare(preset: str, players: int, seeds: tuple[int, ...], stops: tuple[int, ...], budgets: int) -> int:
    checked = 0
    for seed in seeds:
        for game in _positions(preset, players, seed, stops):
            for early_stop, playouts in ((True, budgets + 2), (False, budgets)):
                options = {"seed": seed * 7 + game.move_count, "playouts": playouts, "early_stop": early_stop}
                python = _figures(game, "python", **options)
                assert _figures(game, "native", **options) == python, (preset, players, seed, game.move_count)
                checked += 1
    return checked


@needs_native
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_same_figures_as_the_python_kernel(preset: str, players: int) -> None:
    assert _compare(preset, players, (players,), STOPS, 3) >= 6


@pytest.mark.slow
@needs_native
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_same_figures_on_many_more_positions(preset: str, players: int) -> None:
    stops = tuple(range(0, 200, 3))
    assert _compare(preset, players, (100 + players, 200 + players, 300 + players), stops, 6) >= 40


@needs_native
def test_same_figures_with_a_time_budget_that_never_runs_out() -> None:
    game = _positions("pagat", 3, 5)[3]
    assert _figures(game, "native", seed=1, playouts=8, seconds=60.0) == _figures(game, "python", seed=1, playouts=8)


@needs_native
def test_time_budget_stops_the_native_search() -> None:
    game = _positions("pagat", 3, 5)[1]
    started = time.perf_counter()
    found = evaluate(game, seed=2, playouts=10**6, seconds=0.05, early_stop=False, engine="native")
    assert time.perf_counter() - started < 2.0
    assert 1 <= max(found.deals) < 10**6


@needs_native
def test_the_decision_differs_with_the_seed_and_the_comparison_would_see_it() -> None:
    """The figures depend on the deals: a comparison of equal figures is not vacuous."""
    game = _positions("pagat", 4, 9)[2]
    a = _figures(game, "native", seed=1, playouts=8, early_stop=False)
    b = _figures(game, "native", seed=2, playouts=8, early_stop=False)
    assert a != b


def test_packer_refuses_bad_input_with_a_clear_message() -> None:
    game = _positions("pagat", 3, 5)[1]
    base = from_game(game)
    unseen = Unseen(game, base.to_play)
    moves = [from_move(m) for m in game.legal_moves()]
    options = {"key": decision_key(1, game.move_count), "start": game.move_count, "budget": 4, "early_stop": True}
    with pytest.raises(ValueError, match="candidate 0"):
        native.pack(base, unseen, [-1, *moves], **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="candidate moves"):
        native.pack(base, unseen, [], **options)  # type: ignore[arg-type]
    unseen.pool = unseen.pool[:-1]
    with pytest.raises(ValueError, match="unseen cards"):
        native.pack(base, unseen, moves, **options)  # type: ignore[arg-type]
    unseen = Unseen(game, base.to_play)
    base.talon.append(60)
    with pytest.raises(ValueError, match=r"talon\[\d+\] is 60"):
        native.pack(base, unseen, moves, **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="engine 'c'"):
        evaluate(game, engine="c")


@needs_native
def test_c_side_refuses_a_malformed_array() -> None:
    game = _positions("pagat", 3, 5)[1]
    base = from_game(game)
    unseen = Unseen(game, base.to_play)
    moves = [from_move(m) for m in game.legal_moves()]
    words = native.pack(base, unseen, moves, key=1, start=game.move_count, budget=4, early_stop=True)
    with pytest.raises(ValueError, match="refused the packed position"):
        native.search([*words, 0], len(moves))  # one word too many
    words[0] = 0
    with pytest.raises(ValueError, match="refused the packed position"):
        native.search(words, len(moves))


def test_the_readers_strong_is_the_native_search_and_the_clis_strong_is_unchanged() -> None:
    from skitgubbe.players.kernel_strong import KernelStrongPlayer
    from skitgubbe.players.registry import READER_DEALS, make_player, reader_player
    from skitgubbe.players.strong import StrongPlayer

    assert isinstance(make_player("strong", 3), StrongPlayer)
    assert isinstance(reader_player("sensible", 3), SensiblePlayer)
    reader = reader_player("strong", 3)
    if native.available():
        assert isinstance(reader, KernelStrongPlayer) and reader.playouts == READER_DEALS and reader.seconds
    else:
        assert isinstance(reader, StrongPlayer)
    with pytest.raises(ValueError, match="nope"):
        reader_player("nope", 3)


@needs_native
@pytest.mark.parametrize("preset", ["pagat", "kortspelsregler", "alla-spelar"])
def test_a_playout_cap_sets_the_deals_from_the_moves_alike_in_both_engines(preset: str) -> None:
    for game in _positions(preset, 4, 7):
        count = len(game.legal_moves())
        cap = 6 * count - 1  # 5 deals for each move, and a remainder
        native_figures = _figures(game, "native", seed=2, playouts=64, games=cap, early_stop=False)
        assert native_figures == _figures(game, "python", seed=2, playouts=64, games=cap, early_stop=False)
        assert max(native_figures[1]) == 5, f"{preset}, move {game.move_count}: {count} moves, cap {cap}"
        small = _figures(game, "native", seed=2, playouts=3, games=10_000, early_stop=False)
        assert max(small[1]) == 3  # the deal budget still bounds


def test_the_readers_strong_caps_its_playouts() -> None:
    from skitgubbe.players.kernel_strong import KernelStrongPlayer
    from skitgubbe.players.registry import READER_GAMES, reader_player

    reader = reader_player("strong", 5)
    if not isinstance(reader, KernelStrongPlayer):
        pytest.skip("no native search here: the reader's strong is today's StrongPlayer")
    game = next(g for g in _positions("pagat", 3, 5) if len(g.legal_moves()) >= 3)
    reader.choose(game)
    assert 0 < reader.games <= READER_GAMES and reader.max_games == READER_GAMES


@needs_native
@pytest.mark.parametrize("preset", ["pagat", "strikt", "specialkort"])
def test_the_statistical_drop_is_the_same_in_both_engines(preset: str) -> None:
    dropped = 0
    for game in _positions(preset, 3, 9, (0, 11, 24, 45)):  # z2 = 1 (one error) so that moves are dropped
        native_figures = _figures(game, "native", seed=4, playouts=96, drop_z2=1, early_stop=False)
        assert native_figures == _figures(game, "python", seed=4, playouts=96, drop_z2=1, early_stop=False)
        dropped += min(native_figures[1]) < max(native_figures[1])
    assert dropped, f"{preset}: no move was dropped on any position (the drop never ran)"


def test_the_drop_needs_a_clear_gap() -> None:
    from kernel_reference import drop_unlikely

    alive = [True, True, True]
    # 64 deals: the best lost 10 (20 half-losses); 14 losses is within 3 errors, 40 far beyond
    assert drop_unlikely([20, 28, 80], alive, 64, 9) == 1 and alive == [True, True, False]
