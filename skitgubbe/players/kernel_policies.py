"""Computer players on the playout kernel (issue 27, item 4): random and sensible moves as kernel moves.

`random_move` is the random player of the kernel: move `stream.below(count)` of the legal-move buffer (what
`Kernel.play_random` plays). `KernelSensible` decides as `SensiblePlayer` does, rule for rule and draw for draw:
given the same position and the same random numbers (its `random()` and `randrange(n)` read from a kernel `Stream`
as `stream.random()` and `stream.below(n)`), it makes the same move (tests/engine/test_kernel_policies.py). The
engine lists moves in the order of the cards in hand, and the sensible player's tie-breaks take one draw per
candidate in that order; the kernel keeps no hand order, so `KernelSensible` lists the moves as the engine does for
a hand held in card order (`Card.index`), and decides as `SensiblePlayer` does in that position.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Final

from skitgubbe.engine.kernel.core import (
    BEAT_OR_TAKE,
    CHANSA,
    EVERYONE,
    PASS,
    PICK_UP,
    PLAY,
    THROW,
    TURNED_TRUMP,
    TWO_CARD,
    Kernel,
)
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.engine.kernel.tables import BIT, RANK, RANKS_CARDS, SUIT_OF, cards_of, popcount, select

TWO: Final = 2
TEN: Final = 10
JACK: Final = 11
EIGHT: Final = 8
QUEEN: Final = 12
ACE: Final = 14


def random_move(kernel: Kernel, stream: Stream) -> int:
    """A uniformly random legal move (move `stream.below(count)` of the buffer)."""
    return kernel.buf[stream.below(kernel.legal_moves())]


def rank_of(card: int) -> int:
    """A card's rank as the engine counts it (2 to 14, ace high)."""
    return card % 13 + 2


def _top(move: int) -> int:
    """The highest card of a play."""
    return cards_of(move >> 3)[-1]


def _low(move: int) -> int:
    return cards_of(move >> 3)[0]


def _size(move: int) -> int:
    return popcount(move >> 3)


def _combination_moves(cards: list[int], kind: int) -> list[int]:
    """Every non-empty subset of `cards` (in card order) as moves, by size and then in order, as the engine does."""
    out: list[int] = []
    for size in range(1, len(cards) + 1):
        for sub in combinations(cards, size):
            mask = 0
            for c in sub:
                mask |= BIT[c]
            out.append((mask << 3) | kind)
    return out


def engine_order(k: Kernel) -> list[int]:
    """The legal moves in the order the engine lists them for hands held in card order."""
    count = k.legal_moves()
    moves = k.buf[:count]
    if k.phase == 1 and k.style == EVERYONE:
        return _everyone_order(k, moves)
    if k.phase == 2 and k.pile and k.pile_cards and rank_of(k.pile_cards[-1]) != TWO:
        top = k.pile_cards[-1]
        if SUIT_OF[top] != k.trump:  # `_playable_on` lists the trumps it adds after the other cards
            r = top % 13
            extra = k.trump_mask & ~(RANK[r] | RANK[0] | RANK[8])
            first = [m for m in moves if m & 7 == PLAY and not (m >> 3) & extra]
            return first + [m for m in moves if m & 7 == PLAY and (m >> 3) & extra] + [m for m in moves if m & 7]
    if k.phase == 2 and k.sequences:  # the single plays first, then the runs from each start card
        return [m for m in moves if m & 7 == PLAY and _size(m) == 1] + [
            m for m in moves if not (m & 7 == PLAY and _size(m) == 1)
        ]
    return moves


def _everyone_order(k: Kernel, moves: list[int]) -> list[int]:
    seat = k.to_play
    hand = k.hand(seat)
    if k.winner >= 0:
        return [*_combination_moves(cards_of(hand & RANKS_CARDS[k.ranks]), THROW), PASS]
    forced = k._ev_forced(hand)
    out: list[int] = []
    seen = 0
    for card in cards_of(hand):  # groups of one rank, in the order their first card comes in the hand
        r = card % 13
        if seen >> r & 1 or (forced >= 0 and r != forced):
            continue
        seen |= 1 << r
        out += _combination_moves(cards_of(hand & RANK[r]), PLAY)
    if CHANSA in moves:
        out.append(CHANSA)
    assert sorted(out) == sorted(moves)
    return out


class KernelSensible:
    """`SensiblePlayer` on the kernel: the same decisions for the same position and the same draws."""

    def __init__(self, stream: Stream, *, weak_hand: int = EIGHT, save_trump: int = QUEEN, chansa: bool = True) -> None:
        self.stream = stream
        self.weak_hand = weak_hand
        self.save_trump = save_trump
        self.chansa = chansa

    def choose(self, k: Kernel, move_count: int) -> int:
        """The move for the player to act; `move_count` is the game's moves so far (as `Game.move_count`)."""
        moves = engine_order(k)
        if not self.chansa:
            moves = [m for m in moves if m != CHANSA] or moves
        if len(moves) == 1:
            return moves[0]
        if k.phase == 1:
            style = k.style
            if style != TWO_CARD and self._going_round(k, move_count):
                return moves[self.stream.below(len(moves))]
            if style == EVERYONE:
                return self._phase1_everyone(k, moves)
            if style == TURNED_TRUMP:
                return self._phase1_trump(k, moves)
            if style == BEAT_OR_TAKE:
                return self._cheapest(moves)
            return self._phase1(k, moves)
        return self._phase2(k, moves, move_count)

    def _going_round(self, k: Kernel, move_count: int) -> bool:
        return move_count > 60 * k.n and self.stream.random() < 0.3

    def _cheapest(self, moves: list[int]) -> int:
        plays = [m for m in moves if m & 7 == PLAY]
        if not plays:
            return moves[0]
        return min(plays, key=lambda m: (rank_of(_low(m)), _size(m), self.stream.random()))

    def _phase1_everyone(self, k: Kernel, moves: list[int]) -> int:
        if k.winner >= 0:  # the throw-on window: low cards on another player's trick, never on your own
            throws = [
                m for m in moves if m & 7 == THROW and all(rank_of(c) <= self.weak_hand for c in cards_of(m >> 3))
            ]
            if throws and k.contenders[0] != k.to_play:
                return max(throws, key=_size)
            return PASS
        plays = [m for m in moves if m & 7 == PLAY]
        chansa = CHANSA if CHANSA in moves else -1
        if not plays:
            return chansa if chansa >= 0 else moves[0]
        ranked = sorted(plays, key=lambda m: (rank_of(_low(m)), -_size(m), self.stream.random()))
        table = 0
        for s in range(k.n):
            table |= k.tbl[s]
        if not table:
            if chansa >= 0 and rank_of(_low(ranked[-1])) < self.weak_hand:
                return chansa
            return ranked[0]
        best = max(rank_of(c) for c in cards_of(table))
        winners = [m for m in ranked if rank_of(_low(m)) > best]
        if winners and (best >= TEN or rank_of(_low(winners[0])) <= JACK):
            return min(winners, key=lambda m: (rank_of(_low(m)), _size(m)))
        return ranked[0]

    def _phase1_trump(self, k: Kernel, moves: list[int]) -> int:
        trump = k.trump
        plays = [m for m in moves if m & 7 == PLAY]
        pick_up = PICK_UP if PICK_UP in moves else -1
        if not k.stack:
            return min(plays, key=lambda m: (SUIT_OF[_low(m)] == trump, rank_of(_low(m)), self.stream.random()))
        led = k.stack[0]
        winners = [m for m in plays if _beats(_low(m), led, trump)]
        cheap = min(winners, key=lambda m: (SUIT_OF[_low(m)] == trump, rank_of(_low(m))), default=-1)
        if cheap >= 0 and (rank_of(led) >= TEN or SUIT_OF[_low(cheap)] != trump):
            return cheap
        losers = [m for m in plays if m not in winners]
        if losers:
            return min(losers, key=lambda m: rank_of(_low(m)))
        if pick_up >= 0 and rank_of(led) < TEN:
            return pick_up
        return cheap if cheap >= 0 else moves[0]

    def _phase1(self, k: Kernel, moves: list[int]) -> int:
        plays = [m for m in moves if m & 7 == PLAY]
        chansa = CHANSA if CHANSA in moves else -1
        ranked = sorted(plays, key=lambda m: (rank_of(_low(m)), self.stream.random()))
        if k.tcount % 2 == 0:  # leading (or leading again after a tie)
            if chansa >= 0 and ranked and rank_of(_low(ranked[-1])) < self.weak_hand:
                return chansa
            return ranked[0]
        led = k.lead_rank + 2
        at_stake = max(rank_of(c) for c in cards_of(k.tl | k.ta))
        winners = [m for m in ranked if rank_of(_low(m)) > led]
        if winners and (at_stake >= TEN or rank_of(_low(winners[0])) <= JACK):
            return winners[0]
        if chansa >= 0 and (not ranked or rank_of(_low(ranked[0])) >= TEN):
            return chansa
        losers = [m for m in ranked if rank_of(_low(m)) < led]
        return (losers or ranked)[0]

    def _phase2(self, k: Kernel, moves: list[int], move_count: int) -> int:
        trump = k.trump
        plays = [m for m in moves if m & 7 == PLAY]
        pick_up = PICK_UP if PICK_UP in moves else -1
        if not plays:
            return pick_up
        if k.pile:
            if self._going_round(k, move_count):
                return moves[self.stream.below(len(moves))]
            return self._pile(k, plays)
        best = self._cheapest_beat(plays, trump)
        if self._going_round(k, move_count):
            return moves[self.stream.below(len(moves))]
        if pick_up < 0:
            return best
        top = _top(best)
        expensive = SUIT_OF[top] == trump and rank_of(top) >= self.save_trump
        if expensive and popcount(k.hand(k.to_play)) > 4 and self.stream.random() < 0.75:
            return pick_up
        return best

    def _cheapest_beat(self, plays: list[int], trump: int) -> int:
        best = plays[0]
        top = _top(best)
        best_key = (1 if SUIT_OF[top] == trump else 0, rank_of(top), -_size(best), self.stream.random())
        for move in plays[1:]:
            top = _top(move)
            key = (1 if SUIT_OF[top] == trump else 0, rank_of(top), -_size(move), self.stream.random())
            if key < best_key:
                best, best_key = move, key
        return best

    def _pile(self, k: Kernel, plays: list[int]) -> int:
        trump = k.trump
        pile = len(k.pile_cards)

        def cost(move: int) -> tuple[int, int, float]:
            card = _low(move)
            rank = rank_of(card)
            special = rank in (TWO, TEN)
            if rank == TEN and pile >= 4:
                return (0, 0, self.stream.random())
            return (2 if special else 1 if SUIT_OF[card] == trump else 0, rank, self.stream.random())

        return min(plays, key=cost)


#: The chansa study's ways of playing chansa (`registry.CHANSA_POLICIES`) as `KernelSensible`'s knobs: (`weak_hand`,
#: `chansa`). The sensible player plays chansa when it leads holding nothing of rank `weak_hand` or above.
CHANSA_KNOBS: Final[Mapping[str, tuple[int, bool]]] = {
    "never": (EIGHT, False),
    "sensible": (EIGHT, True),
    "eager": (QUEEN, True),
    "always": (ACE + 1, True),
}


def chansa_sensible(policy: str, stream: Stream) -> KernelSensible:
    """The sensible player with the chansa study's `policy` (`CHANSA_KNOBS`), drawing from `stream`."""
    weak_hand, chansa = CHANSA_KNOBS[policy]
    return KernelSensible(stream, weak_hand=weak_hand, chansa=chansa)


def is_plain(k: Kernel) -> bool:
    """Whether `plain_choice` decides in `k`'s rules: two-card tricks in phase 1, plain tricks in phase 2 (single
    cards, free trumps, no suit to follow: `pagat`)."""
    return k.style == TWO_CARD and k.plain and not k.multi


def plain_choice(p: KernelSensible, k: Kernel, move_count: int) -> int:
    """`p.choose(k, move_count)` where `is_plain(k)`: the same move from the same draws, with no move list.

    The legal moves are the cards of one mask (the hand, or the cards that beat the top card) and the special move
    after them, in card order, as `engine_order` lists them; each candidate takes one draw in that order, as the
    sorts of `KernelSensible` do (tests/engine/test_kernel_policies.py compares the two move by move)."""
    seat = k.to_play
    hand = k.hand(seat)
    stream = p.stream
    if k.phase == 1:
        chansa = k.chansa and len(k.talon) > 1 and (p.chansa or hand == 0)
        if popcount(hand) + (1 if chansa else 0) == 1:
            return CHANSA if chansa else hand << 3
        answering = k.tcount % 2 == 1
        led = k.lead_rank + 2
        best = over = under = -1
        best_key = over_key = under_key = 2.0
        best_rank = over_rank = under_rank = top_rank = 0
        cards = hand
        while cards:  # one draw per card, in card order
            low = cards & -cards
            cards ^= low
            card = int(low).bit_length() - 1
            rank = card % 13 + 2
            r = stream.random()
            if rank > top_rank:
                top_rank = rank
            if rank < best_rank or (rank == best_rank and r < best_key) or best < 0:
                best, best_rank, best_key = card, rank, r
            if answering:
                if rank > led and (over < 0 or rank < over_rank or (rank == over_rank and r < over_key)):
                    over, over_rank, over_key = card, rank, r
                if rank < led and (under < 0 or rank < under_rank or (rank == under_rank and r < under_key)):
                    under, under_rank, under_key = card, rank, r
        if not answering:
            if chansa and top_rank < p.weak_hand:
                return CHANSA
            return BIT[best] << 3
        stake = 0
        for card in cards_of(k.tl | k.ta):
            if card % 13 + 2 > stake:
                stake = card % 13 + 2
        if over >= 0 and (stake >= TEN or over_rank <= JACK):
            return BIT[over] << 3
        if chansa and best_rank >= TEN:
            return CHANSA
        return BIT[under if under >= 0 else best] << 3
    pile = k.pile_cards
    starts = k.beating(hand) if pile else hand
    pick = bool(pile) and not (k.must_beat and starts)
    count = popcount(starts) + (1 if pick else 0)
    if count == 1 or not starts:
        return PICK_UP if not starts else starts << 3
    trump = k.trump
    best = -1
    best_trump = 2
    best_rank = 0
    best_key = 2.0
    cards = starts
    while cards:  # `_cheapest_beat`: no trump before a trump, then the lowest rank, one draw per card
        low = cards & -cards
        cards ^= low
        card = int(low).bit_length() - 1
        is_trump = 1 if SUIT_OF[card] == trump else 0
        rank = card % 13 + 2
        r = stream.random()
        if (
            best < 0
            or is_trump < best_trump
            or (is_trump == best_trump and (rank < best_rank or (rank == best_rank and r < best_key)))
        ):
            best, best_trump, best_rank, best_key = card, is_trump, rank, r
    if move_count > 60 * k.n and stream.random() < 0.3:  # `_going_round`
        i = stream.below(count)
        return select(starts, i) << 3 if i < count - (1 if pick else 0) else PICK_UP
    if not pick:
        return BIT[best] << 3
    if best_trump and best_rank >= p.save_trump and popcount(hand) > 4 and stream.random() < 0.75:
        return PICK_UP
    return BIT[best] << 3


def _beats(card: int, top: int, trump: int) -> bool:
    if SUIT_OF[card] == SUIT_OF[top]:
        return card > top
    return SUIT_OF[card] == trump
