"""Phase 2 on one pile with special cards (source 003): lay a higher card of the top card's suit or a card of its
rank, a trump only when unable to go higher in the suit, a two on anything (it resets the pile), a ten on anything
(it burns the pile and its player leads again), four of one rank in a row burn the pile too; a player who lays
nothing picks up the pile (or, as an option, the last card). First out is safe; the last with cards loses.
"""

from __future__ import annotations

from skitgubbe.engine.cards import Card, Rank, Suit
from skitgubbe.engine.events import LEGAL, Event, EventKind, Reason, reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import PICK_UP, SINGLE_PLAYS, Chansa, Move, PickUp, Play
from skitgubbe.engine.phases.phase2_common import Phase2Base, check_over, next_in, not_a_move_here
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import PickUpScope, Rules

TWO, TEN = Rank.TWO, Rank.TEN


def playable(w: Working, rules: Rules, hand: list[Card]) -> list[Card]:
    """The cards that may be laid on the pile now (one pass over the hand: this is the hot path)."""
    table = w.table
    if not table:
        return list(hand)
    top = table[-1][1][-1]
    if top.rank is TWO:
        return list(hand)
    return _playable_on(top, w.trump, rules.trump_when_unable, hand)


def _playable_on(top: Card, trump: Suit | None, trump_when_unable: bool, hand: list[Card]) -> list[Card]:
    """`playable` on a pile whose top card is not a two."""
    rank, suit = top.rank, top.suit
    cards: list[Card] = []
    trumps: list[Card] = []
    higher = False
    for c in hand:
        r = c.rank
        if r is rank or r is TWO or r is TEN:
            cards.append(c)
            if r > rank and c.suit is suit:  # a ten higher in the suit counts as going higher
                higher = True
        elif c.suit is suit:
            if r > rank:
                cards.append(c)
                higher = True
        elif c.suit is trump:
            trumps.append(c)
    if trumps and suit is not trump and not (higher and trump_when_unable):
        cards += trumps
    return cards


def _burn_rule(table: list[tuple[int, tuple[Card, ...]]], card: Card) -> str | None:
    """The rule that burns the pile after `card` was laid on it (a ten, or four of a kind on top), if any."""
    if card.rank is TEN:
        return "p2.pile.ten"
    if len(table) >= 4 and _four_on_top(table, card.rank):
        return "p2.pile.four"
    return None


def _apply_pick_up(w: Working, rules: Rules, seat: int, events: list[Event] | None) -> None:
    """Take the whole pile (or its top card) into hand; the next player in acts."""
    names = w.names
    taken = _taken(w, rules)
    whole = rules.pick_up is PickUpScope.PILE
    if whole:
        w.table.clear()
    else:
        owner, play = w.table.pop()
        if len(play) > 1:  # a case may give a pile entry of several cards
            w.table.append((owner, play[:-1]))
    w.hands[seat].extend(taken)
    if events is not None:
        events.append(
            Event(EventKind.PICKED_UP, "p2.pile.pick-up" if whole else "p2.pick-up.top-card", names[seat], taken)
        )
    nxt = next_in(w, seat)
    if not w.table and events is not None:
        events.append(Event(EventKind.TABLE_EMPTY, "p2.pile.pick-up" if whole else "p2.table-empty", names[nxt]))
    w.to_play = nxt


def _four_on_top(table: list[tuple[int, tuple[Card, ...]]], rank: Rank) -> bool:
    """Whether the four top cards of the pile are all of `rank`."""
    count = 0
    for _, cards in reversed(table):
        for card in reversed(cards):
            if card.rank is not rank:
                return False
            count += 1
            if count == 4:
                return True
    return False


def _taken(w: Working, rules: Rules) -> tuple[Card, ...]:
    if rules.pick_up is PickUpScope.PILE:
        return tuple(c for _, cards in w.table for c in cards)
    return w.table[-1][1][-1:]


class Pile(Phase2Base):
    """Phase 2 on one pile: a higher card of the suit or one of the rank, twos reset, tens and four of a kind burn."""

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        if seat != w.to_play:
            return []
        rules = self.rules
        cards = playable(w, rules, w.hands[seat])
        moves: list[Move] = [SINGLE_PLAYS[c.index] for c in cards]
        if w.table and not (rules.must_beat and cards):
            moves.append(PICK_UP)
        return moves

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (`LEGAL` for a legal
        move when `explain` is False)."""
        name = w.names[seat]
        table = w.table
        if type(move) is Play:
            assert isinstance(move, Play)
            rule_id, key = _check_play(w, self.rules, seat, move)
            if not explain:
                return LEGAL
            if not table:
                return Reason(rule_id, key, (("player", name), ("cards", move.cards)))
            return Reason(rule_id, key, (("player", name), ("cards", move.cards), ("target", table[-1][1][-1])))
        if isinstance(move, PickUp):
            rule_id, key, taken = _check_pick_up(w, self.rules, name, w.hands[seat], move)
            if not explain:
                return LEGAL
            return Reason(rule_id, key, (("player", name), ("cards", taken), ("target", table[-1][1][-1])))
        if isinstance(move, Chansa):
            raise IllegalMove(move, name, reason("p2.no-chansa", "p2-no-chansa", player=name))
        raise not_a_move_here(move, name)

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        _apply(w, self.rules, seat, move, events)


def _check_play(w: Working, rules: Rules, seat: int, move: Play) -> tuple[str, str]:
    """One card in hand; on the pile it must be a ten, a two, on a two, of the same rank, higher, or a trump (else
    `IllegalMove`). The rule and the message key of the reason that allows it."""
    name = w.names[seat]
    hand = w.hands[seat]
    cards = move.cards
    if len(cards) != 1:
        raise IllegalMove(move, name, reason("p2.one-card", "p2-one-card", player=name, cards=cards))
    card = cards[0]
    if card not in hand:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=cards))
    if not w.table:
        return ("p2.pile.ten", "p2-pile-ten-lead") if card.rank is TEN else ("p2.lead", "p2-lead")
    top = w.table[-1][1][-1]
    if card.rank is TEN:
        return "p2.pile.ten", "p2-pile-ten"
    if card.rank is TWO:
        return "p2.pile.two", "p2-pile-two"
    if top.rank is TWO:
        return "p2.pile.two", "p2-pile-after-two"
    if card.rank is top.rank:
        return "p2.pile.beat", "p2-pile-same-rank"
    if card.suit is top.suit:
        if card.rank > top.rank:
            return "p2.pile.beat", "p2-beat-suit"
        raise IllegalMove(move, name, reason("p2.pile.beat", "p2-too-low", player=name, cards=cards, target=top))
    if card.suit is w.trump:
        return _check_trump(rules, move, name, hand, top)
    raise IllegalMove(move, name, reason("p2.pile.beat", "p2-pile-cannot-lay", player=name, cards=cards, target=top))


def _check_trump(rules: Rules, move: Play, name: str, hand: list[Card], top: Card) -> tuple[str, str]:
    """A trump on another suit: allowed, or (trump only when unable) only when no higher card of the suit is held."""
    if not rules.trump_when_unable:
        return "p2.beat.trump", "p2-beat-trump"
    able = tuple(c for c in hand if c.suit is top.suit and c.rank > top.rank)
    if able:
        raise IllegalMove(
            move,
            name,
            reason("p2.trump-when-unable", "p2-trump-when-able", player=name, cards=move.cards, target=top, able=able),
        )
    return "p2.trump-when-unable", "p2-trump-unable"


def _check_pick_up(
    w: Working, rules: Rules, name: str, hand: list[Card], move: Move
) -> tuple[str, str, tuple[Card, ...]]:
    """Picking up: from a pile, and under must-play only when no card may be laid (else `IllegalMove`); the rule,
    the message key and the cards taken."""
    if not w.table:
        raise IllegalMove(move, name, reason("p2.pick-up.empty-table", "p2-pick-up-empty", player=name))
    top = w.table[-1][1][-1]
    able = playable(w, rules, hand)
    if able and rules.must_beat:
        raise IllegalMove(
            move, name, reason("p2.pile.must-play", "p2-pile-must-play", player=name, cards=tuple(able), target=top)
        )
    taken = _taken(w, rules)
    if able:
        return "p2.pick-up.optional", "p2-pick-up", taken
    if rules.pick_up is PickUpScope.PILE:
        return "p2.pile.pick-up", "p2-pile-pick-up", taken
    return "p2.pick-up.top-card", "p2-pick-up-cannot", taken


def _apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
    names = w.names
    hand = w.hands[seat]
    if type(move) is not Play:
        assert isinstance(move, PickUp)
        _apply_pick_up(w, rules, seat, events)
        return
    card = move.cards[0]
    hand.remove(card)
    table = w.table
    table.append((seat, (card,)))
    burn = _burn_rule(table, card)
    if burn is not None:
        burned = tuple(c for _, cards in table for c in cards)
        w.discarded.extend(burned)
        table.clear()
        if events is not None:
            events.append(Event(EventKind.BURNED, burn, names[seat], burned))
    elif card.rank is TWO and events is not None:
        events.append(Event(EventKind.RESET, "p2.pile.two", names[seat], (card,)))
    if not hand:
        w.out.append(seat)
        if events is not None:
            events.append(Event(EventKind.OUT, "p2.pile.out", names[seat]))
        if check_over(w, events):
            return
    if burn is not None:
        leader = seat if hand else next_in(w, seat)
        if events is not None:
            events.append(Event(EventKind.LEADS, burn, names[leader]))
        w.to_play = leader
        return
    w.to_play = next_in(w, seat)
