"""A position's words for the C search, packed straight from the engine's `Game` (issue 40, item 2), and its moves.

`move_word(move)` is the C's word for an engine `Move` (the kind in the low 3 bits, the cards' mask above them) and
`word_move(word)` the engine's `Move` for one. `position_words(game)` is the block `sg_evaluate`, `sg_trace` and
`sg_policy` read for a position (the layout in `csearch.c`'s `read_kernel`, the rule words in `layout.TABLE`'s order, `csearch_rules.h`). Every word comes
from the engine's working state. tests/engine/test_pack.py checks that the C reads the engine's legal moves from it
at every position of seeded games under every preset and 2 to 6 players (it was checked word for word against the
Python kernel's packing before that kernel went).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from skitgubbe.engine.cards import DECK, Card
from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.layout import rule_words
from skitgubbe.engine.moves import CHANSA as CHANSA_MOVE
from skitgubbe.engine.moves import PASS as PASS_MOVE
from skitgubbe.engine.moves import PICK_UP as PICK_UP_MOVE
from skitgubbe.engine.moves import SINGLE_PLAYS, Chansa, Move, Pass, PickUp, Play, Throw
from skitgubbe.engine.phases.everyone import Trick
from skitgubbe.engine.state import Working

#: the rule word `style` of the two-card phase 1 (layout.TABLE: Phase1Style.TWO_CARD)
_TWO_CARD: Final = 0
#: the index of the `sequences` rule word (layout.TABLE's order)
_SEQUENCES: Final = 3
_SUITS: Final = "CDHS"
#: the kinds of a move word (csearch.c's enum): the low 3 bits
PLAY: Final = 0
PICK_UP: Final = 1
CHANSA: Final = 2
THROW: Final = 3
PASS: Final = 4
#: CARDS[i]: the engine's card of index i
CARDS: Final[tuple[Card, ...]] = tuple(sorted(DECK, key=lambda card: card.index))


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some engine cards (bit `card.index`)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def move_word(move: Move) -> int:
    """The C's word for an engine `Move`."""
    if isinstance(move, PickUp):
        return PICK_UP
    if isinstance(move, Chansa):
        return CHANSA
    if isinstance(move, Pass):
        return PASS
    if isinstance(move, Throw):
        return (mask_of(move.cards) << 3) | THROW
    assert isinstance(move, Play)
    return (mask_of(move.cards) << 3) | PLAY


def word_move(word: int) -> Move:
    """The engine's `Move` for a C move word."""
    kind = word & 7
    if kind == PICK_UP:
        return PICK_UP_MOVE
    if kind == CHANSA:
        return CHANSA_MOVE
    if kind == PASS:
        return PASS_MOVE
    mask = word >> 3
    cards = tuple(CARDS[i] for i in range(52) if mask >> i & 1)
    if kind == THROW:
        return Throw(cards)
    if len(cards) == 1:
        return SINGLE_PLAYS[cards[0].index]
    return Play(cards)


def seat_list(what: str, items: Sequence[int], n: int, where: str = "position words") -> list[int]:
    """A list of one word per seat as the C reads it (its length first); a `ValueError` naming `what` otherwise."""
    if len(items) != n:
        raise ValueError(f"{where}: {what} lists {len(items)} seats, the game has {n}")
    return [n, *items]


def card_list(
    what: str, items: Sequence[int], cap: int, low: int = 0, high: int = 51, where: str = "position words"
) -> list[int]:
    """A list of at most `cap` words in `low..high` as the C reads it (its length first); a `ValueError` otherwise."""
    if len(items) > cap:
        raise ValueError(f"{where}: {what} has {len(items)} entries, at most {cap} fit")
    for i, item in enumerate(items):
        if not low <= item <= high:
            raise ValueError(f"{where}: {what}[{i}] is {item}, not in {low}..{high}")
    return [len(items), *items]


def position_words(game: Game) -> list[int]:
    """The C's words for a game's current position (any position: a deal, a set-up one, mid-trick, resampled).
    A `RulesError` if the fast core refuses the rules, a `ValueError` naming what does not fit."""
    w = game._w  # the engine's working state: the C needs what the snapshot leaves out (a trick's rounds)
    n = w.n
    rules = rule_words(game.rules)
    phase2 = w.phase == 2
    multi = rules[_SEQUENCES] == 1 or (phase2 and any(len(play) > 1 for _, play in w.table))
    out = 0
    for s in w.out:
        out |= 1 << s
    table = _Table(n)
    if phase2:
        for _, play in w.table:
            table.play_starts.append(len(table.pile_cards))
            table.pile_cards.extend(card.index for card in play)
    else:
        table.phase1(w, rules[0] == _TWO_CARD)
    to_play = -1 if w.to_play is None or w.over else w.to_play
    loser = -1 if w.loser is None else w.loser
    words = [n, *rules, int(multi)]
    words += [w.phase, to_play, w.leader, w.answerer, int(w.over), loser, 0, 0 if phase2 else -1]
    words += [*_trump_words(w), table.tcount, table.lead_rank, table.tl, table.ta]
    words += [w.trick_plays, table.pos, table.ranks, table.winner, table.round_no, out, len(w.out), w.trick_target]
    words += seat_list("hands", [mask_of(w.hands[s]) for s in range(n)], n)
    words += seat_list("won", [mask_of(w.won[s]) for s in range(n)], n)
    words += seat_list("tbl", table.tbl, n)
    words += card_list("talon", [card.index for card in w.talon], 52)
    words += card_list("stack", table.stack, 52)
    words += card_list("contenders", table.contenders, 6, 0, n - 1)
    words += card_list("round_seats", table.round_seats, 6, 0, n - 1)
    words += card_list("round_ranks", table.round_ranks, 6, 0, 12)
    words += card_list("own", table.own, 6, -1, 12)
    words += card_list("window", table.window, 6, 0, n - 1)
    words += card_list("pile_cards", table.pile_cards, 52)
    words += card_list("play_starts", table.play_starts, 52)
    return words


def _trump_words(w: Working) -> list[int]:
    """The trump suit (-1: none yet), its cards' mask, the set-aside card (-1: none) and who holds it (-1: none)."""
    trump = -1 if w.trump is None else _SUITS.index(w.trump.value)
    trump_mask = 0 if trump < 0 else 0x1FFF << (13 * trump)
    holder, trump_card = (-1, -1) if w.trump_card is None else (w.trump_card[0], w.trump_card[1].index)
    return [trump, trump_mask, trump_card, holder]


class _Table:
    """The table and trick words of a position (a builder, used once by `position_words`)."""

    def __init__(self, n: int) -> None:
        self.tbl = [0] * n
        self.tcount = 0
        self.lead_rank = 0
        self.tl = 0
        self.ta = 0
        self.stack: list[int] = []
        self.contenders: list[int] = []
        self.pos = 0
        self.round_seats: list[int] = []
        self.round_ranks: list[int] = []
        self.ranks = 0
        self.own = [-1] * n
        self.winner = -1
        self.window: list[int] = []
        self.round_no = 1
        self.pile_cards: list[int] = []
        self.play_starts: list[int] = []

    def phase1(self, w: Working, two_card: bool) -> None:
        """A phase-1 position's table and trick (everyone plays: its rounds, ranks and throw-on window)."""
        for seat, play in w.table:
            if not two_card:
                self.tbl[seat] |= mask_of(play)
            elif seat == w.leader:
                self.tl |= mask_of(play)
            else:
                self.ta |= mask_of(play)
            self.stack.extend(card.index for card in play)
        self.tcount = len(w.table)
        if w.table:
            self.lead_rank = w.table[-1][1][0].index % 13
        trick = w.trick
        if trick is None:
            return
        assert isinstance(trick, Trick)
        self.contenders = list(trick.contenders)
        self.pos = trick.pos
        self.round_seats = [s for s, _ in trick.round]
        self.round_ranks = [cards[0].index % 13 for _, cards in trick.round]
        for rank in trick.ranks:
            self.ranks |= 1 << (int(rank) - 2)
        self.own = [-1 if r is None else int(r) - 2 for r in trick.own]
        self.winner = -1 if trick.winner is None else trick.winner
        self.window = list(trick.window)
        self.round_no = trick.round_no
