"""The strong player's search in C (csearch.c through native.py), held to the engine and to its own definition,
not to numbers: the Python playout kernel whose figures these tests once pinned is gone (issue 40 item 2).

- beside the same search on the engine (`fallback.evaluate_on_engine`: sensible players on `Game`), one position a
  preset: the same moves, every move on every deal, each loss rate within the noise of the deals;
- for every preset and 2 to 6 players, positions of seeded sensible games: the same seed gives the same figures;
  the early stop drops only moves that can no longer catch up, so it keeps the whole search's decision; a playout
  cap gives each move the deals `Budget.deals` says; the statistical drop only drops moves that lose more often.

The rules themselves are held to the engine move for move by tests/engine/test_kernel_differential.py. Without gcc
the library cannot exist: run alone, those tests skip and say so; under `make test` (SKITGUBBE_REQUIRE_NATIVE=1) the
run stops at once with the reason (tests/conftest.py); with gcc and no library, a test fails (the build did not run
or failed).
"""

from __future__ import annotations

import shutil
import time
from typing import Any

import pytest

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.pack import move_word
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.budget import Budget
from skitgubbe.players.kernel_strong import Unseen, decision_key, evaluate
from skitgubbe.rules.options import PRESETS

TABLES = [(name, n) for name in PRESETS for n in range(2, 7)]
STOPS = (0, 4, 11, 24, 45, 80, 130)
needs_native = pytest.mark.skipif(
    not native.available(),
    reason="NO NATIVE SEARCH: gcc is absent, so _csearch.so was not built; the engine-based players play"
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


def _figures(game: Game, seed: int = 0, **options: Any) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    found = evaluate(game, Budget(**options), seed=seed)
    return found.half_losses, found.deals, found.preferred


def _searched(preset: str, n: int) -> list[Game]:
    """Positions of two seeded sensible games of the table, where the seat to act has a choice."""
    return [game for seed in (2, 3) for game in _positions(preset, n, seed)][::2]


def test_library_is_built_where_gcc_exists() -> None:
    if shutil.which("gcc") is None:
        pytest.skip("NO NATIVE SEARCH: gcc is absent, the engine-based players play (install gcc and run make setup)")
    assert native.LIBRARY.exists(), f"gcc exists but {native.LIBRARY} does not: run `make setup` (setup.py native)"
    assert native.available() and native.backend() == "ctypes"


@needs_native
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_the_early_stop_keeps_the_whole_searchs_decision(preset: str, players: int) -> None:
    """Every move is played out on the same deals, so a move the early stop drops has already lost more than the
    remaining deals could give back: the early-stopped search chooses what the whole search chooses, on no more
    deals, and the same seed gives the same figures again."""
    positions = _searched(preset, players)
    assert len(positions) >= 3
    for seed, game in enumerate(positions):
        whole = evaluate(game, Budget(playouts=8, early_stop=False), seed=seed)
        early = evaluate(game, Budget(playouts=8, early_stop=True), seed=seed)
        assert whole.deals == (8,) * len(whole.moves)
        assert all(e <= w for e, w in zip(early.deals, whole.deals, strict=True))
        assert early.best() == whole.best(), (game.move_count, whole, early)
        assert evaluate(game, Budget(playouts=8, early_stop=True), seed=seed) == early


@needs_native
def test_same_figures_with_a_time_budget_that_never_runs_out() -> None:
    game = _positions("pagat", 3, 5)[3]
    assert _figures(game, seed=1, playouts=8, seconds=60.0) == _figures(game, seed=1, playouts=8)


@needs_native
def test_time_budget_stops_the_native_search() -> None:
    game = _positions("pagat", 3, 5)[1]
    started = time.perf_counter()
    found = evaluate(game, Budget(playouts=10**6, seconds=0.05, early_stop=False), seed=2, engine="native")
    assert time.perf_counter() - started < 2.0
    assert 1 <= max(found.deals) < 10**6


@needs_native
def test_the_decision_differs_with_the_seed_and_the_comparison_would_see_it() -> None:
    """The figures depend on the deals: a comparison of equal figures is not vacuous."""
    game = _positions("pagat", 4, 9)[2]
    a = _figures(game, seed=1, playouts=8, early_stop=False)
    b = _figures(game, seed=2, playouts=8, early_stop=False)
    assert a != b


def test_packer_refuses_bad_input_with_a_clear_message() -> None:
    game = _positions("pagat", 3, 5)[1]
    me = game._w.to_play
    assert me is not None
    unseen = Unseen(game, me)
    moves = [move_word(m) for m in game.legal_moves()]
    options = {"key": decision_key(1, game.move_count), "start": game.move_count, "budget": 4, "early_stop": True}
    with pytest.raises(ValueError, match="candidate 0"):
        native.pack_game(game, unseen, [-1, *moves], **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="candidate moves"):
        native.pack_game(game, unseen, [], **options)  # type: ignore[arg-type]
    unseen.pool = unseen.pool[:-1]
    with pytest.raises(ValueError, match="unseen cards"):
        native.pack_game(game, unseen, moves, **options)  # type: ignore[arg-type]
    unseen = Unseen(game, me)
    unseen.talon_slots[-1] = 60
    with pytest.raises(ValueError, match=r"talon_slots\[\d+\] is 60"):
        native.pack_game(game, unseen, moves, **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="engine 'c'"):
        evaluate(game, engine="c")
    with pytest.raises(ValueError, match="engine 'python'"):
        evaluate(game, engine="python")


@needs_native
def test_c_side_refuses_a_malformed_array() -> None:
    game = _positions("pagat", 3, 5)[1]
    me = game._w.to_play
    assert me is not None
    moves = [move_word(m) for m in game.legal_moves()]
    words = native.pack_game(game, Unseen(game, me), moves, key=1, start=game.move_count, budget=4, early_stop=True)
    with pytest.raises(ValueError, match="refused the packed position"):
        native.search([*words, 0], len(moves))  # one word too many
    words[0] = 0
    with pytest.raises(ValueError, match="refused the packed position"):
        native.search(words, len(moves))


def test_the_readers_strong_is_the_native_search_and_the_clis_strong_is_unchanged() -> None:
    from skitgubbe.players.fallback import StrongSearchPlayer
    from skitgubbe.players.registry import READER_DEALS, make_player, reader_player
    from skitgubbe.players.strong import StrongPlayer

    assert isinstance(make_player("strong", 3), StrongPlayer)
    assert isinstance(reader_player("sensible", 3), SensiblePlayer)
    reader = reader_player("strong", 3)  # in C where the fast core plays the rules, else on the engine
    assert isinstance(reader, StrongSearchPlayer) and reader.budget.playouts == READER_DEALS and reader.budget.seconds
    with pytest.raises(ValueError, match="nope"):
        reader_player("nope", 3)


@needs_native
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_playout_cap_sets_the_deals_from_the_moves(preset: str) -> None:
    """With a cap of `games` playouts, every move is searched on `Budget.deals(moves)` deals, no more."""
    for game in _searched(preset, 3)[:3]:
        count = len(game.legal_moves())
        for budget in (
            Budget(playouts=64, games=6 * count, early_stop=False),
            Budget(playouts=3, games=10_000, early_stop=False),
        ):
            found = evaluate(game, budget, seed=2)
            assert found.deals == (budget.deals(count),) * count, (budget, found)
    assert Budget(playouts=64, games=18).deals(3) == 6 and Budget(playouts=3, games=10_000).deals(3) == 3


def test_the_readers_strong_caps_its_playouts() -> None:
    from skitgubbe.players.registry import READER_GAMES, reader_player

    reader = reader_player("strong", 5)
    if not native.available():
        pytest.skip("no native search here: the reader's strong searches on the engine")
    game = next(g for g in _positions("pagat", 3, 5) if len(g.legal_moves()) >= 3)
    reader.choose(game)
    assert 0 < reader.games <= READER_GAMES and reader.budget.games == READER_GAMES


@needs_native
def test_the_statistical_drop_drops_only_moves_that_lose_more_often() -> None:
    """With `drop_z2` a move may leave the search early, but only one whose loss rate is above the kept moves';
    `drop_z2=0` is no drop at all. Some position of these tables does drop (else the check would be empty)."""
    dropped = 0
    for preset in ("pagat", "strikt", "kortspelsregler"):
        for game in _searched(preset, 3):
            plain = evaluate(game, Budget(playouts=64, early_stop=False), seed=4)
            assert evaluate(game, Budget(playouts=64, early_stop=False, drop_z2=0), seed=4) == plain
            found = evaluate(game, Budget(playouts=64, early_stop=False, drop_z2=1), seed=4)
            most = max(found.deals)
            kept = [found.loss_rate(i) for i in range(len(found.moves)) if found.deals[i] == most]
            for i in range(len(found.moves)):
                if found.deals[i] < most:
                    dropped += 1
                    assert found.loss_rate(i) > min(kept), (preset, game.move_count, found)
    assert dropped > 0


#: one position a preset where the C and the engine search side by side: (preset, players, game seed, position)
SIDE_BY_SIDE = [(name, 3, 5 + i, 3) for i, name in enumerate(PRESETS)]


@needs_native
@pytest.mark.parametrize(("preset", "players", "game_seed", "index"), SIDE_BY_SIDE)
def test_the_c_search_agrees_with_the_same_search_on_the_engine(
    preset: str, players: int, game_seed: int, index: int
) -> None:
    """Not the deleted kernel's numbers: the engine's own search (`fallback.evaluate_on_engine`, sensible players on
    `Game`) at the same position and budget. The two draw their deals with different generators, so each move's loss
    rate must agree within the noise of 300 deals (4 standard errors of a difference, at most 0.163), and every
    move is searched on every deal by both."""
    from skitgubbe.engine.kernel import support
    from skitgubbe.players.fallback import evaluate_on_engine

    positions = _positions(preset, players, game_seed)
    game = positions[min(index, len(positions) - 1)]
    if not support.supports(game.rules):
        pytest.skip(f"the fast core does not play {preset}: the engine's search is the only one there")
    budget = Budget(playouts=300, early_stop=False)
    c, engine = evaluate(game, budget, seed=1), evaluate_on_engine(game, budget, seed=1)
    assert c.moves == engine.moves and c.deals == engine.deals == (300,) * len(c.moves)
    margin = 4 * (2 * 0.25 / 300) ** 0.5
    apart = {str(m): (c.loss_rate(i), engine.loss_rate(i)) for i, m in enumerate(c.moves)}
    assert all(abs(a - b) <= margin for a, b in apart.values()), apart
