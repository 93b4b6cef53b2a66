"""The differential test's tools: the fast core (csearch.c's `sg_trace`) built with the sanitizers, and the replay of
its random games through the engine (`Game`), move for move.

`sanitized_driver()` builds tests/engine/trace_driver.c (csearch.c in a hosted program) with gcc and
`-fsanitize=address,undefined` under `_build/csan/` (rebuilt when a source is newer). `traces()` runs a batch of
packed games through it in one process. `replay()` plays a trace on a `Game`: at every step the engine's legal
moves must be the C's (as sets of kernel moves, no move twice), then both play the move the C drew; at the end both
agree on whether the game is over, who lost and when phase 1 ended.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from array import array
from pathlib import Path

from skitgubbe import Game
from skitgubbe.engine.kernel import native
from skitgubbe.engine.kernel.convert import from_game, from_move, to_move
from skitgubbe.rules.options import Rules

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "skitgubbe" / "engine" / "kernel"
DRIVER_SOURCE = ROOT / "tests" / "engine" / "trace_driver.c"
SOURCES = (DRIVER_SOURCE, KERNEL / "csearch.c", KERNEL / "csearch_rules.h")
DRIVER = ROOT / "_build" / "csan" / "trace_driver"
SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
#: the most moves a traced game plays (the strong player's playouts stop at 600)
MOST = 600


def sanitized_driver() -> Path | None:
    """The sanitized trace driver, built if missing or older than a source; None without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    newest = max(path.stat().st_mtime for path in SOURCES)
    if not DRIVER.exists() or DRIVER.stat().st_mtime < newest:
        DRIVER.parent.mkdir(parents=True, exist_ok=True)
        command = [gcc, "-DSG_HOSTED", "-O1", "-g", *SANITIZERS, f"-I{KERNEL}", "-o", str(DRIVER), str(DRIVER_SOURCE)]
        subprocess.run(command, check=True)
    return DRIVER


def traces(driver: Path, inputs: list[list[int]]) -> list[native.Trace]:
    """Run packed traces (`native.pack_trace`) through the driver, one process for the batch."""
    data = array("q")
    for words in inputs:
        data.append(len(words))
        data.extend(words)
    done = subprocess.run(
        [str(driver)], input=data.tobytes(), capture_output=True, check=False, env={"ASAN_OPTIONS": "detect_leaks=0"}
    )
    assert done.returncode == 0, f"the sanitized C failed ({done.returncode}):\n{done.stderr.decode()[-4000:]}"
    out = array("q")
    out.frombytes(done.stdout)
    found: list[native.Trace] = []
    at = 0
    for _ in inputs:
        rc = out[at]
        assert rc > 0, f"sg_trace refused a packed position (code {rc})"
        found.append(native.read_trace(out[at + 1 : at + 1 + rc]))
        at += 1 + rc
    assert at == len(out)
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
        legal = sorted(from_move(move) for move in game.legal_moves())
        assert len(set(moves)) == len(moves), (where, step, "the C lists a move twice")
        assert sorted(moves) == legal, (where, step, sorted(set(moves) ^ set(legal)))
        phase = game.phase
        game.play(to_move(moves[pick]))
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
    return native.pack_trace(from_game(game), seed, 0, MOST, sensible=sensible)
