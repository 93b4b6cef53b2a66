"""Play many seeded games between computer players and summarise who lost and how long games took.

Tables of random players only are played by the fast core (csearch.c's `sg_simulate`: one call per batch of
games, dealt, played and counted in C; benchmarks/kernel_speed.py measures it against the C limit): game `seed`
has the deal of `Game.deal(seed=seed)` (so a seed is the same deal in `simulate`, `play` and `deal`), and its moves
are drawn uniformly among the legal moves from one stream, (seed, `KERNEL_STREAM`) (xoshiro128** seeded by
splitmix64 of the seed, so that consecutive seeds are unrelated streams). The moves are not those of
`play_game(seed)`, whose random players draw from Mersenne Twisters seeded `seed * 101 + seat`: the same deals and
rules, the same distribution of games (tests/engine/test_kernel_differential.py plays the C's random games through
the engine move for move), another sample of moves. Any other player at the table, rules the fast core does not
play (`support.refusal`) and a machine without the C (no compiler, `SKITGUBBE_PURE_PYTHON=1`) take the `Game` path
(the sensible player's games are the ones the book's examples cite by seed).
"""

from __future__ import annotations

import collections
import functools
import os
import signal
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.game import Game, default_names
from skitgubbe.engine.kernel import native, support
from skitgubbe.players.loop import play_out
from skitgubbe.players.registry import make_player
from skitgubbe.rules.options import Rules

DEFAULT_MAX_MOVES = 20_000

#: the `game` number of a simulated game's stream in the fast core: (seed, KERNEL_STREAM)
KERNEL_STREAM = 0
#: the player kinds the fast core plays in `simulate`
KERNEL_KINDS = frozenset({"random"})
#: games per call of the fast core (and per chunk of a worker process on the fast core)
BATCH = 4096


@dataclass(frozen=True)
class GameResult:
    seed: int
    loser: str | None
    moves: int
    phase1_moves: int
    capped: bool


def play_game(
    kinds: Sequence[str], rules: Rules, seed: int, *, max_moves: int = DEFAULT_MAX_MOVES
) -> tuple[Game, GameResult]:
    """One game from the deal of `seed`; player i is a `kinds[i]` bot seeded from the game seed."""
    game = Game.deal(len(kinds), rules=rules, seed=seed)
    bots = {name: make_player(kind, seed * 101 + i) for i, (name, kind) in enumerate(zip(game.players, kinds))}
    count = play_out(game, bots, max_moves=max_moves)
    phase1_moves = next(
        (i for i, step in enumerate(game.history) if any(e.kind is EventKind.PHASE1_OVER for e in step.events)),
        count,
    )
    return game, GameResult(seed, game.loser, count, phase1_moves, not game.over)


@dataclass
class Summary:
    games: int = 0
    players: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    losses_by_seat: list[int] = field(default_factory=list)
    capped: list[int] = field(default_factory=list)
    total_moves: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        by_kind: dict[str, int] = {}
        for kind, losses in zip(self.kinds, self.losses_by_seat):
            by_kind[kind] = by_kind.get(kind, 0) + losses
        finished = self.games - len(self.capped)
        return {
            "games": self.games,
            "players": [
                {
                    "seat": i + 1,
                    "name": n,
                    "kind": k,
                    "losses": lost,
                    "loss_rate": round(lost / finished, 4) if finished else None,
                }
                for i, (n, k, lost) in enumerate(zip(self.players, self.kinds, self.losses_by_seat))
            ],
            "losses_by_kind": by_kind,
            "capped_games": self.capped,
            "mean_moves": round(self.total_moves / self.games, 2) if self.games else 0.0,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
        }


@dataclass(frozen=True)
class Tally:
    """What `simulate` sums of a chunk of games: their number, moves in all, losses by seat, the capped seeds."""

    games: int
    moves: int
    losses: tuple[int, ...]
    capped: tuple[int, ...]

    @staticmethod
    def of(results: Sequence[GameResult], names: Sequence[str]) -> Tally:
        losses = [0] * len(names)
        for result in results:
            if not result.capped and result.loser is not None:
                losses[names.index(result.loser)] += 1
        capped = tuple(r.seed for r in results if r.capped)
        return Tally(len(results), sum(r.moves for r in results), tuple(losses), capped)


def on_kernel(kinds: Sequence[str], rules: Rules) -> bool:
    """Whether the fast core plays these players under these rules (wherever it runs)."""
    return support.refusal(rules) is None and all(kind in KERNEL_KINDS for kind in kinds)


def on_native(kinds: Sequence[str], rules: Rules) -> bool:
    """Whether `simulate` plays these games in C here (`sg_simulate` through the shared library)."""
    return on_kernel(kinds, rules) and native.LIBRARY.exists() and native.backend() == "ctypes"


def _play_seeds(kinds: Sequence[str], rules: Rules, seeds: range, max_moves: int) -> Tally:
    if on_native(kinds, rules):
        batch = native.simulate(rules, len(kinds), seeds.start, len(seeds), max_moves, KERNEL_STREAM)
        return Tally(batch.games, batch.moves, batch.losses, batch.capped)
    names = default_names(len(kinds))
    return Tally.of([play_game(kinds, rules, seed, max_moves=max_moves)[1] for seed in seeds], names)


def _ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the parent (which stops the pool), so that they print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # forked with it blocked: a pending one is dropped


def _chunks(first: int, games: int, size: int) -> Iterator[range]:
    """The seeds in consecutive ranges, made as they are needed (a huge run never holds every seed at once)."""
    for start in range(first, first + games, size):
        yield range(start, min(start + size, first + games))


def worker_count(jobs: int, games: int) -> int:
    """The processes actually used: at most one per game and one per core."""
    return max(1, min(jobs, games, os.cpu_count() or 1))


def simulate(
    kinds: Sequence[str], rules: Rules, games: int, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES, jobs: int = 1
) -> Summary:
    """`games` games with seeds `seed`, `seed+1`, ...; losses by seat, game length, speed.

    `jobs > 1` spreads the games over that many processes (capped at the games and the cores); every game
    depends only on its seed, so the summary is the same whatever the number of jobs (apart from the speed).
    Seeds are made and results summed as the games are played, so memory does not grow with `games`.
    """
    if games < 1 or max_moves < 1 or jobs < 1:
        raise ValueError("games, max_moves and jobs must each be 1 or more")
    if seed < 0:
        raise ValueError("seed must be 0 or more")
    names = list(default_names(len(kinds)))
    summary = Summary(players=names, kinds=list(kinds), losses_by_seat=[0] * len(kinds))
    started = time.perf_counter()
    workers = worker_count(jobs, games)

    def add(tally: Tally) -> None:
        summary.games += tally.games
        summary.total_moves += tally.moves
        summary.capped.extend(tally.capped)
        for i, lost in enumerate(tally.losses):
            summary.losses_by_seat[i] += lost

    chunk = BATCH if on_native(kinds, rules) else 64
    if workers == 1:
        for seeds in _chunks(seed, games, chunk):
            add(_play_seeds(kinds, rules, seeds, max_moves))
    else:
        import multiprocessing  # only for --jobs: it costs every other start of simulate

        size = max(1, min(chunk, games // (workers * 4)))
        job = functools.partial(_play_seeds, list(kinds), rules, max_moves=max_moves)
        # Ctrl-C goes to the whole process group: a worker forked with SIGINT blocked ignores it from birth (its
        # initializer sets SIG_IGN before unblocking), and the parent takes its own once the pool stands
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pool = multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupt)
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        with pool:
            # a bounded window of chunks in flight (Pool.imap would queue every chunk at once), in seed order
            pending: collections.deque[Any] = collections.deque()
            for seeds in _chunks(seed, games, size):
                pending.append(pool.apply_async(job, (seeds,)))
                if len(pending) >= workers * 4:
                    add(pending.popleft().get())
            while pending:
                add(pending.popleft().get())
    summary.seconds = time.perf_counter() - started
    return summary
