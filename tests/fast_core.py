"""The differential test's tools: the fast core (csearch.c's `sg_trace`) built with the sanitizers, and the replay of
its random games through the engine (`Game`), move for move.

`traces()` runs packed games through the build of csearch.c with `-fsanitize=address,undefined`
(tests/engine/sanitized_csearch.py: a subprocess driver, every buffer at its exact length). `replay()` plays a trace on a `Game`: at every step the engine's legal
moves must be the C's (as sets of kernel moves, no move twice), then both play the move the C drew; at the end both
agree on whether the game is over, who lost and when phase 1 ended.
"""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.pack import move_word, word_move
from skitgubbe.rules.options import Rules

if TYPE_CHECKING:
    from sanitized_csearch import Sanitized

#: the output buffers tried in turn (in words): most traces fit the first
OUT_WORDS = (1 << 13, 1 << 16, native.TRACE_WORDS)
#: the most moves a traced game plays (the strong player's playouts stop at 600)
MOST = 600


def traces(sanitized: Sanitized, inputs: list[list[int]]) -> list[native.Trace]:
    """Run packed traces (`native.pack_trace`) through the sanitized build (tests/engine/sanitized_csearch.py)."""
    found: list[native.Trace] = []
    for words in inputs:
        for size in OUT_WORDS:
            rc, out = sanitized.call(words, size, entry="sg_trace")
            if rc != native.ERR_OUTPUT:
                break
        assert rc > 0, f"sg_trace refused a packed position (code {rc})"
        found.append(native.read_trace(array("q", out[: 8 * rc])))
    return found


def start(rules: Rules, players: int, seed: int, moves: int) -> Game:
    """A game dealt with `seed`, then `moves` random engine moves on (a mid-game position; fewer if it ends)."""
    game = Game.deal(players, rules=rules, seed=seed)
    draw = random.Random(seed)
    while moves > 0 and not game.over:
        game.play(draw.choice(game.legal_moves()))
        moves -= 1
    return game


def replay(game: Game, trace: native.Trace, where: object) -> int:
    """Play `trace` on `game`, comparing every step; the positions compared."""
    seats = list(game.players)
    for step, (moves, pick) in enumerate(trace.steps):
        legal = sorted(move_word(move) for move in game.legal_moves())
        assert len(set(moves)) == len(moves), (where, step, "the C lists a move twice")
        assert sorted(moves) == legal, (where, step, sorted(set(moves) ^ set(legal)))
        phase = game.phase
        game.play(word_move(moves[pick]))
        if phase == 1 and game.phase == 2:
            assert trace.phase1_moves == step + 1, (where, step, "phase 1 ended at another move")
    assert game.over == trace.over, (where, "over")
    if trace.over:
        assert game.loser is not None and seats.index(game.loser) == trace.loser, (where, game.loser, trace.loser)
    if game.phase == 1:
        assert trace.phase1_moves == -1, (where, "the C left phase 1, the engine did not")
    return len(trace.steps) + 1


def pack(game: Game, seed: int, *, sensible: bool = False) -> list[int]:
    """The packed trace input of a game's position, the C's draws from stream (seed, 0): random moves, or the
    playouts' sensible policy at every seat."""
    return native.pack_trace(game, seed, 0, MOST, sensible=sensible)
