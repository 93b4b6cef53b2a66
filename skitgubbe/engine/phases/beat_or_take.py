"""Phase 1 of the special-card game (source 003): everyone plays to a trick of as many cards as players; each card
must be of the same rank as the last one or higher if the player can, otherwise the player takes the last card
into hand. Suits do not matter. A trick is complete once as many cards have been played to it as there are
players, taken-back ones included (rule `p1.beat.trick`). Each choice where 003 is silent or contradicts itself
is a catalogue note.
"""

from __future__ import annotations

from skitgubbe.engine.cards import Card
from skitgubbe.engine.events import LEGAL, Event, EventKind, Reason, reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import PICK_UP, Chansa, Move, PickUp, Play, play_of
from skitgubbe.engine.phases.phase1_common import HAND_SIZE, Phase1Base, draw, end_phase, single_card
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Rules


def _beaters(hand: list[Card], top: Card) -> list[Card]:
    rank = top.rank
    return [c for c in hand if c.rank >= rank]


class BeatOrTake(Phase1Base):
    """Beat the card on the table (its rank or higher) or take it into hand: the special-cards game."""

    def begin(self, w: Working, leader: int, dealt: bool) -> None:
        _start_trick(w, self.rules, leader, [])

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        if seat != w.to_play:
            return []
        hand = w.hands[seat]
        if not w.table:
            return [play_of(c) for c in hand]
        moves: list[Move] = [play_of(c) for c in _beaters(hand, w.table[-1][1][0])]
        return moves or [PICK_UP]

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (`LEGAL` for a legal
        move when `explain` is False)."""
        name = w.names[seat]
        hand = w.hands[seat]
        if isinstance(move, Chansa):
            raise IllegalMove(move, name, reason("p1.beat.no-chansa", "p1-beat-no-chansa", player=name))
        if isinstance(move, PickUp):
            if not w.table:
                raise IllegalMove(move, name, reason("p1.beat.take", "p1-nothing-to-take", player=name))
            top = w.table[-1][1][0]
            able = _beaters(hand, top)
            if able:
                raise IllegalMove(
                    move,
                    name,
                    reason("p1.beat.must-beat", "p1-beat-must-beat", player=name, cards=tuple(able), target=top),
                )
            return Reason("p1.beat.take", "p1-beat-take", (("player", name), ("cards", (top,)))) if explain else LEGAL
        card = single_card(move, name, hand)
        assert isinstance(move, Play)
        if not w.table:
            return (
                Reason("p1.beat.lead", "p1-beat-lead", (("player", name), ("cards", move.cards))) if explain else LEGAL
            )
        top = w.table[-1][1][0]
        if card.rank < top.rank:
            raise IllegalMove(
                move, name, reason("p1.beat.must-beat", "p1-beat-too-low", player=name, cards=move.cards, target=top)
            )
        if not explain:
            return LEGAL
        return Reason("p1.beat.must-beat", "p1-beat-beats", (("player", name), ("cards", move.cards), ("target", top)))

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        _apply(w, self.rules, seat, move, events)


def _start_trick(w: Working, rules: Rules, leader: int, events: list[Event] | None) -> None:
    """`leader` leads to an empty table, unless they have no card: then phase 1 is over (rule `p1.beat.end`)."""
    w.trick_plays = 0
    if not w.hands[leader]:
        end_phase(w, rules, "p1.beat.end", events, due=leader)
        return
    w.leader = w.to_play = leader


def _refill(w: Working, seat: int, events: list[Event] | None) -> None:
    """Draw back up to three while the talon lasts (rule `p1.beat.draw`)."""
    hand = w.hands[seat]
    while len(hand) < HAND_SIZE and w.talon:
        draw(w, seat, events, "p1.beat.draw", "p1.beat.last-card")


def _apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
    names = w.names
    nxt = (seat + 1) % w.n
    if isinstance(move, PickUp):
        _, (card,) = w.table.pop()
        w.hands[seat].append(card)
        if events is not None:
            events.append(Event(EventKind.TAKEN, "p1.beat.take", names[seat], (card,)))
        _refill(w, seat, events)
        if not w.table and not w.hands[nxt]:
            end_phase(w, rules, "p1.beat.end", events)
            return
        if not w.table and events is not None:  # the same trick goes on: the next player leads to it
            events.append(Event(EventKind.TABLE_EMPTY, "p1.beat.lead", names[nxt]))
        w.to_play = nxt
        return
    assert isinstance(move, Play)
    card = move.cards[0]
    w.hands[seat].remove(card)
    _refill(w, seat, events)
    w.table.append((seat, (card,)))
    w.trick_plays += 1
    if w.trick_plays < w.n:
        w.to_play = nxt
        return
    taken = tuple(c for _, cards in w.table for c in cards)
    w.won[seat].extend(taken)
    w.table.clear()
    if events is not None:
        events.append(Event(EventKind.TRICK_WON, "p1.beat.trick", names[seat], taken))
    _start_trick(w, rules, seat, events)
