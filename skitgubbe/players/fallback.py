"""The one door to the strong search (issue 40 item 1): the fast core where it plays the rules, else the engine.

Every caller of the strong search (the reader's strong player, the hint, the review) comes through here and never
asks the fast core for rules it refuses: `support.supports(rules)` is asked first. Where it says no (house rules the
C does not play, such as throwing on out of turn, or no C on this machine), the same search runs on the engine:

- `evaluate_on_engine(game, ...)`: every legal move played out on the same resampled deals (`Game.resample_unseen`,
  one generator per deal from the seed, the move count and the deal number), each playout by sensible players seeded
  alike for every move (common random numbers), half-losses counted as `kernel_strong.evaluate` counts them, the same
  early stop; the result is the same `Evaluation`. Slower than the C, so the budgets' `seconds` cut it sooner.
- `StrongSearchPlayer`: the reader's strong player and the registry's `strong-kernel`; each decision in C where
  the fast core plays the rules, else on the engine.
- `search_note_key(rules)`: the refusal key (worded in `text/review_words.py`) where the engine-based search is
  used, None where the fast core plays; the views show it so the reader knows the strength differs.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Final

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import support
from skitgubbe.engine.moves import Move
from skitgubbe.errors import FastCoreError
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.budget import DEFAULT_BUDGET, Budget
from skitgubbe.players.loop import play_out
from skitgubbe.rules.options import Rules

if TYPE_CHECKING:  # the fast core's module only when a search runs: every view asks `search_note_key`
    from skitgubbe.players.kernel_strong import Evaluation, KernelStrongPlayer

#: The cap of one playout on the engine (a game still running then counts half a loss), as the fast core's.
PLAYOUT_CAP: Final = 600
#: The reader's strong on the engine: at most this many deals and seconds a decision (not `Final`, so a test can
#: cut them in the compiled engine too). Measured on alla-spelar with throwing on at any time, 3 players, the Python
#: source on a loaded machine: the time cuts first (89 decisions: median 0.31 s, p95 0.35 s); a hint on
#: `review.HINT_BUDGET` median 0.81 s, p95 0.85 s; a whole game's review 9.0 s (25 moves, 8 to 17 deals each).
ENGINE_DEALS: int = 24
ENGINE_SECONDS: float = 0.3


def search_note_key(rules: Rules) -> str | None:
    """Why the strong search runs on the engine for `rules` (a refusal key), or None where the fast core plays."""
    if support.supports(rules):
        return None
    return support.refusal(rules) or support.NO_BACKEND


def _deal_seed(seed: int, move_count: int, deal: int) -> int:
    return (seed * 1_000_003 + move_count) * 1_000_033 + deal


def evaluate_on_engine(game: Game, budget: Budget = DEFAULT_BUDGET, *, seed: int = 0) -> Evaluation:
    """`kernel_strong.evaluate`'s figures, computed on the engine within `budget` (see the module notes; no
    statistical drop: `drop_z2` is the C's alone); every rule set."""
    from skitgubbe.players.kernel_strong import Evaluation

    moves = game.legal_moves()
    if len(moves) == 1:
        return Evaluation(tuple(moves), (0,), (0,), 0)
    me = game.to_play
    assert me is not None
    count = len(moves)
    most = budget.deals(count)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    preferred_move = SensiblePlayer(seed).choose(game)
    losses = [0] * count
    played = [0] * count
    alive = [True] * count
    deals = 0
    while deals < most:
        if deals > 0 and deadline is not None and time.perf_counter() > deadline:
            break
        rng = random.Random(_deal_seed(seed, game.move_count, deals))
        world = game.resample_unseen(me, rng)
        bot_seed = rng.randrange(1 << 30)
        for i, move in enumerate(moves):
            if not alive[i]:
                continue
            losses[i] += _playout(world.copy(), move, me, bot_seed)
            played[i] += 1
        deals += 1
        if budget.early_stop:
            left = 2 * (most - deals)
            best = min(losses[i] for i in range(count) if alive[i])
            for i in range(count):
                if alive[i] and losses[i] - best > left:
                    alive[i] = False
            if sum(alive) == 1:
                break
    preferred = moves.index(preferred_move) if preferred_move in moves else 0
    return Evaluation(tuple(moves), tuple(losses), tuple(played), preferred)


def _playout(world: Game, move: Move, me: str, bot_seed: int) -> int:
    """Half-losses of `me` after `move` in `world`, played to the end by sensible players: 2 lost, 1 unfinished."""
    world.play(move, me)
    bots = {name: SensiblePlayer(bot_seed + i) for i, name in enumerate(world.players)}
    play_out(world, bots, max_moves=PLAYOUT_CAP)
    if not world.over:
        return 1
    return 2 if world.loser == me else 0


def evaluate(game: Game, budget: Budget = DEFAULT_BUDGET, *, seed: int = 0) -> Evaluation:
    """The strong search's figures for `game`'s seat to act within `budget`: in C where
    `support.supports(game.rules)`, else on the engine (`evaluate_on_engine`)."""
    if support.supports(game.rules):
        from skitgubbe.players.kernel_strong import evaluate as on_c

        try:
            return on_c(game, budget, seed=seed)
        except FastCoreError:  # a position with more moves than the C's buffers hold: the same search on the engine
            pass
    return evaluate_on_engine(game, budget, seed=seed)


class StrongSearchPlayer:
    """The strong search as a player: each decision is `KernelStrongPlayer`'s (in C, within `budget`) where the fast
    core plays the rules, else `evaluate_on_engine`'s within `engine_budget` (None: the reader's, `ENGINE_DEALS` deals
    and `ENGINE_SECONDS`). `deals` and `games`: the last decision's deals and playouts, as `KernelStrongPlayer`
    counts them."""

    def __init__(
        self, seed: int, budget: Budget = DEFAULT_BUDGET, *, engine_budget: Budget | None = None, name: str = "strong"
    ) -> None:
        self.name = name
        self.seed = seed
        self.budget = budget
        self.engine_budget = engine_budget
        self.deals = 0
        self.games = 0
        self._fast: KernelStrongPlayer | None = None

    def choose(self, game: Game) -> Move:
        if support.supports(game.rules):
            if self._fast is None:
                from skitgubbe.players.kernel_strong import KernelStrongPlayer

                self._fast = KernelStrongPlayer(self.seed, self.budget)
            try:
                move = self._fast.choose(game)
            except FastCoreError:  # too many moves for the C's buffers: this decision on the engine
                pass
            else:
                self.deals, self.games = self._fast.deals, self._fast.games
                return move
        budget = self.engine_budget
        if budget is None:
            budget = Budget(playouts=ENGINE_DEALS, seconds=ENGINE_SECONDS)
        found = evaluate_on_engine(game, budget, seed=self.seed)
        self.deals, self.games = max(found.deals), sum(found.deals)
        return found.moves[found.best()]
