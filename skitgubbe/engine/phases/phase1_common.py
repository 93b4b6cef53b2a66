"""What every phase-1 style shares: the base class of the styles, drawing, giving back an open trick, the end of
phase 1, and the checks of a single card and of a chansa that several styles make alike.

A style (`two_card`, `everyone`, `turned_trump`, `beat_or_take`) is a class on `Phase1Base` with three operations
on a position: `legal_moves`, `judge` (the one place a move is decided) and `apply`, and one set-up step, `begin`.
Phase 2 is started by `Game` once phase 1 is over, not here: phase 1 knows no phase-2 style.
"""

from __future__ import annotations

from typing import Final

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import EV_DREW, EVENT, Event, EventKind, Reason, reason, record
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import ONE_CARD, Chansa, Move, Play, Throw
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Rules

#: The cards dealt to each player, and the hand the turned-up trump and beat-or-take styles draw back up to.
HAND_SIZE: Final = 3


class Phase1Base:
    """A phase-1 style under one set of rules: a style overrides all four methods."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def begin(self, w: Working, leader: int, dealt: bool) -> None:
        """Seat the first trick of a dealt game (`dealt`: the talon is as the deal left it) or a phase-1 position."""
        raise NotImplementedError

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        """Every legal move of `seat` now (a player not to act may only throw on, in the styles that allow it)."""
        raise NotImplementedError

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it. With `explain`
        False the caller wants the verdict only: a legal move gets `LEGAL` and no reason is built."""
        raise NotImplementedError

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        """Carry out a move `judge` allowed (adding its events to `events` unless it is None)."""
        raise NotImplementedError


def can_act(w: Working, rules: Rules, seat: int) -> bool:
    """Whether a player could play to a trick now: a hand card, or a chansa while the talon lasts."""
    return bool(w.hands[seat]) or (rules.chansa and len(w.talon) > 1)


def single_card(move: Move, name: str, hand: list[Card]) -> Card:
    """The one hand card a phase-1 play may be; raises `IllegalMove` for anything else (every phase-1 style)."""
    if not isinstance(move, Play):
        raise not_a_move_here(move, name)
    if len(move.cards) != 1:
        raise IllegalMove(move, name, reason("p1.one-card", "p1-one-card", player=name, cards=move.cards))
    card = move.cards[0]
    if card not in hand:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=move.cards))
    return card


def check_chansa(w: Working, rules: Rules, move: Chansa, name: str) -> None:
    """Raises `IllegalMove` unless the rules allow a chansa and the talon holds more than its last card."""
    if not rules.chansa:
        raise IllegalMove(move, name, reason("p1.chansa.no-chansa", "p1-no-chansa", player=name))
    if len(w.talon) <= 1:
        raise IllegalMove(move, name, reason("p1.chansa.not-last", "p1-chansa-last", player=name, count=len(w.talon)))


def not_a_move_here(move: Move, name: str) -> IllegalMove:
    """The error for a throw or a pass where the phase-1 style has none."""
    if isinstance(move, Throw):
        return IllegalMove(move, name, reason("p1.all.throw-on.off", "throw-off", player=name))
    return IllegalMove(move, name, reason("game.pass", "pass-not-allowed", player=name))


def return_trick(w: Working, events: list[Event] | None) -> None:
    """Give every card on the table back to the player who laid it (to their won cards)."""
    for seat in range(w.n):
        mine = tuple(c for s, play in w.table if s == seat for c in play)
        if mine:
            w.won[seat].extend(mine)
            if events is not None:
                events.append(Event(EventKind.TRICK_RETURNED, "p1.open-trick", w.names[seat], mine))
    w.table.clear()


def draw(
    w: Working, seat: int, events: list[Event] | None, draw_rule: str = "p1.draw", last_rule: str = "p1.last-card"
) -> None:
    """Draw the top talon card into hand; the talon's last card is set aside instead (the trump card)."""
    if not w.talon:
        return
    card = w.talon.pop()
    if not w.talon:
        w.trump_card = (seat, card)
        if events is not None:
            events.append(Event(EventKind.SET_ASIDE, last_rule, w.names[seat], (card,)))
    else:
        w.hands[seat].append(card)
        if events is not None:
            events.append(record(EVENT, (EV_DREW, draw_rule, w.names[seat], ONE_CARD[card.index], 0, ())))


def end_phase(
    w: Working,
    rules: Rules,
    rule_id: str,
    events: list[Event] | None,
    transition_rule: str = "p1.transition",
    due: int | None = None,
) -> None:
    """End phase 1: give back an open trick, merge won cards into hands, reveal trump; the trump holder will lead.

    `due` is the player due to play (default: `w.to_play`), who is also the one due to draw next.

    Phase 2 is started by `Game` (with `w.leader`, the trump holder), not here: phase 1 knows no phase-2 style.
    """
    return_trick(w, events)
    w.trick = None
    w.trick_plays = 0
    if events is not None:
        events.append(Event(EventKind.PHASE1_OVER, rule_id))
    if w.talon:
        # Only a constructed position can end phase 1 before the talon is used up: its bottom card becomes
        # the trump card of the player due to play, who would draw next (rule p1.last-card: the last talon card
        # is set aside by the player due to draw it); the rest leaves play.
        holder = due if due is not None else (w.to_play if w.to_play is not None else 0)
        w.trump_card = (holder, w.talon[0])
        w.discarded.extend(w.talon[1:])
        w.talon.clear()
    for seat in range(w.n):
        w.hands[seat].extend(w.won[seat])
        w.won[seat].clear()
    assert w.trump_card is not None, "phase 1 cannot end without a trump card"
    holder, card = w.trump_card
    w.hands[holder].append(card)
    w.trump = card.suit
    w.trump_card = None
    w.phase = 2
    if events is not None:
        events.append(Event(EventKind.TRUMP_REVEALED, transition_rule, w.names[holder], (card,)))
    w.leader = holder
