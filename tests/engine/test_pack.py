"""`pack.position_words(game)` (the C's position words straight from the engine) read by the C: at every position
of seeded sensible games, for every preset the fast core plays and 2 to 6 players, the C (`sg_trace` from those
words) lists exactly the engine's legal moves; `move_word` and `word_move` are each other's inverse on every legal
move; and `native.pack_game` refuses a finished game. (The differential test, tests/engine/test_kernel_differential.py,
then plays whole games from such positions move for move, with the sanitizers on.)"""

from __future__ import annotations

import pytest

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.pack import move_word, word_move
from skitgubbe.engine.kernel.support import supports
from skitgubbe.players.bots import SensiblePlayer
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


@pytest.mark.slow
@pytest.mark.skipif(not native.LIBRARY.exists(), reason="no _csearch.so here (no gcc)")
@pytest.mark.parametrize(("preset", "n"), TABLES)
def test_the_c_reads_the_engines_legal_moves_from_the_position_words(preset: str, n: int) -> None:
    checked = 0
    for seed in (1, 2):
        for game in _games(preset, n, seed):
            if game.over:
                continue
            legal = game.legal_moves()
            words = [move_word(move) for move in legal]
            back = [word_move(word) for word in words]  # the same moves, a play's cards in card order
            assert [move_word(move) for move in back] == words
            assert [(type(m), sorted(getattr(m, "cards", ()))) for m in back] == [
                (type(m), sorted(getattr(m, "cards", ()))) for m in legal
            ]
            (moves, _), *_ = native.trace(game, seed, 0, 1).steps
            assert sorted(moves) == sorted(words), (preset, n, seed, game.move_count)
            checked += 1
    assert checked > 20


def test_pack_game_refuses_a_finished_game() -> None:
    game = _games("pagat", 3, 3, most=10_000)[-1]
    assert game.over
    with pytest.raises(ValueError, match="over"):
        native.pack_game(game, None, [0], key=0, start=0, budget=1, early_stop=False)  # type: ignore[arg-type]
