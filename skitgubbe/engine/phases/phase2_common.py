"""What both phase-2 styles share: the base class of the styles, the start of phase 2, the next player still in,
the end of the game, the beat table and the error for a move phase 2 does not have.

A style (`tricks`, `pile`) is a class on `Phase2Base` with three operations on a position: `legal_moves`, `judge`
(the one place a move is decided) and `apply`. `Game` starts phase 2 (`start`) once phase 1 is over.
"""

from __future__ import annotations

from functools import cache

from skitgubbe.engine.cards import DECK, Suit, beats
from skitgubbe.engine.events import EV_OUT, EVENT, Event, EventKind, Reason, reason, record
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import SINGLE_PLAYS, Move, Play, Throw
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Rules


class Phase2Base:
    """A phase-2 style under one set of rules: a style overrides all three methods."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        """Every legal move of `seat` now (none for a player not to act)."""
        raise NotImplementedError

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it. With `explain`
        False the caller wants the verdict only: a legal move gets `LEGAL` and no reason is built."""
        raise NotImplementedError

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        """Carry out a move `judge` allowed (adding its events to `events` unless it is None)."""
        raise NotImplementedError


@cache
def beat_table(trump: Suit) -> tuple[tuple[Play | None, ...], ...]:
    """For each top card (by index), each card's single play (by index) if it beats the top card under this trump
    suit (rule `beats`), else None: one row lookup per hand card lists the beating plays in hand order."""
    by_index = sorted(DECK, key=lambda card: card.index)
    return tuple(
        tuple(SINGLE_PLAYS[card.index] if beats(card, top, trump) else None for card in by_index) for top in by_index
    )


def start(w: Working, leader: int, events: list[Event] | None) -> None:
    """Open phase 2: players without cards are out at once; the trump holder leads."""
    if w.trump is not None:
        w.beat_table = beat_table(w.trump)
    for k in range(w.n):
        seat = (leader + k) % w.n
        if not w.hands[seat] and seat not in w.out:
            w.out.append(seat)
            if events is not None:
                events.append(record(EVENT, (EV_OUT, "p2.out-at-start", w.names[seat], (), 0, ())))
    if check_over(w, events):
        return
    w.trick_target = w.n - len(w.out)
    w.to_play = leader if leader not in w.out else next_in(w, leader)


def next_in(w: Working, seat: int) -> int:
    """The next player clockwise who is still in the game."""
    n, out = w.n, w.out
    nxt = (seat + 1) % n
    while nxt in out:
        nxt = (nxt + 1) % n
    return nxt


def not_a_move_here(move: Move, name: str) -> IllegalMove:
    """The error for a throw or a pass, which phase 2 does not have."""
    if isinstance(move, Throw):
        return IllegalMove(move, name, reason("p2.no-throw-on", "p2-no-throw-on", player=name))
    return IllegalMove(move, name, reason("game.pass", "pass-not-allowed", player=name))


def check_over(w: Working, events: list[Event] | None) -> bool:
    """End the game once at most one player holds cards."""
    still_in = [s for s in range(w.n) if s not in w.out]
    if len(still_in) > 1:
        return False
    w.to_play = None
    w.over = True
    if still_in:
        w.loser = still_in[0]
        if events is not None:
            events.append(Event(EventKind.LOSER, "p2.loser", w.names[w.loser]))
    return True
