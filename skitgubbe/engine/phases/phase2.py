"""Phase 2 (getting rid of cards): beat or pick up, trick completion, going out, the loser."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import Final

from skitgubbe.engine.cards import DECK, Card, Rank, Suit, beats
from skitgubbe.engine.events import (
    EV_LEADS,
    EV_OUT,
    EV_PICKED_UP,
    EV_TABLE_EMPTY,
    EV_TRICK_TURNED,
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
    PICK_UP,
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
from skitgubbe.rules.options import PickUpScope, Rules, TrickCount

_LAST_PLAY: Final = PickUpScope.LAST_PLAY
_PLAYS: Final = TrickCount.PLAYS
ACE: Final = int(Rank.ACE)


@cache
def beat_table(trump: Suit) -> tuple[tuple[Play | None, ...], ...]:
    """For each top card (by index), each card's single play (by index) if it beats the top card under this trump
    suit (rule `beats`), else None: one row lookup per hand card lists the beating plays in hand order."""
    by_index = sorted(DECK, key=lambda card: card.index)
    return tuple(
        tuple(SINGLE_PLAYS[card.index] if beats(card, top, trump) else None for card in by_index) for top in by_index
    )


def start(w: Working, rules: Rules, leader: int, events: list[Event] | None) -> None:
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


def legal_moves(w: Working, rules: Rules) -> list[Move]:
    seat = w.to_play
    assert seat is not None
    hand = w.hands[seat]
    table = w.table
    if is_plain(rules):
        return plain_moves(w, rules.must_beat)
    if not table:
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


def is_plain(rules: Rules) -> bool:
    """Rules under which a move is one card that leads or beats (no follow-suit, trump-when-unable or sequences)."""
    return not (rules.follow_suit or rules.trump_when_unable or rules.sequences)


def plain_moves(w: Working, must_beat: bool) -> list[Move]:
    """The legal moves under plain rules (`is_plain`): on an empty table every card in hand; else the single plays
    that beat the top card, in hand order, then picking up (unless the rules say one must beat and one can)."""
    hand = w.hands[w.to_play]  # type: ignore[index]
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


def quick_legal(w: Working, rules: Rules, seat: int, move: Move) -> bool:
    """Whether the move is one of the common legal moves, decided as `legal_moves` lists them (one hand card that
    leads, or beats the top card as `beating_cards` says; picking up from a table where the rules allow it).
    False says nothing: `judge` decides."""
    table = w.table
    if type(move) is Play:
        given: object = move.cards  # as given: a compiled class checks the tuple, not its items
        if not isinstance(given, tuple) or len(given) != 1 or type(given[0]) is not Card:
            return False
        card: Card = given[0]
        hand = w.hands[seat]
        if card not in hand:
            return False
        if not table:
            return True
        if rules.follow_suit or rules.trump_when_unable:
            return card in beating_cards(w, rules, hand)
        return w.beat_table[table[-1][1][-1].index][card.index] is not None
    if move is not PICK_UP or not table:
        return False
    return not (rules.must_beat and _can_beat(w, rules, w.hands[seat]))


def play_plain(w: Working, rules: Rules, seat: int, move: Move) -> bool:
    """Under plain rules (`is_plain`): if the move is one of the common legal moves (as `quick_legal` decides),
    carry it out at once, as `apply` does without events, and say True; else touch nothing and say False (`judge`
    decides). Checking and playing in one function saves the browser's engine (Python source) a call and the
    lookups done twice, on four moves of five."""
    table = w.table
    hand = w.hands[seat]
    if move is PICK_UP:
        if not table or (rules.must_beat and _can_beat(w, rules, hand)):
            return False
        _apply_pick_up(w, rules, seat, None)
        return True
    if type(move) is not Play:
        return False
    given: object = move.cards  # as given: a compiled class checks the tuple, not its items
    if not isinstance(given, tuple) or len(given) != 1 or type(given[0]) is not Card:
        return False
    card: Card = given[0]
    index = card.index
    if table and w.beat_table[table[-1][1][-1].index][index] is None:
        return False
    try:
        hand.remove(card)  # one pass over the hand: the test that the card is there, and taking it
    except ValueError:
        return False
    table.append(SEATED_PLAYS[seat * 52 + index])
    if not hand:
        w.out.append(seat)
        if check_over(w, None):
            return True
    _after_play(w, rules, seat, None)
    return True


def quick_reason(w: Working, rules: Rules, seat: int, move: Move) -> Why | None:
    """The reason for the common legal moves under rules without follow-suit or trump-when-unable (one hand card;
    picking up the top card where it is optional), without judging them again; None for anything else, which
    `judge` then decides (with the same answer for a legal move)."""
    if rules.follow_suit or rules.trump_when_unable or not quick_legal(w, rules, seat, move):
        return None
    if type(move) is Play:
        assert isinstance(move, Play)
        return _single_reason(w, seat, move.cards[0])
    if rules.must_beat or rules.pick_up is _LAST_PLAY:
        return None
    return _pick_up_reason(w, seat, _can_beat(w, rules, w.hands[seat]))


def _can_beat(w: Working, rules: Rules, hand: list[Card]) -> bool:
    """Whether a card in hand may be put on the table now (`beating_cards` is not empty)."""
    if rules.follow_suit or rules.trump_when_unable:
        return bool(beating_cards(w, rules, hand))
    row = w.beat_table[w.table[-1][1][-1].index]
    for card in hand:  # noqa: SIM110  (a loop, not any() over a generator: the hot path)
        if row[card.index] is not None:
            return True
    return False


def _pick_up_reason(w: Working, seat: int, could_beat: bool) -> Why:
    """Picking up the top card: by choice when a card in hand could beat it, else because none can."""
    index = w.table[-1][1][-1].index
    params = (w.player_param[seat], CARDS_PARAM[index], TARGET_PARAM[index])
    if could_beat:
        return ("p2.pick-up.optional", "p2-pick-up", params)
    return ("p2.pick-up.top-card", "p2-pick-up-cannot", params)


def explain(w: Working, rules: Rules, seat: int, move: Move, legal: Sequence[Move]) -> Why:
    """The reason for a move taken from `legal_moves()` (so known to be legal): `judge` without its checks.

    Only the common cases are short-cut; anything else goes through `judge`, which gives the same answer."""
    if type(move) is Play and not rules.follow_suit and not rules.trump_when_unable:
        cards = move.cards
        if len(cards) == 1:
            return _single_reason(w, seat, cards[0])
    elif move is PICK_UP and not rules.must_beat and rules.pick_up is not _LAST_PLAY:
        # every listed move but the one pick-up is a play: more than one listed means the player could beat
        return _pick_up_reason(w, seat, len(legal) > 1)
    return judge(w, rules, seat, move)


def _single_reason(w: Working, seat: int, card: Card) -> Why:
    """Why a legal single card may be played (rules without follow-suit or trump-when-unable): it leads, beats
    in suit, is a higher trump, or a trump on another suit (freely, or because the led suit is void)."""
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


def judge(w: Working, rules: Rules, seat: int, move: Move) -> Reason:
    """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (one `verify_*` per kind)."""
    if isinstance(move, Play):
        return verify_play(w, rules, seat, move)
    if isinstance(move, PickUp):
        return verify_pick_up(w, rules, seat, move)
    if isinstance(move, Chansa):
        return verify_chansa(w, rules, seat, move)
    raise not_a_move_here(move, w.names[seat])


def verify_chansa(w: Working, rules: Rules, seat: int, move: Chansa) -> Reason:
    """Phase 2 has no chansa."""
    name = w.names[seat]
    raise IllegalMove(move, name, reason("p2.no-chansa", "p2-no-chansa", player=name))


def verify_pick_up(w: Working, rules: Rules, seat: int, move: PickUp) -> Reason:
    """Picking up: only from a non-empty table, and under must-beat only when nothing in hand beats the top card."""
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
    taken, top = _taken_by_pick_up(w, rules), w.table[-1][1][-1]
    if able and not rules.must_beat:
        return reason("p2.pick-up.optional", "p2-pick-up", player=name, cards=taken, target=top)
    rule_id = "p2.pick-up.last-play" if rules.pick_up is _LAST_PLAY else "p2.pick-up.top-card"
    return reason(rule_id, "p2-pick-up-cannot", player=name, cards=taken, target=top)


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


def verify_play(w: Working, rules: Rules, seat: int, move: Play) -> Reason:
    """A play: cards in hand; on an empty table a lead, else it must follow suit (if the rules say so) and beat."""
    name = w.names[seat]
    hand = w.hands[seat]
    cards = _played_cards(rules, move, name, hand)
    multi = len(cards) > 1
    if not w.table:
        return reason(
            "p2.sequence" if multi else "p2.lead", "p2-lead-many" if multi else "p2-lead", player=name, cards=cards
        )
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
            return reason("p2.trump-when-unable", "p2-trump-unable", player=name, cards=cards, target=top)
    if multi:
        return reason("p2.sequence", "p2-beat-many", player=name, cards=cards, target=top)
    return _beating_reason(rules, name, hand, cards, top, led, trump)


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


def _beating_reason(
    rules: Rules, name: str, hand: list[Card], cards: tuple[Card, ...], top: Card, led: Suit, trump: Suit | None
) -> Reason:
    """The rule that lets one card beat the top card: a higher trump, a trump on a non-trump, or a higher card."""
    low = cards[0]
    if top.suit is trump:
        return reason("p2.beat.higher-trump", "p2-beat-higher-trump", player=name, cards=cards, target=top)
    if low.suit is trump:
        if rules.follow_suit:
            return reason("p2.follow-suit", "p2-trump-void", player=name, cards=cards, target=top, suit=led)
        if any(c.suit is led for c in hand):
            return reason("p2.free-trump", "p2-free-trump", player=name, cards=cards, target=top, suit=led)
        return reason("p2.beat.trump", "p2-beat-trump", player=name, cards=cards, target=top)
    return reason("p2.beat.suit", "p2-beat-suit", player=name, cards=cards, target=top)


def apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
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
