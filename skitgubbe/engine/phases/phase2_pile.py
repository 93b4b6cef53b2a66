"""Phase 2 on one pile with special cards (source 003): lay a higher card of the top card's suit or a card of its
rank, a trump only when unable to go higher in the suit, a two on anything (it resets the pile), a ten on anything
(it burns the pile and its player leads again), four of one rank in a row burn the pile too; a player who lays
nothing picks up the pile (or, as an option, the last card). First out is safe; the last with cards loses.
"""

from __future__ import annotations

from skitgubbe.engine.cards import Card, Rank, Suit
from skitgubbe.engine.events import Event, EventKind, Reason, reason
from skitgubbe.engine.moves import PICK_UP, SINGLE_PLAYS, Chansa, Move, PickUp, Play
from skitgubbe.engine.phases.phase2 import check_over, next_in, not_a_move_here, start
from skitgubbe.engine.state import Working
from skitgubbe.errors import IllegalMove
from skitgubbe.rules.options import PickUpScope, Rules

__all__ = ["apply", "judge", "legal_moves", "playable", "quick_legal", "start"]

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


def legal_moves(w: Working, rules: Rules) -> list[Move]:
    seat = w.to_play
    assert seat is not None
    cards = playable(w, rules, w.hands[seat])
    moves: list[Move] = [SINGLE_PLAYS[c.index] for c in cards]
    if w.table and not (rules.must_beat and cards):
        moves.append(PICK_UP)
    return moves


def quick_legal(w: Working, rules: Rules, seat: int, move: Move) -> bool:
    """Whether the move is legal, decided as `legal_moves` lists the moves (one hand card that `playable` allows;
    picking up from a pile where the rules allow it), without building the reason. False says nothing: `judge`
    decides."""
    hand = w.hands[seat]
    if type(move) is Play:
        given: object = move.cards  # as given: a compiled class checks the tuple, not its items
        if not isinstance(given, tuple) or len(given) != 1 or type(given[0]) is not Card:
            return False
        card: Card = given[0]
        return card in hand and card in playable(w, rules, hand)
    if move is not PICK_UP or not w.table:
        return False
    return not (rules.must_beat and playable(w, rules, hand))


def _taken(w: Working, rules: Rules) -> tuple[Card, ...]:
    if rules.pick_up is PickUpScope.PILE:
        return tuple(c for _, cards in w.table for c in cards)
    return w.table[-1][1][-1:]


def judge(w: Working, rules: Rules, seat: int, move: Move) -> Reason:
    """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (one `verify_*` per kind)."""
    name = w.names[seat]
    if type(move) is not Play:
        if isinstance(move, PickUp):
            return _judge_pick_up(w, rules, name, w.hands[seat], move)
        if isinstance(move, Chansa):
            raise IllegalMove(move, name, reason("p2.no-chansa", "p2-no-chansa", player=name))
        raise not_a_move_here(move, name)
    assert isinstance(move, Play)
    return verify_play(w, rules, seat, move)


def verify_play(w: Working, rules: Rules, seat: int, move: Play) -> Reason:
    """One card in hand; on the pile it must be a ten, a two, on a two, of the same rank, higher, or a trump."""
    name = w.names[seat]
    hand = w.hands[seat]
    cards = move.cards
    if len(cards) != 1:
        raise IllegalMove(move, name, reason("p2.one-card", "p2-one-card", player=name, cards=cards))
    card = cards[0]
    if card not in hand:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=cards))
    if not w.table:
        if card.rank is TEN:
            return reason("p2.pile.ten", "p2-pile-ten-lead", player=name, cards=cards)
        return reason("p2.lead", "p2-lead", player=name, cards=cards)
    top = w.table[-1][1][-1]
    if card.rank is TEN:
        return Reason("p2.pile.ten", "p2-pile-ten", (("player", name), ("cards", cards), ("target", top)))
    if card.rank is TWO:
        return Reason("p2.pile.two", "p2-pile-two", (("player", name), ("cards", cards), ("target", top)))
    if top.rank is TWO:
        return Reason("p2.pile.two", "p2-pile-after-two", (("player", name), ("cards", cards), ("target", top)))
    if card.rank is top.rank:
        return Reason("p2.pile.beat", "p2-pile-same-rank", (("player", name), ("cards", cards), ("target", top)))
    if card.suit is top.suit:
        if card.rank > top.rank:
            return Reason("p2.pile.beat", "p2-beat-suit", (("player", name), ("cards", cards), ("target", top)))
        raise IllegalMove(move, name, reason("p2.pile.beat", "p2-too-low", player=name, cards=cards, target=top))
    if card.suit is w.trump:
        return _verify_trump(rules, move, name, hand, top)
    raise IllegalMove(move, name, reason("p2.pile.beat", "p2-pile-cannot-lay", player=name, cards=cards, target=top))


def _verify_trump(rules: Rules, move: Play, name: str, hand: list[Card], top: Card) -> Reason:
    """A trump on another suit: allowed, or (trump only when unable) only when no higher card of the suit is held."""
    cards = move.cards
    if not rules.trump_when_unable:
        return reason("p2.beat.trump", "p2-beat-trump", player=name, cards=cards, target=top)
    able = tuple(c for c in hand if c.suit is top.suit and c.rank > top.rank)
    if able:
        raise IllegalMove(
            move,
            name,
            reason("p2.trump-when-unable", "p2-trump-when-able", player=name, cards=cards, target=top, able=able),
        )
    return reason("p2.trump-when-unable", "p2-trump-unable", player=name, cards=cards, target=top)


def _judge_pick_up(w: Working, rules: Rules, name: str, hand: list[Card], move: Move) -> Reason:
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
        return reason("p2.pick-up.optional", "p2-pick-up", player=name, cards=taken, target=top)
    if rules.pick_up is PickUpScope.PILE:
        return reason("p2.pile.pick-up", "p2-pile-pick-up", player=name, cards=taken, target=top)
    return reason("p2.pick-up.top-card", "p2-pick-up-cannot", player=name, cards=taken, target=top)


def apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
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
