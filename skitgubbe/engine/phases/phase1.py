"""Phase 1 (collecting cards): two-card tricks, stunsa, drawing, chansa, the set-aside card, the end.

Also the helpers every phase-1 style shares: `draw`, `return_trick`, `end_phase`, `not_a_move_here`, `single_card`,
`check_chansa`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import (
    EV_CHANSA_CARD,
    EV_DREW,
    EV_TIE,
    EV_TRICK_WON,
    EVENT,
    Event,
    EventKind,
    Reason,
    Why,
    reason,
    record,
)
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
    Throw,
)
from skitgubbe.engine.state import Working
from skitgubbe.errors import IllegalMove
from skitgubbe.rules.options import Phase1End, Rules

_DUE_EMPTY: Final = Phase1End.DUE_PLAYER_EMPTY
_SKIP_EMPTY: Final = Phase1End.SKIP_EMPTY


def can_act(w: Working, rules: Rules, seat: int) -> bool:
    """Whether a player could play to a trick now: a hand card, or a chansa while the talon lasts."""
    return bool(w.hands[seat]) or (rules.chansa and len(w.talon) > 1)


def begin(w: Working, rules: Rules, leader: int) -> None:
    """Seat the first trick of a dealt game or a phase-1 position."""
    start_trick(w, rules, leader, [])


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


def legal_moves(w: Working, rules: Rules) -> list[Move]:
    seat = w.to_play
    assert seat is not None
    moves: list[Move] = []
    for card in w.hands[seat]:  # a loop, not a comprehension, which CPython 3.11 runs as a function call of its own
        moves.append(SINGLE_PLAYS[card.index])
    if rules.chansa and len(w.talon) > 1:
        moves.append(CHANSA)
    return moves


def quick_legal(w: Working, rules: Rules, seat: int, move: Move) -> bool:
    """Whether the move is a common legal one `quick_reason` explains without judging (one hand card, a chansa the
    rules allow). False says nothing: `judge` decides."""
    if type(move) is Play:
        given: object = move.cards  # as given: a compiled class checks the tuple, not its items
        return isinstance(given, tuple) and len(given) == 1 and type(given[0]) is Card and given[0] in w.hands[seat]
    return move is CHANSA and rules.chansa and len(w.talon) > 1


def quick_reason(w: Working, rules: Rules, seat: int, move: Move) -> Why | None:
    """The reason for a move `quick_legal` accepts, without judging it again; None for anything else, which `judge`
    then decides (with the same answer for a legal move)."""
    if not quick_legal(w, rules, seat, move):
        return None
    return explain(w, rules, seat, move, ())


def explain(w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Why:
    """The reason for a move taken from `legal_moves()` (so known to be legal): `judge` without its checks."""
    table = w.table
    player = w.player_param[seat]
    if type(move) is Play:
        cards = move.cards
        param = CARDS_PARAM[cards[0].index] if len(cards) == 1 else ("cards", cards)
        if len(table) % 2:
            return ("p1.answer", "p1-answer", (player, param, TARGET_PARAM[table[-1][1][0].index]))
        if table:
            return ("p1.stunsa", "p1-stunsa", (player, param))
        return ("p1.lead", "p1-lead", (player, param))
    if move is CHANSA:
        role = "answer" if len(table) % 2 else ("stunsa" if table else "lead")
        return ("p1.chansa", "p1-chansa", (player, ("role", role)))
    return judge(w, rules, seat, move)


def judge(w: Working, rules: Rules, seat: int, move: Move) -> Reason:
    """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it."""
    name = w.names[seat]
    leading = len(w.table) % 2 == 0
    role = ("stunsa" if w.table else "lead") if leading else "answer"
    if isinstance(move, PickUp):
        raise IllegalMove(move, name, reason("p1.no-pick-up", "p1-no-pick-up", player=name))
    if isinstance(move, Chansa):
        check_chansa(w, rules, move, name)
        return reason("p1.chansa", "p1-chansa", player=name, role=role)
    single_card(move, name, w.hands[seat])
    assert isinstance(move, Play)
    if leading:
        rule_id = "p1.stunsa" if w.table else "p1.lead"
        return reason(rule_id, "p1-stunsa" if w.table else "p1-lead", player=name, cards=move.cards)
    return reason("p1.answer", "p1-answer", player=name, cards=move.cards, target=w.table[-1][1][0])


def apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
    if type(move) is Play:
        card = move.cards[0]
        w.hands[seat].remove(card)
        if w.talon:
            draw(w, seat, events)
    else:
        assert isinstance(move, Chansa)
        card = w.talon.pop()
        if events is not None:
            events.append(record(EVENT, (EV_CHANSA_CARD, "p1.chansa", w.names[seat], ONE_CARD[card.index], 0, ())))
    _to_table(w, rules, seat, card, events)


def play_quick(w: Working, rules: Rules, seat: int, move: Move) -> bool:
    """If the move is one `quick_legal` accepts, carry it out at once, as `apply` does without events, and say
    True; else touch nothing and say False (`judge` decides). Checking and playing in one function saves the
    browser's engine (Python source) a call and a second pass over the hand."""
    if type(move) is Play:
        given: object = move.cards  # as given: a compiled class checks the tuple, not its items
        if not isinstance(given, tuple) or len(given) != 1 or type(given[0]) is not Card:
            return False
        card: Card = given[0]
        try:
            w.hands[seat].remove(card)  # one pass over the hand: the test that the card is there, and taking it
        except ValueError:
            return False
        if w.talon:
            draw(w, seat, None)
    elif move is CHANSA and rules.chansa and len(w.talon) > 1:
        card = w.talon.pop()
    else:
        return False
    _to_table(w, rules, seat, card, None)
    return True


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
    start_trick(w, rules, winner, events)


def _tie(w: Working, rules: Rules, lead_card: Card, card: Card, events: list[Event] | None) -> None:
    """The answer has the lead card's rank (stunsa): the leader plays again, if the trick can go on."""
    if events is not None:
        events.append(record(EVENT, (EV_TIE, "p1.stunsa", w.names[w.leader], (lead_card, card), 0, ())))
    w.to_play = w.leader
    blocked = not can_act(w, rules, w.leader) or (rules.phase1_end is _SKIP_EMPTY and not can_act(w, rules, w.answerer))
    if blocked:
        _cannot_continue(w, rules, events)


def start_trick(w: Working, rules: Rules, candidate: int, events: list[Event] | None) -> None:
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
    start_trick(w, rules, w.leader, events)


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
