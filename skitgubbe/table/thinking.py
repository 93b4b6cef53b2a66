"""Computer players' moves away from the event loop: a strong player's search in a worker process.

The strong search runs in C with the interpreter's lock held, for tens to hundreds of milliseconds a move, so in
the server's own process it would hold every other table up however the moves are spaced. It runs instead in one
worker process (`Thinker`), which keeps each table's game and players between moves and is sent the record (the
moves so far as text); it plays only the new moves on its copy, and replays the record when its copy is not a
prefix of it (a restart, a server restart, a copy forgotten). The other kinds decide in microseconds and move in
the server's process. If the worker cannot be used, the move is worked out in the server's process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from skitgubbe.engine.game import Game
from skitgubbe.players.bots import Player
from skitgubbe.players.registry import KINDS, reader_player
from skitgubbe.records.record import GameRecord

__all__ = ["Thinker", "choose_in_worker"]

#: tables whose game the worker keeps (the least recently used is forgotten first)
GAMES_KEPT = 64

_GAMES: OrderedDict[str, tuple[Game, list[str], dict[str, Player]]] = OrderedDict()


def choose_in_worker(key: str, kind: str, seed: int, player: str, record: dict[str, Any]) -> str:
    """In the worker: the move of `player` (a computer of `kind` seeded `seed`) in the game `record` holds."""
    moves: list[str] = list(record["moves"])
    kept = _GAMES.get(key)
    if kept is None or kept[1] != moves[: len(kept[1])]:
        game = GameRecord.load(record).replay()
        kept = (game, list(moves), {})
    else:
        game = kept[0]
        for text in moves[len(kept[1]) :]:
            game.play(text)
            kept[1].append(text)
    _GAMES[key] = kept
    _GAMES.move_to_end(key)
    while len(_GAMES) > GAMES_KEPT:
        _GAMES.popitem(last=False)
    bots = kept[2]
    bot = bots.get(player)
    if bot is None:
        bot = bots[player] = reader_player(kind, seed)
    return str(bot.choose(game))


class Thinker:
    """The worker process (made on the first strong move, one for the server: the machine's other core)."""

    def __init__(self) -> None:
        self.pool: Executor | None = None
        self.broken = False

    def remote(self, kind: str) -> bool:
        """Whether a computer of `kind` is worked out in the worker."""
        declared = KINDS.get(kind)
        return declared is not None and declared.searches and not self.broken

    async def choose(self, key: str, kind: str, seed: int, player: str, record: dict[str, Any]) -> str | None:
        """The move, or None if the worker failed (it is not asked again; the caller moves in-process)."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, choose_in_worker, key, kind, seed, player, record)
        except (BrokenProcessPool, OSError):
            self.broken = True
            return None

    async def close(self) -> None:
        """Stop the worker and wait for it to end (when the server stops; a search under way ends first)."""
        pool, self.pool = self.pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
