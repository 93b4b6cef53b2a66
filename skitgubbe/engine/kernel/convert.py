"""Between the kernel and the engine: a kernel from a `Game` or `GameState`, moves to and from `Move` values."""

from __future__ import annotations

from collections.abc import Iterable

from skitgubbe.engine.cards import DECK, Card
from skitgubbe.engine.game import Game
from skitgubbe.engine.kernel.core import CHANSA, PASS, PICK_UP, PLAY, THROW, TWO_CARD, Kernel, game_deck
from skitgubbe.engine.kernel.tables import BIT, RANK_BIT, cards_of
from skitgubbe.engine.moves import CHANSA as CHANSA_MOVE
from skitgubbe.engine.moves import PASS as PASS_MOVE
from skitgubbe.engine.moves import PICK_UP as PICK_UP_MOVE
from skitgubbe.engine.moves import SINGLE_PLAYS, Chansa, Move, Pass, PickUp, Play, Throw
from skitgubbe.engine.phases.everyone import Trick
from skitgubbe.engine.state import GameState, Working
from skitgubbe.rules.options import Rules

#: CARDS[i]: the engine's card of index i
CARDS: tuple[Card, ...] = tuple(sorted(DECK, key=lambda card: card.index))


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some engine cards."""
    mask = 0
    for card in cards:
        mask |= BIT[card.index]
    return mask


def to_move(move: int) -> Move:
    """The engine's `Move` for a kernel move."""
    kind = move & 7
    if kind == PICK_UP:
        return PICK_UP_MOVE
    if kind == CHANSA:
        return CHANSA_MOVE
    if kind == PASS:
        return PASS_MOVE
    cards = cards_of(move >> 3)
    if kind == THROW:
        return Throw(tuple(CARDS[c] for c in cards))
    if len(cards) == 1:
        return SINGLE_PLAYS[cards[0]]
    return Play(tuple(CARDS[c] for c in cards))


def from_move(move: Move) -> int:
    """The kernel move for an engine `Move`."""
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


def from_deal(rules: Rules, n: int, seed: int) -> Kernel:
    """The kernel of `Game.deal(n, rules=rules, seed=seed)` (the same cards in the same places)."""
    return Kernel.deal(rules, n, game_deck(seed))


def from_state(state: GameState, rules: Rules) -> Kernel:
    """The kernel of any position `Game.from_state` accepts."""
    return from_game(Game.from_state(state, rules=rules))


def from_game(game: Game) -> Kernel:
    """The kernel of a game's current position (any position: a deal, a set-up one, mid-trick, resampled)."""
    w = game._w  # the engine's working state: the kernel needs what the snapshot leaves out (a trick's rounds)
    n = w.n
    k = Kernel(game.rules, n)
    k.phase = w.phase
    k.over = w.over
    k.to_play = -1 if w.to_play is None or w.over else w.to_play
    k.loser = -1 if w.loser is None else w.loser
    k.leader = w.leader
    k.answerer = w.answerer
    for s in range(n):
        k.set_hand(s, mask_of(w.hands[s]))
        k.won[s] = mask_of(w.won[s])
    k.talon = [card.index for card in w.talon]
    if w.trump is not None:
        k._set_trump("CDHS".index(w.trump.value))
    if w.trump_card is not None:
        k.trump_holder = w.trump_card[0]
        k.trump_card = w.trump_card[1].index
    for s in w.out:
        k.out |= 1 << s
    k.nout = len(w.out)
    k.target = w.trick_target
    k.trick_plays = w.trick_plays
    if w.phase == 2:
        k.phase1_moves = 0
        k.multi = k.multi or any(len(play) > 1 for _, play in w.table)
        for _, play in w.table:
            k.play_starts.append(len(k.pile_cards))
            k.pile_cards.extend(card.index for card in play)
        return k
    _phase1_table(k, w)
    return k


def _phase1_table(k: Kernel, w: Working) -> None:
    """A phase-1 position's table and trick (everyone plays: its rounds, ranks and throw-on window)."""
    for seat, play in w.table:
        if k.style != TWO_CARD:
            k.tbl[seat] |= mask_of(play)
        elif seat == w.leader:
            k.tl |= mask_of(play)
        else:
            k.ta |= mask_of(play)
        k.stack.extend(card.index for card in play)
    k.tcount = len(w.table)
    if w.table:
        k.lead_rank = w.table[-1][1][0].index % 13
    trick = w.trick
    if trick is None:
        return
    assert isinstance(trick, Trick)
    k.contenders = list(trick.contenders)
    k.pos = trick.pos
    k.round_seats = [s for s, _ in trick.round]
    k.round_ranks = [cards[0].index % 13 for _, cards in trick.round]
    k.ranks = 0
    for rank in trick.ranks:
        k.ranks |= RANK_BIT[int(rank) - 2]
    k.own = [-1 if r is None else int(r) - 2 for r in trick.own]
    k.winner = -1 if trick.winner is None else trick.winner
    k.window = list(trick.window)
    k.round_no = trick.round_no
