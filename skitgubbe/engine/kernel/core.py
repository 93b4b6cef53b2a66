"""The kernel: one game of Skitgubbe as small integers, for playouts and simulations (issue 27).

The state is a handful of ints and short int lists: cards 0..51 (`Card.index`), hands, won piles and the phase-1
table as 52-bit masks (`tables.BIT`), the talon a list of cards (top last), the phase-2 table a list of cards with
the start of each play. Legal moves are written into one preallocated buffer (`Kernel.buf`, `legal_moves()` gives
their count) as ints, never as objects: a move is `(cards << 3) | kind` with `cards` a mask (`PLAY`, `THROW`) or 0
(`PICK_UP`, `CHANSA`, `PASS`); `to_move` and `from_move` convert to and from the engine's `Move` values.

The kernel decides as the style modules of `skitgubbe/engine/phases/` do, under every preset and every rule option
except the two throw-on variants that let players throw out of turn (`own-rank`, `anytime`: `Kernel` refuses
them with `ValueError`). It starts from a deal (`Kernel.deal`: the same 52 cards in the same places as
`Game.deal` with that seed or deck) or from any `Game` position (`Kernel.from_game`, also a resampled world;
`Kernel.from_state` for a `GameState`). tests/engine/test_kernel_replay.py replays kernel games through `Game`.

Move order in the buffer: plays by their lowest card (a card's plays in order of size), then the special move
(chansa, pick up, pass) last. It is the kernel's own order, not the engine's (which lists hand order): the two
list the same moves, which is what the replay test checks, count for count.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

from skitgubbe.engine.game import deal_cards
from skitgubbe.engine.kernel.layout import rule_words
from skitgubbe.engine.kernel.rng import Stream
from skitgubbe.engine.kernel.tables import (
    ABOVE,
    AT_LEAST,
    BIT,
    RANK,
    RANK_BIT,
    RANK_OF,
    RANKS_CARDS,
    SUIT,
    SUIT_OF,
    low_card,
    popcount,
    select,
)
from skitgubbe.engine.phases.phase1_common import HAND_SIZE
from skitgubbe.rules.options import Rules

PLAY: Final = 0
PICK_UP: Final = 1
CHANSA: Final = 2
THROW: Final = 3
PASS: Final = 4

TWO_CARD: Final = 0
EVERYONE: Final = 1
TURNED_TRUMP: Final = 2
BEAT_OR_TAKE: Final = 3

END_DUE: Final = 0
END_SKIP: Final = 1
END_FINISH: Final = 2

PICK_TOP: Final = 0
PICK_LAST: Final = 1
PICK_PILE: Final = 2

TEN: Final = 8  # rank index of a ten
ACE: Final = 12

BUFFER: Final = 64  # grows as a position needs (`_room`)


def game_deck(seed: int) -> list[int]:
    """The deal of `Game.deal(seed=seed)` as card indexes: `cards.shuffled_deck(seed)` (the shuffle of
    `random.Random(seed)`, the same draws) on the indexes 0..51, without making a list of `Card` values.

    Seeding the Mersenne Twister is most of its cost (about 5 µs of the 7); tests/engine/test_kernel_replay.py
    compares the decks."""
    deck = list(range(52))
    getrandbits = random.Random(seed).getrandbits
    i = 51
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


class Kernel:
    """One game as small integers: `legal_moves()` fills `buf`, `apply(move)` plays one (already legal) move."""

    def __init__(self, rules: Rules, n: i64) -> None:
        if not 2 <= n <= 6:
            raise ValueError(f"{n} players; the kernel plays with 2 to 6")
        #: the rule words of the packed input (`layout.TABLE`; ValueError for rules the fast core refuses)
        self.rule_words: list[int] = rule_words(rules)
        (style, chansa, end, sequences, follow, must_beat, pick, count, throw, motlagg, must_motlagg, pile, twu) = (
            self.rule_words
        )
        self.style: i64 = style
        self.n: i64 = n
        self.chansa = chansa == 1
        self.end_mode: i64 = end
        self.sequences = sequences == 1
        #: plays of several cards can be on the table (sequences, or a position set up so): `play_starts` is kept
        self.multi = self.sequences
        self.follow = follow == 1
        self.must_beat = must_beat == 1
        self.pick_mode: i64 = pick
        self.count_plays = count == 1
        self.throw_after = throw == 1
        self.motlagg = motlagg == 1
        self.must_motlagg = must_motlagg == 1
        self.pile = pile == 1
        self.twu = twu == 1
        #: phase 2 in tricks with single cards, free trumps: the legal moves are one mask (pagat, strikt)
        self.plain = not (self.pile or self.sequences or self.follow or self.twu)
        self.buf: list[int] = [0] * BUFFER
        # the position
        self.phase: i64 = 1
        self.to_play: i64 = 0
        self.leader: i64 = 0
        self.answerer: i64 = 1 % n
        self.over = False
        self.loser: i64 = -1
        self.moves: i64 = 0
        self.phase1_moves: i64 = -1  # the moves played when phase 1 ended (-1: not yet)
        self.h0: i64 = 0  # the hands, one attribute each (a list would box every new mask)
        self.h1: i64 = 0
        self.h2: i64 = 0
        self.h3: i64 = 0
        self.h4: i64 = 0
        self.h5: i64 = 0
        self.won: list[int] = [0] * n
        self.tbl: list[int] = [0] * n  # phase 1: each seat's cards on the table
        self.talon: list[int] = []  # top card last
        self.trump: i64 = -1
        self.trump_mask: i64 = 0
        self.trump_card: i64 = -1  # the set-aside card (phase 1), held by trump_holder
        self.trump_holder: i64 = -1
        # phase 1, two-card: cards on the table and the rank of the last lead
        self.tcount: i64 = 0
        self.lead_rank: i64 = 0
        self.tl: i64 = 0  # the leader's cards on the table
        self.ta: i64 = 0  # the answerer's
        # phase 1, turned trump and beat-or-take: the cards on the table in order; beat-or-take's plays so far
        self.stack: list[int] = []
        self.trick_plays: i64 = 0
        # phase 1, everyone plays
        self.contenders: list[int] = []
        self.pos: i64 = 0
        self.round_seats: list[int] = []
        self.round_ranks: list[int] = []
        self.ranks: i64 = 0  # 13-bit mask of the ranks played to the trick
        self.own: list[int] = [-1] * n
        self.winner: i64 = -1
        self.window: list[int] = []
        self.round_no: i64 = 1
        # phase 2
        self.pile_cards: list[int] = []  # the table's cards in order (each play lowest first)
        self.play_starts: list[int] = []  # where each play starts in pile_cards
        self.out: i64 = 0  # mask of seats out
        self.nout: i64 = 0
        self.target: i64 = 0

    def copy_into(self, other: Kernel) -> None:
        """Make `other` (a kernel of the same rules and players) this position, sharing no list (the strong
        player's playouts start many games from one position: one scratch kernel, no new object per playout)."""
        other.rule_words = self.rule_words
        other.style = self.style
        other.n = self.n
        other.chansa = self.chansa
        other.end_mode = self.end_mode
        other.sequences = self.sequences
        other.multi = self.multi
        other.follow = self.follow
        other.must_beat = self.must_beat
        other.pick_mode = self.pick_mode
        other.count_plays = self.count_plays
        other.throw_after = self.throw_after
        other.motlagg = self.motlagg
        other.must_motlagg = self.must_motlagg
        other.pile = self.pile
        other.twu = self.twu
        other.plain = self.plain
        other.phase = self.phase
        other.to_play = self.to_play
        other.leader = self.leader
        other.answerer = self.answerer
        other.over = self.over
        other.loser = self.loser
        other.moves = self.moves
        other.phase1_moves = self.phase1_moves
        other.h0 = self.h0
        other.h1 = self.h1
        other.h2 = self.h2
        other.h3 = self.h3
        other.h4 = self.h4
        other.h5 = self.h5
        other.trump = self.trump
        other.trump_mask = self.trump_mask
        other.trump_card = self.trump_card
        other.trump_holder = self.trump_holder
        other.tcount = self.tcount
        other.lead_rank = self.lead_rank
        other.tl = self.tl
        other.ta = self.ta
        other.trick_plays = self.trick_plays
        other.pos = self.pos
        other.ranks = self.ranks
        other.winner = self.winner
        other.round_no = self.round_no
        other.out = self.out
        other.nout = self.nout
        other.target = self.target
        other.won = self.won.copy()
        other.tbl = self.tbl.copy()
        other.talon = self.talon.copy()
        other.stack = self.stack.copy()
        other.contenders = self.contenders.copy()
        other.round_seats = self.round_seats.copy()
        other.round_ranks = self.round_ranks.copy()
        other.own = self.own.copy()
        other.window = self.window.copy()
        other.pile_cards = self.pile_cards.copy()
        other.play_starts = self.play_starts.copy()
        if len(other.buf) < len(self.buf):
            other.buf = [0] * len(self.buf)

    # -- the hands ---------------------------------------------------------------------------------------
    def hand(self, seat: i64) -> i64:
        """The mask of a seat's hand."""
        if seat < 3:
            return self.h0 if seat == 0 else self.h1 if seat == 1 else self.h2
        return self.h3 if seat == 3 else self.h4 if seat == 4 else self.h5

    def set_hand(self, seat: i64, mask: i64) -> None:
        if seat == 0:
            self.h0 = mask
        elif seat == 1:
            self.h1 = mask
        elif seat == 2:
            self.h2 = mask
        elif seat == 3:
            self.h3 = mask
        elif seat == 4:
            self.h4 = mask
        else:
            self.h5 = mask

    @property
    def hands(self) -> list[i64]:
        """Every seat's hand mask (a new list)."""
        return [self.hand(s) for s in range(self.n)]

    # -- starting --------------------------------------------------------------------------------------
    @staticmethod
    def deal(rules: Rules, n: i64, deck: list[int]) -> Kernel:
        """A new game on `deck` (52 card indexes in dealing order, as `shuffled_deck(seed)` gives them)."""
        k = Kernel(rules, n)
        hands, talon = deal_cards(deck, n)  # the engine's one deal (rule `game.deal`)
        for seat, hand in enumerate(hands):
            for card in hand:
                k.set_hand(seat, k.hand(seat) | BIT[card])
        talon.reverse()
        k.talon = talon
        k._begin(0, True)
        return k

    def _begin(self, leader: i64, dealt: bool) -> None:
        style = self.style
        if style == TWO_CARD:
            self._tc_start(leader)
        elif style == EVERYONE:
            self._ev_start(leader)
        elif style == TURNED_TRUMP:
            talon = self.talon
            if dealt and talon:
                talon.insert(0, talon.pop())
            bottom = talon[0] if talon else self.trump_card
            if bottom >= 0:
                self._set_trump(SUIT_OF[bottom])
            self._tt_start(leader)
        else:
            self._bt_start(leader)

    def _set_trump(self, suit: i64) -> None:
        self.trump = suit
        self.trump_mask = SUIT[suit]

    # -- shared phase-1 steps --------------------------------------------------------------------------
    def can_act(self, seat: i64) -> bool:
        return self.hand(seat) != 0 or (self.chansa and len(self.talon) > 1)

    def _draw(self, seat: i64) -> None:
        talon = self.talon
        if not talon:
            return
        card = talon.pop()
        if not talon:
            self.trump_card = card
            self.trump_holder = seat
        else:
            self.set_hand(seat, self.hand(seat) | BIT[card])

    def _return_trick(self) -> None:
        tbl = self.tbl
        won = self.won
        if self.tl or self.ta:  # two-card tricks: the leader's and the answerer's cards
            won[self.leader] |= self.tl
            won[self.answerer] |= self.ta
            self.tl = 0
            self.ta = 0
        for s in range(self.n):
            if tbl[s]:
                won[s] |= tbl[s]
                tbl[s] = 0
        self.stack.clear()  # turned trump and beat-or-take: the same cards in order
        self.tcount = 0

    def _end_phase(self, due: i64) -> None:
        """Phase 1 is over: open trick back, won cards into hands, the set-aside card shows trump; phase 2 begins."""
        self._return_trick()
        self.trick_plays = 0
        talon = self.talon
        if talon:
            self.trump_holder = due
            self.trump_card = talon[0]
            talon.clear()  # the rest leaves play
        won = self.won
        for s in range(self.n):
            self.set_hand(s, self.hand(s) | won[s])
            won[s] = 0
        holder = self.trump_holder
        card = self.trump_card
        self.set_hand(holder, self.hand(holder) | BIT[card])
        self._set_trump(SUIT_OF[card])
        self.trump_card = -1
        self.phase = 2
        self.leader = holder
        self.phase1_moves = self.moves
        self._p2_start(holder)

    # -- two-card tricks ----------------------------------------------------------------------------------
    def _tc_start(self, candidate: i64) -> None:
        n = self.n
        if self.end_mode == END_DUE:
            if not self.can_act(candidate):
                self._end_phase(candidate)
                return
            self.leader = candidate
            self.answerer = (candidate + 1) % n
            self.to_play = candidate
            return
        able = 0
        for s in range(n):
            if self.can_act(s):
                able += 1
        if able < 2:
            self._end_phase(candidate)
            return
        leader = candidate
        while not self.can_act(leader):
            leader = (leader + 1) % n
        answerer = (leader + 1) % n
        while not self.can_act(answerer):
            answerer = (answerer + 1) % n
        self.leader = leader
        self.answerer = answerer
        self.to_play = leader

    def _tc_cannot_continue(self) -> None:
        if self.end_mode == END_DUE:
            self._end_phase(self.to_play)
            return
        self._return_trick()
        self._tc_start(self.leader)

    def _tc_apply(self, seat: i64, move: i64) -> None:
        if move & 7 == PLAY:
            mask = move >> 3
            self.set_hand(seat, self.hand(seat) ^ mask)
            card = low_card(mask)
            if self.talon:
                self._draw(seat)
        else:
            card = self.talon.pop()
            mask = BIT[card]
        if seat == self.leader:
            self.tl |= mask
        else:
            self.ta |= mask
        self.tcount += 1
        rank = RANK_OF[card]
        if self.tcount & 1:
            self.lead_rank = rank
            answerer = self.answerer
            self.to_play = answerer
            if not self.can_act(answerer):
                self._tc_cannot_continue()
            return
        leader = self.leader
        if rank == self.lead_rank:
            self.to_play = leader
            if not self.can_act(leader) or (self.end_mode == END_SKIP and not self.can_act(self.answerer)):
                self._tc_cannot_continue()
            return
        winner = self.answerer if rank > self.lead_rank else leader
        self.won[winner] |= self.tl | self.ta
        self.tl = 0
        self.ta = 0
        self.tcount = 0
        self._tc_start(winner)

    # -- turned-up trump -----------------------------------------------------------------------------------
    def _tt_start(self, leader: i64) -> None:
        if not self.hand(leader):
            self._end_phase(leader)
            return
        self.leader = leader
        self.answerer = (leader + 1) % self.n
        self.to_play = leader

    def _tt_apply(self, seat: i64, move: i64) -> None:
        stack = self.stack
        if move & 7 == PICK_UP:
            card = stack.pop()
            self.tbl[self.leader] = 0
            self.set_hand(seat, self.hand(seat) | BIT[card])
            self._tt_start(self.leader)
            return
        mask = move >> 3
        hand = self.hand(seat) ^ mask
        self.set_hand(seat, hand)
        if popcount(hand) < HAND_SIZE:
            self._draw(seat)
        card = low_card(mask)
        if not stack:
            stack.append(card)
            self.tbl[seat] |= mask
            self.to_play = self.answerer
            return
        led = stack.pop()
        self.tbl[self.leader] = 0
        if SUIT_OF[card] == SUIT_OF[led]:
            answer_wins = RANK_OF[card] > RANK_OF[led]
        else:
            answer_wins = SUIT_OF[card] == self.trump
        winner = self.answerer if answer_wins else self.leader
        self.won[winner] |= mask | BIT[led]
        self._tt_start(winner)

    # -- beat or take -----------------------------------------------------------------------------------
    def _bt_start(self, leader: i64) -> None:
        self.trick_plays = 0
        if not self.hand(leader):
            self._end_phase(leader)
            return
        self.leader = leader
        self.to_play = leader

    def _refill(self, seat: i64) -> None:
        while popcount(self.hand(seat)) < HAND_SIZE and self.talon:
            self._draw(seat)

    def _bt_apply(self, seat: i64, move: i64) -> None:
        stack = self.stack
        nxt = (seat + 1) % self.n
        tbl = self.tbl
        if move & 7 == PICK_UP:
            card = stack.pop()
            for s in range(self.n):
                tbl[s] &= ~BIT[card]
            self.set_hand(seat, self.hand(seat) | BIT[card])
            self._refill(seat)
            if not stack and not self.hand(nxt):
                self._end_phase(seat)
                return
            self.to_play = nxt
            return
        mask = move >> 3
        self.set_hand(seat, self.hand(seat) ^ mask)
        self._refill(seat)
        stack.append(low_card(mask))
        tbl[seat] |= mask
        self.trick_plays += 1
        if self.trick_plays < self.n:
            self.to_play = nxt
            return
        taken = 0
        for s in range(self.n):
            taken |= tbl[s]
            tbl[s] = 0
        stack.clear()
        self.won[seat] |= taken
        self._bt_start(seat)

    # -- everyone plays -------------------------------------------------------------------------------------
    def _ev_start(self, leader: i64) -> None:
        if not self.can_act(leader):
            self._end_phase(leader)
            return
        n = self.n
        self.contenders = [(leader + k) % n for k in range(n)]
        self.pos = 0
        self.round_seats = []
        self.round_ranks = []
        self.round_no = 1
        self.ranks = 0
        self.own = [-1] * n
        self.winner = -1
        self.window = []
        self.leader = leader
        self.to_play = leader

    def _ev_forced(self, hand: i64) -> i64:
        """The rank a player must play under must-motlägg, or -1."""
        if not self.must_motlagg or not self.round_ranks:
            return -1
        if not self.motlagg:
            top = max(self.round_ranks)
            return top if hand & RANK[top] else -1
        counts = [0] * 13
        for r in self.round_ranks:
            counts[r] += 1
        floor = -1
        for r in range(13):
            if counts[r] >= 2:
                floor = r
        best = -1
        for r in range(13):
            if counts[r] and hand & RANK[r] and r >= floor:
                best = r
        return best

    def _ev_due(self, seat: i64) -> None:
        self.to_play = seat
        if not self.can_act(seat):
            self._ev_end(seat)

    def _ev_end(self, due: i64) -> None:
        self._end_phase(due)

    def _ev_apply(self, seat: i64, move: i64) -> None:
        kind = move & 7
        if kind == THROW:
            mask = move >> 3
            self.set_hand(seat, self.hand(seat) ^ mask)
            self.tbl[seat] |= mask
            for _ in range(popcount(mask)):
                self._draw(seat)
            # only after the trick (throw_on after-trick): the window moves on
            self.window.pop(0)
            self._ev_advance()
            return
        if kind == PASS:
            self.window.pop(0)
            self._ev_advance()
            return
        if kind == CHANSA:
            card = self.talon.pop()
            mask = BIT[card]
        else:
            mask = move >> 3
            self.set_hand(seat, self.hand(seat) ^ mask)
            card = low_card(mask)
            for _ in range(popcount(mask)):
                self._draw(seat)
        self.tbl[seat] |= mask
        rank = RANK_OF[card]
        self.round_seats.append(seat)
        self.round_ranks.append(rank)
        self.ranks |= RANK_BIT[rank]
        self.own[seat] = rank
        self.pos += 1
        if self.pos < len(self.contenders):
            self._ev_due(self.contenders[self.pos])
            return
        self._ev_decide()

    def _ev_decide(self) -> None:
        ranks = self.round_ranks
        seats = self.round_seats
        top = -1
        if self.motlagg:
            counts = [0] * 13
            for r in ranks:
                counts[r] += 1
            for r in range(13):
                if counts[r] >= 2:
                    top = r
        if top < 0:
            top = max(ranks)
        holders = [seats[i] for i in range(len(ranks)) if ranks[i] == top]
        if len(holders) > 1:
            self.contenders = holders
            self.pos = 0
            self.round_seats = []
            self.round_ranks = []
            self.round_no += 1
            for s in holders:
                self.own[s] = -1
            self._ev_due(holders[0])
            return
        winner = holders[0]
        self.winner = winner
        self.contenders = [winner]
        if not self.throw_after:
            self._ev_turn()
            return
        n = self.n
        self.window = [(winner + k) % n for k in range(n)]
        self._ev_advance()

    def _ev_advance(self) -> None:
        window = self.window
        cards = RANKS_CARDS[self.ranks]
        while window and not self.hand(window[0]) & cards:
            window.pop(0)
        if not window:
            self._ev_turn()
            return
        self.to_play = window[0]

    def _ev_turn(self) -> None:
        winner = self.winner
        tbl = self.tbl
        taken = 0
        for s in range(self.n):
            taken |= tbl[s]
            tbl[s] = 0
        self.won[winner] |= taken
        if self.end_mode == END_FINISH and not self.talon:
            self._end_phase(self.to_play)
            return
        self._ev_start(winner)

    # -- phase 2 ------------------------------------------------------------------------------------------
    def _p2_start(self, leader: i64) -> None:
        n = self.n
        for k in range(n):
            seat = (leader + k) % n
            if not self.hand(seat) and not self.out >> seat & 1:
                self.out |= BIT[seat]
                self.nout += 1
        if self._check_over():
            return
        self.target = n - self.nout
        self.to_play = leader if not self.out >> leader & 1 else self.next_in(leader)

    def next_in(self, seat: i64) -> i64:
        n = self.n
        out = self.out
        nxt = seat + 1 if seat + 1 < n else 0
        while out >> nxt & 1:
            nxt = nxt + 1 if nxt + 1 < n else 0
        return nxt

    def _check_over(self) -> bool:
        if self.n - self.nout > 1:
            return False
        self.over = True
        self.to_play = -1
        for s in range(self.n):
            if not self.out >> s & 1:
                self.loser = s
        return True

    def beating(self, hand: i64) -> i64:
        """Phase 2 in tricks, a non-empty table: the hand cards that may be put down first (single or lowest)."""
        pile = self.pile_cards
        top = pile[-1]
        suit = SUIT_OF[top]
        trump = self.trump
        cards = hand
        if self.follow:
            following = hand & SUIT[SUIT_OF[pile[0]]]
            if following:
                cards = following
        if suit == trump:
            return cards & ABOVE[top]
        if self.twu:
            higher = cards & ABOVE[top]
            return higher if higher else cards & self.trump_mask
        return cards & (ABOVE[top] | self.trump_mask)

    def playable(self, hand: i64) -> i64:
        """Phase 2 on a pile: the hand cards that may be laid now."""
        pile = self.pile_cards
        if not pile:
            return hand
        top = pile[-1]
        rank = RANK_OF[top]
        if rank == 0:
            return hand
        higher = hand & ABOVE[top]
        cards = (hand & (RANK[rank] | RANK[0] | RANK[TEN])) | higher
        if SUIT_OF[top] != self.trump and not (higher and self.twu):
            cards |= hand & self.trump_mask
        return cards

    def _p2_apply(self, seat: i64, move: i64) -> None:
        if move & 7 == PICK_UP:
            self._p2_pick_up(seat)
            return
        mask = move >> 3
        hand = self.hand(seat) ^ mask
        self.set_hand(seat, hand)
        pile = self.pile_cards
        if self.multi:
            self.play_starts.append(len(pile))
        m = mask
        while m:
            low = m & -m
            pile.append(int(low).bit_length() - 1)
            m ^= low
        if self.pile:
            self._pile_after(seat, hand)
            return
        if not hand:
            self.out |= BIT[seat]
            self.nout += 1
            if self._check_over():
                return
        count = len(self.play_starts) if self.count_plays and self.multi else len(pile)
        if count < self.target:
            self.to_play = self.next_in(seat)
            return
        pile.clear()  # turned away
        self.play_starts.clear()
        self.target = self.n - self.nout
        self.to_play = self.next_in(seat) if self.out >> seat & 1 else seat

    def _pile_after(self, seat: i64, hand: i64) -> None:
        pile = self.pile_cards
        card = pile[-1]
        rank = RANK_OF[card]
        burn = rank == TEN
        if not burn and len(pile) >= 4:
            burn = RANK_OF[pile[-2]] == rank and RANK_OF[pile[-3]] == rank and RANK_OF[pile[-4]] == rank
        if burn:
            pile.clear()
            self.play_starts.clear()
        if not hand:
            self.out |= BIT[seat]
            self.nout += 1
            if self._check_over():
                return
        if burn:
            self.to_play = seat if hand else self.next_in(seat)
            return
        self.to_play = self.next_in(seat)

    def _p2_pick_up(self, seat: i64) -> None:
        pile = self.pile_cards
        starts = self.play_starts
        mode = self.pick_mode
        taken = 0
        if mode == PICK_PILE:
            for c in pile:
                taken |= BIT[c]
            pile.clear()
            starts.clear()
        elif not self.multi:
            taken = BIT[pile.pop()]
        elif mode == PICK_LAST or starts[-1] == len(pile) - 1:
            first = starts.pop()
            while len(pile) > first:
                taken |= BIT[pile.pop()]
        else:
            taken = BIT[pile.pop()]
        self.set_hand(seat, self.hand(seat) | taken)
        nxt = self.next_in(seat)
        if not pile and not self.pile:
            self.target = self.n - self.nout
        self.to_play = nxt

    # -- moves ------------------------------------------------------------------------------------------------
    def _room(self, count: i64) -> list[int]:
        buf = self.buf
        if len(buf) < count:
            buf.extend([0] * (count - len(buf)))
        return buf

    def legal_moves(self) -> i64:
        """Write the legal moves of the player to act into `buf`; their count (0 once the game is over)."""
        if self.over:
            return 0
        seat = self.to_play
        hand = self.hand(seat)
        if self.phase == 2:
            return self._p2_moves(hand)
        style = self.style
        if style == TWO_CARD:
            k = self._singles(hand)
            if self.chansa and len(self.talon) > 1:
                self.buf[k] = CHANSA
                k += 1
            return k
        if style == TURNED_TRUMP:
            return self._tt_moves(hand)
        if style == BEAT_OR_TAKE:
            return self._bt_moves(hand)
        return self._ev_moves(seat, hand)

    def _p2_moves(self, hand: i64) -> i64:
        if self.pile:
            cards = self.playable(hand)
            k = self._singles(cards)
            if self.pile_cards and not (self.must_beat and cards):
                self.buf[k] = PICK_UP
                k += 1
            return k
        if not self.pile_cards:
            return self._runs(hand, hand) if self.sequences else self._singles(hand)
        starts = self.beating(hand)
        k = self._runs(starts, hand) if self.sequences else self._singles(starts)
        if not (self.must_beat and starts):
            self.buf[k] = PICK_UP
            k += 1
        return k

    def _tt_moves(self, hand: i64) -> i64:
        stack = self.stack
        if not stack:
            return self._singles(hand)
        cards = hand & SUIT[SUIT_OF[stack[0]]]
        if not cards:
            cards = hand & self.trump_mask
        k = self._singles(cards)
        self.buf[k] = PICK_UP
        return k + 1

    def _bt_moves(self, hand: i64) -> i64:
        stack = self.stack
        if not stack:
            return self._singles(hand)
        cards = hand & AT_LEAST[RANK_OF[stack[-1]]]
        if not cards:
            self.buf[0] = PICK_UP
            return 1
        return self._singles(cards)

    def _singles(self, cards: i64) -> i64:
        buf = self._room(popcount(cards) + 2)
        k = 0
        while cards:
            low = cards & -cards
            buf[k] = low << 3
            k += 1
            cards ^= low
        return k

    def _runs(self, starts: i64, hand: i64) -> i64:
        """Each start card alone, then each unbroken same-suit run up from it (sequences)."""
        buf = self._room(popcount(starts) * 13 + 2)
        k = 0
        while starts:
            low = starts & -starts
            starts ^= low
            card = int(low).bit_length() - 1
            buf[k] = low << 3
            k += 1
            run = low
            c = card
            while RANK_OF[c] < ACE and hand & BIT[c + 1]:
                c += 1
                run |= BIT[c]
                buf[k] = run << 3
                k += 1
        return k

    def _ev_moves(self, seat: i64, hand: i64) -> i64:
        if self.winner >= 0:
            cands = hand & RANKS_CARDS[self.ranks]
            k = self._subsets(cands, THROW, 0)
            self.buf[k] = PASS
            return k + 1
        forced = self._ev_forced(hand)
        k = 0
        for r in range(13):
            if forced >= 0 and r != forced:
                continue
            group = hand & RANK[r]
            if group:
                k = self._subsets(group, PLAY, k)
        if self.chansa and len(self.talon) > 1 and forced < 0:
            buf = self._room(k + 1)
            buf[k] = CHANSA
            k += 1
        return k

    def _subsets(self, mask: i64, kind: i64, k: i64) -> i64:
        """Every non-empty subset of `mask` as a move of `kind`, written from `buf[k]` on; the new count."""
        count = (1 << popcount(mask)) - 1
        buf = self._room(k + count + 2)
        sub = mask
        while sub:
            buf[k] = (sub << 3) | kind
            k += 1
            sub = (sub - 1) & mask
        return k

    def apply(self, move: i64) -> None:
        """Play a legal move (one `legal_moves` listed) for the player to act."""
        seat = self.to_play
        self.moves += 1
        if self.phase == 2:
            self._p2_apply(seat, move)
            return
        style = self.style
        if style == TWO_CARD:
            self._tc_apply(seat, move)
        elif style == EVERYONE:
            self._ev_apply(seat, move)
        elif style == TURNED_TRUMP:
            self._tt_apply(seat, move)
        else:
            self._bt_apply(seat, move)

    def play_random(self, stream: Stream, max_moves: i64) -> i64:
        """Play uniformly random legal moves until the game is over or `max_moves` moves stand; the moves played.

        Move `k` of the `legal_moves()` buffer is chosen with `k = stream.below(count)`. Under two-card tricks and
        plain phase-2 tricks (pagat, strikt) the same choice is made without the buffer: the `k`-th card of the
        legal mask, or the special move after them (tests/engine/test_kernel_replay.py checks they agree).
        """
        start = self.moves
        if self.style == TWO_CARD and self.plain and not self.multi:
            self._random_plain(stream, max_moves)
        while not self.over and self.moves < max_moves:
            count = self.legal_moves()
            self.apply(self.buf[stream.below(count)])
        return self.moves - start

    def _random_plain(self, stream: Stream, max_moves: i64) -> None:
        chansa = self.chansa
        while not self.over and self.moves < max_moves:
            seat = self.to_play
            hand = self.hand(seat)
            self.moves += 1
            if self.phase == 1:
                count = popcount(hand)
                k = stream.below(count + 1 if chansa and len(self.talon) > 1 else count)
                self._tc_apply(seat, select(hand, k) << 3 if k < count else CHANSA)
            else:
                self._random_plain_p2(stream, seat, hand)

    def _random_plain_p2(self, stream: Stream, seat: i64, hand: i64) -> None:
        """One random move of plain phase-2 tricks: a card that leads or beats, or picking up the top card."""
        pile = self.pile_cards
        n = self.n
        if pile:
            top = pile[-1]
            if SUIT_OF[top] == self.trump:
                starts = hand & ABOVE[top]
            else:
                starts = hand & (ABOVE[top] | self.trump_mask)
            count = popcount(starts)
            k = stream.below(count if self.must_beat and starts else count + 1)
            if k == count:  # pick up the top card
                self.set_hand(seat, hand | BIT[pile.pop()])
                if not pile:
                    self.target = n - self.nout
                self.to_play = (seat + 1 if seat + 1 < n else 0) if not self.out else self.next_in(seat)
                return
            low = select(starts, k)
        else:
            low = select(hand, stream.below(popcount(hand)))
        hand ^= low
        self.set_hand(seat, hand)
        pile.append(int(low).bit_length() - 1)
        if not hand:
            self.out |= BIT[seat]
            self.nout += 1
            if self._check_over():
                return
        if len(pile) < self.target:
            self.to_play = (seat + 1 if seat + 1 < n else 0) if not self.out else self.next_in(seat)
            return
        pile.clear()
        self.target = n - self.nout
        self.to_play = self.next_in(seat) if self.out & BIT[seat] else seat
