"""Phase 1 with a turned-up trump (*mas med uppslagen trumf*, Wikipedia after Kortoxen): two players per trick,
the second follows suit, may trump when void, never discards, no ties; a player who cannot or will not play takes
the led card into hand. Hands may grow past three; a player draws one card only when down to two after playing.
"""

from __future__ import annotations

from skitgubbe.engine.cards import Card, Suit, beats
from skitgubbe.engine.events import LEGAL, Event, EventKind, Reason, Why, reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import PICK_UP, Chansa, Move, PickUp, Play, play_of
from skitgubbe.engine.phases.phase1_common import HAND_SIZE, Phase1Base, draw, end_phase, single_card
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Rules


def _answers(hand: list[Card], led: Card, trump: Suit | None) -> list[Card]:
    """The cards that may answer `led`: its suit if held, else trumps."""
    follow = [c for c in hand if c.suit is led.suit]
    return follow or [c for c in hand if c.suit is trump]


class TurnedTrump(Phase1Base):
    """The old game with a trump turned up at the deal: follow suit, trump when void, or take the led card."""

    def begin(self, w: Working, leader: int, dealt: bool) -> None:
        """Read the trump suit off the talon's bottom card (or the set-aside card) and seat the first trick. After
        a deal, the card after the hands is first turned up and slid under the talon (rule `p1.trump.turn-up`), so
        it is the talon's last card and stays visible."""
        talon = w.talon  # the top card last
        if dealt and talon:
            talon.insert(0, talon.pop())
        bottom = talon[0] if talon else (w.trump_card[1] if w.trump_card else None)
        if bottom is not None:
            w.trump = bottom.suit
        _start_trick(w, self.rules, leader, [])

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        if seat != w.to_play:
            return []
        hand = w.hands[seat]
        if not w.table:
            return [play_of(c) for c in hand]
        moves: list[Move] = [play_of(c) for c in _answers(hand, w.table[0][1][0], w.trump)]
        moves.append(PICK_UP)
        return moves

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (`LEGAL` for a legal
        move when `explain` is False)."""
        name = w.names[seat]
        hand = w.hands[seat]
        if isinstance(move, Chansa):
            raise IllegalMove(move, name, reason("p1.trump.no-chansa", "p1-trump-no-chansa", player=name))
        if isinstance(move, PickUp):
            if not w.table:
                raise IllegalMove(move, name, reason("p1.trump.pick-up", "p1-nothing-to-take", player=name))
            if not explain:
                return LEGAL
            led = w.table[0][1][0]
            key = "p1-trump-pick-up" if _answers(hand, led, w.trump) else "p1-trump-pick-up-cannot"
            return Reason("p1.trump.pick-up", key, (("player", name), ("cards", (led,))))
        card = single_card(move, name, hand)
        assert isinstance(move, Play)
        rule_id, key, params = _play_fields(w, move, name, hand, card)
        return Reason(rule_id, key, params) if explain else LEGAL

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        _apply(w, self.rules, seat, move, events)


def _start_trick(w: Working, rules: Rules, leader: int, events: list[Event] | None) -> None:
    """`leader` leads against the player to the left, unless they have no card: then phase 1 is over."""
    if not w.hands[leader]:
        end_phase(w, rules, "p1.trump.end", events, "p1.trump.phase2-lead", due=leader)
        return
    w.leader, w.answerer, w.to_play = leader, (leader + 1) % w.n, leader


def _play_fields(w: Working, move: Play, name: str, hand: list[Card], card: Card) -> Why:
    """A hand card: a lead, a card of the led suit, or when void in it a trump (else `IllegalMove`); the fields of
    the reason that allows it."""
    cards = move.cards
    if not w.table:
        return ("p1.lead", "p1-lead", (("player", name), ("cards", cards)))
    led = w.table[0][1][0]
    if card.suit is led.suit:
        return ("p1.trump.follow", "p1-trump-follow", (("player", name), ("cards", cards), ("target", led)))
    _check_void(move, name, hand, card, led, w.trump)
    params = (("player", name), ("cards", cards), ("target", led), ("suit", led.suit))
    return ("p1.trump.trump-void", "p1-trump-trumps", params)


def _check_void(move: Play, name: str, hand: list[Card], card: Card, led: Card, trump: Suit | None) -> None:
    """A card not of the led suit: only when void in it, and then only a trump (no discards)."""
    if any(c.suit is led.suit for c in hand):
        raise IllegalMove(
            move, name, reason("p1.trump.follow", "p1-trump-must-follow", player=name, cards=move.cards, suit=led.suit)
        )
    if card.suit is not trump:
        raise IllegalMove(
            move,
            name,
            reason(
                "p1.trump.no-discard", "p1-trump-no-discard", player=name, cards=move.cards, suit=led.suit, trump=trump
            ),
        )


def _apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
    names = w.names
    hand = w.hands[seat]
    if isinstance(move, PickUp):
        _, (card,) = w.table.pop()
        hand.append(card)
        if events is not None:
            events.append(Event(EventKind.TAKEN, "p1.trump.pick-up", names[seat], (card,)))
        if w.hands[w.leader] and events is not None:
            events.append(Event(EventKind.LEADS, "p1.trump.lead-again", names[w.leader]))
        _start_trick(w, rules, w.leader, events)
        return
    assert isinstance(move, Play)
    card = move.cards[0]
    hand.remove(card)
    if len(hand) < HAND_SIZE:
        draw(w, seat, events, "p1.trump.draw", "p1.trump.last-card")
    w.table.append((seat, (card,)))
    if len(w.table) == 1:
        w.to_play = w.answerer
        return
    led = w.table[0][1][0]
    trump = w.trump
    answer_wins = beats(card, led, trump)
    winner = w.answerer if answer_wins else w.leader
    taken = (led, card)
    w.won[winner].extend(taken)
    w.table.clear()
    if events is not None:
        events.append(Event(EventKind.TRICK_WON, "p1.trump.wins", names[winner], taken))
    _start_trick(w, rules, winner, events)
