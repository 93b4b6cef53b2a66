"""Phase 2 in tricks (the Pagat game): beat the top card or pick up, trick completion, going out, the loser."""

from __future__ import annotations

import itertools
from typing import Any, Final, NoReturn

from skitgubbe.engine.cards import Card, Rank, Suit, beats
from skitgubbe.engine.events import (
    EV_LEADS,
    EV_OUT,
    EV_PICKED_UP,
    EV_TABLE_EMPTY,
    EV_TRICK_TURNED,
    EVENT,
    LEGAL,
    REASON,
    Event,
    Reason,
    Why,
    reason,
    record,
)
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import (
    CARDS_PARAM,
    PICK_UP,
    SEATED_PLAYS,
    SINGLE_PLAYS,
    TARGET_PARAM,
    Chansa,
    Move,
    PickUp,
    Play,
)
from skitgubbe.engine.phases.phase2_common import Phase2Base, check_over, next_in, not_a_move_here
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import PickUpScope, Rules, TrickCount

_LAST_PLAY: Final = PickUpScope.LAST_PLAY
_PLAYS: Final = TrickCount.PLAYS
ACE: Final = int(Rank.ACE)


class Tricks(Phase2Base):
    """Phase 2 in tricks: beat the top card or pick up; a trick is complete once everyone still in has played."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        #: a move is one card that leads or beats (no follow-suit, trump-when-unable or sequences)
        self.plain: Final = not (rules.follow_suit or rules.trump_when_unable or rules.sequences)
        #: whether a single card beats is the beat table's answer (no follow-suit or trump-when-unable)
        self.by_table: Final = not (rules.follow_suit or rules.trump_when_unable)
        #: picking up the top card is allowed whenever there is one (it is by choice if a card in hand beats)
        self.free_pick_up: Final = not rules.must_beat and rules.pick_up is not _LAST_PLAY

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        if seat != w.to_play:
            return []
        rules = self.rules
        if self.plain:
            return _plain_moves(w, seat, rules.must_beat)
        hand = w.hands[seat]
        if not w.table:
            return _leads(rules, hand)
        starts = beating_cards(w, rules, hand)
        moves: list[Move] = []
        for card in starts:
            moves.append(SINGLE_PLAYS[card.index])
        if rules.sequences:
            held = {c.index for c in hand}
            for card in starts:
                _runs_from(card, held, moves)
        if not (rules.must_beat and starts):
            moves.append(PICK_UP)
        return moves

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (`LEGAL` for a legal
        move when `explain` is False). The common moves are decided first: one hand card that leads or that the
        beat table says beats the top card, and picking up the top card where that is always allowed."""
        table = w.table
        why: Reason
        if type(move) is Play:
            cards = move.cards
            if len(cards) == 1 and self.by_table:
                card = cards[0]
                if _leads_or_beats(w, seat, card):
                    if not explain:
                        return LEGAL
                    why = record(REASON, _single_why(w, seat, card))
                    return why
        elif move is PICK_UP and table and self.free_pick_up:
            if not explain:
                return LEGAL
            why = record(REASON, _pick_up_why(w, seat, _can_beat(w, self.rules, w.hands[seat])))
            return why
        name = w.names[seat]
        if isinstance(move, Play):
            cards, rule_id, key, suit = _check_play(w, self.rules, seat, move)
            return Reason(rule_id, key, _play_params(name, cards, table, suit)) if explain else LEGAL
        if isinstance(move, PickUp):
            rule_id, key, taken = _check_pick_up(w, self.rules, seat, move)
            if not explain:
                return LEGAL
            return Reason(rule_id, key, (("player", name), ("cards", taken), ("target", table[-1][1][-1])))
        _refuse(move, name)

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        rules = self.rules
        hand = w.hands[seat]
        table = w.table
        names = w.names
        if move is PICK_UP or type(move) is PickUp:
            _apply_pick_up(w, rules, seat, events)
            return
        assert isinstance(move, Play)  # judged legal, so nothing else reaches here
        cards = move.cards
        if len(cards) == 1:
            card = cards[0]
            hand.remove(card)
            table.append(SEATED_PLAYS[seat * 52 + card.index])
        else:
            cards = tuple(sorted(cards))
            for card in cards:
                hand.remove(card)
            table.append((seat, cards))
        if not hand:
            w.out.append(seat)
            if events is not None:
                events.append(record(EVENT, (EV_OUT, "p2.out", names[seat], (), 0, ())))
            if check_over(w, events):
                return
        _after_play(w, rules, seat, events)


def _plain_moves(w: Working, seat: int, must_beat: bool) -> list[Move]:
    """The legal moves under plain rules (`Tricks.plain`): on an empty table every card in hand; else the single
    plays that beat the top card, in hand order, then picking up (unless one must beat and can)."""
    hand = w.hands[seat]
    table = w.table
    moves: list[Move] = []
    if not table:
        for card in hand:
            moves.append(SINGLE_PLAYS[card.index])
        return moves
    row = w.beat_table[table[-1][1][-1].index]
    for card in hand:  # a loop, not a comprehension, which CPython 3.11 runs as a function call of its own
        play = row[card.index]
        if play is not None:
            moves.append(play)
    if not (must_beat and moves):
        moves.append(PICK_UP)
    return moves


def _allowed_cards(w: Working, rules: Rules, hand: list[Card]) -> list[Card]:
    """Cards the player may put down first on a non-empty table (follow-suit aside from beating)."""
    if rules.follow_suit:
        led = w.table[0][1][0].suit
        following = [c for c in hand if c.suit is led]
        if following:
            return following
    return hand


def _runs_from(card: Card, held: set[int], moves: list[Move]) -> None:
    """Add every unbroken same-suit sequence of two or more cards starting at `card` (`held`: the indexes of the
    hand's cards; a card's index is its suit's place times 13 plus its rank less 2, so the next rank up is the next
    index, up to the suit's ace)."""
    index = card.index
    ace = index + ACE - card.rank
    run = [card]
    while index < ace and index + 1 in held:
        index += 1
        run.append(SINGLE_PLAYS[index].cards[0])
        moves.append(Play(tuple(run)))


def beating_cards(w: Working, rules: Rules, hand: list[Card]) -> list[Card]:
    """The cards that may be put on the table now (the same test as `beats`, inlined for speed)."""
    top = w.table[-1][1][-1]
    suit, rank, trump = top.suit, top.rank, w.trump
    cards = _allowed_cards(w, rules, hand) if rules.follow_suit else hand
    if rules.trump_when_unable and suit is not trump:
        return _higher_else_trumps(cards, suit, rank, trump)
    beating: list[Card] = []
    for c in cards:  # a loop, not a comprehension, which CPython 3.11 runs as a function call of its own
        if (c.suit is suit and c.rank > rank) or (c.suit is trump and suit is not trump):
            beating.append(c)
    return beating


def _higher_else_trumps(cards: list[Card], suit: Suit, rank: int, trump: Suit | None) -> list[Card]:
    """Trump only when unable: the higher cards of the suit, or else the trumps."""
    in_suit = [c for c in cards if c.suit is suit and c.rank > rank]
    return in_suit or [c for c in cards if c.suit is trump]


def _leads(rules: Rules, hand: list[Card]) -> list[Move]:
    """The plays that may lead to an empty table: any card, and with sequences any run in hand."""
    moves: list[Move] = [SINGLE_PLAYS[card.index] for card in hand]
    if rules.sequences:
        held = {c.index for c in hand}
        for card in hand:
            _runs_from(card, held, moves)
    return moves


def _taken_by_pick_up(w: Working, rules: Rules) -> tuple[Card, ...]:
    if rules.pick_up is _LAST_PLAY:
        return w.table[-1][1]
    return (w.table[-1][1][-1],)


def _can_beat(w: Working, rules: Rules, hand: list[Card]) -> bool:
    """Whether a card in hand may be put on the table now (`beating_cards` is not empty)."""
    if rules.follow_suit or rules.trump_when_unable:
        return bool(beating_cards(w, rules, hand))
    row = w.beat_table[w.table[-1][1][-1].index]
    for card in hand:  # noqa: SIM110  (a loop, not any() over a generator: the hot path)
        if row[card.index] is not None:
            return True
    return False


def _leads_or_beats(w: Working, seat: int, card: Card) -> bool:
    """Whether a card is in hand and leads, or beats the top card by the beat table."""
    if card not in w.hands[seat]:
        return False
    table = w.table
    return not table or w.beat_table[table[-1][1][-1].index][card.index] is not None


def _refuse(move: Move, name: str) -> NoReturn:
    """The error for a chansa, a throw or a pass, which phase 2 does not have."""
    if isinstance(move, Chansa):
        raise IllegalMove(move, name, reason("p2.no-chansa", "p2-no-chansa", player=name))
    raise not_a_move_here(move, name)


def _play_params(
    name: str, cards: tuple[Card, ...], table: list[tuple[int, tuple[Card, ...]]], suit: Suit | None
) -> tuple[tuple[str, Any], ...]:
    """The parameters of a play's reason: the player and the cards, the top card beaten, the led suit if named."""
    if not table:
        return (("player", name), ("cards", cards))
    top = table[-1][1][-1]
    if suit is None:
        return (("player", name), ("cards", cards), ("target", top))
    return (("player", name), ("cards", cards), ("target", top), ("suit", suit))


def _single_why(w: Working, seat: int, card: Card) -> Why:
    """The fields of the reason for a single card that leads or beats by the beat table (rules without follow-suit
    or trump-when-unable): it leads, beats in suit, is a higher trump, or a trump on another suit (freely, or
    because the led suit is void)."""
    player = w.player_param[seat]
    index = card.index
    table = w.table
    if not table:
        return ("p2.lead", "p2-lead", (player, CARDS_PARAM[index]))
    top = table[-1][1][-1]
    trump = w.trump
    if top.suit is trump:
        return ("p2.beat.higher-trump", "p2-beat-higher-trump", (player, CARDS_PARAM[index], TARGET_PARAM[top.index]))
    if card.suit is not trump:
        return ("p2.beat.suit", "p2-beat-suit", (player, CARDS_PARAM[index], TARGET_PARAM[top.index]))
    led_suit = table[0][1][0].suit
    for held in w.hands[seat]:
        if held.suit is led_suit:
            return (
                "p2.free-trump",
                "p2-free-trump",
                (player, CARDS_PARAM[index], TARGET_PARAM[top.index], ("suit", led_suit)),
            )
    return ("p2.beat.trump", "p2-beat-trump", (player, CARDS_PARAM[index], TARGET_PARAM[top.index]))


def _pick_up_why(w: Working, seat: int, could_beat: bool) -> Why:
    """The fields of the reason for picking up the top card: by choice when a card in hand could beat it, else
    because none can."""
    index = w.table[-1][1][-1].index
    params = (w.player_param[seat], CARDS_PARAM[index], TARGET_PARAM[index])
    if could_beat:
        return ("p2.pick-up.optional", "p2-pick-up", params)
    return ("p2.pick-up.top-card", "p2-pick-up-cannot", params)


def _check_pick_up(w: Working, rules: Rules, seat: int, move: PickUp) -> tuple[str, str, tuple[Card, ...]]:
    """Picking up: only from a non-empty table, and under must-beat only when nothing in hand beats the top card
    (else `IllegalMove`); the rule, the message key and the cards taken."""
    name = w.names[seat]
    if not w.table:
        raise IllegalMove(move, name, reason("p2.pick-up.empty-table", "p2-pick-up-empty", player=name))
    able = beating_cards(w, rules, w.hands[seat])
    if rules.must_beat and able:
        raise IllegalMove(
            move,
            name,
            reason("p2.must-beat", "p2-must-beat", player=name, cards=tuple(able), target=w.table[-1][1][-1]),
        )
    taken = _taken_by_pick_up(w, rules)
    if able:
        return "p2.pick-up.optional", "p2-pick-up", taken
    rule_id = "p2.pick-up.last-play" if rules.pick_up is _LAST_PLAY else "p2.pick-up.top-card"
    return rule_id, "p2-pick-up-cannot", taken


def _check_play(w: Working, rules: Rules, seat: int, move: Play) -> tuple[tuple[Card, ...], str, str, Suit | None]:
    """A play: cards in hand; on an empty table a lead, else it must follow suit (if the rules say so) and beat
    (else `IllegalMove`). The cards lowest first, the rule, the message key, and the led suit where the reason
    names it."""
    name = w.names[seat]
    hand = w.hands[seat]
    cards = _played_cards(rules, move, name, hand)
    multi = len(cards) > 1
    if not w.table:
        return (cards, "p2.sequence", "p2-lead-many", None) if multi else (cards, "p2.lead", "p2-lead", None)
    low = cards[0]
    top = w.table[-1][1][-1]
    led = w.table[0][1][0].suit
    trump = w.trump
    if rules.follow_suit and low.suit is not led and any(c.suit is led for c in hand):
        raise IllegalMove(
            move, name, reason("p2.follow-suit", "p2-must-follow", player=name, cards=cards, suit=led, target=top)
        )
    if not beats(low, top, trump):
        raise _not_beating(move, name, cards, top, trump)
    if rules.trump_when_unable and low.suit is trump and top.suit is not trump:
        _verify_trump_when_unable(move, name, hand, cards, top)
        if not multi:
            return cards, "p2.trump-when-unable", "p2-trump-unable", None
    if multi:
        return cards, "p2.sequence", "p2-beat-many", None
    rule_id, key, suit = _beating_rule(rules, hand, low, top, led, trump)
    return cards, rule_id, key, suit


def _beating_rule(
    rules: Rules, hand: list[Card], low: Card, top: Card, led: Suit, trump: Suit | None
) -> tuple[str, str, Suit | None]:
    """The rule that lets one card beat the top card (a higher trump, a trump on a non-trump, or a higher card),
    its message key, and the led suit where the reason names it."""
    if top.suit is trump:
        return "p2.beat.higher-trump", "p2-beat-higher-trump", None
    if low.suit is trump:
        if rules.follow_suit:
            return "p2.follow-suit", "p2-trump-void", led
        if any(c.suit is led for c in hand):
            return "p2.free-trump", "p2-free-trump", led
        return "p2.beat.trump", "p2-beat-trump", None
    return "p2.beat.suit", "p2-beat-suit", None


def _played_cards(rules: Rules, move: Play, name: str, hand: list[Card]) -> tuple[Card, ...]:
    """The cards of a play, lowest first, once they are in hand and (several) a sequence the rules allow."""
    cards = move.cards
    missing: tuple[Card, ...]
    if len(cards) == 1:
        missing = cards if cards[0] not in hand else ()
    else:
        missing = tuple(c for c in cards if c not in hand)
    if missing:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=missing))
    if len(cards) == 1:
        return cards
    if not rules.sequences:
        raise IllegalMove(move, name, reason("p2.one-card", "p2-one-card", player=name, cards=cards))
    ordered = sorted(cards)
    if any(c.suit is not ordered[0].suit for c in ordered) or any(
        b.rank != a.rank + 1 for a, b in itertools.pairwise(ordered)
    ):
        raise IllegalMove(move, name, reason("p2.sequence", "p2-not-sequence", player=name, cards=cards))
    return tuple(ordered)


def _verify_trump_when_unable(move: Play, name: str, hand: list[Card], cards: tuple[Card, ...], top: Card) -> None:
    """A trump on a non-trump is allowed only when no card of the top card's suit beats it."""
    higher = tuple(c for c in hand if c.suit is top.suit and c.rank > top.rank)
    if higher:
        raise IllegalMove(
            move,
            name,
            reason("p2.trump-when-unable", "p2-trump-when-able", player=name, cards=cards, target=top, able=higher),
        )


def _not_beating(move: Play, name: str, cards: tuple[Card, ...], top: Card, trump: Suit | None) -> IllegalMove:
    """The error for a play that does not beat the top card: the rule depends on the suits."""
    low = cards[0]
    if top.suit is trump:
        why = reason("p2.beat.higher-trump", "p2-needs-higher-trump", player=name, cards=cards, target=top)
    elif low.suit is top.suit:
        why = reason("p2.beat.suit", "p2-too-low", player=name, cards=cards, target=top)
    else:
        why = reason("p2.beat-or-pick-up", "p2-wrong-suit", player=name, cards=cards, target=top)
    return IllegalMove(move, name, why)


def _after_play(w: Working, rules: Rules, seat: int, events: list[Event] | None) -> None:
    """After a play: the next player in acts, or the play completed the trick, which is turned away."""
    table = w.table
    if rules.trick_complete is _PLAYS:
        count = len(table)
        rule_id = "p2.complete.plays"
    else:
        count = 0
        for _, play in table:
            count += len(play)
        rule_id = "p2.complete.cards"
    if count < w.trick_target:
        w.to_play = next_in(w, seat) if w.out else (seat + 1) % w.n
        return
    _turn_trick(w, seat, rule_id, count, events)


def _apply_pick_up(w: Working, rules: Rules, seat: int, events: list[Event] | None) -> None:
    """Take the top card (or the last play) into hand; the next player in acts, on an empty table a new trick."""
    table = w.table
    names = w.names
    owner, play = table[-1]
    if rules.pick_up is _LAST_PLAY or len(play) == 1:  # what `_taken_by_pick_up` says, without a second lookup
        taken = play
        table.pop()
    else:
        taken = play[-1:]
        table[-1] = (owner, play[:-1])
    w.hands[seat].extend(taken)
    if events is not None:
        rule_id = "p2.pick-up.last-play" if rules.pick_up is _LAST_PLAY else "p2.pick-up.top-card"
        events.append(record(EVENT, (EV_PICKED_UP, rule_id, names[seat], taken, 0, ())))
    nxt = next_in(w, seat) if w.out else (seat + 1) % w.n
    if not table:
        if events is not None:
            events.append(record(EVENT, (EV_TABLE_EMPTY, "p2.table-empty", names[nxt], (), 0, ())))
        w.trick_target = w.n - len(w.out)
    w.to_play = nxt


def _turn_trick(w: Working, seat: int, rule_id: str, count: int, events: list[Event] | None) -> None:
    """The trick is complete: turn it away; the player who completed it leads next (or the next one still in)."""
    table = w.table
    names = w.names
    discarded = w.discarded
    first = len(discarded)
    for _, play in table:
        discarded.extend(play)
    table.clear()
    leader = seat if seat not in w.out else next_in(w, seat)
    if events is not None:
        turned = tuple(discarded[first:])
        events.append(record(EVENT, (EV_TRICK_TURNED, rule_id, names[seat], turned, count, ())))
        events.append(record(EVENT, (EV_LEADS, "p2.next-lead", names[leader], (), 0, ())))
    w.trick_target = w.n - len(w.out)
    w.to_play = leader
