"""The strong player's search on the fast core (issue 27 item 4, issue 40 item 2): `evaluate`, `KernelStrongPlayer`.

The search runs in C (`csearch.c` through `skitgubbe.engine.kernel.native`, as `_csearch.so` in CPython and as
`csearch.wasm` in the browser); the position is packed straight from the `Game` (`engine.kernel.pack`). There is no
second implementation: where the fast core is not here or does not play the rules, `evaluate` raises a
`FastCoreError` naming why, and the callers (`skitgubbe.players.fallback`) ask `support.supports(rules)` first and
use the engine-based search instead.

It knows what `StrongPlayer` knows and no more: its own hand, every card that has been shown and where it lies now,
hand and talon sizes, who holds the set-aside card (`Unseen`). Each decision:

- **Deals.** Deal `p` (p = 0, 1, ...) deals the unseen cards again at random as `Game.resample_unseen` does (the
  unseen cards sorted by index, shuffled, then laid into the opponents' unseen places in seat order, the talon's
  places and last the set-aside card; every hand keeps its size), with its own generator: a stream from the
  player's seed, the position's move count and `p` (`decision_key`).
- **Common random numbers.** Every candidate move is played out on every deal, and each of those playouts starts
  from the same state of deal `p`'s generator, so two moves are compared on the same cards and the same draws of the
  C's sensible players (one for every seat) that play each game to the end (at most `PLAYOUT_CAP` moves; a game
  still running then counts half a loss).
- **Early stop.** Losses are counted in half-losses. After each deal, with `left` deals still in the budget, a move
  whose count is more than `2 * left` above the best move's can no longer become (or tie) the best whatever the
  remaining deals give, so it is dropped; when one move is left the search stops. The rule drops only moves that
  cannot win, so the decision is the one the whole budget would give (tests/players/test_kernel_strong.py).
- **Budgets** (`budget.Budget`). `playouts` deals at most (each candidate is played out once per deal) and, with
  `seconds`, no new deal once that time has passed (at least one deal is always played).

The move with the fewest losses wins; a tie goes to the move a sensible player would make there (decided on deal 0,
so on what the seat knows only), then to the lowest move word (`Evaluation.best`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel import layout, native
from skitgubbe.engine.kernel.pack import mask_of, move_word
from skitgubbe.engine.kernel.support import NO_BACKEND
from skitgubbe.engine.moves import Move
from skitgubbe.errors import FastCoreError
from skitgubbe.players.budget import DEFAULT_BUDGET, Budget
from skitgubbe.players.budget import DEFAULT_PLAYOUTS as DEFAULT_PLAYOUTS  # the notebooks read it here

#: A playout still running after this many moves counts half a loss (csearch.c's PLAYOUT_CAP).
PLAYOUT_CAP: Final = 600
#: The game number of the tie-break's stream (the deals use 0, 1, 2, ...).
TIE_BREAK: Final = 1 << 40
#: where `evaluate` searches: both in C (the names stay for the callers that name one)
ENGINES: Final = ("auto", "native")
#: how often (in deals) the statistical drop looks (csearch.c's DROP_EVERY)
DROP_EVERY: Final = 32
MASK64: Final = 0xFFFFFFFFFFFFFFFF


def splitmix64(x: int) -> int:
    """One splitmix64 output for the state `x` (modulo 2**64), as csearch.c's: a bijective 64-bit mix."""
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Unseen:
    """What a seat cannot see in a position, and where those cards go when dealt again.

    `kept[s]` are the cards of seat `s`'s hand that everyone knows (shown, then taken up), `hidden[s]` how many of
    its cards are unseen; `pool` the unseen cards in card order; `talon_slots` the talon's places dealt again (all
    but a face-up trump under it); `aside` whether the set-aside card is unseen (it takes the pool's last card).
    """

    def __init__(self, game: Game, me: int) -> None:
        w = game._w  # the engine's working state (the hands, the talon in order, the set-aside card)
        public = mask_of(game.public_cards())
        self.me = me
        self.kept: list[int] = []
        self.hidden: list[int] = []
        pool = 0
        for seat in range(w.n):
            hand = mask_of(w.hands[seat])
            if seat == me:
                self.kept.append(hand)
                self.hidden.append(0)
                continue
            self.kept.append(hand & public)
            self.hidden.append((hand & ~public).bit_count())
            pool |= hand & ~public
        shown_trump = w.phase == 1 and w.trump is not None
        self.talon_slots: list[int] = []
        for i, card in enumerate(w.talon):
            if shown_trump and i == 0:
                continue
            self.talon_slots.append(i)
            pool |= 1 << card.index
        self.aside = not shown_trump and w.trump_card is not None
        if w.trump_card is not None and self.aside:
            pool |= 1 << w.trump_card[1].index
        self.pool = [i for i in range(52) if pool >> i & 1]


def decision_key(seed: int, move_count: int) -> int:
    """The seed of one decision's generators: the player's seed and the position's move count, hashed."""
    return splitmix64((seed & MASK64) ^ splitmix64(move_count & MASK64))


@dataclass(frozen=True)
class Evaluation:
    """The search's figures for one position: for every legal move (in the engine's order), the half-losses of
    the seat to act over the deals that move was played out on (a game still running at `PLAYOUT_CAP` counts
    one half-loss, a lost game two), and those deals; `preferred` is the sensible player's move on deal 0."""

    moves: tuple[Move, ...]
    half_losses: tuple[int, ...]
    deals: tuple[int, ...]
    preferred: int

    def loss_rate(self, i: int) -> float:
        """The estimated chance that the seat to act becomes the skitgubbe after move `i`."""
        return self.half_losses[i] / (2 * self.deals[i]) if self.deals[i] else 0.5

    def best(self) -> int:
        """The index of the chosen move: fewest losses among the moves still in the search (the ones played on
        the most deals), then the sensible player's move, then the lowest move word (`pack.move_word`: an order
        that does not hang on the order of the cards in hand, so the C's study games, which keep hands as sets,
        choose alike)."""
        most = max(self.deals)
        kept = [i for i in range(len(self.moves)) if self.deals[i] == most]
        return min(kept, key=lambda i: (self.half_losses[i], i != self.preferred, move_word(self.moves[i])))


def evaluate(game: Game, budget: Budget = DEFAULT_BUDGET, *, seed: int = 0, engine: str = "auto") -> Evaluation:
    """Play every legal move of `game`'s seat to act out on the same resampled deals (see the module notes), within
    `budget`.

    The budget's `games` caps the playouts of one decision before it starts (`Budget.deals`), so a position with
    many legal moves costs no more than one with few, on every machine alike (a time budget, `seconds`, cuts where
    the clock says, so differently on each).

    The budget's `drop_z2` (0: off) adds a statistical drop every `DROP_EVERY` deals: a move is dropped once its
    losses exceed the best move's by more than `sqrt(drop_z2)` standard errors of the difference, counted as if
    independent (half-losses `h` and the best's `hb` over `d` deals: `d * (h - hb)**2 > drop_z2 * (h * (2d - h) +
    hb * (2d - hb))`, in integers, csearch.c's `drop_unlikely`). Unlike the early stop it can drop the move the
    whole budget would have chosen, so it changes decisions: benchmarks/reader_strong.py measures what it costs in
    strength and saves in time.

    `engine`: "auto" (the default) and "native" both search in C. A `FastCoreError` where the fast core is not
    here or does not play the rules (`support.supports` is False; its `reason` is `support.refusal`'s key or
    `support.NO_BACKEND`), or where a playout meets more moves than its buffers hold."""
    if engine not in ENGINES:
        raise ValueError(f"engine {engine!r}: one of {', '.join(ENGINES)}")
    check_fast_core(game)
    moves = game.legal_moves()
    if len(moves) == 1:
        return Evaluation(tuple(moves), (0,), (0,), 0)
    deadline = -1.0 if budget.seconds is None else time.perf_counter() + budget.seconds
    me = game._w.to_play
    assert me is not None  # a game with legal moves has a seat to act
    candidates = [move_word(move) for move in moves]
    count = len(candidates)
    words = native.pack_game(
        game,
        Unseen(game, me),
        candidates,
        key=decision_key(seed, game.move_count),
        start=game.move_count,
        budget=budget.deals(count),
        early_stop=budget.early_stop,
        drop_z2=budget.drop_z2,
    )
    found = native.search(words, count, deadline=deadline)
    if found is None:
        raise FastCoreError("too_many_moves", "fast_core_too_many_moves", move=game.move_count)
    return Evaluation(tuple(moves), found.half_losses, found.deals, found.preferred)


def check_fast_core(game: Game) -> None:
    """A `FastCoreError` naming why, where the fast core cannot search `game` here (see `evaluate`)."""
    found = layout.refused(game.rules)
    if found is not None:
        word, code = found
        value = getattr(code.value, "value", code.value)
        raise FastCoreError(code.refused, "fast_core_refuses_option", option=word.field, value=value)
    if not native.available():
        raise FastCoreError(NO_BACKEND, "fast_core_not_here")


class KernelStrongPlayer:
    """Determinized Monte Carlo in C: common deals for every move, early stop, playout and time budgets (`evaluate`
    within `budget`; a `FastCoreError` where the fast core does not run the rules here)."""

    name = "strong-kernel"

    def __init__(self, seed: int = 0, budget: Budget = DEFAULT_BUDGET) -> None:
        self.seed = seed
        self.budget = budget
        #: the last decision: deals played, games played out (every candidate on every deal it was kept for)
        self.deals = 0
        self.games = 0

    def choose(self, game: Game) -> Move:
        found = evaluate(game, self.budget, seed=self.seed)
        self.deals = max(found.deals)
        self.games = sum(found.deals)
        return found.moves[found.best()]
