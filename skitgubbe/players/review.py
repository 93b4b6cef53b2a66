"""The strong search as a coach (issue 28): a hint for the move to make, and a review of a finished game.

No words here (the text layer words them: `skitgubbe.text.review_words`). Both stand on `fallback.evaluate` (the
search in C where the fast core plays the rules, else on the engine): every legal move played out on the same
resampled deals (common random numbers), the seat's loss counted per deal.

- `hint(game, seed, budget)`: the move the strong search plays (its early stop on) and a reason key, one of
  `REASONS`, saying in a word what kind of move it is.
- `Review(game, seat, budget)`: the seat's moves of a game, judged one per `step()` (so a page can show progress):
  each `ReviewedMove` gives the move played, the search's best move, the estimated chance of being the skitgubbe
  after each, the gain, the deals behind the figures and a standard error of the gain. The review plays every move
  on every deal (no early stop), so each estimate has the same deals behind it.
- **Uncertainty.** The standard error of the gain is `sqrt((p1 (1 - p1) + p2 (1 - p2)) / n)`: the bound on the
  variance of an outcome in [0, 1] with mean p, for each move, and no credit for the pairing of the deals (which
  only narrows it), so the figure errs on the wide side.
- **Severity.** `mistake`: a gain of at least `MISTAKE_GAIN` and at least `MISTAKE_SE` standard errors;
  `inaccuracy`: at least `INACCURACY_GAIN` and `INACCURACY_SE` standard errors; otherwise `ok`.
- **Budgets.** At most `playouts` deals per move; with `seconds`, the time left is shared out among the moves still
  to judge by their numbers of legal moves (a deal plays each of them out), so the deals per move come out alike;
  each move gets at least one deal.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Final

from skitgubbe.engine.cards import Card, Suit, beats
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Chansa, Move, Pass, PickUp, Play, Throw
from skitgubbe.players.budget import Budget as Budget  # its callers (the views, the CLI) read it here
from skitgubbe.players.fallback import evaluate
from skitgubbe.players.kernel_strong import Evaluation

#: The reason keys of a hint (worded in `text/review_words.py`).
REASONS: Final = (
    "only_move",
    "chansa",
    "pick_up_nothing_beats",
    "pick_up_keeps",
    "throw_low",
    "pass",
    "lowest_beats",
    "keeps_trumps",
    "ties",
    "lowest_loses",
    "leads_low",
    "sheds_several",
    "sheds_highest",
    "best_odds",
)
#: The severities of a reviewed move, mildest first.
SEVERITIES: Final = ("ok", "inaccuracy", "mistake")
MISTAKE_GAIN: Final = 0.10
MISTAKE_SE: Final = 2.0
INACCURACY_GAIN: Final = 0.04
INACCURACY_SE: Final = 1.0


#: The live page's budgets: a hint within a second (the reader's strong opponent's 1,024 deals, with the early
#: stop); a whole game's review within about ten seconds (512 deals for every legal move, no early stop). With the
#: search in C (the browser's WebAssembly, `_csearch.so` here) the deals are reached well inside the times; on
#: the engine (`players/fallback.py`: rules the C does not play, or no C) the times cut them, and the page says how
#: many deals stand behind each figure.
HINT_BUDGET = Budget(playouts=1024, seconds=0.8)
REVIEW_BUDGET = Budget(playouts=512, seconds=9.0)


@dataclass(frozen=True)
class Hint:
    """The move the strong search plays, why in a word (`REASONS`), its estimated loss chance and its deals."""

    move: Move
    reason: str
    loss: float
    deals: int


def reason_of(game: Game, move: Move) -> str:
    """What kind of move `move` is in `game` (a key of `REASONS`): what a player would say of it at the table."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return "only_move"
    if not isinstance(move, Play):
        return _reason_not_a_play(move, moves)
    plays = [m for m in moves if isinstance(m, Play)]
    table = game.table
    if not table or (game.phase == 1 and len(table) % 2 == 0):  # leading
        return _reason_leading(move, plays, game.trump)
    top = table[-1][1][-1]
    if game.phase == 1:
        return _reason_following_phase1(move.cards[-1], top, plays)
    return _reason_following_phase2(move.cards[-1], top, plays, game.trump)


def _reason_not_a_play(move: Move, moves: list[Move]) -> str:
    """The reason of a move that plays no card from the hand: a chansa, a pick-up, a throw or a pass."""
    if isinstance(move, Chansa):
        return "chansa"
    if isinstance(move, PickUp):
        return "pick_up_keeps" if any(isinstance(m, Play) for m in moves) else "pick_up_nothing_beats"
    if isinstance(move, Throw):
        return "throw_low"
    assert isinstance(move, Pass)
    return "pass"


def _reason_leading(move: Play, plays: list[Play], trump: Suit | None) -> str:
    """The reason of a lead: several cards, the lowest, the highest (trumps ranked apart from the rest)."""
    if len(move.cards) > 1:
        return "sheds_several"
    card = move.cards[-1]
    ranks = [m.cards[-1].rank for m in plays if m.cards[-1].suit is not trump or card.suit is trump]
    if card.rank == min(ranks):
        return "leads_low"
    if card.rank == max(ranks):
        return "sheds_highest"
    return "best_odds"


def _reason_following_phase1(card: Card, top: Card, plays: list[Play]) -> str:
    """The reason of a card played on a trick of the first phase, where rank alone counts (`top` the card to beat)."""
    if card.rank == top.rank:
        return "ties"
    if card.rank > top.rank:
        above = [m.cards[-1].rank for m in plays if m.cards[-1].rank > top.rank]
        return "lowest_beats" if card.rank == min(above) else "best_odds"
    return "lowest_loses" if card.rank == min(m.cards[-1].rank for m in plays) else "best_odds"


def _reason_following_phase2(card: Card, top: Card, plays: list[Play], trump: Suit | None) -> str:
    """The reason of a card played on `top` in the second phase: beating it with the cheapest card, or without a trump."""
    if not beats(card, top, trump):
        return "best_odds"
    if card.suit is not trump and any(m.cards[-1].suit is trump for m in plays):
        return "keeps_trumps"
    same = [m.cards[-1].rank for m in plays if m.cards[-1].suit is card.suit]
    return "lowest_beats" if card.rank == min(same) else "best_odds"


def hint(game: Game, seed: int = 0, budget: Budget = HINT_BUDGET) -> Hint:
    """The strong search's move for the seat to act in `game` (over: a `ValueError`), with its reason key."""
    if game.over:
        raise ValueError("the game is over: no move to hint")
    found = evaluate(game, budget, seed=seed)
    best = found.best()
    return Hint(found.moves[best], reason_of(game, found.moves[best]), found.loss_rate(best), found.deals[best])


@dataclass(frozen=True)
class ReviewedMove:
    """One of the seat's moves judged: `index` in the game's moves, the move `played` and the search's `best`,
    the estimated chance of being the skitgubbe after each, `gain` (played minus best), the deals behind each
    estimate, `se` the standard error of the gain, the number of legal moves and the `severity`."""

    index: int
    player: str
    played: Move
    best: Move
    played_loss: float
    best_loss: float
    deals: int
    se: float
    choices: int
    severity: str

    @property
    def gain(self) -> float:
        return self.played_loss - self.best_loss


def gain_se(p1: float, p2: float, deals: int) -> float:
    """The standard error of a difference of two loss rates over `deals` deals each (wide: no credit for pairing)."""
    return math.sqrt((p1 * (1 - p1) + p2 * (1 - p2)) / deals) if deals else 1.0


def severity(gain: float, se: float) -> str:
    """`mistake`, `inaccuracy` or `ok` for a gain and its standard error (see the module notes)."""
    if gain >= MISTAKE_GAIN and gain >= MISTAKE_SE * se:
        return "mistake"
    if gain >= INACCURACY_GAIN and gain >= INACCURACY_SE * se:
        return "inaccuracy"
    return "ok"


def judge_move(game: Game, played: Move, index: int, found: Evaluation) -> ReviewedMove:
    """`played` in `game` (the position before it) judged by the search's figures `found` for that position (a
    move as good as the search's choice is its own best move)."""
    player = game.to_play
    assert player is not None
    best = found.best()
    mine = found.moves.index(played) if played in found.moves else best
    p_played, p_best = found.loss_rate(mine), found.loss_rate(best)
    deals = min(found.deals[mine], found.deals[best])
    if mine == best or p_played <= p_best:  # as good as the search's choice: no better move to show
        return ReviewedMove(index, player, played, played, p_played, p_played, deals, 0.0, len(found.moves), "ok")
    se = gain_se(p_played, p_best, deals)
    grade = severity(p_played - p_best, se)
    return ReviewedMove(index, player, played, found.moves[best], p_played, p_best, deals, se, len(found.moves), grade)


def review_position(game: Game, played: Move, *, index: int = 0, seed: int = 0, playouts: int = 64) -> ReviewedMove:
    """One move judged on its own, every legal move on `playouts` deals (what `Review` does for each move)."""
    found = evaluate(game, Budget(playouts=playouts, early_stop=False), seed=seed)
    return judge_move(game, played, index, found)


class Review:
    """The moves of `seat` in `game` (from move `start` on), judged one per `step()`; `items` so far.

    A move with no choice (one legal move) is passed over, not judged (`forced` counts them)."""

    def __init__(self, game: Game, seat: str, budget: Budget = REVIEW_BUDGET, *, seed: int = 0, start: int = 0) -> None:
        if seat not in game.players:
            raise ValueError(f"seat {seat!r} is not a player of the game: {', '.join(game.players)}")
        self.budget = budget
        self.seed = seed
        self.moves = game.history
        self._game = game.restart()
        self._at = 0
        #: the indexes of the seat's moves to judge, in order
        self.todo: list[int] = []
        #: each move's legal moves: its share of a time budget (each deal plays every one of them out)
        self.weights: list[int] = []
        self.forced = 0
        probe = game.restart()
        for i, step in enumerate(self.moves):
            if i >= start and step.player == seat:
                choices = len(probe.legal_moves())
                if choices > 1:
                    self.todo.append(i)
                    self.weights.append(choices)
                else:
                    self.forced += 1
            probe.play(step.move, step.player)
        self.items: list[ReviewedMove] = []
        self.started = time.perf_counter()
        self.elapsed = 0.0

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> bool:
        return len(self.items) >= len(self.todo)

    def _seconds(self) -> float | None:
        """This move's share of the time left, by its number of legal moves (None without a time budget)."""
        if self.budget.seconds is None:
            return None
        left = self.budget.seconds - (time.perf_counter() - self.started)
        at = len(self.items)
        return max(left, 0.0) * self.weights[at] / sum(self.weights[at:])

    def step(self) -> ReviewedMove | None:
        """Judge the next move (None when every move is judged)."""
        if self.done:
            return None
        index = self.todo[len(self.items)]
        while self._at < index:
            step = self.moves[self._at]
            self._game.play(step.move, step.player)
            self._at += 1
        budget = replace(self.budget, seconds=self._seconds(), early_stop=False)
        found = evaluate(self._game, budget, seed=self.seed)
        item = judge_move(self._game, self.moves[index].move, index, found)
        self.items.append(item)
        self.elapsed = time.perf_counter() - self.started
        return item

    def run(self) -> tuple[ReviewedMove, ...]:
        """Judge every move left; all the items."""
        while self.step() is not None:
            pass
        return tuple(self.items)


def review(game: Game, seat: str, budget: Budget = REVIEW_BUDGET, *, seed: int = 0) -> tuple[ReviewedMove, ...]:
    """Every move of `seat` in `game` judged (see `Review`)."""
    return Review(game, seat, budget, seed=seed).run()
