"""`pack.position_words(game)` (the C's position words straight from the engine) against the kernel route
`native._kernel_words(convert.from_game(game))`: the same words at every position of seeded games, for every preset
and 2 to 6 players; and `native.pack_game` gives the same search input as `native.pack`."""

from __future__ import annotations

import pytest

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.convert import from_game, from_move
from skitgubbe.engine.kernel.pack import position_words
from skitgubbe.engine.kernel.support import supports
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.kernel_strong import Unseen
from skitgubbe.rules.options import PRESETS

TABLES = [(name, n) for name in PRESETS if supports(PRESETS[name]) for n in range(2, 7)]


def _games(preset: str, n: int, seed: int, most: int = 400) -> list[Game]:
    game = Game.deal(n, rules=PRESETS[preset], seed=seed)
    bot = SensiblePlayer(seed)
    out = [game.copy()]
    while not game.over and game.move_count < most:
        game.play(bot.choose(game))
        out.append(game.copy())
    return out


@pytest.mark.parametrize(("preset", "n"), TABLES)
def test_position_words_match_the_kernel_route(preset: str, n: int) -> None:
    checked = 0
    for seed in (1, 2):
        for game in _games(preset, n, seed):
            expected = native._kernel_words(from_game(game))
            assert position_words(game) == expected, (preset, n, seed, game.move_count)
            checked += 1
    assert checked > 20


def test_pack_game_is_pack_of_the_kernel() -> None:
    packed = 0
    for preset, n in TABLES[::3]:
        for game in _games(preset, n, 7, most=60)[::5]:
            if game.over:
                continue
            base = from_game(game)
            unseen = Unseen(game, base.to_play)
            moves = [from_move(m) for m in game.legal_moves()][: native.MAX_CANDIDATES]
            options = {"key": 5, "start": game.move_count, "budget": 3, "early_stop": True}
            assert native.pack_game(game, unseen, moves, **options) == native.pack(base, unseen, moves, **options)  # type: ignore[arg-type]
            packed += 1
    assert packed > 10


def test_pack_game_refuses_a_finished_game() -> None:
    game = _games("pagat", 3, 3, most=10_000)[-1]
    assert game.over
    with pytest.raises(ValueError, match="over"):
        native.pack_game(game, None, [0], key=0, start=0, budget=1, early_stop=False)  # type: ignore[arg-type]
