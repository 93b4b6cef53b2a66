"""The strong search's reference on the Python playout kernel, kept for the tests while that kernel exists.

`reference_evaluate(game, ...)` is what `players.kernel_strong.evaluate` computed on the Python kernel before the C
became the one fast implementation (issue 40 item 2): the same deals, the same draws, the same early stop and
statistical drop, so tests/engine/test_csearch.py holds the C's figures to it exactly.
"""

from __future__ import annotations

import time

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.convert import from_game, from_move
from skitgubbe.engine.kernel.core import Kernel
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.engine.kernel.tables import BIT
from skitgubbe.players.kernel_policies import KernelSensible
from skitgubbe.players.kernel_strong import (
    DEFAULT_PLAYOUTS,
    DROP_EVERY,
    PLAYOUT_CAP,
    TIE_BREAK,
    Evaluation,
    Unseen,
    decision_key,
)


def deal_unseen(unseen: Unseen, k: Kernel, stream: Stream) -> None:
    """Deal the unseen cards of `k` (a copy of the position) again, shuffled with `stream` (as csearch.c's `deal`)."""
    pool = unseen.pool.copy()
    i = len(pool) - 1
    while i > 0:  # Fisher–Yates
        j = stream.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
        i -= 1
    at = 0
    for seat in range(k.n):
        mask = unseen.kept[seat]
        for _ in range(unseen.hidden[seat]):
            mask |= BIT[pool[at]]
            at += 1
        k.set_hand(seat, mask)
    for slot in unseen.talon_slots:
        k.talon[slot] = pool[at]
        at += 1
    if unseen.aside:
        k.trump_card = pool[-1]


def drop_unlikely(losses: list[int], alive: list[bool], deals: int, drop_z2: int) -> int:
    """Drop (in `alive`) every move whose half-losses exceed the best live move's by more than `sqrt(drop_z2)`
    standard errors of the difference, in integers as csearch.c does. How many it dropped."""
    best = min(losses[i] for i in range(len(losses)) if alive[i])
    dropped = 0
    for i, h in enumerate(losses):
        diff = h - best
        if not alive[i] or diff <= 0:
            continue
        if deals * diff * diff > drop_z2 * (h * (2 * deals - h) + best * (2 * deals - best)):
            alive[i] = False
            dropped += 1
    return dropped


def reference_evaluate(
    game: Game,
    *,
    seed: int = 0,
    playouts: int = DEFAULT_PLAYOUTS,
    seconds: float | None = None,
    early_stop: bool = True,
    games: int | None = None,
    drop_z2: int = 0,
) -> Evaluation:
    """`kernel_strong.evaluate`'s figures on the Python kernel (see the module notes)."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return Evaluation(tuple(moves), (0,), (0,), 0)
    deadline = -1.0 if seconds is None else time.perf_counter() + seconds
    base = from_game(game)
    me = base.to_play
    unseen = Unseen(game, me)
    candidates = [from_move(move) for move in moves]
    count = len(candidates)
    budget = max(playouts, 1) if games is None else max(1, min(playouts, games // count))
    losses = [0] * count  # half-losses
    played = [0] * count
    alive = [True] * count
    left_alive = count
    key = decision_key(seed, game.move_count)
    start = game.move_count
    stream = Stream(key, 0)
    world = Kernel(game.rules, base.n)
    scratch = Kernel(game.rules, base.n)
    policy = KernelSensible(stream)
    preferred_move = -1
    deals = 0
    while deals < budget:
        if deals > 0 and deadline >= 0.0 and time.perf_counter() > deadline:
            break
        stream.reseed(key, deals)
        base.copy_into(world)
        deal_unseen(unseen, world, stream)
        a, b, c, d = stream.a, stream.b, stream.c, stream.d
        if deals == 0:
            world.copy_into(scratch)
            preferred_move = KernelSensible(Stream(key, TIE_BREAK)).choose(scratch, start)
        for i in range(count):
            if not alive[i]:
                continue
            stream.a, stream.b, stream.c, stream.d = a, b, c, d
            world.copy_into(scratch)
            scratch.apply(candidates[i])
            while not scratch.over and scratch.moves < PLAYOUT_CAP:
                scratch.apply(policy.choose(scratch, start + scratch.moves))
            if not scratch.over:
                losses[i] += 1
            elif scratch.loser == me:
                losses[i] += 2
            played[i] += 1
        deals += 1
        if early_stop:
            left = 2 * (budget - deals)
            best = min(losses[i] for i in range(count) if alive[i])
            for i in range(count):
                if alive[i] and losses[i] - best > left:
                    alive[i] = False
                    left_alive -= 1
            if left_alive == 1:
                break
        if drop_z2 > 0 and deals % DROP_EVERY == 0 and left_alive > 1:
            left_alive -= drop_unlikely(losses, alive, deals, drop_z2)
            if left_alive == 1:
                break
    preferred = candidates.index(preferred_move) if preferred_move in candidates else 0
    return Evaluation(tuple(moves), tuple(losses), tuple(played), preferred)
