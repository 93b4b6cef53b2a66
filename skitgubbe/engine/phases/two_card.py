"""Phase 1 in two-card tricks (the Pagat game): lead and answer, stunsa on equal ranks, drawing, chansa, the end."""

from __future__ import annotations

from typing import Final, NoReturn

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import (
    EV_CHANSA_CARD,
    EV_TIE,
    EV_TRICK_WON,
    EVENT,
    LEGAL,
    REASON,
    Event,
    Reason,
    reason,
    record,
)
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import (
    CARDS_PARAM,
    CHANSA,
    ONE_CARD,
    SEATED_PLAYS,
    SINGLE_PLAYS,
    TARGET_PARAM,
    Chansa,
    Move,
    PickUp,
    Play,
)
from skitgubbe.engine.phases.phase1_common import (
    Phase1Base,
    can_act,
    check_chansa,
    draw,
    end_phase,
    return_trick,
    single_card,
)
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Phase1End, Rules

_DUE_EMPTY: Final = Phase1End.DUE_PLAYER_EMPTY
_SKIP_EMPTY: Final = Phase1End.SKIP_EMPTY


class TwoCard(Phase1Base):
    """Two players to each phase-1 trick: the higher rank wins, equal ranks are a stunsa (the leader plays again)."""

    def begin(self, w: Working, leader: int, dealt: bool) -> None:
        _start_trick(w, self.rules, leader, [])

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        moves: list[Move] = []
        if seat != w.to_play:
            return moves
        for card in w.hands[seat]:  # a loop, not a comprehension, which CPython 3.11 runs as a function call
            moves.append(SINGLE_PLAYS[card.index])
        if self.rules.chansa and len(w.talon) > 1:
            moves.append(CHANSA)
        return moves

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it. One hand card (the
        common move) is decided first, its reason made of the shared parameters."""
        table = w.table
        if type(move) is Play:
            cards = move.cards
            if len(cards) == 1 and cards[0] in w.hands[seat]:
                if not explain:
                    return LEGAL
                player = w.player_param[seat]
                param = CARDS_PARAM[cards[0].index]
                why: Reason
                if len(table) % 2:
                    why = record(
                        REASON, ("p1.answer", "p1-answer", (player, param, TARGET_PARAM[table[-1][1][0].index]))
                    )
                elif table:
                    why = record(REASON, ("p1.stunsa", "p1-stunsa", (player, param)))
                else:
                    why = record(REASON, ("p1.lead", "p1-lead", (player, param)))
                return why
        name = w.names[seat]
        if not isinstance(move, Chansa):
            _refuse(move, name, w.hands[seat])
        check_chansa(w, self.rules, move, name)
        if not explain:
            return LEGAL
        role = "answer" if len(table) % 2 else ("stunsa" if table else "lead")
        return reason("p1.chansa", "p1-chansa", player=name, role=role)

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        if type(move) is Play:
            card = move.cards[0]
            w.hands[seat].remove(card)
            if w.talon:
                draw(w, seat, events)
        else:
            card = w.talon.pop()
            if events is not None:
                events.append(record(EVENT, (EV_CHANSA_CARD, "p1.chansa", w.names[seat], ONE_CARD[card.index], 0, ())))
        _to_table(w, self.rules, seat, card, events)


def _refuse(move: Move, name: str, hand: list[Card]) -> NoReturn:
    """The error for anything but one hand card or a chansa (a one-card play in hand is allowed before this)."""
    if isinstance(move, PickUp):
        raise IllegalMove(move, name, reason("p1.no-pick-up", "p1-no-pick-up", player=name))
    single_card(move, name, hand)
    raise AssertionError("a one-card play in hand is allowed")


def _to_table(w: Working, rules: Rules, seat: int, card: Card, events: list[Event] | None) -> None:
    """The card goes on the table: the answerer acts next, or the trick is decided (or tied)."""
    table = w.table
    table.append(SEATED_PLAYS[seat * 52 + card.index])
    if len(table) % 2 == 1:
        answerer = w.answerer
        w.to_play = answerer
        if not can_act(w, rules, answerer):
            _cannot_continue(w, rules, events)
        return
    lead_card = table[-2][1][0]
    if card.rank == lead_card.rank:
        _tie(w, rules, lead_card, card, events)
        return
    winner = w.answerer if card.rank > lead_card.rank else w.leader
    taken: tuple[Card, ...]
    if len(table) == 2:
        taken = (lead_card, card)
    else:
        taken = tuple(c for _, play in table for c in play)
    w.won[winner].extend(taken)
    table.clear()
    if events is not None:
        events.append(record(EVENT, (EV_TRICK_WON, "p1.higher-wins", w.names[winner], taken, 0, ())))
    _start_trick(w, rules, winner, events)


def _tie(w: Working, rules: Rules, lead_card: Card, card: Card, events: list[Event] | None) -> None:
    """The answer has the lead card's rank (stunsa): the leader plays again, if the trick can go on."""
    if events is not None:
        events.append(record(EVENT, (EV_TIE, "p1.stunsa", w.names[w.leader], (lead_card, card), 0, ())))
    w.to_play = w.leader
    blocked = not can_act(w, rules, w.leader) or (rules.phase1_end is _SKIP_EMPTY and not can_act(w, rules, w.answerer))
    if blocked:
        _cannot_continue(w, rules, events)


def _start_trick(w: Working, rules: Rules, candidate: int, events: list[Event] | None) -> None:
    """Seat the next trick's leader and answerer, or end phase 1 if the rules say it is over."""
    n = w.n
    if rules.phase1_end is _DUE_EMPTY:
        if not can_act(w, rules, candidate):
            end_phase(w, rules, "p1.end.due-player-empty", events, due=candidate)
            return
        w.leader, w.answerer, w.to_play = candidate, (candidate + 1) % n, candidate
        return
    able = [can_act(w, rules, s) for s in range(n)]
    if sum(able) < 2:
        end_phase(w, rules, "p1.end.skip-empty", events, due=candidate)
        return
    leader = candidate
    while not able[leader]:
        leader = (leader + 1) % n
    answerer = (leader + 1) % n
    while not able[answerer]:
        answerer = (answerer + 1) % n
    w.leader, w.answerer, w.to_play = leader, answerer, leader


def _cannot_continue(w: Working, rules: Rules, events: list[Event] | None) -> None:
    """The player due to play to the trick on the table has no card."""
    if rules.phase1_end is _DUE_EMPTY:
        end_phase(w, rules, "p1.end.due-player-empty", events)
        return
    return_trick(w, events)
    _start_trick(w, rules, w.leader, events)
